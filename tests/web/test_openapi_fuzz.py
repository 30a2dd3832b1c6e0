"""The service against its own OpenAPI document (/api/openapi.json): schemathesis generates requests from it
and checks every answer: no 5xx, a status the document lists, a body of its schema, valid requests accepted
and invalid ones refused. In process (WSGI), on a store holding two games, with a bounded budget."""
from __future__ import annotations

import tempfile
from pathlib import Path

import pytest
import schemathesis
from schemathesis import GenerationMode
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from schemathesis.specs.openapi.checks import positive_data_acceptance

from seeplog.web.games.api import LOG_TYPES
from tests.web.helpers import make_app, upload

EXAMPLES_PER_OPERATION = 15


@pytest.fixture(scope="module")
def openapi():
    with tempfile.TemporaryDirectory() as folder:
        app = make_app(Path(folder) / "seeplog.db")
        client = app.test_client()
        for name in ("game-standard-1.seep", "r-capture-all.seep"):
            upload(client, name)
        yield schemathesis.openapi.from_wsgi("/api/openapi.json", app)


def operations(schema) -> list:
    return [result.ok() for result in schema.get_all_operations()]


def test_the_document_names_every_operation(openapi):
    labels = {op.label for op in operations(openapi)}
    assert {"GET /api/games", "POST /api/games", "GET /api/games/{game_id}", "GET /api/games/{game_id}/report",
            "GET /api/games/{game_id}/deals/{deal}/plays/{play}"} <= labels


def test_the_document_says_an_optional_query_parameter_may_be_empty(client):
    """The service takes an empty value as not given (a form sends its empty fields): the document says so
    (allowEmptyValue), so an empty `date_from` is no value its pattern refuses."""
    paths = client.get("/api/openapi.json").json["paths"]
    query = [p for path in paths.values() for op in path.values() if isinstance(op, dict)
             for p in op.get("parameters", []) if p["in"] == "query"]
    assert {p["name"] for p in query} >= {"date_from", "page", "card", "seat"}
    assert all(p.get("allowEmptyValue") is (None if p.get("required") else True) for p in query), query


@pytest.mark.slow
@pytest.mark.parametrize("mode", [GenerationMode.POSITIVE, GenerationMode.NEGATIVE], ids=["valid", "invalid"])
def test_the_service_keeps_to_its_openapi_document(openapi, mode):
    found = operations(openapi)
    strategy = st.one_of([op.as_strategy(generation_mode=mode) for op in found])

    @given(strategy)
    @settings(max_examples=EXAMPLES_PER_OPERATION * len(found), deadline=None, derandomize=True, database=None,
              suppress_health_check=list(HealthCheck))
    def answers_as_documented(case):
        response = case.call()
        excluded = [positive_data_acceptance] if (is_unreadable_text(case, response)
                                                  or is_unplayable_table(case, response)) else []
        case.validate_response(response, excluded_checks=excluded)

    answers_as_documented()


UNREADABLE = "nothing in this text reads as a Seep log"
UNPLAYABLE = ("a tag cannot be read", "game has the seats", "in tags: give it once")
GAMES_APART = ("a game after the first begins with its tags", "a game before the last holds deals")
UNPLAYABLE_EVENT = ("a table's tags cannot be read", "partnership has", "names nobody", "name is empty",
                    "is in partnerships", "is named twice in partnership")


def is_unplayable_table(case, response) -> bool:
    """A live game the document cannot judge: a tag the notation cannot read (`[MaxHouses "two"]`, a value
    with a control character), a player at a seat the variant lacks, or tags naming a seat (or the variant)
    otherwise than `players` (or `variant`) do; the service refuses it with the documented 400, saying which
    (in its sentence or an item's). An event likewise: a partnership of as many players as its variant's teams
    have (two, or one), each player in one partnership once, and names and tags its tables can hold. And the
    games list's date_to before its date_from: JSON Schema cannot compare two parameters. And a JSON log whose
    games the notation could not tell apart (JSON Schema cannot say "every item but the last")."""
    reasons = {"POST /api/live": UNPLAYABLE, "POST /api/events": UNPLAYABLE_EVENT,
               "GET /api/games": ("date_from is after date_to",), "POST /api/games": GAMES_APART
               }.get(case.operation.label, ())
    if response.status_code != 400:
        return False
    said = [response.json()["error"], *(e["message"] for e in response.json()["errors"])]
    return any(reason in text for reason in reasons for text in said)


def is_unreadable_text(case, response) -> bool:
    """A log's text upload (text/plain and the like) the document cannot judge: it says "a string", as JSON Schema
    cannot state the notation's grammar, and the service refuses a string that reads as no log with the documented
    400."""
    return (case.operation.label == "POST /api/games" and case.media_type in LOG_TYPES
            and response.status_code == 400 and UNREADABLE in response.json()["error"])
