"""What a table's scorekeeper may not do alone with its edit token, and what the director's correction needs,
through the API: each refusal is a clear 4xx and changes nothing."""
from __future__ import annotations

from tests.web.helpers import assert_envelope
from tests.web.test_clubs_event_rounds import PAIRS, bearer, create, score_table


def live(client, game: int) -> dict:
    return client.get(f"/api/live/{game}").json


def reopen(client, table: dict):
    version = live(client, table["game_id"])["version"]
    return client.post(f"/api/live/{table['game_id']}/reopen", json={"version": version},
                       headers=bearer(table["edit_token"]))


def director_close(client, event: int, organiser: str, table: dict):
    game = table["game_id"]
    answer = client.post(f"/api/events/{event}/tables/{game}/close", json={"version": live(client, game)["version"]},
                         headers=bearer(organiser))
    assert answer.status_code == 201, answer.json


def director_correct(client, event: int, organiser: str, table: dict, line: str, note: str = "EW counted again"):
    """The director replaces the table's last entry (its last deal's score)."""
    game = live(client, table["game_id"])
    return client.post(f"/api/events/{event}/tables/{table['game_id']}/entries", headers=bearer(organiser),
                       json={"version": game["version"], "replace": len(game["entries"]), "line": line, "note": note})


def swiss_round(client) -> tuple[int, str, list[dict]]:
    """A Swiss event of four partnerships and its first round, each table's one deal scored, still open."""
    event, organiser = create(client, PAIRS[:4])
    tables = client.post(f"/api/events/{event}/rounds", headers=bearer(organiser)).json["tables"]
    for table, (ns, ew) in zip(tables, [(80, 20), (60, 40)]):
        score_table(client, table, [(ns, ew)], close=False)
    return event, organiser, tables


def test_a_table_the_director_closed_is_not_reopened_with_its_edit_token(client):
    event, organiser, tables = swiss_round(client)
    director_close(client, event, organiser, tables[0])
    before = live(client, tables[0]["game_id"])
    refused = assert_envelope(reopen(client, tables[0]), 409)
    assert refused["error"] == ("the event's director closed this table (round 1, table 1): only the director "
                                "can reopen it, with a correction on the director's page")
    assert live(client, tables[0]["game_id"]) == before  # still closed, nothing stored
    corrected = director_correct(client, event, organiser, tables[0], "score NS 70 EW 30")
    assert corrected.status_code == 201 and corrected.json["reclosed"], corrected.json
    assert live(client, tables[0]["game_id"])["state"] == "closed"


def test_a_table_a_later_swiss_round_was_paired_from_is_not_reopened_with_its_edit_token(client):
    event, organiser, tables = swiss_round(client)
    for table in tables:
        score_table(client, table, [], close=True)  # closed by its scorekeeper
    assert reopen(client, tables[1]).status_code == 201  # no later round yet: its scorekeeper reopens it
    score_table(client, tables[1], [], close=True)
    second = client.post(f"/api/events/{event}/rounds", headers=bearer(organiser))
    assert second.status_code == 201, second.json
    standings = client.get(f"/api/events/{event}/standings").json
    before = live(client, tables[1]["game_id"])
    refused = assert_envelope(reopen(client, tables[1]), 409)
    assert refused["error"] == ("round 2 was paired from this table's result (round 1, table 2): it cannot be "
                                "reopened with its edit token now; the event's director can correct it")
    assert live(client, tables[1]["game_id"]) == before
    assert client.get(f"/api/events/{event}/standings").json == standings
    corrected = director_correct(client, event, organiser, tables[1], "score NS 40 EW 60")
    assert corrected.status_code == 201 and corrected.json["reclosed"], corrected.json
    later = second.json["tables"][0]
    score_table(client, later, [(50, 50)])
    assert reopen(client, later).status_code == 201  # the last round's table: its scorekeeper reopens it


def test_an_events_live_table_is_not_deleted_with_its_edit_token(client):
    event, organiser, tables = swiss_round(client)
    table, game = tables[0], tables[0]["game_id"]
    standings = client.get(f"/api/events/{event}/standings").json
    director = client.get(f"/api/events/{event}/director", headers=bearer(organiser)).json["tables"]
    refused = assert_envelope(client.delete(f"/api/live/{game}", headers=bearer(table["edit_token"])), 409)
    assert refused["error"] == (f"game {game} is table 1 of round 1 of event {event} (Swiss night): an event's "
                                "table is not deleted; its result counts in the event's standings")
    assert live(client, game)["state"] == "open"
    assert client.get(f"/api/events/{event}/standings").json == standings
    assert client.get(f"/api/events/{event}/director", headers=bearer(organiser)).json["tables"] == director


def test_a_directors_note_of_spaces_alone_is_refused(client):
    event, organiser, tables = swiss_round(client)
    game = tables[0]["game_id"]
    before = client.get(f"/api/live/{game}/history").json
    for note in ("   ", "\u200b "):
        refused = assert_envelope(director_correct(client, event, organiser, tables[0], "score NS 50 EW 50", note),
                                  400)
        assert refused["error"] == ("the director's note is blank: say why the entry is corrected (the game's "
                                    "history keeps the note)")
        assert refused["errors"][0]["field"] == "note"
    assert client.get(f"/api/live/{game}/history").json == before
    done = director_correct(client, event, organiser, tables[0], "score NS 50 EW 50", "  EW counted again ")
    assert done.status_code == 201, done.json
    assert client.get(f"/api/live/{game}/history").json["events"][-1]["note"] == "Director: EW counted again"
