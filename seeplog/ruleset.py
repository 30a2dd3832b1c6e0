"""The variants of RULES.md §6-§8 as data: one frozen Ruleset each."""
from __future__ import annotations

from dataclasses import dataclass, fields, replace
from types import MappingProxyType
from typing import TYPE_CHECKING, Any, ClassVar, Mapping

from .cards import DECK, Card, Rank, Suit, parse_card

HOUSE_VALUES = range(9, 14)
"""The values a house may have (and a bid may name)."""
KEY_CARDS: dict[Card, int] = {parse_card("Td"): 10, parse_card("9s"): 9}
"""The thirty variants' key cards, 10♦ and 9♠ (a floor holding one is redealt) and, in Punjab, the house
value each card's holder builds first."""
KEY_CARD_OF: dict[int, Card] = {value: card for card, value in KEY_CARDS.items()}
"""The key card of each of those house values."""

SEATS = ("N", "W", "S", "E")
"""Four-player seats in the order of play: N -> W -> S -> E -> N."""
SEATS_TWO = ("N", "S")
"""Two-player seats (a subset of SEATS)."""
SEAT_TAGS = {"N": "North", "W": "West", "S": "South", "E": "East"}
"""The tag that names the player of each seat."""
TEAMS = ("NS", "EW")
"""Four-player teams: partners sit opposite."""
PLAYS_PER_DEAL = 48
HALF_PLAYS = 24
"""Two-player deals are played in two halves of 24 plays, each from a fresh hand of 12 cards."""


def seat_class(seats: tuple[str, ...] = SEATS, *, lower: bool = False) -> str:
    """A regular-expression character class matching one of `seats` (and their lower case with `lower`).

    >>> seat_class(), seat_class(lower=True)
    ('[NWSE]', '[NWSEnwse]')
    """
    letters = "".join(seats)
    return f"[{letters}{letters.lower() if lower else ''}]"


@dataclass(frozen=True)
class Ruleset:
    """One variant's rules (RULES.md §6-§8)."""

    name: str
    players: int = 4
    total: int = 100
    """Card points in the pack, bonus included."""
    spade_values: bool = True
    """Every spade counts its value (A=1 ... K=13)."""
    fixed_points: Mapping[str, int] | None = None
    """Card points of single cards (card text -> points)."""
    ace_points: int = 1
    """Card points of an ace not in `fixed_points` and not a spade counted by value."""
    most_cards_bonus: int = 0
    sweep_points: int | None = 50
    """Points for a sweep; None: the capture value of the card played."""
    opening_sweep_points: int | None = 25
    minimum_nine: bool = True
    satthi: bool = False
    floor_redeal: bool = False
    punjab: bool = False
    baazi_target: int = 100
    max_houses: int | None = None
    rotation: str = "pagat"
    aliases: tuple[str, ...] = ()
    """Other names `find_ruleset` knows the variant by (lower case)."""

    if TYPE_CHECKING:  # per instance, derived in __post_init__; ClassVar keeps them out of the fields for mypy
        next_seat: ClassVar[Mapping[str, str]]
        _team: ClassVar[Mapping[str, str]]
        points_of: ClassVar[Mapping[Card, int]]

    def __post_init__(self) -> None:
        if self.players not in (2, 4):
            raise ValueError("Seep is played by two or four players")
        if self.rotation not in ("pagat", "team"):
            raise ValueError(f"unknown rotation {self.rotation!r}")
        # Looked up at every play: plain attributes, derived once. Read-only, as the ruleset is: one ruleset
        # serves every game of its variant, so a caller's change would reach them all.
        seats = self.seats
        if self.fixed_points is not None:
            object.__setattr__(self, "fixed_points", MappingProxyType(dict(self.fixed_points)))
        object.__setattr__(self, "next_seat",
                           MappingProxyType({s: seats[(i + 1) % len(seats)] for i, s in enumerate(seats)}))
        object.__setattr__(self, "_team", MappingProxyType({s: self._team_name(s) for s in seats}))
        object.__setattr__(self, "points_of", MappingProxyType({card: self.card_points(card) for card in DECK}))

    def __reduce__(self) -> tuple[Any, ...]:
        """Pickled (and copied) by its fields, the read-only maps as plain ones: made again, it derives the rest."""
        return Ruleset, tuple(dict(v) if isinstance(v, MappingProxyType) else v
                              for v in (getattr(self, f.name) for f in fields(self)))

    @property
    def seats(self) -> tuple[str, ...]:
        return SEATS if self.players == 4 else SEATS_TWO

    @property
    def teams(self) -> tuple[str, ...]:
        return TEAMS if self.players == 4 else SEATS_TWO

    @property
    def plays_per_deal(self) -> int:
        return PLAYS_PER_DEAL

    def team_of(self, seat: str) -> str:
        return self._team[seat]

    def seats_of(self, team: str) -> tuple[str, ...]:
        """The seats of a team, in the order of `seats`."""
        return tuple(s for s in self.seats if self._team[s] == team)

    def _team_name(self, seat: str) -> str:
        return seat if self.players == 2 else ("NS" if seat in "NS" else "EW")

    def partner(self, seat: str) -> str | None:
        return None if self.players == 2 else SEATS[(SEATS.index(seat) + 2) % 4]

    def right_of(self, seat: str) -> str:
        """The next seat in the order of play."""
        return self.next_seat[seat]

    def card_points(self, card: Card) -> int:
        if self.fixed_points and str(card) in self.fixed_points:
            return self.fixed_points[str(card)]
        if self.spade_values and card.suit == Suit.SPADES:
            return int(card.rank)
        return self.ace_points if card.rank == Rank.A else 0

    def sweep_value(self, card: Card, play: int) -> int:
        """Points for a sweep made by `card` on `play` (1 = the bid play)."""
        if play == self.plays_per_deal:
            return 0
        points = card.value if self.sweep_points is None else self.sweep_points
        if play == 1 and self.opening_sweep_points is not None:
            return self.opening_sweep_points
        return points


