"""The organiser's forms on an event page beyond the next round: a round entered by hand, an uploaded game
attached as a table or detached from it. Each checks the organiser token; a refusal answers its 4xx and changes
nothing."""
from __future__ import annotations

from flask import Blueprint, flash, redirect, url_for

from ..catalog import gettext, ngettext
from ..db import get_db
from .event_attach import attach_game, detach_game
from .event_rounds import hand_round
from .forms import AttachForm, DetachForm, HandRoundForm
from .pages import organiser, played_tables, round_made

bp = Blueprint("event_organise", __name__)


@bp.post("/events/<int:event_id>/rounds/by-hand")
def by_hand(event_id: int):
    form = HandRoundForm()
    token = organiser(event_id, form)
    number, tables = hand_round(get_db(), event_id, token, form.pairs())
    made = ngettext("Round %(round)s entered by hand: %(num)s table.",
                    "Round %(round)s entered by hand: %(num)s tables.", played_tables(tables), round=number)
    return round_made(event_id, tables, made)


@bp.post("/events/<int:event_id>/games")
def attach(event_id: int):
    form = AttachForm()
    organiser(event_id, form)
    table = attach_game(get_db(), event_id, form.game.data or 0, form.round.data or None)
    flash(gettext("Game %(game)s is table %(table)s of round %(round)s: partnership %(a)s v %(b)s.",
                  game=table["game_id"], table=table["number"], round=table["round"], a=table["pair_a"],
                  b=table["pair_b"]), "ok")
    return redirect(url_for("clubs.event", event_id=event_id), 303)


@bp.post("/events/<int:event_id>/games/detach")
def detach(event_id: int):
    form = DetachForm()
    organiser(event_id, form)
    table = detach_game(get_db(), event_id, form.game.data or 0)
    flash(gettext("Game %(game)s is no longer table %(table)s of round %(round)s: partnerships %(a)s and %(b)s may "
                  "have a place in that round again.", game=table["game_id"], table=table["number"],
                  round=table["round"], a=table["pair_a"], b=table["pair_b"]), "ok")
    return redirect(url_for("clubs.event", event_id=event_id), 303)
