"""Reading one line of a log (NOTATION.md): the one reader of a statement line, tags included.

`read_line` reads every line: a line in canonical spelling (nearly every line of a log a program wrote)
is recognised at once by compiled patterns of the grammar's productions in that spelling, and its
statement is made from the match; any other line is read token by token (`lexer`, `words`), which reads
the lenient spellings NOTATION.md allows and, for a line that cannot be read, says where and why. Both
ways make the statement with the same constructors, and give the same statement for a line both read
(tests/test_fastplay.py holds them to that on every line of the examples and of generated logs).
"""
from __future__ import annotations

import re
from collections.abc import Iterator, Mapping
from functools import cache, lru_cache

from ..cards import BY_ORDER, DECK, RANK_SYMBOLS, Card, Suit
from .lexer import Cursor, Fail, show
from ..moves import Build, Capture, HouseRef, Item, Move, Throw, canonical_group, in_group_order
from ..ruleset import SEATS as SEATS_FOUR, SEATS_TWO, TEAMS as TEAMS_FOUR, VARIANTS, seat_class
from ..said import Said
from .phrases import A_SEAT, A_TEAM, AFTER, DEAL_NUMBER, DEALER_WORD, START, THE_DEALER, WHAT
from .model import (BidLine, DealStart, FloorCards, Hand, NotationError, Play, Redeal, ScoreLine, Statement,
                    Unreadable)
from .tags import read_tag
from .words import (alternatives, end, is_card, read_annotation, read_cards, read_move, read_number,
                    read_seat)

KEYWORDS = ("deal", "redeal", "hand", "floor", "bid", "score")


def hand_cards(seats: tuple[str, ...]) -> int:
    """The most cards a hand line names: a seat's cards in a deal, the pack less the floor's four shared out (two
    players: both hands, RULES.md §2.7)."""
    return 48 // len(seats)


class Table:
    """The seats and score teams of a variant's table."""

    def __init__(self, variant: str):
        rules = VARIANTS.get(variant.lower())
        two = rules is not None and rules.players == 2
        self.seats = SEATS_TWO if two else SEATS_FOUR
        self.teams = SEATS_TWO if two else TEAMS_FOUR
        self.kind = "two-player" if two else "four-player"
        self.hand_cards = hand_cards(self.seats)


# ---------------------------------------------------------------- a line

def read_line(text: str, number: int, variant: str = "standard") -> Statement | None:
    """Read one line; None for a blank or comment line. An unreadable line becomes `Unreadable`.

    >>> play = read_line("w jd X 2s+9S Jc  {forced}", 7)
    >>> play.seat, play.move.groups, play.annotation, play.line
    ('W', ((Card(Jc),), (Card(9s), Card(2s))), 'forced', 7)
    >>> read_line("W Jd x Jc 9s+2z", 8).error
    NotationError('E-CARD', "'2z' is not a card: expected a rank (A 2-9 T J Q K) and a suit (s h d c)", \
line=8, column=14)
    """
    table = Table(variant)
    return canonical_statement(text, number, table.seats) or read_tokens(text, number, table)


NOT_UTF8 = re.compile("[\udc80-\udcff]")


def read_tokens(text: str, number: int, table: Table) -> Statement | None:
    """A line read token by token: any spelling NOTATION.md allows, and the error of a line it does not."""
    cur = Cursor(text, number)
    first = cur.peek()
    if first is None:
        return None
    try:
        bad = NOT_UTF8.search(text)
        if bad:
            raise Fail("E-SYNTAX", Said("byte {byte} is not UTF-8 text: save the log as UTF-8",
                                        byte=f"0x{ord(bad.group()) - 0xdc00:02x}"), bad.start() + 1)
        if first.text.startswith("["):
            return read_tag(text, number)
        return read_statement(cur, table)
    except Fail as fail:
        error = NotationError(fail.rule, fail.msg, number, fail.column, fail.column + fail.width)
        seat = first.text.upper() if first.text.upper() in SEATS_FOUR else None
        return Unreadable(text.rstrip(), error, seat, is_play_like(text), line=number)


# ---------------------------------------------------------------- canonical spelling, by patterns

CARD = f"[{RANK_SYMBOLS}][{''.join(Suit)}]"
ITEM = rf"(?:{CARD}|\[[1-9][0-9]?\])"
MOVE = re.compile(rf"({CARD})( x(?: {ITEM}(?:\+{ITEM})*)+|(?:\+{ITEM})* =[1-9][0-9]?(?: {CARD}(?:\+{CARD})*)*)?")
SEAT = seat_class()
OTHER = re.compile(rf"(deal) ([1-9][0-9]{{0,2}}) dealer ({SEAT})|(floor)((?: {CARD}){{4}})|(bid) ({SEAT}) ([1-9][0-9]?)"
                   rf"|(hand) ({SEAT})((?: {CARD}){{1,24}})|(redeal) ({SEAT}|floor)((?: {CARD}){{4}})")
