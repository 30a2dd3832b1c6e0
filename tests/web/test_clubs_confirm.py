"""Opponent confirmation and the director's view through the API: the opponents (EW; two-player: S) confirm
or refuse each deal's score on the scorekeeper's phone (its edit token) or by their confirm link; a wrong
team, an unknown token, a deal not over, a refusal without a reason get a clear 4xx and change nothing; the
director (organiser token) sees every table, polls with If-None-Match and corrects an entry with a note."""
from __future__ import annotations

import random

from seeplog.playout import deal_lines, random_deal
from seeplog.ruleset import find_ruleset
from seeplog.web.db import get_db
from tests.web.clubs_helpers import delete_table_game, enter, named, store_text
from tests.web.helpers import assert_envelope
from tests.web.live_helpers import Keeper

PAIRS = [["Confirm A", "Confirm B"], ["Confirm C", "Confirm D"], ["Confirm E", "Confirm F"],
         ["Confirm G", "Confirm H"]]


def bearer(token: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {token}"}


def event_with_round(client, variant: str = "standard", pairs=PAIRS) -> tuple[int, str, list[dict]]:
    made = client.post("/api/events", json={"name": "Confirm night", "variant": variant, "partnerships": pairs})
    assert made.status_code == 201, made.json
    event, token = made.json["id"], made.json["organiser_token"]
    tables = client.post(f"/api/events/{event}/rounds", headers=bearer(token)).json["tables"]
    return event, token, tables


def one_deal(variant: str = "standard", seed: int = 3) -> list[str]:
    return deal_lines(1, "N", random_deal(find_ruleset(variant), "N", random.Random(seed)))


def answer(client, game: int, token: str | None, **body):
    return client.post(f"/api/live/{game}/confirmations", json=body, headers=bearer(token) if token else {})


def confirmations(client, game: int) -> dict:
    got = client.get(f"/api/live/{game}/confirmations")
    assert got.status_code == 200
    return got.json


def test_the_opponents_confirm_on_the_scorekeepers_phone_and_refuse_by_their_link(client):
    event, organiser, tables = event_with_round(client)
    table = tables[0]
    game = table["game_id"]
    assert confirmations(client, game)["deals"] == [] and confirmations(client, game)["team"] == "EW"
    too_early = answer(client, game, table["edit_token"], deal=1, verdict="confirmed")
    assert too_early.status_code == 409 and "not over" in too_early.json["error"]
    enter(client, table, one_deal())
    report = client.get(f"/api/live/{game}").json["report"]
    score = report["games"][0]["deals"][0]["score"]
    before = confirmations(client, game)
    assert before["deals"] == [{"deal": 1, "score": score, "status": "missing", "changed": False, "team": None,
                                "reason": None, "via": None, "at": None}]

    refusals = [(table["edit_token"], {"deal": 1, "verdict": "confirmed", "team": "NS"}, 403, "NS keeps"),
                ("not-a-token-at-all-0123456789", {"deal": 1, "verdict": "confirmed"}, 403, "organiser token"),
                (tables[1]["edit_token"], {"deal": 1, "verdict": "confirmed"}, 403, "organiser token"),
                (None, {"deal": 1, "verdict": "confirmed"}, 401, "send"),
                (table["edit_token"], {"deal": 2, "verdict": "confirmed"}, 409, "deal 2 is not over"),
                (table["edit_token"], {"deal": 1, "verdict": "refused"}, 422, "reason"),
                (table["edit_token"], {"deal": 1, "verdict": "refused", "reason": "  "}, 422, "reason"),
                (table["edit_token"], {"deal": 1, "verdict": "maybe"}, 400, "valid"),
                (table["edit_token"], {"deal": 1, "verdict": "refused", "reason": "we \u202ewon"}, 400,
                 "without control characters"),  # a writing-direction control turns what follows around
                (table["edit_token"], {"verdict": "confirmed"}, 400, "valid")]
    for token, body, status, words in refusals:
        got = answer(client, game, token, **body)
        assert got.status_code == status, (body, got.json)
        assert_envelope(got, status)
        assert words in got.json["error"] or words in str(got.json["errors"]), got.json
    assert confirmations(client, game) == before  # nothing changed
    assert answer(client, 999_999, table["edit_token"], deal=1, verdict="confirmed").status_code == 404
    plain = Keeper(client)
    assert answer(client, plain.id, plain.token, deal=1, verdict="confirmed").status_code == 404

    done = answer(client, game, table["edit_token"], deal=1, verdict="confirmed")
    assert done.status_code == 201
    assert done.json["confirmed"] == 1 and done.json["deals"][0]["via"] == "keeper"

    director = client.get(f"/api/events/{event}/director", headers=bearer(organiser)).json
    link = next(t for t in director["tables"] if t["game_id"] == game)["confirm_url"]
    assert link.startswith(f"/live/{game}/confirm#token=")
    link_token = link.split("#token=")[1]
    assert client.get(link.split("#")[0]).status_code == 200
    wrong = answer(client, game, link_token, deal=1, verdict="confirmed", team="NS")
    assert wrong.status_code == 403
    refused = answer(client, game, link_token, deal=1, verdict="refused", reason="NS took the 10 of diamonds twice")
    assert refused.status_code == 201
    check = refused.json["deals"][0]
    assert (check["status"], check["via"], check["reason"]) == ("refused", "link", "NS took the 10 of diamonds twice")
    other = next(t for t in director["tables"] if t["game_id"] == tables[1]["game_id"])["confirm_url"]
    assert answer(client, game, other.split("#token=")[1], deal=1, verdict="confirmed").status_code == 403
    over = answer(client, game, table["edit_token"], deal=1, verdict="confirmed")  # the keeper's phone over theirs
    assert assert_envelope(over, 409)["error"] == ("EW answered deal 1 through their own confirm link (refused): "
                                                   "their answer stands, and this phone cannot change it")
    assert confirmations(client, game)["deals"][0]["status"] == "refused"
    again = answer(client, game, link_token, deal=1, verdict="confirmed")  # they may change their own mind
    assert again.status_code == 201 and again.json["deals"][0]["status"] == "confirmed"


def test_two_player_tables_are_confirmed_by_south(client):
    _, _, tables = event_with_round(client, "two-player", [["Solo A"], ["Solo B"]])
    enter(client, tables[0], one_deal("two-player"))
    assert answer(client, tables[0]["game_id"], tables[0]["edit_token"], deal=1, verdict="confirmed",
                  team="N").status_code == 403
    got = answer(client, tables[0]["game_id"], tables[0]["edit_token"], deal=1, verdict="confirmed")
    assert got.status_code == 201 and got.json["deals"][0]["team"] == "S"


def test_the_director_sees_every_table_and_corrects_a_refused_score(client):
    event, organiser, tables = event_with_round(client)
    url = f"/api/events/{event}/director"
    assert client.get(url).status_code == 401
    assert client.get(url, headers=bearer(tables[0]["edit_token"])).status_code == 403
    assert client.get("/api/events/9999/director", headers=bearer(organiser)).status_code == 404
    first = client.get(url, headers=bearer(organiser))
    assert first.status_code == 200 and first.headers["ETag"]
    assert [(t["round"], t["number"]) for t in first.json["tables"]] == [(1, 1), (1, 2)]
    assert client.get(url, headers={**bearer(organiser), "If-None-Match": first.headers["ETag"]}).status_code == 304

    table = tables[0]
    game = table["game_id"]
    version = enter(client, table, ["deal 1 dealer N", "score NS 60 EW 40"])
    assert answer(client, game, table["edit_token"], deal=1, verdict="refused", reason="EW had 45").status_code == 201
    seen = client.get(url, headers={**bearer(organiser), "If-None-Match": first.headers["ETag"]})
    assert seen.status_code == 200 and seen.headers["ETag"] != first.headers["ETag"]
    row = next(t for t in seen.json["tables"] if t["game_id"] == game)
    assert row["confirmations"]["refused"] == 1 and row["next"]["kind"] == "deal" and row["next"]["deal"] == 2
    assert row["names"] == [" & ".join(PAIRS[row["pair_a"] - 1]), " & ".join(PAIRS[row["pair_b"] - 1])]
    assert [e["line"] for e in row["entries"]] == ["deal 1 dealer N", "score NS 60 EW 40"]
    entry = row["entries"][-1]["number"]

    corrections = f"/api/events/{event}/tables/{game}/entries"
    body = {"version": version, "replace": entry, "line": "score NS 55 EW 45", "note": "EW counted again"}
    assert client.post(corrections, json=body, headers=bearer(table["edit_token"])).status_code == 403
    assert client.post(corrections, json={**body, "note": ""}, headers=bearer(organiser)).status_code == 400
    no_entry = client.post(corrections, json={"version": version, "line": "x", "note": "n"}, headers=bearer(organiser))
    assert no_entry.status_code == 422
    assert client.post(f"/api/events/{event}/tables/999999/entries", json=body,
                       headers=bearer(organiser)).status_code == 404
    assert client.post(corrections, json={**body, "version": version - 1},
                       headers=bearer(organiser)).status_code == 409
    assert client.get(f"/api/live/{game}").json["version"] == version  # nothing stored by the refusals
    done = client.post(corrections, json=body, headers=bearer(organiser))
    assert done.status_code == 201 and done.json["line"] == "score NS 55 EW 45"
    history = client.get(f"/api/live/{game}/history").json["events"]
    assert (history[-1]["kind"], history[-1]["note"]) == ("replace", "Director: EW counted again")
    check = confirmations(client, game)["deals"][0]
    assert (check["status"], check["changed"], check["score"]) == ("missing", True, {"NS": 55, "EW": 45})
    again = answer(client, game, table["edit_token"], deal=1, verdict="confirmed")
    assert again.json["deals"][0]["status"] == "confirmed"
    row = next(t for t in client.get(url, headers=bearer(organiser)).json["tables"] if t["game_id"] == game)
    assert row["confirmations"]["refused"] == 0 and row["confirmations"]["confirmed"] == 1


def test_the_scoresheet_and_the_rounds_show_which_deals_are_confirmed(client):
    event, _, tables = event_with_round(client)
    table, game = tables[0], tables[0]["game_id"]
    enter(client, table, ["deal 1 dealer N", "score NS 60 EW 40", "deal 2 dealer W", "score NS 30 EW 70"])
    live = client.get(f"/events/{event}/live")
    etag = live.headers["ETag"]
    assert answer(client, game, table["edit_token"], deal=1, verdict="confirmed").status_code == 201
    assert answer(client, game, table["edit_token"], deal=2, verdict="refused", reason="70 is 60").status_code == 201
    fresh = client.get(f"/events/{event}/live", headers={"If-None-Match": etag})
    assert fresh.status_code == 200 and fresh.headers["ETag"] != etag  # the standings poll sees answers
    html = fresh.get_data(as_text=True)
    assert 'data-confirmed="1" data-refused="1" data-missing="0"' in html and ">1/2<span class=\"sr-only\">" in html
    row = client.get(f"/api/events/{event}").json["rounds"][0]["tables"]
    assert next(t for t in row if t["game_id"] == game)["confirmations"] == {"confirmed": 1, "refused": 1,
                                                                             "missing": 0}
    sheet = client.get(f"/games/{game}").get_data(as_text=True)
    assert 'class="confirm-mark confirmed" title="EW confirmed this score"' in sheet
    assert 'class="confirm-mark refused" title="EW refused this score: 70 is 60"' in sheet
    # Heard, and seen on a phone (no title there): each mark says what it means, a refusal's reason is listed.
    assert '<span class="sr-only">EW refused this score: 70 is 60</span>' in sheet
    refusals = sheet.split('<ul class="hint notes refusals">')[1].split("</ul>")[0]
    assert "Deal 2: EW refused this score: 70 is 60</li>" in refusals and "Deal 1" not in refusals
    hindi = client.get(f"/games/{game}", headers={"Accept-Language": "hi"}).get_data(as_text=True)
    assert "EW confirmed this score" not in hindi and "70 is 60" in hindi
    other = client.get(f"/games/{tables[1]['game_id']}").get_data(as_text=True)
    assert "confirm-mark" not in other.split('<table class="scoresheet"')[1].split("</table>")[0]


def test_the_pages_the_links_open(client):
    event, _, tables = event_with_round(client)
    game = tables[0]["game_id"]
    director = client.get(f"/events/{event}/director")
    assert director.status_code == 200 and director.headers["Cache-Control"] == "no-store"
    assert f'data-api="/api/events/{event}/director"' in director.get_data(as_text=True)
    confirm = client.get(f"/live/{game}/confirm")
    assert confirm.status_code == 200 and "EW confirm the scores" in confirm.get_data(as_text=True)
    missing = client.get("/events/9999/director")  # the store's refusal, on the error page
    assert missing.status_code == 404 and "there is no event 9999" in missing.get_data(as_text=True)
    plain = Keeper(client)
    no_table = client.get(f"/live/{plain.id}/confirm")
    assert no_table.status_code == 404 and "is no event&#39;s table" in no_table.get_data(as_text=True)
    assert f'data-confirm="/api/live/{game}/confirmations"' in client.get(f"/live/{game}/keep").get_data(as_text=True)
    assert "data-confirm" not in client.get(f"/live/{plain.id}/keep").get_data(as_text=True)


def test_the_director_may_correct_the_last_deals_a_refused_one_and_flagged_plays(client):
    event, organiser, tables = event_with_round(client)
    table, game = tables[0], tables[0]["game_id"]
    lines = ["deal 1 dealer N", "score NS 60 EW 40"] + [
        line for deal in (2, 3, 4) for line in (f"deal {deal} dealer W", "score NS 60 EW 40")]
    enter(client, table, lines)
    assert all(not e["findings"] for e in client.get(f"/api/live/{game}").json["entries"])
    assert answer(client, game, table["edit_token"], deal=1, verdict="refused", reason="40 was 45").status_code == 201
    row = next(t for t in client.get(f"/api/events/{event}/director", headers=bearer(organiser)).json["tables"]
               if t["game_id"] == game)
    assert sorted({e["deal"] for e in row["entries"]}) == [1, 4]  # deal 5 is next: 4 and 5 are the last two
    assert row["flagged"] == []


def test_a_deleted_tables_answers_go_with_it(client, app):
    event, organiser, tables = event_with_round(client)
    table, game = tables[0], tables[0]["game_id"]
    enter(client, table, ["deal 1 dealer N", "score NS 60 EW 40"])
    assert answer(client, game, table["edit_token"], deal=1, verdict="confirmed").status_code == 201
    delete_table_game(app, game)  # in a store from before its edit token's delete was refused
    with app.app_context():
        db = get_db()
        assert db.execute("select count(*) from deal_answers where game_id = ?", [game]).fetchone()[0] == 0
        assert db.execute("select count(*) from confirm_tokens where game_id = ?", [game]).fetchone()[0] == 0
        assert db.execute("select count(*) from confirm_tokens").fetchone()[0] == 1  # the other table's
    assert answer(client, game, table["edit_token"], deal=1, verdict="confirmed").status_code == 404
    tables_now = client.get(f"/api/events/{event}/director", headers=bearer(organiser)).json["tables"]
    assert [t["game_id"] for t in tables_now] == [tables[1]["game_id"]]


def test_a_round_made_through_the_api_alone_has_working_confirm_links(client, app):
    made = client.post("/api/events", json={"name": "Links night", "variant": "standard", "partnerships": PAIRS,
                                            "format": "hand"})
    event, organiser = made.json["id"], made.json["organiser_token"]
    by_robin = client.post(f"/api/events/{event}/rounds", headers=bearer(organiser))
    assert by_robin.status_code == 409  # an event paired by hand: its rounds are entered
    by_hand = client.post(f"/api/events/{event}/rounds/by-hand", headers=bearer(organiser),
                          json={"tables": [{"pair_a": 1, "pair_b": 2}, {"pair_a": 3, "pair_b": 4}]}).json
    _, _, robin = event_with_round(client)
    for table in [*by_hand["tables"], *robin]:
        game, link = table["game_id"], table["confirm_token"]
        assert table["confirm_url"] == f"/live/{game}/confirm#token={link}"
        enter(client, table, ["deal 1 dealer N", "score NS 60 EW 40"])
        # no organiser view was opened: the link works from the start, and speaks for the opponents only
        assert answer(client, game, link, deal=1, verdict="refused", reason="we had 45").status_code == 201
        assert confirmations(client, game)["deals"][0]["via"] == "link"
        assert answer(client, game, link, deal=1, verdict="confirmed", team="NS").status_code == 403
    page = client.get(f"/events/{event}").get_data(as_text=True)
    csrf = page.split('name="csrf_token" type="hidden" value="')[1].split('"')[0]
    html = client.post(f"/events/{event}/organise", data={"csrf_token": csrf, "token": organiser}).get_data(
        as_text=True)
    for table in by_hand["tables"]:  # the organiser's view gives the same links again, next to the keep links
        assert f'class="confirm-link" href="http://localhost/live/{table["game_id"]}/confirm#token=' \
               f'{table["confirm_token"]}"' in html
    with app.app_context():
        assert get_db().execute("select count(*) from confirm_tokens").fetchone()[0] == 4


def test_the_keep_page_asks_for_the_confirmations_cheaply_while_it_waits(client):
    _, _, tables = event_with_round(client)
    table, game = tables[0], tables[0]["game_id"]
    enter(client, table, ["deal 1 dealer N", "score NS 60 EW 40"])
    first = client.get(f"/api/live/{game}/confirmations")
    tag = first.headers["ETag"]
    unchanged = client.get(f"/api/live/{game}/confirmations", headers={"If-None-Match": tag})
    assert unchanged.status_code == 304 and unchanged.headers["ETag"] == tag and unchanged.data == b""
    assert answer(client, game, table["confirm_token"], deal=1, verdict="confirmed").status_code == 201
    answered = client.get(f"/api/live/{game}/confirmations", headers={"If-None-Match": tag})
    assert answered.status_code == 200 and answered.headers["ETag"] != tag
    assert answered.json["deals"][0]["status"] == "confirmed" and answered.json["deals"][0]["via"] == "link"
    enter(client, table, ["deal 2 dealer E", "score NS 30 EW 70"])  # a new score: the state changes too
    scored = client.get(f"/api/live/{game}/confirmations", headers={"If-None-Match": answered.headers["ETag"]})
    assert scored.status_code == 200 and [d["status"] for d in scored.json["deals"]] == ["confirmed", "missing"]
    plain = Keeper(client)
    assert client.get(f"/api/live/{plain.id}/confirmations", headers={"If-None-Match": "*"}).status_code == 404


def test_the_director_sees_an_uploaded_games_table_with_its_scores(client):
    event, organiser, tables = event_with_round(client)
    text = named("game-standard-1.seep", {"North": PAIRS[0][0], "South": PAIRS[0][1], "West": PAIRS[3][0],
                                          "East": PAIRS[3][1]})
    game = store_text(client, text)
    attached = client.post(f"/api/events/{event}/games", headers=bearer(organiser), json={"game_id": game, "round": 2})
    assert attached.status_code == 201, attached.json
    seen = client.get(f"/api/events/{event}/director", headers=bearer(organiser)).json["tables"]
    assert [(t["round"], t["number"], t["uploaded"]) for t in seen] == [(2, 1, True), (1, 1, False), (1, 2, False)]
    row = seen[0]
    report = client.get(f"/games/{game}.json").get_json()["games"][0]
    scored = [d for d in report["deals"] if d["score"]]
    assert row["state"] == "uploaded" and row["game_id"] == game and (row["pair_a"], row["pair_b"]) == (1, 4)
    assert row["names"] == [" & ".join(PAIRS[0]), " & ".join(PAIRS[3])]
    assert row["baazis"] == [report["baazis"]["NS"], report["baazis"]["EW"]]
    assert row["card_points"] == [sum(d["card_points"][t] for d in scored) for t in ("NS", "EW")]
    assert row["deals"] == len(scored) and row["scoresheet_url"] == f"/games/{game}"
    assert not {"entries", "confirmations", "confirm_url", "follow_url", "flagged"} & set(row)
    assert seen[1]["card_points"] == [0, 0] and "confirm_url" in seen[1]


def test_twin_events_each_direct_their_own_tables(client):
    """Two events of one name, date and players make tables whose logs read alike: each director sees its own
    table's game, with its own links."""
    twins = [event_with_round(client) for _ in range(2)]
    for event, organiser, tables in twins:
        director = client.get(f"/api/events/{event}/director", headers=bearer(organiser))
        assert director.status_code == 200, director.json
        game = tables[0]["game_id"]
        shown = next(t for t in director.json["tables"] if t["number"] == 1)
        assert shown["game_id"] == game and shown["confirm_url"].startswith(f"/live/{game}/confirm#")


def test_the_director_may_correct_a_refused_deal_and_a_flagged_one_behind_a_long_played_deal(client):
    event, organiser, tables = event_with_round(client)
    table, game = tables[0], tables[0]["game_id"]
    played = deal_lines(3, "W", random_deal(find_ruleset("standard"), "W", random.Random(5)))
    enter(client, table, ["deal 1 dealer N", "score NS 60 EW 40", "deal 2 dealer W", "score NS 90 EW 30", *played])
    assert len(played) > 40  # the last deal's entries alone fill LAST_ENTRIES
    assert answer(client, game, table["edit_token"], deal=1, verdict="refused", reason="40 was 45").status_code == 201
    row = next(t for t in client.get(f"/api/events/{event}/director", headers=bearer(organiser)).json["tables"]
               if t["game_id"] == game)
    assert [f["rule"] for f in row["flagged"]] == ["R-SCORE-TOTAL"]
    lines = [(e["deal"], e["line"]) for e in row["entries"]]
    assert lines[:4] == [(1, "deal 1 dealer N"), (1, "score NS 60 EW 40"), (2, "deal 2 dealer W"),
                         (2, "score NS 90 EW 30")]
    assert [line for deal, line in lines[4:]] == played[-40:]  # and the last deal's last entries
    numbers = [e["number"] for e in row["entries"]]
    assert numbers == sorted(numbers)


def test_the_directors_correction_of_a_closed_table_reopens_corrects_and_closes_it_again(client):
    event, organiser, tables = event_with_round(client)
    table, game = tables[0], tables[0]["game_id"]
    version = enter(client, table, ["deal 1 dealer N", "score NS 60 EW 40"])
    closed = client.post(f"/api/live/{game}/close", headers=bearer(table["edit_token"]), json={"version": version})
    assert closed.status_code == 201
    version = closed.json["version"]
    row = next(t for t in client.get(f"/api/events/{event}/director", headers=bearer(organiser)).json["tables"]
               if t["game_id"] == game)
    score = row["entries"][-1]["number"]
    corrections = f"/api/events/{event}/tables/{game}/entries"
    refused = client.post(corrections, json={"version": version, "replace": score, "line": "score NS", "note": "typo"},
                          headers=bearer(organiser))
    assert refused.status_code == 422
    assert client.get(f"/api/live/{game}").json["version"] == version  # refused: still closed, nothing stored
    sent = {"version": version, "replace": score, "line": "score NS 55 EW 45", "note": "EW counted again",
            "client_id": "director-1"}
    done = client.post(corrections, json=sent, headers=bearer(organiser))
    assert done.status_code == 201, done.json
    assert done.json["reclosed"] is True and done.json["line"] == "score NS 55 EW 45"
    again = client.post(corrections, json=sent, headers=bearer(organiser))  # a retry: the same answer, nothing more
    assert again.status_code == 201 and again.json == done.json
    now = client.get(f"/api/live/{game}").json
    assert now["state"] == "closed" and now["version"] == done.json["version"] == version + 3
    history = client.get(f"/api/live/{game}/history").json["events"]
    assert [(e["kind"], e["note"]) for e in history[-3:]] == [
        ("reopen", "Director: EW counted again"), ("replace", "Director: EW counted again"),
        ("close", "Director: EW counted again")]
    other = tables[1]["game_id"]
    version = enter(client, tables[1], ["deal 1 dealer N"])
    first = client.get(f"/api/live/{other}").json["entries"][-1]["number"]
    open_table = client.post(f"/api/events/{event}/tables/{other}/entries", headers=bearer(organiser),
                             json={"version": version, "replace": first, "line": "deal 1 dealer E", "note": "E dealt"})
    assert open_table.status_code == 201 and "reclosed" not in open_table.json


def test_the_director_sees_which_tables_have_no_entry_yet(client):
    event, organiser, tables = event_with_round(client)
    enter(client, tables[0], ["deal 1 dealer N"])
    seen = client.get(f"/api/events/{event}/director", headers=bearer(organiser)).json
    rows = {t["game_id"]: t for t in seen["tables"]}
    assert rows[tables[0]["game_id"]]["started"] is True and rows[tables[1]["game_id"]]["started"] is False


def test_the_director_is_told_why_an_uploaded_tables_figures_are_provisional(client):
    """An attached game whose last deal stops early and whose second deal's card points add up to 110: its row says
    both reasons (the view said "provisional" alone)."""
    event, organiser, _ = event_with_round(client)
    seats = {"North": PAIRS[0][0], "South": PAIRS[0][1], "West": PAIRS[3][0], "East": PAIRS[3][1]}
    text = "".join(f'[{seat} "{name}"]\n' for seat, name in seats.items()) + (
        "\ndeal 1 dealer N\nscore NS 60 EW 40\ndeal 2 dealer W\nscore NS 70 EW 40\ndeal 3 dealer E\n"
        "hand E Jh Qs 9c 8h\nfloor 9d 2h 2s 3h\nbid E 9\nE 9c x 9d\n")
    game = store_text(client, text)
    assert client.post(f"/api/events/{event}/games", headers=bearer(organiser),
                       json={"game_id": game, "round": 2}).status_code == 201
    row = client.get(f"/api/events/{event}/director", headers=bearer(organiser)).json["tables"][0]
    assert row["uploaded"] and row["provisional"] and row["provisional_why"] == ["unknown-score", "score-total"]


def test_the_director_rules_that_a_refused_score_stands_and_the_ruling_holds(client):
    """The opponents refuse deal 1 by their link; the director (organiser token) rules the score stands, with
    the reason: the deal is confirmed via the director, the standings no longer provisional for it, and
    neither the link nor the keeper's phone answers over the ruling; a corrected score waits for an answer."""
    event, organiser, tables = event_with_round(client)
    table, game = tables[0], tables[0]["game_id"]
    enter(client, table, ["deal 1 dealer N", "score NS 60 EW 40"])
    refused = answer(client, game, table["confirm_token"], deal=1, verdict="refused", reason="EW had 45")
    assert refused.status_code == 201
    standing = client.get(f"/api/events/{event}").json["standings"]
    assert any("refused-score" in s["provisional_why"] for s in standing)
    for body in ({"verdict": "refused", "reason": "no"}, {"verdict": "confirmed"},
                 {"verdict": "confirmed", "reason": "no score named"}):
        assert_envelope(answer(client, game, organiser, deal=1, **body), 422)
    ruled = answer(client, game, organiser, deal=1, verdict="confirmed", reason="Counted again: 60-40",
                   score={"NS": 60, "EW": 40})
    assert ruled.status_code == 201, ruled.json
    deal = ruled.json["deals"][0]
    assert (deal["status"], deal["via"], deal["reason"], deal["team"]) == (
        "confirmed", "director", "Counted again: 60-40", "EW")
    assert not any(s["provisional_why"] for s in client.get(f"/api/events/{event}").json["standings"])
    for token in (table["confirm_token"], table["edit_token"]):
        over = assert_envelope(answer(client, game, token, deal=1, verdict="refused", reason="still 45"), 409)
        assert "the director ruled that deal 1's score stands" in over["error"]
    assert confirmations(client, game)["deals"][0]["via"] == "director"
    assert_envelope(answer(client, game, "not-a-token", deal=1, verdict="confirmed"), 403)


def test_a_directors_correction_is_marked_so_in_the_readers_language_on_the_follow_page(app):
    """The note is stored 'Director: …' in the history (its language the director's); the follow page says the
    mark in the reader's (it showed 'Director:' on a Hindi page)."""
    from seeplog.web.live.corrections import correction
    event = {"kind": "delete", "version": 9, "was": {"line": "W Ac", "deal": 2, "play": 4}, "note": "Director: typo"}
    with app.test_request_context(headers={"Cookie": "lang=hi"}):
        said = correction(event, {}).said.shown
    assert "(निर्णायक: typo)" in said and "Director" not in said
    with app.test_request_context():
        assert correction(event, {}).said.shown.endswith("(Director: typo)")


def test_the_director_closes_a_table_its_scorekeeper_left_open(client):
    event, organiser, tables = event_with_round(client)
    table, game = tables[0], tables[0]["game_id"]
    version = enter(client, table, ["deal 1 dealer N", "score NS 60 EW 40"])
    close = f"/api/events/{event}/tables/{game}/close"
    assert_envelope(client.post(close, json={"version": version}, headers=bearer(table["edit_token"])), 403)
    assert client.post(close, json={"version": version - 1}, headers=bearer(organiser)).status_code == 409  # stale
    assert_envelope(client.post(f"/api/events/{event}/tables/999/close", json={"version": version},
                                headers=bearer(organiser)), 404)
    closed = client.post(close, json={"version": version}, headers=bearer(organiser))
    assert closed.status_code == 201, closed.json
    assert client.get(f"/api/live/{game}").json["state"] == "closed"
    assert client.get(f"/api/live/{game}/history").json["events"][-1]["note"] == "Director: closed the table"
    again = client.post(close, json={"version": closed.json["version"]}, headers=bearer(organiser))
    assert again.status_code == 409 and "closed" in again.json["error"]
