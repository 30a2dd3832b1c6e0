"""Reading Seep logs (NOTATION.md): statements with their positions, every bad line reported."""
from __future__ import annotations

import re
from dataclasses import dataclass, field
from functools import cached_property
from typing import Iterator, Union

from .cards import Card, parse_card
from .moves import Build, Capture, Group, HouseRef, Item, Move, Throw, canonical, canonical_group

SEATS_FOUR = ("N", "W", "S", "E")
SEATS_TWO = ("N", "S")
TEAMS_FOUR = ("NS", "EW")
KNOWN_TAGS = ("Variant", "North", "West", "South", "East", "Event", "Site", "Date",
              "Round", "Scorer", "BaaziTarget", "MaxHouses", "Rotation")
VARIANT_NAMES = ("standard", "two-player", "juneja", "thirty", "thirty-punjab")
KEYWORDS = ("deal", "redeal", "hand", "floor", "bid", "score")
FACE_VALUES = {"J": 11, "Q": 12, "K": 13}


class NotationError(ValueError):
    """A line of a log that cannot be read: ``E-SYNTAX``, ``E-CARD`` or ``E-SEAT``."""

    def __init__(self, rule: str, msg: str, line: int, column: int, end_column: int | None = None):
        super().__init__(msg)
        self.rule = rule
        self.msg = msg
        self.line = line
        self.column = column
        self.end_column = end_column if end_column is not None else column + 1

    def __str__(self) -> str:
        return f"{self.msg}: line {self.line}, column {self.column}"

    def __repr__(self) -> str:
        return f"NotationError({self.rule!r}, {self.msg!r}, line={self.line}, column={self.column})"

    def __eq__(self, other: object) -> bool:
        return isinstance(other, NotationError) and (self.rule, self.msg, self.line, self.column) == (
            other.rule, other.msg, other.line, other.column)

    def __hash__(self) -> int:
        return hash((self.rule, self.line, self.column))


# ---------------------------------------------------------------- statements

@dataclass(frozen=True)
class Statement:
    line: int = field(default=0, compare=False, kw_only=True)
    """The 1-based line the statement stands on."""


@dataclass(frozen=True)
class Tag(Statement):
    name: str
    value: str


@dataclass(frozen=True)
class DealStart(Statement):
    number: int
    dealer: str
    annotation: str | None = None


@dataclass(frozen=True)
class Redeal(Statement):
    seat: str | None
    """The bidder who showed the cards, or None for a thirty floor redeal."""
    cards: tuple[Card, ...]


@dataclass(frozen=True)
class Hand(Statement):
    seat: str
    cards: tuple[Card, ...]


@dataclass(frozen=True)
class FloorCards(Statement):
    cards: tuple[Card, ...]


@dataclass(frozen=True)
class BidLine(Statement):
    seat: str
    value: int


@dataclass(frozen=True)
class Play(Statement):
    seat: str
    move: Move
    annotation: str | None = None
    columns: dict[Item, int] = field(default_factory=dict, compare=False, repr=False)
    """Where each card and house of the move stands on the line (1-based)."""
    seat_column: int = field(default=1, compare=False, repr=False)

    def column_of(self, item: Item | None = None) -> int:
        """The column of a card or house of the move; the played card's by default."""
        return self.columns.get(item if item is not None else self.move.card, self.columns.get(self.move.card, 1))


@dataclass(frozen=True)
class ScoreLine(Statement):
    points: tuple[tuple[str, int, int], ...]
    """(team, card points, sweep points), in canonical team order."""

    def score(self) -> dict[str, int]:
        return {team: p + s for team, p, s in self.points}


@dataclass(frozen=True)
class Unreadable(Statement):
    text: str
    error: NotationError = field(compare=False)
    seat: str | None = None
    """The seat, when the line is a play (it then counts as a play of its deal)."""


Statement_ = Union[Tag, DealStart, Redeal, Hand, FloorCards, BidLine, Play, ScoreLine, Unreadable]


# ---------------------------------------------------------------- the log

