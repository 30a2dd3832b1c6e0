"""The baazi ledger and dealer rotation (RULES.md §8), written as score-only logs."""
import pytest

from seeplog import analyse, report_json


def ledger_of(text: str, variant: str = "standard", **tags: str) -> dict:
    head = "\n".join([f'[Variant "{variant}"]'] + [f'[{k} "{v}"]' for k, v in tags.items()])
    doc = report_json(analyse(head + "\n\n" + text))
    return doc["games"][0]


def deals(*rows: tuple[str, str]) -> str:
    """Score-only deals from (dealer, score text) pairs."""
    return "\n\n".join(f"deal {i} dealer {d}\nscore {s}" for i, (d, s) in enumerate(rows, start=1))


def summary(game: dict) -> list[tuple]:
    return [(r["dealer"], r["lead"]["team"], r["lead"]["points"], r["baazi"], r["next_dealer"])
            for r in game["ledger"]]


def test_pagat_worked_check_one_rotation_through_a_baazi():
    game = ledger_of(deals(("N", "NS 60 EW 40"), ("W", "NS 68 EW 32"), ("W", "NS 29 EW 71"),
                           ("W", "NS 17 EW 83"), ("S", "NS 23 EW 77")))
    assert summary(game) == [("N", "NS", 20, None, "W"), ("W", "NS", 56, None, "W"), ("W", "NS", 14, None, "W"),
                             ("W", "EW", 52, None, "S"), ("S", None, 0, "EW", "N")]
    assert game["baazis"] == {"NS": 0, "EW": 1}
    assert all(not d["violations"] for d in game["deals"])


def test_pagat_worked_check_two_baazi_won_by_the_dealers_team():
    game = ledger_of(deals(("E", "NS 55 EW 45"), ("E", "NS 13 EW 87+50")))
    assert summary(game) == [("E", "NS", 10, None, "E"), ("E", None, 0, "EW", "S")]


def test_pagat_worked_check_three_minimum_nine_against_a_lead():
    game = ledger_of(deals(("E", "NS 87+25 EW 13"), ("E", "NS 5 EW 95")))
    assert summary(game) == [("E", "NS", 99, None, "E"), ("E", None, 0, "EW", "S")]


@pytest.mark.parametrize("score, loser", [("NS 8 EW 92", "NS"), ("NS 92 EW 8", "EW")])
def test_minimum_nine_without_a_lead(score, loser):
    game = ledger_of(deals(("N", score)))
    winner = "EW" if loser == "NS" else "NS"
    assert game["ledger"][0]["baazi"] == winner and game["ledger"][0]["lead"] == {"team": None, "points": 0}


def test_minimum_nine_with_a_lead_for_the_low_team():
    game = ledger_of(deals(("N", "NS 50 EW 50+50"), ("N", "NS 92 EW 8")))
    assert [r["baazi"] for r in game["ledger"]] == [None, "NS"]
    game = ledger_of(deals(("N", "NS 50+50 EW 50"), ("W", "NS 8 EW 92")))
    assert [r["baazi"] for r in game["ledger"]] == [None, "EW"]


def test_minimum_nine_with_both_teams_below_nine():
    """A deal where nobody captured scores 0 for both (RULES.md §2.8): both lose a baazi, so neither wins one
    (the spec is silent; seat order must not decide). Of two unequal scores below 9 the lower loses."""
    nobody = "\n".join(["deal 1 dealer N", "score NS 0 EW 0", "", "deal 2 dealer N", "score NS 3 EW 7"])
    game = ledger_of(nobody)
    assert summary(game) == [("N", None, 0, None, "N"), ("N", None, 0, "EW", "S")]
    assert game["baazis"] == {"NS": 0, "EW": 1}


def test_minimum_nine_does_not_apply_to_thirty():
    game = ledger_of(deals(("N", "NS 2 EW 28")), "thirty")
    assert game["ledger"][0]["baazi"] is None and game["ledger"][0]["lead"] == {"team": "EW", "points": 26}


def test_a_baazi_exactly_at_the_target():
    game = ledger_of(deals(("N", "NS 25 EW 75+50")))
    assert game["ledger"][0]["baazi"] == "EW"
    game = ledger_of(deals(("N", "NS 26 EW 74+50")))
    assert game["ledger"][0]["baazi"] is None and game["ledger"][0]["lead"]["points"] == 98


def test_baazi_target_tag():
    game = ledger_of(deals(("N", "NS 40 EW 60")), BaaziTarget="20")
    assert game["ledger"][0]["baazi"] == "EW"
    assert game["ledger"][0]["next_dealer"] == "S"


def test_a_zero_lead_keeps_the_dealer():
    game = ledger_of(deals(("S", "NS 50 EW 50"), ("S", "NS 40 EW 60")))
    assert summary(game) == [("S", None, 0, None, "S"), ("S", "EW", 20, None, "S")]
    assert not game["deals"][1]["violations"]


def test_a_dealer_the_rotation_does_not_name_is_flagged():
    game = ledger_of(deals(("N", "NS 60 EW 40"), ("N", "NS 50 EW 50")))
    assert [(v["rule"], v["seat"], v["play"]) for v in game["deals"][1]["violations"]] == [("R-DEALER", "N", None)]
    assert not game["deals"][0]["violations"]


def test_team_rotation_allows_any_member_of_the_team_behind():
    text = deals(("N", "NS 60 EW 40"), ("E", "NS 40 EW 60"), ("E", "NS 45 EW 55"))
    game = ledger_of(text, Rotation="team")
    assert [r["allowed_dealers"] for r in game["ledger"]] == [["W", "E"], ["E"], ["N", "S"]]
    assert all(not d["violations"] for d in game["deals"])
    game = ledger_of(deals(("N", "NS 60 EW 40"), ("S", "NS 50 EW 50")), Rotation="team")
    assert [v["rule"] for v in game["deals"][1]["violations"]] == ["R-DEALER"]


def test_team_rotation_after_a_baazi_allows_the_losers():
    game = ledger_of(deals(("N", "NS 5 EW 95")), Rotation="team")
    assert game["ledger"][0]["allowed_dealers"] == ["N", "S"]


def test_two_player_rotation():
    game = ledger_of(deals(("N", "N 60 S 40"), ("S", "N 45 S 55"), ("S", "N 50 S 50"), ("S", "N 5 S 95")),
                     "two-player")
    assert summary(game) == [("N", "N", 20, None, "S"), ("S", "N", 10, None, "S"), ("S", "N", 10, None, "S"),
                             ("S", None, 0, "S", "N")]
    assert all(not d["violations"] for d in game["deals"])


def test_a_deal_without_a_known_score_leaves_the_lead():
    game = ledger_of("deal 1 dealer N\nscore NS 60 EW 40\n\ndeal 2 dealer W\nfloor Kc Qd 5s 3c\nbid S 11")
    assert game["ledger"][1]["score"] is None
    assert game["ledger"][1]["lead"] == {"team": "NS", "points": 20}
