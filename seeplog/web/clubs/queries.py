"""What the clubs pages read: the games' derived rows (players, deals, deal_scores, ledger, sweeps,
violations) seen through the alias -> player mapping, made into the library's sides."""
from __future__ import annotations

from collections import Counter, defaultdict
from typing import Any

import sqlite_utils

from seeplog.clubs.records import GameKey, Side

GAMES_OF_PLAYER = """select p2.game_id, p2.game from players p2 join player_aliases a2 on a2.key = p2.name_key
                     where a2.player_id = ?"""

SEATS = """
select p.game_id, p.game, p.seat, p.team, p.name, a.player_id, c.name as player_name,
       coalesce(t.value, g.date) as date, g.variant
from players p
join games g on g.id = p.game_id
left join game_tags t on t.game_id = p.game_id and t.game = p.game and t.name = 'Date'
left join player_aliases a on a.key = p.name_key
left join club_players c on c.id = a.player_id
where (p.game_id, p.game) in ({games})
order by p.game_id, p.game, p.seat
"""


def seat_rows(db: sqlite_utils.Database, games: str, args: list[Any]) -> list[dict[str, Any]]:
    """Every seat of the games `games` (a select of game_id, game) holds: team, name as written, player, date."""
    return list(db.query(SEATS.format(games=games), args))


def sides(db: sqlite_utils.Database, games: str, args: list[Any]) -> tuple[list[Side], list[dict[str, Any]]]:
    """The sides of the games `games` selects, and their seat rows."""
    seats = seat_rows(db, games, args)
    where = f"where (game_id, game) in ({games})"
    deals = {(r["game_id"], r["game"]): r["n"] for r in
             db.query(f"select game_id, game, count(*) as n from deals {where} group by game_id, game", args)}
    totals = {(r["game_id"], r["game"], r["team"]): r for r in db.query(
        f"select game_id, game, team, count(*) as scored, sum(card_points) as card_points, sum(score) as score "
        f"from deal_scores {where} group by game_id, game, team", args)}
    baazis = {(r["game_id"], r["game"], r["baazi"]): r["n"] for r in db.query(
        f"select game_id, game, baazi, count(*) as n from ledger {where} and baazi is not null "
        "group by game_id, game, baazi", args)}
    sweeps = {(r["game_id"], r["game"], r["seat"]): r["n"] for r in db.query(
        f"select game_id, game, seat, count(*) as n from sweeps {where} group by game_id, game, seat", args)}
    broken: dict[tuple[int, int, str], Counter[str]] = defaultdict(Counter)
    for r in db.query(f"select game_id, game, seat, rule from violations {where} and kind = 'violation' "
                      "and seat is not null", args):
        broken[(r["game_id"], r["game"], r["seat"])][r["rule"]] += 1
    teams: dict[tuple[int, int, str], list[dict[str, Any]]] = defaultdict(list)
    for seat in seats:
        teams[(seat["game_id"], seat["game"], seat["team"])].append(seat)
    out = []
    for (game_id, game, team), members in teams.items():
        key: GameKey = (game_id, game)
        total = totals.get((game_id, game, team)) or {"scored": 0, "card_points": 0, "score": 0}
        ids = [m["player_id"] for m in members]
        named = [m for m in members if m["player_id"] is not None]
        out.append(Side(
            key, members[0]["date"], team, tuple(sorted(m["player_id"] for m in named)), None not in ids,
            deals.get(key, 0), total["scored"], total["card_points"] or 0, total["score"] or 0,
            baazis.get((game_id, game, team), 0),
            {m["player_id"]: sweeps.get((game_id, game, m["seat"]), 0) for m in named},
            {m["player_id"]: broken[(game_id, game, m["seat"])] for m in named}))
    return out, seats


def player_names(db: sqlite_utils.Database, ids: set[int]) -> dict[int, str]:
    if not ids:
        return {}
    marks = ",".join("?" * len(ids))
    return {r["id"]: r["name"] for r in db.query(f"select id, name from club_players where id in ({marks})",
                                                 sorted(ids))}


SEAT_ORDER = "case p.seat when 'N' then 0 when 'W' then 1 when 'S' then 2 else 3 end"


def seat_links(db: sqlite_utils.Database, game_id: int) -> dict[tuple[int, str], list[dict[str, Any]]]:
    """A stored log's seats by (game number, team), in the order of play: each name as written and the
    player it stands for now (None for a seat no tag names)."""
    out: dict[tuple[int, str], list[dict[str, Any]]] = defaultdict(list)
    for r in db.query(f"select p.game, p.team, p.name, a.player_id from players p left join player_aliases a "
                      f"on a.key = p.name_key where p.game_id = ? order by p.game, {SEAT_ORDER}", [game_id]):
        out[(r["game"], r["team"])].append(r)
    return out
