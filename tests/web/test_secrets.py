"""Secrets: no cache keeps an answer or a page that shows a token (the session cookie holding none is checked in
test_manage.py)."""
from __future__ import annotations


def test_every_answer_that_shows_a_token_is_not_stored_by_caches(client):
    created = client.post("/api/games", data=b'[Variant "standard"]\n\ndeal 1 dealer N\n', content_type="text/plain")
    assert created.status_code == 201 and created.json["manage_token"]
    assert created.headers["Cache-Control"] == "no-store"
    started = client.post("/api/live", json={"variant": "standard"})
    assert started.json["edit_token"] and started.headers["Cache-Control"] == "no-store"
    game_id = started.json["id"]
    for path in (f"/live/{game_id}/keep", f"/live/{game_id}/started", f"/games/{game_id}"):
        assert client.get(path).headers["Cache-Control"] == "no-store", path
