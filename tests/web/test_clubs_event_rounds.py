"""Events' rounds beyond the round-robin: Swiss by the standings with no rematch (the bye said), rounds entered
by hand, and refusals that change nothing."""
from __future__ import annotations

from seeplog.web.db import connect, migrate
from tests.test_clubs_swiss import any_pairing
from tests.web.helpers import assert_envelope

NAMES = [f"Swiss {chr(65 + i)}" for i in range(16)]
PAIRS = [[NAMES[2 * i], NAMES[2 * i + 1]] for i in range(8)]
DEALERS = ("N", "E", "S", "W")


def create(client, pairs, event_format="swiss", **extra) -> tuple[int, str]:
    answer = client.post("/api/events", json={"name": "Swiss night", "variant": "standard", "partnerships": pairs,
                                              "format": event_format, "baazi_target": 50, **extra})
    assert answer.status_code == 201, answer.json
    return answer.json["id"], answer.json["organiser_token"]


def bearer(token: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {token}"}


def score_table(client, table: dict, scores: list[tuple[int, int]], close: bool = True) -> None:
    """Keep a table's game as score-only deals (North–South's card points, East–West's), then close it."""
    auth, game = bearer(table["edit_token"]), table["game_id"]
    version = client.get(f"/api/live/{game}").json["version"]
    lines = [line for n, (a, b) in enumerate(scores, start=1)
             for line in (f"deal {n} dealer {DEALERS[(n - 1) % 4]}", f"score NS {a} EW {b}")]
    for line in lines:
        answer = client.post(f"/api/live/{game}/entries", headers=auth, json={"line": line, "version": version})
        assert answer.status_code == 201, (line, answer.json)
        version = answer.json["version"]
    if close:
        assert client.post(f"/api/live/{game}/close", headers=auth, json={"version": version}).status_code == 201


def ranked(client, event_id: int) -> list[int]:
    return [s["pair"] for s in client.get(f"/api/events/{event_id}").json["standings"]]


def test_swiss_rounds_are_paired_from_the_standings_with_no_rematch(client):
    event_id, token = create(client, PAIRS[:6])
    first = client.post(f"/api/events/{event_id}/rounds", headers=bearer(token))
    assert first.status_code == 201 and first.json["bye"] is None
    assert [(t["pair_a"], t["pair_b"]) for t in first.json["tables"]] == [(1, 2), (3, 4), (5, 6)]
    for table, (ns, ew) in zip(first.json["tables"], [(80, 20), (90, 10), (70, 30)]):
        score_table(client, table, [(ns, ew)], close=table["number"] != 3)

    before = client.get(f"/api/events/{event_id}").json
    refused = assert_envelope(client.post(f"/api/events/{event_id}/rounds", headers=bearer(token)), 409)
    assert "still open: round 1, table 3" in refused["error"]
    assert client.get(f"/api/events/{event_id}").json == before  # the refusal changed nothing
    game = first.json["tables"][2]["game_id"]
    version = client.get(f"/api/live/{game}").json["version"]
    client.post(f"/api/live/{game}/close", headers=bearer(first.json["tables"][2]["edit_token"]),
                json={"version": version})

    assert ranked(client, event_id) == [3, 1, 5, 6, 2, 4]  # one baazi each winner, then card-point difference
    second = client.post(f"/api/events/{event_id}/rounds", headers=bearer(token)).json
    assert [(t["pair_a"], t["pair_b"]) for t in second["tables"]] == [(3, 1), (5, 2), (6, 4)]  # 5-6 met
    rounds = [first.json, second]
    met = {frozenset((t["pair_a"], t["pair_b"])) for r in rounds for t in r["tables"]}
    assert len(met) == 6
    while True:
        for n, table in enumerate(rounds[-1]["tables"]):
            score_table(client, table, [(20 + 10 * n, 80 - 10 * n)])
        standing = ranked(client, event_id)
        preview = client.get(f"/api/events/{event_id}/pairings/next")
        answer = client.post(f"/api/events/{event_id}/rounds", headers=bearer(token))
        if answer.status_code != 201:
            assert preview.status_code == 409 and preview.json["error"] == answer.json["error"]
            break
        assert preview.json["pairing"] == "swiss" and preview.json["round"] == answer.json["round"]
        assert [(t["pair_a"], t["pair_b"]) for t in preview.json["tables"]] == \
            [(t["pair_a"], t["pair_b"]) for t in answer.json["tables"]]
        assert answer.json["tables"][0]["pair_a"] == standing[0]  # the leader plays at the first table
        rounds.append(answer.json)
    body = assert_envelope(answer, 409)
    assert "cannot be paired" in body["error"] and "repeats a pairing already played" in body["error"]
    met_list = [frozenset((t["pair_a"], t["pair_b"])) for r in rounds for t in r["tables"]]
    assert len(rounds) >= 3 and len(met_list) == len(set(met_list))  # no pairing repeated over the rounds
    assert not any_pairing(list(range(1, 7)), set(met_list))
    event = client.get(f"/api/events/{event_id}").json
    assert [r["pairing"] for r in event["rounds"]] == ["swiss"] * len(rounds)
    page = client.get(f"/events/{event_id}").get_data(as_text=True)
    assert "Swiss · 6 partnerships" in page and "each partnership with the next-placed one it has not met" in page


def test_a_swiss_event_of_an_odd_number_gives_a_bye_and_says_so(client):
    event_id, token = create(client, PAIRS[:5])
    preview = client.get(f"/api/events/{event_id}/pairings/next").json
    assert preview["bye"] == 5 and "partnership 5 would have a bye" in preview["message"]
    assert client.get(f"/api/events/{event_id}").json["rounds"] == []  # a preview makes nothing
    first = client.post(f"/api/events/{event_id}/rounds", headers=bearer(token)).json
    assert first["bye"] == 5 and "partnership 5 has a bye" in first["message"]
    for table in first["tables"]:
        score_table(client, table, [(80, 20)])
    second = client.post(f"/api/events/{event_id}/rounds", headers=bearer(token)).json
    assert second["bye"] != 5 and second["bye"] == ranked(client, event_id)[-1]  # the lowest placed without one
    assert f"partnership {second['bye']} has a bye" in second["message"]
    page = client.get(f"/events/{event_id}").get_data(as_text=True)
    assert f"Partnership {second['bye']} (" in page and "has a bye this round" in page
    results = client.get(f"/events/{event_id}/results").get_data(as_text=True)
    assert "Partnership 5 (" in results and "had a bye" in results


def test_tables_entered_by_hand(client):
    event_id, token = create(client, PAIRS[:5], event_format="hand")
    assert "entered by hand" in assert_envelope(client.post(f"/api/events/{event_id}/rounds",
                                                            headers=bearer(token)), 409)["error"]
    assert "entered by hand" in assert_envelope(client.get(f"/api/events/{event_id}/pairings/next"), 409)["error"]
    answer = client.post(f"/api/events/{event_id}/rounds/by-hand", headers=bearer(token),
                         json={"tables": [{"pair_a": 4, "pair_b": 1}, {"pair_a": 2, "pair_b": 5}]})
    assert answer.status_code == 201 and answer.headers["Cache-Control"] == "no-store"
    made = answer.json
    assert [(t["pair_a"], t["pair_b"]) for t in made["tables"]] == [(4, 1), (2, 5)] and made["bye"] == 3
    assert "partnership 3 has a bye" in made["message"]
    header = client.get(f"/games/{made['tables'][0]['game_id']}.seep").get_data(as_text=True)
    assert f'[North "{PAIRS[3][0]}"]' in header and f'[West "{PAIRS[0][0]}"]' in header
    score_table(client, made["tables"][0], [(30, 70)])
    event = client.get(f"/api/events/{event_id}").json
    assert event["rounds"][0]["pairing"] == "hand" and event["standings"][0]["pair"] == 1
    assert "(entered by hand)" in client.get(f"/events/{event_id}/results").get_data(as_text=True)


def test_bad_rounds_are_refused_and_change_nothing(client):
    event_id, token = create(client, PAIRS[:4], event_format="round-robin")
    before = client.get(f"/api/events/{event_id}").json
    hand = f"/api/events/{event_id}/rounds/by-hand"
    for tables, why in (([[1, 9]], "no partnership 9"), ([[1, 2], [2, 3]], "partnership 2 is at two tables"),
                        ([[1, 1], [3, 4]], "partnership 1 is at two tables"),
                        ([[1, 2]], "partnerships 3, 4 have no table")):
        body = {"tables": [{"pair_a": a, "pair_b": b} for a, b in tables]}
        assert why in assert_envelope(client.post(hand, headers=bearer(token), json=body), 400)["error"]
    for body in ({"tables": []}, {"tables": [{"pair_a": 1}]}, {"tables": [{"pair_a": "1", "pair_b": 2}]}, {}):
        assert_envelope(client.post(hand, headers=bearer(token), json=body), 400)
    good = {"tables": [{"pair_a": 1, "pair_b": 2}, {"pair_a": 3, "pair_b": 4}]}
    assert_envelope(client.post(hand, json=good), 401)
    assert_envelope(client.post(hand, headers=bearer("not-the-token"), json=good), 403)
    assert_envelope(client.post("/api/events/999/rounds/by-hand", headers=bearer(token), json=good), 404)
    assert_envelope(client.post("/api/events/999/rounds", headers=bearer(token)), 404)
    assert_envelope(client.get("/api/events/999/pairings/next"), 404)
    assert client.get(f"/api/events/{event_id}/pairings/next").json["tables"] == \
        [{"number": 1, "pair_a": 1, "pair_b": 4}, {"number": 2, "pair_a": 2, "pair_b": 3}]  # the round-robin's
    assert client.get(f"/api/events/{event_id}").json == before
    assert client.get(f"/api/live/{before['id'] + 100}").status_code == 404
    assert client.post(hand, headers=bearer(token), json=good).status_code == 201  # the rematch is allowed by hand
    assert client.post(f"/api/events/{event_id}/rounds", headers=bearer(token)).json["round"] == 2


def test_the_organiser_enters_a_round_by_hand_and_attaches_a_game_on_the_event_page(client):
    event_id, token = create(client, PAIRS[:4], event_format="hand")
    page = client.get(f"/events/{event_id}").get_data(as_text=True)
    assert "Enter round 1 by hand" in page and "Make round" not in page and "Attach an uploaded game" in page
    csrf = page.split('name="csrf_token" type="hidden" value="')[1].split('"')[0]
    url = f"/events/{event_id}/rounds/by-hand"
    assert client.post(url, data={"csrf_token": csrf, "token": "wrong", "tables": "1 v 2\n3 v 4"}).status_code == 403
    refused = client.post(url, data={"csrf_token": csrf, "token": token, "tables": "1 v 2\nthree v 4"})
    assert refused.status_code == 400 and "line 2: write a table as two partnership numbers" in \
        refused.get_data(as_text=True)
    refused = client.post(url, data={"csrf_token": csrf, "token": token, "tables": "1 v 2\n3 v 9"})
    assert refused.status_code == 400 and "no partnership 9" in refused.get_data(as_text=True)
    assert client.post("/events/999/rounds/by-hand", data={"csrf_token": csrf, "token": token,
                                                           "tables": "1 v 2"}).status_code == 404
    assert client.get(f"/api/events/{event_id}").json["rounds"] == []
    done = client.post(url, data={"csrf_token": csrf, "token": token, "tables": "3 v 1\n4-2"})
    assert done.status_code == 303
    assert "Round 1 entered by hand: 2 tables" in client.get(f"/events/{event_id}").get_data(as_text=True)
    tables = client.get(f"/api/events/{event_id}").json["rounds"][0]["tables"]
    assert [(t["pair_a"], t["pair_b"]) for t in tables] == [(3, 1), (4, 2)]

    text = client.get(f"/games/{tables[0]['game_id']}.seep").get_data(as_text=True)
    upload = client.post("/api/games", data=(text + "\ndeal 1 dealer N\nscore NS 80 EW 20\n").encode(),
                         content_type="text/plain")
    assert upload.status_code == 201
    attach = f"/events/{event_id}/games"
    assert client.post(attach, data={"csrf_token": csrf, "token": token, "game": upload.json["id"]}).status_code == 409
    assert client.post(attach, data={"csrf_token": csrf, "token": token, "game": 999, "round": 2}).status_code == 404
    assert client.post(attach, data={"csrf_token": csrf, "token": token, "game": "x"}).status_code == 400
    made = client.post(attach, data={"csrf_token": csrf, "token": token, "game": upload.json["id"], "round": 2})
    assert made.status_code == 303
    event = client.get(f"/api/events/{event_id}").json
    assert event["rounds"][1]["pairing"] == "attached" and event["standings"][0]["pair"] == 3


def test_the_rounds_migration_keeps_an_older_events_rounds(app, client):
    """A store made before 0009_event_rounds: its events' rounds were round-robin ones, and the next round
    follows them."""
    event_id, token = create(client, PAIRS[:4], event_format="round-robin")
    first = client.post(f"/api/events/{event_id}/rounds", headers=bearer(token)).json
    db = connect(app.config["DATABASE"])
    db.execute("drop table event_rounds")
    db.execute("delete from migrations where name = '0009_event_rounds'")
    assert migrate(db) == ["0009_event_rounds"]
    assert list(db.query("select * from event_rounds")) == [{"event_id": event_id, "round": 1,
                                                             "pairing": "round-robin"}]
    db.close()
    second = client.post(f"/api/events/{event_id}/rounds", headers=bearer(token)).json
    met = {frozenset((t["pair_a"], t["pair_b"])) for r in (first, second) for t in r["tables"]}
    assert second["round"] == 2 and len(met) == 4


def test_a_round_made_meanwhile_is_refused_with_nothing_written(client, monkeypatch):
    """Two "make round" taps at once: the one that finds its round made by the other is refused and stores no
    table game (the number each read before the other wrote, as a race would have it)."""
    from seeplog.web.clubs import events_store
    event_id, token = create(client, PAIRS[:4], event_format="round-robin")
    monkeypatch.setattr(events_store, "next_round_number", lambda db, event_id: 1)
    assert client.post(f"/api/events/{event_id}/rounds", headers=bearer(token)).status_code == 201
    games = client.get("/api/games?per_page=100").json["total"]
    refused = assert_envelope(client.post(f"/api/events/{event_id}/rounds", headers=bearer(token)), 409)
    assert "round 1 was made meanwhile" in refused["error"]
    assert client.get("/api/games?per_page=100").json["total"] == games


def test_the_organiser_is_told_which_tables_still_play_before_and_after_making_the_next_round(client):
    """Round-robin makes the next round while tables of the last still play: the page says which before the
    button, and the round's message says it again (it used to make the round without a word)."""
    event_id, token = create(client, PAIRS[:4], event_format="round-robin")
    first = client.post(f"/api/events/{event_id}/rounds", headers=bearer(token)).json
    score_table(client, first["tables"][0], [(60, 40)])
    page = client.get(f"/events/{event_id}").get_data(as_text=True)
    assert ('<p class="hint still-playing" id="still-playing">1 table still plays: round 1, table 2. The next round '
            "can be made now: its tables start while these play on.</p>") in page
    live = client.get(f"/events/{event_id}/live").get_data(as_text=True)  # the poll's copy, for the page's line
    assert '<p class="hint still-playing" id="still-playing-now" hidden>1 table still plays: round 1, table 2.' in live
    csrf = page.split('name="csrf_token" type="hidden" value="')[1].split('"')[0]
    made = client.post(f"/events/{event_id}/rounds", data={"csrf_token": csrf, "token": token}, follow_redirects=True)
    assert "Round 2 made: 2 tables. 1 table still plays: round 1, table 2." in made.get_data(as_text=True)
    page = client.get(f"/events/{event_id}").get_data(as_text=True)
    assert "3 tables still play: round 1, table 2; round 2, tables 1 and 2." in page


def test_the_polled_fragment_carries_which_tables_still_play(client):
    """The page's line beside "Make round" is redrawn from the fragment the page polls: once the last table closes
    it says nothing (it said "1 table still plays" until the page was loaded again)."""
    event_id, token = create(client, PAIRS[:4], event_format="round-robin")
    tables = client.post(f"/api/events/{event_id}/rounds", headers=bearer(token)).json["tables"]
    score_table(client, tables[0], [(60, 40)])
    carrier = '<p class="hint still-playing" id="still-playing-now" hidden>'
    assert carrier + "1 table still plays: round 1, table 2." in client.get(f"/events/{event_id}/live").get_data(
        as_text=True)
    score_table(client, tables[1], [(70, 30)])
    assert carrier + "</p>" in client.get(f"/events/{event_id}/live").get_data(as_text=True)


def test_a_swiss_event_says_its_next_round_waits_for_the_open_tables(client):
    event_id, token = create(client, PAIRS[:4])
    client.post(f"/api/events/{event_id}/rounds", headers=bearer(token))
    page = client.get(f"/events/{event_id}").get_data(as_text=True)
    assert "2 tables still play: round 1, tables 1 and 2. A Swiss round waits until they are closed." in page


def test_a_swiss_round_refused_names_its_open_tables_in_the_readers_language(client):
    event_id, token = create(client, PAIRS[:4])
    client.post(f"/api/events/{event_id}/rounds", headers=bearer(token))
    client.set_cookie("lang", "hi")
    page = client.get(f"/events/{event_id}").get_data(as_text=True)
    csrf = page.split('name="csrf_token" type="hidden" value="')[1].split('"')[0]
    refused = client.post(f"/events/{event_id}/rounds", data={"csrf_token": csrf, "token": token})
    assert refused.status_code == 409
    text = refused.get_data(as_text=True)
    assert "राउंड 1, मेज़ 1" in text and "round 1, table" not in text
