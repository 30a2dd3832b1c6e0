"""A fast path for the commonest line of a log: a plain play in canonical spelling.

`parse` tries it before the full reader; anything it does not match exactly (annotations, comments,
lenient spellings, mistakes) goes to the full reader, which gives the same `Play` for what both read.
"""
from __future__ import annotations

import re

from .cards import CARD_TOKENS, Card
from .moves import Build, Capture, HouseRef, Item, Throw, canonical
from .statements import Play

CARD = r"[AKQJT2-9][shdc]"
ITEM = rf"(?:{CARD}|\[[1-9]\d?\])"
LINE = re.compile(rf"([NWSE]) ({CARD})( x(?: {ITEM}(?:\+{ITEM})*)+|(?:\+{ITEM})* =[1-9]\d?(?: {CARD}(?:\+{CARD})*)*)?")
MAX_LENGTH = 120
"""Longer lines are no plain plays (a play names at most 52 cards); the full reader takes them."""
ITEMS = re.compile(rf"{CARD}|\[[1-9]\d?\]")


def _item(text: str) -> Item:
    return HouseRef(int(text[1:-1])) if text[0] == "[" else CARD_TOKENS[text.upper()]


def _groups(texts: list[str]) -> tuple[tuple[Item, ...], ...]:
    return tuple(tuple(_item(t) for t in group.split("+")) for group in texts)


def fast_play(text: str, number: int, seats: tuple[str, ...]) -> Play | None:
    """The play on a canonical play line, or None when the line needs the full reader."""
    if len(text) > MAX_LENGTH:
        return None
    m = LINE.fullmatch(text)
    if m is None or m.group(1) not in seats:
        return None
    seat, played, rest = m.groups()
    card: Card = CARD_TOKENS[played.upper()]
    columns: dict[Item, int] = {}
    found = 0
    for token in ITEMS.finditer(text, 2):
        columns.setdefault(_item(token.group()), token.start() + 1)
        found += 1
    if len(columns) != found:
        return None  # a card or house named twice: the full reader reports it
    if rest is None:
        move = Throw(card)
    elif rest.startswith(" x"):
        move = canonical(Capture(card, _groups(rest[3:].split(" "))))
    else:
        main, _, after = rest.partition("=")
        parts = after.split(" ")
        items = tuple(_item(t) for t in main.strip().split("+")[1:])
        if sum(isinstance(i, HouseRef) for i in items) > 1:
            return None
        move = canonical(Build(card, items, int(parts[0]), _groups(parts[1:])))
    return Play(seat, move, None, columns, 1, line=number)