@dataclass(frozen=True)
class Deal:
    """One deal: its statements from the ``deal`` line on, in the order written."""

    statements: tuple[Statement, ...]

    @cached_property
    def start(self) -> DealStart:
        assert isinstance(self.statements[0], DealStart)
        return self.statements[0]

    @property
    def number(self) -> int:
        return self.start.number

    @property
    def dealer(self) -> str:
        return self.start.dealer

    def of(self, kind: type) -> list:
        return [s for s in self.statements if isinstance(s, kind)]

    @cached_property
    def floor(self) -> FloorCards | None:
        return next(iter(self.of(FloorCards)), None)

    @cached_property
    def bid(self) -> BidLine | None:
        return next(iter(self.of(BidLine)), None)

    @cached_property
    def score(self) -> ScoreLine | None:
        return next(iter(self.of(ScoreLine)), None)

    @cached_property
    def plays(self) -> tuple[Play | Unreadable, ...]:
        """The plays, numbered 1, 2, ... in order; an unreadable play line takes its place."""
        return tuple(s for s in self.statements
                     if isinstance(s, Play) or (isinstance(s, Unreadable) and s.seat is not None))

    @cached_property
    def errors(self) -> tuple[NotationError, ...]:
        return tuple(s.error for s in self.statements if isinstance(s, Unreadable))


@dataclass(frozen=True)
class Game:
    """One game: its header (tags, and any unreadable lines before the first deal) and its deals."""

    header: tuple[Statement, ...]
    deals: tuple[Deal, ...]

    @cached_property
    def tags(self) -> dict[str, str]:
        return {s.name: s.value for s in self.header if isinstance(s, Tag)}

    @property
    def variant(self) -> str:
        return self.tags.get("Variant", "standard")

    @cached_property
    def errors(self) -> tuple[NotationError, ...]:
        return tuple(s.error for s in self.header if isinstance(s, Unreadable))


@dataclass(frozen=True)
class Log:
    games: tuple[Game, ...]

    @property
    def errors(self) -> list[NotationError]:
        """Every unreadable line of the log, in line order."""
        found = [e for g in self.games for e in g.errors] + [
            e for g in self.games for d in g.deals for e in d.errors]
        return sorted(found, key=lambda e: (e.line, e.column))


# ---------------------------------------------------------------- lexing

TOKEN = re.compile(r"""
    (?P<space>\s+)
  | (?P<comment>\#.*)
  | (?P<annotation>\{[^}]*\})
  | (?P<open>\{)
  | (?P<string>"(?:[^"\\]|\\.)*")
  | (?P<house>\[[^\]\[]*\])
  | (?P<plus>\+)
  | (?P<eq>=)
  | (?P<word>[^\s+=\[\]{}"\#]+)
  | (?P<other>.)
""", re.VERBOSE)


@dataclass(frozen=True, slots=True)
class Token:
    kind: str
    text: str
    column: int


class _Fail(Exception):
    """Raised inside the line reader; turned into an Unreadable statement."""

    def __init__(self, rule: str, msg: str, token: Token | None, line_text: str = ""):
        super().__init__(msg)
        self.rule, self.msg = rule, msg
        self.column = token.column if token else len(line_text.rstrip()) + 1
        self.width = len(token.text) if token else 1


def tokenize(text: str) -> list[Token]:
    tokens = []
    for m in TOKEN.finditer(text):
        kind = m.lastgroup or "other"
        if kind == "space":
            continue
        if kind == "comment":
            break
        tokens.append(Token(kind, m.group(), m.start() + 1))
    return tokens


# ---------------------------------------------------------------- reading lines

