"""Ratings kept in the store: `rating_baazis` (the input), `rating_history` and `ratings` (derived from it by
the library's pure function, seeplog.clubs.ratings.rate_steps), brought up to date by each write.

Triggers note in `ratings_pending` the games whose rated baazis may have changed; `catch_up` runs as the last
step of every write transaction (seeplog.web.db.BEFORE_COMMIT): it reads those games' baazis again, and when
some changed it rates again from the first changed one, starting from the ratings kept just before it. A game
stored after the others (the usual case) rates only its own baazis. When more than INLINE_LIMIT baazis are to
be rated again (an old game corrected or deleted, a merge of players with many games) the work is done off the
request path (`run_off_request`, in a thread): `ratings_state.stale_from` says from where the kept ratings are
being made again, and the pages say so. Whatever the path, the tables are those rating every baazi from scratch
would give (tests/web/test_ratings_kept.py).
"""
from __future__ import annotations

import json
import logging
import sqlite3
import threading
import time
from collections import defaultdict
from collections.abc import Iterable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from typing import Any

import sqlite_utils

from seeplog.clubs.ratings import Baazi, Rating, Step, Who, rate_steps, slug
from seeplog.fingerprint import library_fingerprint

from ..db import connect, writing

Order = tuple[str, int, int, int]
"""(date, game_id, game, position): where a baazi stands in the order of play."""
FIRST: Order = ("", -1, 0, 0)
"""Before every baazi."""
ORDER = "(date, game_id, game, position)"
INLINE_LIMIT = 400
"""Baazis a write rates again itself (about 60 ms); more are rated again off the request path."""
MANY = 500
"""More logs noted than this: every log's baazis are read again (one query, not one parameter a log)."""
STALE_CLAIM = 120.0
"""Seconds after which a claim on the work off the request path is taken to be dead (its process gone)."""
log = logging.getLogger(__name__)

BAAZI_ROWS = """
select coalesce(t.value, g.date, '') as date, l.game_id, l.game, l.position, l.baazi
from ledger l join games g indexed by games_clubs on g.id = l.game_id
left join game_tags t on t.game_id = l.game_id and t.game = l.game and t.name = 'Date'
where l.baazi is not null {games}
"""

TEAM_ROWS = """
select p.game_id, p.game, p.team, a.player_id
from players p left join player_aliases a on a.key = p.name_key {games}
"""


def derive_baazis(db: sqlite_utils.Database, game_ids: list[int] | None) -> dict[Order, tuple[str, str]]:
    """The rated baazis of the logs `game_ids` (None: of every log): order -> (winner, loser), each team as
    its players' ids ("3-17"); a baazi of a team with a seat no tag names, or with a player twice, is not
    rated (seeplog.clubs.ratings.rated)."""
    marks = "" if game_ids is None else ",".join("?" * len(game_ids))
    args = [] if game_ids is None else game_ids
    teams: dict[tuple[int, int, str], list[int | None]] = defaultdict(list)
    for r in db.execute(TEAM_ROWS.format(games=f"where p.game_id in ({marks})" if marks else ""), args):
        teams[(r[0], r[1], r[2])].append(r[3])
    sides: dict[tuple[int, int], list[str]] = defaultdict(list)
    for game_id, game, team in teams:
        sides[(game_id, game)].append(team)
    out: dict[Order, tuple[str, str]] = {}
    for date, game_id, game, position, team in db.execute(
            BAAZI_ROWS.format(games=f"and l.game_id in ({marks})" if marks else ""), args):
        others = [t for t in sides[(game_id, game)] if t != team]
        if len(others) != 1:
            continue
        winner, loser = teams[(game_id, game, team)], teams[(game_id, game, others[0])]
        won, lost = named(winner), named(loser)
        if won and lost and len(set(won + lost)) == len(won) + len(lost):
            out[(date, game_id, game, position)] = (slug(won), slug(lost))
    return out


def named(players: list[int | None]) -> tuple[int, ...]:
    """A team's players in order; empty when a seat names no player (such a baazi is not rated)."""
    return () if None in players else tuple(sorted(p for p in players if p is not None))