THIRTY_POINTS = {"Td": 12, "9s": 9, "2s": 1}

_RULESETS = (
    Ruleset("standard", aliases=("100",), fixed_points={"Td": 6}),
    Ruleset("two-player", aliases=("2p",), players=2, fixed_points={"Td": 6}),
    Ruleset("juneja", fixed_points={"Td": 2}, most_cards_bonus=4, opening_sweep_points=None),
    Ruleset("thirty", aliases=("satthi",), total=30, spade_values=False, fixed_points=THIRTY_POINTS,
            most_cards_bonus=4, sweep_points=None, opening_sweep_points=None, minimum_nine=False, satthi=True,
            floor_redeal=True, baazi_target=30),
    Ruleset("thirty-punjab", aliases=("punjab",), total=30, spade_values=False,
            fixed_points={**THIRTY_POINTS, "2s": 5}, sweep_points=None, opening_sweep_points=None,
            minimum_nine=False, satthi=True, floor_redeal=True, punjab=True, baazi_target=30),
)
VARIANTS: dict[str, Ruleset] = {rules.name: rules for rules in _RULESETS}
"""Every variant by its name: a new variant is one entry here (plus the checks of its own rules)."""
_BY_ALIAS = {alias: rules for rules in _RULESETS for alias in rules.aliases}


class UnknownVariant(ValueError):
    """A variant name (or alias) `find_ruleset` does not know; the message names the known ones."""


def find_ruleset(name: str) -> Ruleset:
    """The ruleset of a variant name or alias (case-insensitive).

    >>> find_ruleset("Punjab").name, find_ruleset(" 2P ").name
    ('thirty-punjab', 'two-player')
    >>> find_ruleset("bridge")
    Traceback (most recent call last):
    ...
    seeplog.ruleset.UnknownVariant: unknown variant 'bridge': expected one of standard (100), two-player (2p), \
juneja, thirty (satthi), thirty-punjab (punjab)

    :raises UnknownVariant: (a ValueError) for a name that is neither a variant nor an alias.
    """
    key = name.strip().lower()
    rules = VARIANTS.get(key) or _BY_ALIAS.get(key)
    if rules is None:
        known = ", ".join(f"{r.name} ({', '.join(r.aliases)})" if r.aliases else r.name for r in _RULESETS)
        raise UnknownVariant(f"unknown variant {name!r}: expected one of {known}")
    return rules


MAX_COUNT = 999_999_999
"""The largest BaaziTarget or MaxHouses read (a longer number is a mistake, and would be slow to read)."""


def count_of(text: str) -> int | None:
    """A tag's whole number from 1 to MAX_COUNT in ASCII digits, or None.

    >>> count_of("500"), count_of("0"), count_of("²"), count_of("9" * 5000), count_of("0" * 5000 + "7")
    (500, None, None, None, 7)
    """
    digits = text.lstrip("0")
    if not (text.isascii() and text.isdigit()) or len(digits) > len(str(MAX_COUNT)):
        return None
    return int(digits) if digits and int(digits) <= MAX_COUNT else None


def ruleset_for(tags: Mapping[str, str]) -> Ruleset:
    """The ruleset a game's tags name: the variant, with BaaziTarget, MaxHouses and Rotation applied.

    Tag values that cannot be read were already reported by the parser; they fall back to the default.
    """
    rules = VARIANTS.get(tags.get("Variant", "standard").lower(), VARIANTS["standard"])
    changes: dict[str, Any] = {}
    for tag, field in (("BaaziTarget", "baazi_target"), ("MaxHouses", "max_houses")):
        if count_of(tags.get(tag, "")) is not None:
            changes[field] = count_of(tags[tag])
    if tags.get("Rotation", "").lower() in ("pagat", "team"):
        changes["rotation"] = tags["Rotation"].lower()
    return replace(rules, **changes) if changes else rules
