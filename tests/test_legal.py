"""The legal plays grouped by outcome: the same outcomes and counts of groupings as the plain enumeration of
every grouping, the first grouping in string order shown, one card answered alone, and bounded work on floors
no legal deal reaches."""
from __future__ import annotations

import pytest

from seeplog import analyse, parse, report_json
from seeplog.__main__ import main
from seeplog.cards import parse_card
from seeplog.legal import (MAX_LISTED, card_outcomes, is_listed, legal_outcomes, outcome_key, outcome_lines,
                           shown_grouping)
from seeplog.moves import Build, Capture, move_text
from seeplog.replay import replay_deal
from seeplog.ruleset import VARIANTS, ruleset_for
from seeplog.state import House, Known, start
from tests.helpers import example_files
from seeplog.engine import expand_capture
from seeplog.rules import Violation
from tests.legal_oracle import every_grouping, maximal_captures, outcome_counts


def cards(text: str) -> tuple:
    return tuple(parse_card(c) for c in text.split())


def floor(loose: str, houses: tuple[House, ...] = (), turn: str = "W"):
    return start(VARIANTS["standard"], cards(loose), turn, None)._replace(played=4, houses=houses)


def positions(limit_per_file: int = 60):
    """(state, seat, known) before every play of the example logs, a bounded number per file."""
    for path in example_files():
        taken = 0
        for game in parse(path.read_text(encoding="utf-8")).games:
            rules = ruleset_for(game.tags)
            for deal in game.deals:
                replayed = replay_deal(deal, rules)
                hands = replayed.hands
                for step in replayed.steps:
                    if taken >= limit_per_file:
                        break
                    taken += 1
                    turn = step.before.turn
                    yield step, turn, hands.known(step.number - 1, turn)


def test_outcomes_match_the_enumeration_of_every_grouping():
    checked = 0
    for step, seat, known in positions():
        found = legal_outcomes(step.before, seat, known, limit=None)
        assert all(c.complete for c in found)
        assert {o.key: o.groupings for c in found for o in c.outcomes} == outcome_counts(step.before, seat, known)
        every = every_grouping(step.before, seat, known)
        first: dict = {}
        for text in sorted(every):
            first.setdefault(outcome_key(every[text]), text)
        assert {o.key: o.text for c in found for o in c.outcomes} == first
        checked += 1
    assert checked > 1000


def test_every_recorded_legal_play_of_the_examples_is_listed():
    for step, seat, known in positions():
        if not step.violations and step.seat == seat:
            assert is_listed(step.before, seat, known, step.move), move_text(step.move)


def test_many_groupings_are_one_outcome_with_a_count():
    # A jack must take two disjoint sets adding up to 11 here, and there are many ways to pick and split them.
    state = floor("As Ah 2s 2h 3s 3h 4s 5s 6s")
    known = Known(frozenset(cards("Qd Js")))
    found = card_outcomes(state, "W", known, parse_card("Js"), limit=None)
    captures = [o for o in found.outcomes if type(o.move) is Capture]
    assert len(captures) >= 1
    total = sum(o.groupings for o in found.outcomes)
    assert total == sum(n for key, n in outcome_counts(state, "W", known).items() if key[1] == parse_card("Js"))
    assert total > len(found.outcomes)  # groupings folded into outcomes
    assert len({o.key for o in found.outcomes}) == len(found.outcomes)


def test_one_card_alone_answers_what_the_whole_hand_says_of_it():
    state = floor("Ad Ac 4h 3s 2h 9d", houses=(House(12, cards("7d 5c"), frozenset({"N"})),))
    known = Known(frozenset(cards("Qs 3c 9c 8h Js")))
    whole = {c.card: c.outcomes for c in legal_outcomes(state, "W", known)}
    for card in known.hand:
        assert card_outcomes(state, "W", known, card).outcomes == whole.get(card, ())


