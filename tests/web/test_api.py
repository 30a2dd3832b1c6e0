"""The JSON API: uploads (notation and JSON), duplicates, limits, filters, reports and the error envelope."""
from __future__ import annotations

import json
import re
import subprocess
import sys

import pytest

import seeplog
from seeplog.notation.jsonform import to_json
from tests.helpers import EXAMPLES, ROOT
from tests.web.helpers import LIMIT, assert_envelope, example, upload

CLI_FILES = ["game-standard-1.seep", "game-two-player-2.seep", "r-capture-all.seep", "r-dealer.seep",
             "e-syntax.seep", "e-incomplete.seep", "two-games.seep"]


def cli_report(path) -> dict:
    done = subprocess.run([sys.executable, "-m", "seeplog", "validate", "--json", str(path)],
                          capture_output=True, text=True, cwd=ROOT)
    return json.loads(done.stdout)


@pytest.mark.parametrize("name", CLI_FILES)
def test_stored_report_equals_the_command_line(client, name):
    created = client.post("/api/games", data=example(name), content_type="text/plain")
    assert created.status_code == 201
    expected = cli_report(EXAMPLES / name)
    assert created.json["report"] == expected
    game_id = created.json["id"]
    assert client.get(f"/api/games/{game_id}/report").json == expected
    assert json.loads(client.get(f"/games/{game_id}.json").data) == expected


def test_upload_answers_id_url_and_location(client):
    response = client.post("/api/games", data=example("game-standard-1.seep"), content_type="text/plain")
    assert response.status_code == 201
    body = response.json
    assert body["created"] is True and body["url"] == f"/games/{body['id']}"
    assert response.headers["Location"].endswith(body["url"])
    assert body["report"]["games"][0]["tags"]["North"] == "Kiran"


def test_duplicate_upload_answers_200_with_the_stored_id(client):
    first = client.post("/api/games", data=example("r-house-value.seep"), content_type="text/plain")
    again = client.post("/api/games", data=example("r-house-value.seep"), content_type="text/plain")
    crlf = client.post("/api/games", data=example("r-house-value.seep").replace(b"\n", b"\r\n") + b"\r\n\r\n",
                       content_type="text/plain")
    assert first.status_code == 201
    assert again.status_code == 200 and crlf.status_code == 200
    assert again.json["id"] == crlf.json["id"] == first.json["id"]
    assert again.json["created"] is False
    assert again.json["report"] == first.json["report"]
    assert client.get("/api/games").json["total"] == 1


def test_a_log_with_violations_and_errors_is_stored(client):
    for name in ("r-capture-all.seep", "e-syntax.seep"):
        response = client.post("/api/games", data=example(name), content_type="text/plain")
        assert response.status_code == 201
        assert seeplog.exit_status(response.json["report"]) in (1, 2)
    games = client.get("/api/games?flagged=true").json["games"]
    assert {g["status"] for g in games} == {1, 2}


def test_json_form_upload_gives_the_report_of_its_notation(client):
    text = example("game-juneja-2.seep").decode()
    doc = to_json(seeplog.parse(text))
    response = client.post("/api/games", json=doc)
    assert response.status_code == 201
    stored = client.get(f"/api/games/{response.json['id']}").json
    assert stored["format"] == "json" and json.loads(stored["raw"]) == doc
    assert response.json["report"] == seeplog.report_json(seeplog.analyse(stored["text"]))
    assert stored["canonical"] == seeplog.dumps(seeplog.parse(text))
    # the same JSON again is the same log
    assert client.post("/api/games", json=doc).status_code == 200


def test_json_of_another_shape_is_400_with_the_fields(client):
    bad = {"games": [{"tags": {"North": "A\nB"}, "deals": [{"number": "one", "dealer": "X",
                                                            "plays": [{"seat": "N", "move": "Qh {x}"}]}]}]}
    body = assert_envelope(client.post("/api/games", json=bad), 400)
    fields = {e["field"] for e in body["errors"]}
    assert {"games.0.tags.North.value", "games.0.deals.0.number", "games.0.deals.0.dealer",
            "games.0.deals.0.plays.0.move"} <= fields
    assert_envelope(client.post("/api/games", data="{not json", content_type="application/json"), 400)
    assert_envelope(client.post("/api/games", json=[1, 2]), 400)


def test_json_games_the_notation_could_not_tell_apart_are_refused_naming_the_game(client):
    """Two games of tags alone were stored as one, flagged E-SYNTAX on a line the sender never wrote."""
    deal = {"number": 1, "dealer": "N", "score": {"NS": {"cards": 50}, "EW": {"cards": 50}}}
    for games, field, message in [
            ([{"tags": {"North": "x"}}, {"tags": {"North": "y"}}], "games.0.deals",
             "a game before the last holds deals: without them its tags would be the next game's"),
            ([{"tags": {"North": "x"}, "deals": [deal]}, {"deals": [deal]}], "games.1.tags",
             "a game after the first begins with its tags: without them its deals would be the game before's")]:
        body = assert_envelope(client.post("/api/games", json={"games": games}), 400)
        assert body["errors"] == [{"field": field, "message": message}]
    assert client.get("/api/games").json["total"] == 0


