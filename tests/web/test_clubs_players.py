"""Players: made by the names the seat tags give, one per name whatever its case or spacing; an
administrator merges, renames and splits them, and every page follows; bad input changes nothing."""
from __future__ import annotations

import json
import re

import pytest

from seeplog.web.db import connect, migrate
from tests.web.clubs_helpers import admin_token, bearer, named, player_id, store_text
from tests.web.helpers import EXAMPLES, assert_envelope, make_app

FOUR = {"North": "Asha", "South": "Ravi", "East": "Meena", "West": "Dev"}


def test_a_name_seen_first_makes_a_player_and_case_or_spacing_match(client):
    store_text(client, named("game-standard-1.seep", FOUR))
    store_text(client, named("game-standard-2.seep", {**FOUR, "North": "  ASHA ", "West": "Dev  K"}))
    names = {p["name"]: p["games"] for p in client.get("/api/players").json["players"]}
    assert names == {"Asha": 2, "Ravi": 2, "Meena": 2, "Dev": 1, "Dev K": 1}
    asha = client.get(f"/api/players/{player_id(client, 'Asha')}").json
    assert [a["name"] for a in asha["aliases"]] == ["Asha"]
    assert len(asha["games"]) == 2


def test_the_players_list_counts_the_games_played_as_each_players_record_does(client):
    """An event's table not yet played is no game played: the list said "1 game" of a player whose page's record
    said 0 (and after more rounds were made, 4 against 2)."""
    store_text(client, named("game-standard-1.seep", FOUR))
    made = client.post("/api/events", json={"name": "Cup", "variant": "standard",
                                            "partnerships": [["Asha", "Ravi"], ["Meena", "Dev"]]}).json
    assert client.post(f"/api/events/{made['id']}/rounds", headers=bearer(made["organiser_token"])).status_code == 201
    listed = {p["name"]: p for p in client.get("/api/players").json["players"]}
    for name in FOUR.values():
        player = client.get(f"/api/players/{listed[name]['id']}").json
        assert listed[name]["games"] == player["record"]["games"] == 1, name
        assert player["counts"]["games"] == 2  # its page lists the table waiting to be played, and says so
        assert sorted(line["deals"] for line in player["games"]) == [0, 3]
        page = client.get(f"/players/{listed[name]['id']}").get_data(as_text=True)
        games = page[page.index('<ul class="club-games">'):]
        assert games[:games.index("</ul>")].count("no deals") == 1
    page = client.get("/players").get_data(as_text=True)
    assert "2 games" not in page and page.count("1 game") == 4


def test_invisible_characters_make_no_other_player_but_joiners_inside_a_word_do(client):
    """A zero-width space, word joiner, byte order mark or direction mark in a name is no other name; ZWNJ and
    ZWJ inside a word choose how Devanagari and Gurmukhi letters join, so they make another name."""
    store_text(client, named("game-standard-1.seep", {**FOUR, "North": "Asha", "West": "क्ष"}))
    store_text(client, named("game-standard-2.seep", {**FOUR, "North": "\ufeffAsha\u200b", "South": "Ra\u2060vi",
                                                      "East": "\u200dMeena\u200c \u200e", "West": "क्\u200dष"}))
    store_text(client, named("game-standard-1.seep", {**FOUR, "West": "ਸ\u200cਿੰਘ"}))
    names = {p["name"]: p["games"] for p in client.get("/api/players").json["players"]}
    assert names == {"Asha": 3, "Ravi": 3, "Meena": 3, "क्ष": 1, "क्\u200dष": 1, "ਸ\u200cਿੰਘ": 1}


@pytest.mark.parametrize("query", ["page=0", "page=abc", "page=2", "per_page=10"])
def test_the_players_list_refuses_a_page_it_does_not_have(client, query):
    """Every player is on the one list: a page asked for is refused by name, not answered as the whole list."""
    store_text(client, named("game-standard-1.seep", FOUR))
    body = assert_envelope(client.get("/api/players?" + query), 400)
    assert [e["field"] for e in body["errors"]] == [query.split("=")[0]]
    assert client.get("/api/players?page=").status_code == 200  # an empty field is not set


@pytest.mark.parametrize("path", ["/players/{asha}", "/leaderboard"])
def test_a_clubs_page_reads_its_page_as_the_api_does(client, path):
    """A page that is not a whole number from 1 is refused 400 whatever it is (not read as page 1), as the API
    and the games list refuse it; an empty one is not given, and 2.0 is page 2."""
    store_text(client, named("game-standard-1.seep", FOUR))
    url = path.format(asha=player_id(client, "Asha"))
    for bad in ("abc", "-1", "0", "1.5", "١", "9999999999"):
        response = client.get(f"{url}?page={bad}")
        assert response.status_code == 400, bad
        assert "page= is a whole number from 1" in response.get_data(as_text=True)
    def shown(query: str) -> str:  # the page, less the links that repeat its address (the language chooser's)
        response = client.get(url + query)  # and the forms' CSRF token (timed to the second)
        assert response.status_code == 200
        return re.sub(r'[?&]page=[^"&]*|name="csrf_token" type="hidden" value="[^"]*"', "",
                      response.get_data(as_text=True))

    assert shown("?page=") == shown("?page=1.0") == shown("")
    assert shown("?page=2.0") == shown("?page=2") != shown("")


