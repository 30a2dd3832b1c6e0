"""One small function per rule of RULES.md §2.5 and §5-§6: each returns its violation or None.

`checks_for` picks, for a kind of play, the functions that can apply to it; `engine.check` runs them.
Every function receives the state before the play, the seat, the resolved move and what is known of
the hands. They run at every play, so they stay plain (no generators) and cheap on the legal path.
"""
from __future__ import annotations

from collections.abc import Collection, Iterable, Iterator
from functools import cache
from typing import Any, Callable

from .cards import Card
from .moves import (Build, Capture, Group, HouseRef, Item, Move, Throw, a_house, canonical, group_text, move_text,
                    says_an)
from .rules import Violation
from .said import Param, Said
from .ruleset import HOUSE_VALUES, KEY_CARD_OF, KEY_CARDS
from .state import Known, State
from .sums import a_maximal_packing, a_subset, can_make

NO_CARDS: frozenset[Card] = frozenset()
"""The key card of each Punjab house value: Td for the 10-house, 9s for the 9-house."""

Check = Callable[[State, str, Any, Known], "Violation | None"]  # Any: each check takes the moves BY_KIND gives it


def _sum(cards: Iterable[Item]) -> int:
    total = 0
    for card in cards:
        total += card.value
    return total


def could_capture(state: State, card: Card) -> bool:
    """Whether the card could take a house of its value or loose cards adding up to it."""
    return state.house_to_take(card.value) is not None or can_make(state.loose, card.value)


def _missed(loose: Iterable[Card], named: Collection[Item], value: int) -> str:
    """One set of the loose cards outside `named` adding up to `value`, as text for a message. (Its
    comprehension is here, not in the checks, where it would hold their variables in cells at every play.)"""
    return "+".join(map(str, a_subset([c for c in loose if c not in named], value) or ()))


# ---------------------------------------------------------------- every play

def wrong_turn(state: State, seat: str) -> Violation:
    """R-TURN for a seat that plays out of turn (`engine.check` judges the turn before the checks below)."""
    return Violation("R-TURN", Said("{seat} plays, but it is {turn}'s turn", seat=seat, turn=state.turn))


def check_owner_keep(state: State, seat: str, move: Move, known: Known) -> Violation | None:
    """An owner keeps a card of the house's value until the house is taken (§5.4)."""
    v = move.card.value
    house = state.house_to_take(v)
    if house is None or seat not in house.owners or known.holds_value(v, besides=move.card) is not False:
        return None
    if type(move) is Capture and HouseRef(v) in move.named:
        return None
    if type(move) is Build and move.value == v:
        return None  # a house play onto that same house: R-HOUSE-HOLD judges it
    return Violation("R-OWNER-KEEP", Said("{seat} owns the {value}-house and plays the last card of that value "
                                          "({card}) without taking it", seat=seat, value=v, card=str(move.card)))


# ---------------------------------------------------------------- throws and captures

def check_must_capture(state: State, seat: str, move: Throw, known: Known) -> Violation | None:
    if could_capture(state, move.card) and (not state.rules.punjab or a_legal_capture(state, seat, move.card, known)):
        return Violation("R-MUST-CAPTURE", Said("{card} could capture and may not be thrown", card=str(move.card)))
    return None


def check_capture_house_set(state: State, seat: str, move: Capture, known: Known) -> Violation | None:
    for group in move.groups or ():
        if len(group) > 1 and HouseRef in map(type, group):
            return Violation("R-CAPTURE-HOUSE-SET",
                             Said("a house can only be taken whole and alone, not as part of a set"))
    return None


def check_capture_sum(state: State, seat: str, move: Capture, known: Known) -> Violation | None:
    v = move.card.value
    for group in move.groups or ():
        if len(group) == 1 and type(group[0]) is HouseRef:
            if group[0].value != v:
                return Violation("R-CAPTURE-SUM", Said("{card} cannot take the {value}-house: a house is taken "
                                                       "only by a card of its value", card=str(move.card),
                                                       value=group[0].value))
            if v not in HOUSE_VALUES:
                return Violation("R-CAPTURE-SUM", Said("{card} cannot take the {value}-house: a house of less than 9 "
                                                       "can never be taken", card=str(move.card), value=v))
        elif _sum(group) != v and HouseRef not in map(type, group):  # a house in a set: R-CAPTURE-HOUSE-SET
            return Violation("R-CAPTURE-SUM", Said("{cards} does not add up to {value}", cards=group_text(group),
                                                   value=v))
    return None


