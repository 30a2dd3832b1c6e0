"""The clubs' figures worked out from the games' derived rows (players, deals, deal_scores, ledger, sweeps,
violations) through the alias -> player mapping, into the library's sides: the way the pages read them
before the seat records, kept as the tests' second account of a player's and a partnership's record."""
from __future__ import annotations

import json
from collections import Counter, defaultdict
from typing import Any

import sqlite_utils

from seeplog.clubs.records import GameKey, Side
from seeplog.web.clubs.queries import SEAT_KEYS

GAMES_OF_PLAYER = """select distinct p2.game_id, p2.game from players p2 join player_aliases a2 on a2.key = p2.name_key
                     where a2.player_id = ?"""

GAMES_OF_PAIR = """select distinct p1.game_id, p1.game from players p1 join player_aliases a1 on a1.key = p1.name_key
join players p2 on p2.game_id = p1.game_id and p2.game = p1.game and p2.team = p1.team and p2.seat <> p1.seat
join player_aliases a2 on a2.key = p2.name_key where a1.player_id = ? and a2.player_id = ?"""
"""The games where two players sat in one team (each once, however many of its seats name them: a game
picked twice would count its deals twice)."""

PICKED = ("with picked (game_id, game) as materialized (select json_extract(value, '$[0]'), "
          "json_extract(value, '$[1]') from json_each(?)) ")
"""The games asked for (found once per page, given to each query as a JSON list of [game_id, game])."""

SEATS = """select p.game_id, p.game, p.seat, p.team, p.name, a.player_id, c.name, coalesce(t.value, g.date),
g.variant from picked k join games g indexed by games_clubs on g.id = k.game_id
left join game_tags t on t.game_id = k.game_id and t.game = k.game and t.name = 'Date'
join players p on p.game_id = k.game_id and p.game = k.game
left join player_aliases a on a.key = p.name_key left join club_players c on c.id = a.player_id
order by p.game_id, p.game, p.seat"""
"""Each seat of the games picked, with its game's date and variant (from the games_clubs index: the games row
itself starts with the whole log)."""


PER_GAME = {
    "deals": "select d.game_id, d.game, count(*) from picked k join deals d using (game_id, game) "
             "group by d.game_id, d.game",
    "totals": "select d.game_id, d.game, d.team, count(*), sum(d.card_points), sum(d.score) from picked k "
              "join deal_scores d using (game_id, game) group by d.game_id, d.game, d.team",
    "baazis": "select d.game_id, d.game, d.baazi, count(*) from picked k join ledger d using (game_id, game) "
              "where d.baazi is not null group by d.game_id, d.game, d.baazi",
    "sweeps": "select d.game_id, d.game, d.seat, count(*) from picked k join sweeps d using (game_id, game) "
              "group by d.game_id, d.game, d.seat",
    "broken": "select d.game_id, d.game, d.seat, d.rule from picked k join violations d using (game_id, game) "
              "where d.kind = 'violation' and d.seat is not null"}
"""What the sides need of each game, one query each over the games picked (by the tables' primary keys)."""


def picked(db: sqlite_utils.Database, games: str, args: list[Any]) -> list[str]:
    """The games `games` (a select of game_id, game) finds, as the argument of a query that starts with PICKED."""
    return [json.dumps(db.execute(games, args).fetchall())]


def seat_rows(db: sqlite_utils.Database, games: list[str]) -> list[dict[str, Any]]:
    """Every seat of the games `games` (see `picked`) holds: team, name as written, player, date, by game,
    then seat letter."""
    return [dict(zip(SEAT_KEYS, r)) for r in db.execute(PICKED + SEATS, games)]


def per_game(db: sqlite_utils.Database, games: list[str]) -> dict[str, Any]:
    rows = {name: db.execute(PICKED + sql, games).fetchall() for name, sql in PER_GAME.items()}
    broken: dict[tuple[int, int, str], Counter[str]] = defaultdict(Counter)
    for game_id, game, seat, rule in rows["broken"]:
        broken[(game_id, game, seat)][rule] += 1
    return {"deals": {(r[0], r[1]): r[2] for r in rows["deals"]},
            "totals": {(r[0], r[1], r[2]): r[3:] for r in rows["totals"]},
            "baazis": {(r[0], r[1], r[2]): r[3] for r in rows["baazis"]},
            "sweeps": {(r[0], r[1], r[2]): r[3] for r in rows["sweeps"]}, "broken": broken}


def sides(db: sqlite_utils.Database, games: str, args: list[Any]) -> tuple[list[Side], list[dict[str, Any]]]:
    """The sides of the games `games` selects, and their seat rows."""
    found = picked(db, games, args)
    seats = seat_rows(db, found)
    got = per_game(db, found)
    teams: dict[tuple[int, int, str], list[dict[str, Any]]] = defaultdict(list)
    for seat in seats:
        teams[(seat["game_id"], seat["game"], seat["team"])].append(seat)
    out = []
    for (game_id, game, team), members in teams.items():
        key: GameKey = (game_id, game)
        scored, card_points, score = got["totals"].get((game_id, game, team)) or (0, 0, 0)
        ids = [m["player_id"] for m in members]
        named = [m for m in members if m["player_id"] is not None]
        out.append(Side(
            key, members[0]["date"], team, tuple(sorted(m["player_id"] for m in named)), None not in ids,
            got["deals"].get(key, 0), scored, card_points or 0, score or 0, got["baazis"].get((game_id, game, team), 0),
            *by_player(named, got)))
    return out, seats


def by_player(named: list[dict[str, Any]], got: dict[str, Any]) -> tuple[dict[int, int], dict[int, Counter[str]]]:
    """The sweeps and rules broken of a team's named seats, by player (a player at two seats: both added)."""
    sweeps: dict[int, int] = {}
    broken: dict[int, Counter[str]] = {}
    for m in named:
        seat = (m["game_id"], m["game"], m["seat"])
        sweeps[m["player_id"]] = sweeps.get(m["player_id"], 0) + got["sweeps"].get(seat, 0)
        if seat in got["broken"]:
            broken[m["player_id"]] = broken.get(m["player_id"], Counter()) + got["broken"][seat]
    return sweeps, broken
