"""Random legal playouts: every play drawn from `legal_plays`; the logs must validate clean.

SEEPLOG_PLAYOUT_DEALS sets how many deals per variant: 2,000 by default (about four minutes in all).
"""
import os
import random

import pytest

from seeplog import parse, report
from seeplog.legal import is_listed, legal_outcomes, legal_plays
from seeplog.playout import random_game
from seeplog.replay import _hand_knowledge, replay_deal
from seeplog.ruleset import VARIANTS, ruleset_for
from tests.legal_oracle import outcome_counts

DEALS = int(os.environ.get("SEEPLOG_PLAYOUT_DEALS", "2000"))
PER_GAME = 4


def card_total_ok(deal: dict, variant: str) -> bool:
    rules = VARIANTS[variant]
    total = sum(deal["card_points"].values())
    even = sorted(deal["cards_taken"].values()) == [26, 26]
    return total == (rules.total - rules.most_cards_bonus if even else rules.total) or (
        rules.satthi and sorted(deal["card_points"].values()) == [0, 2 * rules.total])


@pytest.mark.parametrize("variant", list(VARIANTS))
def test_random_playouts_validate_clean(variant):
    rng = random.Random(f"playout-{variant}")
    checked = 0
    while checked < DEALS:
        text = random_game(VARIANTS[variant], PER_GAME, rng, with_score=True)
        game = report(parse(text))["games"][0]
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
        hands = _hand_knowledge(deal, rules, replayed.bidder)
        for step in replayed.steps:
            known = hands.known(step.number - 1)
            assert is_listed(step.before, step.seat, known, step.move)
            legal = legal_plays(step.before, step.seat, known)
            assert legal == sorted(legal)
            found = legal_outcomes(step.before, step.seat, known, limit=None)
            assert {o.key: o.groupings for c in found for o in c.outcomes} == outcome_counts(
                step.before, step.seat, known)
