"""The director's ruling on a refused score, through the API: it says it is a ruling (a director does not
refuse, with a reason or without), a reason that shows nothing is no reason, and it names the score it rules on:
it stands only over the opponents' refusal of that same score."""
from __future__ import annotations

from seeplog.web.db import connect
from tests.web.clubs_helpers import enter
from tests.web.helpers import assert_envelope
from tests.web.test_clubs_confirm import answer, bearer, confirmations, event_with_round


def refused_deal(client) -> tuple[int, str, dict, int]:
    """An event whose first table's deal 1 (60-40) EW refused by their link."""
    event, organiser, tables = event_with_round(client)
    table, game = tables[0], tables[0]["game_id"]
    enter(client, table, ["deal 1 dealer N", "score NS 60 EW 40"])
    refused = answer(client, game, table["confirm_token"], deal=1, verdict="refused", reason="EW had 45")
    assert refused.status_code == 201, refused.json
    return event, organiser, table, game


def test_a_directors_refusal_is_told_a_director_rules_whatever_its_reason(client):
    """With an empty reason it was told 'a refusal needs its reason'; with one, then, that a director cannot refuse."""
    _, organiser, _, game = refused_deal(client)
    for reason in ("", "EW had 45"):
        refused = assert_envelope(answer(client, game, organiser, deal=1, verdict="refused", reason=reason), 422)
        assert "a director rules that a score stands" in refused["error"], refused
        assert refused["errors"][0]["field"] == "verdict"


def test_a_reason_of_invisible_characters_is_no_reason_for_a_ruling_nor_a_refusal(client):
    """A zero-width space passed as the ruling's reason (and as the opponents'): the table read an empty ruling."""
    _, organiser, table, game = refused_deal(client)
    for reason in ("\u200b", "\u2060 \u200d"):
        refused = assert_envelope(answer(client, game, organiser, deal=1, verdict="confirmed", reason=reason), 422)
        assert "a ruling needs its reason" in refused["error"]
        refused = assert_envelope(answer(client, game, table["confirm_token"], deal=1, verdict="refused",
                                         reason=reason), 422)
        assert "a refusal needs its reason" in refused["error"]
    assert answer(client, game, organiser, deal=1, verdict="confirmed", reason="\u200bstands",
                  score={"NS": 60, "EW": 40}).status_code == 201


def keeper_corrects(client, table: dict, line: str) -> None:
    """The scorekeeper replaces deal 1's score line."""
    live = client.get(f"/api/live/{table['game_id']}").json
    number = next(e["number"] for e in live["entries"] if e["line"].startswith("score"))
    corrected = client.post(f"/api/live/{table['game_id']}/entries", headers=bearer(table["edit_token"]),
                            json={"replace": number, "line": line, "version": live["version"]})
    assert corrected.status_code == 201, corrected.json


def test_a_ruling_on_a_score_corrected_meanwhile_is_not_stored(client):
    """EW refuse 60-40; while the director writes the ruling, the scorekeeper corrects the score to 75-25. The
    ruling was stored as confirming 75-25, and EW's refusal of it was then answered 'the ruling is final'."""
    _, organiser, table, game = refused_deal(client)
    keeper_corrects(client, table, "score NS 75 EW 25")
    ruled = assert_envelope(answer(client, game, organiser, deal=1, verdict="confirmed", reason="Counted again: 60-40",
                                   score={"NS": 60, "EW": 40}), 409)
    assert ruled["error"] == ("deal 1's score is NS 75 – EW 25 now, not NS 60 – EW 40: it was corrected meanwhile; "
                              "nothing is stored, see the deal as it stands")
    assert ruled["said"]["template"].startswith("deal {deal}'s score is {now} now")
    deal = confirmations(client, game)["deals"][0]
    assert (deal["status"], deal["changed"], deal["via"]) == ("missing", True, "link")
    again = answer(client, game, table["confirm_token"], deal=1, verdict="refused", reason="it was 60-40, now 75-25!",
                   score={"NS": 75, "EW": 25})
    assert again.status_code == 201, again.json
    ruled = answer(client, game, organiser, deal=1, verdict="confirmed", reason="75-25 after the count",
                   score={"NS": 75, "EW": 25})
    assert ruled.status_code == 201, ruled.json
    assert ruled.json["deals"][0] | {"at": None} == {
        "deal": 1, "score": {"NS": 75, "EW": 25}, "status": "confirmed", "changed": False, "team": "EW",
        "reason": "75-25 after the count", "via": "director", "at": None}


