"""What an API request must pass, checked here once for every feature: a write comes from this site's
pages (or from no page), and a change sends its bearer token (a live game's edit token, an event's organiser
token, an administrator token)."""
from __future__ import annotations

from urllib.parse import urlsplit

from flask import request

from ..tokens import bearer_token
from .errors import ApiError


def same_origin_only() -> None:
    """Refuse writes sent from another site's page (a form posting text/plain cannot carry a CSRF token)."""
    origin = request.headers.get("Origin")
    if request.method in ("POST", "PUT", "DELETE") and origin and urlsplit(origin).netloc != request.host:
        raise ApiError(403, f"requests from another site ({origin}) may not change anything here: send them "
                                "from this site's pages, or from a script (which sends no Origin)")


def required_bearer(realm: str, missing: str) -> str:
    """The token of the request's `Authorization: Bearer` header; without one a 401 whose sentence is
    `missing`, with the realm's challenge."""
    token = bearer_token(request.headers.get("Authorization"))
    if token is None:
        raise ApiError(401, missing, headers={"WWW-Authenticate": f'Bearer realm="{realm}"'})
    return token
