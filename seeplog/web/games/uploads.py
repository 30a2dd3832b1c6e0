"""Turning what a client sent (bytes, text or a JSON log) into an Upload, or a clear BadUpload."""
from __future__ import annotations

import json
from typing import Any

from marshmallow import ValidationError

from seeplog.notation.jsonform import from_json
from seeplog.text import InputError, decode, utf16_text
from seeplog.report import NOT_A_LOG, is_report
from seeplog.said import Said

from ..api.errors import flatten
from ..api.jsonbody import json_kind, json_problem, not_json
from ..api.logschema import LogSchema
from .store import BadUpload, Upload

THE_UPLOAD = Said("the upload")
"""What a refusal calls an upload that has no file name (a pasted log)."""


def from_bytes(data: bytes, filename: str | None = None) -> Upload:
    """An uploaded file: UTF-8 notation (or UTF-16 with its byte order mark, as Notepad saves "Unicode"), or
    a JSON log (a .json name or text that starts with '{')."""
    return from_text(text_of(data, filename), filename)


def text_of(data: bytes, filename: str | None = None) -> str:
    """The text of uploaded bytes: UTF-8, or UTF-16 with its byte order mark; a BadUpload naming the first byte
    that is neither, by its line and column."""
    try:
        return utf16_text(data) or decode(data)
    except InputError as exc:
        where, _, rest = str(exc).partition(": E-SYNTAX ")
        line, _, column = where.partition(":")
        raise BadUpload(Said("{file}: {problem} at line {line}, column {column}; save the log as UTF-8 text and upload "
                             "it again", file=filename or THE_UPLOAD, problem=rest, line=line, column=column),
                        [{"message": rest, "line": int(line), "column": int(column), "rule": "E-SYNTAX"}]) from None


def from_text(text: str, filename: str | None = None) -> Upload:
    if (filename or "").lower().endswith(".json") or text.lstrip("\ufeff \t\r\n").startswith("{"):
        return from_json_text(text, filename)
    return Upload(text, text, "seep", filename)


def from_json_text(raw: str, filename: str | None = None) -> Upload:
    problem = json_problem(raw)
    if problem is not None:
        raise BadUpload(Said("{file}: {problem}", file=filename or THE_UPLOAD, problem=problem))
    try:
        doc = json.loads(raw.lstrip("\ufeff"))
    except json.JSONDecodeError as exc:
        raise BadUpload(*not_json(exc, filename or THE_UPLOAD)) from None
    except RecursionError:
        raise BadUpload(Said("{file} nests its JSON arrays or objects too deeply to be a log",
                             file=filename or THE_UPLOAD)) from None
    return from_json_doc(doc, raw, filename)


def from_json_doc(doc: Any, raw: str, filename: str | None = None) -> Upload:
    """A JSON log checked against LogSchema and written out as notation (a JSON report is refused as such)."""
    if is_report(doc):
        raise BadUpload(Said("{file}: {problem}", file=filename or THE_UPLOAD, problem=NOT_A_LOG),
                        [{"message": NOT_A_LOG, "line": 1, "column": 1}])
    if not isinstance(doc, dict):
        raise BadUpload(Said("{file} is a JSON {kind}, not an object: a log in JSON is an object, {{\"games\": [...]}} "
                             "(schema/log.schema.json); or send its text in Seep notation", file=filename or THE_UPLOAD,
                             kind=json_kind(doc)))
    try:
        checked = LogSchema().load(doc)
    except ValidationError as exc:
        raise BadUpload(Said("the JSON is not a log in the form of schema/log.schema.json"),
                        flatten(exc.messages)) from None
    text = from_json(checked)
    if not (is_unicode(raw) and is_unicode(text)):
        raise BadUpload(Said("the JSON holds a lone surrogate (an escape such as \\ud800 not paired with a second "
                             "one): that is no character, so it cannot be part of a log"))
    return Upload(raw, text, "json", filename)


def is_unicode(text: str) -> bool:
    """Whether the text can be written as UTF-8 (a JSON escape can name a lone surrogate, which cannot)."""
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        return False
    return True
