"""Replaying a logged deal play by play: the state after each play, every violation and log error.

A violation (R-...) is flagged and the play is applied as it happened; a log error (E-...) stops the deal.
Hands are inferred from later plays (RULES.md §3), and recorded `hand` lines are used where present.
"""
from __future__ import annotations

from dataclasses import replace
from typing import Iterator, NamedTuple

from .cards import Card
from .engine import apply, check, finish, resolve
from .hands import HAND_SIZE, HandKnowledge, against_hand_lines, first_four_of, reveal
from .moves import Item, Move, Throw
from .notation import (BidLine, Deal, Game, Hand, NotationError, Play, Redeal, Unreadable)
from .rules import Violation
from .said import Param, Said
from .ruleset import HALF_PLAYS, HOUSE_VALUES, KEY_CARDS, Ruleset, ruleset_for
from .seen import in_two_places, seen_again
from .state import Known, State, start

BID_PARTIAL = ("R-BID-HOLD", "R-BID-THROW", "R-HOUSE-HOLD")


class Step(NamedTuple):
    """One play of a deal: the state before and after it, and what it broke (a NamedTuple: one is made
    for every play)."""

    number: int
    seat: str
    move: Move
    """The move as resolved (a shorthand capture written out)."""
    statement: Play
    before: State
    after: State
    known: Known
    violations: tuple[Violation, ...]


class DealReplay(NamedTuple):
    """One deal replayed (a NamedTuple, as a replay's values are: one is made for every deal)."""

    deal: Deal
    rules: Ruleset
    bidder: str
    steps: tuple[Step, ...] = ()
    """The plays replayed, with the states around them (empty when the replay did not keep them)."""
    played: int = 0
    """How many plays the replay reached."""
    violations: tuple[Violation, ...] = ()
    errors: tuple[Violation, ...] = ()
    final: State | None = None
    """The state after the last play with the floor cleared, for a complete deal without errors."""
    partial_checks: tuple[str, ...] = ()
    hands: HandKnowledge | None = None
    """What the plays the replay trusted reveal of the hands (None for a deal without floor or bid)."""
    in_progress: bool = False
    """The deal is still being played (a live game's last deal): it stops early without E-INCOMPLETE."""

    @property
    def score_only(self) -> bool:
        """No plays logged: only the score (and perhaps the floor and the bid) was written down."""
        deal = self.deal
        return not deal.plays and (deal.score is not None or (deal.floor is None and deal.bid is None))

    @property
    def complete(self) -> bool:
        return self.final is not None and not self.errors

    @property
    def bid(self) -> int | None:
        return self.deal.bid.value if self.deal.bid else None


def _error(error: NotationError, statement: Unreadable | None = None, play: int | None = None) -> Violation:
    seat = statement.seat if statement is not None else None
    return Violation(error.rule, error.msg, play, seat, error.line, error.column)


def _at(violation: Violation, number: int | None, statement: Play, target: Item | None = None) -> Violation:
    column = statement.seat_column if violation.rule == "R-TURN" else \
        statement.column_of(target if target is not None else violation.target)
    return replace(violation, play=number, seat=statement.seat, line=statement.line, column=column)


def _all_at(violations: tuple[Violation, ...], number: int, statement: Play) -> tuple[Violation, ...]:
    """`_at` for each violation of one play (a function of its own: a comprehension in the replay's loop
    would hold the loop's variables in cells at every play)."""
    return tuple([_at(v, number, statement) for v in violations])


# ---------------------------------------------------------------- what is known of the hands

def readable_plays(deal: Deal) -> tuple[Play, ...]:
    """The deal's plays before its first unreadable line, where a log error stops its replay (RULES.md §10)."""
    plays = deal.plays
    stop = deal.first_unreadable
    if stop is not None:
        for index, statement in enumerate(plays):
            if statement.line >= stop:
                return plays[:index]  # type: ignore[return-value]
    return plays  # type: ignore[return-value]



def hand_knowledge(deal: Deal, rules: Ruleset, bidder: str, upto: int | None = None,
                    recorded: dict[str, frozenset[Card]] | None = None,
                    first_four: frozenset[Card] | None = None) -> HandKnowledge:
    """The hands as the deal's plays reveal them: its readable plays, or only the first `upto` of them
    (where its replay stopped); `recorded` and `first_four`, what its hand lines say, read here if not given."""
    plays = readable_plays(deal)
    if upto is not None:
        plays = plays[:upto]
    if recorded is None:
        recorded, first_four = _recorded(deal), _first_four(deal, bidder)
    return reveal([p.seat for p in plays], [p.move.card for p in plays], rules, bidder,
                  floor=deal.floor.cards if deal.floor else (), recorded=recorded, first_four=first_four)


