"""The keep-score page of a live game (`/live/<id>/keep`): the scorekeeper's phone page. The edit token
travels in the link's fragment, so the server never sees it; the page's script (ES modules under
static/keep/, entered by live-keep.js) keeps it and talks to the live API. A service worker (static/keep-worker.js)
keeps the page and its files on the phone, so that a reload offline still shows it."""
from __future__ import annotations

from pathlib import Path

from flask import Blueprint, render_template, send_from_directory

from seeplog.ruleset import find_ruleset

from .ahead import steps_ahead
from .board import follow_header
from .pages import live_view
from .store import SEAT_TAGS

bp = Blueprint("live_keep", __name__)

STATIC = Path(__file__).parent.parent / "static"
MODULES = tuple(sorted(f"keep/{path.name}" for path in (STATIC / "keep").glob("*.js")))
"""The page's modules, preloaded by the page so that a phone fetches them at once, not import by import."""


@bp.get("/live/<int:game_id>/keep")
def keep(game_id: int):
    view = live_view(game_id)
    rules, header = find_ruleset(view.variant), follow_header(view)
    games = view.report["games"]
    tags = games[0]["tags"] if games else {}
    # No HTTP cache keeps the page its script fills with the edit token (the HTML holds none: the token is in the
    # link's fragment); the keep worker keeps a copy on the phone, for a reload offline.
    return render_template("live_keep.html", game_id=game_id, variant=rules.name, seats=rules.seats,
                           teams=rules.teams, names=header.names, title=header.title,
                           plays_per_deal=rules.plays_per_deal, is_open=view.state == "open",
                           ahead=steps_ahead(rules), modules=MODULES, tags=tags,
                           seat_tags=[(seat, SEAT_TAGS[seat]) for seat in rules.seats], finding_texts=True), \
        {"Cache-Control": "no-store"}


@bp.get("/live/keep-worker.js")
def worker():
    """The keep page's service worker, served under /live/ so that it may answer a keep page
    (/live/<id>/keep: a worker's scope is within the folder of its address)."""
    response = send_from_directory(STATIC, "keep-worker.js", mimetype="text/javascript", max_age=0)
    response.headers["Cache-Control"] = "no-cache"
    return response
