"""marshmallow schemas: the shape of requests and responses (seeplog itself judges the game)."""
from __future__ import annotations

import re
from datetime import date
from types import UnionType
from typing import Any, Callable, Mapping, get_args

from marshmallow import RAISE, Schema, ValidationError, fields, pre_load, validate, validates_schema

from seeplog.notation import VARIANT_NAMES
from seeplog.ruleset import SEATS, seat_class

from ..oneline import ONE_LINE


class Whole(validate.Regexp):
    """A documented pattern matched against the whole text (a Regexp's `$` lets a last newline through)."""

    def __call__(self, value: Any) -> Any:
        if self.regex.fullmatch(value) is None:
            raise ValidationError(self._format_error(value))
        return value


LINE = validate.Regexp(r"^[^\n\r]*$", error="must stay on one line")
"""A line of notation, or a note: no line break (what else a line of notation may hold, the notation decides; a
last newline is read as the line's end)."""
TEXT_LINE = Whole(ONE_LINE, error="must stay on one line, without control characters")
"""Text a person writes on one line, a name or a tag (`seeplog.web.oneline`): no control character, no line or
paragraph separator."""
SEAT = Whole(rf"^{seat_class(lower=True)}$", error=f"a seat is {', '.join(SEATS[:-1])} or {SEATS[-1]}")
CARD = Whole(r"^(?:[2-9TtJjQqKkAa]|10)[shdcSHDC♠♥♦♣]$", error="a card is a rank and a suit, as Td")
DATE_FORM = Whole(r"^[0-9]{4}-[0-9]{2}-[0-9]{2}$", error="a date is written YYYY-MM-DD")


def _on_the_calendar(value: str) -> None:
    """A YYYY-MM-DD date that is on the calendar (2026-13-01 is not); a text not in that form is DATE_FORM's
    to refuse, so a field has one error."""
    try:
        DATE_FORM(value)
    except ValidationError:
        return
    try:
        date.fromisoformat(value)
    except ValueError:
        raise ValidationError(f"{value} is not a date on the calendar (YYYY-MM-DD, month 01-12)") from None


DATE: list[Callable[[Any], Any]] = [DATE_FORM, _on_the_calendar]
"""A date field's validators: the form (documented as its pattern), then the calendar."""
TAG_NAME = Whole(r"^[A-Za-z][A-Za-z0-9_-]*$", error="a tag name is a word of letters and digits")
class Names(validate.Validator):
    """How many names an object (a Dict) holds, said in its own words ("at most 30 tags"); the OpenAPI document
    states it as the field's minProperties and maxProperties (a Length would be documented as a string's)."""

    def __init__(self, least: int, most: int, what: str) -> None:
        self.least, self.most, self.what = least, most, what

    def __call__(self, value: Any) -> Any:
        if len(value) > self.most:
            raise ValidationError(f"at most {self.most} {self.what}")
        if len(value) < self.least:
            raise ValidationError(f"at least {self.least} {self.what[:-1] if self.least == 1 else self.what}")
        return value


NUMBER = validate.Range(min=0, max=9999)
MAX_PAGE = 1_000_000_000
"""The largest page (or game of a file) asked for: page × per_page stays far below SQLite's integers."""
ANNOTATION = [validate.Length(max=500),
              Whole(r"^[^\n\r{}]*$", error="an annotation is one line without {{ }}")]


Kind = type | UnionType | tuple[type, str] | list[type[Schema]] | fields.Field
"""A field in `answer_schema`'s table: its JSON type (int, str, bool, float; `str | None` where it may be null),
that type and its description, a list of one schema (a required list of them), or a marshmallow field for
anything else."""
PLAIN: dict[type, type[fields.Field]] = {int: fields.Integer, str: fields.String, bool: fields.Boolean,
                                         float: fields.Float}


