"""The crash classes a fuzzer found, through the service: each answers a 4xx in the error envelope (or its
findings), never a 500, and a refused request stores nothing. Reproducers in tests/data/hostile/."""
from __future__ import annotations

import pytest

from tests.helpers import DATA
from tests.web.helpers import assert_envelope
from tests.web.live_helpers import Keeper

HOSTILE = DATA / "hostile"
HUGE = "9" * 5001


def stored_count(client) -> int:
    return client.get("/api/games").json["total"]


def assert_refused_unchanged(keeper: Keeper, response, status: int = 422) -> dict:
    before = keeper.doc()
    body = assert_envelope(response, status)
    after = keeper.doc()
    assert (after["version"], after["log"]) == (before["version"], before["log"])
    return body


@pytest.mark.parametrize("upload", ["text", "json"])
def test_class1_value_error_on_a_unicode_digit(client, upload):
    text = (HOSTILE / "class1-unicode-digit.seep").read_text(encoding="utf-8")
    response = client.post("/api/games", data=text.encode(), content_type="text/plain") if upload == "text" else \
        client.post("/api/games", json={"games": [{"tags": {"Variant": "standard"}, "deals": [
            {"number": 1, "dealer": "N", "floor": ["Kh", "Jc", "9s", "2s"], "bid": {"seat": "E", "value": 13},
             "plays": [{"seat": "E", "move": "Ks x ²"}]}]}]})
    assert response.status_code == 201, response.json
    deal = response.json["report"]["games"][0]["deals"][0]
    assert any(e["rule"].startswith("E-") for e in deal["errors"])
    keeper = Keeper(client)
    keeper.add_all(["deal 1 dealer N", "floor Kh Jc 9s 2s", "bid W 13"])
    body = assert_refused_unchanged(keeper, keeper.add("W Ks x ²"))
    assert body["errors"][0]["rule"].startswith("E-")


def test_class2_index_error_on_a_variant_correction_after_a_bare_hand(client):
    """Deal, `hand E`, bid, floor, then entry 1 replaced by the two-player variant: E has no seat there, so
    the correction is refused and the game is as it was."""
    keeper = Keeper(client)
    keeper.add_all(["deal 1 dealer N", "hand E Ks Kd", "bid S 13", "floor Kh Jc 9s 2s"])
    body = assert_refused_unchanged(keeper, keeper.add('[Variant "two-player"]', replace=1))
    assert "entry 4" in body["error"] and body["errors"][0]["rule"] == "E-SEAT"  # after Variant, Date, deal
    assert keeper.doc()["next"]["kind"] == "play"


def test_class3_key_error_on_a_variant_correction_after_an_east_play(client):
    keeper = Keeper(client)
    keeper.add_all(["deal 1 dealer N", "floor Kh Jc 9s 2s", "bid W 13", "W 5h", "S 6h", "E 7h"])
    body = assert_refused_unchanged(keeper, keeper.add('[Variant "two-player"]', replace=1))
    assert body["errors"][0]["rule"] == "E-SEAT"
    assert keeper.add('[Variant "juneja"]', replace=1).status_code == 201  # a variant the entries fit


def test_deleting_a_deal_line_its_plays_follow_is_refused(client):
    """Without its deal line a deal's floor, bid and plays cannot be read: the deletion is refused, as the
    replace of that line by a play is, and the game is as it was."""
    keeper = Keeper(client)
    keeper.add_all(["deal 1 dealer N", "floor Kh Jc 9s 2s", "bid W 11", "W Jd x Jc 9s+2s"])
    body = assert_refused_unchanged(keeper, keeper.send(delete=3))  # after Variant and Date
    assert "entry 3" in body["error"] and {e["rule"] for e in body["errors"]} == {"E-SYNTAX"}
    assert keeper.doc()["next"]["kind"] == "play"
    assert keeper.send(delete=6).status_code == 201  # the play: nothing else stands on it


def test_a_variant_correction_the_entries_fit_is_taken(client):
    keeper = Keeper(client)
    keeper.add_all(["deal 1 dealer N", "floor Kh Jc 9s 2s", "bid S 13"])
    response = keeper.add('[Variant "two-player"]', replace=1)
    assert response.status_code == 201, response.json
    assert keeper.doc()["variant"] == "two-player"


def test_class4_assertion_error_on_a_deal_of_bid_score_then_floor(client):
    text = (HOSTILE / "class4-bid-score-floor.seep").read_bytes()
    response = client.post("/api/games", data=text, content_type="text/plain")
    assert response.status_code == 201
    game_id = response.json["id"]
    assert_envelope(client.get(f"/api/games/{game_id}/deals/1/plays/1"), 404)
    assert client.get(f"/games/{game_id}/deals/1/plays/1").status_code == 404
    assert client.get(f"/games/{game_id}").status_code == 200


