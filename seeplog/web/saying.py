"""The library's sentences (seeplog.words.Said: a play in words, why a seat deals) said at the view in the
reader's language: the sentence and each part translated from the catalogs, where `N_` marked them."""
from __future__ import annotations

from flask_babel import gettext

from seeplog.live.table import either
from seeplog.words import Said


def say(said: Said | None) -> str:
    """The sentence in the reader's language ('' for none)."""
    return said.say(gettext) if said is not None else ""


def say_all(items: list[str]) -> str:
    """Items said together in the reader's language: "N and S"."""
    return Said("{items}", {"items": tuple(items)}).say(gettext)


def say_either(items: list[str]) -> str:
    """Items of which one, in the reader's language: "N or S"."""
    who = either(items)
    return say(who) if isinstance(who, Said) else str(who)
