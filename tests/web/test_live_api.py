"""The live API: corrections, undo, retries, stale versions, tokens, concurrent writers, history, ETags,
what comes next, score-only deals, the in-progress judgement and the outcomes of one card."""
from __future__ import annotations

import hashlib
import random
import threading
from datetime import datetime, timezone

import pytest

from seeplog.playout import random_game
from seeplog.ruleset import VARIANTS
from tests.helpers import EXAMPLES
from tests.web.helpers import assert_envelope
from tests.web.live_helpers import Keeper, live_store_fixtures, statement_lines, validate_json


app, client = live_store_fixtures()


def a_deal(seed: int = 1, variant: str = "standard") -> list[str]:
    """The lines of one random legal deal (from its deal line), dealt by N."""
    text = random_game(VARIANTS[variant], 1, random.Random(seed))
    lines = statement_lines(text)
    return [line for line in lines if not line.startswith("[")]


def plays_of(lines: list[str]) -> list[int]:
    """The indexes of the play lines."""
    return [i for i, line in enumerate(lines) if line.split()[0] in "NWSE" and len(line.split()[0]) == 1]


# ---------------------------------------------------------------- starting, reading, following

def test_start_answers_the_token_once_and_keeps_only_its_digest(app, client):
    keeper = Keeper(client, "thirty", players={"N": "Asha", "S": "Chetan"}, tags={"Event": "Club night"})
    created = keeper.created
    assert set(created) >= {"id", "edit_token", "version", "edit_url", "follow_url"}
    assert len(created["edit_token"]) >= 40 and created["version"] == 1
    assert created["edit_token"] in created["edit_url"] and created["edit_token"] not in created["follow_url"]
    doc = keeper.doc()
    today = datetime.now(timezone.utc).date().isoformat()  # dated today, as the start page does
    assert doc["log"] == ('[Variant "thirty"]\n[North "Asha"]\n[South "Chetan"]\n[Event "Club night"]\n'
                          f'[Date "{today}"]\n')
    assert doc["next"]["kind"] == "deal" and doc["next"]["dealer"] is None
    from seeplog.web.db import connect
    db = connect(app.config["DATABASE"])
    stored = db.execute("select token_hash from live_games where game_id = ?", [keeper.id]).fetchone()[0]
    assert stored == hashlib.sha256(created["edit_token"].encode()).hexdigest()
    dump = "\n".join(str(row) for table in ("live_games", "live_events", "games")
                     for row in db.execute(f"select * from {table}").fetchall())
    assert created["edit_token"] not in dump
    assert created["edit_token"] not in client.get(f"/api/live/{keeper.id}/history").get_data(as_text=True)


def test_start_refuses_bad_bodies(client):
    assert_envelope(client.post("/api/live", json={}), 400)
    assert_envelope(client.post("/api/live", json={"variant": "chess"}), 400)
    assert_envelope(client.post("/api/live", json={"variant": "standard", "players": {"X": "Asha"}}), 400)
    assert_envelope(client.post("/api/live", json={"variant": "standard", "players": {"n": "Asha"}}), 400)
    assert_envelope(client.post("/api/live", json={"variant": "standard", "tags": {"Event": "a\nb"}}), 400)
    bad_tag = assert_envelope(client.post("/api/live", json={"variant": "standard", "tags": {"MaxHouses": "two"}}),
                              400)
    assert "MaxHouses" in bad_tag["error"]
    assert_envelope(client.post("/api/live", json={"variant": "two-player", "players": {"W": "Divya"}}), 400)
    assert client.get("/api/games").json["total"] == 0


@pytest.mark.parametrize("value", ["a\nb", "Club night\n", "\u0000\u0001", "a\tb", "a\x9bb", "a\u2028b"])
def test_start_refuses_tags_and_names_with_control_characters(client, value):
    for body, field in [({"tags": {"Event": value}}, "tags.Event.value"),
                        ({"players": {"N": value}}, "players.N.value")]:
        refused = assert_envelope(client.post("/api/live", json={"variant": "standard", **body}), 400)
        assert [e["field"] for e in refused["errors"]] == [field] and "one line" in refused["errors"][0]["message"]
    assert client.get("/api/games").json["total"] == 0


def test_a_field_of_a_pattern_is_matched_whole_a_last_newline_included(client):
    keeper = Keeper(client)
    keeper.add_all(["deal 1 dealer N", "floor Kh Jc 9s 2s", "bid W 11"])
    assert_envelope(client.get(f"/api/live/{keeper.id}/outcomes?card=Jd%0A&seat=W"), 400)
    assert_envelope(keeper.post("/entries", {"line": "W Jd x Jc 9s+2s", "version": keeper.version,
                                             "client_id": "abc\n"}), 400)
    assert client.get(f"/api/live/{keeper.id}/outcomes?card=Jd&seat=W").status_code == 200


@pytest.mark.parametrize("body, field", [
    ({"players": {"N": "Other"}, "tags": {"North": "Dup"}}, "tags.North"),
    ({"players": {"W": "Asha"}, "tags": {"west": "Ravi"}}, "tags.west"),  # a known tag name, in any case
    ({"tags": {"Variant": "juneja"}}, "tags.Variant"),
    ({"tags": {"variant": "thirty"}}, "tags.variant")])
def test_start_refuses_tags_that_contradict_the_players_or_the_variant(client, body, field):
    refused = assert_envelope(client.post("/api/live", json={"variant": "standard", **body}), 400)
    assert [e["field"] for e in refused["errors"]] == [field]
    assert all(value in refused["errors"][0]["message"] for value in [*body.get("players", {}).values(),
                                                                       *body["tags"].values()])
    assert client.get("/api/games").json["total"] == 0


