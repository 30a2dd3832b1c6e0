"""The live API: start a game, append and correct its entries, follow it (with ETags), read its history,
and list what one card can do on the floor now."""
from __future__ import annotations

from datetime import datetime, timezone
from typing import Any

from flask import Response, request, url_for
from marshmallow import Schema

from seeplog.cards import parse_card
from seeplog.live.table import (deal_state, known_for, next_play_error, now_of, outcomes, seen_cards,
                                what_next)

from ..db import get_db
from ..api.jsonbody import Blueprint
from ..api.guards import required_bearer, same_origin_only
from ..api.errors import ApiError, refusals
from .schemas import (CloseSchema, EntryAnswerSchema, EntrySchema, LiveHistorySchema, LiveCreatedSchema,
                      LiveGameSchema, LiveNewSchema, OutcomesQuerySchema, OutcomesSchema, ReopenSchema, TagsSchema,
                      UndoSchema, entry_problem)
from .store import BEARER_REALM, Request, as_it_stood, create, current_version, delete, history, load, record

blp = Blueprint("live", __name__, url_prefix="/api/live",
                description="Live games: keep score at the table one entry at a time; follow it")
blp.before_request(same_origin_only)


def etag(game_id: int, version: int, language: str = "") -> str:
    """The game's entity tag at a version (unquoted; headers carry it quoted); a page's names its language too
    (the board in Hindi is another answer than the board in English)."""
    return f"live-{game_id}-{version}-{language}" if language else f"live-{game_id}-{version}"


FOLLOW_CACHE = "public, max-age=1"
"""What a follower's read may be kept: one second, by any cache (a CDN, nginx's micro-cache), so that
the followers of one game cost the origin one request a second. These answers show no token."""


def follow_headers(game_id: int, version: int, language: str = "") -> dict[str, str]:
    """The headers of a follower's read of a game at a version (its 200 and its 304), of a page in `language`."""
    return {"ETag": f'"{etag(game_id, version, language)}"', "Cache-Control": FOLLOW_CACHE}


def _token() -> str:
    """The edit token of the request's `Authorization: Bearer` header (401 without one)."""
    return required_bearer(BEARER_REALM, "send the game's edit token: Authorization: Bearer <edit_token>")


editing = refusals(blp, {400: "a body of another shape", 401: "no edit token", 403: "a wrong edit token",
                         404: "no such live game"})
"""The answers a request that keeps a game may get, besides its own: documented once."""

REUSED = "a client_id sent before with another request"
"""The 422 every request that keeps a game may get (a retry of the same request gets the first answer)."""


def _send(game_id: int, req: Request):
    answer, fresh = record(get_db(), game_id, _token(), req)
    headers = {"ETag": f'"{etag(game_id, answer["version"])}"'}
    if not fresh:
        headers["Idempotent-Replayed"] = "true"
    return answer, 201, headers


def dated(tags: dict[str, str]) -> dict[str, str]:
    """The tags of a game started now: today's `Date` (UTC) where they give none; an empty `Date` leaves the
    game undated (as a start page whose date field is cleared)."""
    if tags.get("Date") == "":
        return {name: value for name, value in tags.items() if name != "Date"}
    return tags if "Date" in tags else {**tags, "Date": datetime.now(timezone.utc).date().isoformat()}


def _event(game_id: int, kind: str, args: dict[str, Any], **more: Any):
    """Record an event that names no entry (undo, close, reopen, retag) with the body's version, note and
    client id."""
    return _send(game_id, Request(kind, args["version"], None, None, args.get("note"), args.get("client_id"),
                                  **more))


def keeping(path: str, schema: type[Schema], conflict: str, **answer: Any):
    """The route and documentation of a request that keeps a game: POST to the game's `path` with a body
    of `schema`, the entry answer (201), the answers every such request may get, and its own 409."""
    def decorate(view):
        view = editing(refusals(blp, {409: conflict})(view))
        view = blp.response(201, EntryAnswerSchema, **answer)(view)
        # one instance for every request: given the class, webargs makes a schema at each (30 µs)
        view = blp.arguments(schema(), error_status_code=400)(view)
        return blp.route(f"/<int:game_id>{path}", methods=["POST"])(view)
    return decorate


