"""The bearer token an API request must send to change something (a live game's edit token, an event's
organiser token, an administrator token): read once here for every feature."""
from __future__ import annotations

from flask import request

from ..tokens import bearer_token
from .errors import ApiError


def required_bearer(realm: str, missing: str) -> str:
    """The token of the request's `Authorization: Bearer` header; without one a 401 whose sentence is
    `missing`, with the realm's challenge."""
    token = bearer_token(request.headers.get("Authorization"))
    if token is None:
        raise ApiError(401, missing, headers={"WWW-Authenticate": f'Bearer realm="{realm}"'})
    return token