def test_start_takes_tags_that_repeat_the_players_and_the_variant_once(client):
    keeper = Keeper(client, "standard", players={"N": "Asha"}, tags={"north": "Asha", "Variant": "Standard",
                                                                     "Date": ""})
    assert keeper.doc()["log"] == '[Variant "standard"]\n[North "Asha"]\n'


def test_start_writes_no_seat_tag_for_an_empty_name_as_the_start_page(client):
    keeper = Keeper(client, "standard", players={"N": "", "S": "  ", "E": "Chetan"}, tags={"Date": ""})
    assert keeper.doc()["log"] == '[Variant "standard"]\n[East "Chetan"]\n'
    page = client.get("/live/new").get_data(as_text=True)
    csrf = page.split('name="csrf_token" type="hidden" value="')[1].split('"')[0]
    started = client.post("/live/new", data={"csrf_token": csrf, "variant": "standard", "north": "  ",
                                             "east": "Chetan", "date": ""})
    assert started.status_code == 201
    assert client.get(f"/api/live/{keeper.id + 1}").json["log"] == keeper.doc()["log"]


def test_start_trims_names_and_tags_and_writes_no_empty_tag_as_the_start_page(client):
    keeper = Keeper(client, "standard", players={"N": " Asha ", "E": "Chetan\u00a0"},
                    tags={"Event": "", "Date": " 2026-11-14 ", "Round": "  ", "Scorer": " Ravi", "north": "Asha "})
    assert keeper.doc()["log"] == ('[Variant "standard"]\n[North "Asha"]\n[East "Chetan"]\n[Date "2026-11-14"]\n'
                                   '[Scorer "Ravi"]\n')
    page = client.get("/live/new").get_data(as_text=True)
    csrf = page.split('name="csrf_token" type="hidden" value="')[1].split('"')[0]
    started = client.post("/live/new", data={"csrf_token": csrf, "variant": "standard", "north": " Asha ",
                                             "east": "Chetan\u00a0", "event": "", "round": "  ", "scorer": " Ravi",
                                             "date": "2026-11-14"})
    assert started.status_code == 201
    assert client.get(f"/api/live/{keeper.id + 1}").json["log"] == keeper.doc()["log"]


def test_start_leaves_a_game_undated_for_an_empty_or_blank_date(client):
    for date in ("", "  "):
        assert Keeper(client, "standard", tags={"Date": date, "Event": " "}).doc()["log"] == '[Variant "standard"]\n'


def test_get_has_an_etag_and_answers_304_while_nothing_changed(client):
    keeper = Keeper(client)
    first = keeper.get()
    tag = first.headers["ETag"]
    assert first.status_code == 200
    again = keeper.get(**{"If-None-Match": tag})
    assert again.status_code == 304 and again.get_data() == b"" and again.headers["ETag"] == tag
    keeper.add("deal 1 dealer N")
    changed = keeper.get(**{"If-None-Match": tag})
    assert changed.status_code == 200 and changed.headers["ETag"] != tag
    assert changed.json["version"] == 2


def test_no_such_game(client):
    assert_envelope(client.get("/api/live/999"), 404)
    assert_envelope(client.get("/api/live/999/history"), 404)
    assert_envelope(client.get(f"/api/live/{10 ** 30}"), 404)
    response = client.post("/api/live/999/entries", json={"line": "deal 1 dealer N", "version": 1},
                           headers={"Authorization": "Bearer x"})
    assert_envelope(response, 404)


def test_what_comes_next_follows_the_deal(client):
    keeper = Keeper(client)
    lines = a_deal(3)
    steps = [keeper.add(line).json["next"] for line in lines]
    floor_at = next(i for i, line in enumerate(lines) if line.startswith("floor"))
    bidder = VARIANTS["standard"].right_of(lines[0].split()[-1])
    assert steps[0]["kind"] == "bid" and steps[0]["seat"] == bidder and set(steps[0]["missing"]) == {"bid", "floor"}
    bid_at = next(i for i, line in enumerate(lines) if line.startswith("bid"))
    assert steps[bid_at]["kind"] == "play" and steps[bid_at]["seat"] == bidder and steps[bid_at]["play"] == 1
    assert steps[floor_at]["kind"] in ("bid", "play")
    for i in plays_of(lines)[:-1]:
        following = lines[i + 1]
        assert steps[i]["kind"] == "play" and steps[i]["seat"] == following.split()[0]
    last = steps[-1]
    expected = validate_json('[Variant "standard"]\n\n' + "\n".join(lines) + "\n")["games"][0]["ledger"][-1]
    assert last["kind"] == "deal" and last["deal"] == 2 and last["dealer"] == expected["next_dealer"]
    assert last["lead"] == expected["lead"] and last["why"]
    doc = keeper.doc()
    assert len(doc["table"]["seen"]) == 52 and doc["table"]["floor"]["houses"] == []


