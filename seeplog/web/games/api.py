"""The JSON API: upload and find games, each game's report (REPORT.md), and each play of a deal."""
from __future__ import annotations

import json
from typing import Any

from flask import current_app, request, url_for
from flask.views import MethodView

from seeplog.dispute import play_json, replay_view
from seeplog.position import beyond
from seeplog.rules import RULES, Violation
from seeplog.stopped import is_stop, stopped_json, stopped_play

from ..db import get_db
from ..oneline import file_name
from .manage import already_stored, check_token, delete_game, history, issue_token, replace_game
from ..api.jsonbody import Blueprint
from ..api.document import MANAGE_SECURITY
from ..api.errors import ApiError, reads_logs, refusals
from .fresh import list_etag, unchanged
from .queries import Filters, find_games, get_game
from .dealcontext import deal_context
from .playlinks import play_link
from ..api.logschema import LogSchema
from ..api.schemas import (GameDetailSchema, GameListSchema, GameQuerySchema, PlayDetailSchema, PlayQuerySchema,
                           ReportSchema, UploadResultSchema)
from .store import served_report, store
from ..tokens import bearer_token
from ..api.guards import same_origin_only
from .uploads import from_bytes, from_json_text, text_of

blp = Blueprint("api", __name__, url_prefix="/api", description="Seep logs: upload, find, report")
blp.before_request(same_origin_only)


def summary_json(row: dict[str, Any]) -> dict[str, Any]:
    return {**row, "url": url_for("pages.game", game_id=row["id"]), "tags": json.loads(row["tags"]),
            "players": json.loads(row["players"]), "games": row["game_count"], "deals": row["deal_count"],
            "violations": row["violation_count"], "errors": row["error_count"]}


def found(game_id: int) -> dict[str, Any]:
    row = get_game(get_db(), game_id)
    if row is None:
        raise ApiError(404, f"there is no game {game_id}")
    return row


LOG_TYPES = ("text/plain", "text/x-seep", "application/octet-stream")
"""The types a log's file is read as, as an upload reads it (Seep notation, or the JSON form if it begins with {),
and so is a body sent with no Content-Type: a script sending a file's bytes as they are."""
LOG_CONTENT: dict[str, Any] = {**{kind: {"schema": {"type": "string"}} for kind in LOG_TYPES},
                               "application/json": {"schema": LogSchema}}
LOG_BODY = {"required": True, "description": "a log: one of these types, or a file's bytes with no Content-Type",
            "content": LOG_CONTENT}
"""The request body of a route that takes a log, in the OpenAPI document."""
OTHER_TYPE = "a type other than those of the request body (or none)"


def upload_from_request():
    """The Upload a POST or PUT carries, by its Content-Type."""
    kind = request.mimetype
    if kind == "application/json":
        return from_json_text(text_of(request.get_data(), "the body"), "the body")
    if kind in LOG_TYPES or not kind:
        return from_bytes(request.get_data(), sent_file_name())
    raise ApiError(415, f"send the log as text/plain (Seep notation) or application/json (schema/log.schema.json), "
                        f"not {kind}")


def sent_file_name() -> str | None:
    """The X-Filename header's file name. WSGI gives a header as latin-1 text: one whose bytes are UTF-8 (curl
    sends ग.seep so) is read as UTF-8, any other stays as it came; then `file_name` keeps it on one line, cut."""
    sent = request.headers.get("X-Filename")
    try:
        sent = sent.encode("latin-1").decode("utf-8") if sent else sent
    except (UnicodeEncodeError, UnicodeDecodeError):
        pass
    return file_name(sent)


@blp.route("/games")
class Games(MethodView):
    @blp.arguments(GameQuerySchema, location="query", error_status_code=400)
    @blp.response(200, GameListSchema)
    @refusals(blp, {400: "bad filters, dates out of order, or a parameter the list does not take"})
    @blp.alt_response(304, description="the list the client holds (its ETag in If-None-Match) is still the list")
    def get(self, args: dict[str, Any]):
        """Stored games, newest first: filter by player, event, variant, dates, findings; page through."""
        filters = Filters(**args)
        etag = list_etag(get_db())
        if same := unchanged(etag):
            return same
        rows, total = find_games(get_db(), filters)
        return {"games": [summary_json(r) for r in rows], "total": total, "page": filters.page,
                "per_page": filters.per_page}, {"ETag": f'"{etag}"'}

    @blp.doc(requestBody={**LOG_BODY, "content": {**LOG_CONTENT, "text/plain": {
        "schema": {"type": "string"}, "example": "[Variant \"standard\"]\n\ndeal 1 dealer N\n..."}}})
    @blp.response(201, UploadResultSchema, description="stored; its report of REPORT.md")
    @blp.alt_response(200, schema=UploadResultSchema, description="the same log was already stored: its id")
    @refusals(blp, {400: "not UTF-8, not a log, or JSON of another shape",
                    413: "larger than the upload limit, or more games, deals or plays than the service takes in one "
                         "upload (the message names the limit and its setting)",
                    415: OTHER_TYPE})
    @reads_logs
    def post(self):
        """Store a log. A log with violations or errors is stored too: it is a record of what happened."""
        stored = store(get_db(), upload_from_request(), current_app.config["UPLOAD_LIMITS"])
        doc = stored.report or served_report(found(stored.id), current_app.config["UPLOAD_LIMITS"])
        url = url_for("pages.game", game_id=stored.id)
        answer = {"id": stored.id, "created": stored.created, "url": url, "report": doc}
        headers = {"Location": url}
        if stored.created:
            answer["manage_token"] = issue_token(get_db(), stored.id)
            headers["Cache-Control"] = "no-store"  # the token is shown this once: no cache keeps it
        else:
            answer["message"] = already_stored("the log", stored.id)
        return answer, (201 if stored.created else 200), headers