def check_capture_all(state: State, seat: str, move: Capture, known: Known) -> Violation | None:
    v = move.card.value
    named = move.named
    if state.house_to_take(v) is not None and HouseRef(v) not in named:
        return Violation("R-CAPTURE-ALL", Said("{card} left [{value}] on the floor, which it also takes",
                                                   card=str(move.card), value=v))
    if can_make(state.loose, v, without=named):
        return Violation("R-CAPTURE-ALL", Said("{card} left {cards} on the floor, which it also takes",
                                                   card=str(move.card), cards=_missed(state.loose, named, v)))
    return None


# ---------------------------------------------------------------- house plays

def check_house_value(state: State, seat: str, move: Build, known: Known) -> Violation | None:
    if move.value not in HOUSE_VALUES:
        return Violation("R-HOUSE-VALUE", Said("a house of {value}: houses are 9 to 13", value=move.value))
    return None


def check_house_sum(state: State, seat: str, move: Build, known: Known) -> Violation | None:
    broken, V, card = move.broken, move.value, move.card
    if broken is not None and not move.loose and broken.value + card.value != V:
        return Violation("R-HOUSE-SUM", Said("the {value}-house raised by {card} makes {total}, not {house}",
                                             value=broken.value, card=str(card), total=broken.value + card.value,
                                             house=V))
    if broken is None and card.value + _sum(move.items) != V:
        return Violation("R-HOUSE-SUM", Said("the main group adds up to {total}, not {house}",
                                             total=card.value + _sum(move.items), house=V))
    for group in move.extras:
        if _sum(group) != V:
            return Violation("R-HOUSE-SUM", Said("the extra group {cards} adds up to {total}, not {house}",
                                                 cards=group_text(group), total=_sum(group), house=V))
    return None


def check_break_loose(state: State, seat: str, move: Build, known: Known) -> Violation | None:
    if move.broken is not None and move.loose:
        return Violation("R-BREAK-LOOSE", Said("the {value}-house is raised with loose cards ({cards})",
                                               value=move.broken.value, cards=" ".join(map(str, move.loose))))
    return None


def check_break_cemented(state: State, seat: str, move: Build, known: Known) -> Violation | None:
    house = state.house(move.broken.value) if move.broken is not None else None
    if house is not None and house.cemented:
        return Violation("R-BREAK-CEMENTED", Said("the {value}-house is cemented and cannot be broken",
                                                 value=house.value))
    return None


def check_break_own(state: State, seat: str, move: Build, known: Known) -> Violation | None:
    house = state.house(move.broken.value) if move.broken is not None else None
    if house is not None and seat in house.owners:
        return Violation("R-BREAK-OWN", Said("{seat} breaks a house {seat} owns", seat=seat))
    return None


def check_house_auto(state: State, seat: str, move: Build, known: Known) -> Violation | None:
    """A new house takes every loose card and set of its value along with it."""
    if state.houses and state.house(move.value) is not None:
        return None
    used = move.named
    if can_make(state.loose, move.value, without=used):
        return Violation("R-HOUSE-AUTO", Said("the new {value}-house must also take {cards}", value=move.value,
                                                     cards=_missed(state.loose, used, move.value)))
    return None


def check_house_hold(state: State, seat: str, move: Build, known: Known) -> Violation | None:
    if known.holds_value(move.value, besides=move.card) is not False:
        return None  # held, or the log cannot tell
    there = state.house(move.value)
    if there is not None and state.rules.partner(seat) in there.owners:
        return None
    fields: dict[str, Param] = {"seat": seat, "house": a_house(move.value), "value": move.value}
    said = Said("{seat} adds to {house} without holding a card of {value}", **fields) if there is not None else \
        Said("{seat} makes {house} without holding a card of {value}", **fields)
    return Violation("R-HOUSE-HOLD", said)


