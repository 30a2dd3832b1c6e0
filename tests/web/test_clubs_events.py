"""Events: an organiser creates a round-robin of partnerships; each round's tables are live games; the
standings (baazis won, then baazi difference, then card-point difference) agree with `validate --json` of
the tables' games, provisional where a deal's score is not known; bad input changes nothing."""
from __future__ import annotations

import random
import re
from itertools import combinations

import pytest

from seeplog.playout import deal_lines, random_deal
from seeplog.ruleset import find_ruleset
from tests.web.clubs_helpers import enter
from tests.web.helpers import assert_envelope, example
from tests.web.live_helpers import statement_lines, validate_json

NAMES = [f"Player {chr(65 + i)}" for i in range(16)]
PAIRS = [[NAMES[2 * i], NAMES[2 * i + 1]] for i in range(8)]


def create(client, pairs=PAIRS, **extra) -> tuple[int, str]:
    answer = client.post("/api/events", json={"name": "Club night", "variant": "standard", "date": "2026-11-25",
                                              "place": "The hall", "partnerships": pairs, **extra})
    assert answer.status_code == 201, answer.json
    assert answer.headers["Cache-Control"] == "no-store"
    return answer.json["id"], answer.json["organiser_token"]


def bearer(token: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {token}"}


def keep(client, table: dict, log_name: str) -> dict:
    """Enter every deal line of an example log at a table, then close it; the report of its whole text."""
    auth = bearer(table["edit_token"])
    version = client.get(f"/api/live/{table['game_id']}").json["version"]
    lines = [line for line in statement_lines(example(log_name).decode()) if not line.startswith("[")]
    for n, line in enumerate(lines):
        answer = client.post(f"/api/live/{table['game_id']}/entries", headers=auth,
                             json={"line": line, "version": version, "client_id": f"t{table['game_id']}-{n}"})
        assert answer.status_code == 201, (line, answer.json)
        version = answer.json["version"]
    assert client.post(f"/api/live/{table['game_id']}/close", headers=auth, json={"version": version}).status_code \
        == 201
    text = client.get(f"/games/{table['game_id']}.seep").get_data(as_text=True)
    assert text.startswith("[Variant")
    return validate_json(text)


def test_a_club_night_of_eight_partnerships(client):
    event_id, token = create(client)
    round1 = client.post(f"/api/events/{event_id}/rounds", headers=bearer(token))
    assert round1.status_code == 201 and round1.json["bye"] is None and round1.headers["Cache-Control"] == "no-store"
    tables = round1.json["tables"]
    assert len(tables) == 4 and {t["pair_a"] for t in tables} | {t["pair_b"] for t in tables} == set(range(1, 9))
    header = client.get(f"/games/{tables[0]['game_id']}.seep").get_data(as_text=True)
    (north, south), (west, east) = PAIRS[tables[0]["pair_a"] - 1], PAIRS[tables[0]["pair_b"] - 1]
    for tag in (f'[North "{north}"]', f'[South "{south}"]', f'[West "{west}"]', f'[East "{east}"]',
                '[Event "Club night"]', '[Round "1.1"]', '[Site "The hall"]'):
        assert tag in header

    reports = {0: keep(client, tables[0], "game-standard-1.seep"), 1: keep(client, tables[1], "provisional.seep")}
    event = client.get(f"/api/events/{event_id}").json
    lines = {s["pair"]: s for s in event["standings"]}
    for index, report in reports.items():
        g, t = report["games"][0], tables[index]
        scored = [d for d in g["deals"] if d["score"] is not None]
        for pair, team, other in ((t["pair_a"], "NS", "EW"), (t["pair_b"], "EW", "NS")):
            line = lines[pair]
            assert (line["baazis_won"], line["baazis_lost"]) == (g["baazis"][team], g["baazis"][other])
            assert line["card_point_difference"] == sum(d["card_points"][team] - d["card_points"][other]
                                                        for d in scored)
            assert line["provisional"] == any(r.get("provisional") for r in g["ledger"])
    assert lines[tables[1]["pair_a"]]["provisional"] and not lines[tables[0]["pair_a"]]["provisional"]
    north = next(p for p in event["partnerships"] if p["number"] == tables[0]["pair_a"])["players"][0]
    record = client.get(f"/api/players/{north['id']}").json["record"]  # rows written entry by entry
    deals = reports[0]["games"][0]["deals"]
    assert record["sweeps"] == sum(1 for d in deals for sw in d["sweeps"] if sw["seat"] == "N")
    assert record["deals"] == len(deals) and record["games"] == 1
    keys = [(-s["baazis_won"], -s["baazi_difference"], -s["card_point_difference"]) for s in event["standings"]]
    assert keys == sorted(keys) and event["order"].startswith("baazis won, then baazi difference")
    page = client.get(f"/events/{event_id}").get_data(as_text=True)
    assert "Ranked by baazis won, then baazi difference" in page and "provisional" in page

    made = [round1.json] + [client.post(f"/api/events/{event_id}/rounds", headers=bearer(token)).json
                            for _ in range(6)]
    met = [frozenset((t["pair_a"], t["pair_b"])) for r in made for t in r["tables"]]
    assert len(met) == len(set(met)) == 28 and set(met) == {frozenset(p) for p in combinations(range(1, 9), 2)}
    assert_envelope(client.post(f"/api/events/{event_id}/rounds", headers=bearer(token)), 409)


def test_an_odd_number_of_partnerships_gives_a_bye_and_says_so(client):
    event_id, token = create(client, PAIRS[:5])
    answer = client.post(f"/api/events/{event_id}/rounds", headers=bearer(token)).json
    assert len(answer["tables"]) == 2 and answer["bye"] in range(1, 6)
    assert f"partnership {answer['bye']} has a bye" in answer["message"]
    page = client.get(f"/events/{event_id}").get_data(as_text=True)
    assert f"Partnership {answer['bye']} (" in page and "has a bye this round" in page
    assert "A bye scores nothing: a partnership that had one has played a game fewer." in page
    results = client.get(f"/events/{event_id}/results").get_data(as_text=True)
    assert "A bye scores nothing" in results
    even, token = create(client, PAIRS[:4])
    client.post(f"/api/events/{even}/rounds", headers=bearer(token))
    assert "A bye scores nothing" not in client.get(f"/events/{even}").get_data(as_text=True)


def test_the_rounds_answers_count_their_tables_in_the_singular_and_in_english(client):
    event_id, token = create(client, PAIRS[:3])
    headers = {**bearer(token), "Accept-Language": "hi"}  # the API's sentences stay English, as its errors do
    preview = client.get(f"/api/events/{event_id}/pairings/next", headers=headers).json
    assert preview["message"] == f"round 1 would have 1 table; partnership {preview['bye']} would have a bye"
    made = client.post(f"/api/events/{event_id}/rounds", headers=headers).json
    assert made["message"] == f"round 1: 1 table; partnership {made['bye']} has a bye"
    event_id, token = create(client, PAIRS[:4])
    assert client.post(f"/api/events/{event_id}/rounds", headers=bearer(token)).json["message"] == "round 1: 2 tables"
    refused = assert_envelope(client.post("/api/events", json={"name": "X", "variant": "two-player",
                                                               "partnerships": [["A"], ["B", "C"]]}), 400)
    assert refused["error"] == "a two-player partnership has 1 player"
    assert refused["errors"] == [{"field": "partnerships.1", "message": "give 1 name"}]


def test_a_table_links_its_seats_to_the_event_players(client):
    event_id, token = create(client, PAIRS[:2])
    table = client.post(f"/api/events/{event_id}/rounds", headers=bearer(token)).json["tables"][0]
    players = {p["name"]: p["id"] for p in client.get("/api/players").json["players"]}
    assert set(players) == set(NAMES[:4])
    mine = client.get(f"/api/players/{players['Player A']}").json
    assert [g["game_id"] for g in mine["games"]] == [table["game_id"]]


def test_bad_event_input_is_refused_and_changes_nothing(client):
    event_id, token = create(client, PAIRS[:4])
    before = client.get(f"/api/events/{event_id}").json
    assert_envelope(client.post(f"/api/events/{event_id}/rounds"), 401)
    assert_envelope(client.post(f"/api/events/{event_id}/rounds", headers=bearer("wrong")), 403)
    assert_envelope(client.post("/api/events/999/rounds", headers=bearer(token)), 404)
    assert_envelope(client.get("/api/events/999"), 404)
    assert client.get("/events/999").status_code == 404
    body = assert_envelope(client.post("/api/events", json={"name": "X", "variant": "standard",
                                                            "partnerships": [["A"], ["B", "C"]]}), 400)
    assert body["errors"][0]["field"] == "partnerships.0"
    assert_envelope(client.post("/api/events", json={"name": "X", "variant": "standard",
                                                     "partnerships": [["A", "B"]]}), 400)
    for bad in ({"date": "2026-13-40"}, {"name": " "}, {"partnerships": [["A", "B"], ["C", "D\n"]]},
                {"partnerships": [["A", "B"], ["C", "D\u0000"]]}, {"partnerships": [["A", "B"], ["C", "D\u2028"]]},
                {"name": "Club\x85night"}, {"place": "Hall\t2"},
                {"partnerships": [["A", "B"], ["C", " ? "]]}, {"variant": "bridge"}):
        body = {"name": "X", "variant": "standard", "partnerships": [["A", "B"], ["C", "D"]], **bad}
        assert_envelope(client.post("/api/events", json=body), 400)
    assert client.get(f"/api/events/{event_id}").json == before
    assert client.get("/api/events/2").status_code == 404  # no event was made by the refused requests


def test_making_a_round_takes_no_body_or_an_empty_object_and_refuses_any_other(client):
    event_id, token = create(client, PAIRS[:2])
    path, auth = f"/api/events/{event_id}/rounds", bearer(token)
    body = assert_envelope(client.post(path, headers=auth, json={"foo": 1}), 400)
    assert body["errors"] == [{"field": "foo", "message": "Unknown field."}]
    plain = client.post(path, headers=auth, data="hello", content_type="text/plain")
    assert assert_envelope(plain, 415)["error"] == "send the body as application/json (a JSON object), not text/plain"
    assert client.get(f"/api/events/{event_id}").json["rounds"] == []  # the refused requests made no round
    assert client.post(path, headers=auth, json={}).status_code == 201
    route = client.get("/api/openapi.json").json["paths"]["/api/events/{event_id}/rounds"]["post"]
    assert route["requestBody"]["required"] is False and {"400", "415"} <= set(route["responses"])


def test_an_event_reads_its_names_without_invisible_characters(client):
    event_id, _ = create(client, [["Asha\u200b", "Ravi"], ["Dev", "Meena"]], name="\ufeffClub\u2060 night\u200b")
    event = client.get(f"/api/events/{event_id}").json
    assert event["name"] == "Club night"
    assert [p["name"] for p in event["partnerships"]] == ["Asha & Ravi", "Dev & Meena"]
    twice = client.post("/api/events", json={"name": "X", "variant": "standard",
                                             "partnerships": [["Asha\u2060", "Ravi"], ["\u200basha", "Dev"]]})
    assert "'Asha' is in partnerships 1 and 2" in assert_envelope(twice, 400)["error"]


def test_the_events_are_listed_as_the_events_page_lists_them(client):
    assert client.get("/api/events").json == {"events": []}
    dated, _ = create(client, PAIRS[:2], name="Monday", date="2026-11-02", place="")
    undated, _ = create(client, PAIRS[:2], name="Someday", date="")
    later, _ = create(client, PAIRS[:3], name="Friday", variant="thirty", format="swiss")
    listed = client.get("/api/events").json["events"]
    assert [e["id"] for e in listed] == [later, dated, undated]  # the latest date first, the undated last
    assert listed[0] == {"id": later, "name": "Friday", "date": "2026-11-25", "place": "The hall", "variant": "thirty",
                         "format": "swiss", "url": f"/events/{later}"}
    assert listed[2]["date"] is None and listed[1]["place"] is None
    page = client.get("/events").get_data(as_text=True)
    assert page.index("Friday") < page.index("Monday") < page.index("Someday")
    assert all(client.get(e["url"]).status_code == 200 for e in listed)


def test_an_empty_date_or_place_is_one_not_given(client):
    event_id, token = create(client, PAIRS[:2], date="", place="")
    event = client.get(f"/api/events/{event_id}").json
    assert (event["date"], event["place"]) == (None, None)
    table = client.post(f"/api/events/{event_id}/rounds", headers=bearer(token)).json["tables"][0]
    tags = client.get(f"/api/live/{table['game_id']}").json["report"]["games"][0]["tags"]
    assert "Site" not in tags and "Date" not in tags and tags["Event"] == "Club night"
    for empty in ({"name": ""}, {"variant": ""}, {"baazi_target": ""}):  # only date and place are optional text
        body = {"name": "X", "variant": "standard", "partnerships": [["A", "B"], ["C", "D"]], **empty}
        assert_envelope(client.post("/api/events", json=body), 400)


@pytest.mark.parametrize("variant, pairs, named", [
    ("standard", [["X", "Y"], ["Y", "X"]], "'Y' is in partnerships 1 and 2"),
    ("standard", [["X", "X"], ["Z", "W"]], "'X' is named twice in partnership 1"),
    ("standard", [["x", "Y"], ["X ", "y"]], "'x' is in partnerships 1 and 2"),  # one name, whatever its case
    ("two-player", [["a"], ["b"], ["  A"]], "'a' is in partnerships 1 and 3")])
def test_a_player_named_twice_in_the_partnerships_is_refused(client, variant, pairs, named):
    body = assert_envelope(client.post("/api/events", json={"name": "d", "variant": variant,
                                                            "partnerships": pairs}), 400)
    assert named in body["error"]
    assert body["errors"] == [{"field": f"partnerships.{len(pairs) - 1 if 'is in' in named else 0}",
                               "message": body["error"], "said": body["said"]}]
    assert client.get("/api/events/1").status_code == 404 and client.get("/api/players").json["players"] == []


def test_the_new_event_form_says_beside_the_partnerships_which_player_is_named_twice(client):
    page = client.get("/events/new").get_data(as_text=True)
    csrf = page.split('name="csrf_token" type="hidden" value="')[1].split('"')[0]
    refused = client.post("/events/new", data={"csrf_token": csrf, "name": "Night", "variant": "standard",
                                               "partnerships": "A & B\nC & D\nA & B"})
    assert refused.status_code == 400
    field = refused.get_data(as_text=True).split('id="partnerships"')[1].split("</p>")[0]
    assert "&#39;A&#39; is in partnerships 1 and 3" in field
    assert client.get("/api/events/1").status_code == 404


def test_the_organiser_pages(client):
    page = client.get("/events/new").get_data(as_text=True)
    csrf = page.split('name="csrf_token" type="hidden" value="')[1].split('"')[0]
    refused = client.post("/events/new", data={"csrf_token": csrf, "name": "Night", "variant": "standard",
                                               "partnerships": "A & B\nC"})
    assert refused.status_code == 400 and "line 2: give 2 names" in refused.get_data(as_text=True)
    for name, pairs in (("Night\u2028", "A & B\nC & D"), ("Night\n", "A & B\nC & D"), ("Night", "A & B\nC & D\x01")):
        refused = client.post("/events/new", data={"csrf_token": csrf, "name": name, "variant": "standard",
                                                   "partnerships": pairs})
        assert refused.status_code == 400, (name, pairs)
    made = client.post("/events/new", data={"csrf_token": csrf, "name": "Night", "variant": "standard",
                                            "partnerships": "A & B\nC and D\nE, F"})
    assert made.status_code == 303 and made.headers["Cache-Control"] == "no-store"
    where, token = made.headers["Location"].split("#token=")  # in the fragment: no request carries it back
    assert token not in str(client.get_cookie("session")) and token not in client.get(where).get_data(as_text=True)
    assert client.get(where).headers["Cache-Control"] == "no-store"
    event_id = int(where.rstrip("/").split("/")[-1])
    assert client.post(f"/events/{event_id}/rounds", data={"csrf_token": csrf, "token": "x"}).status_code == 403
    done = client.post(f"/events/{event_id}/rounds", data={"csrf_token": csrf, "token": token})
    assert done.status_code == 303
    page = client.get(f"/events/{event_id}").get_data(as_text=True)
    assert "Round 1 made: 1 table. Partnership" in page and "has a bye" in page
    organiser = client.post(f"/events/{event_id}/organise", data={"csrf_token": csrf, "token": token})
    html = organiser.get_data(as_text=True)
    keep_link = html.split('class="keep" href="')[1].split('"')[0]
    assert keep_link.startswith("http://localhost/live/")  # the full link, as the table card's QR code holds it
    assert html.count('class="table-card"') == 1 and html.count('<svg role="img"') == 2  # keep and confirm codes
    assert 'class="confirm-link" href="http://localhost/live/' in html and "/director#token=" in html
    assert "Scan to keep this table" in html and organiser.headers["Cache-Control"] == "no-store"
    game_id, table_token = int(keep_link.split("/")[4]), keep_link.split("#token=")[1]
    answer = client.post(f"/api/live/{game_id}/entries", headers=bearer(table_token),
                         json={"line": "deal 1 dealer N", "version": 1, "client_id": "first"})
    assert answer.status_code == 201  # the shown keep link keeps the table's game


def test_the_standings_fragment_answers_304_until_a_table_changes(client):
    event_id, token = create(client, PAIRS[:2])
    table = client.post(f"/api/events/{event_id}/rounds", headers=bearer(token)).json["tables"][0]
    first = client.get(f"/events/{event_id}/live")
    assert first.status_code == 200 and "Standings" in first.get_data(as_text=True)
    tag = first.headers["ETag"]
    assert client.get(f"/events/{event_id}/live", headers={"If-None-Match": tag}).status_code == 304
    keep(client, table, "game-standard-1.seep")
    after = client.get(f"/events/{event_id}/live", headers={"If-None-Match": tag})
    assert after.status_code == 200 and after.headers["ETag"] != tag
    assert "0–1" in after.get_data(as_text=True)  # standard-1: EW won a baazi
    assert client.get("/events/999/live").status_code == 404


def test_an_organiser_may_change_the_events_players_only(client):
    event_id, token = create(client, PAIRS[:2])
    other = client.post("/api/events", json={"name": "Other", "variant": "standard",
                                             "partnerships": [["Stranger", "Guest"], ["Player A", "Player B"]]}).json
    ids = {p["name"]: p["id"] for p in client.get("/api/players").json["players"]}
    shared = client.post(f"/api/players/{ids['Player A']}/rename", json={"name": "Player Ay"}, headers=bearer(token))
    assert f"in the partnerships of another event too (event {other['id']})" in assert_envelope(shared, 403)["error"]
    renamed = client.post(f"/api/players/{ids['Player C']}/rename", json={"name": "Player Cee"},
                          headers=bearer(token))
    assert renamed.status_code == 200 and renamed.json["name"] == "Player Cee"
    merged = client.post(f"/api/players/{ids['Player D']}/merge", json={"into": ids["Player C"]},  # as renamed
                         headers=bearer(token))
    assert "both in the partnerships of event" in assert_envelope(merged, 409)["error"]  # one player, twice
    assert_envelope(client.post(f"/api/players/{ids['Stranger']}/rename", json={"name": "X"},
                                headers=bearer(token)), 403)
    assert_envelope(client.post(f"/api/players/{ids['Stranger']}/merge", json={"into": ids["Player B"]},
                                headers=bearer(token)), 403)
    assert_envelope(client.post(f"/api/players/{ids['Player B']}/rename", json={"name": "X"},
                                headers=bearer(other["organiser_token"][::-1])), 403)
    assert client.post(f"/api/players/{ids['Stranger']}/rename", json={"name": "Stranger S"},
                       headers=bearer(other["organiser_token"])).status_code == 200
    pairs = {p["number"]: p["name"] for p in client.get(f"/api/events/{event_id}").json["partnerships"]}
    assert pairs == {1: "Player A & Player B", 2: "Player Cee & Player D"}


def test_the_event_pages_number_fields_carry_their_limits_as_attributes(client):
    event_id, _ = create(client)
    page = client.get(f"/events/{event_id}").get_data(as_text=True)
    round_field = re.search(r'<input id="attach-round"[^>]*>', page).group(0)
    assert 'max="999"' in round_field and "&#34;" not in round_field
    assert re.search(r'<input id="attach-game"[^>]* required', page)


def test_a_score_that_does_not_add_up_or_was_refused_makes_both_rows_provisional_and_says_why(client):
    event_id, token = create(client, PAIRS[:6])
    tables = client.post(f"/api/events/{event_id}/rounds", headers=bearer(token)).json["tables"]
    enter(client, tables[0], ["deal 1 dealer N", "score NS 90 EW 30"])  # 120 card points: R-SCORE-TOTAL
    enter(client, tables[1], ["deal 1 dealer N", "score NS 60 EW 40"])
    played = deal_lines(1, "N", random_deal(find_ruleset("standard"), "N", random.Random(3)))
    enter(client, tables[2], [*played, "score NS 1 EW 99"])  # a played deal: R-SCORE-CLAIM, the computed score counts
    refused = client.post(f"/api/live/{tables[1]['game_id']}/confirmations", headers=bearer(tables[1]["edit_token"]),
                          json={"deal": 1, "verdict": "refused", "reason": "EW had 45"})
    assert refused.status_code == 201
    event = client.get(f"/api/events/{event_id}").json
    why = {s["pair"]: s["provisional_why"] for s in event["standings"] if s["provisional"]}
    assert why == {tables[0]["pair_a"]: ["score-total"], tables[0]["pair_b"]: ["score-total"],
                   tables[1]["pair_a"]: ["refused-score"], tables[1]["pair_b"]: ["refused-score"]}
    rows = {t["number"]: t for t in event["rounds"][0]["tables"]}
    assert [(rows[n]["provisional"], rows[n]["provisional_why"]) for n in (1, 2, 3)] == \
        [(True, ["score-total"]), (True, ["refused-score"]), (False, [])]
    assert rows[1]["card_points"] == [90, 30]  # counted as written, marked
    sheet = client.get(f"/events/{event_id}/standings.csv").get_data(as_text=True)
    assert "provisional,provisional_why,withdrawn_from\r\n" in sheet and ",yes,refused-score,\r\n" in sheet
    for page in (client.get(f"/events/{event_id}").get_data(as_text=True),
                 client.get(f"/events/{event_id}/results").get_data(as_text=True)):
        assert "whose card points do not add up (R-SCORE-TOTAL): it counts as written" in page
        assert "a deal whose score the opponents refused" in page
        assert 'title="the opponents refused a deal\'s score"' in page
        assert "whose score is not known" not in page