SEAT_LETTERS = "".join(SEATS_FOUR)
ITEMS = re.compile(rf"{CARD}|\[[1-9][0-9]?\]")
MAX_LENGTH = 120
"""Longer lines are no plain plays (a play names at most 52 cards); they are read token by token."""

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


def canonical_statement(text: str, number: int, seats: tuple[str, ...]) -> Statement | None:
    """The statement on a line in canonical spelling (a play, or a deal, floor, bid, hand or redeal
    line), or None when the line is to be read token by token."""
    if len(text) > MAX_LENGTH:
        return None
    if text[:1] in SEAT_LETTERS:
        parts = play_parts(text)
        if parts is None or parts[0] not in seats:
            return None
        return Play(parts[0], parts[1], None, parts[2], 1, number)
    return _other(text, number, seats)


@lru_cache(maxsize=8192)
def play_parts(text: str) -> tuple[str, Move, Columns] | None:
    """The seat, move and columns of a play line, or None. Equal lines, which recur in a log, share them."""
    if text[1:2] != " ":
        return None
    move = canonical_move(text[2:])
    return None if move is None else (text[0], move, Columns(text))


@lru_cache(maxsize=8192)
def canonical_move(text: str) -> Move | None:
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
            return None  # two houses in the main group: read token by token, which says so
        value, *extras = after.split(" ")
        items = tuple(map(_item, main.split("+")[1:]))
        move = Build(card, canonical_group(items), int(value), _groups(extras))
    if len({card, *move.named}) <= len(move.named):
        return None  # a card or house named twice: read token by token, which says so
    return move


def _groups(texts: list[str]) -> tuple[tuple[Item, ...], ...]:
    """The groups of a move's text, in canonical order."""
    return in_group_order(tuple(map(_group, texts)))


@lru_cache(maxsize=4096)
def _group(text: str) -> tuple[Item, ...]:
    """One group (``9s+2s``), its items in canonical order. Far fewer groups than moves recur in a log."""
    return canonical_group(tuple(map(_item, text.split("+"))))


def _cards(text: str) -> tuple[Card, ...] | None:
    cards = sorted(map(_item, text.split()), key=BY_ORDER)
    return tuple(cards) if len(set(cards)) == len(cards) else None  # type: ignore[arg-type]


def _other(text: str, number: int, seats: tuple[str, ...]) -> Statement | None:
    m = OTHER.fullmatch(text)
    if m is None:
        return None
    g = m.groups()
    if g[0]:
        return DealStart(int(g[1]), g[2], dealer_column=m.start(3) + 1, line=number) if g[2] in seats else None
    if g[5]:
        return BidLine(g[6], int(g[7]), m.start(8) + 1, line=number) if g[6] in seats else None
    cards = _cards(g[4] or g[10] or g[13])
    if cards is None:
        return None
    if g[3]:
        return FloorCards(cards, Columns(text), line=number)
    if g[8]:
        return Hand(g[9], cards, Columns(text), line=number) \
            if g[9] in seats and len(cards) <= hand_cards(seats) else None
    seat = None if g[12] == "floor" else g[12]
    return Redeal(seat, cards, line=number) if seat is None or seat in seats else None


def clear_caches() -> None:
    """Forget the play lines read so far (the benchmark reads every corpus from a cold start)."""
    play_parts.cache_clear()
    canonical_move.cache_clear()
    _group.cache_clear()


# ---------------------------------------------------------------- any other spelling, token by token

def read_play(cur: Cursor, table: Table) -> Play:
    first = cur.peek()
    assert first is not None
    if is_card(first.text):
        raise cur.fail(Said("a play starts with its seat: expected a seat ({seats}) before {found}",
                            seats=alternatives(table.seats), found=show(first.text)), first)
    seat = read_seat(cur, table.seats)
    move, columns = read_move(cur)
    annotation = read_annotation(cur)
    end(cur, AFTER["play"])
    return Play(seat, move, annotation, columns, first.column, cur.line)


