"""What a deal's log reveals of the hands, play by play (RULES.md §3).

Every card a player holds is eventually played, so a seat's hand before a play is the set of cards it
plays from then on (in two-player, in the same half), with the cards of its recorded `hand` line. Where
the plays stop early (a log cut by E-INCOMPLETE or a log error, or a deal still being played) a card not
seen yet may be in any hand: a hand then has open places, and whether it holds a card becomes a question
with three answers (`Known.holds_value`: True, False, or None for "the log cannot tell").
"""
from __future__ import annotations

from collections.abc import Collection, Mapping, Sequence
from dataclasses import dataclass
from functools import partial
from itertools import repeat

from .cards import DECK, Card, parse_card
from .ruleset import KEY_CARDS, Ruleset
from .state import Known

HAND_SIZE = 12
"""Cards in a hand: every seat's whole hand (four players), or each of the two hands (two players)."""
KEY = tuple(parse_card(text) for text in KEY_CARDS)
NOTHING: frozenset[Card] = frozenset()
EMPTY: dict[Card, str] = {}
_new_known = partial(tuple.__new__, Known)
"""Build a Known from all its fields in C (one per play of a deal)."""


@dataclass(frozen=True)
class HandKnowledge:
    """The hands of one deal as its plays reveal them. Build it with `reveal`."""

    rules: Ruleset
    bidder: str
    seats: tuple[str, ...]
    """The seat of each play the knowledge rests on."""
    cards: tuple[Card, ...]
    """The card of each of those plays."""
    complete: bool
    """The plays are the whole deal, so every hand is known exactly."""
    first_four: frozenset[Card] | None
    recorded: Mapping[str, frozenset[Card]]
    """Each seat's recorded `hand` lines."""
    recorded_by: Mapping[Card, str]
    """The seat whose recorded hand line names each card."""
    movers: tuple[Known, ...]
    """What is known of the mover's hand at each play, computed once per deal."""
    holder_maps: tuple[Mapping[Card, str | frozenset[str]], ...]
    """Who holds Td and 9s before each play (Punjab only)."""
    unseen: frozenset[Card] = NOTHING
    """The cards the log has not shown: not on the floor, in no play, in no recorded hand (empty when
    complete)."""
    kept: Mapping[str, frozenset[Card]] | None = None
    """Recorded cards the plays do not show, by seat (None when complete)."""

    @property
    def plays(self) -> int:
        return len(self.cards)

    def _half(self, index: int) -> tuple[int, int]:
        """The plays of the hand that play `index` belongs to: [start, end)."""
        if self.rules.players == 2:
            return (0, min(24, len(self.cards))) if index < 24 else (24, len(self.cards))
        return 0, len(self.cards)

    def _played(self, seat: str, start: int, end: int) -> list[Card]:
        return [c for s, c in zip(self.seats[start:end], self.cards[start:end]) if s == seat]

    def hand_of(self, seat: str, index: int) -> Collection[Card]:
        """The cards `seat` certainly holds before play `index` (0-based): those it plays from then on (in
        the same half), with its recorded cards the plays do not show (four players)."""
        if index < len(self.movers) and self.seats[index] == seat:
            return self.movers[index].hand
        if index == 0 and seat == self.bidder and self.first_four is not None:
            return self.first_four
        return frozenset(self._played(seat, index, self._half(index)[1])) | self._kept(seat)

    def _kept(self, seat: str) -> frozenset[Card]:
        if self.kept is None or self.rules.players == 2:
            return NOTHING
        return self.kept.get(seat, NOTHING)

    def _maybe(self, seat: str) -> frozenset[Card]:
        """The cards that may be in `seat`'s hand beyond those it certainly holds."""
        if self.rules.players == 2 and self.kept:
            return self.unseen | self.kept.get(seat, NOTHING)
        return self.unseen

    def open_places(self, seat: str, index: int) -> int:
        """How many cards of `seat`'s hand before play `index` the log does not show (0 when complete)."""
        if self.complete:
            return 0
        start, _ = self._half(index)
        held = HAND_SIZE - len(self._played(seat, start, index))
        return max(0, held - len(self.hand_of(seat, index)))

    def holders(self, index: int) -> Mapping[Card, str | frozenset[str]]:
        return self.holder_maps[index] if index < len(self.holder_maps) else EMPTY

    def known(self, index: int, seat: str | None = None) -> Known:
        """What is known at play `index` (0-based) of the hand of `seat` (the mover by default). The index
        may be that of the next play of a deal in progress."""
        if index < len(self.movers) and (seat is None or seat == self.seats[index]):
            return self.movers[index]
        assert seat is not None, "the seat is needed after the last play"
        return self._known(seat, index)

    def _known(self, seat: str, index: int) -> Known:
        holders = self.holders(index)
        bid_play = index == 0 and seat == self.bidder
        if bid_play and self.first_four is not None:
            return Known(self.first_four, True, holders, self.unseen)
        hand = self.hand_of(seat, index)
        complete = self.complete or self.open_places(seat, index) == 0
        return Known(hand, complete, holders, self._maybe(seat), not bid_play)


