"""The three kinds of play and their canonical move text (NOTATION.md, Moves)."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Union

from .cards import Card, sort_key


@dataclass(frozen=True, slots=True)
class HouseRef:
    """A house on the floor, named by its value: ``[11]``."""

    value: int

    def __str__(self) -> str:
        return f"[{self.value}]"


Item = Union[Card, HouseRef]
Group = tuple[Item, ...]
"""A house ``[V]`` or loose cards joined by ``+``; a single card is a group of one."""


@dataclass(frozen=True, slots=True)
class Throw:
    """The card stays on the floor as a loose card: ``5h``."""

    card: Card


@dataclass(frozen=True, slots=True)
class Capture:
    """The card takes the groups: ``Jd x Jc 9s+2s``. ``groups`` is None for the shorthand ``Jd x``."""

    card: Card
    groups: tuple[Group, ...] | None


@dataclass(frozen=True, slots=True)
class Build:
    """A house play: the card and ``items`` make or join the house of ``value``; ``extras`` join it too."""

    card: Card
    items: tuple[Item, ...]
    value: int
    extras: tuple[Group, ...] = ()

    @property
    def broken(self) -> HouseRef | None:
        """The house this play breaks, if its main group names one."""
        return next((i for i in self.items if isinstance(i, HouseRef)), None)

    @property
    def loose(self) -> tuple[Card, ...]:
        """The loose cards of the main group (the played card not included)."""
        return tuple(i for i in self.items if isinstance(i, Card))


Move = Union[Throw, Capture, Build]


def names(move: Move) -> list[Item]:
    """Every loose card and house the move names on the floor."""
    if type(move) is Capture:
        return [item for group in move.groups or () for item in group]
    if type(move) is Build:
        found = list(move.items)
        for group in move.extras:
            found.extend(group)
        return found
    return []


def item_key(item: Item) -> int:
    """Houses first (higher value first), then cards in card order."""
    return sort_key(item) if type(item) is Card else -1000 - item.value  # type: ignore[union-attr, arg-type]


def canonical_group(group: Group) -> Group:
    return tuple(sorted(group, key=item_key))


def group_key(group: Group) -> tuple[int, int]:
    """Capture group order: by first item (house first), a longer set before a shorter one."""
    return (item_key(group[0]), -len(group))


def canonical_groups(groups: tuple[Group, ...]) -> tuple[Group, ...]:
    return tuple(sorted((canonical_group(g) for g in groups), key=group_key))


def canonical(move: Move) -> Move:
    """The same move with its cards and groups in canonical order."""
    if isinstance(move, Capture) and move.groups is not None:
        return Capture(move.card, canonical_groups(move.groups))
    if isinstance(move, Build):
        return Build(move.card, canonical_group(move.items), move.value, canonical_groups(move.extras))
    return move


def group_text(group: Group) -> str:
    return "+".join(map(str, group))


def move_text(move: Move) -> str:
    """The canonical text of a move (its groups are assumed canonical).

    >>> from seeplog.cards import parse_card as c
    >>> move_text(Build(c("2s"), (HouseRef(11),), 13))
    '2s+[11] =13'
    """
    if isinstance(move, Throw):
        return str(move.card)
    if isinstance(move, Capture):
        if move.groups is None:
            return f"{move.card} x"
        return " ".join([f"{move.card} x", *map(group_text, move.groups)])
    main = "+".join([str(move.card), *map(str, move.items)])
    return " ".join([main, f"={move.value}", *map(group_text, move.extras)])
