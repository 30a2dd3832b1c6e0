"""Partnerships withdrawn from an event (they left the evening, or never came): stored from the round the event
would make next, and paired no more from it (`seeplog.clubs.pairings` says how); their tables and results stay.
A withdrawal made by mistake is taken back (reinstated): nothing else changed, so nothing is lost."""
from __future__ import annotations

from collections.abc import Mapping

import sqlite_utils

from seeplog.refusals import Conflict, NotFound
from seeplog.said import Said

from ..db import writing
from .links import now


class NoEventPair(NotFound):
    """The event has no partnership of this number."""


class WithdrawalChange(Conflict):
    """Withdrawn already, or not withdrawn: 409."""


def withdrawn(db: sqlite_utils.Database, event_id: int) -> dict[int, int]:
    """Each withdrawn partnership of the event and the first round it was not paired in."""
    return dict(db.execute("select pair, from_round from event_withdrawals where event_id = ? order by pair",
                           [event_id]).fetchall())


def check_pair(db: sqlite_utils.Database, event_id: int, pair: int) -> None:
    """:raises NoEventPair: unless the event has partnership `pair`."""
    count = db.execute("select count(*) from event_pairs where event_id = ?", [event_id]).fetchone()[0]
    if not 1 <= pair <= count:
        raise NoEventPair(Said("event {event} has no partnership {pair} (they are numbered 1 to {count})",
                               event=event_id, pair=pair, count=count))


def withdraw(db: sqlite_utils.Database, event_id: int, pair: int) -> int:
    """Withdraw partnership `pair` from the rounds the event makes from now on; the first of them. The rounds
    made are not changed.

    :raises NoEventPair: :raises WithdrawalChange: when it is withdrawn already.
    """
    with writing(db):
        check_pair(db, event_id, pair)
        before = withdrawn(db, event_id).get(pair)
        if before is not None:
            raise WithdrawalChange(Said("partnership {pair} is withdrawn already, from round {round}", pair=pair,
                                        round=before))
        first = int(db.execute("select coalesce(max(round), 0) + 1 from event_rounds where event_id = ?",
                               [event_id]).fetchone()[0])
        db.execute("insert into event_withdrawals (event_id, pair, from_round, withdrawn) values (?, ?, ?, ?)",
                   [event_id, pair, first, now()])
    return first


def reinstate(db: sqlite_utils.Database, event_id: int, pair: int) -> int:
    """Take back partnership `pair`'s withdrawal: the rounds made from now on pair it again. The round it had
    withdrawn from.

    :raises NoEventPair: :raises WithdrawalChange: when it is not withdrawn.
    """
    with writing(db):
        check_pair(db, event_id, pair)
        before = withdrawn(db, event_id).get(pair)
        if before is None:
            raise WithdrawalChange(Said("partnership {pair} is not withdrawn: the rounds pair it already", pair=pair))
        db.execute("delete from event_withdrawals where event_id = ? and pair = ?", [event_id, pair])
    return before


def withdrawals_version(db: sqlite_utils.Database, event_id: int) -> str:
    """What changes with each withdrawal and reinstatement of the event's partnerships."""
    return ",".join(f"{pair}:{first}" for pair, first in withdrawn(db, event_id).items())


def withdrawn_named(named: list[int], gone: Mapping[int, int]) -> Said:
    """Why a round entered by hand, or an uploaded game attached, may not seat the withdrawn partnerships
    `named`."""
    if len(named) == 1:
        return Said("partnership {pair} withdrew from the event (from round {round}): it is paired no more; "
                    "reinstate it to seat it", pair=named[0], round=gone[named[0]])
    return Said("partnerships {pairs} withdrew from the event: they are paired no more; reinstate them to seat "
                "them", pairs=", ".join(map(str, named)))
