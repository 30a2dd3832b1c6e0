"""A table of an event keeps the game the event set up: no entry, correction or retag starts a second game in
its log or changes its variant, a player's name, the event, its date or the round, which the event's standings
and pages read as the event set them. (Any other live game may hold several games, as a log may.)"""
from __future__ import annotations

from seeplog.web.db import connect, migrate
from tests.web.helpers import assert_envelope
from tests.web.live_helpers import Keeper

SECOND_GAME = "this game is a table of an event, one game: a tag line after a deal would start another"


def refused_unchanged(keeper: Keeper, response, said: str) -> None:
    before = keeper.doc()
    assert assert_envelope(response, 422)["error"] == said
    assert keeper.doc() == before


def event_table(client) -> tuple[Keeper, str]:
    made = client.post("/api/events", json={"name": "Club night", "variant": "standard", "date": "2026-11-25",
                                            "partnerships": [["Asha", "Ravi"], ["Meena", "Dev"]]}).json
    organiser = made["organiser_token"]
    table = client.post(f"/api/events/{made['id']}/rounds", headers={"Authorization": f"Bearer {organiser}"}
                        ).json["tables"][0]
    keeper = Keeper.__new__(Keeper)
    keeper.client, keeper.id, keeper.token = client, table["game_id"], table["edit_token"]
    keeper.version = keeper.doc()["version"]
    return keeper, f"/api/events/{made['id']}"


def test_an_event_tables_tags_stay_as_the_event_set_them(client):
    keeper, event = event_table(client)
    entries = {e["line"]: e["number"] for e in keeper.doc()["entries"]}
    north = next(line for line in entries if line.startswith("[North ")).split('"')[1]
    refused_unchanged(keeper, keeper.add('[Variant "thirty"]', replace=entries['[Variant "standard"]']),
                      "this game is a table of an event: its Variant tag stays as the event set it (standard)")
    refused_unchanged(keeper, keeper.send(delete=entries['[Date "2026-11-25"]']),
                      "this game is a table of an event: its Date tag stays as the event set it (2026-11-25)")
    refused_unchanged(keeper, keeper.send("/tags", tags={"North": "Imran"}),
                      f"this game is a table of an event: its North tag stays as the event set it ({north})")
    assert keeper.send("/tags", tags={"Scorer": "Kiran"}).status_code == 201  # the event did not set it
    assert keeper.send("/tags", tags={"Scorer": "Kiran S"}).status_code == 201
    keeper.add_all(["deal 1 dealer N", "bid W 13", "floor Kc 9d 5d 4h", "W Ks x Kc"])
    refused_unchanged(keeper, keeper.add('[Round "2"]'), SECOND_GAME)
    refused_unchanged(keeper, keeper.add("deal 1 dealer N", replace=1), SECOND_GAME)  # the tags would follow it
    assert keeper.add("W Kh x Kc", replace=len(keeper.doc()["entries"])).status_code == 201  # plays are corrected
    assert client.get(f"{event}/standings").status_code == 200
    assert client.get(f"/api/live/{keeper.id}").json["variant"] == "standard"


def test_a_tag_the_event_did_not_set_is_not_added_to_its_table(client):
    """Once added it could never be taken away (the table's tags stay), and MaxHouses or Rotation would change
    the table's rules."""
    keeper, event = event_table(client)
    for line in ('[MaxHouses "1"]', '[Rotation "team"]', '[Foo "bar"]'):
        refused_unchanged(keeper, keeper.add(line, insert_before=1),
                          f"this game is a table of an event: its tags are the ones the event set, and a "
                          f"{line[1:].split()[0]} tag cannot be added (a Scorer tag can)")
    refused_unchanged(keeper, keeper.send("/tags", tags={"Site": "Hall"}),
                      "this game is a table of an event: its tags are the ones the event set, and a Site tag "
                      "cannot be added (a Scorer tag can)")
    assert keeper.add('[Scorer "Kiran"]', insert_before=1).status_code == 201
    scorer = next(e["number"] for e in keeper.doc()["entries"] if e["line"] == '[Scorer "Kiran"]')
    assert keeper.send(delete=scorer).status_code == 201  # and taken away again
    assert client.get(f"{event}/standings").status_code == 200


def test_the_migration_marks_the_event_tables_kept_live(app, client):
    keeper, _ = event_table(client)
    alone = Keeper(client)
    db = connect(app.config["DATABASE"])
    db.execute("alter table live_games drop column tags_fixed")  # as a store before the migration
    db.execute("delete from migrations where name = '0016_live_tags_fixed'")
    assert migrate(db) == ["0016_live_tags_fixed"]
    fixed = dict(db.execute("select game_id, tags_fixed from live_games").fetchall())
    assert fixed == {keeper.id: 1, alone.id: 0}
    refused_unchanged(keeper, keeper.send("/tags", tags={"Event": "Another night"}),
                      "this game is a table of an event: its Event tag stays as the event set it (Club night)")
