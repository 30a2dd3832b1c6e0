"""An uploaded game attached to an event as a table: its uploader may correct it but not take it from its table
(a replace that seats other players, a delete), the organiser detaches it, one event holds it, a place in a round
is named when refused, and no confirmations are counted for it."""
from __future__ import annotations

import io
import re

from tests.web.clubs_helpers import delete_table_game, named
from tests.web.helpers import assert_envelope
from tests.web.test_clubs_event_rounds import bearer, create

NAMES = [f"Hall {chr(65 + i)}" for i in range(8)]
PAIRS = [[NAMES[2 * i], NAMES[2 * i + 1]] for i in range(4)]


def seats(ns: list[str], ew: list[str]) -> dict[str, str]:
    return {"North": ns[0], "South": ns[1], "West": ew[0], "East": ew[1]}


def uploaded(client, ns: list[str], ew: list[str], example: str = "game-standard-1.seep") -> tuple[int, dict]:
    """Upload an example whose seat tags name `ns` (North–South) and `ew`; its id and its manage-token header."""
    answer = client.post("/api/games", content_type="text/plain", data=named(example, seats(ns, ew)).encode())
    assert answer.status_code == 201, answer.json
    return answer.json["id"], {"X-Manage-Token": answer.json["manage_token"]}


def attached(client, ns: int = 1, ew: int = 2, **body) -> tuple[int, str, int, dict]:
    """An event of PAIRS (entered by hand) with an uploaded game of `ns` v `ew` attached: event, organiser token,
    game and its manage-token header."""
    event_id, token = create(client, PAIRS, event_format="hand", name="Hall night")
    game, manage = uploaded(client, PAIRS[ns - 1], PAIRS[ew - 1])
    answer = client.post(f"/api/events/{event_id}/games", headers=bearer(token), json={"game_id": game, **body})
    assert answer.status_code == 201, answer.json
    return event_id, token, game, manage


def replace(client, game: int, manage: dict, text: str):
    return client.put(f"/api/games/{game}", data=text.encode(), content_type="text/plain", headers=manage)


def test_a_replace_that_no_longer_seats_the_tables_partnerships_is_refused_naming_event_round_and_table(client):
    event_id, token, game, manage = attached(client)
    before = client.get(f"/api/events/{event_id}").json
    stored = client.get(f"/api/games/{game}").json
    for text, why in (
            (named("game-standard-2.seep", seats(["Zed", "Quinn"], PAIRS[1])), "NS (Zed & Quinn) is no partnership"),
            (named("game-standard-2.seep", seats(PAIRS[2], PAIRS[1])), f"NS ({' & '.join(PAIRS[2])}) is "
                                                                       "partnership 3, not at this table"),
            (named("game-standard-2.seep", seats(PAIRS[0], PAIRS[0])), "both sides of the new log are partnership 1"),
            (named("game-two-player-1.seep", {"North": PAIRS[0][0], "South": PAIRS[1][0]}),
             "the new log is of the two-player variant"),
            (named("two-games.seep", seats(PAIRS[0], PAIRS[1])), "the new log holds 2 games")):
        refused = assert_envelope(replace(client, game, manage, text), 409)["error"]
        assert refused.startswith(f"game {game} is table 1 of round 1 of event {event_id} (Hall night) between "
                                  "partnerships 1 and 2, but "), refused
        assert why in refused and "one game of the standard variant" in refused, refused
    assert client.get(f"/api/events/{event_id}").json == before  # the standings still count the game as it was
    assert client.get(f"/api/games/{game}").json == stored  # nothing stored, no history
    names = {p["name"] for p in client.get("/api/players").json["players"]}
    assert not {"Zed", "Quinn"} & names  # the refused log's players were not made


def test_a_corrected_log_between_the_same_partnerships_is_taken_and_the_standings_follow_it(client):
    event_id, token, game, manage = attached(client)
    corrected = named("game-standard-2.seep", seats(PAIRS[0], [n.upper() for n in PAIRS[1]]))
    assert replace(client, game, manage, corrected).status_code == 200
    report = client.get(f"/api/games/{game}/report").json["games"][0]
    lines = {s["pair"]: s for s in client.get(f"/api/events/{event_id}/standings").json["standings"]}
    assert (lines[1]["baazis_won"], lines[1]["baazis_lost"]) == (report["baazis"]["NS"], report["baazis"]["EW"])
    assert lines[2]["card_points_for"] == sum(d["card_points"]["EW"] for d in report["deals"] if d["score"])

    swapped = named("game-standard-3.seep", seats(PAIRS[1], PAIRS[0]))  # the same two, at the other sides
    assert replace(client, game, manage, swapped).status_code == 200
    table = client.get(f"/api/events/{event_id}").json["rounds"][0]["tables"][0]
    report = client.get(f"/api/games/{game}/report").json["games"][0]
    assert (table["pair_a"], table["pair_b"]) == (2, 1)
    assert table["baazis"] == [report["baazis"]["NS"], report["baazis"]["EW"]]


