"""The keep-score page of a live game (`/live/<id>/keep`): the scorekeeper's phone page. The edit token
travels in the link's fragment, so the server never sees it; the page's script (ES modules under
static/keep/, entered by live-keep.js) keeps it and talks to the live API."""
from __future__ import annotations

import json
from pathlib import Path

from flask import Blueprint, render_template

from seeplog.ruleset import find_ruleset

from .keep_ahead import steps_ahead
from .live_board import follow_header
from .live_pages import stored_live

bp = Blueprint("live_keep", __name__)

MODULES = tuple(sorted(f"keep/{path.name}" for path in (Path(__file__).parent / "static" / "keep").glob("*.js")))
"""The page's modules, preloaded by the page so that a phone fetches them at once, not import by import."""


@bp.get("/live/<int:game_id>/keep")
def keep(game_id: int):
    stored = stored_live(game_id)
    doc = json.loads(stored.view)
    rules, header = find_ruleset(doc["variant"]), follow_header(doc)
    return render_template("live_keep.html", game_id=game_id, variant=rules.name, seats=rules.seats,
                           teams=rules.teams, names=header.names, title=header.title,
                           plays_per_deal=rules.plays_per_deal, is_open=stored.is_open,
                           ahead=steps_ahead(rules), modules=MODULES), \
        {"Cache-Control": "no-store"}  # its script shows the edit token from the fragment: no cache keeps the page
