"""The rules engine: resolve a play against the floor, check it against every rule, apply it.

`resolve` turns what the log names into floor objects (or a log error, E-...), `check` lists every
rule the play breaks (R-...), and `apply` makes the play as it happened, legal or not.
"""
from __future__ import annotations

from types import MappingProxyType
from typing import Callable, Iterator, Mapping, NamedTuple

from .cards import Card
from .moves import Build, Capture, Group, HouseRef, Move, Throw, canonical_groups, group_text, move_text
from .rules import Violation
from .state import House, State, Sweep
from .sums import a_subset, can_make, packings

PUNJAB_CARDS = {"Td": 10, "9s": 9}
HOUSE_VALUES = range(9, 14)


class IllegalPlayError(ValueError):
    """Raised by `play` for a play that breaks a rule; carries the violations."""

    def __init__(self, violations: list[Violation]):
        super().__init__("; ".join(v.message for v in violations))
        self.violations = violations


class Known(NamedTuple):
    """What is known of the hands at one play (a NamedTuple: one is made for every play)."""

    hand: frozenset[Card]
    """The mover's hand before the play, the played card included (inferred from later plays)."""
    complete: bool = True
    """False when later plays are missing, so that a card not seen may still be held."""
    holders: Mapping[Card, str] = MappingProxyType({})
    """Who holds Td and 9s before the play (Punjab's first-house rule)."""

    def holds_value(self, value: int, besides: Card) -> bool:
        """Whether the hand still holds a card of `value` once `besides` is played (True when unknown)."""
        return not self.complete or any(c.value == value and c != besides for c in self.hand)


# ---------------------------------------------------------------- resolving what the log names

def _names(move: Move) -> list:
    """Every loose card and house the move names on the floor."""
    if type(move) is Capture:
        return [item for group in move.groups or () for item in group]
    if type(move) is Build:
        names = list(move.items)
        for group in move.extras:
            names.extend(group)
        return names
    return []


def maximal_captures(state: State, card: Card) -> list[tuple[Group, ...]]:
    """Every way `card` takes everything it must: its house, and a maximal packing of loose sets."""
    house = state.house(card.value)
    head: tuple[Group, ...] = ((HouseRef(card.value),),) if house else ()
    found = []
    for packing in packings(state.loose, card.value, maximal=True):
        if head or packing:
            found.append(canonical_groups(head + tuple(packing)))
    return found


def expand_capture(state: State, move: Capture) -> Capture | Violation:
    """Write out the shorthand ``C x``: the one maximal choice, grouped as its first text in string order."""
    choices = maximal_captures(state, move.card)
    if not choices:
        return Violation("E-SHAPE", f"{move.card} x: nothing on the floor adds up to {move.card.value}")
    if len({frozenset(i for g in c for i in g) for c in choices}) > 1:
        return Violation("E-AMBIGUOUS", f"{move.card} x: more than one maximal capture")
    return min((Capture(move.card, c) for c in choices), key=move_text)


def resolve(state: State, move: Move) -> tuple[Move, Violation | None]:
    """The move with its shorthand written out, or a log error where it names what is not there."""
    if isinstance(move, Capture) and move.groups is None:
        expanded = expand_capture(state, move)
        if isinstance(expanded, Violation):
            return move, expanded
        move = expanded
    named = _names(move)
    if len(set(named)) != len(named):
        twice = next(item for item in named if named.count(item) > 1)
        return move, Violation("E-CARD", f"{twice} is named twice in this play")
    for item in named:
        if isinstance(item, HouseRef) and state.house(item.value) is None:
            return move, Violation("E-FLOOR", f"there is no {item.value}-house on the floor", target=item)
        if isinstance(item, Card) and item not in state.loose:
            return move, Violation("E-FLOOR", f"{item} is not a loose card on the floor", target=item)
    if isinstance(move, Build) and _house_size(state, move) < 2:
        return move, Violation("E-SHAPE", f"{move_text(move)}: a house needs at least two cards")
    return move, None


def _house_size(state: State, move: Build) -> int:
    broken = move.broken
    size = 1 + len(move.loose) + sum(len(g) for g in move.extras)
    if broken is not None:
        size += len(state.house(broken.value).cards)  # type: ignore[union-attr]
    target = state.house(move.value)
    if target is not None and (broken is None or broken.value != move.value):
        size += len(target.cards)
    return size


# ---------------------------------------------------------------- the checks, one per rule

Check = Callable[[State, str, Move, Known], Iterator[Violation]]


