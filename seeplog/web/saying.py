"""The library's sentences (`seeplog.said.Said`: a play in words, why a seat deals, a deal's note) said at the
view in the reader's language (the pages' scripts get them as `seeplog.said.said_json` data and say them with
static/text.js's seeplogSaid)."""
from __future__ import annotations

from seeplog.dispute import listed
from seeplog.ledger import either
from seeplog.said import Param

from .findings import said_here


def say(text: str | None) -> str:
    """A sentence of the library in the reader's language ('' for none; text that is no `Said` as it is)."""
    return said_here(text) if text else ""


def say_all(items: list[str]) -> str:
    """Items said together in the reader's language: "N and S"."""
    return _said(listed(list(items)))


def say_either(items: list[str]) -> str:
    """Items of which one, in the reader's language: "N or S"."""
    return _said(either(items))


def _said(part: Param) -> str:
    return say(part) if isinstance(part, str) else str(part)
