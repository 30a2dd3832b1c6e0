"""The store's `flask` commands (init-db, rebuild-db, load-samples) and the rebuild they run: the one
module that needs the store, its games and its live games together."""
from __future__ import annotations

import click
import sqlite_utils
from flask import Flask, current_app
from flask.cli import with_appcontext

from seeplog.fingerprint import library_fingerprint

from .db import applied, init_db, writing
from .live_store import refresh_views
from .store import derive_again, load_samples, set_meta


def rebuild(db: sqlite_utils.Database) -> int:
    """Recompute every derived column and table from the stored text, in one transaction."""
    with writing(db):
        ids = [r["id"] for r in db.query("select id from games order by id")]
        for game_id in ids:
            derive_again(db, game_id)
        refresh_views(db)
        set_meta(db, "derived_with", library_fingerprint())
    return len(ids)


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
    db = init_db(current_app.config["DATABASE"])
    click.echo(f"Rebuilt {rebuild(db)} games from their raw text")
    db.close()


@click.command("load-samples")
@with_appcontext
def load_samples_command() -> None:
    """Store the sample games (those already stored are skipped)."""
    db = init_db(current_app.config["DATABASE"])
    click.echo(f"Stored {len(load_samples(db))} sample games")
    db.close()


def init_app(app: Flask) -> None:
    for command in (init_db_command, rebuild_db_command, load_samples_command):
        app.cli.add_command(command)