def check_house_limit(state: State, seat: str, move: Build, known: Known) -> Violation | None:
    """Only the play that raises the number of houses above the limit is flagged (§6)."""
    limit = state.rules.max_houses
    values = {h.value for h in state.houses} | {move.value}
    if move.broken is not None and move.broken.value != move.value:
        values.discard(move.broken.value)
    if limit is not None and len(values) > limit and len(values) > len(state.houses):
        return Violation("R-HOUSE-LIMIT", Said("the play leaves {houses} houses (at most {limit})",
                                                  houses=len(values), limit=limit))
    return None


# ---------------------------------------------------------------- the bid play and Punjab

def check_bid_play(state: State, seat: str, move: Move, known: Known) -> Violation | None:
    """The bid play builds a house of the bid, captures with it, or throws it (§2.5)."""
    bid = state.bid
    if bid is None:
        return None
    if type(move) is Build and move.value != bid:
        return Violation("R-BID-PLAY", Said("the bid play makes a house of {value}, not of the bid {bid}",
                                            value=move.value, bid=bid))
    if type(move) is Capture and move.card.value != bid:
        return Violation("R-BID-PLAY", Said("the bid play captures with {card}, not a card of the bid {bid}",
                                            card=str(move.card), bid=bid))
    if type(move) is Throw and move.card.value != bid:
        return Violation("R-BID-PLAY", Said("the bid play throws {card}, not a card of the bid {bid}",
                                            card=str(move.card), bid=bid))
    return None


def check_bid_throw(state: State, seat: str, move: Throw, known: Known) -> Violation | None:
    """The bid card is thrown only when no house of the bid and no capture with it was possible."""
    bid = state.bid
    if bid is None or move.card.value != bid or not known.certain or seat != state.bidder:
        return None  # without the bidder's first four, the plays the bidder could make are not known (§3);
        # another seat's play 1 (R-TURN) holds no first four
    if a_legal_capture(state, seat, move.card, known):
        return None  # a throw that could itself capture is R-MUST-CAPTURE alone
    for alternative in bid_alternatives(state, known.hand, bid):
        if breaks_nothing(state, seat, alternative, known):
            return Violation("R-BID-THROW", Said("the bidder throws {card} although {play} was possible",
                                                 card=str(move.card), play=move_text(canonical(alternative))))
    return None


# ---------------------------------------------------------------- alternatives (§6: legal under every rule)

def breaks_nothing(state: State, seat: str, move: Move, known: Known) -> bool:
    """Whether a play the seat could have made instead certainly breaks no rule (whose turn it was aside):
    only such a play is an alternative that makes the play made illegal. Where the log cannot tell, the
    play made is not flagged, and an alternative is no alternative."""
    rules = state.rules
    doubtful = _doubting(known)
    for rule in checks_for(kind_of(move), False, rules.punjab, rules.max_houses is not None):
        if rule(state, seat, move, doubtful) is not None:
            return False
    return True


def _doubting(known: Known) -> Known:
    """What is known, with every "the log cannot tell" read against the alternative: a card not shown is
    not held, and a key card whose holder is not known is held by another seat."""
    holders = known.holders
    if any(type(h) is frozenset for h in holders.values()):
        holders = {card: h if type(h) is str else "?" for card, h in holders.items()}
    if known.complete and holders is known.holders:
        return known
    return Known(known.hand, True, holders, NO_CARDS, known.certain)


def a_legal_capture(state: State, seat: str, card: Card, known: Known) -> bool:
    """Whether `card` could make a capture that breaks no rule. A maximal capture breaks no rule outside
    Punjab, whose first-house rule may forbid every capture of Td or 9s."""
    if not could_capture(state, card):
        return False
    return not state.rules.punjab or breaks_nothing(state, seat, maximal_capture(state, card), known)


def maximal_capture(state: State, card: Card) -> Capture:
    """One capture of everything `card` must take (the card must be able to capture)."""
    head: tuple[Group, ...] = ((HouseRef(card.value),),) if state.house_to_take(card.value) is not None else ()
    return Capture(card, head + a_maximal_packing(state.loose, card.value))