def field_of(kind: Kind) -> fields.Field:
    """The required field a table of `answer_schema` names (a marshmallow field stays as it is)."""
    if isinstance(kind, fields.Field):
        return kind
    if isinstance(kind, list):
        return fields.List(fields.Nested(kind[0]), required=True)
    if isinstance(kind, UnionType):
        plain = next(k for k in get_args(kind) if k is not type(None))
        return PLAIN[plain](required=True, allow_none=True)
    plain, words = kind if isinstance(kind, tuple) else (kind, None)
    return PLAIN[plain](required=True, metadata={"description": words} if words else {})


def answer_schema(schema: str, base: type[Schema] = Schema, /, **table: Kind) -> type[Schema]:
    """The schema of an answer, its fields given as a table (name=kind, see `Kind`): each said once, in a line
    with its neighbours, instead of a column of look-alike declarations."""
    return base.from_dict({name: field_of(kind) for name, kind in table.items()}, name=schema)


def described(words: str, kind: type[fields.Field] = fields.String, /, *args: Any, **options: Any) -> fields.Field:
    """A field of that kind (made with those arguments) and its description for the OpenAPI document."""
    return kind(*args, **options, metadata={"description": words})


# ---------------------------------------------------------------- numbers and keys (the log's JSON form: logschema)

class WholeNumber(fields.Integer):
    """A JSON integer: 7, or 7.0 (JSON Schema counts a number without a fraction as an integer); never a
    string or a boolean."""

    def _deserialize(self, value, attr, data, **kwargs):  # type: ignore[no-untyped-def]
        if isinstance(value, float) and value.is_integer():
            value = int(value)
        if isinstance(value, bool) or not isinstance(value, int):
            raise self.make_error("invalid")
        return super()._deserialize(value, attr, data, **kwargs)


def property_names(converter: object, field: fields.Field, **kwargs: object) -> dict:
    """A Dict's rule for its keys in the OpenAPI document (JSON Schema's propertyNames), from its metadata."""
    names = field.metadata.get("propertyNames")
    return {"propertyNames": names} if names else {}



# ---------------------------------------------------------------- requests

class Number(fields.Integer):
    """A whole number in ASCII digits (int() would also read '١' or '１'); 7.0 is 7, as JSON Schema counts a
    number without a fraction as an integer (the OpenAPI document's `integer`)."""

    def _deserialize(self, value, attr, data, **kwargs):  # type: ignore[no-untyped-def]
        if isinstance(value, str) and not value.isascii():
            raise self.make_error("invalid")
        if isinstance(value, str) and (whole := _WHOLE.fullmatch(value)):
            value = whole.group(1)
        return super()._deserialize(value, attr, data, **kwargs)


_WHOLE = re.compile(r"([+-]?[0-9]+)\.0+")


class QuerySchema(Schema):
    """A query string's parameters, as every API list and the games list page read them: an empty value is a
    field not given (a form sends its empty fields); a parameter the schema does not name is refused by name
    ("sort: Unknown field."), not ignored. Every API route's query is read by one (`jsonbody.Blueprint`)."""

    class Meta:
        unknown = RAISE

    @pre_load
    def _empty_is_not_given(self, data: Mapping[str, Any], **kwargs: object) -> dict[str, Any]:
        return {name: data[name] for name in data if data[name] != ""}


def empty_allowed(converter: object, field: fields.Field, ret: dict, **kwargs: object) -> dict:
    """An optional parameter of a `QuerySchema` in the OpenAPI document: it may be sent empty
    (allowEmptyValue), as not given."""
    optional_query = isinstance(field.parent, QuerySchema) and ret.get("in") == "query" and not field.required
    return {"allowEmptyValue": True} if optional_query else {}


DATES_OUT_OF_ORDER = "date_from is after date_to"
"""The refusal of a date range no game can be in (the list page says it in the reader's words)."""