def _placed_twice(deal: Deal) -> Violation | None:
    """E-CARD for a card that two seats' hand lines both hold, or a hand line and the floor (RULES.md §10: a
    card seen twice in the deal), at the later of the two lines."""
    places: dict[Card, str] = {}
    for line in sorted((*deal.of(Hand), *((deal.floor,) if deal.floor else ())), key=lambda s: s.line):
        place = line.seat if isinstance(line, Hand) else "floor"
        for card in line.cards:
            first = places.setdefault(card, place)
            if first != place:
                return Violation("E-CARD", in_two_places(str(card), first, place), None, None, line.line,
                                 line.columns.get(card, 1))
    return None


def _first_four(deal: Deal, bidder: str) -> frozenset[Card] | None:
    return first_four_of([frozenset(hand.cards) for hand in deal.of(Hand) if hand.seat == bidder])


def _recorded(deal: Deal) -> dict[str, frozenset[Card]]:
    """The cards of each seat's hand lines."""
    recorded: dict[str, frozenset[Card]] = {}
    for hand in deal.of(Hand):
        recorded[hand.seat] = recorded.get(hand.seat, frozenset()) | frozenset(hand.cards)
    return recorded


# ---------------------------------------------------------------- the deal before its plays

def _redeal_violations(deal: Deal, rules: Ruleset) -> Iterator[Violation]:
    for redeal in deal.of(Redeal):
        if redeal.seat is None:
            if not rules.floor_redeal or not any(c in KEY_CARDS for c in redeal.cards):
                yield Violation("R-REDEAL", Said("the floor held neither Td nor 9s, so it was not redealt")
                                if rules.floor_redeal else Said("a floor redeal is not a rule of {variant}",
                                                                variant=rules.name),
                                None, None, redeal.line, 1)
            continue
        high = [c for c in redeal.cards if c.value >= 9]
        if high:
            yield Violation("R-REDEAL", Said("the shown hand holds {cards}, so a bid was possible",
                                                 cards=" ".join(map(str, high))),
                            None, redeal.seat, redeal.line, 1)


def _bid_violations(bid: BidLine, rules: Ruleset, deal: Deal, hands: HandKnowledge) -> Iterator[Violation]:
    dealer = deal.dealer
    if bid.value not in HOUSE_VALUES:
        yield Violation("R-BID-RANGE", Said("the bid {value} is not 9 to 13", value=bid.value), None, bid.seat,
                        bid.line, bid.value_column)
    if bid.seat != rules.right_of(dealer) and deal.start.dealer_known:  # a guessed dealer is not judged
        yield Violation("R-TURN", Said("{seat} bids, but the bid belongs to {right}, the seat to the dealer's right",
                                       seat=bid.seat, right=rules.right_of(dealer)), 1, bid.seat, bid.line, 1)
    known = hands.known(0, bid.seat)
    if bid.value in HOUSE_VALUES and known.holds_value(bid.value) is False:
        fields: dict[str, Param] = {"value": bid.value, "seat": bid.seat,
                                    "cards": " ".join(map(str, sorted(known.hand)))}
        said = Said("the bid {value} is not the value of a card in {seat}'s first four ({cards})", **fields) \
            if hands.first_four is not None else \
            Said("the bid {value} is not the value of a card in {seat}'s cards ({cards})", **fields)
        yield Violation("R-BID-HOLD", said, 1, bid.seat, bid.line, bid.value_column)


# ---------------------------------------------------------------- the plays

class _Stop(Exception):
    """A log error that stops the deal (None: an unreadable play, already reported)."""

    def __init__(self, error: Violation | None):
        self.error = error


def _seen_again(play: Play, number: int, seen: dict[Card, str | int]) -> _Stop:
    """E-CARD for a card played after it was seen in the deal (on the floor or in an earlier play)."""
    return _Stop(_at(Violation("E-CARD", seen_again(play, seen)), number, play))


def _hand_check(play: Play, number: int, hands: HandKnowledge) -> None:
    """A play that contradicts a recorded hand line is E-HAND."""
    said = against_hand_lines(hands, play.seat, play.move.card, number)
    if said is not None:
        raise _Stop(_at(Violation("E-HAND", said), number, play))


class _Run:
    """The plays replayed so far, and the log error that stopped them, if any (one for every deal)."""

    def __init__(self, state: State, keep: bool = True):
        self.state = state
        self.keep = keep
        """Keep every Step (the dispute view needs them; the report does not)."""
        self.steps: list[Step] = []
        self.played = 0
        self.found: list[Violation] = []
        self.extra: list[Violation] = []
        self.stopped = False
        self.error: Violation | None = None


