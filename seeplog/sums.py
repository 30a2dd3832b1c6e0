"""Subset sums over loose cards: the hot path of every check."""
from __future__ import annotations

from itertools import combinations
from typing import Collection, Iterator, Sequence

from .cards import Card


def can_make(cards: Sequence[Card], target: int, without: Collection[object] = ()) -> bool:
    """Whether some of the cards, leaving out those in `without`, add up to `target` (a bitset of
    reachable sums).

    >>> from seeplog.cards import parse_card as c
    >>> can_make([c("2s"), c("3d"), c("6h")], 9), can_make([c("2s"), c("3d")], 4)
    (True, False)
    >>> can_make([c("2s"), c("3d"), c("6h")], 9, without=[c("3d")])
    False
    """
    if target <= 0:
        return False
    reach, mask = 1, (1 << (target + 1)) - 1
    for card in cards:
        if card not in without:
            reach |= (reach << card.value) & mask
    return bool(reach >> target & 1)


def a_subset(cards: Sequence[Card], target: int) -> tuple[Card, ...] | None:
    """One set of the cards adding up to `target`, the fewest cards first (for messages)."""
    ordered = sorted(cards)
    for size in range(1, len(ordered) + 1):
        for combo in combinations(ordered, size):
            if sum(c.value for c in combo) == target:
                return combo
    return None


def subsets_with(first: Card, rest: Sequence[Card], target: int) -> Iterator[tuple[Card, ...]]:
    """Every set that contains `first`, draws the rest from `rest`, and adds up to `target`."""
    need = target - first.value

    def extend(start: int, need: int, chosen: tuple[Card, ...]) -> Iterator[tuple[Card, ...]]:
        if need == 0:
            yield chosen
            return
        for i in range(start, len(rest)):
            if rest[i].value <= need:
                yield from extend(i + 1, need - rest[i].value, chosen + (rest[i],))

    if need >= 0:
        yield from extend(0, need, (first,))


def packings(cards: Sequence[Card], target: int, *, maximal: bool) -> Iterator[tuple[tuple[Card, ...], ...]]:
    """Every collection of disjoint sets of the cards, each adding up to `target`.

    With `maximal`, only those after which no set of the remaining cards adds up to `target`.
    """
    ordered = sorted(cards)

    def walk(pool: tuple[Card, ...], left: tuple[Card, ...]) -> Iterator[tuple[tuple[Card, ...], ...]]:
        if not pool:
            if not maximal or not can_make(left, target):
                yield ()
            return
        first, rest = pool[0], pool[1:]
        yield from walk(rest, left + (first,))
        for group in subsets_with(first, rest, target):
            remaining = tuple(c for c in rest if c not in group)
            for more in walk(remaining, left):
                yield (group,) + more

    yield from walk(tuple(ordered), ())