def test_the_shown_grouping_is_the_first_in_string_order():
    move = Build(parse_card("9c"), (parse_card("2h"),), 11, ((parse_card("9d"), parse_card("2s")),))
    shown = shown_grouping(move, 2)
    assert move_text(shown) == min(move_text(shown_grouping(move, 2)), "9c+2h =11 9d+2s")


LOW = "As Ah Ad Ac 2s 2h 2d 3s 3h 3d 4s 4h 5s 5h 6s 6h".split()


@pytest.mark.parametrize("n", [16])
def test_a_floor_no_legal_deal_reaches_is_bounded_and_says_so(n):
    """Sixteen low loose cards (only illegal throws put them there): the lists stop at the bounds."""
    state = floor(" ".join(LOW[:n]))
    known = Known(frozenset(cards("7c 8c 9c Tc Jc Qc Kc 7d 8d 9d Td Jd")))
    found = legal_outcomes(state, "W", known)
    assert not all(c.complete for c in found)
    assert all(len(c.outcomes) <= MAX_LISTED for c in found)
    lines = list(outcome_lines(found))
    assert any(line.startswith("# ") and "not all are listed" in line for line in lines)


def test_the_legal_command_counts_the_other_groupings(capsys, tmp_path):
    path = tmp_path / "many.seep"
    path.write_text("deal 1 dealer N\nhand W Jh Qs 9c 8h\nfloor 9d 2h 2s 9h\nbid W 11\nW 9c+2h =11 9d+2s\n"
                    "N 3c\nE 4c\nS 5c\n", encoding="utf-8")
    assert main(["legal", str(path), "--deal", "1", "--play", "1"]) == 0
    out = capsys.readouterr().out.splitlines()
    assert [line.split(":")[0] for line in out[:3]] == ["# floor", "# hand of W (as known from the log)",
                                                        "# 3 legal plays of W"]
    lines, recorded = out[3:-1], out[-1]
    assert recorded == "# recorded, line 5: W 9c+2h =11 9d+2s — no finding"
    assert lines == sorted(lines)
    grouped = [line for line in lines if "#" in line]
    assert grouped and all(line.split("  # and ")[1].endswith("of the same cards") for line in grouped)
    for line in lines:  # every line reads back as a move
        move = line.split("  #")[0]
        play = parse(f"deal 1 dealer N\nW {move}\n").games[0].deals[0].plays[0]
        assert move_text(play.move) == move


def old_expand(state, card):
    """`C x` written out as before the masks: from every maximal capture listed (exponential)."""
    choices = maximal_captures(state, card)
    if not choices:
        return "E-SHAPE"
    if len({frozenset(i for g in c for i in g) for c in choices}) > 1:
        return "E-AMBIGUOUS"
    return move_text(min((Capture(card, c) for c in choices), key=move_text))


def test_the_shorthand_capture_is_written_out_as_before():
    checked = 0
    for step, _seat, known in positions(limit_per_file=25):
        for card in known.hand:
            new = expand_capture(step.before, Capture(card, None))
            assert (new.rule if isinstance(new, Violation) else move_text(new)) == old_expand(step.before, card)
            checked += 1
    assert checked > 1000


def test_a_shorthand_capture_on_a_huge_floor_is_answered_at_once():
    """Eighteen low cards thrown (illegally) onto the floor, then ``Qs x``: E-AMBIGUOUS, not an exponential
    search (it took minutes when every grouping was listed)."""
    throws = "As Ah Ad Ac 2s 2h 2d 2c 3s 3h 3d 3c 4s 4h 4d 4c 5s 5h".split()
    seats = ["W", "S", "E", "N"]
    lines = ["deal 1 dealer N", "floor 6s 6h 6d 6c", "bid W 9", *(f"{seats[i % 4]} {c}" for i, c in enumerate(throws)),
             f"{seats[len(throws) % 4]} Qs x"]
    deal = report_json(analyse("\n".join(lines) + "\n"))["games"][0]["deals"][0]
    assert "E-AMBIGUOUS" in [e["rule"] for e in deal["errors"]]
