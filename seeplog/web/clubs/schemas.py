"""The clubs API's schemas: players, their records, partnerships, and the administrator's changes."""
from __future__ import annotations

from marshmallow import Schema, fields, validate

from ..api.schemas import WholeNumber

NAME = fields.String(required=True, validate=validate.Length(min=1, max=80),
                     metadata={"description": "the player's new display name"})
UPDATING_FROM = fields.String(required=True, allow_none=True, metadata={
    "description": "while the kept ratings are being brought up to date (a game corrected or deleted, players "
                   "merged): the date they are rated again from ('' for the first baazi); null when up to date"})


class MergeSchema(Schema):
    into = WholeNumber(required=True, validate=validate.Range(min=1, max=2**62),
                          metadata={"description": "the player the path's player is merged into"})


class RenameSchema(Schema):
    name = NAME


class SplitSchema(Schema):
    alias = fields.String(required=True, validate=validate.Length(min=1, max=200),
                          metadata={"description": "a name of the player (any case or spacing)"})


class PlayerLinkSchema(Schema):
    id = fields.Integer(required=True)
    name = fields.String(required=True)
    url = fields.String(required=True)


class LineSchema(Schema):
    games = fields.Integer(required=True)
    deals = fields.Integer(required=True)
    baazis_won = fields.Integer(required=True)
    baazis_lost = fields.Integer(required=True)
    card_points_per_deal = fields.Float(required=True, allow_none=True,
                                        metadata={"description": "card points per deal whose score is known"})
    score_difference = fields.Integer(required=True, metadata={"description": "deal scores for minus against"})


class TeamSchema(Schema):
    players = fields.List(fields.Nested(PlayerLinkSchema), required=True)
    url = fields.String(required=True)


class PartnerSchema(LineSchema):
    player = fields.Nested(PlayerLinkSchema, required=True)
    partnership_url = fields.String(required=True)


class HeadToHeadSchema(LineSchema):
    opponents = fields.Nested(TeamSchema, required=True)


class RuleCountSchema(Schema):
    rule = fields.String(required=True)
    count = fields.Integer(required=True)


class RecordSchema(LineSchema):
    sweeps = fields.Integer(required=True)
    partners = fields.List(fields.Nested(PartnerSchema), required=True)
    head_to_head = fields.List(fields.Nested(HeadToHeadSchema), required=True)
    rules_broken = fields.List(fields.Nested(RuleCountSchema), required=True)


class GameSeatSchema(Schema):
    seat = fields.String(required=True)
    name = fields.String(required=True)
    player_id = fields.Integer(required=True, allow_none=True)
    url = fields.String(required=True, allow_none=True)


class PlayerGameSchema(Schema):
    game_id = fields.Integer(required=True)
    game = fields.Integer(required=True)
    date = fields.String(required=True, allow_none=True)
    variant = fields.String(required=True)
    url = fields.String(required=True)
    side = fields.String()
    teams = fields.Dict(keys=fields.String(), values=fields.List(fields.Nested(GameSeatSchema)), required=True)


class AliasSchema(Schema):
    key = fields.String(required=True, metadata={"description": "the name case-folded, spaces collapsed"})
    name = fields.String(required=True, metadata={"description": "its first spelling seen"})


class RatedSchema(Schema):
    """What a player's answer and a partnership's both hold: the rating, the record and the games."""

    rating = fields.Nested("PlayerRatingSchema", required=True, allow_none=True)
    updating_from = UPDATING_FROM
    record = fields.Nested(RecordSchema, required=True)
    games = fields.List(fields.Nested(PlayerGameSchema), required=True)


class PlayerCountsSchema(Schema):
    partners = fields.Integer(required=True)
    head_to_head = fields.Integer(required=True, metadata={"description": "opposing partnerships"})
    games = fields.Integer(required=True)


class PlayerQuerySchema(Schema):
    page = fields.Integer(load_default=1, validate=validate.Range(min=1, max=1_000_000),
                          metadata={"description": "the page of the player's games: 50 a page, the newest first"})


class PlayerSchema(RatedSchema):
    id = fields.Integer(required=True)
    name = fields.String(required=True)
    aliases = fields.List(fields.Nested(AliasSchema), required=True)
    games = fields.List(fields.Nested(PlayerGameSchema), required=True, metadata={
        "description": "a page of the player's games, the newest first (`page`, `per_page`; `counts.games` in all)"})
    page = fields.Integer(required=True)
    per_page = fields.Integer(required=True)
    counts = fields.Nested("PlayerCountsSchema", required=True)


class PlayerRowSchema(PlayerLinkSchema):
    games = fields.Integer(required=True)


class PlayerListSchema(Schema):
    players = fields.List(fields.Nested(PlayerRowSchema), required=True)


class PartnershipSchema(RatedSchema):
    players = fields.List(fields.Nested(PlayerLinkSchema), required=True)


class RatingSchema(Schema):
    ordinal = fields.Float(required=True, metadata={"description": "mu - 3 sigma: what ranks"})
    mu = fields.Float(required=True)
    sigma = fields.Float(required=True, metadata={"description": "the uncertainty"})
    baazis = fields.Integer(required=True, metadata={"description": "baazis rated"})
    won = fields.Integer(required=True)
    provisional = fields.Boolean(required=True, metadata={"description": "fewer than 10 baazis"})


class RankedRatingSchema(RatingSchema):
    rank = fields.Integer(required=True)


class HistoryPointSchema(Schema):
    date = fields.String(required=True, allow_none=True)
    game_id = fields.Integer(required=True)
    rating = fields.Float(required=True, metadata={"description": "mu - 3 sigma after this baazi"})


class PlayerRatingSchema(RatingSchema):
    rank = fields.Integer(required=True, allow_none=True,
                          metadata={"description": "a player's rank on the leaderboard; null for a partnership "
                                                   "(its rank is on the leaderboard's pages)"})
    history = fields.List(fields.Nested(HistoryPointSchema), required=True,
                          metadata={"description": "the rating after each of its baazis, in order"})


class BoardRowSchema(RankedRatingSchema):
    players = fields.List(fields.Nested(PlayerLinkSchema), required=True)
    url = fields.String(required=True)


class LeaderboardQuerySchema(Schema):
    page = fields.Integer(load_default=1, validate=validate.Range(min=1, max=1_000_000),
                          metadata={"description": "100 rows of each table a page"})


class LeaderboardSchema(Schema):
    provisional_below = fields.Integer(required=True)
    page = fields.Integer(required=True)
    per_page = fields.Integer(required=True)
    total_players = fields.Integer(required=True)
    updating_from = UPDATING_FROM
    total_partnerships = fields.Integer(required=True)
    players = fields.List(fields.Nested(BoardRowSchema), required=True)
    partnerships = fields.List(fields.Nested(BoardRowSchema), required=True)
