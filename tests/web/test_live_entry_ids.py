"""The live API's corrections by entry id: a replace, insert, delete or undo sent with `entry_id` is stored
only while its number still names that entry (else 409, `moved` saying where it went); every answer names
the id of the entry it wrote; findings a correction leaves unjudged (past a new log error) are not cleared."""
from __future__ import annotations

from tests.web.helpers import assert_envelope
from tests.web.live_helpers import Keeper, live_store_fixtures

app, client = live_store_fixtures()

DEAL = ["deal 1 dealer N", "floor Kc 9d 5d 4h", "bid W 13", "W Ks x Kc 9d+4h", "S 5c x 5d", "E Ac"]
"""Entries 2-7 after the Variant tag: W's bid play, S's capture (entry 6), E's throw (the last, entry 7)."""


def kept(client) -> Keeper:
    keeper = Keeper(client, tags={"Date": ""})  # undated: the Variant tag alone before the deal
    keeper.add_all(DEAL)
    return keeper


def entry_id(keeper: Keeper, line: str) -> int:
    return next(e["id"] for e in keeper.doc()["entries"] if e["line"] == line)


def assert_moved(response, meant: int, now: int | None) -> dict:
    body = response.json
    assert response.status_code == 409 and body["ok"] is False
    assert body["moved"] == {"id": meant, "entry": now} and body["events"] == []
    assert [e["id"] for e in body["entries"]].count(meant) == (now is not None)
    return body


def test_a_replace_of_an_entry_that_moved_is_refused_and_says_where_it_went(client):
    keeper = kept(client)
    meant = entry_id(keeper, "S 5c x 5d")
    assert keeper.send(insert_before=3, line="hand W Ks Js 8c 3c").status_code == 201  # before the floor
    before = keeper.doc()
    body = assert_moved(keeper.send(replace=6, line="S 5c x 5d {sweep}", entry_id=meant), meant, 7)
    assert body["error"] == (f"entry 6 is another entry now: the one meant (id {meant}) is entry 7; nothing was "
                             "stored")
    assert keeper.doc() == before
    answer = keeper.send(replace=7, line="S 5c x 5d {sweep}", entry_id=meant)
    assert answer.status_code == 201 and answer.json["entry"] == 7
    lines = [e["line"] for e in keeper.doc()["entries"]]
    assert lines[6:8] == ["S 5c x 5d {sweep}", "E Ac"] and lines[2] == "hand W Ks Js 8c 3c"


def test_a_correction_of_an_entry_no_longer_there_is_refused(client):
    keeper = kept(client)
    meant = entry_id(keeper, "S 5c x 5d")
    assert keeper.send(replace=6, line="S 5c x 5d {sweep}").status_code == 201  # a replaced entry is a new one
    for request in ({"delete": 6}, {"replace": 6, "line": "S 5c x 5d"}, {"insert_before": 6, "line": "N 2c"}):
        body = assert_moved(keeper.send(entry_id=meant, **request), meant, None)
        assert body["error"] == f"the entry meant (id {meant}) is no longer in the game: nothing was stored"
    assert [e["line"] for e in keeper.doc()["entries"]][5] == "S 5c x 5d {sweep}"


def test_an_undo_meant_for_an_entry_no_longer_last_deletes_nothing(client):
    keeper = kept(client)
    meant = entry_id(keeper, "E Ac")
    keeper.add("N Ah x Ac")  # the other phone's play comes after the one this phone undoes
    before = keeper.doc()
    assert_moved(keeper.send("/undo", entry_id=meant), meant, 7)
    assert keeper.doc() == before
    removed = keeper.send(delete=7, entry_id=meant)  # what the keep page sends for it: a delete by id
    assert removed.status_code == 201
    assert [e["line"] for e in keeper.doc()["entries"]][-2:] == ["S 5c x 5d", "N Ah x Ac"]
    last = entry_id(keeper, "N Ah x Ac")
    assert keeper.send("/undo", entry_id=last).status_code == 201
    assert keeper.doc()["entries"][-1]["line"] == "S 5c x 5d"


def test_a_stale_version_is_answered_first_with_what_changed(client):
    keeper = kept(client)
    meant, version = entry_id(keeper, "E Ac"), keeper.version
    keeper.add("N Ah x Ac")
    stale = keeper.post("/undo", {"version": version, "entry_id": meant})
    assert stale.status_code == 409 and "moved" not in stale.json
    assert [e["line"] for e in stale.json["events"]] == ["N Ah x Ac"]


def test_an_appended_line_takes_no_entry_id(client):
    keeper = kept(client)
    body = assert_envelope(keeper.send(line="N Ah x Ac", entry_id=1), 422)
    assert [{k: v for k, v in e.items() if k != "said"} for e in body["errors"]] == [
        {"field": "entry_id", "message": "entry_id names the entry a correction concerns: an appended line has none"}]
    assert_envelope(keeper.send("/close", entry_id=1), 400)


def test_the_answer_names_the_id_of_the_entry_written(client):
    keeper = kept(client)
    appended = keeper.add("N Ah x Ac").json
    assert appended["id"] == entry_id(keeper, "N Ah x Ac") and appended["entry"] == 8
    replaced = keeper.send(replace=8, line="N Ah x Ac {sweep}").json
    assert replaced["id"] == entry_id(keeper, "N Ah x Ac {sweep}") != appended["id"]
    assert keeper.send("/undo").json["id"] is None


def test_findings_past_a_new_log_error_are_not_judged_rather_than_cleared(client):
    keeper = Keeper(client, tags={"Date": ""})
    keeper.add_all(DEAL[:5] + ["E 5c"])  # E plays S's card again: E-CARD at play 3
    flagged = entry_id(keeper, "E 5c")
    answer = keeper.send(replace=5, line="W 5c").json  # W's bid play now plays 5c: S's play 2 repeats it
    assert [f["rule"] for f in answer["revealed"]] == ["E-CARD"] and answer["revealed"][0]["play"] == 2
    assert [f for f in answer["cleared"] if f["play"] != 1] == []  # (play 1 is the entry replaced)
    assert [(f["rule"], f["play"], f["entry"], f["entry_id"]) for f in answer["unjudged"]] == \
        [("E-CARD", 3, 7, flagged)]
    assert keeper.doc()["next"]["stopped"]["play"] == 2
    mended = keeper.send(replace=5, line="W Ks x Kc 9d+4h").json  # play 2 judged again, and play 3 too
    assert [(f["rule"], f["play"]) for f in mended["revealed"]] == [("E-CARD", 3)]
    assert [(f["rule"], f["play"]) for f in mended["cleared"] if f["play"] != 1] == [("E-CARD", 2)]
    assert mended["unjudged"] == []


def test_the_api_document_describes_entry_id_and_moved(client):
    doc = client.get("/api/openapi.json").json
    schemas = doc["components"]["schemas"]
    assert "entry_id" in schemas["Entry"]["properties"] and "entry_id" in schemas["Undo"]["properties"]
    assert "entry_id" not in schemas["Close"]["properties"]
    assert {"id", "unjudged"} <= set(schemas["EntryAnswer"]["properties"])
    assert "moved" in schemas["Error"]["properties"]