def test_the_floor_and_the_play_in_words(client):
    keeper = Keeper(client)
    keeper.add_all(["deal 1 dealer N", "floor Kh Jc 9s 2s", "bid W 11"])
    answer = keeper.add("w jd x jc 9s+2s").json
    assert answer["line"] == "W Jd x Jc 9s+2s" and answer["verdict"]["ok"]
    assert answer["verdict"]["words"] == "W takes Jc and 9s+2s with Jd"
    keeper.add_all(["S 5h", "E 4c+5h =9"])
    table = keeper.doc()["table"]
    assert table["floor"] == {"loose": ["Kh"], "houses": [{"value": 9, "cards": ["4c", "5h"], "owners": ["E"],
                                                         "cemented": False}]}
    assert table["seen"] == ["Kh", "Jd", "Jc", "9s", "5h", "4c", "2s"] and table["turn"] == "N"


# ---------------------------------------------------------------- the verdict of an entry

def test_a_play_that_breaks_a_rule_is_stored_and_flagged(client):
    keeper = Keeper(client)
    keeper.add_all(["deal 1 dealer N", "floor Kh Jc 9s 2s", "bid W 11", "W Jd x Jc 9s+2s", "S 5h"])
    answer = keeper.add("E 5c").json
    assert keeper.version == 7 and answer["entry"] == 8  # entries 1 and 2: the Variant and Date tags
    assert [v["rule"] for v in answer["verdict"]["violations"]] == ["R-MUST-CAPTURE"]
    assert answer["verdict"]["violations"][0]["column"] == 3 and not answer["verdict"]["ok"]
    entry = keeper.doc()["entries"][-1]
    assert entry["play"] == 3 and entry["deal"] == 1 and entry["findings"][0]["rule"] == "R-MUST-CAPTURE"


def test_a_log_error_is_stored_and_named_at_once(client):
    keeper = Keeper(client)
    keeper.add_all(["deal 1 dealer N", "floor Kh Jc 9s 2s", "bid W 11"])
    answer = keeper.add("W Jd x Jc 9s+4s").json
    assert [e["rule"] for e in answer["verdict"]["errors"]] == ["E-FLOOR"]
    assert answer["next"]["stopped"]["rule"] == "E-FLOOR"


def test_a_score_only_deal_is_checked_at_once(client):
    keeper = Keeper(client)
    keeper.add("deal 1 dealer N")
    answer = keeper.add("score NS 40 EW 62").json
    assert [v["rule"] for v in answer["verdict"]["violations"]] == ["R-SCORE-TOTAL"]
    assert answer["next"]["kind"] == "deal" and answer["next"]["deal"] == 2
    fixed = keeper.send(replace=4, line="score NS 40 EW 60", note="62 was a slip").json
    assert fixed["verdict"]["ok"] and fixed["next"]["dealer"] == "N"  # the dealer's team is behind: N again
    assert keeper.doc()["report"]["games"][0]["ledger"][0]["lead"] == {"team": "EW", "points": 20}


def test_a_second_score_floor_or_tag_line_is_refused_naming_the_entry_of_the_first(client):
    keeper = Keeper(client, players={"N": "Asha", "S": "Ravi", "W": "Divya", "E": "Omkar"})
    keeper.add_all(["deal 1 dealer N", "score NS 40 EW 60", "deal 2 dealer W", "floor Kh Jc 9s 2s",
                    "score NS 50 EW 50"])
    numbered = {e["line"]: n for n, e in enumerate(keeper.doc()["entries"], start=1)}
    for line, first, said in (("score NS 60 EW 40", numbered["score NS 50 EW 50"], "a second score line in deal 2"),
                              ("floor Qh 3c 4d 5s", numbered["floor Kh Jc 9s 2s"], "a second floor line in deal 2")):
        refused = keeper.add(line)
        assert_envelope(refused, 422)
        item = refused.json["errors"][0]
        assert item["message"] == f"{said} (the first is entry {first})" and item["line"] == len(numbered) + 1
        assert refused.json["error"] == f"the line cannot be recorded: {said} (the first is entry {first})"
        assert item["said"]["params"]["first"] == first
    misfit = keeper.send(delete=numbered["deal 2 dealer W"])  # deal 2's score would be deal 1's second
    first, second = numbered["score NS 40 EW 60"], numbered["score NS 50 EW 50"] - 1  # numbers after the delete
    assert assert_envelope(misfit, 422)["errors"][0]["message"] == \
        f"entry {second}: a second score line in deal 1 (the first is entry {first})"
    tag = keeper.send(insert_before=numbered['[South "Ravi"]'], line='[North "Imran"]')
    north = numbered['[North "Asha"]']
    assert assert_envelope(tag, 422)["errors"][0]["message"] == \
        f"a second North tag in this game (entry {north} already says 'Asha')"


def test_a_later_play_reveals_what_an_earlier_play_broke(client):
    """RULES §3: a house play without the card is judged when the hand is known; the play that reveals it
    names it, and the report carries it."""
    text = (EXAMPLES / "r-house-hold.seep").read_text(encoding="utf-8")
    lines = statement_lines(text)
    keeper = Keeper(client, "thirty", tags={"Date": "2026-10-07"})
    rest = [line for line in lines[1:] if not line.startswith("[Date ")]
    answers = [keeper.add(line).json for line in rest]
    house_play = next(i for i, line in enumerate(rest) if line == "N 9d+2d =11")
    assert "R-HOUSE-HOLD" not in [v["rule"] for v in answers[house_play]["verdict"]["violations"]]
    revealing = [i for i, a in enumerate(answers)
                 if any(f["rule"] == "R-HOUSE-HOLD" for f in a["revealed"])]
    assert revealing and revealing[0] > house_play
    named = next(f for f in answers[revealing[0]]["revealed"] if f["rule"] == "R-HOUSE-HOLD")
    assert named["entry"] == house_play + 3 and named["play"] == 13  # entries 1-2: the Variant and Date tags
    assert "R-HOUSE-HOLD" in [v["rule"] for d in keeper.doc()["report"]["games"][0]["deals"]
                              for v in d["violations"]]


