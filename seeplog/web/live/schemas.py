"""marshmallow schemas of the live API: the shape of its requests and answers (seeplog judges the lines)."""
from __future__ import annotations

from typing import Any

from marshmallow import Schema, ValidationError, fields, post_load, validate, validates_schema

from seeplog.notation import VARIANT_NAMES
from seeplog.ruleset import SEAT_TAGS
from seeplog.said import Said

from ..api.schemas import (CARD, LINE, SEAT, STRINGS, TAG_NAME, TEXT_LINE, Names, QuerySchema, Whole, WholeNumber,
                           answer_schema, described)
from ..oneline import is_one_line

ENTRY = WholeNumber(validate=validate.Range(min=1, max=100_000))
CLIENT_ID = fields.String(validate=[validate.Length(1, 100), Whole(
    r"^[A-Za-z0-9._:-]+$", error="a client_id is letters, digits and . _ : - (a UUID, say)")],
    metadata={"description": "the sender's id for this event (a UUID): a retry with it is stored once (and answered "
                                         "the first answer); sent with another request, it is refused (422)"})
VERSION = WholeNumber(required=True, validate=validate.Range(min=0, max=2 ** 63 - 1),
                         metadata={"description": "the version the sender has seen (optimistic concurrency)"})
NOTE = fields.String(validate=[TEXT_LINE, validate.Length(max=500)], metadata={"description": "why (a correction)"})
ENTRY_ID = WholeNumber(validate=validate.Range(min=1, max=2 ** 63 - 1), metadata={"description": (
    "the id (the entries' `id`) of the entry meant: the one `replace`, `insert_before` or `delete` names, or the last "
    "one for an undo. When the entry at that number is another (an entry inserted or deleted meanwhile), nothing is "
    "stored: 409 with `moved` (where that entry is now) and the entries now")})


class Trimmed(fields.String):
    """A string read without the spaces around it, as the start page's fields read theirs; one not on one line is
    left as sent, for its validator to refuse (a last newline too, which stripping would hide)."""

    def _deserialize(self, value: Any, attr: str | None, data: Any, **kwargs: Any) -> str:
        text = super()._deserialize(value, attr, data, **kwargs)
        return text.strip() if is_one_line(text) else text


TAG_VALUE = Trimmed(validate=[TEXT_LINE, validate.Length(max=200)],
                    metadata={"description": "read without the spaces around it; empty: no tag"})
PLAYER_SEAT = Whole(r"^[NWSE]$", error="a seat is N, W, S or E")
"""Upper case only, so that no seat can be named twice (n and N)."""


class LiveNewSchema(Schema):
    variant = fields.String(required=True, validate=validate.OneOf(VARIANT_NAMES))
    players = fields.Dict(keys=fields.String(validate=PLAYER_SEAT), values=TAG_VALUE,
                          metadata={"description": "a name per seat: {\"N\": \"Asha\", ...}",
                                    "propertyNames": {"pattern": PLAYER_SEAT.regex.pattern}})
    tags = fields.Dict(keys=fields.String(validate=[TAG_NAME, validate.Length(max=40)]), values=TAG_VALUE,
                       validate=Names(0, 30, "tags"),
                       metadata={"description": "Event, Site, Date, Round, Scorer, BaaziTarget, MaxHouses, "
                                                "Rotation and any other tag",
                                 "propertyNames": {"pattern": TAG_NAME.regex.pattern, "maxLength": 40},
                                 "maxProperties": 30})

    @validates_schema
    def tags_agree(self, data: dict[str, Any], **kwargs: Any) -> None:
        """`tags` may say again a seat's name or the variant (a known tag's name in any case), not otherwise."""
        given = given_tags(data)
        for tag, value in given_values(data).items():
            name, said = given.get(tag.lower(), (tag, value))
            if (value.lower() if name == "Variant" else value) != said:
                where = "variant" if name == "Variant" else "players"
                twice = Said("{tag} is '{said}' in {where} and '{value}' in tags: give it once, in {where}", tag=name,
                             said=said, where=where, value=value)
                raise ValidationError(twice, f"tags.{tag}")

    @post_load
    def once(self, data: dict[str, Any], **kwargs: Any) -> dict[str, Any]:
        """An empty name or tag is none (no tag, as on the start page; an empty `Date` is kept: it leaves the game
        undated); a tag that says again a seat's name or the variant goes (the game's header says each once)."""
        data["players"] = {seat: name for seat, name in data.get("players", {}).items() if name}
        given = given_tags(data)
        data["tags"] = {tag: value for tag, value in given_values(data).items() if tag.lower() not in given}
        return data


