"""Every legal play at a position, as canonical move text (NOTATION.md, Canonical form)."""
from __future__ import annotations

from typing import Iterator

from .cards import Card
from .engine import Known, check, maximal_captures, resolve
from .moves import Build, Capture, HouseRef, Move, Throw, canonical, move_text
from .ruleset import HOUSE_VALUES
from .state import State
from .sums import packings


def subsets(cards: tuple[Card, ...], target: int) -> Iterator[tuple[Card, ...]]:
    """Every set of the cards adding up to `target` (the empty set for 0)."""
    if target == 0:
        yield ()
        return
    for i, card in enumerate(cards):
        if card.value <= target:
            for rest in subsets(cards[i + 1:], target - card.value):
                yield (card,) + rest


def _builds(state: State, card: Card) -> Iterator[Build]:
    for value in HOUSE_VALUES:
        mains: list[tuple] = [main for main in subsets(state.loose, value - card.value)]
        mains += [(HouseRef(h.value),) for h in state.houses if h.value + card.value == value]
        for main in mains:
            remaining = [c for c in state.loose if c not in main]
            joining = state.house(value) is not None
            for extras in packings(remaining, value, maximal=not joining):
                yield Build(card, main, value, tuple(extras))


def candidates(state: State, card: Card) -> Iterator[Move]:
    yield Throw(card)
    for groups in maximal_captures(state, card):
        yield Capture(card, groups)
    yield from _builds(state, card)


def legal_moves(state: State, seat: str, known: Known) -> list[Move]:
    """Every play of `seat` with the hand as known that draws no R- finding."""
    found: dict[str, Move] = {}
    for card in sorted(known.hand):
        for move in candidates(state, card):
            move = canonical(move)
            resolved, error = resolve(state, move)
            if error is None and not check(state, seat, resolved, known):
                found.setdefault(move_text(move), move)
    return [found[text] for text in sorted(found)]


def legal_plays(state: State, seat: str, known: Known) -> list[str]:
    """The legal plays as canonical move texts, sorted as strings; each grouping is its own line."""
    return [move_text(m) for m in legal_moves(state, seat, known)]