def test_the_last_deal_of_an_open_game_is_in_progress(client):
    keeper = Keeper(client)
    keeper.add_all(a_deal(5)[:20])
    game = keeper.doc()["report"]["games"][0]
    deal = game["deals"][0]
    assert deal["in_progress"] and not deal["complete"] and deal["errors"] == []
    assert game["ledger"][0]["score"] is None and game["ledger"][0]["next_dealer"] is None
    page = client.get(f"/games/{keeper.id}").get_data(as_text=True)
    assert "in progress" in page and "has no score" not in page
    keeper.send("/close")
    game = keeper.doc()["report"]["games"][0]
    deal = game["deals"][0]
    assert not deal["in_progress"] and [e["rule"] for e in deal["errors"]] == ["E-INCOMPLETE"]
    assert game["ledger"][0]["next_dealer"] is None and game["ledger"][0]["provisional"]


# ---------------------------------------------------------------- corrections

def _changing_last_play(seed_from: int = 0):
    """A random deal whose last play, a capture, when written as a throw instead, changes the deal's score
    (the cards left go to the other team); its lines, the throw, and the deal scores before and after."""
    for seed in range(seed_from, seed_from + 200):
        lines = a_deal(seed)
        last = lines[-1]
        if " x " not in last:
            continue
        throw = " ".join(last.split()[:2])
        scores = []
        for deal in (lines, lines[:-1] + [throw]):
            doc = validate_json('[Variant "standard"]\n\n' + "\n".join(deal) + "\n")
            scores.append(doc["games"][0]["deals"][0]["score"])
        if scores[0] != scores[1] and all(min(s.values()) >= 9 for s in scores):
            return lines, throw, scores
    raise AssertionError("no such deal")


def _lead(score: dict) -> int:
    return score["NS"] - score["EW"]


def test_a_replace_in_deal_1_moves_the_dealer_of_deal_3_and_the_baazis(client):
    lines, throw, (before, after) = _changing_last_play()
    high = max(_lead(before), _lead(after))
    # Deal 2, written as its score alone, brings the higher of the two leads exactly to the baazi.
    need = 100 - high
    deal2 = f"score NS 50{'+' + str(need) if need > 0 else ''} EW 50{'+' + str(-need) if need < 0 else ''}"
    keeper = Keeper(client, tags={"Date": "2026-11-14"})
    keeper.add_all(lines)
    dealer2 = keeper.doc()["next"]["dealer"]
    keeper.add_all([f"deal 2 dealer {dealer2}", deal2])
    first = keeper.doc()
    answer = keeper.send(replace=len(lines) + 2, line=throw, note="the last card was thrown, not a capture")
    assert answer.status_code == 201, answer.json
    assert "R-MUST-CAPTURE" in [v["rule"] for v in answer.json["verdict"]["violations"]]
    second = keeper.doc()
    assert first["report"]["games"][0]["deals"][0]["score"] == before
    assert second["report"]["games"][0]["deals"][0]["score"] == after
    assert first["next"]["baazis"] != second["next"]["baazis"]
    assert first["next"]["dealer"] != second["next"]["dealer"]
    for doc, deal1 in ((first, lines), (second, lines[:-1] + [throw])):
        text = ('[Variant "standard"]\n[Date "2026-11-14"]\n\n' + "\n".join(deal1)
                + f"\n\ndeal 2 dealer {dealer2}\n{deal2}\n")
        expected = validate_json(text)["games"][0]
        assert doc["next"]["dealer"] == expected["ledger"][-1]["next_dealer"] and doc["next"]["deal"] == 3
        assert doc["next"]["baazis"] == expected["baazis"]
        assert doc["report"]["games"][0] == expected
    assert answer.json["next"] == second["next"]


def test_insert_and_delete_an_entry(client):
    lines = a_deal(7)
    forgotten = plays_of(lines)[10]
    keeper = Keeper(client, tags={"Date": "2026-11-14"})
    keeper.add_all(lines[:forgotten] + lines[forgotten + 1:])
    broken = keeper.doc()["report"]["games"][0]["deals"][0]
    assert broken["errors"] or broken["violations"]
    entry = forgotten + 3  # entries 1-2: the Variant and Date tags
    answer = keeper.send(insert_before=entry, line=lines[forgotten], note="play forgotten")
    assert answer.status_code == 201 and answer.json["entry"] == entry
    assert answer.json["cleared"] and not answer.json["revealed"]
    doc = keeper.doc()
    assert [e["line"] for e in doc["entries"][2:]] == lines
    assert doc["report"]["games"][0]["deals"][0]["complete"]
    assert doc["report"] == validate_json('[Variant "standard"]\n[Date "2026-11-14"]\n\n' + "\n".join(lines) + "\n")
    removed = keeper.send(delete=entry, note="not played after all")
    assert removed.status_code == 201 and removed.json["revealed"] and removed.json["verdict"] is None
    assert keeper.doc()["report"]["games"][0]["deals"][0] == broken
    assert_envelope(keeper.send(delete=500), 422)
    assert_envelope(keeper.send(replace=0, line="N 2c"), 400)
    assert_envelope(keeper.send(replace=3), 422)
    assert_envelope(keeper.send(delete=3, line="N 2c"), 422)
    assert_envelope(keeper.send(delete=3, replace=4, line="N 2c"), 422)