def given_tags(data: dict[str, Any]) -> dict[str, tuple[str, str]]:
    """The tags a start's `variant` and `players` give, by their names in lower case: (the tag, its value)."""
    seats = {SEAT_TAGS[seat]: name for seat, name in data.get("players", {}).items() if name}
    return {tag.lower(): (tag, value) for tag, value in {"Variant": data["variant"], **seats}.items()}


def given_values(data: dict[str, Any]) -> dict[str, str]:
    """A start's `tags` that say something: those not empty, and an empty `Date` (the game undated)."""
    return {tag: value for tag, value in data.get("tags", {}).items() if value or tag == "Date"}


class EntrySchema(Schema):
    line = fields.String(validate=[LINE, validate.Length(min=1, max=500)],
                         metadata={"description": "one line of notation (NOTATION.md)", "example": "W Jd x Jc 9s+2s"})
    version = VERSION
    client_id = CLIENT_ID
    replace = ENTRY
    insert_before = ENTRY
    delete = ENTRY
    entry_id = ENTRY_ID
    note = NOTE


def entry_problem(data: dict) -> dict[str, str] | None:
    """What is wrong with an entry request that its schema cannot say (answered 422 once the game and the
    token are known good): two corrections at once, a delete with a line, anything else without one."""
    named = [k for k in ("replace", "insert_before", "delete") if data.get(k) is not None]
    if len(named) > 1:
        return {"field": named[1], "message": Said("one correction at a time, not {named}", named=" and ".join(named))}
    if named == ["delete"] and data.get("line") is not None:
        return {"field": "line", "message": Said("a delete takes no line")}
    if named != ["delete"] and data.get("line") is None:
        return {"field": "line", "message": Said("a line of notation is needed")}
    if not named and data.get("entry_id") is not None:
        return {"field": "entry_id", "message": Said("entry_id names the entry a correction concerns: an appended "
                                                     "line has none")}
    return None


class EventSchema(Schema):
    version = VERSION
    client_id = CLIENT_ID
    note = NOTE


class UndoSchema(EventSchema):
    entry_id = ENTRY_ID


class CloseSchema(EventSchema):
    pass


class ReopenSchema(EventSchema):
    pass


class TagsSchema(EventSchema):
    tags = fields.Dict(keys=fields.String(validate=[TAG_NAME, validate.Length(max=40)]),
                       values=Trimmed(validate=[TEXT_LINE, validate.Length(
                           min=1, max=200, error="a tag's value holds 1 to 200 characters, the spaces around it "
                                                 "aside")]),
                       required=True, validate=Names(1, 10, "tags"),
                       metadata={"description": "the tags to set: Event, Site, Date (YYYY-MM-DD), Round, Scorer, "
                                                "and the players' names (North, West, South, East); each read "
                                                "without the spaces around it",
                                 "example": {"Event": "Club night", "Round": "2", "West": "Divya"},
                                 "propertyNames": {"pattern": TAG_NAME.regex.pattern, "maxLength": 40},
                                 "minProperties": 1, "maxProperties": 10})


class OutcomesQuerySchema(QuerySchema):
    card = fields.String(required=True, validate=CARD)
    seat = fields.String(validate=SEAT)

    @post_load
    def upper_seat(self, data, **kwargs):
        if data.get("seat"):
            data["seat"] = data["seat"].upper()
        return data


