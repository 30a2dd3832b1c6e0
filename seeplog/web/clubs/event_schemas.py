"""The events API's schemas."""
from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from marshmallow import Schema, fields, pre_load, validate

from seeplog.clubs.standings import WHY
from seeplog.notation import VARIANT_NAMES

from ..api.document import EMPTY
from ..api.schemas import TEXT_LINE, WholeNumber, answer_schema, described
from .schemas import PlayerLinkSchema
from .event_rounds import FORMATS

NAME = fields.String(validate=[validate.Length(min=1, max=80), TEXT_LINE],
                     metadata={"description": "a player's name (the tables' seat tags: what a tag can hold)"})
TEXT = [validate.Length(min=1, max=120), TEXT_LINE]


class EventNewSchema(Schema):
    name = fields.String(required=True, validate=TEXT)
    variant = fields.String(required=True, validate=validate.OneOf(VARIANT_NAMES))
    date = fields.Date(metadata={"description": "YYYY-MM-DD (empty: not given)", EMPTY: True})
    place = fields.String(validate=TEXT, metadata={"description": "where it is played (empty: not given)", EMPTY: True})
    baazi_target = WholeNumber(validate=validate.Range(min=1, max=9999))
    format = fields.String(load_default="round-robin", validate=validate.OneOf(FORMATS),
                           metadata={"description": "how the next round is paired: round-robin; swiss (by the "
                                                    "standings, no rematch; the rounds before closed); hand (the "
                                                    "organiser names each round's tables)"})
    partnerships = fields.List(fields.List(NAME, validate=validate.Length(min=1, max=2)), required=True,
                               validate=validate.Length(min=2, max=64),
                               metadata={"description": "each partnership's players' names: two in a four-player "
                                                        "variant, one in a two-player one"})

    @pre_load
    def _empty_is_not_given(self, data: Any, **kwargs: object) -> Any:
        """An empty date or place is one not given, as the new event form's empty fields and the live API's
        empty tags are."""
        if not isinstance(data, Mapping):
            return data
        optional = {name for name, field in self.fields.items() if field.metadata.get(EMPTY)}
        return {name: value for name, value in data.items() if not (name in optional and value == "")}


EventCreatedSchema = answer_schema(
    "EventCreatedSchema", id=int, url=str, organiser_token=(str, "shown once; send it as a Bearer token"))
def withdrawn_from() -> dict[str, fields.Field]:
    """A partnership's `withdrawn_from` field (a field of its own each time)."""
    return {"withdrawn_from": described("the first round it was not paired in, having withdrawn from the event "
                                        "(null: it plays on); its results stand",
                                        fields.Integer, required=True, allow_none=True)}


PairSchema = answer_schema(
    "PairSchema", number=int, name=str, url=(str, "the partnership's page"), players=[PlayerLinkSchema],
    **withdrawn_from())


TableSeatsSchema = answer_schema(
    "TableSeatsSchema", number=int, pair_a=(int, "sits North-South (two-player: North)"), pair_b=int,
    game_id=described("null: its game was deleted", fields.Integer, required=True, allow_none=True))
"""Which table of a round, who sits at it, and its live game."""


def provisional_why(**options: Any) -> fields.Field:
    """Why a row or table is provisional: the keys of `standings.WHY`, described."""
    words = "; ".join(f"{key}: {text}" for key, text in WHY.items())
    return fields.List(fields.String(validate=validate.OneOf(list(WHY))), **options,
                       metadata={"description": f"why it is provisional (empty: it is not). {words}"})


TableSchema = answer_schema(
    "TableSchema", TableSeatsSchema, baazis=fields.List(fields.Integer()), card_points=fields.List(fields.Integer()),
    deals=described("deals whose score is known", fields.Integer),
    provisional=described("a deal's score is not known (RULES.md 8.5) or stands in doubt", fields.Boolean),
    provisional_why=provisional_why(),
    live=described("kept live at the table (false: an uploaded game attached)", fields.Boolean),
    in_play=described("its live game is still open: the table plays on, its figures are so far, not final",
                      fields.Boolean),
    follow_url=described("a live table's follow page"), scoresheet_url=fields.String(),
    confirmations=fields.Dict(keys=fields.String(), values=fields.Integer(),
                              metadata={"description": "a live table's scored deals the opponents confirmed, "
                                                       "refused, and those still to confirm: {confirmed, refused, "
                                                       "missing} (an uploaded game has none)"}))
