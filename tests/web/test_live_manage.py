"""Closing, reopening, renaming, fixing a name and deleting a live game through the API (issue 23 point 4):
each with the edit token, each a change in the history (the delete removes the game and nothing else)."""
from __future__ import annotations

from datetime import datetime, timezone

import pytest

from seeplog.live.entries import Event, fold
from tests.web.helpers import assert_envelope, upload
from tests.web.live_helpers import Keeper, live_store_fixtures

DEAL = ["deal 1 dealer N", "floor Kh Jc 9s 2s", "bid W 11", "W Jd x Jc 9s+2s", "S 5h"]


app, client = live_store_fixtures()


def kept(client) -> Keeper:
    keeper = Keeper(client, players={"N": "Asah", "W": "Divya"}, tags={"Event": "Club night"})
    keeper.add_all(DEAL)
    return keeper


def test_a_closed_game_takes_no_entry_until_it_is_reopened(client):
    keeper = kept(client)
    assert keeper.send("/close", note="end of the evening").status_code == 201
    assert keeper.doc()["state"] == "closed"
    refused = keeper.add("E 5c")
    assert refused.status_code == 409 and "reopen it first" in refused.json["error"]
    reopened = keeper.send("/reopen", note="closed by mistake")
    assert reopened.status_code == 201 and reopened.json["kind"] == "reopen"
    doc = keeper.doc()
    assert doc["state"] == "open" and doc["report"]["games"][0]["deals"][0].get("in_progress") is True
    assert keeper.add("E 5c").status_code == 201
    assert [e["kind"] for e in keeper.history()][-3:] == ["close", "reopen", "append"]
    assert keeper.history()[-2]["note"] == "closed by mistake"
    again = keeper.send("/reopen")
    assert again.status_code == 409 and again.json["error"] == "the game is open already"


def test_rename_and_a_fixed_name_are_one_retag_event_each_and_reach_every_list(client):
    keeper = kept(client)
    renamed = keeper.send("/tags", tags={"Event": "Club final", "Round": "2"}, note="rename")
    assert renamed.status_code == 201 and renamed.json["kind"] == "retag"
    fixed = keeper.send("/tags", tags={"North": "Asha"}, note="a name typed wrong")
    assert fixed.status_code == 201
    log = keeper.doc()["log"]
    today = datetime.now(timezone.utc).date().isoformat()  # the Date the game got at its start
    assert log.startswith('[Variant "standard"]\n[North "Asha"]\n[West "Divya"]\n[Event "Club final"]\n'
                          f'[Date "{today}"]\n[Round "2"]\n\ndeal 1 dealer N\n')
    events = keeper.history()
    assert [e["kind"] for e in events][-2:] == ["retag", "retag"]
    assert events[-1]["line"] == '[North "Asha"]' and events[-1]["note"] == "a name typed wrong"
    refolded = fold(Event(e["kind"], e["entry"], tuple(e["line"].split("\n")) if e["line"] else ())
                    for e in events)
    assert [[e.id, e.text] for e in refolded] == [[e["id"], e["line"]] for e in keeper.doc()["entries"]]
    games = client.get("/api/games").json["games"]
    assert games[0]["event"] == "Club final" and "Asha" in str(games[0]["players"])
    assert client.get("/api/games?q=Asah").json["total"] == 0
    assert client.get("/api/games?q=Asha").json["total"] == 1
    assert keeper.send("/close").status_code == 201
    assert keeper.send("/tags", tags={"Date": "2026-11-14"}).status_code == 201  # a closed game too
    assert '[Date "2026-11-14"]' in keeper.doc()["log"] and keeper.doc()["state"] == "closed"


def test_a_retag_reads_each_value_without_the_spaces_around_it_as_the_start_does(client):
    keeper = kept(client)
    assert keeper.send("/tags", tags={"North": "  Asha  ", "Site": " Club room "}).status_code == 201
    log = keeper.doc()["log"]
    assert '[North "Asha"]' in log and '[Site "Club room"]' in log
    before = keeper.doc()
    refused = assert_envelope(keeper.send("/tags", tags={"Event": "   "}), 400)
    assert refused["errors"] == [{"field": "tags.Event.value",
                                  "message": "a tag's value holds 1 to 200 characters, the spaces around it aside"}]
    assert keeper.doc() == before


