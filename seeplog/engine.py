"""The rules engine: resolve a play against the floor, check it against every rule, apply it.

`resolve` turns what the log names into floor objects (or a log error, E-...), `check` lists every
rule the play breaks (R-...), and `apply` makes the play as it happened, legal or not.
"""
from __future__ import annotations

from typing import Mapping

from itertools import filterfalse, islice
from operator import attrgetter

from .cards import BY_ORDER, Card
from .checks import checks_for, kind_of, wrong_turn
from .moves import (Build, Capture, Group, HouseRef, Item, Move, Throw, canonical_groups, group_text,
                    move_text)
from .rules import Violation
from .said import Said
from .state import House, Known, State, Sweep
from .sums import packings, partitions

BY_VALUE = attrgetter("value")

__all__ = ["IllegalPlayError", "Known", "apply", "check", "finish", "is_legal", "play", "resolve"]


class IllegalPlayError(ValueError):
    """Raised by `play` for a play that breaks a rule; carries the violations."""

    def __init__(self, violations: list[Violation]):
        super().__init__("; ".join(v.message for v in violations))
        self.violations = violations


# ---------------------------------------------------------------- resolving what the log names

def expand_capture(state: State, move: Capture) -> Capture | Violation:
    """Write out the shorthand ``C x``: the one maximal choice, grouped as its first text in string order."""
    card, loose = move.card, state.loose
    head: tuple[Group, ...] = ((HouseRef(card.value),),) if state.house_to_take(card.value) else ()
    pack = packings(tuple(c.value for c in loose), card.value)
    choices = []
    for mask in pack.counts:
        if (head or mask) and pack.maximal(mask):
            choices.append(mask)
            if len(choices) > 1:
                first, then = (_taken(_capture_of(state, card, head, m, pack.counts[m])) for m in choices)
                return Violation("E-AMBIGUOUS", Said("{card} x: more than one maximal capture, such as {card} x "
                                                     "{first} and {card} x {then}: write out the one made",
                                                     card=str(card), first=first, then=then))
    if not pack.complete:
        return Violation("E-AMBIGUOUS", Said("{card} x: too many sets of the loose cards add up to {value} to "
                                             "tell whether one capture is meant; write the capture out",
                                             card=str(card), value=card.value))
    if not choices:
        return Violation("E-SHAPE", Said("{card} x: nothing on the floor adds up to {value}", card=str(card),
                                         value=card.value))
    return _capture_of(state, card, head, choices[0], pack.counts[choices[0]])


def _taken(capture: Capture) -> str:
    """What a capture takes, as written after its 'x'."""
    return " ".join(map(group_text, capture.groups or ()))


def _capture_of(state: State, card: Card, head: tuple[Group, ...], mask: int, groupings: int) -> Capture:
    """The capture of the house in `head` and the loose cards of `mask`, grouped as its first text."""
    taken = tuple(sorted((c for i, c in enumerate(state.loose) if mask >> i & 1), key=BY_ORDER))
    splits = islice(partitions(taken, card.value), groupings)
    return min((Capture(card, canonical_groups(head + split)) for split in splits), key=move_text)


def maximal_captures(state: State, card: Card, limit: int = 12) -> tuple[Capture, ...]:
    """The maximal captures the card could make (what a shorthand ``C x`` may mean), each grouped as its
    first text; at most `limit` of them."""
    head: tuple[Group, ...] = ((HouseRef(card.value),),) if state.house_to_take(card.value) else ()
    pack = packings(tuple(c.value for c in state.loose), card.value)
    masks = [mask for mask in pack.counts if (head or mask) and pack.maximal(mask)][:limit]
    return tuple(_capture_of(state, card, head, mask, pack.counts[mask]) for mask in masks)


def resolve(state: State, move: Move) -> tuple[Move, Violation | None]:
    """The move with its shorthand written out, or a log error where it names what is not there."""
    if type(move) is Throw:
        return move, None
    if type(move) is Capture and move.groups is None:
        expanded = expand_capture(state, move)
        if isinstance(expanded, Violation):
            return move, expanded
        move = expanded
    named = move.named
    if len(named) > 1 and len(set(named)) != len(named):
        return move, Violation("E-CARD", Said("{item} is named twice in this play", item=str(_twice(named))))
    loose = state.loose
    for item in named:
        if type(item) is Card:
            if item not in loose:
                return move, Violation("E-FLOOR", Said("{card} is not a loose card on the floor", card=str(item)),
                                       target=item)
        elif state.house(item.value) is None:
            return move, Violation("E-FLOOR", Said("there is no {value}-house on the floor", value=item.value),
                                   target=item)
    if type(move) is Build and not named and _house_size(state, move) < 2:
        return move, Violation("E-SHAPE", Said("{play}: a house needs at least two cards", play=move_text(move)))
    return move, None


def _twice(items: tuple[Item, ...]) -> Item:
    """The first item named more than once. (Its generator is here, not in `resolve`, where it would hold
    the variables of every play's resolve in cells.)"""
    return next(item for item in items if items.count(item) > 1)


def _house_size(state: State, move: Build) -> int:
    broken = move.broken
    size = 1 + len(move.loose) + sum(len(g) for g in move.extras)
    if broken is not None:
        size += len(state.house(broken.value).cards)  # type: ignore[union-attr]
    target = state.house(move.value)
    if target is not None and (broken is None or broken.value != move.value):
        size += len(target.cards)
    return size


# ---------------------------------------------------------------- checking