def test_an_attached_game_is_deleted_only_once_the_organiser_has_detached_it(client):
    event_id, token, game, manage = attached(client)
    refused = assert_envelope(client.delete(f"/api/games/{game}", headers=manage), 409)["error"]
    assert refused == (f"game {game} is table 1 of round 1 of event {event_id} (Hall night): the event's organiser "
                       "must detach it from the event before it is deleted")
    assert client.get(f"/api/events/{event_id}/standings").json["standings"][0]["played"] == 1
    assert client.delete(f"/api/events/{event_id}/games/{game}", headers=bearer(token)).status_code == 204
    event = client.get(f"/api/events/{event_id}").json
    assert event["rounds"] == [] and all(s["played"] == 0 for s in event["standings"])
    assert client.get(f"/api/games/{game}").status_code == 200  # detached, still stored
    assert client.delete(f"/api/games/{game}", headers=manage).status_code == 204


def test_detaching_frees_the_tables_place_in_its_round(client):
    event_id, token, game, manage = attached(client)
    other, _ = uploaded(client, PAIRS[1], PAIRS[0], "game-standard-2.seep")
    url = f"/api/events/{event_id}/games"
    assert "partnerships 2 and 1 have a place at table 1 of round 1 already" in assert_envelope(
        client.post(url, headers=bearer(token), json={"game_id": other, "round": 1}), 409)["error"]
    assert client.delete(f"{url}/{game}", headers=bearer(token)).status_code == 204
    again = client.post(url, headers=bearer(token), json={"game_id": other, "round": 1})
    assert again.status_code == 201 and (again.json["round"], again.json["number"]) == (1, 1)
    assert client.post(url, headers=bearer(token), json={"game_id": game, "round": 2}).status_code == 201
    assert client.delete(f"{url}/{game}", headers=bearer(token)).status_code == 204
    assert [r["round"] for r in client.get(f"/api/events/{event_id}").json["rounds"]] == [1]
    assert client.post(url, headers=bearer(token), json={"game_id": game, "round": 3}).status_code == 400  # 1 or 2


def test_detach_refusals_change_nothing(client):
    event_id, token, game, manage = attached(client)
    rounds = client.post(f"/api/events/{event_id}/rounds/by-hand", headers=bearer(token),
                         json={"tables": [{"pair_a": 3, "pair_b": 4}, {"pair_a": 1, "pair_b": 2}]}).json
    live = rounds["tables"][0]["game_id"]
    loose, _ = uploaded(client, PAIRS[2], PAIRS[3], "game-standard-2.seep")
    before = client.get(f"/api/events/{event_id}").json
    url = f"/api/events/{event_id}/games"
    assert_envelope(client.delete(f"{url}/{game}"), 401)
    assert_envelope(client.delete(f"{url}/{game}", headers=bearer(token[::-1])), 403)
    assert_envelope(client.delete(f"/api/events/999/games/{game}", headers=bearer(token)), 404)
    assert assert_envelope(client.delete(f"{url}/{loose}", headers=bearer(token)), 404)["error"] == \
        f"game {loose} is no table of event {event_id}"
    assert "is a live table of the event (table 1 of round 2)" in assert_envelope(
        client.delete(f"{url}/{live}", headers=bearer(token)), 409)["error"]
    assert client.get(f"/api/events/{event_id}").json == before


def test_a_game_is_a_table_of_one_event_only(client):
    first, _, game, _ = attached(client)
    second, token = create(client, PAIRS, event_format="hand", name="Hall night two")
    refused = assert_envelope(client.post(f"/api/events/{second}/games", headers=bearer(token),
                                          json={"game_id": game}), 409)["error"]
    assert refused == f"game {game} is table 1 of round 1 of event {first} (Hall night) already: a game is a table " \
                      "of one event (its organiser may detach it)"
    assert client.get(f"/api/events/{second}").json["rounds"] == []
    assert all(s["played"] == 0 for s in client.get(f"/api/events/{second}/standings").json["standings"])


def test_a_place_taken_in_the_round_is_named_with_its_partnership_and_table(client):
    event_id, token, _, _ = attached(client, 1, 2)
    url = f"/api/events/{event_id}/games"
    assert client.post(url, headers=bearer(token),
                       json={"game_id": uploaded(client, PAIRS[2], PAIRS[3], "game-standard-2.seep")[0]}).status_code \
        == 201
    for ns, ew, why in ((1, 3, "partnership 1 has a place at table 1 and partnership 3 has a place at table 2 of "
                                "round 1 already"),
                        (4, 1, "partnership 4 has a place at table 2 and partnership 1 has a place at table 1 of "
                               "round 1 already")):
        game, _ = uploaded(client, PAIRS[ns - 1], PAIRS[ew - 1], "game-standard-3.seep")
        assert why in assert_envelope(client.post(url, headers=bearer(token), json={"game_id": game}), 409)["error"]
    odd, odd_token = create(client, PAIRS[:3], event_format="hand", name="Odd night")
    client.post(f"/api/events/{odd}/rounds/by-hand", headers=bearer(odd_token),
                json={"tables": [{"pair_a": 1, "pair_b": 2}]})  # partnership 3 has the bye
    game, _ = uploaded(client, PAIRS[2], PAIRS[0], "game-standard-3.seep")
    assert "partnership 3 has the bye and partnership 1 has a place at table 1 of round 1 already" in \
        assert_envelope(client.post(f"/api/events/{odd}/games", headers=bearer(odd_token),
                                    json={"game_id": game, "round": 1}), 409)["error"]


