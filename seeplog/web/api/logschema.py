"""The JSON form of a log as marshmallow reads it (schema/log.schema.json says the same as JSON Schema)."""
from __future__ import annotations

from typing import Any

from marshmallow import Schema, ValidationError, fields, validate, validates_schema

from .schemas import ANNOTATION, CARD, LINE, NUMBER, SEAT, TAG_NAME, Whole, WholeNumber


class PointsSchema(Schema):
    cards = WholeNumber(required=True, validate=NUMBER)
    sweeps = WholeNumber(validate=NUMBER)


class ScoreSchema(Schema):
    """The score line: each team's points (NS and EW; N and S for two players)."""

    NS = fields.Nested(PointsSchema)
    EW = fields.Nested(PointsSchema)
    N = fields.Nested(PointsSchema)
    S = fields.Nested(PointsSchema)


class CardsLineSchema(Schema):
    seat = fields.String(required=True, validate=SEAT)
    cards = fields.List(fields.String(validate=CARD), required=True)


class RedealSchema(CardsLineSchema):
    seat = fields.String(allow_none=True, load_default=None, validate=SEAT)


class BidSchema(Schema):
    seat = fields.String(required=True, validate=SEAT)
    value = WholeNumber(required=True, validate=NUMBER)


class PlaySchema(Schema):
    seat = fields.String(required=True, validate=SEAT)
    move = fields.String(required=True, validate=[validate.Length(2, 200), Whole(
        r'^[^\n\r#{}"]*$', error="a move is one line of move notation, without #, {{ }} or quotes")])
    annotation = fields.String(validate=ANNOTATION)


class DealSchema(Schema):
    number = WholeNumber(required=True, validate=NUMBER)
    dealer = fields.String(required=True, validate=SEAT)
    annotation = fields.String(validate=ANNOTATION)
    redeals = fields.List(fields.Nested(RedealSchema))
    hands = fields.List(fields.Nested(CardsLineSchema))
    floor = fields.List(fields.String(validate=CARD))
    bid = fields.Nested(BidSchema)
    plays = fields.List(fields.Nested(PlaySchema))
    score = fields.Nested(ScoreSchema)


def _some_tag(tags: dict) -> None:
    if not tags:
        raise ValidationError("a game's tags, when given, name at least one")


class GameSchema(Schema):
    DOCUMENT = {"minProperties": 1}  # an empty game is refused (_not_empty)

    tags = fields.Dict(keys=fields.String(validate=TAG_NAME),
                       values=fields.String(validate=[LINE, validate.Length(max=200)]),
                       metadata={"propertyNames": {"pattern": TAG_NAME.regex.pattern}, "minProperties": 1},
                       validate=_some_tag)
    deals = fields.List(fields.Nested(DealSchema),
                        validate=validate.Length(min=1, error="a game's deals, when given, hold at least one"))

    @validates_schema
    def _not_empty(self, data: dict, **kwargs: object) -> None:
        if not data:
            raise ValidationError("a game holds tags or deals (or both)")


class LogSchema(Schema):
    """A log in JSON form, as schema/log.schema.json describes it."""

    games = fields.List(fields.Nested(GameSchema), required=True, validate=validate.Length(min=1), metadata={
        "description": "each game after the first has tags, and each before the last deals (the notation begins a "
                       "game with a tag line after a deal): a log otherwise is refused (400)"})

    @validates_schema
    def _games_apart(self, data: dict[str, Any], **kwargs: object) -> None:
        """Each game after the first has tags, each before the last deals: the notation begins a game with a tag
        line after a deal, so that a game without them would be read as part of the one beside it."""
        games = data.get("games", [])
        for number, game in enumerate(games):
            if number and not game.get("tags"):
                raise _in_game(number, "tags", "a game after the first begins with its tags: without them its "
                                               "deals would be the game before's")
            if number < len(games) - 1 and not game.get("deals"):
                raise _in_game(number, "deals", "a game before the last holds deals: without them its tags would "
                                                "be the next game's")


def _in_game(number: int, field: str, message: str) -> ValidationError:
    return ValidationError({"games": {number: {field: [message]}}})
