"""The keep-score page of a live game (`/live/<id>/keep`): the scorekeeper's phone page. The edit token
travels in the link's fragment, so the server never sees it; the page's script (ES modules under
static/keep/, entered by live-keep.js) keeps it and talks to the live API."""
from __future__ import annotations

from pathlib import Path

from flask import Blueprint, render_template

from seeplog.ruleset import find_ruleset

from .ahead import steps_ahead
from .board import follow_header
from .pages import live_view
from .store import SEAT_TAGS

bp = Blueprint("live_keep", __name__)

MODULES = tuple(sorted(f"keep/{path.name}" for path in (Path(__file__).parent.parent / "static" / "keep").glob("*.js")))
"""The page's modules, preloaded by the page so that a phone fetches them at once, not import by import."""


@bp.get("/live/<int:game_id>/keep")
def keep(game_id: int):
    view = live_view(game_id)
    rules, header = find_ruleset(view.variant), follow_header(view)
    games = view.report["games"]
    tags = games[0]["tags"] if games else {}
    return render_template("live_keep.html", game_id=game_id, variant=rules.name, seats=rules.seats,
                           teams=rules.teams, names=header.names, title=header.title,
                           plays_per_deal=rules.plays_per_deal, is_open=view.state == "open",
                           ahead=steps_ahead(rules), modules=MODULES, tags=tags,
                           seat_tags=[(seat, SEAT_TAGS[seat]) for seat in rules.seats], finding_texts=True), \
        {"Cache-Control": "no-store"}  # its script shows the edit token from the fragment: no cache keeps the page
