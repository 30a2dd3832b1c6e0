"""Schemas of opponent confirmation and of the director's view."""
from __future__ import annotations

from typing import Any

from marshmallow import Schema, fields, validate

from seeplog.clubs.confirmations import REASON_LENGTH, VERDICTS

from ..api.schemas import LINE, NULLABLE, TEXT_LINE, Names, Whole, WholeNumber, answer_schema, described
from .event_schemas import provisional_why
from ..live.schemas import CLIENT_ID, ENTRY, VERSION, CloseSchema, EntryAnswerSchema

TEAM_NAME = Whole(r"^(NS|EW|N|S)$", error="a team is NS, EW, N or S")
TEAM = fields.String(validate=validate.OneOf(["NS", "EW", "N", "S"]),
                     metadata={"description": "the team answering: the opponents of the scorekeeper's team "
                                              "(EW; two-player: S); by default the table's confirming team"})


class AnswerSchema(Schema):
    deal = WholeNumber(required=True, validate=validate.Range(min=1, max=100_000),
                       metadata={"description": "the deal's number"})
    verdict = fields.String(required=True, validate=validate.OneOf(VERDICTS))
    team = TEAM
    reason = fields.String(validate=[TEXT_LINE, validate.Length(max=REASON_LENGTH)],
                           metadata={"description": "why the score is refused (needed for a refusal), or a "
                                                    "director's ruling (needed with the organiser token)"})
    score = fields.Dict(keys=fields.String(validate=TEAM_NAME),
                        values=WholeNumber(validate=validate.Range(min=-100_000, max=100_000)),
                        validate=Names(1, 2, "teams"),
                        metadata={"description": "the deal's score answered, per team, as the page showed it: "
                                                 "refused (409, nothing stored) when the score is another now "
                                                 "(corrected meanwhile); needed for a director's ruling, which "
                                                 "stands only over a refusal of this same score",
                                  "propertyNames": {"pattern": TEAM_NAME.regex.pattern}, "minProperties": 1,
                                  "maxProperties": 2})


DealCheckSchema = answer_schema(
    "DealCheckSchema", deal=int, status=(str, "confirmed, refused or missing"),
    score=fields.Dict(keys=fields.String(), values=fields.Integer(), required=True,
                      metadata={"description": "the deal's score now, per team"}),
    changed=(bool, "missing because the score was corrected after its last answer"),
    team=NULLABLE, reason=NULLABLE, at=NULLABLE,
    via=fields.String(allow_none=True, metadata={"description": "keeper (the scorekeeper's phone), link (the "
                                                                "opponents' confirm link) or director (a ruling "
                                                                "that the score stands, its reason the ruling)"}))

ConfirmationsSchema = answer_schema(
    "ConfirmationsSchema", game_id=int, event_id=int, round=int, table=int, confirmed=int, refused=int, missing=int,
    team=(str, "the team that confirms"), keeper_team=(str, "the team whose scorekeeper enters"),
    deals=[DealCheckSchema])

FlaggedSchema = answer_schema(
    "FlaggedSchema", rule=str, message=(str, "in English, as the report says it"),
    entry=fields.Integer(allow_none=True),
    line=NULLABLE, deal=fields.Integer(allow_none=True),
    play=fields.Integer(allow_none=True, metadata={"description": "the entry's play number in its deal (null: a "
                                                                  "line that is no play)"}),
    said=fields.Dict(allow_none=True, metadata={"description": "the message's template and parameters (a parameter "
                                                               "perhaps a template of its own), for a page to say "
                                                               "it in the reader's language"}))


def live(words: str, kind: type[fields.Field] = fields.String, *args: Any) -> fields.Field:
    """A field only a live table has (an uploaded one leaves it out), a string unless another kind is given."""
    return described(f"a live table's {words}", kind, *args)


DirectorTableSchema = answer_schema(
    "DirectorTableSchema", round=int, number=int, game_id=int, pair_a=int, pair_b=int, scoresheet_url=str,
    names=fields.List(fields.String(), required=True, metadata={"description": "the two partnerships"}),
    state=(str, "open or closed (kept live), or uploaded"),
    uploaded=(bool, "an uploaded game attached to the event: its scores only (no entries, no confirmations)"),
    deals=(int, "deals recorded"),
    baazis=fields.List(fields.Integer(), required=True), card_points=fields.List(fields.Integer(), required=True),
    provisional=fields.Boolean(metadata={"description": "the table's figures are provisional, as the event's page "
                                                     "says: a deal's score unknown (RULES.md §8.5), not adding up "
                                                     "(R-SCORE-TOTAL) or (a live table) refused"}),
    provisional_why=provisional_why(),
    unknown_deals=live("deals whose score is not known (RULES.md §8.5; not the deal being played)", fields.List,
                       fields.Integer()),
    version=live("version", fields.Integer),
    next=fields.Dict(metadata={"description": "what a live table's game waits for (deal, play)"}),
    last_entry=live("last entry's time (the table's making, before its first entry; a close or reopen is no entry), "
                    "ISO 8601 UTC"),
    started=live("whether a deal was begun at the table (the tags aside)", fields.Boolean),
    flagged=live("flagged plays", fields.List, fields.Nested(FlaggedSchema)),
    confirmations=fields.Nested(ConfirmationsSchema, metadata={"description": "a live table's"}),
    entries=live("entries to correct (number, line, deal, play): the last deals', those of a deal refused or "
                 "flagged, the flagged ones", fields.List, fields.Dict()),
    follow_url=live("follow page"), confirm_url=live("confirm link for the opponents (a token)"))

DirectorSchema = answer_schema(
    "DirectorSchema", id=int, name=str, now=(str, "the server's time, ISO 8601 UTC"),
    teams=fields.List(fields.String(), required=True,
                      metadata={"description": "the sides of the event's tables, as `names` gives them: NS and EW, "
                                               "or for two players N and S"}),
    tables=fields.List(fields.Nested(DirectorTableSchema), required=True,
                       metadata={"description": "every table of the event, the last round first"}))


class CorrectionSchema(Schema):
    version = VERSION
    replace = ENTRY
    insert_before = ENTRY
    delete = ENTRY
    line = fields.String(validate=[LINE, validate.Length(min=1, max=500)])
    note = fields.String(required=True, validate=[TEXT_LINE, validate.Length(min=1, max=480)],
                         metadata={"description": "the director's note: why (kept in the game's history, without "
                                                  "the spaces around it; spaces alone are refused)"})
    client_id = CLIENT_ID



class DirectorCloseSchema(CloseSchema):
    unplayed = fields.Boolean(metadata={"description": "close a table where no deal was played (its partnerships "
                                                      "did not play, say): needed for such a table, refused for "
                                                      "one whose deals were played"})


DirectorCorrectedSchema = answer_schema(
    "DirectorCorrectedSchema", EntryAnswerSchema,
    reclosed=fields.Boolean(metadata={"description": "the table was closed: it was reopened for the correction and "
                                                     "closed again (version and next are the close's)"}))
