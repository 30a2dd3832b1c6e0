"""What a deal's log reveals of the hands, play by play (RULES.md §3).

Every card a player holds is eventually played, so a seat's hand before a play is the set of cards it
plays from then on (in two-player, in the same half), with the cards of its recorded `hand` line (in
two-player, a line of at most 12 cards is the first hand: `is_first_hand`). Where
the plays stop early (a log cut by E-INCOMPLETE or a log error, or a deal still being played) a card not
seen yet may be in any hand: a hand then has open places, and whether it holds a card becomes a question
with three answers (`Known.holds_value`: True, False, or None for "the log cannot tell").
"""
from __future__ import annotations

from collections.abc import Collection, Mapping, Sequence
from itertools import repeat
from typing import NamedTuple

from .cards import DECK, Card
from .ruleset import HALF_PLAYS, KEY_CARDS, Ruleset
from .said import Said
from .state import Known

HAND_SIZE = 12
"""Cards in a hand: every seat's whole hand (four players), or each of the two hands (two players)."""
NOTHING: frozenset[Card] = frozenset()
EMPTY: dict[Card, str] = {}


class HandKnowledge(NamedTuple):
    """The hands of one deal as its plays reveal them. Build it with `reveal`. (A NamedTuple, as the
    values of a replay are: one is made for every deal.)"""

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
            return (0, min(HALF_PLAYS, len(self.cards))) if index < HALF_PLAYS else (HALF_PLAYS, len(self.cards))
        return 0, len(self.cards)

    def _played(self, seat: str, start: int, end: int) -> list[Card]:
        return [c for s, c in zip(self.seats[start:end], self.cards[start:end]) if s == seat]

    def hand_of(self, seat: str, index: int) -> Collection[Card]:
        """The cards `seat` certainly holds before play `index` (0-based): those it plays from then on (in
        the same half), with its recorded cards the plays do not show (`_kept`)."""
        if index < len(self.movers) and self.seats[index] == seat:
            return self.movers[index].hand
        if index == 0 and seat == self.bidder and self.first_four is not None:
            return self.first_four
        return frozenset(self._played(seat, index, self._half(index)[1])) | self._kept(seat, index)

    def _kept(self, seat: str, index: int) -> frozenset[Card]:
        """`seat`'s recorded cards the plays do not show, where they are surely in its hand before play
        `index`: four players, or two-player's first hand in the first half (never in the second)."""
        kept = self.kept.get(seat, NOTHING) if self.kept else NOTHING
        if kept and self.rules.players == 2 and not (index < HALF_PLAYS and self._first_hand(seat)):
            return NOTHING
        return kept

    def _first_hand(self, seat: str) -> bool:
        return is_first_hand(self.rules, self.recorded.get(seat, NOTHING))

    def _maybe(self, seat: str) -> frozenset[Card]:
        """The cards that may be in `seat`'s hand beyond those it certainly holds: two-player's recorded
        cards of both hands the plays do not show may be in either."""
        if self.rules.players == 2 and self.kept and not self._first_hand(seat):
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
           floor: Collection[Card] = (), recorded: Mapping[str, frozenset[Card]] | None = None,
           first_four: frozenset[Card] | None = None) -> HandKnowledge:
    """What the plays (the seat and card of each) reveal of the hands: the plays of a whole deal, or those
    up to where its log stops, or those of a deal in progress (fewer plays than the deal has: a card not
    seen yet may then be in any hand). `recorded`: each seat's cards its hand lines name; `first_four`: the
    bidder's first four (`first_four_of`), by default the bidder's recorded cards where they are four."""
    recorded = recorded or {}
    seats, cards = tuple(seats), tuple(cards)
    if first_four is None and bidder in recorded:
        first_four = first_four_of((recorded[bidder],))
    recorded_by = {card: seat for seat, hand in recorded.items() for card in hand}
    hands = _mover_hands(seats, cards, rules)
    if len(cards) >= rules.plays_per_deal:
        movers, holders = _whole_deal(seats, cards, hands, rules, bidder, first_four)
        return HandKnowledge(rules, bidder, seats, cards, True, first_four, recorded, recorded_by, movers, holders)
    return _cut_short(HandKnowledge(rules, bidder, seats, cards, False, first_four, recorded, recorded_by, (), ()),
                      hands, floor)


