"""The organiser's forms on an event page beyond the next round: a round entered by hand, an uploaded game attached as
a table or detached from it, a partnership withdrawn or reinstated. Each checks the organiser token; a refused form
comes back on the event page, saying why, with its 4xx, and changes nothing."""
from __future__ import annotations

from collections.abc import Callable
from typing import Any

from flask import Blueprint, flash, redirect, url_for
from flask_babel import lazy_gettext as _l
from flask_wtf.csrf import CSRFError
from werkzeug.wrappers import Response as WerkzeugResponse

from ..catalog import gettext
from ..db import get_db
from .event_attach import attach_game, detach_game
from .event_rounds import hand_round
from .event_withdrawals import reinstate as reinstate_pair, withdraw as withdraw_pair
from .events_view import pair_name
from .pages import organiser_change, round_made, unchecked_form

bp = Blueprint("event_organise", __name__)
bp.register_error_handler(CSRFError, unchecked_form)  # a form whose check code expired: the event page again


@bp.post("/events/<int:event_id>/rounds/by-hand")
def by_hand(event_id: int):
    return organiser_change(event_id, "hand", lambda form, token: round_made(
        event_id, *hand_round(get_db(), event_id, token, form.pairs()), by_hand=True))


@bp.post("/events/<int:event_id>/games")
def attach(event_id: int):
    return organiser_change(event_id, "attach", lambda form, token: attached(
        event_id, attach_game(get_db(), event_id, form.game.data or 0, form.round.data or None)))


def attached(event_id: int, table: dict[str, Any]) -> WerkzeugResponse:
    flash(gettext("Game %(game)s is table %(table)s of round %(round)s: partnership %(a)s v %(b)s.",
                  game=table["game_id"], table=table["number"], round=table["round"], a=table["pair_a"],
                  b=table["pair_b"]), "ok")
    return redirect(url_for("clubs.event", event_id=event_id), 303)


@bp.post("/events/<int:event_id>/games/detach")
def detach(event_id: int):
    return organiser_change(event_id, "detach", lambda form, token: detached(
        event_id, detach_game(get_db(), event_id, form.game.data or 0)))


def detached(event_id: int, table: dict[str, Any]) -> WerkzeugResponse:
    flash(gettext("Game %(game)s is no longer table %(table)s of round %(round)s: partnerships %(a)s and %(b)s may "
                  "have a place in that round again.", game=table["game_id"], table=table["number"],
                  round=table["round"], a=table["pair_a"], b=table["pair_b"]), "ok")
    return redirect(url_for("clubs.event", event_id=event_id), 303)


@bp.post("/events/<int:event_id>/partnerships/withdraw")
def withdraw(event_id: int):
    return pair_change(event_id, "withdraw", withdraw_pair,
                       _l("Partnership %(number)s (%(name)s) is withdrawn from round %(round)s: the rounds made from "
                          "now on pair it no more, and its results stand."))


@bp.post("/events/<int:event_id>/partnerships/reinstate")
def reinstate(event_id: int):
    return pair_change(event_id, "reinstate", reinstate_pair,
                       _l("Partnership %(number)s (%(name)s) is reinstated: the rounds made from now on pair it "
                          "again."))


def pair_change(event_id: int, key: str, change: Callable[[Any, int, int], int], done: Any) -> Any:
    """The organiser's form of `key` (withdraw, reinstate) checked, `change` made to the partnership it chose, and
    back to the event page saying `done` (its number, name, and the first round the change holds for)."""
    def changed(form: Any, token: str) -> WerkzeugResponse:
        pair = form.pair.data or 0
        first = change(get_db(), event_id, pair)
        flash(str(done) % {"number": pair, "name": pair_name(get_db(), event_id, pair), "round": first}, "ok")
        return redirect(url_for("clubs.event", event_id=event_id), 303)
    return organiser_change(event_id, key, changed)
