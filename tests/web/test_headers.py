"""Every response carries the security headers; the session cookie is SameSite=Lax; no page needs inline script."""
from __future__ import annotations

import re

import pytest

from tests.web.helpers import csrf_token, upload

PATHS = ["/", "/upload", "/games/{id}", "/games/{id}/deals/1/plays/5", "/games/{id}.seep", "/games/{id}.csv",
         "/api/games", "/api/games/{id}", "/api/games/{id}/report", "/api/openapi.json", "/assets/play.js",
         "/games/999", "/api/games/999", "/nowhere"]


@pytest.mark.parametrize("path", PATHS)
def test_every_response_carries_the_security_headers(client, path):
    game_id = upload(client, "game-standard-1.seep")
    response = client.get(path.format(id=game_id))
    response.close()
    csp = response.headers["Content-Security-Policy"]
    assert "script-src 'self'" in csp and "unsafe-inline" not in csp and "frame-ancestors 'none'" in csp
    assert "default-src 'self'" in csp and "style-src 'self'" in csp
    assert response.headers["X-Content-Type-Options"] == "nosniff"
    assert response.headers["X-Frame-Options"] == "DENY"
    assert response.headers["Referrer-Policy"] == "same-origin"


def test_errors_and_refused_posts_carry_them_too(client):
    response = client.post("/api/games", data=b"{", content_type="text/plain")
    assert response.status_code == 400 and response.headers["X-Frame-Options"] == "DENY"
    response = client.post("/upload", data={"text": "x"})  # no CSRF token
    assert response.status_code == 400 and "Content-Security-Policy" in response.headers


def test_the_session_cookie_is_same_site_lax(client):
    client.get("/upload")
    cookie = client.get_cookie("session")
    assert cookie is not None and cookie.same_site == "Lax"
    csrf_token(client)


@pytest.mark.parametrize("path", ["/", "/upload", "/games/{id}", "/games/{id}/deals/1/plays/5", "/games/999"])
def test_pages_hold_no_inline_script_handler_or_style(client, path):
    html = client.get(path.format(id=upload(client, "game-standard-1.seep"))).get_data(as_text=True)
    assert not re.search(r"<script(?![^>]*\bsrc=)[^>]*>", html), "inline <script>"
    assert not re.search(r"\son[a-z]+\s*=", html), "inline event handler"
    assert not re.search(r"\sstyle\s*=", html) and "<style" not in html, "inline style"
    assert "javascript:" not in html