def _play_steps(deal: Deal, run: _Run, hands: HandKnowledge, seen: dict[Card, str | int],
                limit: int | None = None) -> _Run:
    # This runs for every play of a log: the state and the count stay in locals, written back to `run` at the end.
    movers, two, recorded = hands.movers, run.state.rules.players == 2, hands.recorded
    # A recorded hand line can contradict only the bid play (its first four), a play of a card some line names,
    # or a play of a seat whose lines name a whole hand: `_hand_check` runs for those alone.
    named, whole = hands.recorded_by, {seat for seat, own in recorded.items() if len(own) >= HAND_SIZE}
    state, played, keep, steps, found = run.state, run.played, run.keep, run.steps, run.found
    for index, statement in enumerate(deal.plays if limit is None else deal.plays[:limit]):
        number = index + 1
        try:
            if type(statement) is not Play:
                raise _Stop(None)
            seat, move = statement.seat, statement.move
            if move.card in seen:
                raise _seen_again(statement, number, seen)
            if recorded and (number == 1 or move.card in named or seat in whole):
                _hand_check(statement, number, hands)
            seen[move.card] = number
            if type(move) is not Throw:  # a throw names nothing on the floor: there is nothing to resolve
                move, error = resolve(state, move)
                if error is not None:
                    raise _Stop(_at(error, number, statement, error.target))
        except _Stop as stop:
            run.stopped, run.error = True, stop.error
            break
        known = movers[index]
        violations = check(state, seat, move, known)
        if violations:
            violations = _all_at(violations, number, statement)
            found.extend(violations)
        before, state, played = state, apply(state, seat, move), number
        if keep:
            steps.append(Step(number, seat, move, statement, before, state, known, violations))
        if two and number == HALF_PLAYS:
            run.extra.extend(_houses_left(state, statement, HALF_PLAYS))
    run.state, run.played = state, played
    return run


def _houses_left(state: State, last: Play, play: int | None = None) -> Iterator[Violation]:
    """R-HOUSE-LEFT for each house on the floor: at the end of the deal (play None), or after the first
    half of a two-player deal (play 24, REPORT.md)."""
    for house in state.houses:
        cards = " ".join(map(str, house.cards))
        said = Said("the {value}-house ({cards}) is left on the floor at the end", value=house.value, cards=cards) \
            if play is None else \
            Said("the {value}-house ({cards}) is left on the floor before the second hands are taken up",
                 value=house.value, cards=cards)
        yield Violation("R-HOUSE-LEFT", said, play, None, last.line, 1)


def _missing_line(deal: Deal, in_progress: bool) -> list[Violation]:
    """E-INCOMPLETE for a deal without its floor or bid line (one with plays, or without a score line: a deal
    line alone, say), unless it is still being kept or has a line other than a play that cannot be read (the
    missing one, its keyword misspelt, say): that error stands alone (RULES.md §10, the E-INCOMPLETE row)."""
    if (deal.plays or deal.score is None) and not in_progress and not _unreadable_not_play(deal):
        said = Said("deal {deal} has no bid line", deal=deal.number) if deal.floor is not None else \
            Said("deal {deal} has no floor line", deal=deal.number) if deal.plays or deal.bid else \
            Said("deal {deal} has only its deal line: no floor, bid and plays, and no score line", deal=deal.number)
        return [Violation("E-INCOMPLETE", said, None, None, deal.start.line, 1)]
    return []


