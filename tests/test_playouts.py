"""Random legal playouts: every play drawn from `legal_plays`; the logs must validate clean.

SEEPLOG_PLAYOUT_DEALS sets how many deals per variant: 2,000 by default (about four minutes in all);
the fidelity properties take a quarter of that, and cut a fiftieth of it after every play.
bench/fidelity.py runs the same properties at benchmark size.
"""
import os
import random

import pytest

from seeplog import analyse, parse, report_json
from seeplog.legal import is_listed, legal_outcomes, legal_plays
from seeplog.playout import random_game
from seeplog.replay import replay_deal
from seeplog.ruleset import VARIANTS, ruleset_for
from tests.legal_oracle import outcome_counts
from tests.fidelity import added_by_cuts, findings, legal_deal, without_hand_lines

DEALS = int(os.environ.get("SEEPLOG_PLAYOUT_DEALS", "2000"))
PER_GAME = 4


def card_total_ok(deal: dict, variant: str) -> bool:
    rules = VARIANTS[variant]
    total = sum(deal["card_points"].values())
    even = sorted(deal["cards_taken"].values()) == [26, 26]
    return total == (rules.total - rules.most_cards_bonus if even else rules.total) or (
        rules.satthi and sorted(deal["card_points"].values()) == [0, 2 * rules.total])


@pytest.mark.slow
@pytest.mark.parametrize("variant", list(VARIANTS))
def test_random_playouts_validate_clean(variant):
    rng = random.Random(f"playout-{variant}")
    checked = 0
    while checked < DEALS:
        text = random_game(VARIANTS[variant], PER_GAME, rng, with_score=True)
        game = report_json(analyse(text))["games"][0]
        for deal in game["deals"]:
            assert not deal["violations"] and not deal["errors"], (deal, text)
            assert deal["complete"] and sum(deal["cards_taken"].values()) == 52
            assert card_total_ok(deal, variant), deal
        assert game["errors"] == []
        checked += PER_GAME


@pytest.mark.parametrize("variant", list(VARIANTS))
def test_every_recorded_play_is_among_the_legal_plays(variant):
    """Each play of a random legal deal is listed: its outcome among its card's, and the same outcomes with the
    same counts of groupings as the plain enumeration of every grouping (tests/legal_oracle.py)."""
    text = random_game(VARIANTS[variant], 2, random.Random(variant))
    game = parse(text).games[0]
    rules = ruleset_for(game.tags)
    for deal in game.deals:
        replayed = replay_deal(deal, rules)
        hands = replayed.hands
        for step in replayed.steps:
            known = hands.known(step.number - 1)
            assert is_listed(step.before, step.seat, known, step.move)
            legal = legal_plays(step.before, step.seat, known)
            assert legal == sorted(legal)
            found = legal_outcomes(step.before, step.seat, known, limit=None)
            assert {o.key: o.groupings for c in found for o in c.outcomes} == outcome_counts(
                step.before, step.seat, known)


@pytest.mark.slow
@pytest.mark.parametrize("variant", list(VARIANTS))
def test_legal_deals_written_without_hand_lines_validate_clean(variant):
    """RULES.md §3: without a hand line the bidder's first four are not known; a legal deal is not
    accused of anything for want of them (R-BID-THROW is then not judged)."""
    rng = random.Random(f"no-hand-lines-{variant}")
    rules = VARIANTS[variant]
    for _ in range(max(1, DEALS // 4)):
        lines = without_hand_lines(legal_deal(rules, rng))
        found = findings(lines, rules)
        assert not found.violations and not found.errors, (found, "\n".join(lines))


@pytest.mark.slow
@pytest.mark.parametrize("variant", list(VARIANTS))
def test_cutting_a_legal_deal_after_any_play_adds_no_violation(variant):
    """RULES.md §3: a log that stops early, at its end or at a log error, shows the hands only up to there;
    no play before the cut is accused on the strength of plays the log does not have."""
    rng = random.Random(f"cuts-{variant}")
    rules = VARIANTS[variant]
    for number in range(max(2, DEALS // 50)):
        lines = legal_deal(rules, rng)
        lines = lines if number % 2 else without_hand_lines(lines)
        added = list(added_by_cuts(lines, rules))
        assert added == [], (added[:3], "\n".join(lines))