def kept_baazis(db: sqlite_utils.Database, game_ids: list[int] | None) -> dict[Order, tuple[str, str]]:
    marks = "" if game_ids is None else f"where game_id in ({','.join('?' * len(game_ids))})"
    return {(r[0], r[1], r[2], r[3]): (r[4], r[5]) for r in db.execute(
        f"select date, game_id, game, position, winner, loser from rating_baazis {marks}", game_ids or [])}


def refresh_inputs(db: sqlite_utils.Database, game_ids: list[int] | None) -> Order | None:
    """Read the rated baazis of the logs `game_ids` (None: all) again into rating_baazis; the first order
    that changed (None when none did)."""
    old, new = kept_baazis(db, game_ids), derive_baazis(db, game_ids)
    gone = [k for k in old if old[k] != new.get(k)]
    came = [k for k in new if new[k] != old.get(k)]
    db.conn.executemany(f"delete from rating_baazis where {ORDER} = (?, ?, ?, ?)", gone)
    db.conn.executemany("insert into rating_baazis values (?, ?, ?, ?, ?, ?)", [(*k, *new[k]) for k in came])
    return min(gone + came, default=None)


@dataclass
class State:
    stale_from: Order | None
    moved_from: Order | None
    running_since: float | None
    derived_with: str | None
    version: int


def order_of(text: str | None) -> Order | None:
    return None if text is None else tuple(json.loads(text))  # type: ignore[return-value]


def state(db: sqlite_utils.Database) -> State:
    row = db.execute("select stale_from, moved_from, running_since, derived_with, version "
                     "from ratings_state").fetchone()
    return State(order_of(row[0]), order_of(row[1]), row[2], row[3], row[4])


def set_state(db: sqlite_utils.Database, **columns: Any) -> None:
    values = {k: json.dumps(v) if k.endswith("_from") and v is not None else v for k, v in columns.items()}
    db.execute(f"update ratings_state set {', '.join(f'{k} = ?' for k in values)}", list(values.values()))


def earlier(a: Order | None, b: Order | None) -> Order | None:
    return b if a is None else a if b is None else min(a, b)


def catch_up(db: sqlite_utils.Database, off_request: bool = True) -> None:
    """Bring the kept ratings up to date with the games noted in ratings_pending (inside the write
    transaction that noted them): rate again here what is short, ask for the rest off the request path (in a
    thread, unless `off_request` is False: the caller then does it)."""
    try:
        pending = db.execute("select distinct game_id from ratings_pending").fetchall()
    except sqlite3.OperationalError:  # a store not migrated this far yet
        return
    if not pending:
        return
    db.execute("delete from ratings_pending")
    ids = None if len(pending) > MANY or any(r[0] is None for r in pending) else [r[0] for r in pending]
    changed = refresh_inputs(db, ids)
    now = state(db)
    if now.derived_with != library_fingerprint():  # rated by another version of the library: all again
        set_state(db, derived_with=library_fingerprint())
        changed = FIRST
    if changed is None:
        return
    if now.stale_from is not None:  # being made again off the request path: it will take this up
        set_state(db, stale_from=earlier(now.stale_from, changed), moved_from=earlier(now.moved_from, changed))
        if off_request and not is_claimed(now):
            ask_off_request(db)
        return
    if to_rate(db, changed) <= INLINE_LIMIT:
        rate_from(db, changed)
        return
    set_state(db, stale_from=changed, moved_from=None)
    if off_request:
        ask_off_request(db)


def to_rate(db: sqlite_utils.Database, point: Order) -> int:
    """How many kept baazis stand at or after `point` (counted up to INLINE_LIMIT + 1)."""
    return int(db.execute(f"select count(*) from (select 1 from rating_baazis where {ORDER} >= (?, ?, ?, ?) "
                          "limit ?)", [*point, INLINE_LIMIT + 1]).fetchone()[0])


def rate_from(db: sqlite_utils.Database, point: Order) -> None:
    """Rate again every kept baazi from `point` on, here (inside a write transaction)."""
    put_steps(db, point, plan(db, point), None)


