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

