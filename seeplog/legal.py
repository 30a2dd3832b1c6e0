"""The legal plays at a position, grouped by outcome: what a card takes or joins, not how it is grouped.

Loose cards can be grouped in a number of ways that grows exponentially with the floor (twelve loose cards
give about 100,000 groupings), so a play is listed once per outcome: the card, the kind of play, the house
value and broken house, and the set of floor cards taken or joined. Each outcome carries one grouping as its
move (in canonical text) and how many groupings reach it. The work is bounded: sets of cards are bit masks,
and the groupings are counted by a subset-sum dynamic programme instead of being listed.
"""
from __future__ import annotations

from dataclasses import dataclass
from itertools import islice
from typing import Any, Iterable, Iterator, NamedTuple

from .cards import DECK, Card
from .engine import Known, check, resolve
from .hands import HandKnowledge
from .moves import Build, Capture, Group, HouseRef, Move, Throw, canonical, move_text, names
from .ruleset import HOUSE_VALUES
from .state import State
from .sums import Packings, group_masks, packings, partitions, subsets_with

MAX_STEPS = 10_000
"""At most this many unions are looked at for one card."""
MAX_LISTED = 100
"""At most this many legal outcomes of one card are listed (a legal deal stays below; a hostile floor may not)."""


class Outcome(NamedTuple):
    """One legal result of playing a card: throw it, take a set of floor items, or make a house of them."""

    move: Move
    """One grouping that reaches this outcome, in canonical order."""
    groupings: int
    """How many groupings of the same cards reach it (each would be its own line of canonical text)."""

    @property
    def card(self) -> Card:
        return self.move.card

    @property
    def text(self) -> str:
        return move_text(self.move)

    @property
    def key(self) -> tuple[object, ...]:
        return outcome_key(self.move)


class CardOutcomes(NamedTuple):
    """The legal outcomes of one card, sorted by text; `complete` is False when a bound cut the search."""

    card: Card
    outcomes: tuple[Outcome, ...]
    complete: bool = True


def outcome_key(move: Move) -> tuple[object, ...]:
    """What a play does, whatever its grouping: (kind, card, value, broken house, items named)."""
    if type(move) is Throw:
        return ("throw", move.card)
    if type(move) is Capture:
        return ("capture", move.card, frozenset(names(move)))
    return ("house", move.card, move.value, move.broken, frozenset(names(move)))  # type: ignore[union-attr]


# ---------------------------------------------------------------- sets of loose cards as bit masks

def _cards(loose: tuple[Card, ...], mask: int) -> tuple[Card, ...]:
    return tuple(c for i, c in enumerate(loose) if mask >> i & 1)


def _groups_of(loose: tuple[Card, ...], masks: Iterable[int]) -> tuple[Group, ...]:
    return tuple(_cards(loose, m) for m in masks)


# ---------------------------------------------------------------- the candidates of one card

Candidate = tuple[Move, int]
"""A move standing for its outcome, and how many groupings reach that outcome."""

WHOLE_CLASS_RULES = frozenset({"R-TURN", "R-BID-PLAY", "R-OWNER-KEEP", "R-HOUSE-HOLD", "R-BREAK-CEMENTED",
                               "R-BREAK-OWN", "R-HOUSE-LIMIT", "R-HOUSE-VALUE"})
"""Rules whose verdict on a play does not depend on which loose cards it takes or joins: one play of a class
(the card; capture, or house value and broken house) that breaks one rules out the whole class."""


