"""Finding stored games: by player, event, date, variant, and whether they hold findings."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import sqlite_utils


@dataclass(frozen=True)
class Filters:
    q: str | None = None
    """Any player, event or site containing this text."""
    player: str | None = None
    event: str | None = None
    variant: str | None = None
    date_from: str | None = None
    date_to: str | None = None
    flagged: bool = False
    """Only games with violations or errors."""
    page: int = 1
    per_page: int = 20

    def is_set(self) -> bool:
        return any((self.q, self.player, self.event, self.variant, self.date_from, self.date_to, self.flagged))


def _like(text: str) -> str:
    return "%" + text.replace("\\", "\\\\").replace("%", "\\%").replace("_", "\\_") + "%"


def where(filters: Filters) -> tuple[str, list[Any]]:
    """The SQL condition on `games` for the filters, with its parameters."""
    clauses, params = [], []
    if filters.q:
        clauses.append("(exists (select 1 from players p where p.game_id = games.id and p.name like ? escape '\\')"
                       " or exists (select 1 from game_tags t where t.game_id = games.id"
                       " and t.name in ('Event', 'Site') and t.value like ? escape '\\'))")
        params += [_like(filters.q)] * 2
    if filters.player:
        clauses.append("exists (select 1 from players p where p.game_id = games.id and p.name like ? escape '\\')")
        params.append(_like(filters.player))
    if filters.event:
        clauses.append("exists (select 1 from game_tags t where t.game_id = games.id and t.name = 'Event'"
                       " and t.value like ? escape '\\')")
        params.append(_like(filters.event))
    if filters.variant:
        clauses.append("(games.variant = ? or exists (select 1 from game_tags t where t.game_id = games.id"
                       " and t.name = 'Variant' and t.value = ?))")
        params += [filters.variant] * 2
    for op, value in ((">=", filters.date_from), ("<=", filters.date_to)):
        if value:
            clauses.append(f"exists (select 1 from game_tags t where t.game_id = games.id and t.name = 'Date'"
                           f" and t.value {op} ?)")
            params.append(value)
    if filters.flagged:
        clauses.append("exists (select 1 from violations v where v.game_id = games.id)")
    return " and ".join(clauses) or "1", params


LIVE = "(select state from live_games l where l.game_id = games.id) as live"
"""A live game's state ('open' or 'closed'); NULL for an uploaded log."""
COLUMNS = ("id, filename, uploaded, tags, variant, event, site, date, players, game_count, deal_count, "
           f"violation_count, error_count, status, result, hash, format, {LIVE}")


def find_games(db: sqlite_utils.Database, filters: Filters) -> tuple[list[dict[str, Any]], int]:
    """One page of the games that match, newest game date first, and how many match in all."""
    condition, params = where(filters)
    total = next(db.query(f"select count(*) as n from games where {condition}", params))["n"]
    offset = (filters.page - 1) * filters.per_page
    rows = list(db.query(f"select {COLUMNS} from games where {condition} "
                         "order by coalesce(date, substr(uploaded, 1, 10)) desc, id desc limit ? offset ?",
                         params + [filters.per_page, offset]))
    return rows, total


def get_game(db: sqlite_utils.Database, game_id: int) -> dict[str, Any] | None:
    rows = list(db.query(f"select *, {LIVE} from games where id = ?", [game_id]))
    return rows[0] if rows else None


def variants_stored(db: sqlite_utils.Database) -> list[str]:
    return [r["variant"] for r in db.query("select distinct variant from games order by variant")]
