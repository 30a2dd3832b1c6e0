"""Uploaded games attached to an event: each stored game (one game of the event's variant) becomes a table of
a round, between the two partnerships its seat tags name, and counts in the standings like any table; the
organiser may detach it again, freeing its place."""
from __future__ import annotations

from typing import Any

import sqlite_utils

from seeplog.refusals import NotFound
from seeplog.said import Said

from ..db import writing
from .event_uploads import game_sides, held_by
from .event_withdrawals import withdrawn, withdrawn_named
from .events_store import BadEvent, EventChange, get_event


class NoGame(NotFound):
    """No stored game has this id, or none at this event's tables."""


def attach_game(db: sqlite_utils.Database, event_id: int, game_id: int, round_number: int | None = None) \
        -> dict[str, Any]:
    """Make stored game `game_id` a table of round `round_number` (None: the last round, or round 1); the
    table as stored (round, number, pair_a, pair_b, game_id). A table of the round whose game is gone (deleted)
    holds no place: one that seated either partnership gives way to the new table.

    :raises NoEvent: :raises NoGame: :raises BadEvent: when the game is live, or not one game of the event's
        variant whose two sides are partnerships of the event, or the round does not follow the event's rounds.
    :raises EventChange: when the game is a table of an event already, or either partnership has a place in
        that round or is withdrawn from it.
    """
    event = get_event(db, event_id)
    with writing(db):  # checked inside the write: no other attach or replace comes between
        check_game(db, event, game_id)
        a, b = sides(db, event, game_id)
        last = int(db.execute("select coalesce(max(round), 0) from event_rounds where event_id = ?",
                              [event_id]).fetchone()[0])
        number = round_number or max(last, 1)
        if not 1 <= number <= last + 1:
            raise BadEvent(Said("round {round} does not follow the event's rounds: give a round from 1 to {most}",
                                round=number, most=last + 1))
        check_places(db, event_id, number, a, b)
        gone = withdrawn(db, event_id)
        if named := [p for p in (a, b) if p in gone and number >= gone[p]]:
            raise EventChange(withdrawn_named(named, gone))
        db.execute("delete from event_tables where event_id = ? and round = ? and game_id is null and pair_b is not "
                   "null and (pair_a in (?, ?) or pair_b in (?, ?))", [event_id, number, a, b, a, b])
        if number > last:
            db.execute("insert into event_rounds (event_id, round, pairing) values (?, ?, 'attached')",
                       [event_id, number])
        table = int(db.execute("select coalesce(max(number), 0) + 1 from event_tables where event_id = ? and "
                               "round = ?", [event_id, number]).fetchone()[0])
        db.execute("insert into event_tables values (?, ?, ?, ?, ?, ?)", [event_id, number, table, a, b, game_id])
    return {"round": number, "number": table, "pair_a": a, "pair_b": b, "game_id": game_id}


def check_game(db: sqlite_utils.Database, event: dict[str, Any], game_id: int) -> None:
    """:raises NoGame: :raises BadEvent: :raises EventChange: (as `attach_game` says)."""
    row = db.execute("select variant, game_count from games where id = ?", [game_id]).fetchone()
    if row is None:
        raise NoGame(Said("there is no game {game}", game=game_id))
    if db.execute("select 1 from live_games where game_id = ?", [game_id]).fetchone():
        raise BadEvent(Said("game {game} is a live game, kept with its own token: attach an uploaded game (an event's "
                            "live tables are its own already)", game=game_id))
    if row[0] != event["variant"]:
        raise BadEvent(Said("game {game} is of the {variant} variant; this event plays {played}", game=game_id,
                            variant=row[0], played=event["variant"]))
    if row[1] != 1:
        raise BadEvent(Said("game {game}'s log holds {count} games: attach a log of one game (one table)", game=game_id,
                            count=row[1]))
    held = held_by(db, game_id)
    for here in (t for t in held if t.event_id == event["id"]):
        raise EventChange(Said("game {game} is table {table} of round {round} of this event already", game=game_id,
                               table=here.number, round=here.round))
    if held:
        raise EventChange(Said("{table} already: a game is a table of one event (its organiser may detach it)",
                               table=held[0].said(game_id)))


