"""The events API: create an event (organiser token), make its next round (each table a live game), and
read it with its standings."""
from __future__ import annotations

from typing import Any

from flask import url_for

from ..catalog import english_ngettext
from ..db import get_db
from ..api.jsonbody import Blueprint
from ..api.guards import required_bearer, same_origin_only
from ..api.errors import ApiError, refusals
from .event_schemas import (EventCreatedSchema, EventListSchema, EventNewSchema, EventSchema, NewRoundSchema,
                            NextRoundSchema)
from .event_rounds import next_round
from .event_uploads import team_size
from .events_store import NewEvent, check_organiser, create_event, event_list
from .events_view import event_json, round_json

blp = Blueprint("events_api", __name__, url_prefix="/api/events",
                description="Events: partnerships, rounds (round-robin, Swiss, by hand) whose tables are live games, "
                            "standings")
blp.before_request(same_origin_only)

NO_STORE = {"Cache-Control": "no-store"}
"""The answers that show a token (the organiser's, the tables'): no cache keeps them."""


ORGANISER_REFUSALS = {401: "no organiser token", 403: "not the event's organiser token"}
"""What a request that needs the organiser token may be answered for want of it (see `organiser`)."""


def organiser(event_id: int) -> str:
    """The request's organiser token, checked: 401 without one, 403 not the event's, 404 no event."""
    token = required_bearer("seeplog event",
                            "send the event's organiser token: Authorization: Bearer <organiser_token>")
    check_organiser(get_db(), event_id, token)  # a refusal answers 403 (web/api/errors.STATUS)
    return token


def new_event(args: dict[str, Any]) -> NewEvent:
    """The event the arguments describe; 400 when a partnership has the wrong number of players."""
    size = team_size(args["variant"])
    wrong = [i for i, names in enumerate(args["partnerships"]) if len(names) != size]
    if wrong:
        raise ApiError(400, english_ngettext("a %(variant)s partnership has %(num)s player",
                                             "a %(variant)s partnership has %(num)s players", size,
                                             variant=args["variant"]),
                       [{"field": f"partnerships.{i}",
                         "message": english_ngettext("give %(num)s name", "give %(num)s names", size)} for i in wrong])
    day = args.get("date")
    return NewEvent(args["name"], args["variant"], [list(p) for p in args["partnerships"]],
                    day.isoformat() if day else None,
                    args.get("place"), args.get("baazi_target"), args["format"])


@blp.get("")
@blp.no_query()
@blp.response(200, EventListSchema)
def listed(args: dict[str, Any]):
    """Every event, the latest date first (undated last), then the newest (`GET /api/events/<id>`: one whole)."""
    return {"events": [{**e, "url": url_for("clubs.event", event_id=e["id"])} for e in event_list(get_db())]}


@blp.post("")
@blp.arguments(EventNewSchema, error_status_code=400)
@blp.response(201, EventCreatedSchema, description="created: the organiser token is shown this once")
@refusals(blp, {400: "a missing or bad field"})
def create(args: dict[str, Any]):
    """Create an event with its partnerships; a name seen for the first time makes a player."""
    event_id, token = create_event(get_db(), new_event(args))
    return {"id": event_id, "organiser_token": token, "url": url_for("clubs.event", event_id=event_id)}, 201, \
        NO_STORE


@blp.get("/<int:event_id>")
@blp.no_query()
@blp.response(200, EventSchema)
@refusals(blp, {404: "no such event"})
def read(args: dict[str, Any], event_id: int):
    """The event: partnerships, rounds and tables (results so far), standings (`order` says how they rank)."""
    return event_json(get_db(), event_id)


@blp.post("/<int:event_id>/rounds")
@blp.arguments(NextRoundSchema, error_status_code=400, required=False)
@blp.response(201, NewRoundSchema, description="the round's tables: each a live game, its keep link shown once")
@refusals(blp, {400: "a field in the body (it takes none)", **ORGANISER_REFUSALS, 404: "no such event",
                409: "the round cannot be paired: every round-robin round made; a Swiss round while a table before it "
                     "is open, or with no pairing left without a rematch; an event paired by hand"})
def rounds(args: dict[str, Any], event_id: int):
    """Make the next round as the event's format pairs it (organiser token): round-robin, or Swiss by the
    standings with no rematch (each partnership with the next-placed one it has not met). A live game per
    table; with an odd number of partnerships one has a bye, and the answer says which."""
    db, token = get_db(), organiser(event_id)
    number, tables = next_round(db, event_id, token)
    return round_json(number, tables), 201, NO_STORE
