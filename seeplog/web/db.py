"""The store: a sqlite-utils Database per request on `g` (each thread keeps its connection from one request
to the next), and its migrations.

Several processes write at once (gunicorn workers): the store runs in WAL mode (readers never wait for
a writer), waits up to BUSY_TIMEOUT for the write lock, and every write takes that lock first
(`BEGIN IMMEDIATE`, see `writing`), so a write never fails half-way on a lock another process holds.
Writers queue for that lock in the kernel (`WriterTurn`), not in SQLite's busy handler, which sleeps
1, 2, 5, ... 100 ms between tries and lets a late writer pass a waiting one.
"""
from __future__ import annotations

import fcntl
import logging
import os
import sqlite3
import threading
from collections.abc import Callable, Iterator
from contextlib import contextmanager, nullcontext
from datetime import datetime, timezone
from pathlib import Path

import sqlite_utils
from flask import Flask, current_app, g

from seeplog.clubs.players import name_key

from .shipped import folder

MIGRATIONS = folder("migrations")


BEFORE_COMMIT: list[Callable[[sqlite_utils.Database], None]] = []
"""What runs as the last step of every write transaction (`writing`), inside it: the features register their
upkeep of rows derived from others here (the clubs' kept ratings), once per process."""


def before_commit(step: Callable[[sqlite_utils.Database], None]) -> None:
    """Run `step` as the last step of every write transaction (once, however often it is registered)."""
    if step not in BEFORE_COMMIT:
        BEFORE_COMMIT.append(step)


def run_before_commit(db: sqlite_utils.Database) -> None:
    """Each registered step in a savepoint of its own: one that fails is undone and logged, and the write it
    follows still commits (what it keeps is then brought up to date by a later write)."""
    for step in BEFORE_COMMIT:
        db.execute("SAVEPOINT upkeep")
        try:
            step(db)
        except Exception:
            db.execute("ROLLBACK TO upkeep")
            logging.getLogger(__name__).exception("upkeep after a write failed: %s", step.__qualname__)
        db.execute("RELEASE upkeep")


BUSY_TIMEOUT = 30.0
"""Seconds a write waits for another process's write to finish before it gives up."""


SYNCHRONOUS = os.environ.get("SEEPLOG_SYNCHRONOUS", "NORMAL").upper()
"""SQLite's `synchronous` for the store. NORMAL (in WAL mode): a commit does not wait for the disk (fsync
happens at checkpoints); the store stays consistent after any crash, and a process that fails loses
nothing, but a power cut or an OS crash may take back the last commits. FULL waits for the disk at every
commit (3.5 ms on the development machine's disk, inside the write lock: no more than ~280 commits a
second, whatever the cores)."""


class WriterTurn:
    """The store's writers in line: a thread lock within a process, then an exclusive `flock` on a file
    beside the store across processes. The kernel wakes the next waiter as soon as the lock is let go."""

    def __init__(self, path: str):
        self.path = path + "-writer"
        self.thread_lock = threading.Lock()

    @contextmanager
    def held(self) -> Iterator[None]:
        """The turn, for as long as the block runs. The file is opened at each turn (some 10 µs): no descriptor
        is kept, none is shared with a forked child (the lock belongs to the open file, not the process)."""
        if not self.thread_lock.acquire(timeout=BUSY_TIMEOUT):
            raise sqlite3.OperationalError("database is locked (waited for this process's other writer)")
        try:
            fd = os.open(self.path, os.O_RDWR | os.O_CREAT, 0o644)
            try:
                fcntl.flock(fd, fcntl.LOCK_EX)
                yield
            finally:
                os.close(fd)  # lets the lock go
        finally:
            self.thread_lock.release()


TURNS: dict[str, WriterTurn] = {}
_TURNS_LOCK = threading.Lock()


def writer_turn(path: str) -> WriterTurn | None:
    """The one `WriterTurn` of the store at `path` in this process (None for an in-memory store)."""
    if not path or path == ":memory:" or path.startswith("file:"):
        return None
    key = os.path.realpath(path)
    with _TURNS_LOCK:
        return TURNS.setdefault(key, WriterTurn(key))


class StoreConnection(sqlite3.Connection):
    """A connection that knows its store's writer line, and what waits for its write to commit."""

    turn: WriterTurn | None = None
    committed: list[Callable[[], object]] | None = None
    """The steps to run once the write transaction open on it (`writing`) has committed."""


def after_commit(db: sqlite_utils.Database, step: Callable[[], object]) -> None:
    """Run `step` once the write transaction `db` is in (`writing`) has committed and let the store's writer
    turn go; never, if it rolls back. Outside such a transaction, at once."""
    waiting = getattr(db.conn, "committed", None)
    if waiting is None:
        step()
    else:
        waiting.append(step)


def _run_committed(steps: list[Callable[[], object]]) -> None:
    """Each step after a commit; one that fails is logged (what was written stands)."""
    for step in steps:
        try:
            step()
        except Exception:
            logging.getLogger(__name__).exception("a step after a commit failed: %s", step)


def connect(path: str) -> sqlite_utils.Database:
    """A connection in autocommit mode: transactions are opened explicitly (`writing`, `atomic`)."""
    conn = sqlite3.connect(path, check_same_thread=False, timeout=BUSY_TIMEOUT, isolation_level=None,
                           factory=StoreConnection)
    conn.turn = writer_turn(path)
    conn.execute(f"PRAGMA busy_timeout = {int(BUSY_TIMEOUT * 1000)}")
    conn.execute("PRAGMA foreign_keys = ON")
    conn.create_function("seep_name_key", 1, name_key, deterministic=True)
    if conn.execute("PRAGMA journal_mode").fetchone()[0] != "wal":
        conn.execute("PRAGMA journal_mode = WAL")
    conn.execute(f"PRAGMA synchronous = {SYNCHRONOUS if SYNCHRONOUS in ('NORMAL', 'FULL', 'EXTRA') else 'FULL'}")
    return sqlite_utils.Database(conn)


