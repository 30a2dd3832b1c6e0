"""The store's `flask` commands (init-db, rebuild-db, load-samples) and the rebuild they run: the one
module that needs the store, its games and its live games together."""
from __future__ import annotations

from collections.abc import Callable

import click
import sqlite_utils
from flask import Flask, current_app
from flask.cli import with_appcontext

from seeplog.fingerprint import library_fingerprint

from .clubs.players_store import issue_admin_token
from .clubs.ratings_store import bring_up_to_date, no_thread
from .db import applied, init_db, writing
from .live.store import refresh_views
from .games.store import derive_again, load_samples, set_meta
from .games.manage import remove_samples


def rebuild(db: sqlite_utils.Database) -> int:
    """Recompute every derived column and table from the stored text, in one transaction; then the kept
    ratings."""
    with no_thread():
        with writing(db):
            ids = [r["id"] for r in db.query("select id from games order by id")]
            for game_id in ids:
                derive_again(db, game_id)
            refresh_views(db)
            set_meta(db, "derived_with", library_fingerprint())
        bring_up_to_date(db)
    return len(ids)


def store_command(name: str, what: Callable[[sqlite_utils.Database], str]) -> click.Command:
    """A command that opens the store (brought up to the latest schema), says what `what` did, and closes it."""
    @click.command(name, help=what.__doc__)
    @with_appcontext
    def command() -> None:
        db = init_db(current_app.config["DATABASE"])
        try:
            click.echo(what(db))
        finally:
            db.close()
    return command


def _ready(db: sqlite_utils.Database) -> str:
    """Create the store, or bring it up to the latest schema."""
    return f"Store ready: {current_app.config['DATABASE']} ({', '.join(applied(db))})"


def _rebuilt(db: sqlite_utils.Database) -> str:
    """Recompute every derived table from the stored raw logs."""
    return f"Rebuilt {rebuild(db)} games from their raw text"


def _loaded(db: sqlite_utils.Database) -> str:
    """Store the sample games (those already stored are skipped)."""
    return f"Stored {len(load_samples(db))} sample games"


def _removed(db: sqlite_utils.Database) -> str:
    """Delete the sample games (a club's store, once it has games of its own); they are not loaded again."""
    gone = remove_samples(db)
    return f"Deleted {len(gone)} sample games" + (f" (#{', #'.join(map(str, gone))})" if gone else "")


init_db_command = store_command("init-db", _ready)
rebuild_db_command = store_command("rebuild-db", _rebuilt)
load_samples_command = store_command("load-samples", _loaded)
remove_samples_command = store_command("remove-samples", _removed)


@click.command("admin-token")
@with_appcontext
def admin_token_command() -> None:
    """Make an administrator token (players: merge, rename, split); shown once, stored only as a hash."""
    db = init_db(current_app.config["DATABASE"])
    click.echo(issue_admin_token(db))
    click.echo("An administrator token: shown only now and stored only as a hash; keep it somewhere safe.", err=True)
    db.close()


def init_app(app: Flask) -> None:
    for command in (init_db_command, rebuild_db_command, load_samples_command, remove_samples_command,
                    admin_token_command):
        app.cli.add_command(command)
