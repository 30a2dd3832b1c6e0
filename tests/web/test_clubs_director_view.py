"""The director's view through the API (organiser token): what a live table's card is drawn from: whether its
figures are provisional and why, the sides of the event's tables, the time its table was made."""
from __future__ import annotations

from seeplog.web.db import connect
from tests.web.clubs_helpers import bearer, enter
from tests.web.test_clubs_confirm import event_with_round

UNKNOWN_DEAL_2 = ["deal 1 dealer N", "score NS 60 EW 40", "deal 2 dealer E", "floor 9c 7d 6h Ac", "bid N 9",
                  "N 9h x 9c", "W 9c", "deal 3 dealer E", "score NS 30 EW 70"]
"""Deal 2 stops at W's 9c (E-CARD: seen already on the floor) with no score line: its score is not known."""


def director(client, event: int, organiser: str) -> dict:
    got = client.get(f"/api/events/{event}/director", headers=bearer(organiser))
    assert got.status_code == 200, got.json
    return got.json


def row_of(client, event: int, organiser: str, game: int) -> dict:
    return next(t for t in director(client, event, organiser)["tables"] if t["game_id"] == game)


def test_a_live_tables_figures_are_provisional_while_a_deals_score_is_not_known(client):
    """The event page marked the table provisional; the director's row said so only for an uploaded game."""
    event, organiser, tables = event_with_round(client)
    enter(client, tables[0], UNKNOWN_DEAL_2)
    row = row_of(client, event, organiser, tables[0]["game_id"])
    assert (row["provisional"], row["provisional_why"], row["unknown_deals"]) == (True, ["unknown-score"], [2])
    assert [d["deal"] for d in row["confirmations"]["deals"]] == [1, 3]
    other = row_of(client, event, organiser, tables[1]["game_id"])
    assert (other["provisional"], other["provisional_why"], other["unknown_deals"]) == (False, [], [])


def test_the_director_is_told_the_sides_of_the_events_tables(client):
    """The cards named a two-player table's sides NS and EW; they are North and South."""
    event, organiser, _ = event_with_round(client, "two-player", [["Solo A"], ["Solo B"]])
    assert director(client, event, organiser)["teams"] == ["N", "S"]
    event, organiser, _ = event_with_round(client)
    assert director(client, event, organiser)["teams"] == ["NS", "EW"]


def test_a_table_closed_unplayed_was_made_when_it_was_made(client, app):
    """The card said '(table made 22:22, 0 min ago)' of a table made an hour before and closed unplayed just now:
    the time of its last event, the close, not of its last entry."""
    event, organiser, tables = event_with_round(client)
    game = tables[1]["game_id"]
    db = connect(app.config["DATABASE"])  # made an hour before
    db.execute("update live_games set created = '2026-11-29T21:22:00.000+00:00', "
               "updated = '2026-11-29T21:22:00.000+00:00' where game_id = ?", [game])
    db.execute("update live_events set at = '2026-11-29T21:22:00.000+00:00' where game_id = ?", [game])
    closed = client.post(f"/api/events/{event}/tables/{game}/close", headers=bearer(organiser),
                         json={"version": 1, "unplayed": True})
    assert closed.status_code == 201, closed.json
    row = row_of(client, event, organiser, game)
    assert (row["state"], row["started"], row["last_entry"]) == ("closed", False, "2026-11-29T21:22:00.000+00:00")
    played = tables[0]
    enter(client, played, ["deal 1 dealer N", "score NS 60 EW 40"])
    entered = row_of(client, event, organiser, played["game_id"])["last_entry"]
    version = client.get(f"/api/live/{played['game_id']}").json["version"]
    assert client.post(f"/api/live/{played['game_id']}/close", json={"version": version},
                       headers=bearer(played["edit_token"])).status_code == 201
    assert row_of(client, event, organiser, played["game_id"])["last_entry"] == entered