class Search:
    """The candidates of one card on one floor, with the classes of plays a whole-class rule forbids pruned."""

    def __init__(self, state: State, seat: str, known: Known, card: Card):
        self.state, self.seat, self.known, self.card = state, seat, known, card
        self.loose = state.loose
        self.values = tuple(c.value for c in state.loose)
        self.complete = True
        self.steps = 0

    def barred(self, move: Move) -> bool:
        return any(v.rule in WHOLE_CLASS_RULES for v in check(self.state, self.seat, move, self.known))

    def packings(self, target: int) -> Packings:
        pack = packings(self.values, target)
        self.complete = self.complete and pack.complete
        return pack

    def captures(self) -> Iterator[Candidate]:
        """Every maximal capture: the house of the card's value if there is one, and a maximal union of sets."""
        card = self.card
        head: tuple[Group, ...] = ((HouseRef(card.value),),) if self.state.house_to_take(card.value) else ()
        pack = self.packings(card.value)
        if len(pack.counts) > 8 and self.barred(Capture(card, head)):  # worth a check only on a big floor
            return
        for mask, count in pack.counts.items():
            self.steps += 1
            if self.steps > MAX_STEPS:
                self.complete = False
                break
            if (head or mask) and pack.maximal(mask):
                yield Capture(card, head + _groups_of(self.loose, pack.witness[mask])), count

    def mains(self, value: int) -> Iterator[tuple[Group, int]]:
        """The main groups of a house of `value` made with the card: (items, mask of its loose cards)."""
        need = value - self.card.value
        for house in self.state.houses:
            if house.value == need:
                yield (HouseRef(house.value),), 0
        if need == 0:
            yield (), 0
        elif need > 0:
            masks, complete = group_masks(self.values, need)
            self.complete = self.complete and complete
            for mask in masks:
                yield _cards(self.loose, mask), mask

    def builds(self) -> Iterator[Candidate]:
        """Every house play of the card, one per outcome; a new house takes every set it must (R-HOUSE-AUTO)."""
        card, loose = self.card, self.loose
        for value in HOUSE_VALUES:
            joining = self.state.house(value) is not None
            found: dict[tuple[HouseRef | None, int], list[Any]] = {}
            barred: dict[object, bool] = {}
            for items, main in self.mains(value):
                broken = items[0] if items and type(items[0]) is HouseRef else None
                if broken not in barred:
                    barred[broken] = self.barred(Build(card, items, value))
                if barred[broken]:
                    continue
                pack = self.packings(value)
                for mask, count in pack.counts.items():
                    self.steps += 1
                    if self.steps > MAX_STEPS:
                        self.complete = False
                        break
                    if mask & main or not (joining or pack.maximal(mask | main)):
                        continue
                    key = (broken, mask | main)
                    if key in found:
                        found[key][1] += count
                    else:
                        found[key] = [Build(card, items, value, _groups_of(loose, pack.witness[mask])), count]
            for move, count in found.values():
                yield move, count

    def candidates(self) -> Iterator[Candidate]:
        yield Throw(self.card), 1
        yield from self.captures()
        yield from self.builds()


# ---------------------------------------------------------------- the grouping shown for an outcome

SHOWN_GROUPING_SEARCH = 12
"""Up to this many groupings, an outcome shows the one whose text comes first (as `C x` is written out)."""


def _groupings(move: Capture | Build) -> Iterator[Move]:
    """Every grouping of the same outcome as `move`."""
    if type(move) is Capture:
        head = tuple(g for g in move.groups or () if type(g[0]) is HouseRef)
        loose = tuple(sorted(c for c in move.named if type(c) is Card))
        for split in partitions(loose, move.card.value):
            yield Capture(move.card, head + split)
        return
    assert type(move) is Build
    loose = tuple(sorted(c for c in move.named if type(c) is Card))
    if move.broken is not None:
        mains: Iterable[Group] = [(move.broken,)]
    elif move.value == move.card.value:
        mains = [()]
    else:
        mains = (m for c in loose for m in subsets_with(c, loose[loose.index(c) + 1:], move.value - move.card.value))
    for main in mains:
        rest = tuple(c for c in loose if c not in main)
        for split in partitions(rest, move.value):
            yield Build(move.card, main, move.value, split)


def shown_grouping(move: Move, groupings: int) -> Move:
    """The grouping an outcome shows: the first in string order where there are few, else `move` itself."""
    if type(move) is Throw or not 1 < groupings <= SHOWN_GROUPING_SEARCH:
        return move
    every = islice(_groupings(move), groupings)  # type: ignore[arg-type]  # stop once all are found
    return min(map(canonical, every), key=move_text)


# ---------------------------------------------------------------- the legal outcomes

def card_outcomes(state: State, seat: str, known: Known, card: Card, *, limit: int | None = MAX_LISTED
                  ) -> CardOutcomes:
    """The legal outcomes of playing `card` from the hand as known (a play is legal when it draws no R-
    finding), each with one grouping and the number of groupings, sorted by text: at most `limit` of them
    (None: all), `complete` False when more were left out or a bound cut the search."""
    search = Search(state, seat, known, card)
    legal: list[Outcome] = []
    for move, count in search.candidates():
        move = canonical(move)
        resolved, error = resolve(state, move)
        if error is None and not check(state, seat, resolved, known):
            if limit is not None and len(legal) >= limit:
                search.complete = False
                break
            legal.append(Outcome(shown_grouping(move, count), count))
    return CardOutcomes(card, tuple(sorted(legal, key=lambda o: o.text)), search.complete)