def _value(group: Group, state: State) -> int:
    return sum(i.value if isinstance(i, Card) else 0 for i in group)


def check_turn(state: State, seat: str, move: Move, known: Known) -> Iterator[Violation]:
    if seat != state.turn:
        yield Violation("R-TURN", f"{seat} plays, but it is {state.turn}'s turn")


def check_capture(state: State, seat: str, move: Move, known: Known) -> Iterator[Violation]:
    if not isinstance(move, Capture):
        return
    v = move.card.value
    for group in move.groups or ():
        houses = [i for i in group if isinstance(i, HouseRef)]
        if houses and len(group) > 1:
            yield Violation("R-CAPTURE-HOUSE-SET", "a house can only be taken whole and alone, not as part of a set")
        elif houses and houses[0].value != v:
            yield Violation("R-CAPTURE-SUM", f"{move.card} cannot take the {houses[0].value}-house: "
                                             "a house is taken only by a card of its value")
        elif not houses and _value(group, state) != v:
            yield Violation("R-CAPTURE-SUM", f"{group_text(group)} does not add up to {v}")


def check_capture_all(state: State, seat: str, move: Move, known: Known) -> Iterator[Violation]:
    if not isinstance(move, Capture):
        return
    v = move.card.value
    named = set(_names(move))
    if state.house(v) is not None and HouseRef(v) not in named:
        yield Violation("R-CAPTURE-ALL", f"{move.card} left [{v}] on the floor, which it also takes")
        return
    left = [c for c in state.loose if c not in named]
    if can_make(left, v):
        missed = a_subset(left, v) or ()
        yield Violation("R-CAPTURE-ALL", f"{move.card} left {'+'.join(map(str, missed))} on the floor, "
                                         "which it also takes")


def could_capture(state: State, card: Card) -> bool:
    return state.house(card.value) is not None or can_make(state.loose, card.value)


def check_must_capture(state: State, seat: str, move: Move, known: Known) -> Iterator[Violation]:
    if isinstance(move, Throw) and could_capture(state, move.card):
        yield Violation("R-MUST-CAPTURE", f"{move.card} could capture and may not be thrown")


def check_house(state: State, seat: str, move: Move, known: Known) -> Iterator[Violation]:
    """R-HOUSE-VALUE alone for a value outside 9-13; otherwise the sum, break, auto and hold rules."""
    if not isinstance(move, Build):
        return
    if move.value not in HOUSE_VALUES:
        yield Violation("R-HOUSE-VALUE", f"a house of {move.value}: houses are 9 to 13")
        return
    for rule in (_house_sum, _break, _house_auto, _house_hold):
        yield from rule(state, seat, move, known)


def _house_sum(state: State, seat: str, move: Build, known: Known) -> Iterator[Violation]:
    broken, V = move.broken, move.value
    if broken is not None and move.loose:
        yield Violation("R-BREAK-LOOSE", f"the {broken.value}-house is raised with loose cards "
                                         f"({' '.join(map(str, move.loose))})")
    elif broken is not None and broken.value + move.card.value != V:
        yield Violation("R-HOUSE-SUM", f"the {broken.value}-house raised by {move.card} makes "
                                       f"{broken.value + move.card.value}, not {V}")
    elif broken is None and move.card.value + sum(c.value for c in move.loose) != V:
        total = move.card.value + sum(c.value for c in move.loose)
        yield Violation("R-HOUSE-SUM", f"the main group adds up to {total}, not {V}")
    for group in move.extras:
        if _value(group, state) != V:
            yield Violation("R-HOUSE-SUM", f"the extra group {group_text(group)} adds up to "
                                           f"{_value(group, state)}, not {V}")


def _break(state: State, seat: str, move: Build, known: Known) -> Iterator[Violation]:
    if move.broken is None:
        return
    house = state.house(move.broken.value)
    assert house is not None
    if house.cemented:
        yield Violation("R-BREAK-CEMENTED", f"the {house.value}-house is cemented and cannot be broken")
    if seat in house.owners:
        yield Violation("R-BREAK-OWN", f"{seat} breaks a house {seat} owns")


def _house_auto(state: State, seat: str, move: Build, known: Known) -> Iterator[Violation]:
    if state.house(move.value) is not None:
        return
    used = set(_names(move))
    left = [c for c in state.loose if c not in used]
    if can_make(left, move.value):
        missed = a_subset(left, move.value) or ()
        yield Violation("R-HOUSE-AUTO", f"the new {move.value}-house must also take {'+'.join(map(str, missed))}")