def test_a_table_whose_game_was_deleted_holds_no_place(client, app):
    event_id, token = create(client, PAIRS, event_format="hand", name="Hall night")
    made = client.post(f"/api/events/{event_id}/rounds/by-hand", headers=bearer(token),
                       json={"tables": [{"pair_a": 1, "pair_b": 2}, {"pair_a": 3, "pair_b": 4}]}).json["tables"]
    gone = made[0]
    delete_table_game(app, gone["game_id"])  # in a store from before its edit token's delete was refused
    game, _ = uploaded(client, PAIRS[0], PAIRS[1])
    answer = client.post(f"/api/events/{event_id}/games", headers=bearer(token), json={"game_id": game, "round": 1})
    assert answer.status_code == 201, answer.json
    tables = client.get(f"/api/events/{event_id}").json["rounds"][0]["tables"]
    assert [(t["pair_a"], t["pair_b"], t["game_id"]) for t in tables] == \
        [(3, 4, made[1]["game_id"]), (1, 2, game)]  # the deleted table gave way to the game


def test_an_uploaded_table_shows_no_confirmations(client):
    event_id, token, game, _ = attached(client, 1, 2)
    made = client.post(f"/api/events/{event_id}/rounds/by-hand", headers=bearer(token),
                       json={"tables": [{"pair_a": 3, "pair_b": 4}, {"pair_a": 1, "pair_b": 2}]}).json["tables"]
    rounds = client.get(f"/api/events/{event_id}").json["rounds"]
    upload_row, live_row = rounds[0]["tables"][0], rounds[1]["tables"][0]
    assert upload_row["game_id"] == game and "confirmations" not in upload_row
    assert live_row["game_id"] == made[0]["game_id"] and live_row["confirmations"] == \
        {"confirmed": 0, "refused": 0, "missing": 0}
    page = client.get(f"/events/{event_id}").get_data(as_text=True)
    cells = re.findall(r'<td class="confirmed[^"]*"[^>]*>(.*?)</td>', page)
    assert len(cells) == 3 and "0/" not in cells[0] and "no deal is confirmed" in page and "0/0" in cells[1]


def manage_form(client, game: int) -> str:
    page = client.get(f"/games/{game}").get_data(as_text=True)
    return re.search(r'name="csrf_token" type="hidden" value="([^"]+)"', page).group(1)


def test_the_game_pages_replace_and_delete_forms_give_the_refusal(client):
    event_id, token, game, manage = attached(client)
    csrf, secret = manage_form(client, game), manage["X-Manage-Token"]
    text = named("game-standard-2.seep", seats(["Zed", "Quinn"], PAIRS[1])).encode()
    refused = client.post(f"/games/{game}/replace", data={"csrf_token": csrf, "token": secret,
                                                          "file": (io.BytesIO(text), "zed.seep")},
                          content_type="multipart/form-data")
    page = refused.get_data(as_text=True)
    assert refused.status_code == 409 and '<details class="manage" id="manage" open>' in page
    assert f"Not replaced: game {game} is table 1 of round 1 of event {event_id} (Hall night) between partnerships " \
        "1 and 2, but the new log&#39;s NS (Zed &amp; Quinn) is no partnership of the event" in page
    assert client.get(f"/api/games/{game}").json["players"]["N"] == PAIRS[0][0]
    refused = client.post(f"/games/{game}/delete", data={"csrf_token": csrf, "token": secret})
    page = refused.get_data(as_text=True)
    assert refused.status_code == 409
    assert "Not deleted: " in page and "the event&#39;s organiser must detach it from the event" in page


def test_the_event_pages_detach_form_frees_the_table(client):
    event_id, token, game, manage = attached(client)
    page = client.get(f"/events/{event_id}").get_data(as_text=True)
    assert "Detach an uploaded game" in page
    csrf = re.search(r'name="csrf_token" type="hidden" value="([^"]+)"', page).group(1)
    url = f"/events/{event_id}/games/detach"
    assert client.post(url, data={"csrf_token": csrf, "token": "wrong", "game": game}).status_code == 403
    assert client.post(url, data={"csrf_token": csrf, "token": token, "game": 999}).status_code == 404
    done = client.post(url, data={"csrf_token": csrf, "token": token, "game": game})
    assert done.status_code == 303
    page = client.get(f"/events/{event_id}").get_data(as_text=True)
    assert f"Game {game} is no longer table 1 of round 1" in page
    assert client.get(f"/api/events/{event_id}").json["rounds"] == []
