"""What the OpenAPI document says of every route alike, once, rather than route by route: the tokens a change
sends (its security schemes), and the answers every write may get (403 from another site's page, 413 over the
body limit: `guards.same_origin_only` and the service's MAX_CONTENT_LENGTH); and of a body's field that may be
sent empty, as not given. And when it is written: on its first read (`WrittenWhenRead`)."""
from __future__ import annotations

import threading
from typing import Any, Callable

import flask_smorest
from apispec import APISpec, BasePlugin

BEARER = "bearerToken"
"""The scheme of a token sent as `Authorization: Bearer <token>`."""
MANAGE = "manageToken"
"""The scheme of a stored game's manage token sent as the X-Manage-Token header."""

SECURITY_SCHEMES: dict[str, dict[str, str]] = {
    BEARER: {"type": "http", "scheme": "bearer", "description": (
        "Authorization: Bearer <token>. Which token, the route says: a live game's edit token (POST /api/live "
        "answers it), an event's organiser token (POST /api/events answers it), a table's edit token or its confirm "
        "link's token (confirmations), an administrator token (`flask --app app admin-token`), or a stored game's "
        "manage token (PUT and DELETE /api/games/{game_id})")},
    MANAGE: {"type": "apiKey", "in": "header", "name": "X-Manage-Token", "description": (
        "a stored game's manage token, as POST /api/games answered it (`Authorization: Bearer` carries it too)")},
}

MANAGE_SECURITY: list[dict[str, list[str]]] = [{MANAGE: []}, {BEARER: []}]
"""A stored game's change: its manage token in either header."""

WRITES = ("post", "put", "delete")
ORIGIN = "sent from another site's page (its Origin header names another host)"
TOO_LARGE = "a body larger than the service's limit (its MAX_CONTENT_LENGTH; the message names it)"


class EveryRoute(BasePlugin):
    """apispec's plugin that completes each operation: a write documents its 403 and 413, and a route that
    answers 401 (no token: `guards.required_bearer`) names the bearer token it takes."""

    def init_spec(self, spec: APISpec) -> None:
        for name, scheme in SECURITY_SCHEMES.items():
            spec.components.security_scheme(name, scheme)

    def operation_helper(self, path: str | None = None, operations: dict[str, Any] | None = None,
                         **kwargs: Any) -> None:
        for method, operation in (operations or {}).items():
            responses = operation.setdefault("responses", {})
            if method in WRITES:
                also_means(responses, 403, ORIGIN, "another site")
                also_means(responses, 413, TOO_LARGE, "")
            if answer_to(responses, 401) is not None:
                operation.setdefault("security", [{BEARER: []}])

    def schema_helper(self, name: str, definition: dict[str, Any], **kwargs: Any) -> dict[str, Any]:
        """What a schema says of itself beyond its fields: its class's `DOCUMENT`."""
        return dict(getattr(kwargs.get("schema"), "DOCUMENT", {}))


def answer_to(responses: dict[Any, Any], status: int) -> dict[str, Any] | None:
    """The documented answer of `status` (flask-smorest keys them by number, a route's own doc by text)."""
    return next((answer for key, answer in responses.items() if str(key) == str(status)), None)


def also_means(responses: dict[Any, Any], status: int, meaning: str, said: str) -> None:
    """Document `status` with the error envelope and `meaning`; a status documented already is told the meaning
    too unless its description says `said` ("": any description of it says enough)."""
    answer = answer_to(responses, status)
    if answer is None:
        responses[status] = {"description": meaning, "content": {"application/json": {"schema": "Error"}}}
    elif said and said not in answer.get("description", ""):
        answer["description"] = f"{answer['description']}; or {meaning}"


EMPTY = "emptyIsNotGiven"
"""The metadata key of a body's field that may be sent as "", which is the field not given (the schema drops it)."""


def empty_is_not_given(converter: object, field: Any, ret: dict[str, Any], **kwargs: object) -> dict[str, Any]:
    """A field marked `EMPTY` in the document: a value of its kind (type, format, lengths, pattern), or ""."""
    if not field.metadata.get(EMPTY):
        return {}
    kind = {key: ret.pop(key) for key in list(ret) if key not in ("description", "example")}
    return {"anyOf": [kind, {"const": ""}]}


class WrittenWhenRead(flask_smorest.Api):
    """flask-smorest's Api whose OpenAPI document takes in the blueprints' routes when it is first read (served,
    printed), not as each registers: writing them costs more than all the rest of making an app, and most apps
    (a test's, a worker's just started) are never asked for it. The API's blueprints (`jsonbody.Blueprint`)
    hand their routes to `write_later`."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        self._unwritten: list[Callable[[], None]] = []
        self._registering = False
        self._writing = threading.RLock()  # a worker's threads may read it first at once
        super().__init__(*args, **kwargs)

    def register_blueprint(self, blp: Any, *, parameters: Any = None, **options: Any) -> None:
        self._registering = True  # its own reads of the document write nothing in
        try:
            super().register_blueprint(blp, parameters=parameters, **options)
        finally:
            self._registering = False

    def write_later(self, routes: Callable[[], None]) -> None:
        self._unwritten.append(routes)

    @property  # type: ignore[override]
    def spec(self) -> APISpec:
        if not self._registering:
            with self._writing:
                while self._unwritten:
                    self._unwritten.pop(0)()
        return self._spec

    @spec.setter
    def spec(self, spec: APISpec) -> None:
        self._spec = spec
