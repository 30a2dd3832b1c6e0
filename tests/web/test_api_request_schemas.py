"""The OpenAPI document's request schemas take what the service takes and refuse what it refuses: an event's
empty date or place, a game's tags counted as tags, ids up to SQLite's largest integer."""
from __future__ import annotations

from jsonschema import Draft202012Validator, FormatChecker

from tests.web.helpers import assert_envelope
from tests.web.live_helpers import Keeper

EVENT = {"name": "Club night", "variant": "standard", "partnerships": [["A", "B"], ["C", "D"]]}


def documented(client, schema: str) -> Draft202012Validator:
    components = client.get("/api/openapi.json").json["components"]
    return Draft202012Validator({"$ref": f"#/components/schemas/{schema}", "components": components},
                                format_checker=FormatChecker())


def test_a_new_events_empty_date_or_place_is_taken_by_the_service_and_its_document(client):
    event = documented(client, "EventNew")
    for body, status in [({"date": "", "place": ""}, 201), ({"date": "2026-11-25", "place": "The hall"}, 201),
                         ({"date": "2026-13-01"}, 400), ({"date": "someday"}, 400), ({"place": "Hall\t2"}, 400)]:
        answer = client.post("/api/events", json={**EVENT, **body})
        assert answer.status_code == status, (body, answer.json)
        assert event.is_valid({**EVENT, **body}) is (status == 201), body


def test_a_games_tags_are_counted_as_tags_by_the_service_and_its_document(client):
    properties = client.get("/api/openapi.json").json["components"]["schemas"]
    for schema, least, most in (("LiveNew", None, 30), ("Tags", 1, 10)):
        tags = properties[schema]["properties"]["tags"]
        assert not {"minLength", "maxLength"} & set(tags), schema  # an object has no length
        assert (tags.get("minProperties"), tags["maxProperties"]) == (least, most)
    many = {f"Tag{n}": "x" for n in range(31)}
    body = assert_envelope(client.post("/api/live", json={"variant": "standard", "tags": many}), 400)
    assert body["errors"] == [{"field": "tags", "message": "at most 30 tags"}]
    keeper = Keeper(client)
    for tags, said in (({}, "at least 1 tag"), (dict(list(many.items())[:11]), "at most 10 tags")):
        answer = assert_envelope(keeper.send("/tags", tags=tags), 400)
        assert answer["errors"] == [{"field": "tags", "message": said}]


def test_every_id_in_a_body_goes_to_sqlites_largest_integer(client):
    schemas = client.get("/api/openapi.json").json["components"]["schemas"]
    largest = {f"{name}.{field}": prop["maximum"] for name, schema in schemas.items()
               for field, prop in schema.get("properties", {}).items() if prop.get("maximum", 0) > 1_000_000}
    assert {"Merge.into", "Attach.game_id", "Entry.entry_id"} <= set(largest)
    assert set(largest.values()) == {2 ** 63 - 1}, largest
