"""The clubs API's schemas: players, their records, partnerships, and the administrator's changes."""
from __future__ import annotations

from marshmallow import Schema, fields, validate

from ..api.schemas import TEXT_LINE, Number, QuerySchema, WholeNumber, answer_schema, described

NAME = fields.String(required=True, validate=[validate.Length(min=1, max=80), TEXT_LINE],
                     metadata={"description": "the player's new display name"})
UPDATING_FROM = fields.String(required=True, allow_none=True, metadata={
    "description": "while the kept ratings are being brought up to date (a game corrected or deleted, players "
                   "merged): the date they are rated again from ('' for the first baazi); null when up to date"})


class MergeSchema(Schema):
    into = WholeNumber(required=True, validate=validate.Range(min=1, max=2 ** 63 - 1),
                          metadata={"description": "the player the path's player is merged into"})


class RenameSchema(Schema):
    name = NAME


class SplitSchema(Schema):
    alias = fields.String(required=True, validate=validate.Length(min=1, max=200),
                          metadata={"description": "a name of the player (any case or spacing)"})


def page_query(words: str) -> fields.Field:
    """A list's `page` in the query: a whole number from 1 (ASCII digits, as /api/games reads it), 1 when not
    given."""
    return described(words, Number, load_default=1, validate=validate.Range(min=1, max=1_000_000))


class PlayerQuerySchema(QuerySchema):
    page = page_query("the page of the player's games: 50 a page, the newest first")


class LeaderboardQuerySchema(QuerySchema):
    page = page_query("100 rows of each table a page")


# ---------------------------------------------------------------- answers

PlayerLinkSchema = answer_schema("PlayerLinkSchema", id=int, name=str, url=str)
LineSchema = answer_schema(
    "LineSchema", games=int, deals=int, baazis_won=int, baazis_lost=int,
    card_points_per_deal=described("card points per deal whose score is known", fields.Float, required=True,
                                   allow_none=True),
    score_difference=(int, "deal scores for minus against"))
TeamSchema = answer_schema("TeamSchema", players=[PlayerLinkSchema], url=described(
    "its partnership page; null for one player at two seats (a log may name one player twice)", fields.String,
    required=True, allow_none=True))
PartnerSchema = answer_schema(
    "PartnerSchema", LineSchema, player=fields.Nested(PlayerLinkSchema, required=True), partnership_url=str)
HeadToHeadSchema = answer_schema("HeadToHeadSchema", LineSchema, opponents=fields.Nested(TeamSchema, required=True))
RuleCountSchema = answer_schema("RuleCountSchema", rule=str, count=int)
RecordSchema = answer_schema(
    "RecordSchema", LineSchema, sweeps=int, partners=[PartnerSchema], head_to_head=[HeadToHeadSchema],
    rules_broken=[RuleCountSchema])
GameSeatSchema = answer_schema("GameSeatSchema", seat=str, name=str, player_id=int | None, url=str | None)
PlayerGameSchema = answer_schema(
    "PlayerGameSchema", game_id=int, game=int, date=str | None, variant=str, url=str, side=fields.String(),
    deals=(int, "deals recorded: 0 for an event's table or a live game not yet played"),
    teams=fields.Dict(keys=fields.String(), values=fields.List(fields.Nested(GameSeatSchema)), required=True))
AliasSchema = answer_schema(
    "AliasSchema", key=(str, "the name case-folded, spaces collapsed"), name=(str, "its first spelling seen"))
RatingSchema = answer_schema(
    "RatingSchema", ordinal=(float, "mu - 3 sigma: what ranks"), mu=float, sigma=(float, "the uncertainty"),
    baazis=(int, "baazis rated"), won=int, provisional=(bool, "fewer than 10 baazis"))
RankedRatingSchema = answer_schema("RankedRatingSchema", RatingSchema, rank=int)
HistoryPointSchema = answer_schema(
    "HistoryPointSchema", date=str | None, game_id=int, rating=(float, "mu - 3 sigma after this baazi"))
PlayerRatingSchema = answer_schema(
    "PlayerRatingSchema", RatingSchema,
    rank=described("a player's rank on the leaderboard; null for a partnership (its rank is on the leaderboard's "
                   "pages)", fields.Integer, required=True, allow_none=True),
    history=described("the rating after each of its baazis, in order", fields.List,
                      fields.Nested(HistoryPointSchema), required=True))
PlayerCountsSchema = answer_schema(
    "PlayerCountsSchema", partners=int, head_to_head=(int, "opposing partnerships"), games=int)
RatedSchema = answer_schema(
    "RatedSchema", rating=fields.Nested(PlayerRatingSchema, required=True, allow_none=True),
    updating_from=UPDATING_FROM, record=fields.Nested(RecordSchema, required=True), games=[PlayerGameSchema])
"""What a player's answer and a partnership's both hold: the rating, the record and the games."""
PlayerSchema = answer_schema(
    "PlayerSchema", RatedSchema, id=int, name=str, aliases=[AliasSchema],
    games=described("a page of the player's games, the newest first (`page`, `per_page`; `counts.games` in all)",
                    fields.List, fields.Nested(PlayerGameSchema), required=True),
    page=int, per_page=int, counts=fields.Nested(PlayerCountsSchema, required=True))
PlayerRowSchema = answer_schema("PlayerRowSchema", PlayerLinkSchema,
                                games=(int, "the games it played (an event's table not yet played is none)"))
PlayerListSchema = answer_schema("PlayerListSchema", players=[PlayerRowSchema])
PartnershipSchema = answer_schema("PartnershipSchema", RatedSchema, players=[PlayerLinkSchema])
BoardRowSchema = answer_schema("BoardRowSchema", RankedRatingSchema, players=[PlayerLinkSchema], url=str)
LeaderboardSchema = answer_schema(
    "LeaderboardSchema", provisional_below=int, page=int, per_page=int, total_players=int,
    updating_from=UPDATING_FROM, total_partnerships=int, players=[BoardRowSchema], partnerships=[BoardRowSchema])