class GameQuerySchema(QuerySchema):
    q = fields.String(metadata={"description": "a player, event or site containing this text"})
    player = fields.String(metadata={"description": "a player whose name contains this text"})
    event = fields.String(metadata={"description": "an event whose name contains this text"})
    variant = fields.String(validate=validate.OneOf(VARIANT_NAMES))
    date_from = fields.String(validate=DATE, metadata={"format": "date",
                                                       "description": "games played on or after (YYYY-MM-DD)"})
    date_to = fields.String(validate=DATE, metadata={"format": "date",
        "description": "games played on or before (YYYY-MM-DD); a date_to before date_from is refused"})
    flagged = fields.Boolean(load_default=False, metadata={"description": "only games with violations or errors"})
    page = Number(load_default=1, validate=validate.Range(min=1, max=MAX_PAGE))
    per_page = Number(load_default=20, validate=validate.Range(min=1, max=100))

    @validates_schema
    def _dates_in_order(self, data: dict, **kwargs: object) -> None:
        """A range no game can be in is refused (400), on the list page and in the API alike."""
        if data.get("date_from") and data.get("date_to") and data["date_from"] > data["date_to"]:
            raise ValidationError(DATES_OUT_OF_ORDER, "date_from")


class PlayQuerySchema(QuerySchema):
    game = Number(load_default=1, validate=validate.Range(min=1, max=MAX_PAGE),
                          metadata={"description": "which game of the file (a file may hold several), from 1"})


# ---------------------------------------------------------------- responses

class ReportSchema(Schema):
    """The validation report of REPORT.md (its keys are documented there)."""

    games = fields.List(fields.Dict(), required=True)
    errors = fields.List(fields.Dict())


NULLABLE = fields.String(allow_none=True)
"""A string that may be left out or null."""
STRINGS = fields.Dict(keys=fields.String(), values=fields.String(), required=True)
"""A required object of strings by name."""

GameSummarySchema = answer_schema(
    "GameSummarySchema", id=int, url=(str, "the game's page"), filename=NULLABLE, uploaded=str, format=str, hash=str,
    tags=STRINGS, variant=str, event=NULLABLE, date=NULLABLE, players=STRINGS, games=(int, "games in the log"),
    deals=int, violations=int, errors=int, status=(int, "0 clean, 1 violations, 2 errors"), result=str,
    live=fields.String(allow_none=True, metadata={"description": "a game kept live: 'open' or 'closed'; null for an "
                                                                 "upload"}))
HistorySchema = answer_schema(
    "HistorySchema", raw=(str, "the text as it was uploaded"), format=str, filename=NULLABLE, uploaded=str,
    replaced=str)
GameDetailSchema = answer_schema(
    "GameDetailSchema", GameSummarySchema, text=(str, "the notation text read"), canonical=str,
    raw=(str, "the upload exactly as it came"), links=STRINGS,
    history=described("the texts the game held before it was replaced, oldest first",
                      fields.List, fields.Nested(HistorySchema)))
GameListSchema = answer_schema("GameListSchema", games=[GameSummarySchema], total=int, page=int, per_page=int)


class UploadResultSchema(Schema):
    id = fields.Integer(required=True)
    created = fields.Boolean(required=True, metadata={"description": "false when the log was already stored"})
    url = fields.String(required=True)
    report = fields.Nested(ReportSchema, required=True)
    manage_token = fields.String(metadata={
        "description": "a new game only: the secret that replaces (PUT) or deletes (DELETE) it, sent as the "
                       "X-Manage-Token header; shown this once and stored only as a hash"})
    message = fields.String(metadata={
        "description": "a log stored before only: where it is stored, and that its manage token is the one "
                       "its first upload answered with"})


# ---------------------------------------------------------------- one play (the dispute view)

CARDS = fields.List(fields.String(), required=True, metadata={"description": "cards in notation, e.g. Td"})


class HouseStateSchema(Schema):
    value = fields.Integer(required=True)
    cards = CARDS
    owners = fields.List(fields.String(), required=True, metadata={"description": "the owning seats"})
    cemented = fields.Boolean(required=True, metadata={"description": "its cards add up to more than its value"})


SweepStateSchema = answer_schema("SweepStateSchema", play=int, seat=str, card=str, points=int)


