"""Finding stored games: by player, event, date, variant, and whether they hold findings.

Every list query reads an index in list order and stops at the page (no scan of `games`, no sort):
see schema/migrations/0002_listing.sql and 0008_list_indexes.sql.
"""
from __future__ import annotations

import threading
from dataclasses import dataclass
from datetime import date
from typing import Any

import sqlite_utils

from .store import fold


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


@dataclass(frozen=True)
class Query:
    """The FROM, WHERE and ORDER BY of a list query: one table drives it, in list order, from an index."""

    source: str
    conditions: tuple[str, ...]
    params: tuple[Any, ...]
    order: str

    def page_sql(self, columns: str) -> tuple[str, list[Any]]:
        return (f"select {columns} from {self.source} where {self.where} order by {self.order} limit ? offset ?",
                list(self.params))

    def count_sql(self) -> tuple[str, list[Any]]:
        """The count reads the driving table alone when no condition is on games."""
        source = self.source if "games." in self.where else self.source.split(" join ")[0]
        return f"select count(*) as n from {source} where {self.where}", list(self.params)

    @property
    def where(self) -> str:
        return " and ".join(self.conditions) or "1"


TEXT_COLUMNS = {"q": "{players event site}", "player": "players", "event": "event"}
"""Which columns of games_text each text filter searches."""
TEXT_FIELDS = {"q": 7, "player": 1, "event": 2}
"""Which fields of games_grams each text filter searches (1 players, 2 event, 4 site)."""


def _phrase(text: str) -> str:
    return '"' + text.replace('"', '""') + '"'


@dataclass(frozen=True)
class TextSearch:
    """q, player and event as conditions: trigram matches on games_text (3 characters or more) and
    pieces of games_grams (1 or 2), each containing the text, case aside."""

    matches: tuple[str, ...]
    grams: tuple[tuple[str, int], ...]
    """(piece, fields) of each short text."""
    impossible: bool = False
    """A text no name holds (a NUL: FTS5 reads it as the query's end)."""

    def __bool__(self) -> bool:
        return bool(self.matches or self.grams or self.impossible)


def text_search(filters: Filters) -> TextSearch:
    """The text filters' search: a trigram phrase for 3 characters or more, a piece of games_grams for fewer."""
    matches, grams, impossible = [], [], False
    for name, columns in TEXT_COLUMNS.items():
        text = getattr(filters, name)
        if not text:
            continue
        if "\x00" in text:
            impossible = True
        elif len(text) >= 3:
            matches.append(f"{columns} : {_phrase(text)}")
        else:
            grams.append((fold(text), TEXT_FIELDS[name]))
    return TextSearch(tuple(matches), tuple(grams), impossible)


def text_source(search: TextSearch) -> tuple[str, str, list[str], list[Any]]:
    """The driving table of a text search (the trigram index, else the first short piece's key range),
    its rank column, and the conditions with their parameters."""
    conditions: list[str] = ["0"] if search.impossible else []
    params: list[Any] = []
    grams = list(search.grams)
    if search.matches:
        source, rank = "games_text t join games on games.rank = t.rowid", "t.rowid"
        conditions.insert(0, "games_text match ?")
        params.append(" and ".join(search.matches))
    else:
        gram, fields = grams.pop(0)
        source, rank = "games_grams t join games on games.rank = t.rank", "t.rank"
        conditions = ["t.gram = ?", "t.fields & ?", *conditions]
        params += [gram, fields]
    for gram, fields in grams:
        conditions.append(f"exists (select 1 from games_grams s where s.gram = ? and s.rank = {rank} "
                          f"and s.fields & ?)")
        params += [gram, fields]
    return source, rank, conditions, params


def day_rank(day: str, end: bool = False) -> int:
    """The smallest rank of a YYYY-MM-DD day (of the day after, for `end`): see store.rank_of.

    A day past its month's end counts on into the next month, as SQLite's date() does.
    """
    year, month, number = (int(part) for part in day.split("-"))
    first = date(min(max(year, 1), 9999), min(max(month, 1), 12), 1).toordinal()
    return (first + min(max(number, 1), 31) - 1 + end) << 32