def _house_hold(state: State, seat: str, move: Build, known: Known) -> Iterator[Violation]:
    if known.holds_value(move.value, besides=move.card):
        return
    there = state.house(move.value)
    partner = state.rules.partner(seat)
    if there is not None and partner in there.owners:
        return
    verb = "adds to" if there is not None else "makes"
    yield Violation("R-HOUSE-HOLD", f"{seat} {verb} a {move.value}-house without holding a card of {move.value}")


def check_owner_keep(state: State, seat: str, move: Move, known: Known) -> Iterator[Violation]:
    v = move.card.value
    house = state.house(v)
    if house is None or seat not in house.owners or known.holds_value(v, besides=move.card):
        return
    if isinstance(move, Capture) and HouseRef(v) in _names(move):
        return
    if isinstance(move, Build) and move.value == v:
        return
    yield Violation("R-OWNER-KEEP", f"{seat} owns the {v}-house and plays the last card of that value "
                                    f"({move.card}) without taking it")


def check_house_limit(state: State, seat: str, move: Move, known: Known) -> Iterator[Violation]:
    limit = state.rules.max_houses
    if limit is None or not isinstance(move, Build):
        return
    count = len(_after_build(state, seat, move).houses)
    if count > limit:
        yield Violation("R-HOUSE-LIMIT", f"the play leaves {count} houses (at most {limit})")


def check_punjab(state: State, seat: str, move: Move, known: Known) -> Iterator[Violation]:
    if not state.rules.punjab:
        return
    own = PUNJAB_CARDS.get(str(move.card))
    if own is not None and (seat, own) not in state.built:
        if isinstance(move, Capture) and any(isinstance(i, Card) for i in _names(move)):
            yield Violation("R-PUNJAB-FIRST", f"{move.card} takes loose cards before {seat} built a {own}-house")
        elif isinstance(move, Build) and move.value > own:
            yield Violation("R-PUNJAB-FIRST", f"{move.card} joins a {move.value}-house before {seat} "
                                              f"built a {own}-house")
    if isinstance(move, Build) and move.value in PUNJAB_CARDS.values():
        yield from _punjab_first_house(state, seat, move, known)


def _punjab_first_house(state: State, seat: str, move: Build, known: Known) -> Iterator[Violation]:
    card = next(c for c, v in PUNJAB_CARDS.items() if v == move.value)
    if any(value == move.value for _, value in state.built) or str(move.card) == card:
        return
    holder = next((s for c, s in known.holders.items() if str(c) == card), None)
    if holder is not None and holder != seat:
        yield Violation("R-PUNJAB-FIRST", f"the first {move.value}-house may only be built by the holder of {card}")


def check_bid_play(state: State, seat: str, move: Move, known: Known) -> Iterator[Violation]:
    """The bid play: a house of the bid, a capture with it, or (as a last resort) a throw of it."""
    bid = state.bid
    if state.played != 0 or bid is None:
        return
    if isinstance(move, Build) and move.value != bid:
        yield Violation("R-BID-PLAY", f"the bid play makes a house of {move.value}, not of the bid {bid}")
    elif isinstance(move, Capture) and move.card.value != bid:
        yield Violation("R-BID-PLAY", f"the bid play captures with {move.card}, not a card of the bid {bid}")
    elif isinstance(move, Throw) and move.card.value != bid:
        yield Violation("R-BID-PLAY", f"the bid play throws {move.card}, not a card of the bid {bid}")
    elif isinstance(move, Throw) and not could_capture(state, move.card) and bid_play_possible(
            state.loose, known.hand, bid):
        yield Violation("R-BID-THROW", f"the bidder throws {move.card} although a house of {bid} "
                                       "or a capture was possible")


def bid_play_possible(loose: tuple[Card, ...], hand: frozenset[Card], bid: int) -> bool:
    """Whether the hand can build a house of the bid (holding another card of it) or capture with it."""
    holding = [c for c in hand if c.value == bid]
    if holding and can_make(loose, bid):
        return True
    return any(c.value < bid and can_make(loose, bid - c.value) and any(h != c for h in holding)
               for c in hand)


CHECKS: dict[type, tuple[Check, ...]] = {
    Throw: (check_turn, check_must_capture, check_owner_keep),
    Capture: (check_turn, check_capture, check_capture_all, check_owner_keep),
    Build: (check_turn, check_house, check_owner_keep, check_house_limit),
}


