"""Helpers the web tests share: the app on a temporary store, forms, examples and the error envelope."""
from __future__ import annotations

import re

from app import create_app
from tests.helpers import EXAMPLES

LIMIT = 64 * 1024


def make_app(path, **config):
    return create_app({"TESTING": True, "DATABASE": str(path), "LOAD_SAMPLES": False, "SECRET_KEY": "test",
                       "MAX_CONTENT_LENGTH": LIMIT, "MAX_FORM_MEMORY_SIZE": LIMIT, **config})


def example(name: str) -> bytes:
    return (EXAMPLES / name).read_bytes()


def csrf_token(client) -> str:
    page = client.get("/upload").get_data(as_text=True)
    return re.search(r'name="csrf_token" type="hidden" value="([^"]+)"', page).group(1)


def upload(client, name: str) -> int:
    """Store an example through the API; its id."""
    response = client.post("/api/games", data=example(name), content_type="text/plain")
    assert response.status_code in (200, 201), response.json
    return response.json["id"]


def assert_envelope(response, status: int) -> dict:
    """The one error envelope of every 4xx."""
    assert response.status_code == status
    assert response.mimetype == "application/json"
    body = response.json
    assert set(body) - {"said"} == {"ok", "error", "errors", "status"}
    assert body["ok"] is False and body["status"] == status
    assert isinstance(body["error"], str) and body["error"]
    assert "said" not in body or told(body["said"]) == body["error"]  # the sentence again, to translate
    assert isinstance(body["errors"], list)
    for item in body["errors"]:
        assert isinstance(item["message"], str)
        assert "said" not in item or told(item["said"]) == item["message"]
    return body


def told(said: dict) -> str:
    """A sentence sent as its template and parameters (seeplog.said.said_json), said in English."""
    params = {name: told(value) if isinstance(value, dict) else value for name, value in said["params"].items()}
    return said["template"].format(**params)
