"""JSON a client sent, bounded before it is parsed: how deep it nests, how long its numbers are, and no lone
surrogate (an escape such as \\ud800 that names no character, so no UTF-8 store can keep it); then parsed,
every API's body alike: JSON that does not parse is answered with its line and column, a body of another
type with 415, JSON that is no object saying so, a byte order mark before it read past (`JsonParser`, the API's
blueprints' `Blueprint`)."""
from __future__ import annotations

import json
import re
from functools import partial
from typing import Any, NoReturn

import flask_smorest
from flask import Flask, Request, request
from marshmallow import Schema, fields, missing
from webargs.core import parse_json
from webargs.flaskparser import FlaskParser, is_json_request

from seeplog.said import Said

from .errors import ApiError, ErrorSchema
from .schemas import QuerySchema

MAX_DEPTH = 64
"""The deepest nesting of arrays and objects read (a log in its JSON form nests 6 deep)."""
MAX_DIGITS = 40
"""The longest run of digits in a number (every number of the API fits in 19)."""

BOM = "\ufeff".encode()
"""The UTF-8 byte order mark some editors write before a file's text."""

_STRING = re.compile(r'"[^"\\]*(?:\\.[^"\\]*)*"', re.S)
_BRACKET = re.compile(r"[\[\]{}]")
_LONG_NUMBER = re.compile(rf"[0-9]{{{MAX_DIGITS + 1},}}")
_SURROGATE_ESCAPE = re.compile(r"\\u[dD][89a-fA-F]")


def json_problem(text: str) -> str | None:
    """What makes a JSON text one the service does not parse, in a sentence; None for one it does (which may
    still be invalid JSON: the parser says so)."""
    bare = _STRING.sub('""', text)
    depth = 0
    for bracket in _BRACKET.finditer(bare):
        depth += 1 if bracket.group() in "[{" else -1
        if depth > MAX_DEPTH:
            return Said("the JSON nests its arrays or objects more than {most} deep", most=MAX_DEPTH)
    if _LONG_NUMBER.search(bare):
        return Said("the JSON holds a number of more than {most} digits", most=MAX_DIGITS)
    if _SURROGATE_ESCAPE.search(text) and any(_lone_surrogate(s) for s in _STRING.findall(text)):
        return Said("the JSON holds a lone surrogate (an escape such as \\ud800 not paired with a second one): "
                    "that is no character, so it cannot be stored")
    return None


def _lone_surrogate(literal: str) -> bool:
    if not _SURROGATE_ESCAPE.search(literal):
        return False
    try:
        json.loads(literal).encode("utf-8")
    except UnicodeEncodeError:
        return True
    except ValueError:
        return False  # not a JSON string: the parser says so
    return False


def refuse_unbounded_json() -> None:
    """Before any view: a JSON body the service would not parse is refused with 400."""
    if not request.is_json or not request.content_length:
        return
    try:
        text = request.get_data(cache=True).decode("utf-8")
    except UnicodeDecodeError:
        return  # not UTF-8: the parser says the body is not valid JSON
    problem = json_problem(text)
    if problem is not None:
        raise ApiError(400, problem)


def bound_json(app: Flask) -> None:
    app.before_request(refuse_unbounded_json)


def not_json(error: json.JSONDecodeError, what: str) -> tuple[Said, list[dict[str, Any]]]:
    """What answers JSON that does not parse: the sentence naming `what` (the body, a file) with the line and
    column, and the item that says where."""
    return (Said("{file} is not valid JSON: {problem} at line {line}, column {column}", file=what, problem=error.msg,
                 line=error.lineno, column=error.colno),
            [{"message": error.msg, "line": error.lineno, "column": error.colno}])


def json_kind(value: Any) -> str:
    """The kind of a JSON value, as JSON names it: object, array, string, number, boolean or null."""
    kinds = ((dict, "object"), (list, "array"), (str, "string"), (bool, "boolean"), ((int, float), "number"))
    return next((name for kind, name in kinds if isinstance(value, kind)), "null")


