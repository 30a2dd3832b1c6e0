"""What the OpenAPI document says of every route alike: the tokens a change sends (Swagger UI's Authorize), and
the 403 and 413 every write may get, each with a sentence that fits the route."""
from __future__ import annotations

import json
import re
import sys
import threading

import flask_smorest

from tests.web.helpers import LIMIT, assert_envelope, make_app

BEARER_ROUTES = {
    "DELETE /api/live/{game_id}", "POST /api/live/{game_id}/entries", "POST /api/live/{game_id}/undo",
    "POST /api/live/{game_id}/close", "POST /api/live/{game_id}/reopen", "POST /api/live/{game_id}/tags",
    "POST /api/players/{player_id}/merge", "POST /api/players/{player_id}/rename",
    "POST /api/players/{player_id}/split", "POST /api/events/{event_id}/rounds",
    "POST /api/events/{event_id}/rounds/by-hand", "POST /api/events/{event_id}/games",
    "DELETE /api/events/{event_id}/games/{game_id}", "POST /api/live/{game_id}/confirmations",
    "GET /api/events/{event_id}/director", "POST /api/events/{event_id}/tables/{game_id}/entries",
    "POST /api/events/{event_id}/tables/{game_id}/close", "POST /api/events/{event_id}/partnerships/{pair}/withdrawal",
    "DELETE /api/events/{event_id}/partnerships/{pair}/withdrawal"}
"""The routes that take a token as `Authorization: Bearer` alone."""
MANAGE_ROUTES = {"PUT /api/games/{game_id}", "DELETE /api/games/{game_id}"}
"""The routes that take a stored game's manage token: X-Manage-Token, or as a bearer token."""


def operations(client) -> dict[str, dict]:
    paths = client.get("/api/openapi.json").json["paths"]
    return {f"{method.upper()} {path}": op for path, item in paths.items() for method, op in item.items()
            if method in ("get", "post", "put", "delete")}


def writes(client) -> list[str]:
    return sorted(label for label in operations(client) if not label.startswith("GET "))


def address(label: str) -> tuple[str, str]:
    """The method and an address of a documented route (its parameters 1)."""
    method, path = label.split(" ")
    return method.lower(), re.sub(r"\{[a-z_]+\}", "1", path)


def test_the_document_names_the_token_each_route_takes(client):
    doc = client.get("/api/openapi.json").json
    schemes = doc["components"]["securitySchemes"]
    assert schemes["bearerToken"]["type"] == "http" and schemes["bearerToken"]["scheme"] == "bearer"
    assert schemes["manageToken"] == {**schemes["manageToken"], "type": "apiKey", "in": "header",
                                      "name": "X-Manage-Token"}
    secured = {label: op["security"] for label, op in operations(client).items() if "security" in op}
    assert set(secured) == BEARER_ROUTES | MANAGE_ROUTES
    assert all(secured[label] == [{"bearerToken": []}] for label in BEARER_ROUTES)
    assert all(secured[label] == [{"manageToken": []}, {"bearerToken": []}] for label in MANAGE_ROUTES)
    assert "security" not in doc  # reading needs no token


def test_every_write_documents_the_403_of_another_sites_page_and_the_413_of_a_large_body(client):
    found = operations(client)
    for label in writes(client):
        responses = found[label]["responses"]
        assert "another site" in responses["403"]["description"], label
        assert responses["413"]["content"]["application/json"]["schema"] == {"$ref": "#/components/schemas/Error"}


def test_every_write_from_another_site_is_refused_with_a_sentence_that_fits_it(client):
    for label in writes(client):
        method, path = address(label)
        answer = getattr(client, method)(path, json={}, headers={"Origin": "http://elsewhere.example"})
        said = assert_envelope(answer, 403)["error"]
        assert said.startswith("requests from another site (http://elsewhere.example) may not change anything"), label


def test_every_write_over_the_limit_is_413_saying_what_fits_the_route(client):
    """A JSON body is read before any route's work, so each says it (a route that reads no body ignores others)."""
    big = json.dumps({"note": "x" * LIMIT})
    for label in writes(client):
        method, path = address(label)
        said = assert_envelope(getattr(client, method)(path, data=big, content_type="application/json"), 413)["error"]
        assert f"the limit is {LIMIT:,} bytes" in said, label
        assert ("a Seep log is a few KiB" in said) is (label in ("POST /api/games", "PUT /api/games/{game_id}")), label


def test_the_routes_are_written_into_the_document_once_when_it_is_first_read(tmp_path, monkeypatch):
    written = []
    write = flask_smorest.Blueprint.register_views_in_doc
    monkeypatch.setattr(flask_smorest.Blueprint, "register_views_in_doc",
                        lambda blp, *args, **kwargs: written.append(blp.name) or write(blp, *args, **kwargs))
    client = make_app(tmp_path / "seeplog.db").test_client()
    assert written == []
    first = client.get("/api/openapi.json").json
    blueprints = list(written)
    assert len(blueprints) == len(set(blueprints)) == len(first["tags"])
    assert client.get("/api/openapi.json").json == first and written == blueprints
    assert first["components"]["schemas"]["Game"]["minProperties"] == 1  # GameSchema's DOCUMENT


def test_threads_reading_the_document_first_at_once_each_get_it_whole(tmp_path):
    whole = make_app(tmp_path / "alone.db").test_client().get("/api/openapi.json").data
    interval = sys.getswitchinterval()
    sys.setswitchinterval(1e-6)  # threads change hands often, as a busy worker's do
    try:
        for trial in range(5):
            answers = read_at_once(make_app(tmp_path / f"{trial}.db"), "/api/openapi.json", 6)
            assert [(answer.status_code, answer.data) for answer in answers] == [(200, whole)] * 6
    finally:
        sys.setswitchinterval(interval)


def read_at_once(app, path: str, readers: int) -> list:
    """The answers to `readers` threads getting `path` at the same moment."""
    start, answers = threading.Barrier(readers), []

    def read() -> None:
        client = app.test_client()
        start.wait()
        answers.append(client.get(path))
    threads = [threading.Thread(target=read) for _ in range(readers)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    return answers