def _whole_deal(seats: tuple[str, ...], cards: tuple[Card, ...], hands: tuple[tuple[Card, ...], ...],
                rules: Ruleset, bidder: str, first_four: frozenset[Card] | None
                ) -> tuple[tuple[Known, ...], tuple[dict[Card, str], ...]]:
    """Every hand known exactly: the Known of each play and the key cards' holders."""
    holders = _holder_maps(seats, cards) if rules.punjab else []
    movers = list(map(Known, hands, repeat(True), holders or repeat(EMPTY)))
    if movers and seats[0] == bidder:
        movers[0] = Known(first_four, True, movers[0].holders) if first_four is not None else (
            movers[0]._replace(certain=False))
    return tuple(movers), tuple(holders)


def _cut_short(knowledge: HandKnowledge, hands: tuple[tuple[Card, ...], ...],
               floor: Collection[Card]) -> HandKnowledge:
    """Plays that stop before the deal's end: what the log has not shown may be in any hand with room."""
    seats, cards, four = knowledge.seats, knowledge.cards, knowledge.rules.players == 4
    shown = set(floor) | set(cards) | set(knowledge.recorded_by)
    kept = {seat: hand - set(cards) for seat, hand in knowledge.recorded.items()}
    knowledge = knowledge._replace(unseen=frozenset(c for c in DECK if c not in shown), kept=kept)
    # A recorded card the plays do not show stays in its seat's hand up to where they stop (two-player: a
    # first hand's, in the first half).
    certain = [frozenset(hand) | knowledge._kept(seat, index) if four or seat in kept else hand
               for index, (seat, hand) in enumerate(zip(seats, hands))]
    if knowledge.rules.punjab and four:
        knowledge = knowledge._replace(holder_maps=_open_holder_maps(knowledge))
    movers = []
    played: dict[str, int] = {}
    for index, seat in enumerate(seats):
        if index == HALF_PLAYS and not four:
            played = {}
        if index == 0 and seat == knowledge.bidder and knowledge.first_four is not None:
            movers.append(knowledge._known(seat, 0))
        else:
            room = HAND_SIZE - played.get(seat, 0) - len(certain[index])
            movers.append(Known(certain[index], room <= 0, knowledge.holders(index), knowledge._maybe(seat),
                                not (index == 0 and seat == knowledge.bidder)))
        played[seat] = played.get(seat, 0) + 1
    return knowledge._replace(movers=tuple(movers))


def is_first_hand(rules: Ruleset, recorded: Collection[Card]) -> bool:
    """Whether a seat's recorded `hand` lines name cards of its first hand alone: two-player lines of at most 12
    cards, the hand at the start of the deal (NOTATION.md; RULES.md §2.7: the second hand is taken up after play
    24). Lines of all 24 cards name both hands, and lines of 13 to 23 are read as both hands too."""
    return rules.players == 2 and len(recorded) <= HAND_SIZE


def against_hand_lines(hands: HandKnowledge, seat: str, card: Card, number: int) -> Said | None:
    """How `seat` playing `card` as play `number` contradicts the recorded hand lines (E-HAND), or None."""
    holder = hands.recorded_by.get(card)
    if holder is not None and holder != seat:
        return Said("{card} is in {holder}'s recorded hand, not {seat}'s", card=str(card), holder=holder, seat=seat)
    if number == 1 and seat == hands.bidder and hands.first_four is not None and card not in hands.first_four:
        listed = " ".join(map(str, sorted(hands.first_four)))
        return Said("the bid play {card} is not one of {seat}'s first four cards ({cards})",
                    card=str(card), seat=seat, cards=listed)
    own = hands.recorded.get(seat)
    return against_own_hand(hands.rules, seat, own, card, number) if own is not None else None


