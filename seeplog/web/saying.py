"""The library's sentences (`seeplog.said.Said`: a play in words, why a seat deals, a deal's note) said at the
view in the reader's language, and handed to the pages' scripts as data (`sentence`) for them to say."""
from __future__ import annotations

from typing import Any

from seeplog.dispute import SENTENCES, listed
from seeplog.live.table import REASONS, either
from seeplog.said import Param, Said

from .findings import said_here

LIBRARY_SENTENCES = SENTENCES + REASONS
"""The library's sentences the scripts may be sent: the pages carry their translations (scripttext)."""


def say(text: str | None) -> str:
    """A sentence of the library in the reader's language ('' for none; text that is no `Said` as it is)."""
    return said_here(text) if text else ""


def sentence(text: str | None) -> dict[str, Any] | None:
    """A `Said` as the scripts read it: {"text": its English template, "args": its values, a `Said` among
    them as such an object} (static/text.js's seeplogSaid says it); None for anything else."""
    if not isinstance(text, Said):
        return None
    return {"text": text.template,
            "args": {name: sentence(value) if isinstance(value, Said) else value for name, value in text.params}}


def say_all(items: list[str]) -> str:
    """Items said together in the reader's language: "N and S"."""
    return _said(listed(list(items)))


def say_either(items: list[str]) -> str:
    """Items of which one, in the reader's language: "N or S"."""
    return _said(either(items))


def _said(part: Param) -> str:
    return say(part) if isinstance(part, str) else str(part)