def test_a_game_started_through_the_api_is_dated_today_and_its_date_can_be_changed(client):
    today = datetime.now(timezone.utc).date().isoformat()
    keeper = Keeper(client, players={"N": "Asha"})
    assert keeper.doc()["report"]["games"][0]["tags"]["Date"] == today
    assert client.get("/api/games").json["games"][0]["date"] == today
    keep_page = client.get(f"/live/{keeper.id}/keep").get_data(as_text=True)  # the rename form offers it
    assert f'name="Date" type="date" value="{today}"' in keep_page
    assert keeper.send("/tags", tags={"Date": "2026-11-14"}, note="played yesterday").status_code == 201
    doc = keeper.doc()
    assert doc["report"]["games"][0]["tags"]["Date"] == "2026-11-14" and doc["log"].count("[Date ") == 1
    assert client.get("/api/games").json["games"][0]["date"] == "2026-11-14"
    assert keeper.history()[-1]["line"] == '[Date "2026-11-14"]'
    given = Keeper(client, tags={"Date": "2026-10-07"})  # a Date sent at the start is the one kept
    assert given.doc()["log"].count("[Date ") == 1 and '[Date "2026-10-07"]' in given.doc()["log"]
    late = given.add('[Date "2026-10-08"]')  # a second Date line: refused, and told where the first is
    assert late.status_code == 422 and "a second Date tag" in late.json["error"]
    undated = Keeper(client, tags={"Date": ""})  # a Date field cleared: no Date, to be added as a line
    assert "[Date " not in undated.doc()["log"] and undated.add('[Date "2026-10-08"]').status_code == 201


@pytest.mark.parametrize("tags, says", [({"Variant": "thirty"}, "cannot be changed here"),
                                        ({"Date": "14/11/2026"}, "YYYY-MM-DD"),
                                        ({"BaaziTarget": "50"}, "cannot be changed here")])
def test_a_retag_refuses_what_it_cannot_set(client, tags, says):
    keeper = kept(client)
    body = assert_envelope(keeper.send("/tags", tags=tags), 422)
    assert says in body["error"] and keeper.history()[-1]["kind"] == "append"


@pytest.mark.parametrize("tags", [{"Event": "a\nb"}, {"North": "\u0000"}, {"Round": "2\u2029"}])
def test_a_retag_refuses_a_value_with_a_control_character(client, tags):
    keeper = kept(client)
    body = assert_envelope(keeper.send("/tags", tags=tags), 400)
    assert [e["field"] for e in body["errors"]] == [f"tags.{next(iter(tags))}.value"]
    assert keeper.history()[-1]["kind"] == "append"


def test_a_retag_refuses_a_seat_the_game_does_not_have(client):
    keeper = Keeper(client, "two-player", players={"N": "Asha"})
    body = assert_envelope(keeper.send("/tags", tags={"West": "Divya"}), 422)
    assert "no West seat" in body["error"]
    assert_envelope(keeper.send("/tags", tags={}), 400)


def test_delete_takes_the_edit_token_and_removes_only_its_game(client):
    stored = upload(client, "game-standard-1.seep")
    other = kept(client)
    keeper = kept(client)
    assert_envelope(client.delete(f"/api/live/{keeper.id}"), 401)
    assert_envelope(client.delete(f"/api/live/{keeper.id}", headers=other.auth), 403)
    assert client.delete(f"/api/live/{keeper.id}", headers=keeper.auth).status_code == 204
    assert_envelope(keeper.get(), 404)
    assert client.get(f"/games/{keeper.id}").status_code == 404
    assert client.get(f"/live/{keeper.id}").status_code == 404
    ids = [g["id"] for g in client.get("/api/games").json["games"]]
    assert sorted(ids) == sorted([stored, other.id])
    assert other.doc()["log"].endswith("S 5h\n") and len(other.history()) == 6
    assert_envelope(client.delete(f"/api/live/{keeper.id}", headers=keeper.auth), 404)
    assert Keeper(client).id > keeper.id  # its id is not given again