def byes() -> dict[str, fields.Field]:
    """A round's `byes` field (a field of its own each time)."""
    return {"byes": described("every partnership sitting out: one when their number is odd, and each whose "
                              "scheduled opponent withdrew", fields.List, fields.Integer(), required=True)}



RoundSchema = answer_schema(
    "RoundSchema", round=int, tables=[TableSchema],
    pairing=fields.String(required=True, validate=validate.OneOf(["round-robin", "swiss", "hand", "attached"]),
                          metadata={"description": "how the round was paired: round-robin, swiss, hand (the "
                                                   "organiser named the tables), attached (uploaded games)"}),
    bye=fields.Integer(required=True, allow_none=True,
                       metadata={"description": "the partnership sitting out (the first of `byes`)"}), **byes())
StandingSchema = answer_schema(
    "StandingSchema", rank=int, pair=int, name=str, played=int, byes=int, baazis_won=int, baazis_lost=int,
    baazi_difference=int, card_points_for=int, card_points_against=int, card_point_difference=int, provisional=bool,
    provisional_why=provisional_why(required=True), **withdrawn_from())
RankedEventSchema = answer_schema(
    "RankedEventSchema", id=int, name=str, standings=[StandingSchema], order=(str, "how the standings are ranked"))
"""What the event's answer and its standings' answer both begin with."""
EventLineSchema = answer_schema(
    "EventLineSchema", id=int, name=str, date=str | None, place=str | None, variant=str,
    format=(str, "how its rounds are paired: round-robin, swiss or hand"), url=(str, "the event's page"))
EventListSchema = answer_schema("EventListSchema", events=[EventLineSchema])
EventSchema = answer_schema(
    "EventSchema", RankedEventSchema, date=str | None, place=str | None, variant=str, baazi_target=int | None,
    format=str, url=str, partnerships=[PairSchema], rounds=[RoundSchema])


NewTableSchema = answer_schema(
    "NewTableSchema", TableSeatsSchema, edit_token=(str, "the table's scorekeeper token, shown once"), edit_url=str,
    confirm_token=(str, "the opponents' confirm link's token (kept from the start; the organiser's view shows it "
                        "again)"),
    confirm_url=(str, "the opponents' confirm page, its token in the fragment"), follow_url=str)
NewRoundSchema = answer_schema("NewRoundSchema", round=int, bye=int | None, message=str, tables=[NewTableSchema],
                               **byes())


class NextRoundSchema(Schema):
    """Making the next round takes no field: the event's format pairs it (send no body, or {})."""


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


AttachedSchema = answer_schema(
    "AttachedSchema", round=int, number=(int, "the table's number in its round"), pair_a=int, pair_b=int, game_id=int,
    scoresheet_url=str, event_url=str)
StandingsSchema = answer_schema(
    "StandingsSchema", RankedEventSchema, results_url=(str, "the results page (prints well)"),
    csv_url=(str, "the standings as CSV"), seep_url=(str, "the event's games as one .seep"))
PlannedTableSchema = answer_schema(
    "PlannedTableSchema", number=int, pair_b=int, pair_a=(int, "would sit North–South (two-player: North)"))
PairingPreviewSchema = answer_schema(
    "PairingPreviewSchema", round=int, pairing=(str, "round-robin or swiss"), message=str, tables=[PlannedTableSchema],
    bye=fields.Integer(required=True, allow_none=True,
                       metadata={"description": "the partnership that would sit out (the first of `byes`)"}), **byes())


class WithdrawSchema(Schema):
    """Withdrawing a partnership takes no field (send no body, or {})."""


WithdrawalSchema = answer_schema(
    "WithdrawalSchema", pair=(int, "the partnership's number"), name=str,
    withdrawn_from=described("the first round it is not paired in (null: reinstated, it is paired again)",
                             fields.Integer, required=True, allow_none=True),
    message=(str, "what the withdrawal or reinstatement does, in a sentence"))