class _Line:
    """A cursor over one line's tokens."""

    def __init__(self, tokens: list[Token], text: str, seats: tuple[str, ...]):
        self.tokens, self.text, self.seats, self.pos = tokens, text, seats, 0

    def peek(self) -> Token | None:
        return self.tokens[self.pos] if self.pos < len(self.tokens) else None

    def next(self, expected: str) -> Token:
        token = self.peek()
        if token is None:
            raise _Fail("E-SYNTAX", f"expected {expected} at the end of the line", None, self.text)
        self.pos += 1
        return token

    def fail(self, msg: str, token: Token | None, rule: str = "E-SYNTAX") -> _Fail:
        return _Fail(rule, msg, token, self.text)

    def word(self, expected: str) -> Token:
        token = self.next(expected)
        if token.kind != "word":
            raise self.fail(f"expected {expected}, found {token.text!r}", token)
        return token

    def card(self) -> tuple[Card, Token]:
        token = self.next("a card")
        if token.kind != "word":
            raise self.fail(f"expected a card, found {token.text!r}", token)
        try:
            return parse_card(token.text), token
        except ValueError:
            raise self.fail(f"{token.text!r} is not a card: expected a rank (A 2-9 T J Q K) "
                            "and a suit (s h d c)", token, "E-CARD") from None

    def seat(self, allowed: tuple[str, ...] | None = None) -> str:
        token = self.word("a seat")
        seat = token.text.upper()
        allowed = allowed or self.seats
        if seat in allowed:
            return seat
        if seat in SEATS_FOUR or seat in TEAMS_FOUR:
            raise self.fail(f"seat {seat} is not at a {'two' if len(allowed) == 2 else 'four'}-player table",
                            token, "E-SEAT")
        raise self.fail(f"{token.text!r} is not a seat: expected one of {' '.join(allowed)}", token, "E-SEAT")

    def number(self, expected: str, faces: bool = False) -> int:
        token = self.word(expected)
        return self.number_of(token, expected, faces)

    def number_of(self, token: Token, expected: str, faces: bool = False) -> int:
        text = token.text.upper()
        if faces and text in FACE_VALUES:
            return FACE_VALUES[text]
        if not text.isdigit() or not text.isascii() or len(text) > 4:
            raise self.fail(f"expected {expected}, found {token.text!r}", token)
        return int(text)

    def cards(self, count: int | None = None) -> tuple[tuple[Card, ...], dict[Card, int]]:
        cards, columns = [], {}
        while self.peek() is not None and self.peek().kind == "word":  # type: ignore[union-attr]
            card, token = self.card()
            cards.append(card)
            columns.setdefault(card, token.column)
        if count is not None and len(cards) != count:
            raise self.fail(f"expected {count} cards, found {len(cards)}", self.peek())
        if not cards:
            raise self.fail("expected a card", self.peek())
        return tuple(sorted(cards)), columns

    def annotation(self) -> str | None:
        token = self.peek()
        if token is not None and token.kind == "annotation":
            self.pos += 1
            return token.text[1:-1]
        return None

    def end(self, after: str) -> None:
        token = self.peek()
        if token is None:
            return
        if token.kind == "open":
            raise self.fail("an annotation opened with '{' is not closed with '}'", token)
        raise self.fail(f"unexpected {token.text!r} after {after}", token)


def _read_tag(line: _Line) -> Tag:
    m = re.fullmatch(r"\[\s*([A-Za-z][A-Za-z0-9_-]*)\s*(\"(?:[^\"\\]|\\.)*\")?\s*(\])?\s*(#.*)?", line.text.strip())
    if not m:
        raise line.fail("expected a tag: [Name \"value\"]", line.tokens[0] if line.tokens else None)
    if not m.group(2):
        token = line.tokens[1] if len(line.tokens) > 1 else None
        raise line.fail(f"expected a quoted value after the tag name {m.group(1)}", token)
    if not m.group(3):
        raise line.fail("expected ']' to close the tag", None)
    name = next((k for k in KNOWN_TAGS if k.lower() == m.group(1).lower()), m.group(1))
    value = re.sub(r"\\(.)", r"\1", m.group(2)[1:-1])
    _check_tag_value(line, name, value)
    if name in ("Variant", "Rotation"):
        value = value.lower()
    return Tag(name, value)


def _check_tag_value(line: _Line, name: str, value: str) -> None:
    token = next((t for t in line.tokens if t.kind == "string"), None)
    problem = None
    if name == "Variant" and value.lower() not in VARIANT_NAMES:
        problem = f"unknown variant {value!r}: expected one of {', '.join(VARIANT_NAMES)}"
    elif name in ("BaaziTarget", "MaxHouses") and not (value.isdigit() and value.isascii() and int(value) > 0):
        problem = f"{name} must be a whole number above 0, not {value!r}"
    elif name == "Rotation" and value.lower() not in ("pagat", "team"):
        problem = f"unknown rotation {value!r}: expected pagat or team"
    elif name == "Date" and not re.fullmatch(r"\d{4}-\d{2}-\d{2}", value):
        problem = f"a date is written YYYY-MM-DD, not {value!r}"
    if problem:
        raise line.fail(problem, token)


