"""The director's view of an event (`/events/<id>/director`, reached with the organiser link) and a table's
confirm page for the opponents (`/live/<id>/confirm`). Each token travels in the link's fragment, which
no request carries; the pages' scripts keep it and talk to the API (seeplog/web/clubs/director_api.py)."""
from __future__ import annotations

from typing import Any

from flask import Blueprint, render_template
from flask_babel import gettext

from seeplog.clubs.confirmations import DealCheck
from seeplog.refusals import NotFound

from ..db import get_db
from .confirm_store import checks_of_table, confirmations_json, is_table
from .events_store import get_event

bp = Blueprint("director", __name__)
NO_STORE = {"Cache-Control": "no-store"}


MARKS = {"confirmed": "✓", "refused": "✗", "missing": "?"}


@bp.app_context_processor
def confirmation_marks() -> dict[str, Any]:
    """`deal_confirmations(game_id)` for the scoresheet: each scored deal's mark, by number ({} for a game
    that is no event's table); `is_event_table(game_id)` for the keep page, which asks for confirmations
    only at an event's table."""
    def marks(game_id: int) -> dict[int, dict[str, str | bool]]:
        try:
            found = checks_of_table(get_db(), game_id)
        except NotFound:
            return {}
        return {c.deal: {"status": c.status, "mark": MARKS[c.status], "title": check_title(c), "ruled": ruled(c)}
                for c in found}

    def is_event_table(game_id: int) -> bool:
        return is_table(get_db(), game_id)
    return {"deal_confirmations": marks, "is_event_table": is_event_table}


def ruled(check: DealCheck) -> bool:
    """Whether the deal's score stands by the director's ruling."""
    return check.status == "confirmed" and check.answer is not None and check.answer.via == "director"


def check_title(check: DealCheck) -> str:
    """What the deal's mark means, in the reader's language (a refusal with its reason, a ruling with its own)."""
    answer = check.answer
    if ruled(check) and answer:
        return gettext("the director ruled that this score stands: %(reason)s", reason=answer.reason)
    if check.status == "confirmed" and answer:
        return gettext("%(team)s confirmed this score", team=answer.team)
    if check.status == "refused" and answer:
        return gettext("%(team)s refused this score: %(reason)s", team=answer.team, reason=answer.reason)
    return gettext("corrected since the opponents' answer: waiting for it again") if check.changed else \
        gettext("waiting for the opponents' answer")


@bp.get("/events/<int:event_id>/director")
def director_page(event_id: int):
    """No such event answers the error page, 404 (the store's refusal; web/api/errors.STATUS)."""
    return render_template("clubs/director.html", e=get_event(get_db(), event_id), finding_texts=True), NO_STORE


@bp.get("/live/<int:game_id>/confirm")
def confirm_page(game_id: int):
    """No such live game, or one that is no event's table, answers the error page, 404."""
    return render_template("clubs/confirm.html", t=confirmations_json(get_db(), game_id), finding_texts=True), \
        NO_STORE