def reveal(seats: Sequence[str], cards: Sequence[Card], rules: Ruleset, bidder: str, *,
           floor: Collection[Card] = (), recorded: Mapping[str, frozenset[Card]] | None = None) -> HandKnowledge:
    """What the plays (the seat and card of each) reveal of the hands: the plays of a whole deal, or those
    up to where its log stops, or those of a deal in progress (fewer plays than the deal has: a card not
    seen yet may then be in any hand)."""
    recorded = recorded or {}
    seats, cards = tuple(seats), tuple(cards)
    complete = len(cards) >= rules.plays_per_deal
    first = recorded.get(bidder)
    first_four = first if first is not None and len(first) == 4 else None
    recorded_by = {card: seat for seat, hand in recorded.items() for card in hand}
    hands = _mover_hands(seats, cards, rules)
    if complete:
        holders = _holder_maps(seats, cards) if rules.punjab else ()
        movers = list(map(_new_known, zip(hands, repeat(True), holders or repeat(EMPTY), repeat(NOTHING),
                                          repeat(True))))
        if movers and seats[0] == bidder:
            movers[0] = Known(first_four, True, movers[0].holders) if first_four is not None else (
                movers[0]._replace(certain=False))
        return HandKnowledge(rules, bidder, seats, cards, True, first_four, recorded, recorded_by, tuple(movers),
                             tuple(holders))
    shown = set(floor) | set(cards) | set(recorded_by)
    kept = {seat: hand - set(cards) for seat, hand in recorded.items()}
    partial_ = HandKnowledge(rules, bidder, seats, cards, False, first_four, recorded, recorded_by,
                             tuple(_new_known((hand, False, EMPTY, NOTHING, True)) for hand in hands), (),
                             frozenset(c for c in DECK if c not in shown), kept)
    if four := rules.players == 4:
        # A recorded card the plays do not show stays in its seat's hand up to where they stop.
        movers = tuple(_new_known((frozenset(h) | kept.get(s, NOTHING), False, EMPTY, NOTHING, True))
                       for s, h in zip(seats, hands))
        partial_ = _with(partial_, movers=movers)
    if rules.punjab and four:
        partial_ = _with(partial_, holder_maps=tuple(_open_holders(partial_, i) for i in range(len(cards) + 1)))
    return _with(partial_, movers=tuple(partial_._known(s, i) for i, s in enumerate(seats)))


def _with(knowledge: HandKnowledge, **changes) -> HandKnowledge:
    return HandKnowledge(**{**knowledge.__dict__, **changes})


def _mover_hands(seats: tuple[str, ...], cards: tuple[Card, ...], rules: Ruleset) -> tuple[tuple[Card, ...], ...]:
    """One backward pass: before each play, the cards its seat plays from then on (in the same half)."""
    hands: list[tuple[Card, ...]] = [()] * len(cards)
    running: dict[str, tuple[Card, ...]] = {}
    two = rules.players == 2
    for index in range(len(cards) - 1, -1, -1):
        if two and index == 23:
            running = {}
        seat = seats[index]
        running[seat] = hands[index] = (cards[index],) + running.get(seat, ())
    return tuple(hands)


def _holder_maps(seats: tuple[str, ...], cards: tuple[Card, ...]) -> list[dict[Card, str]]:
    """Who plays Td and 9s from each play on: their holders in a complete deal."""
    maps: list[dict[Card, str]] = [EMPTY] * len(cards)
    current: dict[Card, str] = EMPTY
    for index in range(len(cards) - 1, -1, -1):
        card = cards[index]
        if card in KEY:
            current = {**current, card: seats[index]}
        maps[index] = current
    return maps


def _open_holders(knowledge: HandKnowledge, index: int) -> dict[Card, str | frozenset[str]]:
    """Who holds Td and 9s before play `index` of plays that stop early: the seat that plays it (or whose
    recorded hand names it), or, for a card not seen yet, every seat whose hand has room for it."""
    found: dict[Card, str | frozenset[str]] = {}
    seats = knowledge.rules.seats
    for key in KEY:
        holder = next((s for s in seats if key in knowledge.hand_of(s, index)), None)
        if holder is not None:
            found[key] = holder
        elif key in knowledge.unseen:
            room = frozenset(s for s in seats if knowledge.open_places(s, index) > 0)
            if room:
                found[key] = next(iter(room)) if len(room) == 1 else room
    return found
