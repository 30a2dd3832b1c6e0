"""Changes to players that would make the record wrong are refused: an organiser token covers only players
whose games are all its event's tables; no merge makes one player of two who sat in one game or are in one
event's partnerships; a split gives a merged name back to its own player; a partnership is two players."""
from __future__ import annotations

import re

from seeplog.web.db import connect, migrate
from tests.web.clubs_helpers import admin_token, bearer, named, player_id, store_text
from tests.web.helpers import assert_envelope
from tests.web.test_clubs_events import keep

FOUR = {"North": "Asha", "South": "Ravi", "East": "Meena", "West": "Dev"}


def new_event(client, pairs: list[list[str]]) -> tuple[int, str]:
    answer = client.post("/api/events", json={"name": "Club night", "variant": "standard", "partnerships": pairs})
    assert answer.status_code == 201, answer.json
    return answer.json["id"], answer.json["organiser_token"]


def pair_names(client, event_id: int) -> dict[int, str]:
    return {p["number"]: p["name"] for p in client.get(f"/api/events/{event_id}").json["partnerships"]}


def test_an_organiser_token_does_not_cover_players_with_games_outside_its_event(client, runner):
    game = store_text(client, named("game-standard-1.seep", FOUR))
    event_id, token = new_event(client, [["Asha", "Ravi"], ["Meena", "Dev"]])
    asha, meena = player_id(client, "Asha"), player_id(client, "Meena")
    before = client.get("/api/players").json
    for path, body in ((f"/api/players/{asha}/merge", {"into": meena}), (f"/api/players/{asha}/rename",
                                                                          {"name": "Cheater"})):
        refused = assert_envelope(client.post(path, json=body, headers=bearer(token)), 403)["error"]
        assert f"player {asha} has games outside this event (game {game})" in refused
        assert "only an administrator" in refused and "flask --app app admin-token" in refused
    assert client.get("/api/players").json == before
    renamed = client.post(f"/api/players/{asha}/rename", json={"name": "Asha K"}, headers=bearer(admin_token(runner)))
    assert renamed.status_code == 200 and renamed.json["name"] == "Asha K"  # the administrator's powers stay


def test_an_organiser_token_covers_players_whose_games_are_all_its_tables(client):
    event_id, token = new_event(client, [["Player A", "Player B"], ["Player C", "Player D"]])
    table = client.post(f"/api/events/{event_id}/rounds", headers=bearer(token)).json["tables"][0]
    keep(client, table, "game-standard-1.seep")
    renamed = client.post(f"/api/players/{player_id(client, 'Player A')}/rename", json={"name": "Player Ay"},
                          headers=bearer(token))
    assert renamed.status_code == 200 and len(renamed.json["games"]) == 1
    elsewhere = store_text(client, named("game-standard-2.seep", {**FOUR, "North": "Player B"}))
    refused = client.post(f"/api/players/{player_id(client, 'Player B')}/rename", json={"name": "B"},
                          headers=bearer(token))
    assert f"has games outside this event (game {elsewhere})" in assert_envelope(refused, 403)["error"]


def test_both_players_of_an_organisers_merge_must_be_covered(client):
    store_text(client, named("game-standard-1.seep", FOUR))
    _, token = new_event(client, [["Asha", "Ravi"], ["Player X", "Player Y"]])
    asha, newcomer = player_id(client, "Asha"), player_id(client, "Player X")
    for source, target in ((newcomer, asha), (asha, newcomer)):
        refused = client.post(f"/api/players/{source}/merge", json={"into": target}, headers=bearer(token))
        assert f"player {asha} has games outside this event" in assert_envelope(refused, 403)["error"]


def test_an_organiser_token_refuses_a_player_of_another_event_by_saying_so(client):
    new_event(client, [["Player A", "Player B"], ["Player C", "Player D"]])
    _, token = new_event(client, [["Player E", "Player F"], ["Player G", "Player H"]])
    stranger = player_id(client, "Player A")
    refused = client.post(f"/api/players/{stranger}/rename", json={"name": "X"}, headers=bearer(token))
    message = assert_envelope(refused, 403)["error"]
    assert "administrator token" not in message.split(":")[0]
    assert f"player {stranger} is not in this event's partnerships" in message


