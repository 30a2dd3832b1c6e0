"""Swiss pairings by standings: from the top, each with the next-placed partnership it has not met; the bye to
the lowest-placed partnership without one; no pairing repeated over many rounds; refused when impossible."""
from __future__ import annotations

import random
from itertools import combinations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from seeplog.clubs import pairings
from seeplog.clubs.pairings import NoPairing, meetings, swiss_round
from seeplog.clubs.standings import TableResult, standings


def test_the_first_round_pairs_the_standings_from_the_top():
    assert swiss_round([1, 2, 3, 4, 5, 6], set()) == [(1, 2), (3, 4), (5, 6)]
    assert swiss_round([4, 1, 6, 2], set()) == [(4, 1), (6, 2)]


def test_a_pair_that_met_takes_the_next_placed():
    assert swiss_round([1, 2, 3, 4], {frozenset((1, 2)), frozenset((3, 4))}) == [(1, 3), (2, 4)]


def test_the_search_steps_back_to_avoid_a_rematch_lower_down():
    # 1-2 is free, but then 3 and 4 would meet again: 1 takes 3, and 2 meets 4.
    assert swiss_round([1, 2, 3, 4], {frozenset((3, 4))}) == [(1, 3), (2, 4)]
    # Six partnerships: the greedy 1-2, 3-4 leaves 5-6, who met; the nearest fix changes the lowest table first.
    assert swiss_round([1, 2, 3, 4, 5, 6], {frozenset((5, 6))}) == [(1, 2), (3, 5), (4, 6)]


def test_an_odd_number_gives_the_lowest_placed_without_a_bye_the_bye():
    assert swiss_round([1, 2, 3, 4, 5], set()) == [(1, 2), (3, 4), (5, None)]
    assert swiss_round([1, 2, 3, 4, 5], set(), byes={5}) == [(1, 2), (3, 5), (4, None)]
    assert swiss_round([1, 2, 3], set(), byes={1, 2, 3}) == [(1, 2), (3, None)]  # all had one: the lowest again


def test_the_bye_moves_up_when_the_lowest_cannot_sit_out_without_a_rematch():
    # 3 sits out unless 1-2 is a rematch; then 2 sits out and 1 meets 3.
    assert swiss_round([1, 2, 3], {frozenset((1, 2))}) == [(1, 3), (2, None)]


def test_a_round_that_cannot_be_paired_is_refused():
    everyone = {frozenset(p) for p in combinations(range(1, 5), 2)}
    with pytest.raises(NoPairing, match="repeats a pairing already played"):
        swiss_round([1, 2, 3, 4], everyone)
    with pytest.raises(NoPairing, match="at least two"):
        swiss_round([1], set())


def test_the_search_gives_up_within_its_budget(monkeypatch):
    monkeypatch.setattr(pairings, "SEARCH_BUDGET", 3)
    met = {frozenset((a, b)) for a in range(1, 9) for b in range(1, 9) if a != b and (a + b) % 2}
    with pytest.raises(NoPairing, match="budget"):
        swiss_round(list(range(1, 9)), met)


def test_when_the_search_from_the_top_runs_out_the_most_constrained_first_pairs(monkeypatch):
    monkeypatch.setattr(pairings, "SEARCH_BUDGET", 2)  # from the top: 1-2 fails (3-4 met), 1-3 and 2-4 take 3 steps
    assert swiss_round([1, 2, 3, 4], {frozenset((3, 4))}) == [(1, 3), (2, 4)]  # 3 first (fewest left): 3-1, 2-4
    monkeypatch.setattr(pairings, "SEARCH_BUDGET", 1)
    with pytest.raises(NoPairing, match="budget"):
        swiss_round([1, 2, 3, 4], {frozenset((3, 4))})


def test_a_long_event_of_64_partnerships_is_paired_round_after_round():
    rng, results, rounds = random.Random(64), [], []
    for _ in range(40):
        ranked = [s.pair for s in standings(range(1, 65), results)]
        tables = swiss_round(ranked, meetings(rounds))
        rounds.append(tables)
        results += play(tables, rng)
    met = [frozenset((a, b)) for t in rounds for a, b in t if b is not None]
    assert len(met) == len(set(met)) == 40 * 32


def play(tables, rng) -> list[TableResult]:
    return [TableResult(0, a, b, (0, 0), (0, 0)) if b is None else
            TableResult(0, a, b, (w := rng.randint(0, 2), 2 - w), (rng.randint(100, 300), rng.randint(100, 300)),
                        deals=6) for a, b in tables]


@pytest.mark.parametrize("count", [4, 7, 8, 10, 13])
def test_several_rounds_from_the_standings_repeat_no_pairing(count):
    rng, results, rounds = random.Random(count), [], []
    for _ in range(count // 2 + 1):
        ranked = [s.pair for s in standings(range(1, count + 1), results)]
        tables = swiss_round(ranked, meetings(rounds), {a for t in rounds for a, b in t if b is None})
        rounds.append(tables)
        results += play(tables, rng)
        seated = sorted(p for a, b in tables for p in (a, b) if p is not None)
        assert seated == list(range(1, count + 1))
        assert tables[0][0] == ranked[0]  # the leader plays at the top table
    met = [frozenset((a, b)) for t in rounds for a, b in t if b is not None]
    assert len(met) == len(set(met))
    byes = [a for t in rounds for a, b in t if b is None]
    assert len(byes) == len(set(byes)) == (len(rounds) if count % 2 else 0)


@settings(max_examples=60, deadline=None, derandomize=True, database=None)
@given(st.integers(2, 12).flatmap(lambda n: st.tuples(
    st.permutations(range(1, n + 1)),
    st.sets(st.sampled_from([frozenset(p) for p in combinations(range(1, n + 1), 2)])))))
def test_a_pairing_is_made_exactly_when_one_exists(case):
    ranked, met = case
    try:
        tables = swiss_round(ranked, met)
    except NoPairing:
        assert not any_pairing(list(ranked), met)
        return
    assert not meetings([tables]) & met
    assert sorted(p for a, b in tables for p in (a, b) if p is not None) == sorted(ranked)


def any_pairing(order: list[int], met) -> bool:
    """Brute force: can `order` (with one sitting out when odd) be paired without a rematch?"""
    if len(order) % 2:
        return any(any_pairing(order[:i] + order[i + 1:], met) for i in range(len(order)))
    if not order:
        return True
    return any(frozenset((order[0], q)) not in met and any_pairing([p for p in order[1:] if p != q], met)
               for q in order[1:])


def test_a_swiss_round_leaves_a_withdrawn_partnership_out():
    assert swiss_round([1, 2, 3, 4, 5], set(), withdrawn={2}) == [(1, 3), (4, 5)]
    assert swiss_round([1, 2, 3, 4], set(), withdrawn={4}) == [(1, 2), (3, None)]
    assert swiss_round([1, 2, 3, 4], {frozenset((1, 3))}, byes={3}, withdrawn={2}) == [(3, 4), (1, None)]
    with pytest.raises(NoPairing, match="at least two partnerships, not 1"):
        swiss_round([1, 2, 3], set(), withdrawn={1, 3})
