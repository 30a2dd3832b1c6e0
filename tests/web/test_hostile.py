"""Hostile requests: each gets a clear 4xx in the one envelope (or, for a readable log, its E- entries), and a
refused one stores nothing."""
from __future__ import annotations

import pytest

from tests.test_hostile import HOSTILE
from tests.web.helpers import assert_envelope, csrf_token, upload

TOO_BIG = 2 ** 63
NESTED_JSON = '{"games":' + "[" * 30000
NESTED_CLOSED = '{"games":' + "[" * 20000 + "]" * 20000 + "}"
SURROGATE = '{"games":[{"tags":{"Event":"\\ud800"}}]}'


def stored_count(client) -> int:
    return client.get("/api/games").json["total"]


def test_a_tag_line_of_5000_digits_passes_the_tag_length_limit(client):
    response = client.post("/api/games", data=HOSTILE["baazi-target-5000-digits"].encode(), content_type="text/plain")
    assert "SEEPLOG_MAX_TAG_LENGTH" in assert_envelope(response, 413)["error"]
    assert stored_count(client) == 0


@pytest.mark.parametrize("name", ["max-houses-superscript", "house-arabic-indic-digit", "house-fullwidth-digit",
                                  "build-value-fullwidth"])
def test_a_hostile_log_is_stored_with_its_errors(client, name):
    response = client.post("/api/games", data=HOSTILE[name].encode(), content_type="text/plain")
    assert response.status_code == 201
    games = response.json["report"]["games"]
    found = [e for g in games for e in g["errors"] + [e for d in g["deals"] for e in d["errors"]]]
    assert any(e["rule"] == "E-SYNTAX" for e in found)
    assert client.get(response.json["url"]).status_code == 200
    assert client.get(f"/api/games/{response.json['id']}/report").status_code == 200


@pytest.mark.parametrize("body, kind", [
    (NESTED_JSON, "application/json"), (NESTED_CLOSED, "application/json"), (NESTED_CLOSED, "text/plain"),
    ('{"a":' * 12000, "text/plain"), (SURROGATE, "application/json"), (SURROGATE, "text/plain"),
], ids=["json-open", "json-closed", "text-json-closed", "text-braces", "surrogate-json", "surrogate-text"])
def test_hostile_json_is_refused_and_nothing_stored(client, body, kind):
    before = stored_count(client)
    body = assert_envelope(client.post("/api/games", data=body.encode(), content_type=kind), 400)
    assert "nests" in body["error"] or "surrogate" in body["error"]
    assert stored_count(client) == before


def test_the_upload_form_refuses_hostile_json(client):
    token = csrf_token(client)
    response = client.post("/upload", data={"csrf_token": token, "text": "{" + '"a":{' * 5000})
    assert response.status_code == 400 and "nests" in response.get_data(as_text=True)
    response = client.post("/upload", data={"csrf_token": token, "text": SURROGATE})
    assert response.status_code == 400 and "surrogate" in response.get_data(as_text=True)
    assert stored_count(client) == 0


@pytest.mark.parametrize("path", [
    "/api/games/{big}", "/api/games/{big}/report", "/api/games/{id}/deals/{big}/plays/1",
    "/api/games/{id}/deals/1/plays/{big}", "/games/{big}", "/games/{big}.seep", "/games/{big}.csv",
    "/games/{big}.json", "/games/{id}/deals/{big}/plays/1", "/games/{id}/deals/1/plays/{big}",
    "/games/{id}/deals/1/plays/{huge}", "/games/١", "/api/games/0",
])
def test_ids_beyond_the_store_are_not_found(client, path):
    game_id = upload(client, "game-standard-1.seep")
    response = client.get(path.format(big=TOO_BIG, huge="9" * 5000, id=game_id), headers={"Accept": "application/json"})
    assert_envelope(response, 404)


@pytest.mark.parametrize("query", ["page=92233720368547758&per_page=100", f"page={TOO_BIG}", "page=" + "9" * 5000,
                                   "per_page=" + "9" * 5000])
def test_pages_beyond_the_store_are_refused(client, query):
    upload(client, "game-standard-1.seep")
    body = assert_envelope(client.get(f"/api/games?{query}"), 400)
    assert body["errors"][0]["field"] in ("page", "per_page")
    page = client.get(f"/?{query}")
    said = f"the list cannot read {body['errors'][0]['field']}= in the address"
    assert page.status_code == 400 and said in page.get_data(as_text=True)  # the page names the field


@pytest.mark.parametrize("game", ["²", "١", "9" * 5000, "-1", "0"])
def test_the_game_of_a_file_must_be_a_plain_number(client, game):
    game_id = upload(client, "game-standard-1.seep")
    assert client.get(f"/games/{game_id}/deals/1/plays/1?game={game}").status_code == 400
    assert_envelope(client.get(f"/api/games/{game_id}/deals/1/plays/1?game={game}"), 400)
