"""What a store refuses, in its own words: the web shell maps each kind to a status in one place
(`seeplog.web.api.errors.STATUS`); nothing here knows HTTP.

Each refusal carries a sentence, the items that say where (``{"message", "field" | "line", "column",
"rule"}``) and the facts a client needs to go on (`extra`: a live game's version after a conflict, say).
"""
from __future__ import annotations

from typing import Any


class Refusal(Exception):
    """A request a store will not carry out."""

    def __init__(self, message: str, errors: list[dict[str, Any]] | None = None,
                 extra: dict[str, Any] | None = None):
        super().__init__(message)
        self.message, self.errors, self.extra = message, errors or [], extra or {}


class NotFound(Refusal):
    """No such game."""


class NotAllowed(Refusal):
    """A token that does not keep the game (or no token where one is needed)."""

    def __init__(self, message: str, *, realm: str | None = None):
        super().__init__(message)
        self.realm = realm
        """The kind of token asked for (the bearer token of a live game, say); None for a form's token."""


class BadInput(Refusal):
    """Input of the wrong kind: not a log, a seat a variant does not have, a tag that cannot be read."""


class Refused(Refusal):
    """Well-formed input the game cannot take: a line that cannot stand there, an entry not there."""


class Conflict(Refusal):
    """The game is not where the request thought: closed, at another version, or the log stored already."""


class TooLarge(Refusal):
    """More than a limit of the service allows; the sentence names the limit and its setting."""