def test_a_ruling_stands_only_over_a_refusal_of_its_score(client):
    """A ruling on a deal nobody refused (waiting for its answer) was stored, and locked the opponents out."""
    event, organiser, tables = event_with_round(client)
    table, game = tables[0], tables[0]["game_id"]
    enter(client, table, ["deal 1 dealer N", "score NS 60 EW 40"])
    score = {"NS": 60, "EW": 40}
    for _ in ("nobody answered", "confirmed"):
        ruled = assert_envelope(answer(client, game, organiser, deal=1, verdict="confirmed", reason="stands",
                                       score=score), 409)
        assert ruled["error"] == ("deal 1's score NS 60 – EW 40 is not refused: a ruling answers the opponents' "
                                  "refusal of the score, and there is none to rule on")
        assert answer(client, game, table["edit_token"], deal=1, verdict="confirmed").status_code == 201
    assert confirmations(client, game)["deals"][0]["via"] == "keeper"
    stale = assert_envelope(answer(client, game, table["confirm_token"], deal=1, verdict="confirmed",
                                   score={"NS": 40, "EW": 60}), 409)
    assert "it was corrected meanwhile" in stale["error"]  # a score sent by the opponents is checked too
    bad = answer(client, game, organiser, deal=1, verdict="confirmed", reason="x", score={"XY": 1})
    assert_envelope(bad, 400)


def test_the_scoresheet_credits_a_ruling_to_the_director_with_its_reason(client):
    """The deal's mark said 'EW confirmed this score': the opponents had refused it, the director ruled."""
    _, organiser, table, game = refused_deal(client)
    ruled = answer(client, game, organiser, deal=1, verdict="confirmed", reason="Counted again: 60-40",
                   score={"NS": 60, "EW": 40})
    assert ruled.status_code == 201, ruled.json
    sheet = client.get(f"/games/{game}").get_data(as_text=True)
    title = "the director ruled that this score stands: Counted again: 60-40"
    assert f'class="confirm-mark confirmed" title="{title}"' in sheet and "EW confirmed this score" not in sheet
    rulings = sheet.split('<ul class="hint notes rulings">')[1].split("</ul>")[0]
    assert f"Deal 1: {title}</li>" in rulings
    assert '<ul class="hint notes refusals">' not in sheet


def test_a_ruling_sent_again_is_stored_once_and_answered_as_it_stands(app, client):
    """The director's answer was lost and the view sent the ruling again: it was told 'deal 1's score is not
    refused: there is none to rule on', though its ruling stood. Another reason is still a new ruling refused."""
    _, organiser, _, game = refused_deal(client)
    body = {"deal": 1, "verdict": "confirmed", "reason": "Counted again", "score": {"NS": 60, "EW": 40}}
    first, again = answer(client, game, organiser, **body), answer(client, game, organiser, **body)
    assert first.status_code == 201 and again.status_code == 201 and again.json == first.json
    history = client.get(f"/api/live/{game}/confirmations").json["deals"][0]
    assert (history["status"], history["via"], history["reason"]) == ("confirmed", "director", "Counted again")
    with app.app_context():
        rows = connect(app.config["DATABASE"]).execute("select count(*) from deal_answers where game_id = ? and "
                                                       "via = 'director'", [game]).fetchone()[0]
    assert rows == 1
    other = assert_envelope(answer(client, game, organiser, **{**body, "reason": "Another word"}), 409)
    assert "is not refused" in other["error"]
