"""The three kinds of play and their canonical move text (NOTATION.md, Moves)."""
from __future__ import annotations

from dataclasses import dataclass, field
from operator import attrgetter
from typing import ClassVar, Union

from .cards import Card
from .said import Said


class HouseRef:
    """A house on the floor, named by its value: ``[11]``. One object per value, like cards."""

    __slots__ = ("value", "order")
    _made: dict[int, HouseRef] = {}

    value: int
    order: int
    """Its place in canonical order: houses before cards, higher values first."""

    def __new__(cls, value: int) -> HouseRef:
        ref = cls._made.get(value)
        if ref is None:
            ref = super().__new__(cls)
            object.__setattr__(ref, "value", value)
            object.__setattr__(ref, "order", -1000 - value)
            cls._made[value] = ref
        return ref

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError("a HouseRef cannot be changed")

    def __reduce__(self) -> tuple[type[HouseRef], tuple[int]]:
        return (HouseRef, (self.value,))

    def __repr__(self) -> str:
        return f"HouseRef({self.value})"

    def __str__(self) -> str:
        return f"[{self.value}]"


Item = Union[Card, HouseRef]
Group = tuple[Item, ...]
"""A house ``[V]`` or loose cards joined by ``+``; a single card is a group of one."""


@dataclass(frozen=True, slots=True)
class Throw:
    """The card stays on the floor as a loose card: ``5h``."""

    card: Card
    named: ClassVar[tuple[Item, ...]] = ()
    """A throw names nothing on the floor (every move has `named`: the checks read it at every play)."""

    def __str__(self) -> str:
        return move_text(self)


@dataclass(frozen=True, slots=True)
class Capture:
    """The card takes the groups: ``Jd x Jc 9s+2s``. ``groups`` is None for the shorthand ``Jd x``."""

    card: Card
    groups: tuple[Group, ...] | None
    named: tuple[Item, ...] = field(init=False, repr=False, compare=False)
    """Every loose card and house the groups name (derived once: the checks ask for it at every play)."""

    def __post_init__(self) -> None:
        named: tuple[Item, ...] = ()
        for group in self.groups or ():
            named += group
        object.__setattr__(self, "named", named)

    def __str__(self) -> str:
        return move_text(self)


@dataclass(frozen=True, slots=True)
class Build:
    """A house play: the card and ``items`` make or join the house of ``value``; ``extras`` join it too."""

    card: Card
    items: tuple[Item, ...]
    value: int
    extras: tuple[Group, ...] = ()
    named: tuple[Item, ...] = field(init=False, repr=False, compare=False)
    """Every loose card and house the main and extra groups name."""
    broken: HouseRef | None = field(init=False, repr=False, compare=False)
    """The house this play breaks, if its main group names one."""

    def __post_init__(self) -> None:
        # Plain loops, no generators: every house play a log names is built here.
        named, broken = self.items, None
        for group in self.extras:
            named += group
        for item in self.items:
            if type(item) is HouseRef:
                broken = item
                break
        object.__setattr__(self, "named", named)
        object.__setattr__(self, "broken", broken)

    def __str__(self) -> str:
        """The move in notation, as a log writes it: ``3h+7c =10``."""
        return move_text(self)

    @property
    def loose(self) -> tuple[Card, ...]:
        """The loose cards of the main group (the played card not included)."""
        return tuple(i for i in self.items if type(i) is Card)


Move = Union[Throw, Capture, Build]


def names(move: Move) -> tuple[Item, ...]:
    """Every loose card and house the move names on the floor."""
    return move.named


item_key = attrgetter("order")
"""Houses first (higher value first), then cards in card order (a C-level sort key)."""


def canonical_group(group: Group) -> Group:
    return group if len(group) < 2 else tuple(sorted(group, key=item_key))


def group_key(group: Group) -> tuple[int, int]:
    """Capture group order: by first item (house first), a longer set before a shorter one."""
    return (group[0].order, -len(group))


def canonical_groups(groups: tuple[Group, ...]) -> tuple[Group, ...]:
    return in_group_order(tuple([canonical_group(g) for g in groups]))


def in_group_order(groups: tuple[Group, ...]) -> tuple[Group, ...]:
    """Canonical groups put in capture group order."""
    return groups if len(groups) < 2 else tuple(sorted(groups, key=group_key))


def canonical(move: Move) -> Move:
    """The same move with its cards and groups in canonical order."""
    if type(move) is Capture and move.groups is not None:
        if len(move.groups) == 1 and len(move.groups[0]) == 1:
            return move
        return Capture(move.card, canonical_groups(move.groups))
    if type(move) is Build:
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


def says_an(value: int) -> bool:
    """Whether a number is said with a vowel sound first (eight, eleven, eighteen, eighty-…), so takes "an"."""
    return value in (8, 11, 18) or 80 <= value <= 89


def a_house(value: int) -> Said:
    """A house of `value` with its article, a phrase of its own (a page says it in the reader's language).

    >>> a_house(9), a_house(11), a_house(18), a_house(8)
    ('a 9-house', 'an 11-house', 'an 18-house', 'an 8-house')
    """
    return Said("an {value}-house", value=value) if says_an(value) else Said("a {value}-house", value=value)