def legal_outcomes(state: State, seat: str, known: Known, *, limit: int | None = MAX_LISTED
                   ) -> tuple[CardOutcomes, ...]:
    """The legal outcomes of every card of the hand as known, card by card (cards without one left out)."""
    found = (card_outcomes(state, seat, known, card, limit=limit) for card in sorted(known.hand))
    return tuple(c for c in found if c.outcomes or not c.complete)


def is_listed(state: State, seat: str, known: Known, move: Move) -> bool:
    """Whether the play's outcome is among the legal outcomes of its card."""
    key = outcome_key(canonical(move))
    return any(o.key == key for o in card_outcomes(state, seat, known, move.card, limit=None).outcomes)


def legal_moves(state: State, seat: str, known: Known) -> list[Move]:
    """One move per legal outcome of every card, sorted by text."""
    return [o.move for c in legal_outcomes(state, seat, known) for o in c.outcomes]


def legal_plays(state: State, seat: str, known: Known) -> list[str]:
    """The legal outcomes as canonical move texts (one grouping each), sorted as strings."""
    return sorted(move_text(m) for m in legal_moves(state, seat, known))


def outcome_lines(outcomes: Iterable[CardOutcomes]) -> Iterator[str]:
    """The lines of `python -m seeplog legal`: each outcome's move, sorted, with its other groupings counted
    in a comment (so every line still reads as a move)."""
    lines = []
    for card in outcomes:
        for o in card.outcomes:
            more = o.groupings - 1
            lines.append(o.text + (f"  # and {more} other grouping{'s' if more > 1 else ''} of the same cards"
                                   if more else ""))
        if not card.complete:
            lines.append(f"# {card.card}: more outcomes than the bounds allow; not all are listed")
    yield from sorted(lines, key=lambda line: (line.startswith("#"), line))


@dataclass(frozen=True)
class LegalAt:
    """The position before a play: the floor, the seat to move, its hand as known, its legal plays."""

    before: State
    hand: tuple[Card, ...]
    hand_known: bool
    """False when the log shows none of the hand: `hand` is then every card not yet seen."""
    outcomes: tuple[CardOutcomes, ...]

    @property
    def turn(self) -> str:
        """The seat to move: the legal plays are its."""
        return self.before.turn

    @property
    def complete(self) -> bool:
        """Every outcome is listed (False when the floor is too large for the bounds)."""
        return all(c.complete for c in self.outcomes)

    @property
    def plays(self) -> tuple[str, ...]:
        """The lines of the list: one legal play per outcome, other groupings counted in a comment."""
        return tuple(outcome_lines(self.outcomes))

    def header(self) -> list[str]:
        """Comment lines (``#``) above the list: the floor, the hand, whose plays these are."""
        floor = self.before
        loose = " ".join(map(str, floor.loose)) or "no loose card"
        houses = "; ".join(f"[{h.value}] {' '.join(map(str, h.cards))} ({'cemented, ' if h.cemented else ''}"
                           f"{' '.join(sorted(h.owners))})" for h in floor.houses)
        hand = " ".join(map(str, self.hand))
        count = sum(len(c.outcomes) for c in self.outcomes)
        known = "as known from the log" if self.hand_known else "not shown by the log: every card not yet seen"
        return [f"# floor: {loose}" + (f"; houses: {houses}" if houses else ""),
                f"# hand of {self.turn} ({known}): {hand}",
                f"# {count} legal play{'s' if count != 1 else ''} of {self.turn}:"]


def position_before(before: State, hands: HandKnowledge, index: int) -> LegalAt:
    """The position before the play at `index` (from 0) of a deal, `before` the state then: the dispute
    view, the play where a replay stopped and `python -m seeplog legal` all read it here."""
    known, from_log = _known_hand(hands, before, index)
    return LegalAt(before, tuple(sorted(known.hand)), from_log, legal_outcomes(before, before.turn, known))


def _known_hand(hands: HandKnowledge, before: State, index: int) -> tuple[Known, bool]:
    """The seat to move's hand as the log shows it (and True); every card not yet seen when the log
    shows none, or, at the play after the plays the log reached, when it shows only part of the hand (and
    False). The bidder's recorded first four are its whole hand at the bid play."""
    seat = before.turn
    known = hands.known(index, seat)
    if known.hand and (index < hands.plays or known.complete):
        return known, True
    seen = set(before.loose) | {c for h in before.houses for c in h.cards}
    seen |= {c for cards in before.taken.values() for c in cards}
    seen |= set(hands.cards)
    seen |= {c for other, cards in hands.recorded.items() if other != seat for c in cards}
    return Known(frozenset(c for c in DECK if c not in seen), False, known.holders), False
