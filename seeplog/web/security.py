"""What every response carries against hostile pages and hostile URLs: the security headers, a SameSite
session cookie, and route ids bounded to what the store can hold (a larger id is a 404, not a crash)."""
from __future__ import annotations

from flask import Flask, Response
from werkzeug.routing import IntegerConverter

CONTENT_SECURITY_POLICY = "; ".join([
    "default-src 'self'",
    "script-src 'self'",
    "style-src 'self'",
    "img-src 'self' data:",
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'self'",
    "frame-ancestors 'none'",
])
"""Scripts and styles from the site's own files only: no inline script, handler or style attribute."""

HEADERS = {
    "Content-Security-Policy": CONTENT_SECURITY_POLICY,
    "X-Content-Type-Options": "nosniff",
    "X-Frame-Options": "DENY",
    "Referrer-Policy": "same-origin",
}

LARGEST_ID = 2 ** 63 - 1
"""The largest integer SQLite stores."""


class RowId(IntegerConverter):
    """``<int:...>`` in every route: ASCII digits, from 1 to the largest integer SQLite stores (a play's routes
    take 0 as well, ``<int(min=0):play>``, to say which play is not there)."""

    regex = r"[0-9]+"

    def __init__(self, map, *args, **kwargs) -> None:  # type: ignore[no-untyped-def]
        kwargs.setdefault("min", 1)
        kwargs.setdefault("max", LARGEST_ID)
        super().__init__(map, *args, **kwargs)


def add_headers(response: Response) -> Response:
    for name, value in HEADERS.items():
        response.headers.setdefault(name, value)
    return response


def secure(app: Flask) -> None:
    """Install the headers, the cookie policy and the bounded id converter (before any blueprint)."""
    app.url_map.converters["int"] = RowId
    if not app.config.get("SESSION_COOKIE_SAMESITE"):
        app.config["SESSION_COOKIE_SAMESITE"] = "Lax"
    app.after_request(add_headers)