def sent_token() -> str | None:
    """The manage token of a request: the X-Manage-Token header, or Authorization: Bearer."""
    return request.headers.get("X-Manage-Token") or bearer_token(request.headers.get("Authorization"))


def authorised(game_id: int) -> None:
    found(game_id)
    check_token(get_db(), game_id, sent_token())


@blp.route("/games/<int:game_id>")
class GameItem(MethodView):
    @blp.no_query()
    @blp.response(200, GameDetailSchema)
    @refusals(blp, {404: None})
    def get(self, args: dict[str, Any], game_id: int):
        """One stored game: its tags, players, counts, raw, read and canonical text, and its history."""
        row = found(game_id)
        links = {"page": url_for("pages.game", game_id=game_id), "report": url_for("api.report", game_id=game_id),
                 "seep": url_for("pages.export_seep", game_id=game_id),
                 "csv": url_for("pages.export_csv", game_id=game_id)}
        return {**summary_json(row), "links": links, "history": history(get_db(), game_id)}

    @blp.doc(security=MANAGE_SECURITY, requestBody=LOG_BODY)
    @blp.response(200, UploadResultSchema, description="replaced: same id, the old text kept in its history")
    @refusals(blp, {400: "not a log", 403: "no manage token, or not this game's", 404: None,
                    409: "the new log is already stored as another game, or the game is an event's table and the "
                         "new log no longer seats its two partnerships in one game of the event's variant",
                    415: OTHER_TYPE})
    @reads_logs
    def put(self, game_id: int):
        """Replace a game's log with the manage token; it keeps its id, and its old text goes to its history. A game
        attached to an event as a table takes a correction only: one game of the event's variant between the
        table's two partnerships (the standings follow it)."""
        authorised(game_id)
        stored = replace_game(get_db(), game_id, upload_from_request())
        return {"id": game_id, "created": False, "url": url_for("pages.game", game_id=game_id),
                "report": stored.report}

    @blp.doc(security=MANAGE_SECURITY)
    @blp.response(204, description="deleted, with its history")
    @refusals(blp, {403: "no manage token, or not this game's", 404: None,
                    409: "the game is an event's table: the event's organiser detaches it first"})
    def delete(self, game_id: int):
        """Delete a game with its manage token (not while it is an event's table)."""
        authorised(game_id)
        delete_game(get_db(), game_id)
        return ""


@blp.route("/games/<int:game_id>/report")
@blp.no_query()
@blp.response(200, ReportSchema)
@refusals(blp, {404: None})
def report(args: dict[str, Any], game_id: int):
    """The validation report of REPORT.md, as `python -m seeplog validate --json` gives it."""
    return served_report(found(game_id), current_app.config["UPLOAD_LIMITS"])


@blp.route("/games/<int:game_id>/deals/<int(min=0):deal>/plays/<int(min=0):play>")
@blp.arguments(PlayQuerySchema, location="query", error_status_code=400)
@blp.response(200, PlayDetailSchema)
@refusals(blp, {400: "game is not a number from 1, or a parameter the route does not take",
                404: "no such game, deal or play, or the replay did not reach it"})
def deal_play(args: dict[str, Any], game_id: int, deal: int, play: int):
    """One play of a deal: the floor before and after, its findings and the legal alternatives (the dispute view).
    Deal 0 and play 0 are answered as a deal or play beyond the log: 404, saying there is none."""
    try:
        ctx = deal_context(found(game_id), args["game"], deal)
    except LookupError as exc:
        raise ApiError(404, str(exc)) from None
    if is_stop(ctx.replay, play):
        doc = stopped_json(ctx.replay, stopped_play(ctx.replay))
    else:
        try:
            doc = {**play_json(replay_view(ctx.replay, play)), "stopped": False}
        except LookupError:
            raise ApiError(404, beyond(deal, play, ctx.plays)) from None
    doc["plays"] = ctx.plays
    doc["violations"] = [{**finding_item(v), "explanation": RULES[v.rule].explanation} for v in ctx.at(play)]
    return {**doc, "game": args["game"], "links": play_links(game_id, args["game"], deal, play, doc["plays"])}


def finding_item(v: Violation) -> dict[str, Any]:
    return {"rule": v.rule, "message": v.message, "line": v.line, "column": v.column}


def play_links(game_id: int, game: int, deal: int, play: int, plays: int) -> dict[str, str | None]:
    def api(k: int) -> str | None:
        return url_for("api.deal_play", game_id=game_id, deal=deal, play=k, game=game if game > 1 else None) \
            if 1 <= k <= plays else None
    return {"page": play_link(game_id, game, deal, play), "game": url_for("api.GameItem", game_id=game_id),
            "prev": api(play - 1), "next": api(play + 1)}
