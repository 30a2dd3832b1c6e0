"""The players list, a player's page, a partnership's page, and the administrator's changes."""
from __future__ import annotations

from collections.abc import Callable
from typing import Any

from flask import Blueprint, abort, current_app, flash, redirect, render_template, url_for
from werkzeug.wrappers import Response

from seeplog.clubs.players import PlayerChange

from ..db import get_db
from .forms import AdminForm, MergeForm, RenameForm, SplitForm
from .players_store import (AdminRefused, NoPlayer, check_admin, current_id, get_player, list_players,
                            merge_players, rename_player, split_alias)
from .views import leaderboard_json, partnership_data, partnership_slug, player_data

bp = Blueprint("clubs", __name__)


@bp.get("/players")
def players():
    return render_template("clubs/players.html", players=list_players(get_db()))


@bp.get("/players/<int:player_id>")
def player(player_id: int):
    db = get_db()
    try:
        now = current_id(db, player_id)
    except NoPlayer as e:
        abort(404, str(e))
    if now != player_id:
        return redirect(url_for("clubs.player", player_id=now), 301)
    data = player_data(db, get_player(db, player_id), current_app.config["DATABASE"])
    return render_template("clubs/player.html", p=data, merge=MergeForm(), rename=RenameForm(), split=SplitForm())


def parse_slug(slug: str) -> tuple[int, ...]:
    """A partnership's players from its URL part ("3-17"), each as the player it stands for now."""
    parts = slug.split("-")
    if not 1 <= len(parts) <= 2 or not all(p.isdigit() and len(p) < 12 for p in parts):
        abort(404, f"'{slug}' names no partnership: give one or two player numbers joined by '-' (3-17)")
    try:
        return tuple(sorted(current_id(get_db(), int(p)) for p in parts))
    except NoPlayer as e:
        abort(404, str(e))


@bp.get("/partnerships/<slug>")
def partnership(slug: str):
    players = parse_slug(slug)
    if partnership_slug(players) != slug:
        return redirect(url_for("clubs.partnership", slug=partnership_slug(players)), 301)
    return render_template("clubs/partnership.html", p=partnership_data(get_db(), players))


def admin_change(player_id: int, form: AdminForm, change: Callable[[], Any], done: str) -> Response:
    """Check the form and the token, make the change, and go to the player's page; a refusal says why."""
    back = url_for("clubs.player", player_id=player_id)
    if not form.validate():
        abort(400, "; ".join(m for ms in form.errors.values() for m in ms))
    db = get_db()
    try:
        check_admin(db, form.token.data)
        result = change()
    except AdminRefused as e:
        abort(403, str(e))
    except NoPlayer as e:
        abort(404, str(e))
    except PlayerChange as e:
        abort(400, str(e))
    flash(done.format(result=result), "ok")
    return redirect(url_for("clubs.player", player_id=result.id) if result else back, 303)


@bp.post("/players/<int:player_id>/merge")
def merge(player_id: int):
    form = MergeForm()
    return admin_change(player_id, form, lambda: merge_players(get_db(), player_id, form.into.data or 0),
                        "Merged: every name is now {result.name}'s.")


@bp.post("/players/<int:player_id>/rename")
def rename(player_id: int):
    form = RenameForm()
    return admin_change(player_id, form, lambda: rename_player(get_db(), player_id, form.name.data or ""),
                        "Renamed to {result.name}.")


@bp.post("/players/<int:player_id>/split")
def split(player_id: int):
    form = SplitForm()
    return admin_change(player_id, form, lambda: split_alias(get_db(), player_id, form.alias.data or ""),
                        "Split off: {result.name} is a player of its own.")


@bp.get("/leaderboard")
def leaderboard():
    return render_template("clubs/leaderboard.html", board=leaderboard_json(get_db(), current_app.config["DATABASE"]))