@pytest.mark.parametrize("text, kind", [("[]", "array"), ("null", "null"), ("1", "number"), ('"log"', "string"),
                                        ("true", "boolean")])
def test_a_json_body_that_is_no_object_is_refused_as_such(client, text, kind):
    body = assert_envelope(client.post("/api/games", data=text, content_type="application/json"), 400)
    assert body["error"] == (f"the body is a JSON {kind}, not an object: a log in JSON is an object, "
                             '{"games": [...]} (schema/log.schema.json); or send its text in Seep notation')
    assert body["errors"] == []


def test_non_utf8_upload_names_the_byte(client):
    data = example("game-standard-1.seep").replace(b"Kiran", b"Kir\xe1n")
    body = assert_envelope(client.post("/api/games", data=data, content_type="text/plain"), 400)
    assert "not UTF-8" in body["error"] and "line 2" in body["error"]
    assert body["errors"][0]["line"] == 2 and body["errors"][0]["column"] == 12


def test_a_json_log_that_is_not_utf8_is_refused_naming_the_byte_as_a_text_one_is(client):
    doc = json.dumps(to_json(seeplog.parse(example("game-standard-1.seep").decode())), indent=1)
    data = doc.encode().replace(b'"Kiran"', b'"Kir\xe1n"')
    body = assert_envelope(client.post("/api/games", data=data, content_type="application/json"), 400)
    line = doc[:doc.index('"Kiran"')].count("\n") + 1
    assert body["error"].startswith("the body: the file is not UTF-8 text (byte 0xe1)")
    assert body["errors"][0]["line"] == line and body["errors"][0]["rule"] == "E-SYNTAX"
    assert client.get("/api/games").json["total"] == 0


@pytest.mark.parametrize("sent, kept", [
    ("ग.seep".encode().decode("latin-1"), "ग.seep"),  # UTF-8 bytes, which WSGI gives as latin-1 text
    ("café.seep", "café.seep"),  # latin-1 that is not UTF-8 stays as it came
    ("a\x01b\x7f\tc.seep", "abc.seep"),
    ("x" * 500 + ".seep", "x" * 200),
    ("\x00\x1b", None),
], ids=["utf8", "latin1", "controls", "long", "only-controls"])
def test_x_filename_is_read_as_utf8_without_control_characters_and_cut(client, sent, kept):
    response = client.post("/api/games", data=example("game-standard-1.seep"), content_type="text/plain",
                           headers={"X-Filename": sent})
    assert response.status_code == 201
    assert client.get(f"/api/games/{response.json['id']}").json["filename"] == kept


def test_text_that_is_not_seep_is_400(client):
    body = assert_envelope(client.post("/api/games", data="Dear diary,\ntoday we played cards.\n",
                                       content_type="text/plain"), 400)
    assert "nothing in this text reads as a Seep log" in body["error"]
    assert body["errors"][0]["line"] == 1
    assert client.get("/api/games").json["total"] == 0


