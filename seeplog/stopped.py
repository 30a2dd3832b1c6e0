"""Which plays of a deal can be viewed, and the play where its replay stopped.

The plays the replay reached can be viewed, and one more: the play a log error stopped it at, or (for a
log that simply ends early) the play after the last one recorded. The command line, the dispute page
and the API all ask here, so they agree. At that last play the replay has no state after it; what it
has is the floor as it was, the seat to move and its legal plays, and what the bad line may have meant:
the maximal captures of an ``E-AMBIGUOUS`` shorthand, the floor's cards and houses of the same rank or
value as what an ``E-FLOOR`` play named.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from .cards import Card
from .dispute import Alternative, describe, state_json
from .engine import maximal_captures
from .legal import LegalAt, position_before
from .moves import HouseRef, Item, move_text
from .notation import Play
from .replay import DealReplay
from .rules import Violation
from .said import Said
from .state import State, start


def stopping_error(replay: DealReplay) -> Violation | None:
    """The log error the replay stopped at, when it names the play after the last one reached."""
    deal, reached = replay.deal, replay.played
    if deal.floor is None or deal.bid is None:
        return None
    return next((e for e in replay.errors if e.play == reached + 1), None)


def ends_early(replay: DealReplay) -> bool:
    """The log stops before the deal's last play with no error at a play (E-INCOMPLETE). A deal the replay
    did not play (no floor or bid, or a bid and a score alone) has no play to view."""
    deal = replay.deal
    return (replay.hands is not None and replay.final is None
            and replay.played < replay.rules.plays_per_deal and stopping_error(replay) is None
            and replay.played == len(deal.plays))


def plays_shown(replay: DealReplay) -> int:
    """How many plays of the deal can be viewed: those the replay reached, and the one it stopped at."""
    return replay.played + (stopping_error(replay) is not None or ends_early(replay))


def is_stop(replay: DealReplay, number: int) -> bool:
    """Play `number` is the one where the replay stopped (it has no state after it)."""
    return number == replay.played + 1 == plays_shown(replay)


def state_at_stop(replay: DealReplay) -> State:
    """The state after the last play the replay reached (the deal's start when it reached none)."""
    return replay.steps[-1].after if replay.steps else start(
        replay.rules, replay.deal.floor.cards, replay.bidder, replay.bid)  # type: ignore[union-attr]


@dataclass(frozen=True)
class StoppedPlay(LegalAt):
    """The play where the replay stopped: the floor as it was and what the seat to move could do."""

    number: int
    error: Violation | None
    """The log error at this play; None for the play after the last one recorded."""
    statement: Play | None
    """The line as read, when it could be read."""
    legal: tuple[Alternative, ...]
    """One legal play per outcome of each card (what the card takes or joins)."""
    meant: tuple[Alternative, ...]
    """E-AMBIGUOUS: each maximal capture the shorthand could mean."""
    near: tuple[Item, ...]
    """E-FLOOR: the floor's loose cards of the same rank, and its house or loose cards of the same value."""


def stopped_play(replay: DealReplay) -> StoppedPlay:
    """The play where the replay stopped.

    :raises LookupError: when the replay did not stop before the deal's end.
    """
    number = plays_shown(replay)
    if not is_stop(replay, number):
        raise LookupError(Said("the replay of deal {deal} did not stop before its end", deal=replay.deal.number))
    before = state_at_stop(replay)
    error = stopping_error(replay)
    statement = replay.deal.plays[number - 1] if number <= len(replay.deal.plays) else None
    read = statement if isinstance(statement, Play) else None
    hands = replay.hands
    if hands is None:  # not replayed (ends_early says so): never reached on a log, whatever it holds
        raise LookupError(Said("deal {deal} was not replayed: it has no play to view", deal=replay.deal.number))
    position = position_before(before, hands, replay.played)
    found = sorted((o for c in position.outcomes for o in c.outcomes), key=lambda o: o.text)
    legal = tuple(Alternative(o.text, describe(o.move, before.turn, before), str(o.card), o.groupings)
                  for o in found)
    return StoppedPlay(**vars(position), number=number, error=error, statement=read, legal=legal,
                       meant=_meant(error, read, before), near=_near(error, before))


def _meant(error: Violation | None, play: Play | None, before: State) -> tuple[Alternative, ...]:
    if error is None or error.rule != "E-AMBIGUOUS" or play is None:
        return ()
    card = play.move.card
    return tuple(Alternative(move_text(m), describe(m, play.seat, before))
                 for m in sorted(maximal_captures(before, card), key=move_text))


def _near(error: Violation | None, before: State) -> tuple[Item, ...]:
    if error is None or error.rule != "E-FLOOR" or error.target is None:
        return ()
    target = error.target
    value = target.value
    same: list[Item] = []
    if isinstance(target, Card):
        same += [c for c in before.loose if c.rank == target.rank]
    same += [HouseRef(h.value) for h in before.houses if h.value == value]
    same += [c for c in before.loose if c.value == value and c not in same]
    return tuple(same)


def stopped_json(replay: DealReplay, stop: StoppedPlay) -> dict[str, Any]:
    """The API's entry for the play where the replay stopped (no state after it; `legal` are the plays of
    the seat to move)."""
    error, read = stop.error, stop.statement
    hand = [str(c) for c in stop.hand]
    return {
        "deal": replay.deal.number, "play": stop.number, "plays": plays_shown(replay),
        "seat": read.seat if read else (error.seat if error else None), "turn": stop.turn,
        "move": move_text(read.move) if read else None,
        "words": f"the replay stops here: {error.message}" if error else "the log ends before this play",
        "line": error.line if error else None, "annotation": read.annotation if read else None,
        "before": state_json(stop.before), "after": None,
        "hands": {stop.turn: {"cards": hand, "partial": True}} if stop.hand_known else {},
        "stopped": True, "hand_known": stop.hand_known,
        "legal": [a.text for a in stop.legal], "legal_words": [a.words for a in stop.legal],
        "legal_groupings": [a.groupings for a in stop.legal], "legal_complete": stop.complete,
        "meant": [a.text for a in stop.meant],
        "near": [f"[{i.value}]" if isinstance(i, HouseRef) else str(i) for i in stop.near],
    }
