"""A fast path for the common lines of a log in canonical spelling: plays, and the deal, floor, bid,
hand and redeal lines.

`parse` tries it before the full reader; anything it does not match exactly (annotations, comments,
lenient spellings, mistakes) goes to the full reader, which gives the same statement for what both
read (tests/test_fastplay.py checks this on every line of the examples and of generated logs).
"""
from __future__ import annotations

import re
from collections.abc import Iterator, Mapping
from functools import lru_cache

from ..cards import BY_ORDER, DECK, Card
from ..moves import Build, Capture, HouseRef, Item, Move, Throw, canonical_group, in_group_order
from ..ruleset import SEATS, seat_class
from .model import BidLine, DealStart, FloorCards, Hand, Play, Redeal, Statement

CARD = r"[AKQJT2-9][shdc]"
ITEM = rf"(?:{CARD}|\[[1-9][0-9]?\])"
MOVE = re.compile(rf"({CARD})( x(?: {ITEM}(?:\+{ITEM})*)+|(?:\+{ITEM})* =[1-9][0-9]?(?: {CARD}(?:\+{CARD})*)*)?")
SEAT = seat_class()
OTHER = re.compile(rf"(deal) ([1-9][0-9]{{0,2}}) dealer ({SEAT})|(floor)((?: {CARD}){{4}})|(bid) ({SEAT}) ([1-9][0-9]?)"
                   rf"|(hand) ({SEAT})((?: {CARD}){{1,24}})|(redeal) ({SEAT}|floor)((?: {CARD}){{4}})")
SEAT_LETTERS = "".join(SEATS)
ITEMS = re.compile(rf"{CARD}|\[[1-9][0-9]?\]")
MAX_LENGTH = 120
"""Longer lines are no plain plays (a play names at most 52 cards); the full reader takes them."""

CARD_OF: dict[str, Card] = {str(c): c for c in DECK}
ITEM_OF: dict[str, Item] = {**CARD_OF, **{f"[{v}]": HouseRef(v) for v in range(1, 100)}}
"""Every card and house token in canonical spelling, and what it names."""
_item = ITEM_OF.__getitem__


class Columns(Mapping[Item, int]):
    """Where each card and house of a play line stands (1-based), worked out only when asked for:
    columns are needed for a finding's position, not to replay the play."""

    __slots__ = ("_text", "_found")

    def __init__(self, text: str):
        self._text = text
        self._found: dict[Item, int] | None = None

    def _columns(self) -> dict[Item, int]:
        if self._found is None:
            self._found = {}
            for token in ITEMS.finditer(self._text, 2):
                self._found.setdefault(_item(token.group()), token.start() + 1)
        return self._found

    def __getitem__(self, item: Item) -> int:
        return self._columns()[item]

    def __iter__(self) -> Iterator[Item]:
        return iter(self._columns())

    def __len__(self) -> int:
        return len(self._columns())


def _groups(texts: list[str]) -> tuple[tuple[Item, ...], ...]:
    """The groups of a move's text, in canonical order."""
    return in_group_order(tuple(map(_group, texts)))


@lru_cache(maxsize=4096)
def _group(text: str) -> tuple[Item, ...]:
    """One group (``9s+2s``), its items in canonical order. Far fewer groups than moves recur in a log."""
    return canonical_group(tuple(map(_item, text.split("+"))))


def fast_line(text: str, number: int, seats: tuple[str, ...]) -> Statement | None:
    """The statement on a line in canonical spelling, or None when the line needs the full reader."""
    if len(text) > MAX_LENGTH:
        return None
    if text[:1] in SEAT_LETTERS:
        parts = play_parts(text)
        if parts is None or parts[0] not in seats:
            return None
        # A Play with exactly the fields its constructor sets, without the frozen dataclass's slow __init__
        # (this runs for nearly every line of a log: the constructor makes validation about 4% slower,
        # measured with bench/validate_speed.py's corpus, so this stays).
        play = object.__new__(Play)
        fields = play.__dict__
        fields["line"], fields["seat"], fields["move"] = number, parts[0], parts[1]
        fields["annotation"], fields["columns"], fields["seat_column"] = None, parts[2], 1
        return play
    statement = _other(text, seats)
    if statement is not None:
        object.__setattr__(statement, "line", number)
    return statement


@lru_cache(maxsize=8192)
def play_parts(text: str) -> tuple[str, Move, Columns] | None:
    """The seat, move and columns of a play line, or None. Equal lines, which recur in a log, share them."""
    if text[1:2] != " ":
        return None
    move = read_move(text[2:])
    return None if move is None else (text[0], move, Columns(text))


@lru_cache(maxsize=8192)
def read_move(text: str) -> Move | None:
    """The move of a play in canonical spelling (``Jd x Jc 9s+2s``), or None. Moves are immutable and
    most move texts recur in a log, so they are read once."""
    m = MOVE.fullmatch(text)
    if m is None:
        return None
    played, rest = m.groups()
    card = CARD_OF[played]
    if rest is None:
        return Throw(card)
    move: Move
    if rest[1] == "x":
        move = Capture(card, _groups(rest[3:].split(" ")))
    else:
        main, _, after = rest.partition(" =")
        if main.count("[") > 1:
            return None  # two houses in the main group: the full reader reports it
        value, *extras = after.split(" ")
        items = tuple(map(_item, main.split("+")[1:]))
        move = Build(card, canonical_group(items), int(value), _groups(extras))
    named = move.named
    if card in named or len(set(named)) != len(named):
        return None  # a card or house named twice: the full reader reports it
    return move


def _cards(text: str) -> tuple[Card, ...] | None:
    cards = sorted(map(_item, text.split()), key=BY_ORDER)
    return tuple(cards) if len(set(cards)) == len(cards) else None  # type: ignore[arg-type]


def _other(text: str, seats: tuple[str, ...]) -> Statement | None:
    m = OTHER.fullmatch(text)
    if m is None:
        return None
    g = m.groups()
    if g[0]:
        return DealStart(int(g[1]), g[2]) if g[2] in seats else None
    if g[5]:
        return BidLine(g[6], int(g[7])) if g[6] in seats else None
    cards = _cards(g[4] or g[10] or g[13])
    if cards is None:
        return None
    if g[3]:
        return FloorCards(cards)
    if g[8]:
        return Hand(g[9], cards) if g[9] in seats else None
    seat = None if g[12] == "floor" else g[12]
    return Redeal(seat, cards) if seat is None or seat in seats else None


def clear_caches() -> None:
    """Forget the play lines read so far (the benchmark reads every corpus from a cold start)."""
    play_parts.cache_clear()
    read_move.cache_clear()
    _group.cache_clear()
