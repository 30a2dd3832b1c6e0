"""The API of opponent confirmation (a table's answers to each deal's score) and of the director's view
(every table of an event, and the director's corrections), with the organiser token."""
from __future__ import annotations

from typing import Any

from flask import Response, request

from ..api.jsonbody import Blueprint
from ..api.errors import refusals
from ..db import get_db
from ..api.guards import required_bearer, same_origin_only
from .confirm_schemas import (AnswerSchema, ConfirmationsSchema, CorrectionSchema, DirectorCloseSchema,
                              DirectorCorrectedSchema, DirectorSchema)
from .confirm_store import REALM, confirmations_json, event_table, record_answer, table_answers_version
from .director import close_table, correct, director_json, director_version
from ..live.schemas import EntryAnswerSchema
from .events_api import ORGANISER_REFUSALS, organiser

blp = Blueprint("confirm_api", __name__, url_prefix="/api",
                description="Opponent confirmation of each deal's score, and the director's view of an event")
blp.before_request(same_origin_only)

NO_STORE = {"Cache-Control": "no-store"}


@blp.get("/live/<int:game_id>/confirmations")
@blp.no_query()
@blp.response(200, ConfirmationsSchema, headers={"ETag": {"schema": {"type": "string"}}})
@blp.alt_response(304, description="If-None-Match names the current state: no answer given, no score changed")
@refusals(blp, {404: "no such live game, or one that is no event's table"})
def confirmations(args: dict[str, Any], game_id: int):
    """Where each deal's confirmation stands at an event's table: confirmed, refused (with the reason) or
    missing (no answer to its score now). The keep page asks again with If-None-Match while it waits for the
    opponents' answer by their link (304: nothing new)."""
    db = get_db()
    headers = {**NO_STORE, "ETag": f'"{table_answers_version(db, game_id)}"'}
    if request.if_none_match.contains_weak(table_answers_version(db, game_id)):
        event_table(db, game_id)  # 404 for a game that is no event's table, as a full read
        return Response(status=304, headers=headers)
    return confirmations_json(db, game_id), 200, headers


@blp.post("/live/<int:game_id>/confirmations")
@blp.arguments(AnswerSchema, error_status_code=400)
@blp.response(201, ConfirmationsSchema, description="stored: the table's confirmations now")
@refusals(blp, {400: "a body of another shape", 401: "no token",
                403: "a token that is not the table's edit token, its confirm link's, nor the event's organiser "
                     "token; or the wrong team",
                404: "no such live game, or one that is no event's table",
                409: "the deal is not over (or not recorded); its score is not the `score` sent (corrected meanwhile); "
                     "a director's ruling on a deal whose score is not refused",
                422: "a refusal without its reason; a director's ruling without its reason or its score, or not "
                     "'confirmed'"})
def answer(args: dict[str, Any], game_id: int):
    """The opponents confirm a deal's score, or refuse it with a reason: on the scorekeeper's phone (the
    table's edit token) or from their own (the confirm link's token). With the event's organiser token, the
    director rules that a deal's score stands (verdict confirmed, the ruling in `reason`, the refused score in
    `score`), a refusal's answer: its `via` is then 'director'. Nothing is stored when refused."""
    db = get_db()
    record_answer(db, game_id, required_bearer(REALM, "send the table's edit token, its confirm link's token or "
                                                         "the event's organiser token: Authorization: Bearer <token>"),
                  args)
    return confirmations_json(db, game_id), 201, NO_STORE


@blp.get("/events/<int:event_id>/director")
@blp.no_query()
@blp.response(200, DirectorSchema, headers={"ETag": {"schema": {"type": "string"}}})
@blp.alt_response(304, description="If-None-Match names the current state: nothing changed")
@refusals(blp, {**ORGANISER_REFUSALS, 404: "no such event"})
def director(args: dict[str, Any], event_id: int):
    """The director's view (organiser token): every table, the last round first: the deal and play reached,
    the last entry's time, flagged plays, each deal's confirmation; poll it with If-None-Match."""
    token = organiser(event_id)
    db = get_db()
    version = director_version(db, event_id)
    headers = {"ETag": f'"{version}"', "Cache-Control": "private, no-cache"}
    if request.if_none_match.contains_weak(version or ""):
        return Response(status=304, headers=headers)
    return director_json(db, event_id, token), 200, headers


@blp.post("/events/<int:event_id>/tables/<int:game_id>/entries")
@blp.arguments(CorrectionSchema, error_status_code=400)
@blp.response(201, DirectorCorrectedSchema, description="stored: the live API's answer to the correction")
@refusals(blp, {400: "a body of another shape, or no note (or one of spaces alone)", **ORGANISER_REFUSALS,
                404: "no such event, or no such table in it",
                409: "a stale version", 422: "no entry named, or a line that cannot stand there"})
def director_correction(args: dict[str, Any], event_id: int, game_id: int):
    """The director corrects a table's entry (replace, insert_before or delete) with a note: the same
    correction event as the scorekeeper's, its note marked as the director's, in the game's history. A closed
    table is reopened, corrected and closed again at once (three events of its history; `reclosed`)."""
    token = organiser(event_id)
    return correct(get_db(), event_id, token, game_id, args), 201


@blp.post("/events/<int:event_id>/tables/<int:game_id>/close")
@blp.arguments(DirectorCloseSchema, error_status_code=400)
@blp.response(201, EntryAnswerSchema, description="closed: the live API's answer to the close")
@refusals(blp, {400: "a body of another shape", **ORGANISER_REFUSALS, 404: "no such event, or no such table in it",
                409: "a stale version, a table closed already, a deal being played, or no deal played and not "
                     "`unplayed` (deals played and `unplayed`)"})
def director_close(args: dict[str, Any], event_id: int, game_id: int):
    """The director closes a table its scorekeeper left open, between deals (its deals over, say): the live
    game's close, with the director's note (or "closed the table") in its history. A table where no deal was
    played (its partnerships did not play) is closed only with `"unplayed": true`."""
    token = organiser(event_id)
    return close_table(get_db(), event_id, token, game_id, args), 201