def test_an_event_made_to_name_another_events_players_does_not_let_its_organiser_rename_them(client):
    """Anyone may make an event, naming any players: its token must not rename a player another event's
    partnerships hold (Player A had no game yet, so nothing else stood in the way)."""
    first, _ = new_event(client, [["Player A", "Player B"], ["Player C", "Player D"]])
    _, token = new_event(client, [["Player A", "Player X"], ["Player Y", "Player Z"]])
    victim = player_id(client, "Player A")
    refused = client.post(f"/api/players/{victim}/rename", json={"name": "Renamed"}, headers=bearer(token))
    assert f"player {victim} is in the partnerships of another event too (event {first})" in \
        assert_envelope(refused, 403)["error"]
    assert pair_names(client, first)[1] == "Player A & Player B"
    own = client.post(f"/api/players/{player_id(client, 'Player X')}/rename", json={"name": "Player Ex"},
                      headers=bearer(token))
    assert own.status_code == 200  # its own event's players alone: as before


def test_a_merge_of_two_players_who_sat_in_one_game_is_refused(client, runner):
    first = store_text(client, named("game-standard-1.seep", FOUR))
    second = store_text(client, named("game-standard-2.seep", {**FOUR, "South": "Ravi K"}))
    token = bearer(admin_token(runner))
    before = client.get("/api/players").json
    for other, seat, game in (("Ravi K", "S", second), ("Dev", "W", first)):  # a partner, an opponent
        refused = client.post(f"/api/players/{player_id(client, other)}/merge",
                              json={"into": player_id(client, "Asha")}, headers=token)
        message = assert_envelope(refused, 409)["error"]
        assert message.startswith(f"{other} ({seat}) and Asha (N) both sat in game {game}:")
    assert client.get("/api/players").json == before


def test_a_merge_of_two_players_of_one_event_is_refused(client, runner):
    event_id, _ = new_event(client, [["Player A", "Player B"], ["Player C", "Player D"]])
    token = bearer(admin_token(runner))
    a = player_id(client, "Player A")
    for other in ("Player B", "Player C"):  # a partner, another partnership
        refused = client.post(f"/api/players/{player_id(client, other)}/merge", json={"into": a}, headers=token)
        assert f"partnerships of event {event_id}" in assert_envelope(refused, 409)["error"]
    assert pair_names(client, event_id) == {1: "Player A & Player B", 2: "Player C & Player D"}


def test_an_event_naming_two_names_of_one_player_is_refused(client, runner):
    store_text(client, named("game-standard-1.seep", FOUR))
    store_text(client, named("game-standard-2.seep", {**FOUR, "North": "Asha K."}))
    client.post(f"/api/players/{player_id(client, 'Asha K.')}/merge", json={"into": player_id(client, "Asha")},
                headers=bearer(admin_token(runner)))
    refused = client.post("/api/events", json={"name": "Night", "variant": "standard",
                                               "partnerships": [["Asha", "Ravi"], ["Asha K.", "Meena"]]})
    body = assert_envelope(refused, 400)
    assert "'Asha' and 'Asha K.' are one player" in body["error"]
    assert [e["field"] for e in body["errors"]] == ["partnerships.1"]
    assert client.get("/api/events/1").status_code == 404


def test_merging_a_player_already_merged_says_so(client, runner):
    store_text(client, named("game-standard-1.seep", FOUR))
    store_text(client, named("game-standard-2.seep", {**FOUR, "North": "Asha K."}))
    token = bearer(admin_token(runner))
    asha, asha_k = player_id(client, "Asha"), player_id(client, "Asha K.")
    assert client.post(f"/api/players/{asha_k}/merge", json={"into": asha}, headers=token).status_code == 200
    for source, target in ((asha_k, asha), (asha, asha_k)):
        again = client.post(f"/api/players/{source}/merge", json={"into": target}, headers=token)
        assert assert_envelope(again, 400)["error"] == f"player {asha_k} is already merged into player {asha}"
    itself = client.post(f"/api/players/{asha}/merge", json={"into": asha}, headers=token)
    assert assert_envelope(itself, 400)["error"] == f"player {asha} cannot be merged into itself: name two different " \
                                                    "players"


def test_a_split_gives_a_merged_name_back_to_its_player(client, runner):
    store_text(client, named("game-standard-1.seep", FOUR))
    store_text(client, named("game-standard-2.seep", {**FOUR, "North": "Asha K."}))
    event_id, _ = new_event(client, [["Asha K.", "Gita"], ["Priya", "Kiran"]])
    token = bearer(admin_token(runner))
    asha, asha_k = player_id(client, "Asha"), player_id(client, "Asha K.")
    assert client.post(f"/api/players/{asha_k}/merge", json={"into": asha}, headers=token).status_code == 200
    assert pair_names(client, event_id)[1] == "Asha & Gita"
    split = client.post(f"/api/players/{asha}/split", json={"alias": "Asha K."}, headers=token)
    assert split.status_code == 200 and split.json["id"] == asha_k and split.json["name"] == "Asha K."
    assert client.get(f"/players/{asha_k}").status_code == 200  # no longer led to Asha
    assert pair_names(client, event_id)[1] == "Asha K. & Gita"
    assert [a["name"] for a in client.get(f"/api/players/{asha}").json["aliases"]] == ["Asha"]
    again = client.post(f"/api/players/{asha_k}/split", json={"alias": "asha k."}, headers=token)
    assert_envelope(again, 400)  # its only name


