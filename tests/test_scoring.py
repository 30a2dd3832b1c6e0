"""Deal scoring (RULES.md §7): sweeps on the first, last and a middle play, majority ties, satthi."""

import pytest

from seeplog.cards import DECK, Suit
from seeplog.engine import apply
from seeplog.moves import Capture
from seeplog.ruleset import VARIANTS
from seeplog.scoring import card_points, computed_score
from tests.positions import cards, position


def sweep_points(variant: str, played: int, floor: str, card: str, groups: str) -> list[int]:
    state = position(floor, variant=variant, played=played, turn="N")
    group = tuple(cards(groups.replace("+", " ")))
    after = apply(state, "N", Capture(cards(card)[0], (group,)))
    return [s.points for s in after.sweeps]


@pytest.mark.parametrize("variant, played, expected", [
    ("standard", 0, 25), ("standard", 20, 50), ("standard", 47, 0),
    ("two-player", 0, 25), ("two-player", 23, 50), ("two-player", 47, 0),
    ("juneja", 0, 50), ("juneja", 20, 50), ("juneja", 47, 0),
    ("thirty", 0, 11), ("thirty", 20, 11), ("thirty", 47, 0),
    ("thirty-punjab", 0, 11), ("thirty-punjab", 30, 11), ("thirty-punjab", 47, 0),
])
def test_sweep_points_by_play(variant, played, expected):
    assert sweep_points(variant, played, "6s 5h", "Jd", "6s+5h") == [expected]


def test_a_capture_that_leaves_cards_is_no_sweep():
    assert sweep_points("standard", 10, "6s 5h 2c", "Jd", "6s+5h") == []


def split(variant: str, first: int) -> dict[str, int]:
    """Card points when NS takes the first `first` cards of the pack in canonical order."""
    state = position(variant=variant)
    state = state._replace(taken={"NS": DECK[:first], "EW": DECK[first:]})
    return card_points(state, state.rules)


@pytest.mark.parametrize("variant", ["juneja", "thirty"])
def test_majority_bonus_goes_to_more_than_26_cards(variant):
    rules = VARIANTS[variant]
    even, more = split(variant, 26), split(variant, 27)
    assert sum(even.values()) == rules.total - rules.most_cards_bonus
    assert sum(more.values()) == rules.total
    assert more["NS"] - split(variant, 26)["NS"] == rules.most_cards_bonus + rules.card_points(DECK[26])


def test_standard_has_no_majority_bonus():
    assert sum(split("standard", 26).values()) == 100 == sum(split("standard", 40).values())


@pytest.mark.parametrize("variant", ["thirty", "thirty-punjab"])
def test_satthi_doubles_all_thirty_points(variant):
    state = position(variant=variant)
    state = state._replace(taken={"NS": DECK, "EW": ()})
    assert card_points(state, state.rules) == {"NS": 60, "EW": 0}


def test_standard_card_points():
    rules = VARIANTS["standard"]
    assert sum(rules.card_points(c) for c in DECK if c.suit == Suit.SPADES) == 91
    assert [rules.card_points(c) for c in cards("Td Ah Ad Ac Kh 9s")] == [6, 1, 1, 1, 0, 9]


def test_thirty_card_points():
    thirty, punjab = VARIANTS["thirty"], VARIANTS["thirty-punjab"]
    assert [thirty.card_points(c) for c in cards("Td 9s 2s As Ah Ks")] == [12, 9, 1, 1, 1, 0]
    assert punjab.card_points(cards("2s")[0]) == 5 and punjab.most_cards_bonus == 0


def test_computed_score_adds_sweeps_to_card_points():
    state = position(variant="standard")
    state = state._replace(taken={"NS": DECK[:30], "EW": DECK[30:]})
    state = apply(state._replace(loose=cards("6s 5h"), played=10), "E", Capture(cards("Jd")[0], (cards("6s 5h"),)))
    score = computed_score(state)
    assert score.sweep_points == {"NS": 0, "EW": 50}
    assert score.score["EW"] == score.card_points["EW"] + 50