@contextmanager
def writing(db: sqlite_utils.Database) -> Iterator[sqlite_utils.Database]:
    """One write transaction holding the write lock from its first statement (`BEGIN IMMEDIATE`).

    A deferred transaction that reads and then writes cannot wait for the lock (SQLite answers
    "database is locked" at once); this one waits up to BUSY_TIMEOUT at BEGIN, then reads what
    is committed, so checks made inside it still hold when it writes. Nested, it joins the outer one.
    """
    if db.conn.in_transaction:
        with db.atomic():
            yield db
        return
    conn = db.conn if isinstance(db.conn, StoreConnection) else None
    steps: list[Callable[[], object]] = []
    with conn.turn.held() if conn is not None and conn.turn is not None else nullcontext():
        db.execute("BEGIN IMMEDIATE")
        if conn is not None:
            conn.committed = steps
        try:
            yield db
        except BaseException:
            if db.conn.in_transaction:
                db.execute("ROLLBACK")
            raise
        finally:
            if conn is not None:
                conn.committed = None
        try:
            run_before_commit(db)
        finally:
            db.execute("COMMIT")
    _run_committed(steps)


KEPT = threading.local()
"""Each thread's connection, kept between its requests: opening one and reading the schema again costs
about a millisecond, a tenth of a busy player page (seeplog/web/clubs)."""


def kept_db(path: str) -> sqlite_utils.Database:
    """The thread's kept connection to `path` (made anew for another store, or while the kept one is in a
    transaction: a request within another's app context)."""
    kept = getattr(KEPT, "db", None)
    if kept is not None and KEPT.path == path:
        if not kept.conn.in_transaction:
            return kept  # type: ignore[no-any-return]
        return connect(path)
    if kept is not None:
        kept.close()
    KEPT.db, KEPT.path = connect(path), path
    return KEPT.db  # type: ignore[no-any-return]


def get_db() -> sqlite_utils.Database:
    """The request's database, opened on first use (the thread's kept connection)."""
    if "db" not in g:
        g.db = kept_db(current_app.config["DATABASE"])
    return g.db


def close_db(exc: BaseException | None = None) -> None:
    """The end of a request: its connection closed, or kept with no transaction left open."""
    db: sqlite_utils.Database | None = g.pop("db", None)
    if db is None:
        return
    kept = db is getattr(KEPT, "db", None)
    if not kept:
        db.close()
    elif db.conn.in_transaction:
        db.execute("ROLLBACK")


def applied(db: sqlite_utils.Database) -> list[str]:
    if "migrations" not in db.table_names():
        return []
    return [row["name"] for row in db.query("select name from migrations order by name")]


def migrate(db: sqlite_utils.Database, folder: Path = MIGRATIONS) -> list[str]:
    """Apply the migrations of `folder` not applied yet, in name order, each in one transaction.

    A migration is a `NNNN_name.sql` script; the `migrations` table records the ones applied,
    so stored games are kept from one version to the next.
    """
    new = []
    for script in sorted(folder.glob("*.sql")):
        if script.stem in applied(db):  # outside the lock: most starts have nothing to do
            continue
        sql = script.read_text(encoding="utf-8")
        keys_off = sql.startswith(FOREIGN_KEYS_OFF)
        if keys_off:  # only outside a transaction (sqlite ignores it inside one)
            db.execute("PRAGMA foreign_keys = OFF")
        try:
            if apply(db, script.stem, sql, check_keys=keys_off):
                new.append(script.stem)
        finally:
            if keys_off:
                db.execute("PRAGMA foreign_keys = ON")
    return new


FOREIGN_KEYS_OFF = "-- seeplog: foreign keys off"
"""The first line of a migration that makes a table again: foreign keys are off while it runs, so dropping
the old table deletes no row that refers to it, and every reference is checked before it commits."""


class BrokenReferences(RuntimeError):
    """A migration left rows that refer to no row."""


def apply(db: sqlite_utils.Database, name: str, sql: str, *, check_keys: bool) -> bool:
    """Run one migration in one transaction and record it; False when another process applied it first."""
    with writing(db):
        db.execute("create table if not exists migrations (name text primary key, applied text not null)")
        if name in applied(db):  # another process applied it while this one waited
            return False
        for statement in statements(sql):
            db.execute(statement)
        if check_keys:
            broken = db.execute("PRAGMA foreign_key_check").fetchall()
            if broken:
                raise BrokenReferences(f"migration {name} leaves {len(broken)} rows referring to no row: {broken[:3]}")
        now = datetime.now(timezone.utc).isoformat(timespec="seconds")
        db.execute("insert into migrations values (?, ?)", [name, now])
    return True


def statements(script: str) -> list[str]:
    """The SQL statements of a script, one by one (a script run whole would commit the open transaction)."""
    out, current = [], ""
    for part in script.split(";"):
        current += part + ";"
        if sqlite3.complete_statement(current):
            if current.strip(" \t\r\n;") and not _only_comments(current):
                out.append(current.strip())
            current = ""
    if current.strip(" \t\r\n;") and not _only_comments(current):
        out.append(current)
    return out


def _only_comments(sql: str) -> bool:
    return all(not line.strip() or line.strip().startswith("--") for line in sql.rstrip(";").splitlines())


def init_db(path: str) -> sqlite_utils.Database:
    """Open the store at `path`, creating or migrating it."""
    Path(path).parent.mkdir(parents=True, exist_ok=True)
    db = connect(path)
    migrate(db)
    return db


def init_app(app: Flask) -> None:
    app.teardown_appcontext(close_db)
