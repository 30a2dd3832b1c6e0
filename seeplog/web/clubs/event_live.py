"""A live game that is an event's table: what its scorekeeper's edit token may no longer do alone. The table's
result is the event's: its game is not deleted (as an uploaded game attached is not, `event_uploads`), and it is
not reopened once the event's director closed it, or once a later Swiss round was paired from its result; the
director still corrects it (`director.correct` reopens it for the correction and closes it again)."""
from __future__ import annotations

import sqlite_utils

from seeplog.refusals import Conflict
from seeplog.said import Said

from ..live.corrections import DIRECTOR_NOTE
from .event_uploads import HeldBy, tables_of


class EventTable(Conflict):
    """A change with a table's edit token alone that would take away or change a result the event stands on: 409."""


def live_table(db: sqlite_utils.Database, game_id: int) -> HeldBy | None:
    """The event table a live game is (None: it is no event's table)."""
    return next(iter(tables_of(db, game_id, live=True)), None)


def check_not_table(db: sqlite_utils.Database, game_id: int) -> None:
    """:raises EventTable: when the live game is an event's table (its result counts in the standings)."""
    table = live_table(db, game_id)
    if table is not None:
        raise EventTable(Said("{table}: an event's table is not deleted; its result counts in the event's standings",
                              table=table.said(game_id)))


def check_reopenable(db: sqlite_utils.Database, game_id: int) -> None:
    """A reopen with the table's edit token alone (not the director's).

    :raises EventTable: when the live game is an event's table that the event's director closed (its last close
        has the director's note), or one from whose round a later Swiss round was paired.
    """
    table = live_table(db, game_id)
    if table is None:
        return
    where = Said("round {round}, table {table}", round=table.round, table=table.number)
    closed = db.execute("select note from live_events where game_id = ? and kind = 'close' order by version desc "
                        "limit 1", [game_id]).fetchone()
    if closed is not None and (closed[0] or "").startswith(DIRECTOR_NOTE):
        raise EventTable(Said("the event's director closed this table ({table}): only the director can reopen it, "
                              "with a correction on the director's page", table=where))
    later = db.execute("select min(round) from event_rounds where event_id = ? and round > ? and pairing = 'swiss'",
                       [table.event_id, table.round]).fetchone()[0]
    if later is not None:
        raise EventTable(Said("round {later} was paired from this table's result ({table}): it cannot be reopened "
                              "with its edit token now; the event's director can correct it", later=later,
                              table=where))
