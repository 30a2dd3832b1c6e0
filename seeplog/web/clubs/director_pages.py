"""The director's view of an event (`/events/<id>/director`, reached with the organiser link) and a table's
confirm page for the opponents (`/live/<id>/confirm`). Each token travels in the link's fragment, which
no request carries; the pages' scripts keep it and talk to the API (seeplog/web/clubs/director_api.py)."""
from __future__ import annotations

from flask import Blueprint, abort, render_template

from seeplog.refusals import NotFound

from ..db import get_db
from .confirm_store import confirmations_json
from .events_store import NoEvent, get_event

bp = Blueprint("director", __name__)
NO_STORE = {"Cache-Control": "no-store"}


@bp.get("/events/<int:event_id>/director")
def director_page(event_id: int):
    try:
        event = get_event(get_db(), event_id)
    except NoEvent as e:
        abort(404, str(e))
    return render_template("clubs/director.html", e=event), NO_STORE


@bp.get("/live/<int:game_id>/confirm")
def confirm_page(game_id: int):
    try:
        table = confirmations_json(get_db(), game_id)
    except NotFound as e:
        abort(404, str(e))
    return render_template("clubs/confirm.html", t=table), NO_STORE