def checks_for(state: State, move: Move) -> tuple[Check, ...]:
    """The checks that can apply to this play: by its kind, the bid play and the variant's rules."""
    checks = CHECKS[type(move)]
    if state.played == 0:
        checks += (check_bid_play,)
    if state.rules.punjab:
        checks += (check_punjab,)
    return checks


def check(state: State, seat: str, move: Move, known: Known) -> list[Violation]:
    """Every rule the (resolved) play breaks, each rule at most once."""
    found: dict[str, Violation] = {}
    for rule in checks_for(state, move):
        for violation in rule(state, seat, move, known):
            found.setdefault(violation.rule, violation)
    return list(found.values())


def is_legal(state: State, seat: str, move: Move, known: Known) -> bool:
    resolved, error = resolve(state, move)
    return error is None and not check(state, seat, resolved, known)


# ---------------------------------------------------------------- applying a play

def apply(state: State, seat: str, move: Move) -> State:
    """The state after a resolved play, made as recorded (legal or not)."""
    if isinstance(move, Capture):
        return _after_capture(state, seat, move)
    if isinstance(move, Build):
        return _after_build(state, seat, move)
    return _next(state, seat, loose=tuple(sorted(state.loose + (move.card,))))


def _next(state: State, seat: str, *, loose: tuple[Card, ...], houses: tuple[House, ...] | None = None,
          taken: Mapping[str, tuple[Card, ...]] | None = None, last_capturer: str | None = None,
          sweeps: tuple[Sweep, ...] | None = None, built: frozenset[tuple[str, int]] | None = None) -> State:
    """The state after `seat` played, with what the play changed (built directly: this runs every play)."""
    return State(state.rules, loose, state.houses if houses is None else houses, state.rules.right_of(seat),
                 state.played + 1, state.bidder, state.bid, state.taken if taken is None else taken,
                 last_capturer or state.last_capturer, state.sweeps if sweeps is None else sweeps,
                 state.built if built is None else built)


def play(state: State, seat: str, move: Move, known: Known) -> State:
    """Apply a play that must be legal.

    :raises IllegalPlayError: when the play breaks a rule or names what is not on the floor.
    """
    resolved, error = resolve(state, move)
    violations = [error] if error else check(state, seat, resolved, known)
    if violations:
        raise IllegalPlayError(violations)
    return apply(state, seat, resolved)


def _after_capture(state: State, seat: str, move: Capture) -> State:
    names = _names(move)
    named = set(names)
    values = {i.value for i in names if isinstance(i, HouseRef)}
    taken_houses = [h for h in state.houses if h.value in values]
    loose = tuple(c for c in state.loose if c not in named)
    houses = tuple(h for h in state.houses if h.value not in values)
    cards = (move.card,) + tuple(i for i in names if isinstance(i, Card)) + tuple(
        c for h in taken_houses for c in h.cards)
    team = state.rules.team_of(seat)
    taken = {**state.taken, team: state.taken[team] + cards}
    sweeps = state.sweeps
    if not loose and not houses:
        number = state.played + 1
        sweeps += (Sweep(number, seat, move.card, state.rules.sweep_value(move.card, number)),)
    return _next(state, seat, loose=loose, houses=houses, taken=taken, last_capturer=seat, sweeps=sweeps)


def _after_build(state: State, seat: str, move: Build) -> State:
    names = _names(move)
    named = set(names)
    broken = state.house(move.broken.value) if move.broken else None
    loose = tuple(c for c in state.loose if c not in named)
    pieces = (move.card,) + tuple(i for i in names if isinstance(i, Card)) + (broken.cards if broken else ())
    houses = [h for h in state.houses if h is not broken and h.value != move.value]
    there = state.house(move.value)
    if there is not None and there is not broken:
        partner = state.rules.partner(seat)
        keeps = seat in there.owners or partner in there.owners
        house = House(move.value, there.cards + pieces, there.owners if keeps else there.owners | {seat})
    else:
        house = House(move.value, pieces, frozenset({seat}))
    houses.append(house)
    return _next(state, seat, loose=loose, houses=tuple(sorted(houses, key=lambda h: h.value)),
                 built=state.built | {(seat, move.value)})


def finish(state: State) -> State:
    """The end of the deal: what is left on the floor goes to the team of the last capturer."""
    left = state.loose + tuple(c for h in state.houses for c in h.cards)
    if state.last_capturer is None or not left:
        return state._replace(loose=(), houses=())
    team = state.rules.team_of(state.last_capturer)
    return state._replace(loose=(), houses=(), taken={**state.taken, team: state.taken[team] + left})
