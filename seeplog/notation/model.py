"""What a log is made of: its statements, grouped into deals and games, and the errors of its bad lines."""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Mapping, TypeVar, Union

from ..once import cached_property

from ..cards import Card
from ..moves import Item, Move

_Kind = TypeVar("_Kind")


class NotationError(ValueError):
    """A line of a log that cannot be read: ``E-SYNTAX``, ``E-CARD`` or ``E-SEAT``.

    ``line``, ``column`` and ``end_column`` are 1-based; columns count characters.

    >>> str(NotationError("E-SYNTAX", "expected a card after '+'", 3, 9))
    "expected a card after '+': line 3, column 9"
    """

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


@dataclass(frozen=True)
class Statement:
    """One line of a log, read."""

    line: int = field(default=0, compare=False, kw_only=True)
    """The 1-based line the statement stands on."""


@dataclass(frozen=True)
class Tag(Statement):
    """A tag line: ``[Name "value"]``."""

    name: str
    value: str


@dataclass(frozen=True)
class DealStart(Statement):
    """A ``deal N dealer SEAT`` line, which starts a deal."""

    number: int
    dealer: str
    annotation: str | None = None
    recovered: bool = False
    """True when the ``deal`` line could not be read and its number and dealer were read from what
    could be; the line itself follows as an `Unreadable` statement and is what gets written."""
    dealer_known: bool = True
    """False when a recovered ``deal`` line names no dealer that can be read: `dealer` is then only a
    placeholder, and the ledger takes the seat the rotation names."""
    dealer_column: int = field(default=1, compare=False, repr=False)
    """Where the dealer's seat stands on the line (1-based): an R-DEALER finding points at it."""


@dataclass(frozen=True)
class Redeal(Statement):
    """A ``redeal`` line: the cards shown for a redeal."""

    seat: str | None
    """The bidder who showed the cards, or None for a thirty floor redeal."""
    cards: tuple[Card, ...]


@dataclass(frozen=True)
class Hand(Statement):
    """A ``hand`` line: cards of one seat's hand."""

    seat: str
    cards: tuple[Card, ...]
    columns: Mapping[Item, int] = field(default_factory=dict, compare=False, repr=False)
    """Where each card stands on the line (1-based)."""


@dataclass(frozen=True)
class FloorCards(Statement):
    """The ``floor`` line: the four cards dealt to the floor."""

    cards: tuple[Card, ...]
    columns: Mapping[Item, int] = field(default_factory=dict, compare=False, repr=False)
    """Where each card stands on the line (1-based)."""


@dataclass(frozen=True)
class BidLine(Statement):
    """The ``bid`` line: the bidder and the bid."""

    seat: str
    value: int
    value_column: int = field(default=1, compare=False, repr=False)
    """Where the bid's value stands on the line (1-based): R-BID-RANGE and R-BID-HOLD point at it."""


@dataclass(frozen=True, init=False)
class Play(Statement):
    """A play line: the seat and its move."""

    seat: str
    move: Move
    annotation: str | None = None
    columns: Mapping[Item, int] = field(default_factory=dict, compare=False, repr=False)
    """Where each card and house of the move stands on the line (1-based)."""
    seat_column: int = field(default=1, compare=False, repr=False)

    def __init__(self, seat: str, move: Move, annotation: str | None = None, columns: Mapping[Item, int] | None = None,
                 seat_column: int = 1, line: int = 0):
        # Written out, the one constructor both ways of reading a line use: nearly every line of a log is a
        # play, and the frozen dataclass's own __init__ (one object.__setattr__ a field, `line` by keyword)
        # makes the whole validate command about 6% slower (callgrind, 195 deals of the bench's corpus).
        fields = self.__dict__
        fields["line"], fields["seat"], fields["move"] = line, seat, move
        fields["columns"] = {} if columns is None else columns
        if annotation is not None:  # else the class's default, None, as for `seat_column` at 1
            fields["annotation"] = annotation
        if seat_column != 1:
            fields["seat_column"] = seat_column

    def column_of(self, item: Item | None = None) -> int:
        """The column of a card or house of the move; the played card's by default."""
        return self.columns.get(item if item is not None else self.move.card, self.columns.get(self.move.card, 1))


@dataclass(frozen=True)
class ScoreLine(Statement):
    """A ``score`` line: the points each team or player recorded."""

    points: tuple[tuple[str, int, int], ...]
    """(team, card points, sweep points), in canonical team order."""

    def score(self) -> dict[str, int]:
        return {team: p + s for team, p, s in self.points}


@dataclass(frozen=True)
class Unreadable(Statement):
    """A line that cannot be read; it is kept as it stands (without its line end and trailing blanks)."""

    text: str
    error: NotationError = field(compare=False)
    seat: str | None = None
    """The seat, when the line is a play by a seat letter N, W, S or E."""
    play: bool = False
    """True when the line is written as a play: it then counts as a play of its deal."""


Statement_ = Union[Tag, DealStart, Redeal, Hand, FloorCards, BidLine, Play, ScoreLine, Unreadable]


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

    def of(self, kind: type[_Kind]) -> list[_Kind]:
        """The statements of one kind (Hand, Redeal, …), in order."""
        return self._by_kind.get(kind, [])

    @cached_property
    def _by_kind(self) -> dict[type, list[Any]]:
        kinds: dict[type, list[Any]] = {}
        for statement in self.statements:
            kinds.setdefault(type(statement), []).append(statement)
        return kinds

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
        if Unreadable not in self._by_kind:
            return tuple(self.of(Play))
        return tuple(s for s in self.statements
                     if type(s) is Play or (type(s) is Unreadable and (s.play or s.seat is not None)))

    @cached_property
    def errors(self) -> tuple[NotationError, ...]:
        return tuple(s.error for s in self.of(Unreadable))

    @property
    def first_unreadable(self) -> int | None:
        """The line of the deal's first unreadable line (where a log error stops its replay), or None."""
        unreadable = self.of(Unreadable)
        return unreadable[0].line if unreadable else None


Block = tuple[int, tuple[Statement, ...]]
"""Lines that belong to no deal, with the number of the game's deals written before them."""


@dataclass(frozen=True)
class Game:
    """One game: its header (tags, and any unreadable lines before the first deal) and its deals."""

    header: tuple[Statement, ...]
    deals: tuple[Deal, ...]
    skipped: tuple[Block, ...] = ()
    """Blocks that start with a ``deal`` line too broken to name a dealer: the line and those after it
    up to the next ``deal`` line. They are written back in place but not replayed; the broken line is
    the block's error."""

    @cached_property
    def tags(self) -> dict[str, str]:
        return {s.name: s.value for s in self.header if isinstance(s, Tag)}

    @property
    def variant(self) -> str:
        return self.tags.get("Variant", "standard")

    @cached_property
    def errors(self) -> tuple[NotationError, ...]:
        """The errors outside any deal: the header's unreadable lines and those of skipped blocks."""
        outside = list(self.header) + [s for _, block in self.skipped for s in block]
        return tuple(sorted((s.error for s in outside if isinstance(s, Unreadable)), key=lambda e: e.line))


@dataclass(frozen=True)
class Log:
    """A whole log: its games."""

    games: tuple[Game, ...]

    @property
    def errors(self) -> list[NotationError]:
        """Every unreadable line of the log, in line order."""
        found = [e for g in self.games for e in g.errors] + [
            e for g in self.games for d in g.deals for e in d.errors]
        return sorted(found, key=lambda e: (e.line, e.column))
