"""Schemas of opponent confirmation and of the director's view."""
from __future__ import annotations

from marshmallow import Schema, fields, validate

from seeplog.clubs.confirmations import REASON_LENGTH, VERDICTS

from ..api.schemas import LINE, WholeNumber
from ..live.schemas import CLIENT_ID, ENTRY, VERSION

TEAM = fields.String(validate=validate.OneOf(["NS", "EW", "N", "S"]),
                     metadata={"description": "the team answering: the opponents of the scorekeeper's team "
                                              "(EW; two-player: S); by default the table's confirming team"})


class AnswerSchema(Schema):
    deal = WholeNumber(required=True, validate=validate.Range(min=1, max=100_000),
                       metadata={"description": "the deal's number"})
    verdict = fields.String(required=True, validate=validate.OneOf(VERDICTS))
    team = TEAM
    reason = fields.String(validate=[LINE, validate.Length(max=REASON_LENGTH)],
                           metadata={"description": "why the score is refused (needed for a refusal)"})


class DealCheckSchema(Schema):
    deal = fields.Integer(required=True)
    score = fields.Dict(keys=fields.String(), values=fields.Integer(), required=True,
                        metadata={"description": "the deal's score now, per team"})
    status = fields.String(required=True, metadata={"description": "confirmed, refused or missing"})
    changed = fields.Boolean(required=True, metadata={"description": "missing because the score was corrected "
                                                                     "after its last answer"})
    team = fields.String(allow_none=True)
    reason = fields.String(allow_none=True)
    via = fields.String(allow_none=True, metadata={"description": "keeper (the scorekeeper's phone) or link "
                                                                  "(the opponents' confirm link)"})
    at = fields.String(allow_none=True)


class ConfirmationsSchema(Schema):
    game_id = fields.Integer(required=True)
    event_id = fields.Integer(required=True)
    round = fields.Integer(required=True)
    table = fields.Integer(required=True)
    team = fields.String(required=True, metadata={"description": "the team that confirms"})
    keeper_team = fields.String(required=True, metadata={"description": "the team whose scorekeeper enters"})
    confirmed = fields.Integer(required=True)
    refused = fields.Integer(required=True)
    missing = fields.Integer(required=True)
    deals = fields.List(fields.Nested(DealCheckSchema), required=True)


class FlaggedSchema(Schema):
    entry = fields.Integer(allow_none=True)
    line = fields.String(allow_none=True)
    rule = fields.String(required=True)
    message = fields.String(required=True, metadata={"description": "in English, as the report says it"})
    said = fields.Dict(allow_none=True, metadata={"description": "the message's template and parameters (a "
                                                                "parameter perhaps a template of its own), for "
                                                                "a page to say it in the reader's language"})
    deal = fields.Integer(allow_none=True)


class DirectorTableSchema(Schema):
    round = fields.Integer(required=True)
    number = fields.Integer(required=True)
    game_id = fields.Integer(required=True)
    pair_a = fields.Integer(required=True)
    pair_b = fields.Integer(required=True)
    names = fields.List(fields.String(), required=True, metadata={"description": "the two partnerships"})
    state = fields.String(required=True, metadata={"description": "open or closed (kept live), or uploaded"})
    uploaded = fields.Boolean(required=True, metadata={"description": "an uploaded game attached to the event: "
                                                                      "its scores only (no entries, no confirmations)"})
    deals = fields.Integer(required=True, metadata={"description": "deals recorded"})
    baazis = fields.List(fields.Integer(), required=True)
    card_points = fields.List(fields.Integer(), required=True)
    scoresheet_url = fields.String(required=True)
    provisional = fields.Boolean(metadata={"description": "an uploaded game: a deal's score unknown (RULES.md §8.5)"})
    version = fields.Integer(metadata={"description": "a live table's version"})
    next = fields.Dict(metadata={"description": "what a live table's game waits for (deal, play)"})
    last_entry = fields.String(metadata={"description": "a live table's last event, ISO 8601 UTC"})
    flagged = fields.List(fields.Nested(FlaggedSchema), metadata={"description": "a live table's flagged plays"})
    confirmations = fields.Nested(ConfirmationsSchema, metadata={"description": "a live table's"})
    entries = fields.List(fields.Dict(),
                          metadata={"description": "a live table's last deal's entries: number, line (to correct one)"})
    follow_url = fields.String(metadata={"description": "a live table's follow page"})
    confirm_url = fields.String(metadata={"description": "a live table's confirm link for the opponents (a token)"})


class DirectorSchema(Schema):
    id = fields.Integer(required=True)
    name = fields.String(required=True)
    now = fields.String(required=True, metadata={"description": "the server's time, ISO 8601 UTC"})
    tables = fields.List(fields.Nested(DirectorTableSchema), required=True,
                         metadata={"description": "every table of the event, the last round first"})


class CorrectionSchema(Schema):
    version = VERSION
    replace = ENTRY
    insert_before = ENTRY
    delete = ENTRY
    line = fields.String(validate=[LINE, validate.Length(min=1, max=500)])
    note = fields.String(required=True, validate=[LINE, validate.Length(min=1, max=480)],
                         metadata={"description": "the director's note: why (kept in the game's history)"})
    client_id = CLIENT_ID

