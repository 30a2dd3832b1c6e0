"""An event's uploaded games attached as tables, counted in the standings; its results page, the standings as
CSV and JSON, and its games as one .seep file whose `validate --json` gives the same numbers."""
from __future__ import annotations

import csv
import io
import json
import subprocess
import sys
from collections import defaultdict

from tests.web.clubs_helpers import delete_table_game, named, store_text
from tests.web.helpers import assert_envelope
from tests.web.test_clubs_event_rounds import bearer, create, score_table

NAMES = [f"Club {chr(65 + i)}" for i in range(8)]
PAIRS = [[NAMES[2 * i], NAMES[2 * i + 1]] for i in range(4)]


def seats(ns: list[str], ew: list[str]) -> dict[str, str]:
    return {"North": ns[0], "South": ns[1], "West": ew[0], "East": ew[1]}


def upload_between(client, ns: int, ew: int, example: str = "game-standard-1.seep", date: str | None = None) -> int:
    """Store an example game whose seat tags name partnership `ns` (North–South) and `ew` (East–West)."""
    text = named(example, seats(PAIRS[ns - 1], [n.upper() for n in PAIRS[ew - 1]]), date)  # names written two ways
    return store_text(client, text)


def test_an_uploaded_game_attached_counts_in_the_standings(client):
    event_id, token = create(client, PAIRS, event_format="hand")
    game = upload_between(client, 3, 1)
    answer = client.post(f"/api/events/{event_id}/games", headers=bearer(token), json={"game_id": game})
    assert answer.status_code == 201, answer.json
    assert {k: answer.json[k] for k in ("round", "number", "pair_a", "pair_b", "game_id")} == \
        {"round": 1, "number": 1, "pair_a": 3, "pair_b": 1, "game_id": game}
    report = json.loads(client.get(f"/games/{game}.json").get_data(as_text=True))["games"][0]
    lines = {s["pair"]: s for s in client.get(f"/api/events/{event_id}/standings").json["standings"]}
    assert (lines[3]["baazis_won"], lines[3]["baazis_lost"]) == (report["baazis"]["NS"], report["baazis"]["EW"])
    assert lines[1]["card_points_for"] == sum(d["card_points"]["EW"] for d in report["deals"] if d["score"])
    assert lines[2]["played"] == 0
    event = client.get(f"/api/events/{event_id}").json
    table = event["rounds"][0]["tables"][0]
    assert event["rounds"][0]["pairing"] == "attached" and table["live"] is False and "follow_url" not in table
    second = client.post(f"/api/events/{event_id}/games", headers=bearer(token),
                         json={"game_id": upload_between(client, 2, 4, "game-standard-2.seep"), "round": 1})
    assert second.status_code == 201 and second.json["number"] == 2


def test_attaching_a_game_that_does_not_fit_is_refused_and_changes_nothing(client):
    event_id, token = create(client, PAIRS, event_format="hand")
    good = upload_between(client, 1, 2)
    attached = client.post(f"/api/events/{event_id}/games", headers=bearer(token), json={"game_id": good})
    assert attached.status_code == 201
    strangers = store_text(client, named("game-standard-2.seep", seats(["Ann", "Bo"], PAIRS[1])))
    mixed = store_text(client, named("game-standard-2.seep", seats([PAIRS[0][0], PAIRS[1][0]], PAIRS[2])))
    live = client.post("/api/live", json={"variant": "standard", "players": {"N": "Club A", "S": "Club B",
                                                                            "W": "Club C", "E": "Club D"}})
    two_player = store_text(client, named("game-two-player-1.seep", {"North": "Club A", "South": "Club C"}))
    again = upload_between(client, 2, 1, "game-standard-2.seep")
    before = client.get(f"/api/events/{event_id}").json
    url = f"/api/events/{event_id}/games"
    for body, status, why in (
            ({"game_id": 999}, 404, "there is no game 999"),
            ({"game_id": good}, 409, "is table 1 of round 1 of this event already"),
            ({"game_id": strangers}, 400, "(Ann & Bo) is no partnership of this event"),
            ({"game_id": mixed}, 400, "is no partnership of this event"),
            ({"game_id": two_player}, 400, "two-player variant; this event plays standard"),
            ({"game_id": live.json["id"]}, 400, "is a live game, kept with its own token"),
            ({"game_id": again}, 409, "partnerships 2 and 1 have a place at table 1 of round 1 already"),
            ({"game_id": again, "round": 3}, 400, "give a round from 1 to 2")):
        assert why in assert_envelope(client.post(url, headers=bearer(token), json=body), status)["error"]
    for body in ({}, {"game_id": "7"}, {"game_id": 0}, {"game_id": good, "round": 0}):
        assert_envelope(client.post(url, headers=bearer(token), json=body), 400)
    assert_envelope(client.post(url, json={"game_id": again}), 401)
    assert_envelope(client.post(url, headers=bearer(token[::-1]), json={"game_id": again}), 403)
    assert_envelope(client.post("/api/events/999/games", headers=bearer(token), json={"game_id": again}), 404)
    assert client.get(f"/api/events/{event_id}").json == before