def test_undo_deletes_the_last_entry_as_an_event(client):
    keeper = Keeper(client)
    keeper.add_all(["deal 1 dealer N", "floor Kh Jc 9s 2s"])
    before = keeper.doc()
    keeper.add("bid W 11")
    answer = keeper.send("/undo", note="bid entered twice")
    assert answer.status_code == 201 and answer.json["kind"] == "undo" and answer.json["entry"] == 5
    after = keeper.doc()
    assert after["entries"] == before["entries"] and after["log"] == before["log"] and after["version"] == 5
    assert [e["kind"] for e in keeper.history()][-2:] == ["append", "undo"]


def test_undo_never_takes_a_tag_of_the_games_header(client):
    """At the start a game is its tags alone (the variant, the baazi target, the date): an Undo tapped then
    would change the game's rules. It is refused and the tags stay; a tag line that starts a second game,
    after deals, is undone as any entry is."""
    fresh = Keeper(client, "two-player", tags={"BaaziTarget": "5"})
    before = fresh.doc()
    refused = fresh.send("/undo")
    assert_envelope(refused, 422)
    assert refused.json["error"].startswith("there is no entry to undo: the game has only its tags")
    assert fresh.doc() == before and fresh.doc()["variant"] == "two-player"
    keeper = Keeper(client)
    keeper.add_all(["deal 1 dealer N", "score NS 40 EW 60", '[Round "2"]'])
    assert len(keeper.doc()["report"]["games"]) == 2
    assert keeper.send("/undo").status_code == 201 and len(keeper.doc()["report"]["games"]) == 1


def test_a_retry_with_the_same_client_id_stores_once(client):
    keeper = Keeper(client)
    keeper.add("deal 1 dealer N")
    first = keeper.post("/entries", {"line": "floor Kh Jc 9s 2s", "version": 2, "client_id": "abc-1"})
    again = keeper.post("/entries", {"line": "floor Kh Jc 9s 2s", "version": 2, "client_id": "abc-1"})
    assert first.status_code == again.status_code == 201
    assert again.json == first.json and again.headers["Idempotent-Replayed"] == "true"
    assert len(keeper.history()) == 3 and keeper.doc()["version"] == 3
    assert [e["line"] for e in keeper.doc()["entries"]].count("floor Kh Jc 9s 2s") == 1


def test_a_client_id_sent_again_with_another_request_is_refused_and_stores_nothing(client):
    keeper = Keeper(client)
    assert keeper.add("deal 1 dealer S", client_id="abc-1").status_code == 201
    before = keeper.doc()
    for body in ({"line": "score NS 50 EW 50"}, {"line": "deal 1 dealer S", "note": "again"},
                 {"line": "deal 1 dealer S", "replace": 1}, {"line": "deal 1 dealer S", "insert_before": 1}):
        refused = keeper.send(client_id="abc-1", **body)
        assert_envelope(refused, 422)
        assert refused.json["error"].startswith("the client_id abc-1 was sent before with another request")
        assert refused.json["errors"][0]["field"] == "client_id"
        assert keeper.doc() == before
    assert_envelope(keeper.send("/undo", client_id="abc-1"), 422)
    assert_envelope(keeper.send("/tags", client_id="abc-1", tags={"Round": "2"}), 422)
    retried = keeper.add("deal 1 dealer S", client_id="abc-1", version=1)
    assert retried.status_code == 201 and retried.headers["Idempotent-Replayed"] == "true"
    assert keeper.doc() == before


def test_a_retag_sent_again_with_other_tags_is_refused(client):
    keeper = Keeper(client)
    assert keeper.send("/tags", client_id="t-1", tags={"Round": "2"}).status_code == 201
    assert keeper.send("/tags", client_id="t-1", tags={"Round": "2"}, version=1).status_code == 201
    assert_envelope(keeper.send("/tags", client_id="t-1", tags={"Round": "3"}), 422)
    assert '[Round "2"]' in keeper.doc()["log"]


def test_a_stale_version_gets_409_and_what_changed(client):
    keeper = Keeper(client)
    keeper.add_all(["deal 1 dealer N", "floor Kh Jc 9s 2s"])
    before = keeper.doc()
    response = keeper.post("/entries", {"line": "bid W 11", "version": 2, "client_id": "late"})
    body = response.json
    assert response.status_code == 409 and body["ok"] is False and body["status"] == 409
    assert body["version"] == 3 and [e["version"] for e in body["events"]] == [3]
    assert body["events"][0]["line"] == "floor Kh Jc 9s 2s"
    assert body["error"].startswith("the game is at version 3, not 2: another entry came first")
    assert [e["line"] for e in body["entries"]] == [e["line"] for e in before["entries"]]
    assert keeper.doc() == before


def test_a_version_the_game_never_had_gets_409_saying_so(client):
    keeper = Keeper(client)
    keeper.add("deal 1 dealer N")
    before = keeper.doc()
    response = keeper.post("/entries", {"line": "floor Kh Jc 9s 2s", "version": 1000, "client_id": "ahead"})
    assert response.status_code == 409 and response.json["version"] == 2 and response.json["events"] == []
    assert response.json["error"] == ("the game is at version 2; it has never been at version 1000: send the "
                                      "version its last answer gave")
    assert keeper.doc() == before