def read_deal(cur: Cursor, table: Table) -> DealStart:
    number = read_number(cur, DEAL_NUMBER, least=1)
    if cur.peek() is None:
        raise cur.fail(Said("expected 'dealer' and the dealer's seat at the end of the line: a deal line is "
                            "'deal N dealer SEAT'"))
    word = cur.word(DEALER_WORD)
    if word.text.lower() != "dealer":
        raise cur.fail(Said("expected 'dealer' after the deal number, found {found}: a deal line is "
                            "'deal N dealer SEAT'", found=show(word.text)), word)
    seat = cur.peek()
    if seat is not None and seat.text.lower() in ("north", "west", "south", "east"):
        raise cur.fail(Said("{word} is not a seat: seats are {seats} (write 'deal {number} dealer {seat}')",
                            word=show(seat.text), seats=" ".join(table.seats), number=number,
                            seat=seat.text[0].upper()), seat, "E-SEAT")
    column = seat.column if seat is not None else 1
    dealer = read_seat(cur, table.seats, THE_DEALER)
    annotation = read_annotation(cur)
    end(cur, AFTER["dealer"])
    return DealStart(number, dealer, annotation, dealer_column=column, line=cur.line)


def read_redeal(cur: Cursor, table: Table) -> Redeal:
    seat = None
    if cur.at("word", "floor"):
        cur.take()
    else:
        seat = read_seat(cur, table.seats, WHAT["redeal seat"])
    cards = read_cards(cur, WHAT["shown"], 4)
    end(cur, AFTER["redeal"])
    return Redeal(seat, cards, line=cur.line)


def read_hand(cur: Cursor, table: Table) -> Hand:
    seat = read_seat(cur, table.seats)
    columns: dict[Item, int] = {}
    too_many = Said("a hand line names at most {count} cards (a player's cards in a deal): this is card {next}",
                    count=table.hand_cards, next=table.hand_cards + 1)
    cards = read_cards(cur, WHAT["hand"], table.hand_cards, columns, too_many)
    end(cur, AFTER["hand"])
    return Hand(seat, cards, columns, line=cur.line)


def read_floor(cur: Cursor, table: Table) -> FloorCards:
    columns: dict[Item, int] = {}
    cards = read_cards(cur, WHAT["floor"], 4, columns)
    end(cur, AFTER["floor"])
    return FloorCards(cards, columns, line=cur.line)


def read_bid(cur: Cursor, table: Table) -> BidLine:
    seat = read_seat(cur, table.seats, WHAT["bidder"])
    at = cur.peek()
    value = read_number(cur, WHAT["bid"], faces=True)
    end(cur, AFTER["bid"])
    return BidLine(seat, value, at.column if at is not None else 1, line=cur.line)


def read_score(cur: Cursor, table: Table) -> ScoreLine:
    what = A_SEAT if table.teams == SEATS_TWO else A_TEAM
    found: dict[str, tuple[int, int]] = {}
    for _ in table.teams:
        token = cur.peek()
        team = read_seat(cur, table.teams, what)
        if team in found:
            other = next(t for t in table.teams if t not in found)
            raise cur.fail(Said("{team} is scored twice: expected {other}", team=team, other=other), token)
        points = read_number(cur, _points(team, False))
        sweeps = 0
        if cur.at("plus"):
            cur.take()
            sweeps = read_number(cur, _points(team, True))
        found[team] = (points, sweeps)
    end(cur, AFTER["score"])
    return ScoreLine(tuple((t, *found[t]) for t in table.teams), line=cur.line)


@cache
def _points(team: str, sweeps: bool) -> Said:
    return Said("{team}'s sweep points after '+'", team=team) if sweeps else Said("{team}'s card points", team=team)


READERS = {"deal": read_deal, "redeal": read_redeal, "hand": read_hand, "floor": read_floor,
           "bid": read_bid, "score": read_score}


def read_statement(cur: Cursor, table: Table) -> Statement:
    first = cur.peek()
    assert first is not None
    if first.kind == "word" and first.text.lower() in READERS:
        cur.take()
        return READERS[first.text.lower()](cur, table)
    if is_play_like(cur.text):
        return read_play(cur, table)
    if first.kind == "word" and first.text[:1].upper() in table.seats and is_card(first.text[1:]):
        raise cur.fail(Said("unknown keyword {word}: a seat and its card are two words, as in {spaced}",
                            word=show(first.text), spaced=show(f"{first.text[0]} {first.text[1:]}")), first)
    if first.kind == "word":
        raise cur.fail(Said("unknown keyword {word}: expected {start}", word=show(first.text), start=START), first)
    raise cur.fail(Said("unexpected {found} at the start of the line: expected {start}", found=show(first.text),
                        start=START), first)


def is_play_like(text: str) -> bool:
    """A line written as a play: its first word is a single letter (a seat, maybe a wrong one) or a card."""
    first = Cursor(text).take()
    if first is None or first.kind != "word" or first.text.lower() in READERS:
        return False
    return len(first.text) == 1 or is_card(first.text)