def test_a_partnership_of_a_player_with_themself_is_not_found(client, runner):
    store_text(client, named("game-standard-1.seep", FOUR))
    store_text(client, named("game-standard-2.seep", {**FOUR, "North": "Asha K."}))
    store_text(client, named("game-standard-3.seep", {**FOUR, "West": "Meena"}))  # one name at two seats
    asha, asha_k, ravi = (player_id(client, name) for name in ("Asha", "Asha K.", "Ravi"))
    assert client.get(f"/partnerships/{asha}-{ravi}").status_code == 200
    for page in (f"/players/{asha}", f"/partnerships/{asha}-{ravi}"):  # the team of Meena twice links nowhere
        html = client.get(page).get_data(as_text=True)
        assert "<td>Meena &amp; Meena</td>" in html
        assert all(client.get(link).status_code == 200 for link in re.findall(r'href="(/partnerships/[^"]+)"', html))
    meena, dev = player_id(client, "Meena"), player_id(client, "Dev")
    versus = client.get(f"/api/players/{asha}").json["record"]["head_to_head"]
    assert {v["opponents"]["url"] for v in versus} == {f"/partnerships/{min(meena, dev)}-{max(meena, dev)}", None}
    page = client.get(f"/partnerships/{asha}-{asha}")
    assert page.status_code == 404 and "a partnership is two different players" in page.get_data(as_text=True)
    assert_envelope(client.get(f"/api/partnerships/{asha}-{asha}"), 404)
    client.post(f"/api/players/{asha_k}/merge", json={"into": asha}, headers=bearer(admin_token(runner)))
    assert client.get(f"/partnerships/{asha_k}-{asha}").status_code == 404  # one player now
    assert_envelope(client.get(f"/api/partnerships/{asha}-{asha_k}"), 404)


def test_a_split_through_several_merges_gives_the_name_back_to_its_own_player(client, runner):
    for n, name in enumerate(("Kiran", "Kiran S", "Kiran Singh"), start=1):
        store_text(client, named(f"game-standard-{n}.seep", {**FOUR, "North": name}))
    kiran, kiran_s, singh = (player_id(client, name) for name in ("Kiran", "Kiran S", "Kiran Singh"))
    token = bearer(admin_token(runner))
    for source, target in ((kiran, kiran_s), (kiran_s, singh)):
        assert client.post(f"/api/players/{source}/merge", json={"into": target}, headers=token).status_code == 200
    split = client.post(f"/api/players/{singh}/split", json={"alias": "kiran"}, headers=token)
    assert split.status_code == 200 and split.json["id"] == kiran and len(split.json["games"]) == 1
    assert client.get(f"/players/{kiran}").status_code == 200
    assert client.get(f"/players/{kiran_s}").headers["Location"].endswith(f"/players/{singh}")  # still merged
    own = client.post(f"/api/players/{singh}/split", json={"alias": "kiran singh"}, headers=token)
    assert assert_envelope(own, 400)["error"] == ("'Kiran Singh' is this player's own name, which it keeps: split "
                                                  "off a name merged into it instead (Kiran S)")
    back = client.post(f"/api/players/{singh}/split", json={"alias": "Kiran S"}, headers=token).json
    assert back["id"] == kiran_s and client.get(f"/players/{kiran_s}").status_code == 200  # merged no longer


def test_splitting_a_players_own_name_is_refused_and_its_event_partnership_keeps_its_names(client, runner):
    """Ravee merged into Ravi, of an event's partnership Asha & Ravi: splitting 'Ravi' off would leave the
    partnership's player (its id) holding 'Ravee' alone, and the next table would seat Ravee. Refused, and the
    split of 'Ravee' does what was meant."""
    store_text(client, named("game-standard-1.seep", {**FOUR, "South": "Ravee"}))
    event_id, organiser = new_event(client, [["Asha", "Ravi"], ["Meena", "Dev"]])
    ravi, ravee = player_id(client, "Ravi"), player_id(client, "Ravee")
    token = bearer(admin_token(runner))
    assert client.post(f"/api/players/{ravee}/merge", json={"into": ravi}, headers=token).status_code == 200
    before = client.get("/api/players").json
    refused = assert_envelope(client.post(f"/api/players/{ravi}/split", json={"alias": "Ravi"}, headers=token), 400)
    assert refused["error"] == ("'Ravi' is this player's own name, which it keeps: split off a name merged into it "
                                "instead (Ravee)")
    assert client.get("/api/players").json == before and pair_names(client, event_id)[1] == "Asha & Ravi"
    assert client.post(f"/api/players/{ravi}/split", json={"alias": "Ravee"}, headers=token).json["id"] == ravee
    table = client.post(f"/api/events/{event_id}/rounds", headers=bearer(organiser)).json["tables"][0]
    log = client.get(f"/api/live/{table['game_id']}").json["log"]
    assert '[South "Ravi"]' in log or '[North "Ravi"]' in log or '[East "Ravi"]' in log or '[West "Ravi"]' in log
    assert "Ravee" not in log


