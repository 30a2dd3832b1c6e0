"""The events API's tables: a round entered by hand, an uploaded game attached as a table (or detached), a
partnership withdrawn (or reinstated), the standings."""
from __future__ import annotations

from typing import Any

from flask import url_for

from seeplog.said import Said

from ..api.jsonbody import Blueprint
from ..api.guards import same_origin_only
from ..db import get_db
from ..api.errors import refusals
from .event_attach import attach_game, detach_game
from .event_rounds import hand_round, pairing_preview
from .event_schemas import (AttachSchema, AttachedSchema, HandRoundSchema, NewRoundSchema, PairingPreviewSchema,
                            StandingsSchema, WithdrawSchema, WithdrawalSchema)
from .event_withdrawals import reinstate, withdraw
from .events_api import NO_STORE, ORGANISER_REFUSALS, organiser
from .events_store import get_event
from .events_view import event_json, pair_name, round_json

blp = Blueprint("event_tables_api", __name__, url_prefix="/api/events",
                description="Events: the next round's pairing, rounds entered by hand, uploaded games attached as "
                            "tables (and detached), partnerships withdrawn (and reinstated), standings")
blp.before_request(same_origin_only)


def organiser_checked(event_id: int) -> str:
    """The request's organiser token once checked (404 for no event, 401 without a token, 403 another)."""
    get_event(get_db(), event_id)
    return organiser(event_id)


@blp.post("/<int:event_id>/rounds/by-hand")
@blp.arguments(HandRoundSchema, error_status_code=400)
@blp.response(201, NewRoundSchema, description="the round's tables: each a live game, its keep link shown once")
@refusals(blp, {400: "a table names no partnership of the event, or one twice, or more than one partnership is left "
                     "without a table", **ORGANISER_REFUSALS,
                404: "no such event"})
def by_hand(args: dict[str, Any], event_id: int):
    """Enter the next round's tables by hand (organiser token): name each table's two partnerships (the first
    sits North–South). A partnership left out has a bye (at most one, when their number is odd); a rematch is
    the organiser's choice."""
    token = organiser_checked(event_id)
    tables = [(t["pair_a"], t["pair_b"]) for t in args["tables"]]
    number, made = hand_round(get_db(), event_id, token, tables)
    return round_json(number, made), 201, NO_STORE


@blp.get("/<int:event_id>/pairings/next")
@blp.no_query()
@blp.response(200, PairingPreviewSchema)
@refusals(blp, {404: "no such event", 409: "the next round cannot be paired (as making it would say)"})
def next_pairing(args: dict[str, Any], event_id: int):
    """What the next round would pair as the event's format pairs it (round-robin, or Swiss by the standings
    with no rematch), without making it: its tables and its bye. Making it (`POST .../rounds`) pairs the same
    while nothing changes meanwhile."""
    return pairing_preview(get_db(), event_id)


@blp.post("/<int:event_id>/games")
@blp.arguments(AttachSchema, error_status_code=400)
@blp.response(201, AttachedSchema, description="the game is a table of the round; the standings count it")
@refusals(blp, {400: "the game is not one game of the event's variant between two of its partnerships, or the round "
                     "does not follow the event's rounds", **ORGANISER_REFUSALS, 404: "no such event, or no such game",
                409: "the game is a table of this event or another already, or a partnership has a place in that "
                     "round"})
def attach(args: dict[str, Any], event_id: int):
    """Attach an uploaded (stored) game to the event as a table of a round (organiser token; by game id). Its
    seat tags' players name the two partnerships (North–South first; merges followed); the round is the one
    given, else the last (a new round after the last is made). A game is a table of one event; while attached, its
    uploader may correct it (the same two partnerships) but not delete it until it is detached."""
    organiser_checked(event_id)
    table = attach_game(get_db(), event_id, args["game_id"], args.get("round"))
    return {**table, "scoresheet_url": url_for("pages.game", game_id=table["game_id"]),
            "event_url": url_for("clubs.event", event_id=event_id)}, 201


@blp.delete("/<int:event_id>/games/<int:game_id>")
@blp.response(204, description="detached: the table is gone, its partnerships free in that round, the standings "
                               "without it; the game stays stored")
@refusals(blp, {**ORGANISER_REFUSALS, 404: "no such event, or the game is no table of it",
                409: "the game is a live table of the event (its own, kept at the table), not an uploaded game"})
def detach(event_id: int, game_id: int):
    """Detach an uploaded game from its table (organiser token): the table goes, its partnerships may have a place
    in that round again, and the game stays stored for its uploader to replace or delete."""
    organiser_checked(event_id)
    detach_game(get_db(), event_id, game_id)
    return ""


WITHDRAWAL = "/<int:event_id>/partnerships/<int:pair>/withdrawal"


@blp.post(WITHDRAWAL)
@blp.arguments(WithdrawSchema, error_status_code=400, required=False)
@blp.response(201, WithdrawalSchema, description="withdrawn: the rounds made from now on pair it no more")
@refusals(blp, {400: "a field in the body (it takes none)", **ORGANISER_REFUSALS,
                404: "no such event, or no such partnership in it", 409: "the partnership is withdrawn already"})
def withdrawn(args: dict[str, Any], event_id: int, pair: int):
    """Withdraw partnership `pair` from the event (organiser token): it left, or never came. The rounds made
    from now on pair it no more: a round-robin round gives its scheduled opponent a bye, a Swiss round leaves it
    out, a round entered by hand may not name it. The rounds made stay as they are; its results stand in the
    standings, marked withdrawn from the round given. A withdrawal is taken back with `DELETE` (reinstated)."""
    organiser_checked(event_id)
    first = withdraw(get_db(), event_id, pair)
    said = Said("partnership {pair} is withdrawn from round {round}: the rounds made from now on pair it no more, "
                "and its results stand", pair=pair, round=first)
    return {"pair": pair, "name": pair_name(get_db(), event_id, pair), "withdrawn_from": first, "message": said}, 201


@blp.delete(WITHDRAWAL)
@blp.response(200, WithdrawalSchema, description="reinstated: the rounds made from now on pair it again")
@refusals(blp, {**ORGANISER_REFUSALS, 404: "no such event, or no such partnership in it",
                409: "the partnership is not withdrawn"})
def reinstated(event_id: int, pair: int):
    """Take back a partnership's withdrawal (organiser token): the rounds made from now on pair it again (a
    round-robin round with the opponent it was scheduled to meet there). Nothing else had changed."""
    organiser_checked(event_id)
    reinstate(get_db(), event_id, pair)
    said = Said("partnership {pair} is reinstated: the rounds made from now on pair it again", pair=pair)
    return {"pair": pair, "name": pair_name(get_db(), event_id, pair), "withdrawn_from": None, "message": said}


@blp.get("/<int:event_id>/standings")
@blp.no_query()
@blp.response(200, StandingsSchema)
@refusals(blp, {404: "no such event"})
def standings(args: dict[str, Any], event_id: int):
    """The event's standings (`order` says how they rank; provisional rows may change), with the links to its
    results page, the standings as CSV and the event's games as one `.seep`."""
    data = event_json(get_db(), event_id)
    return {"id": data["id"], "name": data["name"], "order": data["order"], "standings": data["standings"],
            "results_url": url_for("event_results.results", event_id=event_id),
            "csv_url": url_for("event_results.standings_csv_download", event_id=event_id),
            "seep_url": url_for("event_results.games_seep", event_id=event_id)}
