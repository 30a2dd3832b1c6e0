"""What the OpenAPI document says of every route alike: the tokens a change sends (Swagger UI's Authorize)."""
from __future__ import annotations

BEARER_ROUTES = {
    "DELETE /api/live/{game_id}", "POST /api/live/{game_id}/entries", "POST /api/live/{game_id}/undo",
    "POST /api/live/{game_id}/close", "POST /api/live/{game_id}/reopen", "POST /api/live/{game_id}/tags",
    "POST /api/players/{player_id}/merge", "POST /api/players/{player_id}/rename",
    "POST /api/players/{player_id}/split", "POST /api/events/{event_id}/rounds",
    "POST /api/events/{event_id}/rounds/by-hand", "POST /api/events/{event_id}/games",
    "DELETE /api/events/{event_id}/games/{game_id}", "POST /api/live/{game_id}/confirmations",
    "GET /api/events/{event_id}/director", "POST /api/events/{event_id}/tables/{game_id}/entries"}
"""The routes that take a token as `Authorization: Bearer` alone."""
MANAGE_ROUTES = {"PUT /api/games/{game_id}", "DELETE /api/games/{game_id}"}
"""The routes that take a stored game's manage token: X-Manage-Token, or as a bearer token."""


def operations(client) -> dict[str, dict]:
    paths = client.get("/api/openapi.json").json["paths"]
    return {f"{method.upper()} {path}": op for path, item in paths.items() for method, op in item.items()
            if method in ("get", "post", "put", "delete")}


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