def test_a_player_is_not_renamed_to_another_players_name(client, runner):
    store_text(client, named("game-standard-1.seep", FOUR))
    store_text(client, named("game-standard-2.seep", {**FOUR, "South": "Ravee"}))
    ravi, ravee, asha = player_id(client, "Ravi"), player_id(client, "Ravee"), player_id(client, "Asha")
    token = bearer(admin_token(runner))
    before = client.get("/api/players").json
    for name in ("Ravi", " ravi "):
        refused = assert_envelope(client.post(f"/api/players/{ravee}/rename", json={"name": name}, headers=token), 400)
        assert refused["error"] == (f"player {ravi} is named Ravi already: two players shown alike cannot be told "
                                    "apart (merge them if they are one)")
    assert client.post(f"/api/players/{asha}/merge", json={"into": ravi}, headers=token).status_code == 409  # met
    assert client.get("/api/players").json == before
    assert client.post(f"/api/players/{ravi}/rename", json={"name": "Ravi Kumar"}, headers=token).status_code == 200
    refused = assert_envelope(client.post(f"/api/players/{ravee}/rename", json={"name": "ravi"}, headers=token), 400)
    assert refused["error"] == (f"ravi is a name of player {ravi} already: two players shown alike cannot be told "
                                "apart (merge them if they are one)")
    own = client.post(f"/api/players/{ravi}/rename", json={"name": "RAVI"}, headers=token)
    assert own.status_code == 200  # its own name, spelt again


def test_the_origin_migration_knows_the_own_player_of_names_nothing_was_merged_into(app, client, runner):
    store_text(client, named("game-standard-1.seep", FOUR))
    store_text(client, named("game-standard-2.seep", {**FOUR, "North": "Asha K."}))
    asha, asha_k, ravi = (player_id(client, name) for name in ("Asha", "Asha K.", "Ravi"))
    token = bearer(admin_token(runner))
    client.post(f"/api/players/{asha_k}/merge", json={"into": asha}, headers=token)
    db = connect(app.config["DATABASE"])
    db.execute("alter table player_aliases drop column origin")  # as a store merged before the migration
    db.execute("delete from migrations where name = '0015_alias_origin'")
    assert migrate(db) == ["0015_alias_origin"]
    origins = dict(db.execute("select key, origin from player_aliases").fetchall())
    assert origins["ravi"] == ravi and origins["asha"] is None and origins["asha k."] is None
    split = client.post(f"/api/players/{asha}/split", json={"alias": "Asha K."}, headers=token).json
    assert split["id"] not in (asha, asha_k) and split["name"] == "Asha K."  # not known: a new player


def test_a_game_naming_a_renamed_player_by_the_new_name_is_that_players(app, client, runner):
    """Renamed Ravi Kumar, a game stored later naming Ravi Kumar made a second player shown alike (its record
    and rating split in two), which a rename to that name would have refused."""
    store_text(client, named("game-standard-1.seep", FOUR))
    ravi = player_id(client, "Ravi")
    token = bearer(admin_token(runner))
    assert client.post(f"/api/players/{ravi}/rename", json={"name": "Ravi Kumar"}, headers=token).status_code == 200
    store_text(client, named("game-standard-2.seep", {**FOUR, "South": "Ravi Kumar"}))
    assert player_id(client, "Ravi Kumar") == ravi
    assert client.get(f"/api/players/{ravi}").json["record"]["games"] == 2
    db = connect(app.config["DATABASE"])
    db.execute("delete from player_aliases where key = 'ravi kumar'")  # as a store renamed before the migration
    db.execute("delete from migrations where name = '0018_renamed_names'")
    assert migrate(db) == ["0018_renamed_names"]
    row = db.execute("select player_id, origin from player_aliases where key = 'ravi kumar'").fetchone()
    assert row == (ravi, ravi)
