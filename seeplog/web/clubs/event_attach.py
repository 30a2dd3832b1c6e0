"""Uploaded games attached to an event: each stored game (one game of the event's variant) becomes a table of
a round, between the two partnerships its seat tags name, and counts in the standings like any table."""
from __future__ import annotations

from typing import Any

import sqlite_utils

from seeplog.refusals import NotFound
from seeplog.said import Said

from ..db import writing
from .events_store import BadEvent, EventChange, event_pairs, get_event, team_size
from .players_store import current_id


class NoGame(NotFound):
    """No stored game has this id."""


def attach_game(db: sqlite_utils.Database, event_id: int, game_id: int, round_number: int | None = None) \
        -> dict[str, Any]:
    """Make stored game `game_id` a table of round `round_number` (None: the last round, or round 1); the
    table as stored (round, number, pair_a, pair_b, game_id).

    :raises NoEvent: :raises NoGame: :raises BadEvent: when the game is live, or not one game of the event's
        variant whose two sides are partnerships of the event, or the round does not follow the event's rounds.
    :raises EventChange: when the game is attached already, or either partnership has a place in that round.
    """
    event = get_event(db, event_id)
    check_game(db, event, game_id)
    a, b = sides(db, event, game_id)
    last = int(db.execute("select coalesce(max(round), 0) from event_rounds where event_id = ?",
                          [event_id]).fetchone()[0])
    number = round_number or max(last, 1)
    if not 1 <= number <= last + 1:
        raise BadEvent(Said("round {round} does not follow the event's rounds: give a round from 1 to {most}",
                            round=number, most=last + 1))
    with writing(db):
        seated = db.execute("select number from event_tables where event_id = ? and round = ? and "
                            "(pair_a in (?, ?) or pair_b in (?, ?))", [event_id, number, a, b, a, b]).fetchone()
        if seated:
            raise EventChange(Said("partnership {a} or {b} has a place at table {table} of round {round} already: "
                                   "attach the game to another round", a=a, b=b, table=seated[0], round=number))
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
    table = db.execute("select round, number from event_tables where event_id = ? and game_id = ?",
                       [event["id"], game_id]).fetchone()
    if table:
        raise EventChange(Said("game {game} is table {table} of round {round} of this event already", game=game_id,
                                table=table[1], round=table[0]))


def sides(db: sqlite_utils.Database, event: dict[str, Any], game_id: int) -> tuple[int, int]:
    """The partnerships at the game's two sides (North–South then East–West; two-player: North then South),
    found from its seat tags' players as they stand now (merges followed).

    :raises BadEvent: when a side is no partnership of the event.
    """
    pairs = {frozenset(p["id"] for p in pair["players"]): pair["number"] for pair in event_pairs(db, event["id"])}
    names: dict[str, list[str]] = {}
    players: dict[str, set[int]] = {}
    for team, name, key in db.execute("select team, name, name_key from players where game_id = ? and game = 1 "
                                      "order by seat", [game_id]):
        names.setdefault(team, []).append(name)
        alias = db.execute("select player_id from player_aliases where key = ?", [key]).fetchone()
        players.setdefault(team, set()).add(current_id(db, alias[0]) if alias else -1)
    found = []
    for team in (("NS", "EW") if team_size(event["variant"]) == 2 else ("N", "S")):
        number = pairs.get(frozenset(players.get(team, ())))
        if number is None:
            who = " & ".join(names.get(team, [])) or Said("nobody")
            raise BadEvent(Said("the game's {team} ({who}) is no partnership of this event: its seat tags name the "
                                "players of two of the event's partnerships", team=team, who=who))
        found.append(number)
    if found[0] == found[1]:
        raise BadEvent(Said("both sides of game {game} are partnership {pair}: a table seats two partnerships",
                            game=game_id, pair=found[0]))
    return found[0], found[1]