def test_seats_without_a_name_make_no_player(client):
    text = named("game-two-player-1.seep", {"North": "Asha"})
    text = "\n".join(line for line in text.splitlines() if not line.startswith("[South "))
    store_text(client, text)
    assert [p["name"] for p in client.get("/api/players").json["players"]] == ["Asha"]


def test_merge_rename_split_follow_everywhere(client, runner):
    store_text(client, named("game-standard-1.seep", FOUR))
    store_text(client, named("game-standard-2.seep", {**FOUR, "North": "Asha K."}))
    token = admin_token(runner)
    asha, asha_k = player_id(client, "Asha"), player_id(client, "Asha K.")
    games_each = [len(client.get(f"/api/players/{p}").json["games"]) for p in (asha, asha_k)]
    assert games_each == [1, 1]

    merged = client.post(f"/api/players/{asha_k}/merge", json={"into": asha}, headers=bearer(token))
    assert merged.status_code == 200 and merged.json["id"] == asha
    assert len(merged.json["games"]) == 2 and merged.json["record"]["games"] == 2
    assert client.get(f"/players/{asha_k}").status_code == 301  # the old page leads to the merged player
    assert "Asha K." not in [p["name"] for p in client.get("/api/players").json["players"]]
    partner_ids = {p["player"]["id"] for p in merged.json["record"]["partners"]}
    assert partner_ids == {player_id(client, "Ravi")}

    renamed = client.post(f"/api/players/{asha}/rename", json={"name": "Asha Kapoor"}, headers=bearer(token))
    assert renamed.status_code == 200 and renamed.json["name"] == "Asha Kapoor"
    ravi = client.get(f"/api/players/{player_id(client, 'Ravi')}").json
    assert ravi["record"]["partners"][0]["player"]["name"] == "Asha Kapoor"

    split = client.post(f"/api/players/{asha}/split", json={"alias": "asha  k."}, headers=bearer(token))
    assert split.status_code == 200 and split.json["name"] == "Asha K." and len(split.json["games"]) == 1
    assert len(client.get(f"/api/players/{asha}").json["games"]) == 1


def test_bad_changes_are_refused_and_change_nothing(client, runner):
    store_text(client, named("game-standard-1.seep", FOUR))
    token = admin_token(runner)
    asha = player_id(client, "Asha")
    before = client.get("/api/players").json
    body = assert_envelope(client.post(f"/api/players/{asha}/merge", json={"into": asha}, headers=bearer(token)), 400)
    assert "itself" in body["error"]
    assert_envelope(client.post(f"/api/players/{asha}/merge", json={"into": 999}, headers=bearer(token)), 404)
    assert_envelope(client.post("/api/players/999/rename", json={"name": "X"}, headers=bearer(token)), 404)
    assert_envelope(client.post(f"/api/players/{asha}/merge", json={"into": 2}), 401)
    assert_envelope(client.post(f"/api/players/{asha}/merge", json={"into": 2}, headers=bearer("nope")), 403)
    assert_envelope(client.post(f"/api/players/{asha}/split", json={"alias": "Asha"}, headers=bearer(token)), 400)
    assert_envelope(client.post(f"/api/players/{asha}/split", json={"alias": "Ravi"}, headers=bearer(token)), 400)
    assert_envelope(client.post(f"/api/players/{asha}/rename", json={"name": " "}, headers=bearer(token)), 400)
    assert_envelope(client.get("/api/players/999"), 404)
    assert client.get("/players/999").status_code == 404
    assert client.get("/partnerships/abc").status_code == 404
    assert client.get("/api/players").json == before


def test_admin_forms_on_the_player_page(client, runner):
    store_text(client, named("game-standard-1.seep", FOUR))
    store_text(client, named("game-standard-2.seep", {**FOUR, "North": "Asha K."}))
    token = admin_token(runner)
    asha, asha_k, ravi = player_id(client, "Asha"), player_id(client, "Asha K."), player_id(client, "Ravi")
    page = client.get(f"/players/{asha}").get_data(as_text=True)
    csrf = page.split('name="csrf_token" type="hidden" value="')[1].split('"')[0]
    refused = client.post(f"/players/{asha}/merge", data={"csrf_token": csrf, "into": asha, "token": token})
    assert refused.status_code == 400 and "itself" in refused.get_data(as_text=True)
    wrong = client.post(f"/players/{asha}/rename", data={"csrf_token": csrf, "name": "A", "token": "x"})
    assert wrong.status_code == 403
    partners = client.post(f"/players/{ravi}/merge", data={"csrf_token": csrf, "into": asha, "token": token})
    assert partners.status_code == 409 and "both sat in game" in partners.get_data(as_text=True)
    done = client.post(f"/players/{asha_k}/merge", data={"csrf_token": csrf, "into": asha, "token": token})
    assert done.status_code == 303 and done.headers["Location"].endswith(f"/players/{asha}")
    assert [a["name"] for a in client.get(f"/api/players/{asha}").json["aliases"]] == ["Asha", "Asha K."]


