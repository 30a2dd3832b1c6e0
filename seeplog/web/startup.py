"""What a start does to the store, safe when several workers start at once.

Migrations and the samples of a fresh store run under the store's write lock, each checked again once
the lock is held, so exactly one process does them. Re-deriving the tables after a library change
(another `seeplog.fingerprint`) never blocks a start: one process claims the job in the `meta` table and
does it in a background thread, a few games per transaction, and last the live games' stored views;
meanwhile the pages serve the tables as they were.
"""
from __future__ import annotations

import os
import threading
import time

import sqlite_utils

from seeplog.fingerprint import library_fingerprint

from .db import connect, migrate, writing
from .live.store import refresh_views
from .games.store import derive_again, load_samples, set_meta

BATCH = 25
"""Games re-derived per write transaction: uploads wait at most for one batch."""
LEASE = 60.0
"""Seconds after which a claim with no progress may be taken over (at once when its process is gone)."""


def meta(db: sqlite_utils.Database) -> dict[str, str]:
    return {r["key"]: r["value"] for r in db.query("select key, value from meta")}


def prepare(db: sqlite_utils.Database, *, samples: bool) -> None:
    """Migrate the store and, the first time, load the samples; each done once whatever the number of workers."""
    migrate(db)
    known = meta(db)
    if "derived_with" in known and (not samples or "samples_loaded" in known):
        return
    with writing(db):
        known = meta(db)
        empty = not db["games"].count
        if empty and "derived_with" not in known:
            set_meta(db, "derived_with", library_fingerprint())
        if samples and empty and "samples_loaded" not in known:
            load_samples(db)
            set_meta(db, "samples_loaded", "1")


def is_stale(db: sqlite_utils.Database) -> bool:
    """Whether the derived tables were made by another version of the library."""
    return meta(db).get("derived_with") != library_fingerprint()


def claim(db: sqlite_utils.Database, owner: str) -> bool:
    """Take the re-derive job, unless another live process holds it."""
    with writing(db):
        held = meta(db).get("rebuild_claim")
        if held:
            holder, _, beat = held.rpartition("@")
            if holder != owner and time.time() - float(beat) < LEASE and is_alive(holder):
                return False
        set_meta(db, "rebuild_claim", f"{owner}@{time.time()}")
        return True


def is_alive(owner: str) -> bool:
    """Whether the process of an owner ("pid:thread") still runs on this machine (a store is local)."""
    try:
        os.kill(int(owner.split(":")[0]), 0)
    except ProcessLookupError:
        return False
    except (ValueError, PermissionError):
        return True
    return True


def rebuild_stale(path: str, owner: str | None = None) -> int:
    """Re-derive every game made by another library version, BATCH games per transaction, then the live
    games' views that read them; how many games."""
    owner = owner or f"{os.getpid()}:{threading.get_ident()}"
    db = connect(path)
    done = 0
    try:
        if not is_stale(db) or not claim(db, owner):
            return 0
        version = library_fingerprint()
        while True:
            with writing(db):
                ids = [r["id"] for r in db.query(
                    "select id from games where derived_with is not ? order by id limit ?", [version, BATCH])]
                for game_id in ids:
                    derive_again(db, game_id)
                done += len(ids)
                set_meta(db, "rebuild_claim", f"{owner}@{time.time()}")
                if not ids:
                    refresh_views(db)
                    set_meta(db, "derived_with", version)
                    db.execute("delete from meta where key = 'rebuild_claim'")
                    return done
    finally:
        db.close()


def rebuild_in_background(path: str) -> threading.Thread | None:
    """Start re-deriving a stale store in a daemon thread; None when there is nothing to do."""
    db = connect(path)
    try:
        if not is_stale(db):
            return None
    finally:
        db.close()
    thread = threading.Thread(target=rebuild_stale, args=(path,), name="seeplog-rebuild", daemon=True)
    thread.start()
    return thread
