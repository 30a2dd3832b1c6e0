"""Reading Seep logs (NOTATION.md): one statement per line, every bad line kept and reported.

`parse` reads a whole file; `read_line` (`grammar`) reads one line. A line that cannot be read becomes an
`Unreadable` statement carrying a `NotationError` (``E-SYNTAX``, ``E-CARD`` or ``E-SEAT``) with the
line and the column where reading stopped, and the lines after it are read as usual.
"""
from __future__ import annotations

import re
from typing import Iterable, Iterator

from ..said import Said
from .lexer import Cursor, show
from .model import (BidLine, Deal, DealStart, FloorCards, Game, Hand, Log, NotationError, Play,
                         Redeal, ScoreLine, Statement, Tag, Unreadable)
from ..ruleset import SEATS as SEATS_FOUR, SEATS_TWO, TEAMS as TEAMS_FOUR
from .grammar import KEYWORDS, Table, canonical_statement, is_play_like, read_line, read_tokens
from .tags import KNOWN_TAGS, VARIANT_NAMES, tag_order

__all__ = [
    "parse", "parse_strict", "read_line", "split_lines", "NotationError", "Log", "Game", "Deal", "Statement", "Tag",
    "DealStart", "Redeal", "Hand", "FloorCards", "BidLine", "Play", "ScoreLine", "Unreadable",
    "KNOWN_TAGS", "VARIANT_NAMES", "SEATS_FOUR", "SEATS_TWO", "TEAMS_FOUR", "KEYWORDS", "tag_order",
]


# ---------------------------------------------------------------- lines

LINES_AT_ONCE = 1 << 16
"""Characters split into lines at a time: a long log's lines are made a part at a time, not all at once."""


def split_lines(text: str) -> Iterator[tuple[int, str]]:
    r"""The lines of a file, numbered from 1: line ends are ``\n``, ``\r\n`` or ``\r``; a byte order
    mark at the start of a line is dropped.

    >>> list(split_lines("\ufeffa\r\nb\rc\n"))
    [(1, 'a'), (2, 'b'), (3, 'c')]
    """
    return enumerate(_lines(text, "\r" in text, "\ufeff" in text), start=1)


def _lines(text: str, carriage: bool, mark: bool) -> Iterator[str]:
    """The lines of `text`, split a part of about `LINES_AT_ONCE` characters at a time (each part ends
    with a line end, so that no line end is cut in two)."""
    start = 0
    while start < len(text):
        end = text.find("\n", start + LINES_AT_ONCE) + 1 or len(text)
        part = text[start:end]
        lines = re.split(r"\r\n|\r|\n", part) if carriage else part.split("\n")
        if lines[-1] == "":
            lines.pop()
        yield from (line.lstrip("\ufeff") for line in lines) if mark else lines
        start = end


# ---------------------------------------------------------------- a whole file

DEAL_LIKE = re.compile(r"\s*(deal(?![^\s{#])|(\S{1,12}\s+){1,2}dealer(?![^\s{#]))", re.IGNORECASE)


def first_word(text: str) -> str:
    """The line's first word in lower case: ``[`` for a tag line, ``deal`` for a line written as one
    (its first word is ``deal``, or its second or third is ``dealer``)."""
    if DEAL_LIKE.match(text) and not is_play_like(text):
        return "deal"
    m = re.match(r"\s*(\[|[^\s+=\[\]{}\"#]{1,8})", text)
    return m.group(1).lower() if m else ""


