"""Events' library: round-robin pairings (every pair once, byes said), and standings by hand."""
from __future__ import annotations

from itertools import combinations

import pytest

from seeplog.clubs.pairings import byes_of, meetings, round_robin, without_withdrawn
from seeplog.clubs.standings import REFUSED, SCORE_TOTAL, UNKNOWN, TableResult, standings, why_order


@pytest.mark.parametrize("count", [2, 3, 4, 5, 7, 8, 9])
def test_round_robin_meets_every_pair_once(count):
    rounds = round_robin(count)
    assert len(rounds) == (count if count % 2 else count - 1)
    met = [frozenset((a, b)) for tables in rounds for a, b in tables if b is not None]
    assert len(met) == len(set(met)) and set(met) == meetings(rounds)
    assert set(met) == {frozenset(p) for p in combinations(range(1, count + 1), 2)}
    for tables in rounds:
        seated = [p for a, b in tables for p in (a, b) if p is not None]
        assert sorted(seated) == list(range(1, count + 1))
    byes = [a for tables in rounds for a, b in tables if b is None]
    assert sorted(byes) == (list(range(1, count + 1)) if count % 2 else [])


def test_eight_partnerships_make_four_tables_a_round():
    rounds = round_robin(8)
    assert [len(t) for t in rounds] == [4] * 7
    assert rounds[0] == [(1, 8), (2, 7), (3, 6), (4, 5)]
    assert not meetings(rounds[:1]) & meetings(rounds[1:2])


def test_too_few_partnerships():
    with pytest.raises(ValueError, match="at least two"):
        round_robin(1)


def test_standings_by_hand():
    results = [
        TableResult(1, 1, 2, (2, 1), (300, 260), deals=8),
        TableResult(1, 3, 4, (2, 1), (280, 240), deals=8),
        TableResult(1, 5, None, (0, 0), (0, 0)),
        TableResult(2, 1, 3, (1, 1), (200, 220), provisional=True, deals=5),
        TableResult(2, 2, 5, (0, 2), (150, 190), deals=6),
    ]
    lines = standings(range(1, 6), results)
    got = [(s.pair, s.rank, s.won, s.baazi_difference, s.card_point_difference, s.provisional) for s in lines]
    assert got == [
        (3, 1, 3, 1, 60, True),    # 3 won, 2 lost; 280+220 for, 240+200 against
        (1, 2, 3, 1, 20, True),    # 3 won, 2 lost; 300+200 for, 260+220 against
        (5, 3, 2, 2, 40, False),   # a bye, then 2-0
        (4, 4, 1, -1, -40, False),
        (2, 5, 1, -3, -80, False),  # 1 won, 4 lost; 260+150 for, 300+190 against
    ]
    assert lines[2].byes == 1 and lines[2].played == 1


def test_equal_lines_share_a_rank():
    lines = standings([1, 2], [TableResult(1, 1, 2, (1, 1), (100, 100), deals=4)])
    assert [(s.pair, s.rank) for s in lines] == [(1, 1), (2, 1)]


def test_a_rows_reasons_to_be_provisional_are_those_of_its_tables():
    lines = standings([1, 2, 3], [
        TableResult(1, 1, 2, (0, 0), (90, 30), provisional=True, deals=1, why=frozenset({SCORE_TOTAL})),
        TableResult(2, 1, 3, (0, 0), (60, 40), provisional=True, deals=1, why=frozenset({REFUSED, UNKNOWN}))])
    why = {s.pair: why_order(s.why) for s in lines}
    assert why == {1: [UNKNOWN, SCORE_TOTAL, REFUSED], 2: [SCORE_TOTAL], 3: [UNKNOWN, REFUSED]}


def test_a_withdrawn_partnerships_round_robin_opponent_has_a_bye():
    rounds = round_robin(6)
    assert without_withdrawn(rounds[0], {6}) == [(2, 5), (3, 4), (1, None)]
    assert without_withdrawn(rounds[0], {1, 6}) == [(2, 5), (3, 4)]  # two withdrawn who were to meet: no bye
    assert without_withdrawn(rounds[0], {5, 6}) == [(3, 4), (1, None), (2, None)]
    assert without_withdrawn(round_robin(5)[0], {1}) == [(2, 5), (3, 4)]  # its own bye goes
    assert without_withdrawn(round_robin(5)[0], {5}) == [(3, 4), (1, None), (2, None)]
    assert without_withdrawn(rounds[0], ()) == rounds[0]
    assert byes_of(without_withdrawn(rounds[0], {5, 6})) == [1, 2]


def test_every_round_robin_meeting_of_those_left_stays_once():
    left = set(range(1, 8)) - {3}
    met = [frozenset(t) for r in round_robin(7) for t in without_withdrawn(r, {3}) if t[1] is not None]
    assert len(met) == len(set(met)) and set(met) == {frozenset(p) for p in combinations(sorted(left), 2)}


def test_a_withdrawn_partnership_keeps_its_line_marked():
    lines = standings([1, 2, 3], [TableResult(1, 1, 2, (2, 0), (150, 50), deals=3), TableResult(1, 3, None, (0, 0),
                                                                                                  (0, 0))], {1: 2})
    assert [(s.pair, s.rank, s.won, s.withdrawn_from) for s in lines] == [(1, 1, 2, 2), (3, 2, 0, None),
                                                                          (2, 3, 0, None)]