@blp.route("", methods=["POST"])
@blp.arguments(LiveNewSchema, error_status_code=400)
@blp.response(201, LiveCreatedSchema, description="started: the edit token is shown this once")
@refusals(blp, {400: "a body of another shape, a tag the notation cannot read, a seat the variant does not have, or "
                     "tags that give a seat's name or the Variant otherwise than players and variant",
                403: "sent from another site's page"})
def start(args: dict[str, Any]):
    """Start a live game. Keep the edit token secret (it keeps the game); share the follow link. Without a
    `Date` tag the game is dated today (UTC), as the start page does (`"Date": ""`: undated); change it later
    with /tags. Names and tags are read without the spaces around them, and an empty one writes no tag (a name
    in `players` then names nobody), as on the start page."""
    game_id, token = create(get_db(), args["variant"], args.get("players", {}), dated(args.get("tags", {})))
    follow = url_for("live.game", game_id=game_id)
    return {"id": game_id, "edit_token": token, "version": 1,
            "edit_url": f"/live/{game_id}/keep#token={token}", "follow_url": f"/live/{game_id}",
            "api_url": follow, "scoresheet_url": url_for("pages.game", game_id=game_id)}, 201, {
            "Location": follow, "Cache-Control": "no-store"}


@blp.route("/<int:game_id>", methods=["GET"])
@blp.no_query()
@blp.response(200, LiveGameSchema, headers={"ETag": {"schema": {"type": "string"}}})
@blp.alt_response(304, description="If-None-Match names the current version: nothing changed")
@refusals(blp, {404: None})
def game(args: dict[str, Any], game_id: int):
    """The game now: log, entries with their findings, report (REPORT.md), version, what comes next, the
    floor. Poll with If-None-Match: 304 while nothing changed."""
    db = get_db()
    version = current_version(db, game_id)
    if version is None:
        raise ApiError(404, f"there is no live game {game_id}")
    if request.if_none_match.contains_weak(etag(game_id, version)):
        return Response(status=304, headers=follow_headers(game_id, version))
    stored = load(db, game_id)
    assert stored is not None
    return Response(stored.view, mimetype="application/json",
                    headers=follow_headers(game_id, stored.version))


@keeping("/entries", EntrySchema, "a stale version (with `version`, `events` and `entries` to catch up), an "
         "`entry_id` that is not the entry named (with `moved`), or a closed game",
         description="stored (a retry with the same client_id: the first answer)")
@refusals(blp, {422: "a line that cannot be read or stand there, no such entry, two corrections at once, a delete with "
                     f"a line or anything else without one, {REUSED}: nothing stored"})
def add_entry(args: dict[str, Any], game_id: int):
    """Append one line of notation, or correct an entry (`replace`, `insert_before`, `delete`, with a
    `note`; with `entry_id`, only while the number still names that entry). The answer carries the line's
    verdict (its errors and the rules it breaks, as far as they can be judged now) and the findings it
    revealed, cleared or left unjudged on other entries."""
    kind, entry = "append", None
    for key, name in (("replace", "replace"), ("insert_before", "insert"), ("delete", "delete")):
        if args.get(key) is not None:
            kind, entry = name, args[key]
    req = Request(kind, args["version"], args.get("line"), entry, args.get("note"), args.get("client_id"),
                  entry_problem(args), entry_id=args.get("entry_id"))
    return _send(game_id, req)


@keeping("/undo", UndoSchema, "a stale version, a last entry other than `entry_id`, or a closed game")
@refusals(blp, {422: f"no entry to undo, or {REUSED}"})
def undo(args: dict[str, Any], game_id: int):
    """Delete the last entry (an event in the history, like any correction); with `entry_id`, only when the last
    entry is that one."""
    return _event(game_id, "undo", args, entry_id=args.get("entry_id"))