def per_pair_from_report(report: dict, tables: list[tuple[int, int]]) -> dict[int, dict[str, int]]:
    """Each partnership's baazis and card points, added up by hand from the report of the event's .seep (its
    games in the order of the tables)."""
    out: dict[int, dict[str, int]] = defaultdict(lambda: defaultdict(int))
    for game, (a, b) in zip(report["games"], tables, strict=True):
        for me, mine, theirs in ((a, "NS", "EW"), (b, "EW", "NS")):
            out[me]["baazis_won"] += game["baazis"][mine]
            out[me]["baazis_lost"] += game["baazis"][theirs]
            out[me]["card_points_for"] += sum(d["card_points"][mine] for d in game["deals"] if d["score"])
            out[me]["card_points_against"] += sum(d["card_points"][theirs] for d in game["deals"] if d["score"])
    return out


def test_the_results_csv_and_the_seep_agree_with_validate_json(client, tmp_path):
    event_id, token = create(client, PAIRS, event_format="round-robin", place="The hall", date="2026-11-25")
    first = client.post(f"/api/events/{event_id}/rounds", headers=bearer(token)).json["tables"]
    score_table(client, first[0], [(80, 20), (45, 55)])
    score_table(client, first[1], [(30, 70), (60, 40), (10, 90)])
    second = client.post(f"/api/events/{event_id}/rounds", headers=bearer(token)).json["tables"]
    score_table(client, second[0], [(55, 45)], close=False)  # still being played
    late = upload_between(client, second[1]["pair_a"], second[1]["pair_b"], "provisional.seep")
    assert client.post(f"/api/events/{event_id}/games", headers=bearer(token), json={"game_id": late, "round": 3}) \
        .status_code == 201

    seep = client.get(f"/events/{event_id}/games.seep")
    assert seep.status_code == 200 and seep.headers["Content-Disposition"] == \
        f'attachment; filename="event-{event_id}.seep"'
    path = tmp_path / "event.seep"
    path.write_bytes(seep.get_data())
    run = subprocess.run([sys.executable, "-m", "seeplog", "validate", "--json", str(path)], capture_output=True,
                         text=True, check=False)
    report = json.loads(run.stdout)
    event = client.get(f"/api/events/{event_id}").json
    tables = [(t["pair_a"], t["pair_b"]) for r in event["rounds"] for t in r["tables"] if t["deals"]]
    assert len(report["games"]) == len(tables) == 4  # round 2's second table has no deal yet: left out
    by_hand = per_pair_from_report(report, tables)

    sheet = list(csv.DictReader(io.StringIO(client.get(f"/events/{event_id}/standings.csv").get_data(as_text=True))))
    assert [int(row["pair"]) for row in sheet] == [s["pair"] for s in event["standings"]]
    for row in sheet:
        mine = by_hand[int(row["pair"])]
        for column in ("baazis_won", "baazis_lost", "card_points_for", "card_points_against"):
            assert int(row[column]) == mine[column], (row, column)
        assert int(row["card_point_difference"]) == mine["card_points_for"] - mine["card_points_against"]
    provisional = {int(r["pair"]) for r in sheet if r["provisional"] == "yes"}
    assert provisional == {second[1]["pair_a"], second[1]["pair_b"]}  # provisional.seep has a deal of unknown score
    keys = [(-int(r["baazis_won"]), -int(r["baazi_difference"]), -int(r["card_point_difference"])) for r in sheet]
    assert keys == sorted(keys)

    doc = json.loads(client.get(f"/events/{event_id}/standings.json").get_data(as_text=True))
    assert doc["standings"] == event["standings"] and doc["order"] == event["order"]
    page = client.get(f"/events/{event_id}/results").get_data(as_text=True)
    assert f"Ranked by {event['order']}" in page
    for r in event["rounds"]:
        assert f"Round {r['round']} " in page
        for t in r["tables"]:
            assert f'href="/games/{t["game_id"]}">game {t["game_id"]}</a>' in page
    assert 'media="print"' in page and "had a bye" not in page
    links = client.get(f"/api/events/{event_id}/standings").json
    assert links["csv_url"] == f"/events/{event_id}/standings.csv" and links["results_url"].endswith("/results")