def test_a_wrong_or_missing_token_stores_nothing(client):
    keeper = Keeper(client)
    other = Keeper(client)
    before = keeper.doc()
    body = {"line": "deal 1 dealer N", "version": 1, "client_id": "x1"}
    assert_envelope(keeper.post("/entries", body, headers={"Authorization": f"Bearer {other.token}"}), 403)
    assert_envelope(keeper.post("/entries", body, headers={"Authorization": "Bearer " + "A" * 43}), 403)
    missing = keeper.post("/entries", body, headers={})
    assert_envelope(missing, 401)
    assert missing.headers["WWW-Authenticate"].startswith("Bearer")
    assert_envelope(keeper.post("/entries", body, headers={"Authorization": f"Basic {keeper.token}"}), 401)
    assert_envelope(keeper.post("/undo", {"version": 1}, headers={}), 401)
    assert_envelope(keeper.post("/close", {"version": 1}, headers={"Authorization": "Bearer nope"}), 403)
    assert keeper.doc() == before and len(keeper.history()) == 1


def test_two_writers_with_the_same_version_exactly_one_wins(app):
    keeper = Keeper(app.test_client())
    keeper.add("deal 1 dealer N")
    for round_ in range(5):
        barrier = threading.Barrier(2)
        results: list = [None, None]

        def write(slot: int, line: str, round_: int = round_, barrier: threading.Barrier = barrier,
                  results: list = results) -> None:
            client = app.test_client()
            barrier.wait()
            results[slot] = client.post(f"/api/live/{keeper.id}/entries", headers=keeper.auth,
                                        json={"line": line, "version": keeper.version,
                                              "client_id": f"w{round_}-{slot}"})

        lines = ("floor Kh Jc 9s 2s", "floor Ah 2h 3h 4h") if round_ == 0 else (
            "score NS 40 EW 60", "score NS 41 EW 59")
        threads = [threading.Thread(target=write, args=(i, line)) for i, line in enumerate(lines)]
        for t in threads:
            t.start()
        for t in threads:
            t.join()
        codes = sorted(r.status_code for r in results)
        assert codes == [201, 409], [r.json for r in results]
        winner = next(r for r in results if r.status_code == 201)
        assert keeper.doc()["version"] == winner.json["version"] == keeper.version + 1
        keeper.version += 1
        if round_ == 0:
            continue
        keeper.send("/undo")
    assert len(keeper.history()) == keeper.version


def test_a_closed_game_takes_no_more_entries(client):
    keeper = Keeper(client)
    keeper.add_all(["deal 1 dealer N", "score NS 40 EW 60"])
    closed = keeper.send("/close")
    assert closed.status_code == 201 and closed.json["next"] == {"kind": "closed"}
    refused = keeper.add("deal 2 dealer W")
    assert refused.status_code == 409 and refused.json["ok"] is False and "closed" in refused.json["error"]
    assert keeper.send("/undo").status_code == 409
    assert keeper.doc()["state"] == "closed" and len(keeper.history()) == 4


# ---------------------------------------------------------------- history, games list, pages

def test_the_history_of_a_corrected_game_lists_every_event(client):
    keeper = Keeper(client, players={"N": "Asha"})
    keeper.add_all(["deal 1 dealer N", "floor Kh Jc 9s 2s", "bid W 11", "W Jd x Jc 9s+2s", "S 5h"])
    keeper.send(replace=7, line="W Jd x Jc 9s+2s {the jack must take all}", note="annotated")
    keeper.send(insert_before=8, line="E 4c", note="E played first")
    keeper.send(delete=8, note="no, S did")
    keeper.send("/undo", note="S 5h was a mistake")
    keeper.send("/close", note="end of the evening")
    events = keeper.history()
    assert [e["kind"] for e in events] == ["create", "append", "append", "append", "append", "append", "replace",
                                           "insert", "delete", "undo", "close"]
    assert [e["version"] for e in events] == list(range(1, 12))
    today = datetime.now(timezone.utc).date().isoformat()
    assert events[0]["line"] == f'[Variant "standard"]\n[North "Asha"]\n[Date "{today}"]'
    assert events[6] | {"at": None, "client_id": None} == {
        "version": 7, "kind": "replace", "entry": 7, "line": "W Jd x Jc 9s+2s {the jack must take all}",
        "was": {"line": "W Jd x Jc 9s+2s", "kind": "play", "deal": 1, "play": 1},
        "typed": "W Jd x Jc 9s+2s {the jack must take all}", "note": "annotated", "at": None, "client_id": None}
    assert events[8]["entry"] == 8 and events[8]["line"] is None and events[8]["note"] == "no, S did"
    assert events[8]["was"] == {"line": "E 4c", "kind": "play", "deal": 1, "play": 2}  # what the delete took
    assert events[9]["was"] == {"line": "S 5h", "kind": "play", "deal": 1, "play": 2}
    assert events[7]["was"] is None and events[1]["was"] is None
    assert events[9]["entry"] == 8 and events[10]["note"] == "end of the evening"
    assert all(e["at"].endswith("+00:00") for e in events)
    assert [e["line"] for e in keeper.doc()["entries"]] == [
        '[Variant "standard"]', '[North "Asha"]', f'[Date "{today}"]', "deal 1 dealer N", "floor Kh Jc 9s 2s",
        "bid W 11",
        "W Jd x Jc 9s+2s {the jack must take all}"]