def team_of(text: str) -> tuple[int, ...]:
    return tuple(int(p) for p in text.split("-"))


def plan(db: sqlite_utils.Database, point: Order) -> list[Step]:
    """The steps of rating every kept baazi from `point` on, from the ratings kept just before it."""
    baazis = [Baazi((r[0], r[1], r[2], r[3]), team_of(r[4]), team_of(r[5])) for r in db.execute(
        f"select date, game_id, game, position, winner, loser from rating_baazis where {ORDER} >= (?, ?, ?, ?) "
        f"order by date, game_id, game, position", point)]
    whos: set[Who] = set()
    for b in baazis:
        whos |= {("player", (p,)) for p in b.winner + b.loser} | {("partnership", b.winner), ("partnership", b.loser)}
    start = {} if point == FIRST else dict(kept_before(db, whos, point))
    return rate_steps(baazis, start)


def kept_before(db: sqlite_utils.Database, whos: set[Who], point: Order) -> Iterable[tuple[Who, Rating]]:
    """Each one's rating kept after its last baazi before `point` (none for one with no baazi before it): by
    reading the history before `point` in order when it is short beside the number asked for (a point early in
    the order), else one look-up each."""
    fewer = 20 * len(whos)
    before = db.execute(f"select count(*) from (select 1 from rating_history where {ORDER} < (?, ?, ?, ?) "
                        "limit ?)", [*point, fewer]).fetchone()[0]
    if before < fewer:
        last: dict[Who, Rating] = {}
        for kind, who, mu, sigma, baazis, won in db.execute(
                f"select kind, who, mu, sigma, baazis, won from rating_history where {ORDER} < (?, ?, ?, ?) "
                "order by date, game_id, game, position", point):
            team = team_of(who)
            if (kind, team) in whos:
                last[(kind, team)] = Rating(team, mu, sigma, baazis, won)
        yield from last.items()
        return
    for kind, who in whos:
        row = db.execute(f"select mu, sigma, baazis, won from rating_history where kind = ? and who = ? and "
                         f"{ORDER} < (?, ?, ?, ?) order by date desc, game_id desc, game desc, position desc "
                         "limit 1", [kind, slug(who), *point]).fetchone()
        if row is not None:
            yield (kind, who), Rating(who, row[0], row[1], row[2], row[3])


def put_steps(db: sqlite_utils.Database, point: Order, steps: list[Step], until: Order | None) -> None:
    """Replace the history from `point` on by the steps before `until` (None: every step), and set each
    rating concerned to its last kept step (inside a write transaction)."""
    kept = [s for s in steps if until is None or s.order < until]
    if point == FIRST:
        affected = set()
        db.execute("delete from rating_history")
        db.execute("delete from ratings")
    else:
        affected = {(r[0], r[1]) for r in db.execute(  # by the order index (with distinct, sqlite scans the table)
            f"select kind, who from rating_history indexed by rating_history_order where {ORDER} >= (?, ?, ?, ?)",
            point)}
        db.execute(f"delete from rating_history where {ORDER} >= (?, ?, ?, ?)", point)
    db.conn.executemany("insert into rating_history values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                        [(s.kind, slug(r.who), *s.order, r.mu, r.sigma, r.baazis, r.won)
                         for s in kept for r in [s.rating]])
    last = {(s.kind, slug(s.rating.who)): s.rating for s in kept}
    for kind, who in affected - set(last):
        row = db.execute("select mu, sigma, baazis, won from rating_history where kind = ? and who = ? "
                         "order by date desc, game_id desc, game desc, position desc limit 1", [kind, who]).fetchone()
        if row is None:
            db.execute("delete from ratings where kind = ? and who = ?", [kind, who])
        else:
            db.execute(UPSERT, [kind, who, row[0], row[1], row[0] - 3 * row[1], row[2], row[3]])
    db.conn.executemany(UPSERT, [(kind, who, r.mu, r.sigma, r.ordinal, r.baazis, r.won)
                                 for (kind, who), r in last.items()])
    db.execute("update ratings_state set version = version + 1")


