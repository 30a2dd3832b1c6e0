"""The plain enumeration of every grouping of every play (exponential in the loose cards): the reference the
grouped outcomes of seeplog.legal are checked against on small floors."""
from __future__ import annotations

from collections import Counter
from typing import Iterator, Sequence

from seeplog.cards import Card
from seeplog.engine import Known, check, resolve
from seeplog.legal import outcome_key
from seeplog.moves import Build, Capture, HouseRef, Move, Throw, canonical, move_text
from seeplog.ruleset import HOUSE_VALUES
from seeplog.state import State
from seeplog.moves import Group, canonical_groups
from seeplog.sums import can_make, subsets_with


def subsets(cards: tuple[Card, ...], target: int) -> Iterator[tuple[Card, ...]]:
    if target == 0:
        yield ()
        return
    for i, card in enumerate(cards):
        if card.value <= target:
            for rest in subsets(cards[i + 1:], target - card.value):
                yield (card,) + rest


def every_build(state: State, card: Card) -> Iterator[Build]:
    for value in HOUSE_VALUES:
        mains: list[tuple] = list(subsets(state.loose, value - card.value))
        mains += [(HouseRef(h.value),) for h in state.houses if h.value + card.value == value]
        for main in mains:
            remaining = [c for c in state.loose if c not in main]
            for extras in packings(remaining, value, maximal=state.house(value) is None):
                yield Build(card, main, value, tuple(extras))


def every_grouping(state: State, seat: str, known: Known) -> dict[str, Move]:
    """Every legal play, each grouping its own entry, by canonical text."""
    found: dict[str, Move] = {}
    for card in sorted(known.hand):
        moves = [Throw(card), *(Capture(card, g) for g in maximal_captures(state, card)), *every_build(state, card)]
        for move in map(canonical, moves):
            resolved, error = resolve(state, move)
            if error is None and not check(state, seat, resolved, known):
                found.setdefault(move_text(move), move)
    return found


def outcome_counts(state: State, seat: str, known: Known) -> Counter:
    """How many groupings reach each outcome key."""
    return Counter(outcome_key(m) for m in every_grouping(state, seat, known).values())


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


def maximal_captures(state: State, card: Card) -> list[tuple[Group, ...]]:
    """Every way `card` takes everything it must: its house, and a maximal packing of loose sets."""
    house = state.house(card.value)
    head: tuple[Group, ...] = ((HouseRef(card.value),),) if house else ()
    found = []
    for packing in packings(state.loose, card.value, maximal=True):
        if head or packing:
            found.append(canonical_groups(head + tuple(packing)))
    return found
