"""An event's next round, paired as its format says (round-robin, or Swiss by the standings with no
rematch), or entered by hand (the organiser names each table's two partnerships)."""
from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import sqlite_utils

from seeplog.clubs.pairings import NoPairing, Table, byes_of, swiss_round
from seeplog.clubs.standings import standings
from seeplog.dispute import listed
from seeplog.said import Param, Said

from ..catalog import english_ngettext
from .event_withdrawals import withdrawn, withdrawn_named
from .events_store import (BadEvent, EventChange, event_pairs, get_event, make_round, next_round_number,
                           round_robin_next, table_results)

FORMATS = ("round-robin", "swiss", "hand")
"""How an event pairs its next round: the round-robin's circle, Swiss by the standings, or by hand only."""


def next_round(db: sqlite_utils.Database, event_id: int, organiser_token: str) -> tuple[int, list[dict[str, Any]]]:
    """Make the event's next round as its format pairs it (the organiser token checked by the caller).

    :raises NoEvent: :raises EventChange: when the round cannot be paired (as `planned_pairing` says).
    """
    gone = withdrawn(db, event_id)
    pairing, how = planned_pairing(db, event_id, gone)
    return make_round(db, event_id, organiser_token, pairing, how, gone)


def planned_pairing(db: sqlite_utils.Database, event_id: int, gone: Mapping[int, int] | None = None) \
        -> tuple[list[Table], str]:
    """The tables the event's next round would have, as its format pairs it, and that format; `gone`: the
    withdrawals it is paired with (those stored when None).

    :raises NoEvent: :raises EventChange: when the round cannot be paired (every round-robin round made, a
        table of the rounds before a Swiss round still open, no pairing left without a rematch, an event
        paired by hand only).
    """
    event = get_event(db, event_id)
    gone = withdrawn(db, event_id) if gone is None else gone
    if event["format"] == "hand":
        raise EventChange(Said("this event's rounds are entered by hand: name each table's two partnerships"))
    if event["format"] == "swiss":
        return swiss_pairing(db, event, gone), "swiss"
    return round_robin_next(db, event_id, len(event_pairs(db, event_id)), gone), "round-robin"


def open_tables(db: sqlite_utils.Database, event_id: int) -> list[tuple[int, int]]:
    """Each table (its round, its number) whose live game is still open, in order."""
    return [(r, n) for r, n in db.execute(
        "select t.round, t.number from event_tables t join live_games l on l.game_id = t.game_id "
        "where t.event_id = ? and l.state = 'open' order by t.round, t.number", [event_id])]


def swiss_pairing(db: sqlite_utils.Database, event: dict[str, Any], gone: Mapping[int, int]) -> list[Table]:
    """The next Swiss round from the standings as they stand, once every table of the rounds made is closed;
    the withdrawn partnerships left out."""
    still_open: list[Param] = [Said("round {round}, table {table}", round=r, table=n)
                               for r, n in open_tables(db, event["id"])]
    if still_open:
        raise EventChange(Said("a Swiss round is paired from the final standings of the rounds before it; still "
                               "open: {tables} (close each table's game first)", tables=listed(still_open)))
    results = table_results(db, event["id"], event["variant"])
    ranked = [s.pair for s in standings([p["number"] for p in event_pairs(db, event["id"])], results)]
    met = {frozenset((r.a, r.b)) for r in results if r.b is not None}
    byes = {r.a for r in results if r.b is None}
    try:
        return swiss_round(ranked, met, byes, gone)
    except NoPairing as e:
        raise EventChange(Said("the next Swiss round cannot be paired: {problem}", problem=e.args[0])) from None


def hand_round(db: sqlite_utils.Database, event_id: int, organiser_token: str,
               tables: list[tuple[int, int]]) -> tuple[int, list[dict[str, Any]]]:
    """A round whose tables the organiser names, each (North–South, East–West); a partnership left out sits
    out (a bye), at most one of them; a withdrawn one is left out, with no bye.

    :raises NoEvent: :raises BadEvent: when a table names no partnership of the event, one twice, a withdrawn
        one, or leaves more than one without a table.
    """
    numbers = [p["number"] for p in event_pairs(db, event_id)]
    gone = withdrawn(db, event_id)
    check_hand_tables(numbers, tables, gone)
    seated = {p for table in tables for p in table}
    bye = [(p, None) for p in numbers if p not in seated and p not in gone]
    return make_round(db, event_id, organiser_token, [*tables, *bye], "hand", gone)


def check_hand_tables(numbers: list[int], tables: list[tuple[int, int]], gone: Mapping[int, int] | None = None) \
        -> None:
    """:raises BadEvent: unless every table seats two partnerships of the event, none withdrawn (`gone`: each
    withdrawn one's first round not paired), none twice, and at most one partnership is left out."""
    gone = gone or {}
    if not tables:
        raise BadEvent(Said("name at least one table's two partnerships"))
    unknown = sorted({p for table in tables for p in table if p not in numbers})
    if unknown:
        raise BadEvent(Said("no partnership {unknown} in this event (they are numbered 1 to {count})",
                            unknown=", ".join(map(str, unknown)), count=len(numbers)))
    named = sorted({p for table in tables for p in table if p in gone})
    if named:
        raise BadEvent(withdrawn_named(named, gone))
    seats = [p for table in tables for p in table]
    twice = sorted({p for p in seats if seats.count(p) > 1})
    if twice:
        raise BadEvent(Said("partnership {twice} is at two tables (or plays itself): each sits at one table",
                            twice=", ".join(map(str, twice))))
    left = [p for p in numbers if p not in seats and p not in gone]
    if len(left) > 1:
        raise BadEvent(Said("partnerships {left} have no table: seat every partnership, but one when their number "
                            "is odd (it has a bye)", left=", ".join(map(str, left))))


def round_pairings(db: sqlite_utils.Database, event_id: int) -> dict[int, str]:
    """How each round of the event was paired: 'round-robin', 'swiss', 'hand' or 'attached'."""
    return dict(db.execute("select round, pairing from event_rounds where event_id = ?", [event_id]).fetchall())


def pairing_preview(db: sqlite_utils.Database, event_id: int) -> dict[str, Any]:
    """What the next round would pair, made nowhere: its number, how it is paired, its tables and its bye.

    :raises NoEvent: :raises EventChange: (as `planned_pairing` says)
    """
    pairing, how = planned_pairing(db, event_id)
    number = next_round_number(db, event_id)
    byes = byes_of(pairing)
    tables = [{"number": n, "pair_a": a, "pair_b": b} for n, (a, b) in enumerate(pairing, start=1) if b is not None]
    return {"round": number, "pairing": how, "tables": tables, "bye": byes[0] if byes else None, "byes": byes,
            "message": english_ngettext("round %(round)s would have %(num)s table",
                                        "round %(round)s would have %(num)s tables", len(tables), round=number)
                       + "".join(f"; partnership {bye} would have a bye" for bye in byes)}
