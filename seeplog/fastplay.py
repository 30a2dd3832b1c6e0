"""A fast path for the commonest line of a log: a plain play in canonical spelling.

`parse` tries it before the full reader; anything it does not match exactly (annotations, comments,
lenient spellings, mistakes) goes to the full reader, which gives the same `Play` for what both read.
"""
from __future__ import annotations

import re

from .cards import DECK
from .moves import Build, Capture, HouseRef, Item, Move, Throw, canonical_group, canonical_groups
from .statements import Play

CARD = r"[AKQJT2-9][shdc]"
ITEM = rf"(?:{CARD}|\[[1-9]\d?\])"
LINE = re.compile(rf"([NWSE]) ({CARD})( x(?: {ITEM}(?:\+{ITEM})*)+|(?:\+{ITEM})* =[1-9]\d?(?: {CARD}(?:\+{CARD})*)*)?")
MAX_LENGTH = 120
"""Longer lines are no plain plays (a play names at most 52 cards); the full reader takes them."""
ITEMS = re.compile(rf"{CARD}|\[[1-9]\d?\]")


ITEM_OF: dict[str, Item] = {**{str(c): c for c in DECK}, **{f"[{v}]": HouseRef(v) for v in range(1, 100)}}
"""Every card and house token in canonical spelling, and what it names."""
_item = ITEM_OF.__getitem__


def _groups(texts: list[str]) -> tuple[tuple[Item, ...], ...]:
    return tuple(tuple(map(_item, group.split("+"))) for group in texts)


def fast_play(text: str, number: int, seats: tuple[str, ...]) -> Play | None:
    """The play on a canonical play line, or None when the line needs the full reader."""
    if len(text) > MAX_LENGTH:
        return None
    m = LINE.fullmatch(text)
    if m is None or m.group(1) not in seats:
        return None
    seat, played, rest = m.groups()
    card = _item(played)
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
        groups = _groups(rest[3:].split(" "))
        move = Capture(card, groups if len(groups) == 1 and len(groups[0]) == 1 else canonical_groups(groups))
    else:
        main, _, after = rest.partition("=")
        parts = after.split(" ")
        items = tuple(map(_item, main.strip().split("+")[1:]))
        if sum(isinstance(i, HouseRef) for i in items) > 1:
            return None
        move = Build(card, canonical_group(items), int(parts[0]), canonical_groups(_groups(parts[1:])))
    return _play(seat, move, columns, number)


def _play(seat: str, move: Move, columns: dict[Item, int], number: int) -> Play:
    """A Play with exactly the fields its constructor would set, without the frozen dataclass's slow
    __init__ (this runs for nearly every line; test_fastplay compares it with the full reader's)."""
    play = object.__new__(Play)
    play.__dict__.update(line=number, seat=seat, move=move, annotation=None, columns=columns, seat_column=1)
    return play