def against_own_hand(rules: Ruleset, seat: str, recorded: frozenset[Card], card: Card, number: int) -> Said | None:
    """Why `seat`'s play `number` of `card` contradicts its own recorded hand (E-HAND), or None: a card missing
    from a whole recorded hand; in two-player, where the lines name the first hand (`is_first_hand`), a
    first-half play missing from a whole first hand, or a second-half play of one of its cards."""
    if is_first_hand(rules, recorded):
        if number > HALF_PLAYS:
            return None if card not in recorded else Said(
                "{card} is in {seat}'s recorded hand: that is the first hand, played in plays 1 to {half}, not in "
                "the second half", card=str(card), seat=seat, half=HALF_PLAYS)
        return None if len(recorded) < HAND_SIZE or card in recorded else Said(
            "{card} is not in {seat}'s recorded hand: that is the first hand, and plays 1 to {half} are played "
            "from it", card=str(card), seat=seat, half=HALF_PLAYS)
    if len(recorded) >= HAND_SIZE and card not in recorded:
        return Said("{card} is not in {seat}'s recorded hand", card=str(card), seat=seat)
    return None


def first_four_of(lines: Sequence[frozenset[Card]]) -> frozenset[Card] | None:
    """The bidder's first four cards from the bidder's hand lines (NOTATION.md: a hand line gives the first
    four or a whole hand): the lines together where they name four cards, else the first line of exactly
    four (the others then name more of the hand)."""
    together = frozenset[Card]().union(*lines)
    return together if len(together) == 4 else next((line for line in lines if len(line) == 4), None)


def _mover_hands(seats: tuple[str, ...], cards: tuple[Card, ...], rules: Ruleset) -> tuple[tuple[Card, ...], ...]:
    """One backward pass: before each play, the cards its seat plays from then on (in the same half)."""
    hands: list[tuple[Card, ...]] = [()] * len(cards)
    running: dict[str, tuple[Card, ...]] = {}
    two = rules.players == 2
    for index in range(len(cards) - 1, -1, -1):
        if two and index == HALF_PLAYS - 1:
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
        if card in KEY_CARDS:
            current = {**current, card: seats[index]}
        maps[index] = current
    return maps


def _open_holder_maps(knowledge: HandKnowledge) -> tuple[dict[Card, str | frozenset[str]], ...]:
    """Who holds Td and 9s before each play of plays that stop early (four players), and before the next:
    the seat that plays it (or whose recorded hand names it), or, for a card not seen yet, every seat whose
    hand has room for it."""
    seats, rules = knowledge.seats, knowledge.rules
    kept = knowledge.kept or {}
    later = {seat: 0 for seat in rules.seats}
    for seat in seats:
        later[seat] += 1
    played = {seat: 0 for seat in rules.seats}
    holder = {key: next((s for s, hand in kept.items() if key in hand), None) for key in KEY_CARDS}
    where = {card: seat for seat, card in zip(seats, knowledge.cards) if card in KEY_CARDS}
    maps = []
    for index in range(len(seats) + 1):
        found: dict[Card, str | frozenset[str]] = {}
        for key in KEY_CARDS:
            if key in where and knowledge.cards.index(key) >= index:
                found[key] = where[key]
            elif holder[key] is not None:
                found[key] = holder[key]  # type: ignore[assignment]
            elif key in knowledge.unseen:
                room = frozenset(s for s in rules.seats
                                 if HAND_SIZE - played[s] - later[s] - len(kept.get(s, NOTHING)) > 0)
                if room:
                    found[key] = next(iter(room)) if len(room) == 1 else room
        maps.append(found)
        if index < len(seats):
            played[seats[index]] += 1
            later[seats[index]] -= 1
    return tuple(maps)
