"""One error envelope for every 4xx (and 5xx) of the API; a page saying the same for the browser, in the
reader's language where the sentence is a `seeplog.said.Said` (a refusal's): the envelope keeps the English.

``{"ok": false, "error": "…", "errors": [{"message", "field" | "line", "column"}], "status": N}``
"""
from __future__ import annotations

from typing import Any, Callable, Mapping, TypeVar

import flask_smorest
from flask import Response, current_app, jsonify, render_template, request
from flask_wtf.csrf import CSRFError
from marshmallow import Schema, fields
from werkzeug import exceptions as http
from werkzeug.exceptions import HTTPException, RequestEntityTooLarge

from ..findings import said_here
from .document import WrittenWhenRead
from ..statuswords import status_name, status_sentence
from seeplog.said import Said, said_field
from seeplog.refusals import BadInput, Conflict, NotAllowed, NotFound, Refusal, Refused, TooLarge


class ErrorItemSchema(Schema):
    message = fields.String(required=True)
    field = fields.String()
    line = fields.Integer()
    column = fields.Integer()
    rule = fields.String()
    said = fields.Dict(metadata={"description": "a log error's message as its template and parameters (a parameter "
                                                "perhaps a template of its own), for a page to say it in the "
                                                "reader's language; the message stays English"})


class ErrorSchema(Schema):
    """The error envelope."""

    ok = fields.Boolean(required=True, metadata={"description": "always false"})
    error = fields.String(required=True, metadata={"description": "what went wrong, in a sentence (English)"})
    said = fields.Dict(metadata={"description": "the same sentence as its template and parameters, where the service "
                                                "wrote it, for a page to say it in the reader's language"})
    errors = fields.List(fields.Nested(ErrorItemSchema), required=True)
    status = fields.Integer(required=True, metadata={"description": "the HTTP status"})
    version = fields.Integer(metadata={"description": "a live game's 409: the version it is at"})
    events = fields.List(fields.Dict(), metadata={"description": "a live game's 409 for a stale version: the "
                                                                "events since the version sent"})
    entries = fields.List(fields.Dict(), metadata={"description": "a live game's 409 for a stale version or a "
                                                                  "moved entry: its entries now (number, id, line)"})
    next = fields.Dict(metadata={"description": "a live game's 409 for outcomes: what the game waits for"})
    moved = fields.Dict(metadata={"description": "a live game's 409 for an `entry_id` that is not the entry at the "
                                                 "number sent: `id`, and `entry`, its number now (null: no longer in "
                                                 "the game)"})


View = TypeVar("View", bound=Callable[..., Any])


def refusals(blp: flask_smorest.Blueprint, answers: Mapping[int, str | None]) -> Callable[[View], View]:
    """A route's error answers in the OpenAPI document, by status: each the envelope (`ErrorSchema`) and what
    it means there (None: the status's own words). Use it as the route's decorator."""
    def document(view: View) -> View:
        for status, description in answers.items():
            view = blp.alt_response(status, schema=ErrorSchema, description=description)(view)
        return view
    return document


class ApiError(HTTPException):
    """An HTTP error with the envelope's message and items."""

    def __init__(self, status: int, message: str, errors: list[dict[str, Any]] | None = None, *,
                 extra: dict[str, Any] | None = None, headers: dict[str, str] | None = None):
        super().__init__(message)
        self.code = status
        self.message = message
        self.errors = errors or []
        self.extra = extra or {}
        """Keys added to the envelope (a live game's current version after a conflict, for instance)."""
        self.headers = headers or {}


def envelope(status: int, message: str, errors: list[dict[str, Any]] | None = None) -> dict[str, Any]:
    """The error envelope; a sentence of the service's own (a `Said`) also as its template and parameters
    (`said`), for a page to say it in the reader's language, the envelope's and each item's."""
    items = [{**said_field(item.get("message", "")), **item} for item in errors or []]
    return {"ok": False, "error": message, **said_field(message), "errors": items, "status": status}


def flatten(messages: Any, prefix: str = "") -> list[dict[str, Any]]:
    """marshmallow's nested messages as a list of {field, message}; webargs' location key is dropped."""
    if isinstance(messages, dict):
        items = []
        for key, value in messages.items():
            name = "" if key in ("json", "query", "form", "files") and not prefix else (
                f"{prefix}.{key}" if prefix else str(key))
            items += flatten(value, name)
        return items
    if isinstance(messages, list) and all(isinstance(m, str) for m in messages):
        return [{"field": prefix or "_schema", "message": m} for m in messages]
    if isinstance(messages, list):
        return [item for m in messages for item in flatten(m, prefix)]
    return [{"field": prefix or "_schema", "message": str(messages)}]