class FloorStateSchema(Schema):
    """The deal between two plays."""

    loose = CARDS
    houses = fields.List(fields.Nested(HouseStateSchema), required=True)
    taken = fields.Dict(keys=fields.String(), values=fields.List(fields.String()), required=True,
                        metadata={"description": "the cards each team has captured so far"})
    cards_taken = fields.Dict(keys=fields.String(), values=fields.Integer(), required=True)
    sweeps = fields.List(fields.Nested(SweepStateSchema), required=True)
    turn = fields.String(required=True, metadata={"description": "the seat whose turn it is"})
    last_capturer = fields.String(allow_none=True, required=True)


class HandStateSchema(Schema):
    cards = CARDS
    # The JSON key "partial" shadows Schema's option of that name, which marshmallow sets per instance.
    partial = fields.Boolean(required=True,  # type: ignore[assignment]
                             metadata={"description": "the log does not show every card of it"})


PlayFindingSchema = answer_schema(
    "PlayFindingSchema", rule=str, message=str, line=fields.Integer(allow_none=True),
    column=fields.Integer(allow_none=True), explanation=(str, "the rule in plain words"))


class PlayDetailSchema(Schema):
    """One play of a deal: the floor before and after it, the hands as known, its findings, the legal plays."""

    game = fields.Integer(required=True)
    deal = fields.Integer(required=True)
    play = fields.Integer(required=True)
    plays = fields.Integer(required=True, metadata={
        "description": "how many plays of the deal can be viewed: those the replay reached and the one it stopped at"})
    seat = fields.String(required=True, allow_none=True, metadata={"description": "the seat that played"})
    turn = fields.String(required=True, metadata={"description": "the seat whose turn it was"})
    move = fields.String(required=True, allow_none=True, metadata={
        "description": "the play in canonical notation (null for a line that could not be read)"})
    words = fields.String(required=True, metadata={"description": "the play in words"})
    line = fields.Integer(allow_none=True, metadata={"description": "its line in the log"})
    annotation = fields.String(allow_none=True)
    before = fields.Nested(FloorStateSchema, required=True)
    after = fields.Nested(FloorStateSchema, required=True, allow_none=True, metadata={
        "description": "null at the play where the replay stopped"})
    stopped = fields.Boolean(required=True, metadata={
        "description": "the replay stopped at this play (a log error, or the play after the last one recorded)"})
    hand_known = fields.Boolean(metadata={"description": "stopped play: the hand to move is known from the log "
                                                         "(else `legal` uses every card not yet seen)"})
    meant = fields.List(fields.String(), metadata={"description": "E-AMBIGUOUS: the maximal captures it could mean"})
    near = fields.List(fields.String(), metadata={
        "description": "E-FLOOR: what is on the floor of the same rank or value as what the play named"})
    hands = fields.Dict(keys=fields.String(), values=fields.Nested(HandStateSchema), required=True,
                        metadata={"description": "each seat's hand before the play, as the log shows it"})
    violations = fields.List(fields.Nested(PlayFindingSchema), required=True)
    legal = fields.List(fields.String(), required=True, metadata={
        "description": "the legal plays of the seat whose turn it was, with the hand as known then, one per "
                       "outcome (what the card takes or joins): canonical move texts sorted as strings, as "
                       "`python -m seeplog legal` prints them"})
    legal_words = fields.List(fields.String(), required=True, metadata={"description": "the same plays in words"})
    legal_groupings = fields.List(fields.Integer(), required=True, metadata={
        "description": "for each legal play, how many groupings of the same cards it stands for (a play is "
                       "listed once per outcome: what the card takes or joins, shown in one grouping)"})
    legal_complete = fields.Boolean(required=True, metadata={
        "description": "false when the floor is too large for the bounds and some outcomes are not listed"})
    links = fields.Dict(keys=fields.String(), values=fields.String(allow_none=True), required=True,
                        metadata={"description": "page, game, previous and next play"})