@keeping("/close", CloseSchema, "a stale version, or a game already closed")
@refusals(blp, {422: REUSED})
def close(args: dict[str, Any], game_id: int):
    """Make the game final: it takes no more entries, and its log is the canonical text of its entries (a
    last deal left short is then E-INCOMPLETE, as in any log)."""
    return _event(game_id, "close", args)


@keeping("/reopen", ReopenSchema, "a stale version, a game that is open, or an event's table that its director "
         "closed or that a later Swiss round was paired from")
@refusals(blp, {422: REUSED})
def reopen(args: dict[str, Any], game_id: int):
    """Open a closed game again: it takes entries again, and its last deal is in progress again (an event
    in the history, like the close). An event's table that the event's director closed, or from whose round a
    later Swiss round was paired, is not reopened with its edit token: the director corrects it."""
    return _event(game_id, "reopen", args)


@keeping("/tags", TagsSchema, "a stale version")
@refusals(blp, {422: "a tag that cannot be changed here, a seat the game does not have, a Date that is not YYYY-MM-DD, "
                     f"or {REUSED}"})
def set_tags(args: dict[str, Any], game_id: int):
    """Rename the game (Event, Site, Date, Round, Scorer) or fix a player's name (North, West, South,
    East): each tag's line in the header is replaced, or added. One `retag` event in the history, open or
    closed game alike."""
    return _event(game_id, "retag", args, tags=tuple(sorted(args["tags"].items())))


@blp.route("/<int:game_id>", methods=["DELETE"])
@blp.response(204, description="deleted: gone from every list, with its history")
@refusals(blp, {401: "no edit token", 403: "a wrong edit token", 404: "no such live game",
                409: "the game is an event's table: it is not deleted"})
def delete_game(game_id: int):
    """Delete a live game with its edit token: its log, entries, history and pages. No other game changes. An
    event's table is not deleted (its result counts in the event's standings)."""
    delete(get_db(), game_id, _token())
    return ""


@blp.route("/<int:game_id>/history", methods=["GET"])
@blp.no_query()
@blp.response(200, LiveHistorySchema)
@refusals(blp, {404: None})
def game_history(args: dict[str, Any], game_id: int):
    """Every event, oldest first: its time, kind, entry, line (as stored and as sent), note and the
    version it made."""
    db = get_db()
    version = current_version(db, game_id)
    if version is None:
        raise ApiError(404, f"there is no live game {game_id}")
    return {"id": game_id, "version": version, "events": history(db, game_id)}


@blp.route("/<int:game_id>/outcomes", methods=["GET"])
@blp.arguments(OutcomesQuerySchema, location="query", error_status_code=400)
@blp.response(200, OutcomesSchema)
@refusals(blp, {400: "not a card, a seat the game does not have, or another parameter", 404: None,
                409: "the game does not wait for a play now"})
def card_outcomes(args: dict[str, Any], game_id: int):
    """What one card can do on the floor now: each capture choice, each house it makes, joins or raises,
    the throw. The legal ones first; each other one names the rules it breaks (the scorekeeper records
    what happened). `seat` defaults to the seat to play."""
    db = get_db()
    stored = load(db, game_id)
    if stored is None:
        raise ApiError(404, f"there is no live game {game_id}")
    now = now_of(as_it_stood(db, stored))
    step = what_next(now, closed=not stored.is_open)
    if step["kind"] == "closed":
        raise ApiError(409, "the game is closed: it takes no more plays (reopen it first)",
                       extra={"next": step})
    if step["kind"] != "play" or now.last is None:
        raise ApiError(409, f"the game waits for a {step['kind']} line, not a play", extra={"next": step})
    card, seat = parse_card(args["card"]), args.get("seat") or step["seat"]
    deal = now.last.deal
    state, _ = deal_state(now.last)
    if seat not in state.rules.seats:
        raise ApiError(400, f"{seat} is not a seat of a {state.rules.name} game ({' '.join(state.rules.seats)})")
    found = outcomes(state, seat, card, known_for(now.last, seat, card), next_play_error(now.last, seat, card))
    return {"card": str(card), "seat": seat, "deal": step["deal"], "play": step["play"],
            "seen": card in seen_cards(deal), "version": stored.version, "outcomes": found}