UPSERT = """insert into ratings values (?, ?, ?, ?, ?, ?, ?) on conflict (kind, who) do update set mu = excluded.mu,
sigma = excluded.sigma, ordinal = excluded.ordinal, baazis = excluded.baazis, won = excluded.won"""
"""A rating set (an update, not a delete and an insert: the triggers of rating_counts count each one once)."""


def db_path(db: sqlite_utils.Database) -> str:
    return str(db.execute("pragma database_list").fetchone()[2])


_here = threading.local()


@contextmanager
def no_thread() -> Iterator[None]:
    """Within it, long work is left noted (ratings_state.stale_from) for the caller or a later process, not
    started in a thread: a command that ends when it returns, a master process about to fork."""
    _here.no_thread = True
    try:
        yield
    finally:
        _here.no_thread = False


def ask_off_request(db: sqlite_utils.Database) -> None:
    """Start the work off the request path in a thread of this process (it waits for this write to end)."""
    if not getattr(_here, "no_thread", False):
        threading.Thread(target=run_off_request, args=(db_path(db),), name="ratings", daemon=True).start()


def is_claimed(now: State) -> bool:
    return (now.running_since or 0) > time.time() - STALE_CLAIM


def resume(path: str) -> None:
    """At a process's start: note every game when the ratings were made by another version of the library,
    and take up work off the request path that no live process holds."""
    db = connect(path)
    try:
        if state(db).derived_with != library_fingerprint():
            with writing(db):  # catch_up runs as it commits
                db.execute("insert into ratings_pending (game_id) values (null)")
        now = state(db)
        if now.stale_from is not None and not is_claimed(now):
            ask_off_request(db)
    finally:
        db.close()


def claim(db: sqlite_utils.Database) -> Order | None:
    """Take the work off the request path: the order to rate again from (None: nothing to do, or another
    process has it)."""
    with writing(db):
        now = state(db)
        if now.stale_from is None or is_claimed(now):
            return None
        set_state(db, running_since=time.time(), moved_from=None)
        return now.stale_from


def run_off_request(path: str) -> None:
    """Rate again from `ratings_state.stale_from`: the steps are worked out with no lock held, then written in
    one short write; what moved meanwhile is rated after it (here when short, else in one more round)."""
    db = connect(path)
    try:
        point = claim(db)
        while point is not None:
            db.execute("BEGIN")
            try:
                steps = plan(db, point)
            finally:
                db.execute("COMMIT")
            point = land(db, point, steps)
    except Exception:
        log.exception("the ratings could not be brought up to date")
        if db.conn.in_transaction:
            db.execute("ROLLBACK")
        with writing(db):
            set_state(db, running_since=None)
    finally:
        db.close()


def land(db: sqlite_utils.Database, point: Order, steps: list[Step]) -> Order | None:
    """Write the steps worked out from `point`, up to what moved meanwhile; the order to go on from (None:
    done)."""
    with writing(db):
        moved = state(db).moved_from
        put_steps(db, point, steps, moved)
        if moved is None or to_rate(db, moved) <= INLINE_LIMIT:
            if moved is not None:
                put_steps(db, moved, plan(db, moved), None)
            set_state(db, stale_from=None, moved_from=None, running_since=None)
            return None
        set_state(db, stale_from=moved, moved_from=None, running_since=time.time())
        return moved


def bring_up_to_date(db: sqlite_utils.Database) -> None:
    """Everything noted, rated now, here (the rebuild command, the tests, the bench): however long it takes."""
    with writing(db):
        catch_up(db, off_request=False)
    if state(db).stale_from is not None:
        with writing(db):
            set_state(db, running_since=None)
        run_off_request(db_path(db))


def recompute_all(db: sqlite_utils.Database) -> None:
    """Every rating from scratch, here."""
    with writing(db):
        refresh_inputs(db, None)
        db.execute("delete from ratings_pending")
        set_state(db, stale_from=FIRST, moved_from=None, running_since=None, derived_with=library_fingerprint())
    run_off_request(db_path(db))