class JsonParser(FlaskParser):
    """webargs' parser, answering an API's body as POST /api/games answers a log: a body that is not JSON
    with 415, JSON that does not parse with its line and column, JSON that is no object saying so. A query's
    unknown parameters are the schema's to judge (a `QuerySchema` refuses them), not dropped as webargs would."""

    DEFAULT_UNKNOWN_BY_LOCATION = {**FlaskParser.DEFAULT_UNKNOWN_BY_LOCATION, "query": None, "querystring": None}

    def load_json(self, req: Request, schema: Schema) -> Any:
        if not req.is_json and req.get_data(cache=True):
            raise ApiError(415, "send the body as application/json (a JSON object), " + (
                f"not {req.mimetype}" if req.mimetype else "naming that type in its Content-Type header"))
        data = super().load_json(req, schema)
        if data is not missing and not isinstance(data, dict):
            raise ApiError(400, f"the body is a JSON {json_kind(data)}, not an object: send the request's fields as "
                                "a JSON object")
        return data

    def load_querystring(self, req: Request, schema: Schema) -> Any:
        """The query's parameters; one the schema takes given twice (page=1&page=2) is refused by name, not read as
        its first value."""
        twice = [{"field": name, "message": f"given {len(req.args.getlist(name))} times: give it once"}
                 for name in req.args if name in schema.fields and len(req.args.getlist(name)) > 1
                 and not isinstance(schema.fields[name], fields.List)]
        if twice:
            raise ApiError(400, "the request is not valid", twice)
        return super().load_querystring(req, schema)

    def _raw_load_json(self, req: Request) -> Any:
        """The body's JSON, a UTF-8 byte order mark before it read past (as POST /api/games reads a log's)."""
        if not is_json_request(req):
            return missing
        body = req.get_data(cache=True)
        return parse_json(body[len(BOM):] if body.startswith(BOM) else body)

    def _handle_invalid_json_error(self, error: json.JSONDecodeError | UnicodeDecodeError, req: Request,
                                   *args: Any, **kwargs: Any) -> NoReturn:
        if isinstance(error, UnicodeDecodeError):  # webargs makes it a JSONDecodeError first; kept for its type
            raise ApiError(400, f"the body is not valid JSON: it is not UTF-8 ({error.reason})")
        raise ApiError(400, *not_json(error, "the body"))


class Blueprint(flask_smorest.Blueprint):
    """flask-smorest's Blueprint whose requests' bodies `JsonParser` reads; a route with a JSON body also
    documents the 415 of a body of another type."""

    ARGUMENTS_PARSER = JsonParser()

    def arguments(self, schema: type[Schema] | Schema, *, location: str = "json", **kwargs: Any) -> Any:
        if location == "query" and not isinstance(schema, QuerySchema) and not (
                isinstance(schema, type) and issubclass(schema, QuerySchema)):
            raise TypeError(f"{schema} reads a query: make it a QuerySchema (empty values, unknown parameters)")
        parse = super().arguments(schema, location=location, **kwargs)
        if location != "json":
            return parse
        unsupported = self.alt_response(415, schema=ErrorSchema, description="a body that is not application/json")
        return lambda view: unsupported(parse(view))

    def no_query(self) -> Any:
        """The decorator of a route that takes no query parameter: one sent is refused by name (400, "foo: Unknown
        field."), as a route with a query refuses one it does not take; the view is given an empty dict."""
        parse = self.arguments(QuerySchema(), location="query", error_status_code=400)  # one instance: no schema made
        refused = self.alt_response(400, schema=ErrorSchema, description="a query parameter: the route takes none")
        return lambda view: refused(parse(view))

    def register_views_in_doc(self, api: Any, app: Any, spec: Any, *, name: str, parameters: Any) -> None:
        """Its routes go into the OpenAPI document when the document is first read (`WrittenWhenRead`)."""
        api.write_later(partial(super().register_views_in_doc, api, app, spec, name=name, parameters=parameters))
