"""A partnership withdrawn from an event: its scheduled round-robin opponent has a bye, a Swiss round leaves it
out, a round entered by hand may not name it; the rounds made stay, its results stand marked withdrawn on the
event page, the results page, standings.csv and .json; the organiser reinstates it; refusals change nothing."""
from __future__ import annotations

import csv
import io
import json
import re

import pytest

from seeplog.web.clubs.event_rounds import planned_pairing
from seeplog.web.clubs.events_store import EventChange, make_round
from seeplog.web.db import connect
from tests.web.clubs_helpers import named, store_text
from tests.web.helpers import assert_envelope
from tests.web.test_clubs_event_rounds import score_table

NAMES = [f"Leaver {chr(65 + i)}" for i in range(12)]
PAIRS = [[NAMES[2 * i], NAMES[2 * i + 1]] for i in range(6)]


def create(client, pairs=PAIRS, event_format="round-robin") -> tuple[int, str]:
    answer = client.post("/api/events", json={"name": "Leavers' night", "variant": "standard", "partnerships": pairs,
                                              "format": event_format})
    assert answer.status_code == 201, answer.json
    return answer.json["id"], answer.json["organiser_token"]


def bearer(token: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {token}"}


def url(event_id: int, pair: int) -> str:
    return f"/api/events/{event_id}/partnerships/{pair}/withdrawal"


def seated(round_answer: dict) -> list[tuple[int, int]]:
    return [(t["pair_a"], t["pair_b"]) for t in round_answer["tables"]]


def test_a_withdrawn_partnerships_round_robin_opponent_has_a_bye_and_its_results_stand(client):
    event_id, token = create(client)
    first = client.post(f"/api/events/{event_id}/rounds", headers=bearer(token)).json
    assert seated(first) == [(1, 6), (2, 5), (3, 4)]
    score_table(client, first["tables"][0], [(70, 30)])  # partnership 1 beats 6
    tag = client.get(f"/events/{event_id}/live").headers["ETag"]
    answer = client.post(url(event_id, 6), headers=bearer(token))
    assert answer.status_code == 201, answer.json
    assert answer.json == {"pair": 6, "name": "Leaver K & Leaver L", "withdrawn_from": 2,
                           "message": "partnership 6 is withdrawn from round 2: the rounds made from now on pair it "
                                      "no more, and its results stand"}
    assert client.get(f"/events/{event_id}/live", headers={"If-None-Match": tag}).status_code == 200  # it moved
    preview = client.get(f"/api/events/{event_id}/pairings/next").json
    assert preview["byes"] == [4] and preview["message"].endswith("; partnership 4 would have a bye")
    second = client.post(f"/api/events/{event_id}/rounds", headers=bearer(token)).json
    assert seated(second) == [(1, 5), (2, 3)] and second["bye"] == 4 and second["byes"] == [4]  # 6 was to meet 4
    assert second["message"] == "round 2: 2 tables; partnership 4 has a bye"
    event = client.get(f"/api/events/{event_id}").json
    assert [(t["pair_a"], t["pair_b"]) for t in event["rounds"][0]["tables"]] == [(1, 6), (2, 5), (3, 4)]
    assert event["rounds"][1]["byes"] == [4]
    line = next(s for s in event["standings"] if s["pair"] == 6)
    assert (line["withdrawn_from"], line["baazis_won"], line["card_points_for"]) == (2, 0, 30)
    assert [p["withdrawn_from"] for p in event["partnerships"]] == [None] * 5 + [2]
    page = client.get(f"/events/{event_id}").get_data(as_text=True)
    assert page.count("withdrawn from round 2") == 2  # its standings line and the partnerships list
    assert "Partnership 4 (Leaver G &amp; Leaver H) has a bye this round." in page
    results = client.get(f"/events/{event_id}/results").get_data(as_text=True)
    assert "withdrawn from round 2" in results and "Partnership 4 (Leaver G &amp; Leaver H) had a bye." in results
    rows = list(csv.DictReader(io.StringIO(client.get(f"/events/{event_id}/standings.csv").get_data(as_text=True)
                                           .lstrip("\ufeff"))))
    assert {r["pair"]: r["withdrawn_from"] for r in rows} == {"1": "", "2": "", "3": "", "4": "", "5": "", "6": "2"}
    doc = json.loads(client.get(f"/events/{event_id}/standings.json").get_data(as_text=True))
    assert {s["pair"]: s["withdrawn_from"] for s in doc["standings"]}[6] == 2


def test_two_withdrawn_partnerships_and_a_reinstatement(client):
    event_id, token = create(client)
    for pair in (3, 6):
        assert client.post(url(event_id, pair), headers=bearer(token), json={}).json["withdrawn_from"] == 1
    first = client.post(f"/api/events/{event_id}/rounds", headers=bearer(token)).json
    assert seated(first) == [(2, 5)] and first["byes"] == [1, 4]  # 1 was to meet 6, 4 to meet 3
    assert first["message"] == "round 1: 1 table; partnership 1 has a bye; partnership 4 has a bye"
    back = client.delete(url(event_id, 3), headers=bearer(token))
    assert back.status_code == 200 and back.json["withdrawn_from"] is None
    assert back.json["message"] == "partnership 3 is reinstated: the rounds made from now on pair it again"
    second = client.post(f"/api/events/{event_id}/rounds", headers=bearer(token)).json
    assert 3 in {p for t in seated(second) for p in t} and 6 not in {p for t in seated(second) for p in t}
    event = client.get(f"/api/events/{event_id}").json
    assert {s["pair"]: s["withdrawn_from"] for s in event["standings"]} == {1: None, 2: None, 3: None, 4: None,
                                                                           5: None, 6: 1}
    assert event["rounds"][0]["byes"] == [1, 4] and event["rounds"][0]["bye"] == 1  # round 1 as it was made


def test_a_swiss_round_leaves_a_withdrawn_partnership_out(client):
    event_id, token = create(client, PAIRS[:5], "swiss")
    first = client.post(f"/api/events/{event_id}/rounds", headers=bearer(token)).json
    assert first["bye"] == 5
    for table in first["tables"]:
        score_table(client, table, [(80, 20)])
    assert client.post(url(event_id, 1), headers=bearer(token)).status_code == 201
    second = client.post(f"/api/events/{event_id}/rounds", headers=bearer(token)).json
    assert second["byes"] == [] and sorted(p for t in seated(second) for p in t) == [2, 3, 4, 5]


def test_a_round_entered_by_hand_may_not_name_a_withdrawn_partnership(client):
    event_id, token = create(client, PAIRS[:5], "hand")
    client.post(url(event_id, 2), headers=bearer(token))
    by_hand = f"/api/events/{event_id}/rounds/by-hand"
    refused = assert_envelope(client.post(by_hand, headers=bearer(token),
                                          json={"tables": [{"pair_a": 1, "pair_b": 2}, {"pair_a": 3, "pair_b": 4}]}),
                              400)
    assert refused["error"] == "partnership 2 withdrew from the event (from round 1): it is paired no more; " \
                               "reinstate it to seat it"
    assert client.get(f"/api/events/{event_id}").json["rounds"] == []
    made = client.post(by_hand, headers=bearer(token), json={"tables": [{"pair_a": 1, "pair_b": 5},
                                                                         {"pair_a": 3, "pair_b": 4}]})
    assert made.status_code == 201 and made.json["byes"] == []  # the withdrawn one has no bye


def test_withdrawal_refusals_change_nothing(client):
    event_id, token = create(client, PAIRS[:3])
    other, _ = create(client, [["Other A", "Other B"], ["Other C", "Other D"]])
    before = client.get(f"/api/events/{event_id}").json
    assert_envelope(client.post(url(event_id, 1)), 401)
    assert_envelope(client.post(url(event_id, 1), headers=bearer(token[::-1])), 403)
    assert_envelope(client.post(url(other, 1), headers=bearer(token)), 403)  # another event's token
    assert_envelope(client.post(url(999, 1), headers=bearer(token)), 404)
    assert assert_envelope(client.post(url(event_id, 4), headers=bearer(token)), 404)["error"] == \
        f"event {event_id} has no partnership 4 (they are numbered 1 to 3)"
    assert_envelope(client.post(url(event_id, 0), headers=bearer(token)), 404)
    assert_envelope(client.post(url(event_id, 1), headers=bearer(token), json={"why": "late"}), 400)
    assert_envelope(client.delete(url(event_id, 1)), 401)
    assert_envelope(client.delete(url(event_id, 1), headers=bearer(token[::-1])), 403)
    assert assert_envelope(client.delete(url(event_id, 1), headers=bearer(token)), 409)["error"] == \
        "partnership 1 is not withdrawn: the rounds pair it already"
    assert client.get(f"/api/events/{event_id}").json == before
    assert client.post(url(event_id, 1), headers=bearer(token)).status_code == 201
    assert assert_envelope(client.post(url(event_id, 1), headers=bearer(token)), 409)["error"] == \
        "partnership 1 is withdrawn already, from round 1"
    assert client.post(url(event_id, 2), headers=bearer(token)).status_code == 201
    refused = assert_envelope(client.post(f"/api/events/{event_id}/rounds", headers=bearer(token)), 409)
    assert refused["error"] == "fewer than two partnerships play on (2 of 3 withdrawn): reinstate one to pair a round"


def test_the_event_pages_withdraw_and_reinstate_forms(client):
    event_id, token = create(client, PAIRS[:4])
    page = client.get(f"/events/{event_id}").get_data(as_text=True)
    assert "Withdraw a partnership" in page and "Reinstate a withdrawn partnership" not in page
    csrf = re.search(r'name="csrf_token" type="hidden" value="([^"]+)"', page).group(1)
    withdraw, reinstate = f"/events/{event_id}/partnerships/withdraw", f"/events/{event_id}/partnerships/reinstate"
    wrong = client.post(withdraw, data={"csrf_token": csrf, "token": "wrong", "pair": 2})
    assert wrong.status_code == 403 and "this is not the event&#39;s organiser token" in wrong.get_data(as_text=True)
    unknown = client.post(withdraw, data={"csrf_token": csrf, "token": token, "pair": 9})
    assert unknown.status_code == 404 and "has no partnership 9" in unknown.get_data(as_text=True)
    assert '<details class="withdraw" id="withdraw" open>' in unknown.get_data(as_text=True)
    assert client.post(withdraw, data={"csrf_token": csrf, "token": token}).status_code == 400
    done = client.post(withdraw, data={"csrf_token": csrf, "token": token, "pair": 2})
    assert done.status_code == 303
    page = client.get(f"/events/{event_id}").get_data(as_text=True)
    assert "Partnership 2 (Leaver C &amp; Leaver D) is withdrawn from round 1" in page
    assert "Reinstate a withdrawn partnership" in page and 'withdrawn-badge' in page
    again = client.post(withdraw, data={"csrf_token": csrf, "token": token, "pair": 2})
    assert again.status_code == 409 and "withdrawn already, from round 1" in again.get_data(as_text=True)
    assert client.post(f"/events/{event_id}/rounds", data={"csrf_token": csrf, "token": token}).status_code == 303
    page = client.get(f"/events/{event_id}").get_data(as_text=True)
    assert "Round 1 made: 1 table. Partnership 3 has a bye." in page  # 2 was to meet 3
    wrong = client.post(reinstate, data={"csrf_token": csrf, "token": "wrong", "pair": 2}).get_data(as_text=True)
    assert '<details class="reinstate" id="reinstate" open>' in wrong and '<option value="2" selected>' in wrong
    back = client.post(reinstate, data={"csrf_token": csrf, "token": token, "pair": 2})
    assert back.status_code == 303
    page = client.get(f"/events/{event_id}").get_data(as_text=True)
    assert "Partnership 2 (Leaver C &amp; Leaver D) is reinstated" in page and "withdrawn-badge" not in page
    assert client.post(reinstate, data={"csrf_token": csrf, "token": token, "pair": 2}).status_code == 409


def test_a_round_robin_round_always_seats_two_partnerships_playing_on(client):
    """Partnerships 1, 2 and 3 never came: the schedule's rounds that seat none of 4, 5, 6 against each other are
    passed over (round 1 was made with no table, three byes), and once those three have met each other the next
    round is refused, saying why."""
    event_id, token = create(client)
    for pair in (1, 2, 3):
        assert client.post(url(event_id, pair), headers=bearer(token)).status_code == 201
    made = [client.post(f"/api/events/{event_id}/rounds", headers=bearer(token)) for _ in range(3)]
    assert [m.status_code for m in made] == [201, 201, 201]
    assert [sum(1 for t in seated(m.json) if t[1] is not None) for m in made] == [1, 1, 1]
    assert {frozenset(t) for m in made for t in seated(m.json) if t[1] is not None} == \
        {frozenset((4, 5)), frozenset((4, 6)), frozenset((5, 6))}
    refused = client.post(f"/api/events/{event_id}/rounds", headers=bearer(token))
    assert assert_envelope(refused, 409)["error"].startswith("every round of the round-robin left pairs a withdrawn")


def test_an_uploaded_game_may_not_seat_a_withdrawn_partnership(client):
    event_id, token = create(client, PAIRS[:4], event_format="hand")
    assert client.post(url(event_id, 2), headers=bearer(token)).status_code == 201
    names = {"North": PAIRS[1][0], "South": PAIRS[1][1], "West": PAIRS[2][0], "East": PAIRS[2][1]}
    game = store_text(client, named("game-standard-1.seep", names))
    before = client.get(f"/api/events/{event_id}").json
    refused = client.post(f"/api/events/{event_id}/games", headers=bearer(token), json={"game_id": game})
    assert assert_envelope(refused, 409)["error"].startswith("partnership 2 withdrew from the event (from round 1)")
    assert client.get(f"/api/events/{event_id}").json == before


def test_a_withdrawal_made_while_a_round_is_paired_refuses_the_round(app, client):
    """The round is paired from the withdrawals as they stood; one stored before the round is (another organiser's,
    say) makes it refused, not made with the withdrawn partnership seated."""
    event_id, token = create(client, PAIRS[:4])
    with app.app_context():
        db = connect(app.config["DATABASE"])
        pairing, how = planned_pairing(db, event_id, {})
        assert client.post(url(event_id, 4), headers=bearer(token)).status_code == 201
        with pytest.raises(EventChange) as refusal:
            make_round(db, event_id, token, pairing, how, {})
    assert refusal.value.message == "a partnership was withdrawn or reinstated while round 1 was paired: make it again"
    assert client.get(f"/api/events/{event_id}").json["rounds"] == []
