"""The events API's schemas."""
from __future__ import annotations

from marshmallow import Schema, fields, validate

from seeplog.notation import VARIANT_NAMES

from ..api.schemas import LINE, WholeNumber
from .schemas import PlayerLinkSchema
from .event_rounds import FORMATS

NAME = fields.String(validate=[validate.Length(min=1, max=80), LINE],
                     metadata={"description": "a player's name (the tables' seat tags: what a tag can hold)"})
TEXT = [validate.Length(min=1, max=120), LINE]


class EventNewSchema(Schema):
    name = fields.String(required=True, validate=TEXT)
    variant = fields.String(required=True, validate=validate.OneOf(VARIANT_NAMES))
    date = fields.Date(metadata={"description": "YYYY-MM-DD"})
    place = fields.String(validate=TEXT)
    baazi_target = WholeNumber(validate=validate.Range(min=1, max=9999))
    format = fields.String(load_default="round-robin", validate=validate.OneOf(FORMATS),
                           metadata={"description": "how the next round is paired: round-robin; swiss (by the "
                                                    "standings, no rematch; the rounds before closed); hand (the "
                                                    "organiser names each round's tables)"})
    partnerships = fields.List(fields.List(NAME, validate=validate.Length(min=1, max=2)), required=True,
                               validate=validate.Length(min=2, max=64),
                               metadata={"description": "each partnership's players' names: two in a four-player "
                                                        "variant, one in a two-player one"})


class EventCreatedSchema(Schema):
    id = fields.Integer(required=True)
    organiser_token = fields.String(required=True, metadata={"description": "shown once; send it as a Bearer token"})
    url = fields.String(required=True)


class PairSchema(Schema):
    number = fields.Integer(required=True)
    name = fields.String(required=True)
    url = fields.String(required=True, metadata={"description": "the partnership's page"})
    players = fields.List(fields.Nested(PlayerLinkSchema), required=True)


class TableSeatsSchema(Schema):
    """Which table of a round, who sits at it, and its live game."""

    number = fields.Integer(required=True)
    pair_a = fields.Integer(required=True, metadata={"description": "sits North-South (two-player: North)"})
    pair_b = fields.Integer(required=True)
    game_id = fields.Integer(required=True, allow_none=True, metadata={"description": "null: its game was deleted"})


class TableSchema(TableSeatsSchema):
    baazis = fields.List(fields.Integer())
    card_points = fields.List(fields.Integer())
    deals = fields.Integer(metadata={"description": "deals whose score is known"})
    provisional = fields.Boolean(metadata={"description": "a deal's score is not known (RULES.md 8.5)"})
    live = fields.Boolean(metadata={"description": "kept live at the table (false: an uploaded game attached)"})
    follow_url = fields.String(metadata={"description": "a live table's follow page"})
    scoresheet_url = fields.String()
    confirmations = fields.Dict(keys=fields.String(), values=fields.Integer(),
                                metadata={"description": "the scored deals the opponents confirmed, refused, and "
                                                         "those still to confirm: {confirmed, refused, missing}"})


class RoundSchema(Schema):
    round = fields.Integer(required=True)
    pairing = fields.String(required=True, validate=validate.OneOf(["round-robin", "swiss", "hand", "attached"]),
                            metadata={"description": "how the round was paired: round-robin, swiss, hand (the "
                                                     "organiser named the tables), attached (uploaded games)"})
    bye = fields.Integer(required=True, allow_none=True, metadata={"description": "the partnership sitting out"})
    tables = fields.List(fields.Nested(TableSchema), required=True)


class StandingSchema(Schema):
    rank = fields.Integer(required=True)
    pair = fields.Integer(required=True)
    name = fields.String(required=True)
    played = fields.Integer(required=True)
    byes = fields.Integer(required=True)
    baazis_won = fields.Integer(required=True)
    baazis_lost = fields.Integer(required=True)
    baazi_difference = fields.Integer(required=True)
    card_points_for = fields.Integer(required=True)
    card_points_against = fields.Integer(required=True)
    card_point_difference = fields.Integer(required=True)
    provisional = fields.Boolean(required=True)


