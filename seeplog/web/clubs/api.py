"""The clubs API: players (list, page data, merge, rename, split an alias off) and partnerships."""
from __future__ import annotations

from collections.abc import Callable
from typing import Any

from flask import jsonify, url_for

from ..db import get_db
from ..api.jsonbody import Blueprint
from ..api.guards import required_bearer, same_origin_only
from ..api.errors import refusals
from ..api.schemas import QuerySchema
from .players_store import (Player, check_may_change, current_id, get_player, list_players,
                            merge_players, partnership_of, rename_player, split_alias)
from .schemas import (LeaderboardQuerySchema, LeaderboardSchema, MergeSchema, PartnershipSchema, PlayerListSchema,
                      PlayerQuerySchema, PlayerSchema, RenameSchema, SplitSchema)
from .views import leaderboard_json, partnership_data, player_data

blp = Blueprint("clubs_api", __name__, url_prefix="/api",
                description="Players and partnerships: records, head-to-head; the administrator's changes")
blp.before_request(same_origin_only)

def admin_token() -> str:
    """The administrator token of the request's `Authorization: Bearer` header (401 without one)."""
    return required_bearer("seeplog administrator", "send an administrator token: Authorization: Bearer <token> "
                                                    "(flask --app app admin-token makes one)")


def as_admin(change: Callable[[], Player], players: list[int]) -> dict[str, Any]:
    """Make an administrator's change (or an event organiser's, to that event's `players` whose games are all
    its tables); the player it leaves, as GET /api/players/<id> answers. The store's refusals answer as STATUS
    maps them."""
    db = get_db()
    check_may_change(db, admin_token(), players)
    return player_data(db, change(), per_page=GAMES_PER_PAGE)


@blp.get("/players")
@blp.arguments(QuerySchema, location="query", error_status_code=400)
@blp.response(200, PlayerListSchema)
@refusals(blp, {400: "a parameter: the list takes none (every player is on it)"})
def players(args: dict[str, Any]):
    """Every player, with the number of games its names sit in."""
    return {"players": [{**p, "url": url_for("clubs.player", player_id=p["id"])} for p in list_players(get_db())]}


GAMES_PER_PAGE = 50
"""Games of a player the API gives a page."""


@blp.get("/players/<int:player_id>")
@blp.arguments(PlayerQuerySchema, location="query", error_status_code=400)
@blp.response(200, PlayerSchema)
@refusals(blp, {400: "a page that is not a whole number from 1, or another parameter (50 games a page)",
                404: "no such player"})
def player(args: dict[str, Any], player_id: int):
    """A player's names, record (partners, head-to-head, rules broken) and a page of its games (50, the
    newest first). A merged player's id answers with the player it was merged into."""
    db = get_db()
    data = player_data(db, get_player(db, current_id(db, player_id)), page=args["page"], per_page=GAMES_PER_PAGE)
    return jsonify(data)  # as PlayerSchema would dump it (tests/web/test_seat_records.py), without its cost: 7 ms


admin_doc = refusals(blp, {400: "the change cannot be made (a merge into itself, an unknown alias, an empty name)",
                           401: "no administrator token",
                           403: "not an administrator token, nor the organiser token of an event of these players "
                                "whose every game is a table of that event",
                           404: "no such player"})
"""The answers every administrator's change may get."""


@blp.post("/players/<int:player_id>/merge")
@blp.arguments(MergeSchema, error_status_code=400)
@blp.response(200, PlayerSchema, description="merged: the player they now are")
@admin_doc
@refusals(blp, {409: "the two sat in one game, or are both in one event's partnerships: they are two players"})
def merge(args: dict[str, Any], player_id: int):
    """Merge the player into another (administrator token, or the organiser token of an event of both whose
    games are all its tables): every name of it becomes the other's. Two players who sat in one game, or are
    both in one event's partnerships, are two people: their merge is refused."""
    return as_admin(lambda: merge_players(get_db(), player_id, args["into"]), [player_id, args["into"]])


@blp.post("/players/<int:player_id>/rename")
@blp.arguments(RenameSchema, error_status_code=400)
@blp.response(200, PlayerSchema)
@admin_doc
def rename(args: dict[str, Any], player_id: int):
    """Give the player another display name (administrator token)."""
    return as_admin(lambda: rename_player(get_db(), player_id, args["name"]), [player_id])


@blp.post("/players/<int:player_id>/split")
@blp.arguments(SplitSchema, error_status_code=400)
@blp.response(200, PlayerSchema, description="the player the alias now is: its own again, or a new one")
@admin_doc
def split(args: dict[str, Any], player_id: int):
    """Take one name off the player (administrator token): a name a merge brought goes back to its own player
    (no longer merged: its id and page are its own again), any other becomes a new player."""
    return as_admin(lambda: split_alias(get_db(), player_id, args["alias"]), [player_id])


@blp.get("/partnerships/<int:first>-<int:second>")
@blp.no_query()
@blp.response(200, PartnershipSchema)
@refusals(blp, {404: "no such player, or one player twice (merges followed): a partnership is two"})
def partnership(args: dict[str, Any], first: int, second: int):
    """A partnership's record and games: the two players as one team (four-player variants)."""
    db = get_db()
    return partnership_data(db, partnership_of(db, [first, second]))


@blp.get("/partnerships/<int:first>")
@blp.no_query()
@blp.response(200, PartnershipSchema)
@refusals(blp, {404: "no such player"})
def partnership_alone(args: dict[str, Any], first: int):
    """A two-player variant's partnership: the player alone."""
    db = get_db()
    return partnership_data(db, (current_id(db, first),))


@blp.get("/leaderboard")
@blp.arguments(LeaderboardQuerySchema, location="query", error_status_code=400)
@blp.response(200, LeaderboardSchema)
@refusals(blp, {400: "a page that is not a whole number from 1, or another parameter (100 rows a page)"})
def leaderboard(args: dict[str, Any]):
    """Players and partnerships by rating (openskill's Plackett-Luce; each baazi a match of the two teams),
    best first: the ordinal (mu - 3 sigma) ranks; sigma is the uncertainty; fewer than 10 baazis is provisional."""
    return leaderboard_json(get_db(), args["page"])