def sides(db: sqlite_utils.Database, event: dict[str, Any], game_id: int) -> tuple[int, int]:
    """The partnerships at the game's two sides (North–South then East–West; two-player: North then South),
    found from its seat tags' players as they stand now (merges followed).

    :raises BadEvent: when a side is no partnership of the event.
    """
    first, second = game_sides(db, event["id"], event["variant"], game_id)
    for side in (first, second):
        if side.pair is None:
            raise BadEvent(Said("the game's {team} ({who}) is no partnership of this event: its seat tags name the "
                                "players of two of the event's partnerships", team=side.team,
                                who=side.who or Said("nobody")))
    assert first.pair is not None and second.pair is not None
    if first.pair == second.pair:
        raise BadEvent(Said("both sides of game {game} are partnership {pair}: a table seats two partnerships",
                            game=game_id, pair=first.pair))
    return first.pair, second.pair


def check_places(db: sqlite_utils.Database, event_id: int, number: int, a: int, b: int) -> None:
    """:raises EventChange: naming the partnerships with a place in round `number` already (at a table whose game
    stands, or a bye) and where."""
    rows = db.execute("select number, pair_a, pair_b from event_tables where event_id = ? and round = ? and "
                      "(pair_a in (?, ?) or pair_b in (?, ?)) and (game_id is not null or pair_b is null) "
                      "order by number", [event_id, number, a, b, a, b]).fetchall()
    seated: dict[int, tuple[int, bool]] = {}  # partnership -> its table, and whether that is its bye
    for table, pair_a, pair_b in rows:
        for pair in (pair_a, pair_b):
            if pair in (a, b):
                seated[pair] = (table, pair_b is None)
    if not seated:
        return
    if len(seated) == 2 and seated[a] == seated[b]:
        places = Said("partnerships {a} and {b} have a place at table {table}", a=a, b=b, table=seated[a][0])
    else:
        each = [Said("partnership {pair} has the bye", pair=p) if seated[p][1] else
                Said("partnership {pair} has a place at table {table}", pair=p, table=seated[p][0])
                for p in (a, b) if p in seated]
        places = each[0] if len(each) == 1 else Said("{some} and {last}", some=each[0], last=each[1])
    raise EventChange(Said("{places} of round {round} already: attach the game to another round", places=places,
                           round=number))


def detach_game(db: sqlite_utils.Database, event_id: int, game_id: int) -> dict[str, Any]:
    """Take uploaded game `game_id` off its table of the event: the table is gone, its partnerships free in
    that round and the standings without it; a round of attached games left empty at the end goes too. The
    table as it was.

    :raises NoEvent: :raises NoGame: when the game is no table of the event.
    :raises EventChange: when it is a live table (the event's own, kept at the table).
    """
    get_event(db, event_id)
    with writing(db):
        row = db.execute("select round, number, pair_a, pair_b, exists (select 1 from live_games l where l.game_id "
                         "= t.game_id) from event_tables t where event_id = ? and game_id = ?",
                         [event_id, game_id]).fetchone()
        if row is None:
            raise NoGame(Said("game {game} is no table of event {event}", game=game_id, event=event_id))
        if row[4]:
            raise EventChange(Said("game {game} is a live table of the event (table {table} of round {round}), kept "
                                   "at its table: only an uploaded game attached is detached", game=game_id,
                                   table=row[1], round=row[0]))
        db.execute("delete from event_tables where event_id = ? and game_id = ?", [event_id, game_id])
        db.execute("delete from event_rounds where event_id = ? and round = ? and pairing = 'attached' and round = "
                   "(select max(round) from event_rounds where event_id = ?) and not exists (select 1 from "
                   "event_tables where event_id = ? and round = ?)", [event_id, row[0], event_id, event_id, row[0]])
    return {"round": row[0], "number": row[1], "pair_a": row[2], "pair_b": row[3], "game_id": game_id}