# ---------------------------------------------------------------- answers

OBJECTS = fields.List(fields.Dict(), required=True)
"""A required list of JSON objects (their keys are the report's or the game's, documented there)."""

LiveCreatedSchema = answer_schema(
    "LiveCreatedSchema", id=int, edit_token=(str, "shown once; send it as a Bearer token"), version=int,
    edit_url=(str, "the keep-score page, the token in its fragment (keep it secret)"),
    follow_url=(str, "the follow page (share it)"), api_url=str, scoresheet_url=str)
VerdictSchema = answer_schema(
    "VerdictSchema", ok=bool, errors=OBJECTS, violations=OBJECTS,
    words=described("the play in words, in English", allow_none=True),
    words_said=described("the same words as a sentence to say in any language (seeplog.said.said_json: its "
                         "template and parameters)", fields.Dict, allow_none=True))
EntryAnswerSchema = answer_schema(
    "EntryAnswerSchema", version=int, kind=str, verdict=fields.Nested(VerdictSchema, allow_none=True),
    entry=described("the entry's number", fields.Integer, allow_none=True),
    id=described("the id of the entry the event wrote (append, replace, insert; null for the others)", fields.Integer,
                 allow_none=True),
    line=described("the line stored (canonical)", allow_none=True),
    was=described("a replace, delete or undo: the entry as it found it, its line and place (kind, deal, play)",
                  fields.Dict, required=False),
    revealed=described("findings this event added to other entries (each with its entry's number, `entry`, and id, "
                       "`entry_id`)", fields.List, fields.Dict(), required=True),
    cleared=described("findings this event took off other entries", fields.List, fields.Dict(), required=True),
    unjudged=described("findings of other entries that are not judged any more: a log error before them now stops "
                       "the replay of their deal (they are judged again once it is corrected)", fields.List,
                       fields.Dict(), required=True),
    next=fields.Dict(required=True))
LiveGameSchema = answer_schema(
    "LiveGameSchema", id=int, version=int, variant=str, log=str,
    entries=described("each entry's line, place and findings: rule, play, seat, line, column, message (English, as "
                      "in the report) and said (the message's template and parameters, a parameter perhaps a "
                      "template of its own, for a page to say it in the reader's language)", fields.List,
                      fields.Dict(), required=True),
    state=fields.String(required=True, validate=validate.OneOf(["open", "closed"])),
    report=described("REPORT.md; a deal still being played has in_progress true", fields.Dict, required=True),
    next=described("kind deal (dealer, why), bid (seat), floor, play (seat, play) or closed; lead and baazis",
                   fields.Dict, required=True),
    table=described("the last deal's floor and the cards seen", fields.Dict, allow_none=True),
    ended=described("the last deal once it is over, as the report scores it: card_points, sweep_points, score, "
                    "cards_taken, sweeps, leftover (cards, seat, team: the cards left on the floor and who takes "
                    "them), lead, baazi, baazis, next_dealer, allowed_dealers", fields.Dict, allow_none=True),
    links=STRINGS)
LiveHistorySchema = answer_schema(
    "LiveHistorySchema", id=int, version=int,
    events=described("each event: version, kind, at, entry, line (what it wrote), was (a replace, delete or undo: "
                     "the entry it found, line and place), typed, note (a correction's reason), client_id",
                     fields.List, fields.Dict(), required=True))
OutcomesSchema = answer_schema(
    "OutcomesSchema", card=str, seat=str, deal=int, play=int, version=int,
    outcomes=described("each outcome: move, line, kind (capture, house, break, throw), legal, words (the play in "
                       "words) and words_said (the same as a template and its parameters, for a page to say it in "
                       "the reader's language), violations (rule, message, said)", fields.List, fields.Dict(),
                       required=True),
    seen=(bool, "the card was already seen in this deal"))
