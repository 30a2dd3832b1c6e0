"""What the clubs pages read of the games' derived rows beside the seat records: players' names, a stored
log's seats and the players they stand for."""
from __future__ import annotations

from collections import defaultdict
from typing import Any

import sqlite_utils


SEAT_KEYS = ("game_id", "game", "seat", "team", "name", "player_id", "player_name", "date", "variant", "deals")


def player_names(db: sqlite_utils.Database, ids: set[int]) -> dict[int, str]:
    if not ids:
        return {}
    marks = ",".join("?" * len(ids))
    return dict(db.execute(f"select id, name from club_players where id in ({marks})", sorted(ids)).fetchall())


SEAT_ORDER = "case p.seat when 'N' then 0 when 'W' then 1 when 'S' then 2 else 3 end"


def seat_links(db: sqlite_utils.Database, game_id: int) -> dict[tuple[int, str], list[dict[str, Any]]]:
    """A stored log's seats by (game number, team), in the order of play: each name as written and the
    player it stands for now (None for a seat no tag names)."""
    out: dict[tuple[int, str], list[dict[str, Any]]] = defaultdict(list)
    for r in db.query(f"select p.game, p.team, p.name, a.player_id from players p left join player_aliases a "
                      f"on a.key = p.name_key where p.game_id = ? order by p.game, {SEAT_ORDER}", [game_id]):
        out[(r["game"], r["team"])].append(r)
    return out