def bid_alternatives(state: State, hand: Collection[Card], bid: int) -> Iterator[Move]:
    """The plays of the bid the hand allows besides a throw: a capture with each card of the bid value, and
    with each card a house of the bid, on loose cards or raising a house. One grouping of loose cards is
    enough: what a house play may break does not depend on the grouping, and its extra groups take every
    set that must join it. (A generator: it runs only when the bid card is thrown.)"""
    for card in hand:
        if card.value == bid and could_capture(state, card):
            yield maximal_capture(state, card)
    there = state.house(bid) is not None
    for card in hand:
        need = bid - card.value
        if need < 0:
            continue
        mains: list[tuple[Item, ...]] = [(HouseRef(h.value),) for h in state.houses if h.value == need]
        loose = a_subset(state.loose, need) if need else ()
        if loose is not None:
            mains.append(loose)
        for main in mains:
            rest = [c for c in state.loose if c not in main]
            extras = () if there else a_maximal_packing(rest, bid)
            if main or extras or there:  # a house has at least two cards
                yield Build(card, main, bid, extras)


def check_punjab_first(state: State, seat: str, move: Move, known: Known) -> Violation | None:
    """Td (9s) first builds its holder's 10-house (9-house); the first such house is its holder's."""
    own = KEY_CARDS.get(move.card)
    if own is not None and (seat, own) not in state.built:
        if type(move) is Capture and any(type(i) is Card for i in move.named):
            return Violation("R-PUNJAB-FIRST", Said("{card} takes loose cards before {seat} built a {value}-house",
                                                    card=str(move.card), seat=seat, value=own))
        if type(move) is Build and move.value > own:
            fields: dict[str, Param] = {"card": str(move.card), "house": move.value, "seat": seat, "value": own}
            return Violation("R-PUNJAB-FIRST", Said("{card} joins an {house}-house before {seat} built a {value}-house",
                                                    **fields) if says_an(move.value) else
                             Said("{card} joins a {house}-house before {seat} built a {value}-house", **fields))
    if type(move) is Build and move.value in KEY_CARD_OF:
        return _punjab_first_house(state, seat, move, known)
    return None


def _punjab_first_house(state: State, seat: str, move: Build, known: Known) -> Violation | None:
    card = KEY_CARD_OF[move.value]
    if move.card is card or any(value == move.value for _, value in state.built):
        return None
    holder = known.holders.get(card)
    if holder is None or holder == seat or (type(holder) is frozenset and seat in holder):
        return None  # played already (anyone may build), the builder's, or perhaps the builder's (§3, §6)
    return Violation("R-PUNJAB-FIRST", Said("the first {value}-house may only be built by the holder of {card}",
                                                value=move.value, card=str(card)))


# ---------------------------------------------------------------- which checks apply

BY_KIND: dict[str, tuple[Check, ...]] = {
    "throw": (check_must_capture, check_owner_keep),
    "capture": (check_capture_house_set, check_capture_sum, check_capture_all, check_owner_keep),
    "house": (check_house_sum, check_house_auto, check_house_hold, check_owner_keep),
    "break": (check_house_sum, check_break_loose, check_break_cemented, check_break_own, check_house_auto,
              check_house_hold, check_owner_keep),
    "bad house": (check_house_value, check_owner_keep),
}


@cache
def checks_for(kind: str, bid_play: bool, punjab: bool, limited: bool) -> tuple[Check, ...]:
    """The checks for a kind of play ("throw", "capture", "house", "break" for a house play that raises
    a house, or "bad house" for a value outside 9-13, which is R-HOUSE-VALUE alone), on the bid play,
    in Punjab, with limited houses; whose turn it is aside (`wrong_turn`)."""
    checks = BY_KIND[kind]
    if bid_play:
        checks += (check_bid_play,) + ((check_bid_throw,) if kind == "throw" else ())
    if punjab:
        checks += (check_punjab_first,)
    if limited and kind in ("house", "break", "bad house"):
        checks += (check_house_limit,)
    return checks


def kind_of(move: Move) -> str:
    if type(move) is Throw:
        return "throw"
    if type(move) is Capture:
        return "capture"
    if move.value not in HOUSE_VALUES:  # type: ignore[union-attr]
        return "bad house"
    return "house" if move.broken is None else "break"  # type: ignore[union-attr]