def describe(error: HTTPException) -> tuple[str, list[dict[str, Any]]]:
    """The sentence and the items of an HTTP error."""
    if isinstance(error, ApiError):
        return error.message, error.errors
    if isinstance(error, RequestEntityTooLarge):
        return too_large(current_app.config["MAX_CONTENT_LENGTH"]), []
    if isinstance(error, CSRFError):
        return Said("the form could not be checked ({why}): reload the page and send it again",
                    why=CSRF_REASONS.get(error.description, error.description)), []
    data = getattr(error, "data", None) or {}
    if "messages" in data or "errors" in data:
        return Said("the request is not valid"), flatten(data.get("errors") or data.get("messages"))
    description = error.description
    return description if isinstance(description, str) and description else str(error.name), []  # a Said kept


def too_large(limit: int) -> str:
    """The 413 of a body over `limit` bytes: an upload's says how large a log is."""
    if not reads_logs_here():
        return f"the request's body is too large: the limit is {limit:,} bytes ({limit / 1024:.0f} KiB)"
    return (f"the upload is too large: the limit is {limit:,} bytes ({limit / 1024:.0f} KiB); "
            "a Seep log is a few KiB, so send one log or a few at a time")


def reads_logs(view: View) -> View:
    """Mark a view (a function, or a MethodView's method) whose body is a Seep log or several: its 413 says how
    large a log is."""
    view.reads_logs = True  # type: ignore[attr-defined]
    return view


def reads_logs_here() -> bool:
    """The request's view is marked `reads_logs`."""
    view = current_app.view_functions.get(request.endpoint or "")
    handler = getattr(getattr(view, "view_class", None), request.method.lower(), view)
    return bool(getattr(handler, "reads_logs", False))


CSRF_REASONS = {
    "The CSRF token is missing.": Said("its check code is missing"),
    "The CSRF session token is missing.": Said("this browser holds no session for it: are cookies blocked?"),
    "The CSRF token has expired.": Said("the form has expired"),
    "The CSRF token is invalid.": Said("its check code cannot be read"),
    "The CSRF tokens do not match.": Said("it was opened in another session"),
    "The referrer header is missing.": Said("the browser did not say which page sent it"),
    "The referrer does not match the host.": Said("it was sent from another site's page"),
}
"""Why Flask-WTF refused a form (its own English reasons), as the pages say it."""


def wants_json() -> bool:
    if request.path.startswith("/api/"):
        return True
    best = request.accept_mimetypes.best_match(["text/html", "application/json"])
    return best == "application/json"


def handle(error: HTTPException) -> tuple[Response | str, int, dict[str, str]]:
    status = error.code or 500
    message, items = describe(error)
    headers = dict(error.get_headers()) if not isinstance(error, ApiError) else dict(error.headers)
    headers.pop("Content-Type", None)
    if wants_json():
        extra = error.extra if isinstance(error, ApiError) else {}
        return jsonify({**envelope(status, precise(error, message), items), **extra}), status, headers
    return render_template("error.html", status=status, name=status_name(status, error.name),
                           message=status_sentence(error, said_here(message), reads_logs_here()),
                           errors=items), status, headers


def precise(error: HTTPException, message: str) -> str:
    """For a client of the API, werkzeug's own sentence for an address or method it does not have, made
    precise: what was asked, what the address takes, where the addresses are listed."""
    if message != type(error).description:
        return message
    if isinstance(error, http.MethodNotAllowed) and error.valid_methods:
        *others, last = sorted(set(error.valid_methods) - {"HEAD", "OPTIONS"})
        takes = f"{', '.join(others)} or {last}" if others else last
        return f"{request.method} is not taken at {request.path}: it takes {takes} (the API's reference: /api/docs)"
    if isinstance(error, http.NotFound):
        return f"there is nothing at {request.path}: the API's addresses are listed at /api/docs"
    return message


STATUS: dict[type[Refusal], int] = {BadInput: 400, NotAllowed: 403, NotFound: 404, Conflict: 409, TooLarge: 413,
                                    Refused: 422}
"""The status of each kind of refusal a store raises: the one place that chooses them."""


def as_http(refusal: Refusal) -> ApiError:
    """A store's refusal as the API answers it: its status, sentence, items and extra keys; a refused
    bearer token with its challenge."""
    status = next(code for kind, code in STATUS.items() if isinstance(refusal, kind))
    realm = refusal.realm if isinstance(refusal, NotAllowed) else None
    return ApiError(status, refusal.message, refusal.errors, extra=refusal.extra,
                    headers={"WWW-Authenticate": f'Bearer realm="{realm}"'} if realm else None)


def handle_refusal(refusal: Refusal) -> tuple[Response | str, int, dict[str, str]]:
    return handle(as_http(refusal))


class Api(WrittenWhenRead):
    """flask-smorest's Api with seeplog's error envelope, for HTTP errors and stores' refusals alike (the
    pages' and the API's), and its OpenAPI document written when first read."""

    ERROR_SCHEMA = ErrorSchema

    def init_app(self, app, *args, **kwargs):  # type: ignore[no-untyped-def]
        super().init_app(app, *args, **kwargs)
        app.register_error_handler(Refusal, handle_refusal)

    def handle_http_exception(self, error: HTTPException):  # type: ignore[override]
        return handle(error)
