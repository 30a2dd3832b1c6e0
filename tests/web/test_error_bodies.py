"""Every error body of the API, the live API's 409s included, is an instance of the OpenAPI document's
`Error` schema (which allows no other key)."""
from __future__ import annotations

import pytest
from jsonschema import Draft202012Validator

from tests.web.helpers import upload
from tests.web.live_helpers import Keeper


@pytest.fixture
def error_schema(client):
    doc = client.get("/api/openapi.json").json
    return Draft202012Validator({"$ref": "#/components/schemas/Error", "components": doc["components"]})


def assert_error_body(schema, response, status: int) -> dict:
    assert response.status_code == status, response.get_data(as_text=True)[:500]
    body = response.json
    problems = [e.message for e in schema.iter_errors(body)]
    assert not problems, (problems, body)
    assert body["status"] == status and body["ok"] is False
    return body


def test_the_live_409s_keep_to_the_error_schema(client, error_schema):
    keeper = Keeper(client)
    keeper.add_all(["deal 1 dealer N"])
    stale = client.post(f"/api/live/{keeper.id}/entries", json={"version": 1, "line": "bid W 13"},
                        headers=keeper.auth)
    body = assert_error_body(error_schema, stale, 409)
    assert body["version"] == 2 and body["events"] and body["entries"]
    outcomes = assert_error_body(error_schema, client.get(f"/api/live/{keeper.id}/outcomes?card=Jd"), 409)
    assert outcomes["next"]["kind"] == "bid"
    assert keeper.send("/close").status_code == 201
    closed = assert_error_body(error_schema, keeper.add("bid W 13"), 409)
    assert closed["version"] == keeper.version


def test_the_other_errors_keep_to_the_error_schema(client, error_schema):
    game_id = upload(client, "game-standard-1.seep")
    keeper = Keeper(client)
    for response, status in [
        (client.post("/api/games", data=b"nothing here", content_type="text/plain"), 400),
        (client.post("/api/games", json={"games": [{"deals": [{"number": "x"}]}]}), 400),
        (client.post("/api/games", data=b"[" * 100, content_type="application/json"), 400),
        (client.get("/api/games?page=0"), 400),
        (client.get(f"/api/games/{game_id}/deals/99/plays/1"), 404),
        (client.post("/api/games", data=b"x" * 70_000, content_type="text/plain"), 413),
        (client.post(f"/api/live/{keeper.id}/entries", json={"version": 1, "line": "x"}), 401),
        (client.post(f"/api/live/{keeper.id}/entries", json={"version": 1, "line": "x"},
                     headers={"Authorization": "Bearer nope"}), 403),
        (keeper.add("deal 0 dealer N"), 422),
        (keeper.add("W Zz"), 422),
        (client.post("/api/live", json={"variant": "two-player", "players": {"E": "x"}}), 400),
        (client.get("/api/live/99999"), 404),
    ]:
        assert_error_body(error_schema, response, status)



JSON_BODIES = ["/api/games", "/api/live", "/api/live/1/entries", "/api/events", "/api/events/1/rounds/by-hand",
               "/api/players/1/rename"]
"""Requests that take a JSON body: the games API reads its own (a log), the others through their schemas."""


@pytest.mark.parametrize("path", JSON_BODIES)
def test_json_that_does_not_parse_is_answered_with_its_line_and_column_alike(client, error_schema, path):
    answer = client.post(path, data='{\n  "variant": ,\n}', content_type="application/json")
    body = assert_error_body(error_schema, answer, 400)
    assert body["error"] == "the body is not valid JSON: Expecting value at line 2, column 14"
    assert body["errors"] == [{"message": "Expecting value", "line": 2, "column": 14}]


@pytest.mark.parametrize("path", JSON_BODIES[1:])
@pytest.mark.parametrize("kind", ["text/plain", "application/x-www-form-urlencoded"])
def test_a_body_that_is_not_json_is_415_as_for_the_games_api(client, error_schema, path, kind):
    answer = client.post(path, data='{"variant": "standard", "version": 1}', content_type=kind)
    body = assert_error_body(error_schema, answer, 415)
    assert body["error"] == f"send the body as application/json (a JSON object), not {kind}"


@pytest.mark.parametrize("path", JSON_BODIES[1:])
@pytest.mark.parametrize("text, kind", [("[]", "array"), ("null", "null"), ("1", "number"), ('"x"', "string")])
def test_json_that_is_no_object_is_refused_as_such(client, error_schema, path, text, kind):
    body = assert_error_body(error_schema, client.post(path, data=text, content_type="application/json"), 400)
    assert body["error"] == f"the body is a JSON {kind}, not an object: send the request's fields as a JSON object"
    assert body["errors"] == []


@pytest.mark.parametrize("path", JSON_BODIES)
def test_a_byte_order_mark_before_the_json_is_read_past_alike(client, error_schema, path):
    """As POST /api/games reads a log: JSON after a UTF-8 byte order mark is the same JSON."""
    answer = client.post(path, data='\ufeff{\n  "variant": ,\n}'.encode(), content_type="application/json")
    assert assert_error_body(error_schema, answer, 400)["errors"] == [
        {"message": "Expecting value", "line": 2, "column": 14}]
    body = '{"variant": "standard"}'
    plain = client.post(path, data=body, content_type="application/json")
    marked = client.post(path, data=b"\xef\xbb\xbf" + body.encode(), content_type="application/json")
    assert marked.status_code == plain.status_code and (marked.json or {}).get("error") == (plain.json or {}).get(
        "error")
    if path == "/api/live":
        assert marked.status_code == 201