SURROGATE_BODIES = {
    "player": '{"variant": "standard", "players": {"N": "\\ud800"}}',
    "tag": '{"variant": "standard", "tags": {"Event": "x\\udfff"}}',
    "tag-name": '{"variant": "standard", "tags": {"\\ud800": "x"}}',
}


@pytest.mark.parametrize("body", SURROGATE_BODIES.values(), ids=SURROGATE_BODIES.keys())
def test_class5_unicode_encode_error_on_a_lone_surrogate_at_start(client, body):
    before = stored_count(client)
    assert "surrogate" in assert_envelope(client.post("/api/live", data=body, content_type="application/json"),
                                          400)["error"]
    assert stored_count(client) == before
    reproducer = (HOSTILE / "class5-lone-surrogate.json").read_bytes()
    assert_envelope(client.post("/api/live", data=reproducer, content_type="application/json"), 400)


@pytest.mark.parametrize("path, field", [("/entries", "line"), ("/entries", "note"), ("/undo", "note"),
                                         ("/close", "note")])
def test_class5_unicode_encode_error_on_a_lone_surrogate_in_an_entry(client, path, field):
    keeper = Keeper(client)
    keeper.add_all(["deal 1 dealer N"])
    body = '{"version": %d, %s"%s": "a \\ud800 b"}' % (keeper.version, '"line": "bid W 13", ' if field == "note"
                                                       and path == "/entries" else "", field)
    if field == "line":
        body = '{"version": %d, "line": "bid W 13 {\\ud800}"}' % keeper.version
    response = client.post(f"/api/live/{keeper.id}{path}", data=body, content_type="application/json",
                           headers=keeper.auth)
    assert "surrogate" in assert_refused_unchanged(keeper, response, 400)["error"]


@pytest.mark.parametrize("path", ["", "/entries", "/undo", "/close"])
def test_class6_recursion_error_on_deeply_nested_json(client, path):
    keeper = Keeper(client)
    nested = (HOSTILE / "class6-deep-nesting.json").read_bytes()
    url = f"/api/live{path}" if not path else f"/api/live/{keeper.id}{path}"
    response = client.post(url, data=nested, content_type="application/json", headers=keeper.auth)
    assert "nests" in assert_refused_unchanged(keeper, response, 400)["error"]
    closed = b'{"version": 2, "note": ' + b"[" * 5000 + b"]" * 5000 + b"}"
    response = client.post(url, data=closed, content_type="application/json", headers=keeper.auth)
    assert_refused_unchanged(keeper, response, 400)


def test_numbers_of_5001_digits_are_refused(client):
    keeper = Keeper(client)
    for body in ['{"version": %s, "line": "deal 1 dealer N"}' % HUGE,
                 '{"version": 1, "line": "deal 1 dealer N", "replace": %s}' % HUGE]:
        response = client.post(f"/api/live/{keeper.id}/entries", data=body, content_type="application/json",
                               headers=keeper.auth)
        assert_refused_unchanged(keeper, response, 400)
    before = stored_count(client)
    assert_envelope(client.post("/api/live", data='{"variant": "standard", "players": {"N": %s}}' % HUGE,
                                content_type="application/json"), 400)
    for number in ('"number": %s' % HUGE, '"number": 1, "bid": {"seat": "W", "value": %s}' % HUGE):
        body = '{"games": [{"deals": [{%s, "dealer": "N"}]}]}' % number
        assert_envelope(client.post("/api/games", data=body, content_type="application/json"), 400)
        assert_envelope(client.post("/api/games", data=body, content_type="text/plain"), 400)
    assert stored_count(client) == before


@pytest.mark.parametrize("line", ["deal 0 dealer N", "deal -3 dealer N", "deal 99999999999999999999 dealer N",
                                  "deal ² dealer N"])
def test_a_deal_line_is_stored_as_sent_or_refused(client, line):
    keeper = Keeper(client)
    body = assert_refused_unchanged(keeper, keeper.add(line))
    error = body["errors"][0]
    assert error == {"rule": "E-SYNTAX", "message": error["message"], "line": 3, "column": 6,
                     "said": error["said"]}
    assert error["said"]["template"].startswith("expected {expected}")
    keeper.add_all(["deal 1 dealer N", "bid W 13"])
    assert_refused_unchanged(keeper, keeper.add(line, replace=2))