def replay_deal(deal: Deal, rules: Ruleset, *, keep_steps: bool = True, in_progress: bool = False) -> DealReplay:
    """Replay one deal: every violation, the first log error, and (unless `keep_steps` is False, as for
    the report) the state after each play. A deal `in_progress` (the last of a live game still being kept)
    that stops early without a `score` line is judged on what is known so far (RULES.md §3) and is not
    E-INCOMPLETE."""
    dealer, bid = deal.dealer, deal.bid
    in_progress = in_progress and deal.score is None
    bidder = bid.seat if bid else rules.right_of(dealer)
    errors = _notation_errors(deal)
    violations = list(_redeal_violations(deal, rules))
    recorded, first_four = _recorded(deal), _first_four(deal, bidder)
    partial = BID_PARTIAL if deal.of(Play) and first_four is None else ()
    twice = _placed_twice(deal)  # the hands cannot be known then: the deal is not replayed
    if twice or deal.floor is None or bid is None or (not deal.plays and deal.score is not None):
        if bid is not None and not twice:  # a deal recorded by its bid and score alone: the bid is still judged
            hands = hand_knowledge(deal, rules, bidder, recorded=recorded, first_four=first_four)
            violations.extend(_bid_violations(bid, rules, deal, hands))
        errors += [twice] if twice else _missing_line(deal, in_progress)
        return DealReplay(deal, rules, bidder, (), 0, _judged(deal, violations), tuple(errors), None, partial,
                          in_progress=in_progress)
    hands = hand_knowledge(deal, rules, bidder, recorded=recorded, first_four=first_four)
    run = _replay_plays(deal, rules, hands, keep_steps)
    if run.stopped and run.played < hands.plays:
        # A log error stops the deal here: the hands are known only from the plays before it (RULES.md §3).
        hands = hand_knowledge(deal, rules, bidder, run.played, recorded, first_four)
        stop = run.error
        run = _replay_plays(deal, rules, hands, keep_steps, run.played)
        run.stopped, run.error = True, stop
    violations.extend(_bid_violations(bid, rules, deal, hands))
    violations += run.found + run.extra
    final = None
    if run.stopped:
        errors += [run.error] if run.error else []
    elif run.played < rules.plays_per_deal:
        if not in_progress and not errors:  # a log error stands alone (RULES.md §10)
            errors.append(_stops_after(deal, run.played, rules))
    else:
        violations.extend(_houses_left(run.state, deal.plays[-1]))  # type: ignore[arg-type]
        final = finish(run.state)
    # A deal with every play line written is over, even where a log error stopped its replay.
    open_still = in_progress and final is None and len(deal.plays) < rules.plays_per_deal
    return DealReplay(deal, rules, bidder, tuple(run.steps), run.played, _judged(deal, violations),
                      tuple(errors), final, partial, hands, open_still)



def _replay_plays(deal: Deal, rules: Ruleset, hands: HandKnowledge, keep_steps: bool,
                  limit: int | None = None) -> _Run:
    """The plays replayed from the floor and bid: only the first `limit` of them, when given, else those
    before the deal's first unreadable line (the replay stops there)."""
    floor, bid = deal.floor, deal.bid
    seen: dict[Card, str | int] = {card: "floor" for card in floor.cards}  # type: ignore[union-attr]
    state = start(rules, floor.cards, bid.seat, bid.value)  # type: ignore[union-attr]
    if limit is None and deal.errors:
        limit = len(readable_plays(deal))
    run = _play_steps(deal, _Run(state, keep_steps), hands, seen, limit)
    run.stopped = run.stopped or limit is not None and limit < len(deal.plays)
    return run


def _stops_after(deal: Deal, played: int, rules: Ruleset) -> Violation:
    """E-INCOMPLETE for a deal whose plays stop after `played`, on its last play line."""
    last = deal.plays[-1] if deal.plays else deal.start
    fields: dict[str, Param] = {"played": played, "plays": rules.plays_per_deal}
    said = Said("the deal stops after {played} play of {plays}", **fields) if played == 1 else \
        Said("the deal stops after {played} plays of {plays}", **fields)
    return Violation("E-INCOMPLETE", said, None, None, last.line, 1)


def _unreadable_not_play(deal: Deal) -> bool:
    plays = {id(p) for p in deal.plays}
    return any(id(s) not in plays for s in deal.of(Unreadable))


def _notation_errors(deal: Deal) -> list[Violation]:
    """The deal's unreadable lines as log errors, each with its play number when it is a play line."""
    unreadable = deal.of(Unreadable)
    if not unreadable:
        return []
    numbers = {id(p): n for n, p in enumerate(deal.plays, start=1)}
    return [_error(s.error, s, numbers.get(id(s))) for s in unreadable]


def _judged(deal: Deal, violations: list[Violation]) -> tuple[Violation, ...]:
    """The violations of the lines before the deal's first unreadable line (nothing after it is judged), in
    the order of the plays."""
    stop = deal.first_unreadable
    if stop is not None:
        violations = [v for v in violations if v.line is None or v.line < stop]
    if len(violations) < 2:
        return tuple(violations)
    ordered = sorted(violations, key=lambda v: (v.play is None and v.rule == "R-HOUSE-LEFT", v.play or 0))
    return _once_per_play(ordered)


def _once_per_play(violations: list[Violation]) -> tuple[Violation, ...]:
    """Each rule flagged at most once per play (RULES.md §10): a rule found again at a play (a bid by the wrong
    seat and a first play by another, two houses left at play 24) is said in the first finding's sentence."""
    first: dict[tuple[str, int], int] = {}
    out: list[Violation] = []
    for v in violations:
        at = first.setdefault((v.rule, v.play), len(out)) if v.play is not None else len(out)
        if at == len(out):
            out.append(v)
        else:
            out[at] = replace(out[at], message=Said("{first}; {then}", first=out[at].message, then=v.message))
    return tuple(out)


def replay_game(game: Game) -> list[DealReplay]:
    rules = ruleset_for(game.tags)
    return [replay_deal(deal, rules) for deal in game.deals]

