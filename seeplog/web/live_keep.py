"""The keep-score page of a live game (`/live/<id>/keep`): the scorekeeper's phone page. The edit token
travels in the link's fragment, so the server never sees it; the page's script keeps it and talks to the
live API (live-keep.js, its queue in live-queue.js)."""
from __future__ import annotations

import json

from flask import Blueprint, abort, render_template

from seeplog.ruleset import VARIANTS

from .db import get_db
from .live_store import load

bp = Blueprint("live_keep", __name__)


@bp.get("/live/<int:game_id>/keep")
def keep(game_id: int):
    stored = load(get_db(), game_id)
    if stored is None:
        abort(404, f"there is no live game {game_id}")
    doc = json.loads(stored.view)
    rules = VARIANTS[doc["variant"]]
    tags = doc["report"]["games"][0]["tags"] if doc["report"]["games"] else {}
    names = {seat: tags.get({"N": "North", "W": "West", "S": "South", "E": "East"}[seat], seat)
             for seat in rules.seats}
    return render_template("live_keep.html", game_id=game_id, variant=rules.name, seats=rules.seats,
                           teams=rules.teams, names=names, title=tags.get("Event") or f"Live game {game_id}",
                           plays_per_deal=rules.plays_per_deal, is_open=stored.is_open)