class _Games:
    """Sorts statements into games and deals as the lines come. `done` holds what is whole: a game (its
    header, without its deals) when its first deal starts or it ends, and a deal when the next one starts
    or its game ends."""

    def __init__(self) -> None:
        self.done: list[Game | Deal] = []
        self._start()

    def _start(self, started_by: int | None = None) -> None:
        self.header: list[Statement] = []
        self.deal: list[Statement] | None = None
        """The statements of the deal being read (None before the game's first deal)."""
        self.table = Table("standard")
        self.started_by = started_by
        """The line of the tag that began this game after another game's deals (None for the first game)."""

    def _header(self) -> Game:
        return Game(tuple(sorted(self.header, key=tag_order)), ())

    def _begin_deal(self, statements: list[Statement]) -> None:
        self.done.append(self._header() if self.deal is None else Deal(tuple(self.deal)))
        self.deal = statements

    def close(self, started_by: int | None = None) -> None:
        if self.deal is not None:
            self.done.append(Deal(tuple(self.deal)))
        elif self.header:
            self.done.append(self._header())
        self._start(started_by)

    def add(self, statement: Statement, text: str) -> None:
        # Only a line that cannot be read is sorted by its first word (a tag or a deal line read is typed).
        head = first_word(text) if isinstance(statement, Unreadable) else ""
        if isinstance(statement, Tag) or head == "[":
            self.add_tag(statement, text)
        elif isinstance(statement, DealStart):
            self._begin_deal([statement])
        elif head == "deal" and isinstance(statement, Unreadable):
            self.add_bad_deal(statement, text)
        elif self.deal is not None:
            self.deal.append(_in_deal(statement, self.deal, text))
        else:
            self.header.append(_outside_deal(statement, text, self.started_by))

    def add_tag(self, statement: Statement, text: str) -> None:
        if self.deal is not None:
            self.close(statement.line)
        if isinstance(statement, Tag):
            statement = self._once(statement, text)
        if isinstance(statement, Tag) and statement.name == "Variant":
            self.table = Table(statement.value)
        self.header.append(statement)

    def _once(self, tag: Tag, text: str) -> Statement:
        if tag.name not in KNOWN_TAGS:  # only a known tag is looked for again (thousands of others: no scan each)
            return tag
        earlier = next((s for s in self.header if isinstance(s, Tag) and s.name == tag.name), None)
        if earlier is None:
            return tag
        said = Said("a second {name} tag in this game (line {line} already says {value})", name=tag.name,
                    line=earlier.line, value=show(earlier.value))
        error = NotationError("E-SYNTAX", said, tag.line, _indent(text))
        return Unreadable(text.rstrip(), error, line=tag.line)

    def add_bad_deal(self, bad: Unreadable, text: str) -> None:
        """A ``deal`` line that cannot be read still starts a deal: its number and dealer are read where
        the first few words tell them; a dealer that cannot be told is left to the rotation."""
        number, dealer = salvage_deal(text, self.table.seats)
        previous = self.deal[0] if self.deal is not None else None
        if number is None:
            number = previous.number + 1 if previous is not None else 1  # type: ignore[attr-defined]
        known = dealer is not None
        if dealer is None:
            dealer = previous.dealer if previous is not None else self.table.seats[0]  # type: ignore[attr-defined]
        self._begin_deal([DealStart(number, dealer, recovered=True, dealer_known=known, line=bad.line), bad])


SEAT_NAMES = {"NORTH": "N", "WEST": "W", "SOUTH": "S", "EAST": "E"}


def salvage_deal(text: str, seats: tuple[str, ...]) -> tuple[int | None, str | None]:
    """The number and dealer of a ``deal`` line that cannot be read, where its first few words tell them
    (a seat written in full, ``North``, counts as its letter)."""
    cur = Cursor(text)
    cur.take()
    number = dealer = None
    for _ in range(4):
        token = cur.take()
        if token is None or token.kind != "word":
            break
        word = token.text.upper()
        word = SEAT_NAMES.get(word, word)
        if number is None and dealer is None and word.isascii() and word.isdigit() and 0 < len(word) <= 4:
            number = int(word) or None
        elif dealer is None and word in seats:
            dealer = word
    return number, dealer


def _indent(text: str) -> int:
    return len(text) - len(text.lstrip()) + 1


