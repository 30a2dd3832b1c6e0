"""The store: a sqlite-utils Database per request on `g`, its migrations, and the db commands."""
from __future__ import annotations

import sqlite3
from datetime import datetime, timezone
from pathlib import Path

import click
import sqlite_utils
from flask import Flask, current_app, g
from flask.cli import with_appcontext

MIGRATIONS = Path(__file__).resolve().parents[2] / "schema" / "migrations"


def connect(path: str) -> sqlite_utils.Database:
    conn = sqlite3.connect(path, check_same_thread=False, timeout=10)
    conn.execute("PRAGMA foreign_keys = ON")
    return sqlite_utils.Database(conn)


def get_db() -> sqlite_utils.Database:
    """The request's database, opened on first use."""
    if "db" not in g:
        g.db = connect(current_app.config["DATABASE"])
    return g.db


def close_db(exc: BaseException | None = None) -> None:
    db = g.pop("db", None)
    if db is not None:
        db.close()


def applied(db: sqlite_utils.Database) -> list[str]:
    if "migrations" not in db.table_names():
        return []
    return [row["name"] for row in db.query("select name from migrations order by name")]


def migrate(db: sqlite_utils.Database, folder: Path = MIGRATIONS) -> list[str]:
    """Apply the migrations of `folder` not applied yet, in name order, each in one transaction.

    A migration is a `NNNN_name.sql` script; the `migrations` table records the ones applied,
    so stored games are kept from one version to the next.
    """
    db.execute("create table if not exists migrations (name text primary key, applied text not null)")
    done = set(applied(db))
    new = []
    for script in sorted(folder.glob("*.sql")):
        if script.stem in done:
            continue
        now = datetime.now(timezone.utc).isoformat(timespec="seconds")
        body = script.read_text(encoding="utf-8")
        try:
            db.conn.executescript(f"BEGIN;\n{body}\n;INSERT INTO migrations VALUES ('{script.stem}', '{now}');\nCOMMIT;")
        except sqlite3.Error:
            if db.conn.in_transaction:
                db.conn.execute("ROLLBACK")
            raise
        new.append(script.stem)
    return new


def init_db(path: str) -> sqlite_utils.Database:
    """Open the store at `path`, creating or migrating it."""
    Path(path).parent.mkdir(parents=True, exist_ok=True)
    db = connect(path)
    migrate(db)
    return db


@click.command("init-db")
@with_appcontext
def init_db_command() -> None:
    """Create the store, or bring it up to the latest schema."""
    db = init_db(current_app.config["DATABASE"])
    click.echo(f"Store ready: {current_app.config['DATABASE']} ({', '.join(applied(db))})")
    db.close()


@click.command("rebuild-db")
@with_appcontext
def rebuild_db_command() -> None:
    """Recompute every derived table from the stored raw logs."""
    from .store import rebuild
    db = init_db(current_app.config["DATABASE"])
    click.echo(f"Rebuilt {rebuild(db)} games from their raw text")
    db.close()


@click.command("load-samples")
@with_appcontext
def load_samples_command() -> None:
    """Store the sample games (those already stored are skipped)."""
    from .store import load_samples
    db = init_db(current_app.config["DATABASE"])
    click.echo(f"Stored {len(load_samples(db))} sample games")
    db.close()


def init_app(app: Flask) -> None:
    app.teardown_appcontext(close_db)
    app.cli.add_command(init_db_command)
    app.cli.add_command(rebuild_db_command)
    app.cli.add_command(load_samples_command)
