"""Secret tokens (a game's manage token, a live game's edit token): long and random, shown once, kept only
as a sha256 hash, and compared in constant time."""
from __future__ import annotations

import base64
import hashlib
import hmac
import secrets

TOKEN_BYTES = 32
"""256 random bits: a token of 43 URL-safe characters."""


def new_token() -> str:
    return secrets.token_urlsafe(TOKEN_BYTES)


def token_hash(token: str) -> str:
    """What is stored of a token: its sha256, hex."""
    return hashlib.sha256(token.encode("utf-8")).hexdigest()


def derived_token(secret: str, purpose: str) -> str:
    """A token made from another (an event's organiser token gives each table's edit token): whoever holds
    `secret` can make it again, and it tells nothing of `secret`."""
    digest = hmac.new(secret.encode("utf-8"), purpose.encode("utf-8"), hashlib.sha256).digest()
    return base64.urlsafe_b64encode(digest).decode("ascii").rstrip("=")


def token_matches(token: str | None, stored: str | None) -> bool:
    """Whether `token` is the one whose hash is `stored`; compared in constant time, and compared even
    when there is nothing to match (so that the time does not tell whether a game has a token)."""
    expected = stored if stored is not None else token_hash(new_token())
    same = hmac.compare_digest(expected, token_hash(token or ""))
    return bool(stored is not None and token and same)


def bearer_token(authorization: str | None) -> str | None:
    """The token of an ``Authorization: Bearer <token>`` header (the scheme in any case), or None.

    >>> bearer_token("bearer abc "), bearer_token("Basic abc"), bearer_token("Bearer ")
    ('abc', None, None)
    """
    scheme, _, token = (authorization or "").partition(" ")
    return (token.strip() or None) if scheme.lower() == "bearer" else None