def test_results_of_an_unknown_event_are_404(client):
    for url in ("/events/999/results", "/events/999/standings.csv", "/events/999/standings.json",
                "/events/999/games.seep"):
        assert client.get(url).status_code == 404
    assert_envelope(client.get("/api/events/999/standings"), 404)


def test_a_live_tables_deleted_game_leaves_its_table_and_the_standings_without_it(client, app):
    event_id, token = create(client, PAIRS, event_format="hand")
    table = client.post(f"/api/events/{event_id}/rounds/by-hand", headers=bearer(token),
                        json={"tables": [{"pair_a": 1, "pair_b": 2}, {"pair_a": 3, "pair_b": 4}]}).json["tables"][0]
    score_table(client, table, [(80, 20)])
    lines = {s["pair"]: s for s in client.get(f"/api/events/{event_id}/standings").json["standings"]}
    assert (lines[1]["played"], lines[1]["card_points_for"]) == (1, 80)
    game = table["game_id"]
    delete_table_game(app, game)  # in a store from before its edit token's delete was refused
    lines = {s["pair"]: s for s in client.get(f"/api/events/{event_id}/standings").json["standings"]}
    assert all(lines[p]["played"] == 0 and lines[p]["card_points_for"] == 0 for p in (1, 2))
    assert "deleted" in client.get(f"/events/{event_id}/results").get_data(as_text=True)
    assert client.get(f"/events/{event_id}/games.seep").get_data(as_text=True) == ""


def test_the_organiser_view_gives_keep_links_to_live_tables_only(client):
    event_id, token = create(client, PAIRS, event_format="hand")
    client.post(f"/api/events/{event_id}/rounds/by-hand", headers=bearer(token),
                json={"tables": [{"pair_a": 1, "pair_b": 2}, {"pair_a": 3, "pair_b": 4}]})
    kept = client.post("/api/games", content_type="text/plain",
                       data=named("game-standard-1.seep", seats(PAIRS[0], PAIRS[2])).encode()).json
    gone = client.post("/api/games", content_type="text/plain",
                       data=named("game-standard-2.seep", seats(PAIRS[1], PAIRS[3])).encode()).json
    for game in (kept, gone):
        assert client.post(f"/api/events/{event_id}/games", headers=bearer(token),
                           json={"game_id": game["id"], "round": 2}).status_code == 201
    page = client.get(f"/events/{event_id}").get_data(as_text=True)
    assert "Round 2 <span class=\"hint\">(uploaded games)</span>" in page
    assert page.count(">follow<span class=\"sr-only\">, round 1, table") == 2  # the live tables of round 1
    csrf = page.split('name="csrf_token" type="hidden" value="')[1].split('"')[0]
    organiser = client.post(f"/events/{event_id}/organise", data={"csrf_token": csrf, "token": token})
    html = organiser.get_data(as_text=True)
    assert organiser.status_code == 200 and html.count('class="keep" href=') == 2
    assert 'class="table-card"' not in html  # the last round's tables are uploads: no card to keep them


def test_the_standings_csv_is_utf8_with_a_bom_and_no_name_runs_as_a_formula(client):
    pairs = [["=1+2", "@SUM(A1)"], ["आशा", "ਰਵੀ"], ["-Divya", "+Omkar"], ["Asha", "Ravi"]]
    event_id, token = create(client, pairs, event_format="round-robin")
    tables = client.post(f"/api/events/{event_id}/rounds", headers=bearer(token)).json["tables"]
    for table in tables:
        score_table(client, table, [(80, 20)])
    body = client.get(f"/events/{event_id}/standings.csv").get_data()
    assert body.startswith(b"\xef\xbb\xbfrank,pair,name,") and "आशा & ਰਵੀ".encode() in body
    rows = {int(r["pair"]): r for r in csv.DictReader(io.StringIO(body.decode("utf-8-sig")))}
    assert rows[1]["name"] == "'=1+2 & @SUM(A1)" and rows[3]["name"] == "'-Divya & +Omkar"
    assert rows[2]["name"] == "आशा & ਰਵੀ" and rows[4]["name"] == "Asha & Ravi"
    losers = [r for r in rows.values() if int(r["card_points_for"]) < int(r["card_points_against"])]
    assert losers and all(int(r["card_point_difference"]) < 0 for r in losers)  # numbers stay numbers