def test_the_merge_form_refuses_a_player_number_beyond_the_store(client, runner):
    store_text(client, named("game-standard-1.seep", FOUR))
    token = admin_token(runner)
    asha = player_id(client, "Asha")
    page = client.get(f"/players/{asha}").get_data(as_text=True)
    csrf = page.split('name="csrf_token" type="hidden" value="')[1].split('"')[0]
    before = client.get("/api/players").json
    for into in (2 ** 63, 2 ** 62 + 1, -1, "9" * 5000):
        refused = client.post(f"/players/{asha}/merge", data={"csrf_token": csrf, "into": into, "token": token})
        assert refused.status_code == 400, into
        assert "as in the address of their page" in refused.get_data(as_text=True) or into == "9" * 5000
    unknown = client.post(f"/players/{asha}/merge", data={"csrf_token": csrf, "into": 2 ** 62, "token": token})
    assert unknown.status_code == 404
    assert client.get("/api/players").json == before


NOT_ONE_LINE = ["a\nb", "Asha\n", "\u0000", "a\x01b", "a\tb", "a\x7fb", "a\u0085b", "a\u2028b", "a\u2029b"]
"""Names holding a control character (Unicode's Cc) or a line or paragraph separator."""


@pytest.mark.parametrize("name", NOT_ONE_LINE)
def test_a_players_name_with_a_control_character_is_refused(client, runner, name):
    store_text(client, named("game-standard-1.seep", FOUR))
    token = admin_token(runner)
    asha = player_id(client, "Asha")
    body = assert_envelope(client.post(f"/api/players/{asha}/rename", json={"name": name}, headers=bearer(token)), 400)
    assert [e["field"] for e in body["errors"]] == ["name"] and "one line" in body["errors"][0]["message"]
    page = client.get(f"/players/{asha}").get_data(as_text=True)
    csrf = page.split('name="csrf_token" type="hidden" value="')[1].split('"')[0]
    refused = client.post(f"/players/{asha}/rename", data={"csrf_token": csrf, "name": name, "token": token})
    assert refused.status_code == 400 and "one line" in refused.get_data(as_text=True)
    assert client.get(f"/api/players/{asha}").json["name"] == "Asha"


def test_a_players_name_keeps_the_joiners_of_its_script(client, runner):
    store_text(client, named("game-standard-1.seep", FOUR))
    asha, name = player_id(client, "Asha"), "\u0906\u0936\u093e \u0915\u094d\u200d\u0937"  # a ZWJ (Cf) kept
    renamed = client.post(f"/api/players/{asha}/rename", json={"name": name}, headers=bearer(admin_token(runner)))
    assert renamed.status_code == 200 and renamed.json["name"] == name


def test_admin_token_is_kept_only_as_a_hash(app, runner):
    token = admin_token(runner)
    db = connect(app.config["DATABASE"])
    stored = [r["token_hash"] for r in db.query("select token_hash from admin_tokens")]
    assert len(stored) == 1 and token not in stored[0] and len(stored[0]) == 64


def test_migration_makes_players_of_games_already_stored(tmp_path):
    """A store of the earlier schema with games in it: the migration gives their names players, their
    seats teams and name keys, and their sweeps from the stored reports."""
    path = tmp_path / "old.db"
    app = make_app(path)
    client = app.test_client()
    store_text(client, named("game-standard-1.seep", {**FOUR, "South": " asha"}))
    db = connect(str(path))
    for table in ("player_aliases", "club_players", "admin_tokens", "sweeps", "clubs_version"):
        db.execute(f"drop table {table}")
    for trigger in ("ledger_clubs_insert", "ledger_clubs_delete", "aliases_clubs_update", "games_clubs_date"):
        db.execute(f"drop trigger if exists {trigger}")
    db.execute("drop index players_name_key")
    db.execute("alter table players drop column name_key")
    db.execute("alter table players drop column team")
    db.execute("delete from migrations where name = '0005_players'")
    assert migrate(db) == ["0005_players"]
    assert [r["name"] for r in db.query("select name from club_players order by id")] == ["Asha", "Dev", "Meena"]
    report = json.loads((EXAMPLES / "game-standard-1.json").read_text())
    sweeps = sum(len(d["sweeps"]) for g in report["games"] for d in g["deals"])
    assert db.execute("select count(*) from sweeps").fetchone()[0] == sweeps > 0
    assert {r["team"] for r in db.query("select team from players")} == {"NS", "EW"}