def test_upload_over_the_limit_is_413(client):
    big = example("game-standard-1.seep") + b"# padding\n" * (LIMIT // 10)
    body = assert_envelope(client.post("/api/games", data=big, content_type="text/plain"), 413)
    assert f"{LIMIT:,} bytes" in body["error"]
    assert client.get("/api/games").json["total"] == 0


def test_other_content_types_are_415(client):
    body = assert_envelope(client.post("/api/games", data=b"<xml/>", content_type="application/xml"), 415)
    assert "text/plain" in body["error"]


def test_a_log_is_read_as_each_type_the_document_lists_for_it_and_with_none(client):
    """A file's bytes as a script sends them: text/plain, text/x-seep, application/octet-stream or no type."""
    body = client.get("/api/openapi.json").json["paths"]["/api/games"]["post"]["requestBody"]["content"]
    assert set(body) == {"text/plain", "text/x-seep", "application/octet-stream", "application/json"}
    for n, kind in enumerate([*sorted(set(body) - {"application/json"}), None]):
        log = example("game-standard-1.seep").replace(b"Kiran", f"Kiran{n}".encode())
        answer = client.post("/api/games", data=log, headers={"Content-Type": kind} if kind else {})
        assert answer.status_code == 201, (kind, answer.json)
    assert client.get("/api/games").json["total"] == 4


def test_posts_from_another_site_are_refused(client):
    response = client.post("/api/games", data=example("game-standard-1.seep"), content_type="text/plain",
                           headers={"Origin": "http://evil.example"})
    assert_envelope(response, 403)
    same = client.post("/api/games", data=example("game-standard-1.seep"), content_type="text/plain",
                       headers={"Origin": "http://localhost"})
    assert same.status_code == 201


def test_list_filters_and_pages(client):
    for name in ("game-standard-1.seep", "game-standard-2.seep", "game-two-player-1.seep",
                 "r-capture-all.seep", "two-games.seep"):
        upload(client, name)
    everything = client.get("/api/games").json
    assert everything["total"] == 5 and everything["page"] == 1
    dates = [g["date"] for g in everything["games"]]
    assert dates == sorted(dates, reverse=True)

    def ids(query):
        return {g["filename"] or g["event"] for g in client.get("/api/games?" + query).json["games"]}

    assert ids("variant=two-player") == {"Club night 4"}
    assert ids("player=kiran") == {"Club night 1", "Club night 12"}  # two-games: Kiran is in its second game
    assert ids("event=Club night 128") == {"Club night 128"}
    assert ids("variant=thirty") == {"Club night 128", "Club night 12"}
    assert ids("date_from=2026-07-01&date_to=2026-08-31") == {"Club night 128", "Club night 2"}
    assert ids("flagged=true") == {"Club night 128"}
    assert ids("q=lakshmi") == {"Club night 128", "Club night 12"}
    page = client.get("/api/games?per_page=2&page=3").json
    assert page["total"] == 5 and len(page["games"]) == 1 and page["per_page"] == 2


@pytest.mark.parametrize("query", ["page=0", "per_page=1000", "variant=poker", "date_from=July",
                                   "flagged=perhaps", "date_from=2026-1-01", "date_to=٢٠٢٦-01-01"])
def test_bad_filters_are_400(client, query):
    """One error for the one bad field, naming it (a date not in the form is not also said off the calendar)."""
    body = assert_envelope(client.get("/api/games?" + query), 400)
    assert [e["field"] for e in body["errors"]] == [query.split("=")[0]]


@pytest.mark.parametrize("path", ["/api/games?sort=id", "/api/games/{id}/deals/1/plays/1?part=2"])
def test_a_parameter_the_api_does_not_take_is_refused_by_name(client, path):
    """As the list page refuses it (`/?sort=id`): a parameter the API cannot honour is refused, not ignored."""
    game_id = upload(client, "r-capture-all.seep")
    assert client.get("/?sort=id").status_code == 400
    body = assert_envelope(client.get(path.format(id=game_id)), 400)
    assert [e["field"] for e in body["errors"]] == [path.split("?")[1].split("=")[0]]


def test_every_get_route_refuses_a_parameter_it_does_not_take_by_name(client):
    """Routes that take no query too (a live game, the events, a partnership): refused, not ignored."""
    for path, item in client.get("/api/openapi.json").json["paths"].items():
        if "get" in item:
            body = assert_envelope(client.get(re.sub(r"\{[a-z_]+\}", "1", path) + "?foo=1"), 400)
            assert {"field": "foo", "message": "Unknown field."} in body["errors"], path
            assert "400" in item["get"]["responses"], path


@pytest.mark.parametrize("query", ["/api/games?page=1&page=2", "/api/games?variant=thirty&variant=standard",
                                   "/api/leaderboard?page=1&page=1"])
def test_a_parameter_given_twice_is_refused_by_name_not_read_as_its_first_value(client, query):
    body = assert_envelope(client.get(query), 400)
    name = query.split("?")[1].split("=")[0]
    assert body["errors"] == [{"field": name, "message": "given 2 times: give it once"}]


def test_an_empty_filter_is_not_set_as_on_the_page(client):
    """A form sends its empty fields: the API, as the list page, takes them as not given."""
    upload(client, "r-capture-all.seep")
    query = "q=&player=&event=&variant=&date_from=&date_to=&flagged=&page=&per_page="
    body = client.get("/api/games?" + query).json
    assert (body["total"], body["page"], body["per_page"]) == (1, 1, 20)
    assert client.get("/?" + query).status_code == 200


def test_a_page_number_is_read_as_its_openapi_document_states_an_integer(client):
    """2.0 is an integer to JSON Schema, so a query's page=2.0 is page 2; ٢ or 2.5 is no page."""
    assert client.get("/api/games?page=2.0&per_page=20.00").json["page"] == 2
    for query in ("page=2.5", "page=٢", "page=2."):
        assert_envelope(client.get("/api/games?" + query), 400)


def test_dates_in_the_wrong_order_are_refused_by_the_api_as_by_the_page(client):
    """A range it cannot honour: 400 from both (naming date_from in the API, the two dates on the page), not an
    empty list from the API."""
    upload(client, "r-capture-all.seep")
    body = assert_envelope(client.get("/api/games?date_from=2026-09-01&date_to=2026-01-01"), 400)
    assert body["errors"] == [{"field": "date_from", "message": "date_from is after date_to"}]
    page = client.get("/?date_from=2026-09-01&date_to=2026-01-01")
    assert page.status_code == 400 and "“From” is after “To”" in page.get_data(as_text=True)
    assert client.get("/api/games?date_from=2026-09-01&date_to=2026-09-01").status_code == 200


def test_game_detail(client):
    game_id = upload(client, "r-capture-all.seep")
    body = client.get(f"/api/games/{game_id}").json
    assert body["id"] == game_id and body["variant"] == "thirty"
    assert body["players"] == {"N": "Lakshmi", "W": "Esha", "S": "Priya", "E": "Chetan"}
    assert body["violations"] == 1 and body["errors"] == 0 and body["status"] == 1
    assert body["raw"] == body["text"] == example("r-capture-all.seep").decode()
    assert body["links"]["report"] == f"/api/games/{game_id}/report"
    assert client.get(body["links"]["seep"]).status_code == 200


@pytest.mark.parametrize("method, path, status", [
    ("get", "/api/games/999", 404), ("get", "/api/games/999/report", 404), ("get", "/api/nothing", 404),
    ("delete", "/api/games", 405), ("put", "/api/games/1", 404), ("patch", "/api/games/1", 405)])
def test_every_4xx_has_the_envelope(client, method, path, status):
    assert_envelope(getattr(client, method)(path), status)


def test_an_address_or_method_the_api_does_not_have_is_named_with_what_it_takes(client):
    assert assert_envelope(client.get("/api/live"), 405)["error"] == \
        "GET is not taken at /api/live: it takes POST (the API's reference: /api/docs)"
    assert assert_envelope(client.patch("/api/games/1"), 405)["error"].startswith(
        "PATCH is not taken at /api/games/1: it takes DELETE, GET or PUT")
    assert assert_envelope(client.get("/api/nothing"), 404)["error"] == \
        "there is nothing at /api/nothing: the API's addresses are listed at /api/docs"
    assert assert_envelope(client.get("/api/games/999"), 404)["error"] == "there is no game 999"  # its own kept
    page = client.get("/nothing").get_data(as_text=True)  # a page says it for a reader
    assert "There is no such page here." in page and "/api/docs</" not in page


def test_openapi_document(client):
    doc = client.get("/api/openapi.json").json
    assert doc["info"]["title"] == "seeplog"
    assert {"/api/games", "/api/games/{game_id}", "/api/games/{game_id}/report"} <= set(doc["paths"])
    post = doc["paths"]["/api/games"]["post"]
    assert {"201", "200", "400", "413", "415"} <= set(post["responses"])
    assert {"text/plain", "application/json"} <= set(post["requestBody"]["content"])
    assert "Error" in doc["components"]["schemas"]


def test_responses_have_the_shape_of_their_schemas(client):
    from seeplog.web.api.schemas import GameDetailSchema, GameListSchema, ReportSchema, UploadResultSchema

    created = client.post("/api/games", data=example("two-games.seep"), content_type="text/plain").json
    assert UploadResultSchema().validate(created) == {}
    assert GameListSchema().validate(client.get("/api/games").json) == {}
    detail = client.get(f"/api/games/{created['id']}").json
    assert GameDetailSchema().validate(detail) == {} and detail["games"] == 2
    assert ReportSchema().validate(client.get(f"/api/games/{created['id']}/report").json) == {}


def test_a_utf16_upload_with_its_byte_order_mark_is_read(client):
    """Notepad's "Unicode": UTF-16 with its mark, read as the same log; without the mark it reads as no log."""
    text = example("game-standard-1.seep").decode("utf-8")
    stored = client.post("/api/games", data=text.encode("utf-16"), content_type="text/plain")
    assert stored.status_code == 201, stored.json
    same = client.post("/api/games", data=text.encode("utf-8"), content_type="text/plain")
    assert same.status_code == 200 and same.json["id"] == stored.json["id"]  # the same log, stored once
    assert stored.json["report"]["games"][0]["tags"]["North"] == "Kiran"
    body = assert_envelope(client.post("/api/games", data=text.encode("utf-16-le"), content_type="text/plain"), 400)
    assert body["error"].startswith("nothing in this text reads as a Seep log")  # its NUL bytes read as text
    cut = assert_envelope(client.post("/api/games", data=text.encode("utf-16")[:-1], content_type="text/plain"), 400)
    assert cut["error"] == ("the upload: the file begins as UTF-16 text but is not (truncated data) at line 1, "
                            "column 1; save the log as UTF-8 text and upload it again")
