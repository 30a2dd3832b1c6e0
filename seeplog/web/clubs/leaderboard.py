"""The leaderboard: the ratings of the stored games' baazis, through the alias -> player mapping.

Derived, never stored: computed again (once per worker) whenever `clubs_version` moves (a trigger moves it
when a baazi is stored or removed, a name changes player, or a game's date changes), so a stored, corrected
or deleted game, or a merge, shows at the next view.
"""
from __future__ import annotations

import threading
from collections import defaultdict
from dataclasses import dataclass
from typing import Any

import sqlite_utils

from seeplog.clubs.ratings import Baazi, History, Rating, partnership_ratings, player_ratings_with_history

BAAZIS = """
select l.game_id, l.game, l.position, l.baazi, coalesce(t.value, g.date, '') as date
from ledger l join games g on g.id = l.game_id
left join game_tags t on t.game_id = l.game_id and t.game = l.game and t.name = 'Date'
where l.baazi is not null
"""

TEAMS = """
select p.game_id, p.game, p.team, a.player_id
from players p left join player_aliases a on a.key = p.name_key
where (p.game_id, p.game) in (select distinct game_id, game from ledger where baazi is not null)
"""


def stored_baazis(db: sqlite_utils.Database) -> list[Baazi]:
    """Every baazi of the stored games, each team as its players (a team with a seat no tag names: empty)."""
    teams: dict[tuple[int, int, str], list[int | None]] = defaultdict(list)
    for r in db.query(TEAMS):
        teams[(r["game_id"], r["game"], r["team"])].append(r["player_id"])
    sides: dict[tuple[int, int], list[str]] = defaultdict(list)
    for game_id, game, team in teams:
        sides[(game_id, game)].append(team)
    out = []
    for r in db.query(BAAZIS):
        key = (r["game_id"], r["game"])
        others = [t for t in sides[key] if t != r["baazi"]]
        if len(others) != 1:
            continue
        out.append(Baazi((r["date"], r["game_id"], r["game"], r["position"]),
                         named(teams[(*key, r["baazi"])]), named(teams[(*key, others[0])])))
    return out


def named(players: list[int | None]) -> tuple[int, ...]:
    """A team's players in order; empty when a seat names no player (such a baazi is not rated)."""
    return () if None in players else tuple(sorted(p for p in players if p is not None))


@dataclass(frozen=True)
class Board:
    version: int
    players: list[Rating]
    partnerships: list[Rating]
    history: History
    """Each player's rating after each of its baazis."""


_boards: dict[str, Board] = {}
_lock = threading.Lock()


def clubs_version(db: sqlite_utils.Database) -> int:
    return int(db.execute("select version from clubs_version").fetchone()[0])


def board(db: sqlite_utils.Database, path: str) -> Board:
    """The ratings of the store at `path`, computed again when its clubs_version has moved."""
    version = clubs_version(db)
    kept = _boards.get(path)
    if kept is not None and kept.version == version:
        return kept
    with _lock:
        baazis = stored_baazis(db)
        players, history = player_ratings_with_history(baazis)
        fresh = Board(version, players, partnership_ratings(baazis), history)
        _boards[path] = fresh
    return fresh


def rating_json(rating: Rating) -> dict[str, Any]:
    return {"ordinal": round(rating.ordinal, 2), "mu": round(rating.mu, 2), "sigma": round(rating.sigma, 2),
            "baazis": rating.baazis, "won": rating.won, "provisional": rating.provisional}