def test_a_two_player_events_tables_name_north_and_south(client):
    """The partnerships of a two-player table sit North and South (as its scoresheet says): the event page, its
    table cards, the results page and the comments of its games' log called them North–South and East–West."""
    event_id, token = create(client, [["Asha"], ["Ravi"], ["Meena"]], event_format="round-robin",
                             variant="two-player")
    table = client.post(f"/api/events/{event_id}/rounds", headers=bearer(token)).json["tables"][0]
    page = client.get(f"/events/{event_id}").get_data(as_text=True)
    csrf = page.split('name="csrf_token" type="hidden" value="')[1].split('"')[0]
    organiser = client.post(f"/events/{event_id}/organise", data={"csrf_token": csrf, "token": token})
    results = client.get(f"/events/{event_id}/results").get_data(as_text=True)
    for html in (page, organiser.get_data(as_text=True), results):
        assert "<th>North</th><th>South</th>" in html and "North–South" not in html and "East–West" not in html
    assert "South: scan to confirm each deal's score" in organiser.get_data(as_text=True)
    version = client.get(f"/api/live/{table['game_id']}").json["version"]
    for line in ("deal 1 dealer N", "score N 20 S 10"):
        answer = client.post(f"/api/live/{table['game_id']}/entries", headers=bearer(table["edit_token"]),
                             json={"line": line, "version": version})
        assert answer.status_code == 201, answer.json
        version = answer.json["version"]
    seep = client.get(f"/events/{event_id}/games.seep").get_data(as_text=True)
    assert seep.startswith(f"# round 1, table 1: partnership {table['pair_a']} (North) v {table['pair_b']} (South)\n")
    four, token = create(client, PAIRS, event_format="round-robin")
    client.post(f"/api/events/{four}/rounds", headers=bearer(token))
    assert "<th>North–South</th><th>East–West</th>" in client.get(f"/events/{four}").get_data(as_text=True)


def table_row(html: str, round_: int, pairs: tuple[int, int]) -> str:
    """The row of round `round_`'s table of partnerships `pairs` (its first `<tr` to its `</tr>`)."""
    section = html.split(f"Round {round_}")[-1]
    names = [f"{p}. {' &amp; '.join(PAIRS[p - 1])}" for p in pairs]
    return next(row for row in section.split("<tr")[1:] if all(n in row for n in names)).split("</tr>")[0]


def test_a_table_still_playing_is_marked_in_play_wherever_its_figures_show(client):
    """A table whose game is still open shows its figures so far: the results page (printed and pinned up) and the
    event page's rounds mark it in play, not a result (they showed "0–1, 55–145" as if final); a closed one is not."""
    event_id, token = create(client, PAIRS, event_format="round-robin")
    first, second = client.post(f"/api/events/{event_id}/rounds", headers=bearer(token)).json["tables"]
    score_table(client, first, [(60, 40)])
    score_table(client, second, [(55, 45), (0, 100)], close=False)
    pairs = {t["game_id"]: (t["pair_a"], t["pair_b"]) for t in (first, second)}
    playing, done = pairs[second["game_id"]], pairs[first["game_id"]]
    tables = {t["game_id"]: t for t in client.get(f"/api/events/{event_id}").json["rounds"][0]["tables"]}
    assert tables[second["game_id"]]["in_play"] is True and tables[first["game_id"]]["in_play"] is False
    results = client.get(f"/events/{event_id}/results").get_data(as_text=True)
    page = client.get(f"/events/{event_id}").get_data(as_text=True)
    live = client.get(f"/events/{event_id}/live").get_data(as_text=True)
    for html in (results, page, live):
        row = table_row(html, 1, playing)
        assert 'in-play">' in row.split("<td")[0] and ">in play<" in row and "55–145" in row
        assert "in play" not in table_row(html, 1, done)
    assert "1 table still plays: round 1, table" in results.split('class="results-standings"')[1].split("<table")[0]
    score_table(client, second, [], close=True)  # closed: a result
    results = client.get(f"/events/{event_id}/results").get_data(as_text=True)
    assert "in play" not in results and "still plays" not in results
