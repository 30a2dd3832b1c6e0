"""A name seen for the first time makes a player: the one write the games store asks of the clubs store."""
from __future__ import annotations

from collections.abc import Iterable
from datetime import datetime, timezone
from typing import Any

import sqlite_utils

from seeplog.clubs.players import display_name


def now() -> str:
    return datetime.now(timezone.utc).isoformat(timespec="seconds")


def link_players(db: sqlite_utils.Database, seat_rows: Iterable[dict[str, Any]]) -> None:
    """Give every name key of `seat_rows` (the derived `players` rows) a player, unless it has one
    (inside the caller's write transaction)."""
    for row in seat_rows:
        key = row["name_key"]
        if key is None or db.execute("select 1 from player_aliases where key = ?", [key]).fetchone():
            continue
        name = display_name(row["name"])
        cursor = db.execute("insert into club_players (name, created) values (?, ?)", [name, now()])
        db.execute("insert into player_aliases (key, name, player_id, origin) values (?, ?, ?, ?)",
                   [key, name, cursor.lastrowid, cursor.lastrowid])
