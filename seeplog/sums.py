"""Subset sums over loose cards: the hot path of every check; and the packings of loose cards into sets of
one sum, as bit masks over the floor, counted rather than listed (their number grows exponentially)."""
from __future__ import annotations

from itertools import combinations
from functools import lru_cache
from typing import Collection, Iterator, NamedTuple, Sequence

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


MAX_GROUPS = 4000
"""At most this many sets of loose cards adding up to one value are considered (a legal deal stays far below)."""
MAX_WORK = 20_000
"""At most this many steps to count the unions of such sets; past either bound a list says it is incomplete."""


class Packings(NamedTuple):
    """Every union of disjoint sets of loose cards, each adding up to `target`: mask -> how many
    collections of sets make it, and one such collection (its sets as masks)."""

    values: tuple[int, ...]
    target: int
    groups: tuple[int, ...]
    counts: dict[int, int]
    witness: dict[int, tuple[int, ...]]
    complete: bool

    memo: dict[int, bool]
    """`maximal`'s answers so far (an empty dict to begin with)."""

    def maximal(self, used: int) -> bool:
        """Whether no set of the cards outside `used` adds up to the target (a bitset of reachable sums)."""
        known = self.memo.get(used)
        if known is None:
            known = self.memo[used] = self._maximal(used)
        return known

    def _maximal(self, used: int) -> bool:
        reach, target, values = 1, self.target, self.values
        for i in range(len(values)):
            if not used >> i & 1:
                reach |= reach << values[i]
                if reach >> target & 1:
                    return False
        return True


@lru_cache(maxsize=1024)
def group_masks(values: tuple[int, ...], target: int) -> tuple[tuple[int, ...], bool]:
    """The masks of the sets adding up to `target` (at most MAX_GROUPS), and whether that is all of them."""
    found: list[int] = []
    nodes = [0]

    def walk(start: int, need: int, mask: int) -> bool:
        nodes[0] += 1
        if nodes[0] > MAX_WORK:
            return False
        for i in range(start, len(values)):
            v = values[i]
            if v == need:
                found.append(mask | 1 << i)
                if len(found) >= MAX_GROUPS:
                    return False
            elif v < need and not walk(i + 1, need - v, mask | 1 << i):
                return False
        return True

    complete = walk(0, target, 0) if target > 0 else True
    return tuple(found), complete


@lru_cache(maxsize=256)
def packings(values: tuple[int, ...], target: int) -> Packings:
    """The packings of the loose cards of `values` (in floor order) for `target`, within MAX_WORK steps."""
    groups, complete = group_masks(values, target)
    counts: dict[int, int] = {0: 1}
    witness: dict[int, tuple[int, ...]] = {0: ()}
    work = 0
    for g in groups:
        work += len(counts)
        if work > MAX_WORK:
            complete = False
            break
        for mask, count in list(counts.items()):
            if mask & g == 0:
                joined = mask | g
                if joined not in counts:
                    counts[joined] = 0
                    witness[joined] = witness[mask] + (g,)
                counts[joined] += count
    return Packings(values, target, groups, counts, witness, complete, {})


def a_maximal_packing(cards: Sequence[Card], target: int) -> tuple[tuple[Card, ...], ...]:
    """One collection of disjoint sets of the cards, each adding up to `target`, after which no set of the
    cards left does (the empty collection when none is found within the bounds)."""
    pack = packings(tuple(c.value for c in cards), target)
    for mask in pack.counts:
        if pack.maximal(mask):
            return tuple(tuple(c for i, c in enumerate(cards) if group >> i & 1) for group in pack.witness[mask])
    return ()


def partitions(cards: tuple[Card, ...], target: int) -> Iterator[tuple[tuple[Card, ...], ...]]:
    """Every way to split the cards into sets adding up to `target`."""
    if not cards:
        yield ()
        return
    for group in subsets_with(cards[0], cards[1:], target):
        rest = tuple(c for c in cards[1:] if c not in group)
        for more in partitions(rest, target):
            yield (group,) + more