def build(filters: Filters) -> Query:
    """The list query for the filters: driven by the text index, the variants table or the rank index."""
    conditions: list[str] = []
    params: list[Any] = []
    search = text_search(filters)
    if search:
        if search.impossible and not (search.matches or search.grams):
            search = TextSearch((), (("", 7),), True)  # drive from any table: nothing matches
        source, rank, conditions, params = text_source(search)
    elif filters.variant:
        source, rank = "game_variants v join games on games.id = v.game_id", "v.rank"
        conditions.append("v.variant = ?")
        params.append(filters.variant)
    else:
        source, rank = "games", "games.rank"
    if filters.variant and search:
        conditions.append("exists (select 1 from game_variants v where v.variant = ? and v.rank = games.rank)")
        params.append(filters.variant)
    if filters.date_from:
        conditions.append(f"{rank} >= ?")
        params.append(day_rank(filters.date_from))
    if filters.date_to:
        conditions.append(f"{rank} < ?")
        params.append(day_rank(filters.date_to, end=True))
    if filters.date_from or filters.date_to:
        conditions.append("games.dated")
    if filters.flagged:
        conditions.append("games.status > 0")
    return Query(source, tuple(conditions), tuple(params), f"{rank} desc")


LIVE = "(select state from live_games l where l.game_id = games.id) as live"
"""A live game's state ('open' or 'closed'); NULL for an uploaded log."""
COLUMNS = ("id, filename, uploaded, tags, variant, event, site, date, players, game_count, deal_count, "
           "violation_count, error_count, status, result, hash, format")


def find_games(db: sqlite_utils.Database, filters: Filters) -> tuple[list[dict[str, Any]], int]:
    """One page of the games that match, newest first (by Date tag, else upload day), and how many match."""
    query = build(filters)
    total = counted(db, *query.count_sql())
    sql, params = query.page_sql(", ".join(f"games.{c.strip()}" for c in COLUMNS.split(",")) + f", {LIVE}")
    offset = (filters.page - 1) * filters.per_page
    rows = list(db.query(sql, params + [filters.per_page, offset]))
    return rows, total


COUNTS_KEPT = 1024
"""Counts a process keeps (a filter's count is about 200 bytes with its key)."""


class Counts:
    """The count of each list query of each store file, kept with the store's games_version
    (schema/migrations/0013) it was made at: a filter asked again (its next page, another reader) counts
    again only when a game changed."""

    def __init__(self) -> None:
        self._kept: dict[tuple[str, str, tuple[Any, ...]], tuple[int, int]] = {}
        self._lock = threading.Lock()

    def get(self, key: tuple[str, str, tuple[Any, ...]], version: int) -> int | None:
        kept = self._kept.get(key)
        return kept[1] if kept is not None and kept[0] == version else None

    def put(self, key: tuple[str, str, tuple[Any, ...]], version: int, count: int) -> None:
        with self._lock:
            if len(self._kept) >= COUNTS_KEPT and key not in self._kept:
                del self._kept[next(iter(self._kept))]  # the oldest kept
            self._kept[key] = (version, count)


COUNTS = Counts()


def store_version(db: sqlite_utils.Database) -> tuple[int, str]:
    """The store's games_version and its file: together they name the state of its games."""
    version, store = db.execute("select version, (select file from pragma_database_list where name = 'main') "
                                "from games_version").fetchone()
    return int(version), str(store)


def counted(db: sqlite_utils.Database, sql: str, params: list[Any]) -> int:
    """The count `sql` answers, kept in COUNTS. The version is read before the count: a game stored between
    the two makes the kept count one of a version already past, counted again next time (never the other
    way round)."""
    version, store = store_version(db)
    key = (store, sql, tuple(params))
    count = COUNTS.get(key, version)
    if count is None:
        count = db.execute(sql, params).fetchone()[0]
        COUNTS.put(key, version, count)
    return int(count)


def get_game(db: sqlite_utils.Database, game_id: int) -> dict[str, Any] | None:
    rows = list(db.query(f"select *, {LIVE} from games where id = ?", [game_id]))
    return rows[0] if rows else None


def variants_stored(db: sqlite_utils.Database) -> list[str]:
    return [r["variant"] for r in db.query("select distinct variant from games order by variant")]