class EventSchema(Schema):
    id = fields.Integer(required=True)
    name = fields.String(required=True)
    date = fields.String(required=True, allow_none=True)
    place = fields.String(required=True, allow_none=True)
    variant = fields.String(required=True)
    baazi_target = fields.Integer(required=True, allow_none=True)
    format = fields.String(required=True)
    url = fields.String(required=True)
    order = fields.String(required=True, metadata={"description": "how the standings are ranked"})
    partnerships = fields.List(fields.Nested(PairSchema), required=True)
    rounds = fields.List(fields.Nested(RoundSchema), required=True)
    standings = fields.List(fields.Nested(StandingSchema), required=True)


class NewTableSchema(TableSeatsSchema):
    edit_token = fields.String(required=True, metadata={"description": "the table's scorekeeper token, shown once"})
    edit_url = fields.String(required=True)
    confirm_token = fields.String(required=True, metadata={"description": "the opponents' confirm link's token "
                                                                          "(kept from the start; the organiser's "
                                                                          "view shows it again)"})
    confirm_url = fields.String(required=True, metadata={"description": "the opponents' confirm page, its token "
                                                                        "in the fragment"})
    follow_url = fields.String(required=True)


class NewRoundSchema(Schema):
    round = fields.Integer(required=True)
    bye = fields.Integer(required=True, allow_none=True)
    message = fields.String(required=True)
    tables = fields.List(fields.Nested(NewTableSchema), required=True)


class HandTableSchema(Schema):
    pair_a = WholeNumber(required=True, validate=validate.Range(min=1, max=64),
                         metadata={"description": "the partnership sitting North–South (two-player: North)"})
    pair_b = WholeNumber(required=True, validate=validate.Range(min=1, max=64),
                         metadata={"description": "the partnership sitting East–West (two-player: South)"})


class HandRoundSchema(Schema):
    tables = fields.List(fields.Nested(HandTableSchema), required=True, validate=validate.Length(min=1, max=32),
                         metadata={"description": "each table's two partnerships, by number"})


class AttachSchema(Schema):
    game_id = WholeNumber(required=True, validate=validate.Range(min=1, max=2 ** 63 - 1),
                          metadata={"description": "the stored game's id"})
    round = WholeNumber(validate=validate.Range(min=1, max=999),
                        metadata={"description": "the round the game belongs to (default: the last; the one after "
                                                 "the last makes a new round)"})


class AttachedSchema(Schema):
    round = fields.Integer(required=True)
    number = fields.Integer(required=True, metadata={"description": "the table's number in its round"})
    pair_a = fields.Integer(required=True)
    pair_b = fields.Integer(required=True)
    game_id = fields.Integer(required=True)
    scoresheet_url = fields.String(required=True)
    event_url = fields.String(required=True)


class StandingsSchema(Schema):
    id = fields.Integer(required=True)
    name = fields.String(required=True)
    order = fields.String(required=True, metadata={"description": "how the standings are ranked"})
    standings = fields.List(fields.Nested(StandingSchema), required=True)
    results_url = fields.String(required=True, metadata={"description": "the results page (prints well)"})
    csv_url = fields.String(required=True, metadata={"description": "the standings as CSV"})
    seep_url = fields.String(required=True, metadata={"description": "the event's games as one .seep"})


class PlannedTableSchema(Schema):
    number = fields.Integer(required=True)
    pair_a = fields.Integer(required=True, metadata={"description": "would sit North–South (two-player: North)"})
    pair_b = fields.Integer(required=True)


class PairingPreviewSchema(Schema):
    round = fields.Integer(required=True)
    pairing = fields.String(required=True, metadata={"description": "round-robin or swiss"})
    bye = fields.Integer(required=True, allow_none=True, metadata={"description": "the partnership that would sit out"})
    message = fields.String(required=True)
    tables = fields.List(fields.Nested(PlannedTableSchema), required=True)