def _outside_deal(statement: Statement, text: str, started_by: int | None = None) -> Statement:
    """A line of a deal before any deal line of its game; the game's tag on line `started_by`, if given, began
    it after another game's deals (a tag line after deals starts a new game)."""
    if isinstance(statement, Unreadable):
        return statement
    said = Said("this line belongs to a deal: expected a 'deal N dealer SEAT' line before it") \
        if started_by is None else \
        Said("this line belongs to a deal, but the tag line on line {line} began a new game (a tag line after deals "
             "does): expected a 'deal N dealer SEAT' line before it", line=started_by)
    error = NotationError("E-SYNTAX", said, statement.line, _indent(text))
    return Unreadable(text.rstrip(), error, line=statement.line)


def _in_deal(statement: Statement, deal: list[Statement], text: str) -> Statement:
    """Refuse a second floor, bid or score line in one deal."""
    if isinstance(statement, (FloorCards, BidLine, ScoreLine)) and any(isinstance(s, type(statement)) for s in deal):
        first = next(s for s in deal if isinstance(s, type(statement)))
        error = NotationError("E-SYNTAX", _second_line(statement, deal[0].number, first.line),  # type: ignore[attr-defined]
                              statement.line, _indent(text))
        return Unreadable(text.rstrip(), error, line=statement.line)
    return statement


def _second_line(statement: Statement, deal: int, first: int) -> Said:
    if isinstance(statement, FloorCards):
        return Said("a second floor line in deal {deal} (the first is on line {first})", deal=deal, first=first)
    if isinstance(statement, BidLine):
        return Said("a second bid line in deal {deal} (the first is on line {first})", deal=deal, first=first)
    return Said("a second score line in deal {deal} (the first is on line {first})", deal=deal, first=first)


def parse(text: str) -> Log:
    """Read a whole log. Bad lines are kept as `Unreadable` statements; `Log.errors` lists them.

    Tags before the first ``deal`` line belong to the game; a tag line after deals starts a new game.

    >>> log = parse('[Variant "standard"]\\ndeal 1 dealer N\\nscore NS 40 EW 60+50')
    >>> log.games[0].deals[0].score.score()
    {'NS': 40, 'EW': 110}
    """
    return parse_lines(split_lines(text))


def parse_lines(lines: Iterable[tuple[int, str]]) -> Log:
    """Read numbered lines as `parse` reads a whole log's (some of a log's lines, with their numbers in it)."""
    games: list[tuple[Game, list[Deal]]] = []
    for piece in read_by_deal(lines):
        if type(piece) is Game:
            games.append((piece, []))
        else:
            games[-1][1].append(piece)  # type: ignore[arg-type]
    return Log(tuple(Game(header.header, tuple(deals)) for header, deals in games))


def read_by_deal(lines: Iterable[tuple[int, str]]) -> Iterator[Game | Deal]:
    """The games and deals of numbered lines as they are read: each game's header (a `Game` without
    deals), then its deals one by one, each as soon as it is whole. `parse_lines` keeps them all; a reader
    that needs one deal at a time holds no more."""
    games = _Games()
    done = games.done
    table, seats, deal = games.table, games.table.seats, games.deal  # in locals: this runs for every line
    for number, line in lines:
        if not line:
            continue  # an empty line says nothing (a blank or comment line is read as nothing below)
        # read_line's two ways, at the game's table: canonical spelling by patterns, else token by token
        statement = canonical_statement(line, number, seats) or read_tokens(line, number, table)
        if type(statement) is Play and deal is not None:
            deal.append(statement)  # most lines: a play of the deal being read, added here directly
            continue
        if statement is not None:
            games.add(statement, line)
            table, seats, deal = games.table, games.table.seats, games.deal
            if done:
                yield from done
                done.clear()
    games.close()
    yield from done


def parse_strict(text: str) -> Log:
    """Read a whole log that must have no bad line.

    >>> try:
    ...     parse_strict("deal 1 dealer N\\nW 5h+\\n")
    ... except NotationError as error:
    ...     print(error)
    expected a card or a house [V] after '+' at the end of the line: line 2, column 6

    :raises NotationError: the first bad line's error.
    """
    log = parse(text)
    if log.errors:
        raise log.errors[0]
    return log
