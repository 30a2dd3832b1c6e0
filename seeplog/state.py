"""The floor and the state of a deal between plays: frozen values, replaced on every play."""
from __future__ import annotations

from collections.abc import Collection
from types import MappingProxyType
from typing import Mapping, NamedTuple, Optional

from .cards import BY_ORDER, Card
from .ruleset import HOUSE_VALUES, Ruleset


class House(NamedTuple):
    """A pile on the floor that is taken only as a whole, by a card of its value (immutable; a NamedTuple
    like the other values built during a replay)."""

    value: int
    cards: tuple[Card, ...]
    owners: frozenset[str]

    @property
    def cemented(self) -> bool:
        """Pukka: its cards add up to more than its value, so it can no longer be broken."""
        return sum(c.value for c in self.cards) > self.value


class Sweep(NamedTuple):
    play: int
    seat: str
    card: Card
    points: int


class State(NamedTuple):
    """A deal after some plays. Immutable: `apply` makes a new one for every play (a NamedTuple, because
    one is built at every play and it builds three times faster than a frozen dataclass)."""

    rules: Ruleset
    loose: tuple[Card, ...] = ()
    houses: tuple[House, ...] = ()
    """Sorted by value; at most one of each value."""
    turn: str = "N"
    """The seat whose turn it is."""
    played: int = 0
    """How many plays have been made (the next play is number played + 1)."""
    bidder: str = "N"
    bid: int | None = None
    taken: Mapping[str, tuple[Card, ...]] = MappingProxyType({})
    """The cards each team has captured."""
    last_capturer: str | None = None
    sweeps: tuple[Sweep, ...] = ()
    built: frozenset[tuple[str, int]] = frozenset()
    """(seat, value) of every house play made so far, kept in Punjab only (its first-house rule)."""

    def house(self, value: int) -> House | None:
        for house in self.houses:
            if house.value == value:
                return house
        return None

    def house_to_take(self, value: int) -> House | None:
        """The house a card of `value` takes: none outside 9-13, where a house broke R-HOUSE-VALUE and can
        never be taken (RULES.md §5.3), nor does it bind its owners."""
        return self.house(value) if self.houses and value in HOUSE_VALUES else None

    @property
    def floor_empty(self) -> bool:
        return not self.loose and not self.houses

    @property
    def next_play(self) -> int:
        return self.played + 1


def start(rules: Ruleset, floor: tuple[Card, ...], bidder: str, bid: int | None) -> State:
    """The state before the bid play: the four floor cards loose, the bidder to play."""
    return State(rules, loose=tuple(sorted(floor, key=BY_ORDER)), turn=bidder, bidder=bidder, bid=bid,
                 taken={team: () for team in rules.teams})


Holds = Optional[bool]
"""Whether a player holds a card: True, False, or None where the log cannot tell (RULES.md §3)."""


class Known(NamedTuple):
    """What is known of one player's hand at one play (a NamedTuple: one is made for every play).

    `hand` may say too much or too little, and two flags say which: every card of `hand` is in the hand
    unless `certain` is False (the bid play without a recorded first four, judged on the bidder's whole
    hand), and the hand holds nothing beyond `hand` unless `complete` is False (a log that stops early, or
    a deal in progress: the hand may then also hold some of the `unseen` cards)."""

    hand: Collection[Card]
    """The player's hand before the play, the played card included (inferred from later plays)."""
    complete: bool = True
    """False when the hand may hold cards the log has not shown (some of `unseen`)."""
    holders: Mapping[Card, str | frozenset[str]] = MappingProxyType({})
    """Who holds Td and 9s before the play (Punjab's first-house rule): a seat, or, for a card the log has
    not shown yet, the seats that may hold it. A card not in the map is no longer in any hand."""
    unseen: Collection[Card] = frozenset()
    """The cards the log has not shown anywhere (meaningful when `complete` is False)."""
    certain: bool = True
    """False when `hand` may hold cards the player did not have yet at this play, so that the plays it
    seems to allow cannot be weighed as alternatives (R-BID-THROW)."""

    def holds_value(self, value: int, besides: Card | None = None) -> Holds:
        """Whether the hand holds a card of `value` other than `besides` (True, False, or None: unknown)."""
        for card in self.hand:
            if card.value == value and card is not besides:
                return True if self.certain else None
        if self.complete:
            return False
        for card in self.unseen:
            if card.value == value:
                return None
        return False