def _read_score(line: _Line, teams: tuple[str, ...]) -> ScoreLine:
    found: dict[str, tuple[int, int]] = {}
    for _ in teams:
        team = line.seat(teams)
        if team in found:
            raise line.fail(f"team {team} is scored twice", line.tokens[line.pos - 1])
        points = line.number("card points")
        sweeps = 0
        if line.peek() is not None and line.peek().kind == "plus":  # type: ignore[union-attr]
            line.pos += 1
            sweeps = line.number("sweep points")
        found[team] = (points, sweeps)
    line.end("the score")
    return ScoreLine(tuple((t, *found[t]) for t in teams))


def _read_house(line: _Line, token: Token) -> HouseRef:
    inner = token.text[1:-1].strip()
    if not inner:
        raise line.fail("expected a house value inside '[ ]'", token)
    if "+" in inner:
        raise line.fail("a house is named by its value alone, as [11]", token)
    return HouseRef(line.number_of(Token("word", inner, token.column + 1), "a house value", faces=True))


def _read_item(line: _Line, columns: dict[Item, int]) -> Item:
    token = line.peek()
    if token is not None and token.kind == "house":
        line.pos += 1
        item: Item = _read_house(line, token)
    else:
        item, token = line.card()
    columns.setdefault(item, token.column)
    return item


def _read_group(line: _Line, columns: dict[Item, int]) -> Group:
    items = [_read_item(line, columns)]
    while line.peek() is not None and line.peek().kind == "plus":  # type: ignore[union-attr]
        line.pos += 1
        items.append(_read_item(line, columns))
    return canonical_group(tuple(items))


def _read_groups(line: _Line, columns: dict[Item, int]) -> tuple[Group, ...]:
    groups = []
    while line.peek() is not None and line.peek().kind in ("word", "house"):  # type: ignore[union-attr]
        groups.append(_read_group(line, columns))
    token = line.peek()
    if token is not None and token.kind == "plus":
        raise line.fail("a '+' must stand between two cards or houses", token)
    return tuple(groups)


def _read_move(line: _Line) -> tuple[Move, dict[Item, int]]:
    card, token = line.card()
    columns: dict[Item, int] = {card: token.column}
    nxt = line.peek()
    if nxt is None or nxt.kind in ("annotation", "open"):
        return Throw(card), columns
    if nxt.kind == "word" and nxt.text.lower() == "x":
        line.pos += 1
        groups = _read_groups(line, columns)
        return Capture(card, groups or None), columns
    if nxt.kind not in ("plus", "eq"):
        raise line.fail(f"unexpected {nxt.text!r} after the card: expected 'x', '+' or '='", nxt)
    items: list[Item] = []
    while line.peek() is not None and line.peek().kind == "plus":  # type: ignore[union-attr]
        line.pos += 1
        items.append(_read_item(line, columns))
    eq = line.next("'=' and the house value")
    if eq.kind != "eq":
        raise line.fail(f"expected '=' and the house value, found {eq.text!r}", eq)
    value = line.number("the house value after '='", faces=True)
    extras = _read_groups(line, columns)
    if sum(isinstance(i, HouseRef) for i in items) > 1:
        raise line.fail("a house play breaks at most one house", line.tokens[1])
    for group in extras:
        house = next((i for i in group if isinstance(i, HouseRef)), None)
        if house is not None:
            raise line.fail(f"an extra group is loose cards; the house {house} cannot join another house",
                            Token("house", str(house), columns[house]))
    return canonical(Build(card, tuple(items), value, extras)), columns


def _read_play(line: _Line) -> Play:
    seat_token = line.tokens[0]
    seat = line.seat()
    move, columns = _read_move(line)
    annotation = line.annotation()
    line.end("the play")
    return Play(seat, move, annotation, columns, seat_token.column)


