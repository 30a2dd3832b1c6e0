"""The dispute view's values: floors at chosen plays against hand-worked states, and the legal
alternatives at flagged plays."""
import pytest

from seeplog import parse
from seeplog.dispute import play_json, play_view
from tests.helpers import EXAMPLES, example_files


def view(name: str, deal: int, play: int) -> dict:
    game = parse((EXAMPLES / f"{name}.seep").read_text()).games[0]
    return play_json(play_view(game, deal, play))


def houses(state: dict) -> list[tuple]:
    return [(h["value"], sorted(h["cards"]), h["owners"], h["cemented"]) for h in state["houses"]]


def test_a_new_house_belongs_to_its_builder_and_is_not_cemented():
    # game-standard-1, deal 1: W throws 8c, then S 2c+8c =10
    after = view("game-standard-1", 1, 6)["after"]
    assert after["loose"] == [] and houses(after) == [(10, ["2c", "8c"], ["S"], False)]


def test_extra_groups_cement_and_a_partner_adding_keeps_the_owners():
    # W 3c+9c =12 Qd (play 13), then E, W's partner, adds 6c+6h (play 15)
    assert houses(view("game-standard-1", 1, 13)["after"]) == [(12, ["3c", "9c", "Qd"], ["W"], True)]
    after = view("game-standard-1", 1, 15)["after"]
    assert houses(after) == [(12, ["3c", "6c", "6h", "9c", "Qd"], ["W"], True)] and after["loose"] == ["2s"]


def test_a_sweep_is_counted_for_its_team():
    played = view("game-standard-1", 1, 19)
    assert played["after"]["loose"] == [] and played["after"]["houses"] == []
    assert [(s["play"], s["seat"], s["points"]) for s in played["after"]["sweeps"]][-1] == (19, "E", 50)
    assert played["after"]["cards_taken"]["EW"] + played["after"]["cards_taken"]["NS"] == 4 + 19


def test_an_opponent_adding_becomes_an_owner():
    # r-break-own deal 2: N's 13-house, added to by W, is owned by both and cemented
    before = view("r-break-own", 2, 6)["before"]
    assert (13, ["5c", "7d", "Ad", "Ah", "Qs"], ["N", "W"], True) in houses(before)


@pytest.mark.parametrize("name, deal, play, required", [
    ("r-capture-all", 2, 48, "Kc x [13] Td+3s"),
    ("r-must-capture", 3, 1, "Js x 5s+3d+3c"),
    ("r-house-auto", 3, 9, "Ah+[10] =11 Js"),
    ("r-owner-keep", 2, 37, "9d x [9]"),
])
def test_the_legal_alternatives_hold_the_play_the_rules_required(name, deal, play, required):
    played = view(name, deal, play)
    assert played["violations"] and required in played["legal"] and played["move"] not in played["legal"]
    assert played["legal"] == sorted(played["legal"])


def test_hands_are_known_from_later_plays():
    played = view("game-standard-1", 1, 45)
    assert played["hands"]["S"]["cards"] == ["Kd"] and played["hands"]["S"]["partial"] is False
    assert played["hands"]["E"]["cards"] == ["2h"]


def test_the_play_in_words():
    assert view("game-standard-1", 1, 1)["words"] == "W takes Kc and 9d+4h with Ks"
    assert view("game-standard-1", 1, 6)["words"] == "S builds a 10-house: 2c on the loose 8c"
    assert view("game-standard-1", 1, 15)["words"] == "E adds 6c+6h to the 12-house, cementing it"
    assert view("game-standard-1", 1, 7)["words"] == "E takes the 10-house with Td"
    assert view("game-standard-1", 1, 5)["words"] == "W throws 8c loose"


def test_a_play_past_the_replay_is_not_found():
    game = parse((EXAMPLES / "e-floor.seep").read_text()).games[0]
    with pytest.raises(LookupError):
        play_view(game, 2, 30)
    with pytest.raises(LookupError):
        play_view(game, 9, 1)


@pytest.mark.parametrize("path", example_files(), ids=lambda p: p.stem)
def test_every_play_of_every_example_has_a_view(path):
    for game in parse(path.read_text()).games:
        for deal in game.deals:
            number = 1
            while True:
                try:
                    played = play_json(play_view(game, deal.number, number))
                except LookupError:
                    break
                assert played["play"] == number and played["words"].startswith(played["seat"])
                number += 1