def check(state: State, seat: str, move: Move, known: Known) -> tuple[Violation, ...]:
    """Every rule the (resolved) play breaks, each rule at most once: the turn, then the functions of `checks`."""
    rules = state.rules
    found: tuple[Violation, ...] = () if seat == state.turn else (wrong_turn(state, seat),)
    kind = "throw" if type(move) is Throw else "capture" if type(move) is Capture else kind_of(move)
    for rule in checks_for(kind, state.played == 0, rules.punjab, rules.max_houses is not None):
        violation = rule(state, seat, move, known)
        if violation is not None:
            found += (violation,)
    return found


def is_legal(state: State, seat: str, move: Move, known: Known) -> bool:
    """Whether `seat` may make the play: a card it can hold, what it names on the floor, and no rule broken."""
    resolved, error = resolve(state, move)
    return error is None and unheld(state, seat, move, known) is None and not check(state, seat, resolved, known)


def unheld(state: State, seat: str, move: Move, known: Known) -> Violation | None:
    """The log error of a played card the seat cannot hold: out of every hand already (loose, in a house or
    taken; E-CARD), or missing from a hand known whole (E-HAND). The replay finds these from the log's lines
    (RULES.md §10); this says them for a play asked about on its own (`is_legal`, `play`)."""
    card = move.card
    if card in state.loose or any(card in h.cards for h in state.houses) \
            or any(card in cards for cards in state.taken.values()):
        return Violation("E-CARD", Said("{card} is no longer in any hand: it is on the floor or taken", card=str(card)),
                         None, seat)
    if known.complete and known.certain and card not in known.hand:
        return Violation("E-HAND", Said("{card} is not in {seat}'s recorded hand", card=str(card), seat=seat), None,
                         seat)
    return None


# ---------------------------------------------------------------- applying a play

def apply(state: State, seat: str, move: Move) -> State:
    """The state after a resolved play, made as recorded (legal or not)."""
    if type(move) is Throw:  # about half the plays: the card joins the loose ones
        return _next(state, seat, tuple(sorted(state.loose + (move.card,), key=BY_ORDER)), state.houses,
                     state.taken, state.last_capturer, state.sweeps, state.built)
    if type(move) is Capture:
        return _after_capture(state, seat, move)
    return _after_build(state, seat, move)  # type: ignore[arg-type]  # neither a throw nor a capture


def _next(state: State, seat: str, loose: tuple[Card, ...], houses: tuple[House, ...],
          taken: Mapping[str, tuple[Card, ...]], capturer: str | None, sweeps: tuple[Sweep, ...],
          built: frozenset[tuple[str, int]]) -> State:
    """The state after `seat` played, with what the play changed (every argument given in place, no
    keywords: this runs every play)."""
    rules = state.rules
    return State(rules, loose, houses, rules.next_seat[seat], state.played + 1, state.bidder, state.bid, taken,
                 capturer, sweeps, built)


def play(state: State, seat: str, move: Move, known: Known) -> State:
    """Apply a play that must be legal.

    :raises IllegalPlayError: when the play breaks a rule or names what is not on the floor.
    """
    resolved, error = resolve(state, move)
    error = error or unheld(state, seat, move, known)
    violations = (error,) if error else check(state, seat, resolved, known)
    if violations:
        raise IllegalPlayError(list(violations))
    return apply(state, seat, resolved)


def _after_capture(state: State, seat: str, move: Capture) -> State:
    cards = [move.card]
    values: set[int] = set()
    for item in move.named:
        if type(item) is Card:
            cards.append(item)
        else:
            values.add(item.value)
    houses = state.houses
    if values:
        kept = []
        for house in houses:
            if house.value in values:
                cards.extend(house.cards)
            else:
                kept.append(house)
        houses = tuple(kept)
    # The loose cards left: filterfalse, as a comprehension here would close over this function's locals.
    loose = tuple(filterfalse(set(cards).__contains__, state.loose))
    team = state.rules.team_of(seat)
    taken = {**state.taken, team: state.taken[team] + tuple(cards)}
    sweeps = state.sweeps
    if not loose and not houses:
        number = state.played + 1
        sweeps += (Sweep(number, seat, move.card, state.rules.sweep_value(move.card, number)),)
    return _next(state, seat, loose, houses, taken, seat, sweeps, state.built)


def _after_build(state: State, seat: str, move: Build) -> State:
    pieces = [move.card]
    broken = None
    for item in move.named:
        if type(item) is Card:
            pieces.append(item)
        else:
            broken = state.house(item.value)
    if broken is not None:
        pieces.extend(broken.cards)
    loose = tuple(filterfalse(set(pieces).__contains__, state.loose))
    houses: list[House] = []  # the houses the play leaves as they are
    there = None  # the house of the play's value
    for h in state.houses:
        if h.value == move.value:
            there = h
        elif h is not broken:
            houses.append(h)
    if there is not None and there is not broken:
        keeps = seat in there.owners or state.rules.partner(seat) in there.owners
        house = House(move.value, there.cards + tuple(pieces), there.owners if keeps else there.owners | {seat})
    else:
        house = House(move.value, tuple(pieces), frozenset({seat}))
    houses.append(house)
    built = state.built | {(seat, move.value)} if state.rules.punjab else state.built
    return _next(state, seat, loose, tuple(sorted(houses, key=BY_VALUE)), state.taken, state.last_capturer,
                 state.sweeps, built)


def finish(state: State) -> State:
    """The end of the deal: what is left on the floor goes to the team of the last capturer."""
    left = state.loose + tuple(c for h in state.houses for c in h.cards)
    if state.last_capturer is None or not left:
        return state._replace(loose=(), houses=())
    team = state.rules.team_of(state.last_capturer)
    return state._replace(loose=(), houses=(), taken={**state.taken, team: state.taken[team] + left})