def _read_statement(line: _Line, teams: tuple[str, ...]) -> Statement:
    first = line.tokens[0]
    if first.kind == "house" or first.text.startswith("["):
        return _read_tag(line)
    if first.kind != "word":
        raise line.fail(f"unexpected {first.text!r} at the start of the line", first)
    keyword = first.text.lower()
    if keyword not in KEYWORDS:
        return _read_play(line)
    line.pos += 1
    if keyword == "deal":
        number = line.number("the deal number")
        dealer_word = line.word("'dealer'")
        if dealer_word.text.lower() != "dealer":
            raise line.fail(f"expected 'dealer', found {dealer_word.text!r}", dealer_word)
        dealer = line.seat()
        annotation = line.annotation()
        line.end("the dealer")
        return DealStart(number, dealer, annotation)
    if keyword == "redeal":
        token = line.peek()
        seat = None if token is not None and token.text.lower() == "floor" else line.seat()
        if seat is None:
            line.pos += 1
        cards, _ = line.cards(4)
        line.end("the four cards")
        return Redeal(seat, cards)
    if keyword == "hand":
        seat = line.seat()
        cards, _ = line.cards()
        line.end("the cards")
        return Hand(seat, cards)
    if keyword == "floor":
        cards, _ = line.cards(4)
        line.end("the four floor cards")
        return FloorCards(cards)
    if keyword == "bid":
        seat = line.seat()
        value = line.number("the bid value (9 to 13)", faces=True)
        line.end("the bid")
        return BidLine(seat, value)
    return _read_score(line, teams)


def _play_seat(tokens: list[Token], seats: tuple[str, ...]) -> str | None:
    """The seat of a line that starts like a play, so that a bad play still counts as a play."""
    if tokens and tokens[0].kind == "word" and tokens[0].text.upper() in SEATS_FOUR:
        return tokens[0].text.upper()
    return None


def read_line(text: str, number: int, variant: str = "standard") -> Statement | None:
    """Read one line; None for a blank or comment line. An unreadable line becomes `Unreadable`."""
    tokens = tokenize(text)
    if not tokens:
        return None
    two = variant == "two-player"
    line = _Line(tokens, text, SEATS_TWO if two else SEATS_FOUR)
    try:
        statement = _read_statement(line, SEATS_TWO if two else TEAMS_FOUR)
    except _Fail as fail:
        error = NotationError(fail.rule, fail.msg, number, fail.column, fail.column + fail.width)
        return Unreadable(text.rstrip(), error, _play_seat(tokens, line.seats), line=number)
    return _with_line(statement, number)


def _with_line(statement: Statement, number: int) -> Statement:
    object.__setattr__(statement, "line", number)
    return statement


# ---------------------------------------------------------------- reading a file

def split_lines(text: str) -> Iterator[tuple[int, str]]:
    if text.startswith("\ufeff"):
        text = text[1:]
    for number, line in enumerate(text.splitlines(), start=1):
        yield number, line


def parse(text: str) -> Log:
    """Read a whole log. Bad lines are kept as `Unreadable` statements; `Log.errors` lists them.

    >>> log = parse('[Variant "standard"]\\ndeal 1 dealer N\\nscore NS 40 EW 60+50')
    >>> log.games[0].deals[0].score.score()
    {'NS': 40, 'EW': 110}
    """
    games: list[Game] = []
    header: list[Statement] = []
    deals: list[list[Statement]] = []
    variant = "standard"

    def close() -> None:
        if header or deals:
            games.append(Game(tuple(header), tuple(Deal(tuple(d)) for d in deals)))

    for number, text_line in split_lines(text):
        statement = read_line(text_line, number, variant)
        if statement is None:
            continue
        if isinstance(statement, Tag) and deals:
            close()
            header, deals, variant = [], [], "standard"
        if isinstance(statement, Tag):
            variant = statement.value if statement.name == "Variant" else variant
            header.append(statement)
        elif isinstance(statement, DealStart):
            deals.append([statement])
        elif deals:
            deals[-1].append(_in_deal(statement, deals[-1], text_line))
        else:
            header.append(_outside_deal(statement, text_line))
    close()
    return Log(tuple(games))


def _outside_deal(statement: Statement, text: str) -> Statement:
    if isinstance(statement, Unreadable):
        return statement
    error = NotationError("E-SYNTAX", "this line belongs to a deal: expected a 'deal N dealer SEAT' line before it",
                          statement.line, 1)
    return Unreadable(text.rstrip(), error, line=statement.line)


def _in_deal(statement: Statement, deal: list[Statement], text: str) -> Statement:
    """Refuse a second floor, bid or score line in one deal."""
    if isinstance(statement, (FloorCards, BidLine, ScoreLine)) and any(isinstance(s, type(statement)) for s in deal):
        keyword = {FloorCards: "floor", BidLine: "bid", ScoreLine: "score"}[type(statement)]
        error = NotationError("E-SYNTAX", f"a second {keyword} line in deal {deal[0].number}",  # type: ignore
                              statement.line, 1)
        return Unreadable(text.rstrip(), error, line=statement.line)
    return statement