def test_the_games_list_and_the_scoresheet_show_the_live_game(client):
    keeper = Keeper(client, players={"N": "Asha", "W": "Divya"}, tags={"Event": "Friday live"})
    keeper.add_all(a_deal(11) + ["deal 2 dealer N", "score NS 30 EW 70"])
    keeper.add_all(["deal 3 dealer W"])
    listed = client.get("/api/games").json["games"]
    assert [(g["id"], g["live"], g["deals"]) for g in listed] == [(keeper.id, "open", 3)]
    index = client.get("/").get_data(as_text=True)
    assert "Friday live" in index and 'badge live live-open">live<' in index
    page = client.get(f"/games/{keeper.id}")
    html = page.get_data(as_text=True)
    assert page.status_code == 200 and "live: in progress" in html and "Asha" in html
    assert "E-INCOMPLETE" not in html and "Deal 3: in progress: 0 of 48 plays so far" in html
    assert client.get(f"/games/{keeper.id}/deals/1/plays/1").status_code == 200

    for export in (".seep", ".json", ".csv"):
        assert client.get(f"/games/{keeper.id}{export}").status_code == 200
    report = client.get(f"/api/games/{keeper.id}/report").json
    assert report == keeper.doc()["report"]
    assert client.get(f"/games/{keeper.id}.seep").get_data(as_text=True) == keeper.doc()["log"]
    keeper.send("/close")
    assert client.get("/api/games").json["games"][0]["live"] == "closed"
    assert "live, closed" in client.get("/").get_data(as_text=True)
    assert "kept live: closed" in client.get(f"/games/{keeper.id}").get_data(as_text=True)


def test_the_derived_tables_follow_the_live_game(app, client):
    keeper = Keeper(client, players={"N": "Asha"})
    keeper.add_all(["deal 1 dealer N", "score NS 40 EW 62"])
    assert client.get("/api/games?flagged=true").json["total"] == 1
    keeper.send(replace=5, line="score NS 40 EW 60")
    assert client.get("/api/games?flagged=true").json["total"] == 0
    assert client.get("/api/games?player=Asha").json["total"] == 1
    before = keeper.doc()
    from seeplog.web.db import connect
    db = connect(app.config["DATABASE"])
    db.execute("update live_games set view = replace(view, '\"kind\": \"deal\"', '\"kind\": \"stale\"')")
    db.conn.commit()
    assert keeper.doc() != before
    runner = app.test_cli_runner()
    assert runner.invoke(args=["rebuild-db"]).exit_code == 0
    assert client.get(f"/api/games/{keeper.id}/report").json == keeper.doc()["report"]
    assert keeper.doc() == before


def test_the_api_document_describes_the_live_api(client):
    paths = client.get("/api/openapi.json").json["paths"]
    assert {"/api/live", "/api/live/{game_id}", "/api/live/{game_id}/entries", "/api/live/{game_id}/undo",
            "/api/live/{game_id}/close", "/api/live/{game_id}/history", "/api/live/{game_id}/outcomes"} <= set(paths)
    responses = paths["/api/live/{game_id}/entries"]["post"]["responses"]
    assert {"201", "401", "403", "409", "422"} <= set(responses)


# ---------------------------------------------------------------- one card on the floor

def test_the_outcomes_of_one_card_legal_first_then_the_others_with_their_rules(client):
    keeper = Keeper(client)
    keeper.add_all(["deal 1 dealer N", "floor Kh Jc 9s 2s", "bid W 11"])
    found = client.get(f"/api/live/{keeper.id}/outcomes?card=Jd").json
    assert client.get(f"/api/live/{keeper.id}/outcomes?card=Jd&seat=").json == found  # an empty seat is not set
    assert client.get(f"/api/live/{keeper.id}/outcomes?card=Jd&cards=Jd").status_code == 400  # not a parameter
    assert found["seat"] == "W" and found["play"] == 1 and found["seen"] is False
    legal = [o["line"] for o in found["outcomes"] if o["legal"]]
    # W's hand is not known yet, so a cemented jack-house (W may hold another jack) is legal too.
    assert legal == ["W Jd x Jc 9s+2s", "W Jd =11 Jc 9s+2s"]
    others = {o["move"]: [v["rule"] for v in o["violations"]] for o in found["outcomes"] if not o["legal"]}
    assert others["Jd x Jc"] == ["R-CAPTURE-ALL"] and others["Jd"][0] == "R-MUST-CAPTURE"
    assert all(o["violations"] for o in found["outcomes"] if not o["legal"])
    keeper.add("W Jd x Jc 9s+2s")
    five = client.get(f"/api/live/{keeper.id}/outcomes?card=5h").json
    assert five["seat"] == "S" and [o["line"] for o in five["outcomes"]] == ["S 5h"]
    nine = client.get(f"/api/live/{keeper.id}/outcomes?card=4c&seat=e").json
    assert nine["seat"] == "E" and "R-TURN" in [v["rule"] for o in nine["outcomes"] for v in o["violations"]]
    assert_envelope(client.get(f"/api/live/{keeper.id}/outcomes?card=Zz"), 400)
    fresh = Keeper(client)
    waiting = client.get(f"/api/live/{fresh.id}/outcomes?card=Jd")
    assert waiting.status_code == 409 and waiting.json["next"]["kind"] == "deal"


def test_a_card_seen_already_or_in_another_seats_hand_has_no_legal_outcome(client):
    """Each outcome names the log error the line would be stored with (the replay stops there): a card on the
    floor or played already (E-CARD), one in another seat's recorded hand (E-HAND)."""
    keeper = Keeper(client)
    keeper.add_all(["deal 1 dealer N", "floor Kh Jc 9s 2s", "bid W 11", "hand S 5c 6c 7c 8c"])

    def outcomes(card: str) -> list[dict]:
        return client.get(f"/api/live/{keeper.id}/outcomes?card={card}").json["outcomes"]

    def rules(card: str) -> set[tuple[bool, str, str]]:
        return {(o["legal"], v["rule"], v["message"]) for o in outcomes(card) for v in o["violations"]}

    assert rules("Jc") == {(False, "E-CARD", "Jc was already seen in this deal (floor)")}
    assert rules("5c") == {(False, "E-HAND", "5c is in S's recorded hand, not W's")}
    keeper.add("W Jd x Jc 9s+2s")
    assert rules("Jd") == {(False, "E-CARD", "Jd was already seen in this deal (play 1)")}
    assert [o["line"] for o in outcomes("5c") if o["legal"]] == ["S 5c"]  # S's own card
    stored = keeper.add("S Jd").json
    assert [e["rule"] for e in stored["verdict"]["errors"]] == ["E-CARD"]  # as the outcome said


def test_a_closed_game_says_so_when_asked_for_a_cards_outcomes(client):
    keeper = Keeper(client)
    keeper.add_all(["deal 1 dealer N", "floor Kh Jc 9s 2s", "bid W 11"])
    keeper.send("/close")
    closed = client.get(f"/api/live/{keeper.id}/outcomes?card=Jd")
    assert closed.status_code == 409 and closed.json["next"] == {"kind": "closed"}
    assert closed.json["error"] == "the game is closed: it takes no more plays (reopen it first)"


def test_a_game_takes_a_bounded_number_of_entries(client, monkeypatch):
    from seeplog.web.live import derive
    monkeypatch.setattr(derive, "MAX_ENTRIES", 4)
    keeper = Keeper(client)  # the Variant and Date tags, then two lines
    keeper.add_all(["deal 1 dealer N", "floor Kh Jc 9s 2s"])
    full = assert_envelope(keeper.add("bid W 11"), 422)
    assert "4 entries" in full["error"]
    assert keeper.send(replace=4, line="floor Kh Jc 9s 3s").status_code == 201


def test_another_sites_page_cannot_write(client):
    keeper = Keeper(client)
    response = client.post(f"/api/live/{keeper.id}/entries", json={"line": "deal 1 dealer N", "version": 1},
                           headers={**keeper.auth, "Origin": "https://elsewhere.example"})
    assert_envelope(response, 403)
    assert_envelope(client.post("/api/live", json={"variant": "standard"},
                                headers={"Origin": "https://elsewhere.example"}), 403)
    assert keeper.doc()["version"] == 1


def test_the_play_pages_of_a_deal_in_progress(client):
    keeper = Keeper(client)
    keeper.add_all(["deal 1 dealer N", "floor Kh Jc 9s 2s", "bid W 11", "W Jd x Jc 9s+2s", "S 5h"])
    for play in (1, 2, 3):
        page = client.get(f"/games/{keeper.id}/deals/1/plays/{play}")
        assert page.status_code == 200 and "E-INCOMPLETE" not in page.get_data(as_text=True)
    assert client.get(f"/api/games/{keeper.id}/deals/1/plays/2").json["violations"] == []
    keeper.send("/close")
    assert "E-INCOMPLETE" in client.get(f"/games/{keeper.id}/deals/1/plays/3").get_data(as_text=True)


def test_in_progress_a_must_hold_rule_is_flagged_only_where_the_player_certainly_lacks_the_card(client):
    """RULES §3 for a deal in progress: E makes a jack-house when the four jacks are all seen elsewhere, so E
    certainly holds none (flagged at once); S makes a 12-house while queens are still unseen (not flagged)."""
    keeper = Keeper(client)
    keeper.add_all(["deal 1 dealer N", "floor Jc Jh 5d 3c", "bid W 11", "W Jd x Jh Jc", "S Js"])
    offered = client.get(f"/api/live/{keeper.id}/outcomes?card=8c").json["outcomes"]
    house = next(o for o in offered if o["move"] == "8c+3c =11 Js")
    assert not house["legal"] and [v["rule"] for v in house["violations"]] == ["R-HOUSE-HOLD"]
    answer = keeper.add("E 8c+3c =11 Js").json
    assert "R-HOUSE-HOLD" in [v["rule"] for v in answer["verdict"]["violations"]]
    unsure = Keeper(client)
    unsure.add_all(["deal 1 dealer N", "floor Jc Jh 5d 3c", "bid W 11", "W Jd x Jh Jc"])
    answer = unsure.add("S 7s+5d =12").json
    assert answer["verdict"]["violations"] == []
    deal = unsure.doc()["report"]["games"][0]["deals"][0]
    assert deal["in_progress"] and deal["errors"] == []


def test_a_writing_direction_control_is_refused_in_a_name_or_a_note(client):
    """U+202E (right-to-left override) in a player's name or a correction's note would turn the text after it
    around on every page that shows it (a bid of 13 read 31): refused, nothing stored."""
    refused = client.post("/api/live", json={"variant": "standard", "players": {"W": "\u202eW"}})
    assert refused.status_code in (400, 422) and "players" in str(refused.json)
    keeper = Keeper(client)
    keeper.add("deal 1 dealer N")
    before = keeper.doc()["version"]
    noted = keeper.send(replace=keeper.doc()["entries"][-1]["number"], line="deal 1 dealer W", note="x \u202eRTL")
    assert noted.status_code in (400, 422) and keeper.doc()["version"] == before
