"""The leaderboard: the library's ratings of the stored baazis (checked against the same ratings computed
from the example reports), recomputed after a game is deleted exactly as without it, and after a merge."""
from __future__ import annotations

import json

from seeplog.clubs.ratings import Baazi, player_ratings
from tests.web.clubs_helpers import admin_token, bearer, named, player_id
from tests.web.helpers import EXAMPLES, assert_envelope, make_app

SEATS = {"N": "North", "W": "West", "S": "South", "E": "East"}
LINEUPS = [  # game, date, North/South against West/East
    ("game-standard-1", "2026-02-01", {"North": "Asha", "South": "Ravi", "West": "Meena", "East": "Dev"}),
    ("game-standard-2", "2026-02-02", {"North": "Asha", "South": "Meena", "West": "Ravi", "East": "Dev"}),
    ("game-standard-3", "2026-02-03", {"North": "Dev", "South": "Ravi", "West": "Meena", "East": "Asha"}),
    ("game-standard-1", "2026-01-15", {"North": "asha ", "South": "Dev", "West": "Ravi", "East": "Meena"}),
]


def store(client, index: int) -> tuple[int, str]:
    name, date, names = LINEUPS[index]
    answer = client.post("/api/games", data=named(f"{name}.seep", names, date).encode(), content_type="text/plain")
    assert answer.status_code == 201
    return answer.json["id"], answer.json["manage_token"]


def expected(indexes: list[int]) -> list[tuple[str, float, float, int]]:
    """The player table from the example reports' ledgers and the lineups, by the library."""
    baazis = []
    for i in indexes:
        name, date, names = LINEUPS[i]
        report = json.loads((EXAMPLES / f"{name}.json").read_text())
        team = {t: tuple(sorted(names[SEATS[s]].strip().lower() for s in t)) for t in ("NS", "EW")}
        for position, row in enumerate(report["games"][0]["ledger"], start=1):
            if row["baazi"]:
                other = "EW" if row["baazi"] == "NS" else "NS"
                baazis.append(Baazi((date, i, 1, position), team[row["baazi"]], team[other]))
    return [(r.who[0], round(r.mu, 2), round(r.sigma, 2), r.baazis) for r in player_ratings(baazis)]


def shown(client) -> list[tuple[str, float, float, int]]:
    rows = client.get("/api/leaderboard").json["players"]
    return [(r["players"][0]["name"].lower(), r["mu"], r["sigma"], r["baazis"]) for r in rows]


def test_leaderboard_agrees_with_the_reports_and_follows_a_delete(client, tmp_path):
    ids = [store(client, i) for i in range(4)]
    assert shown(client) == expected([0, 1, 2, 3]) and len(shown(client)) == 4
    board = client.get("/api/leaderboard").json
    assert all(r["provisional"] for r in board["players"]) and board["provisional_below"] == 10
    assert {len(r["players"]) for r in board["partnerships"]} == {2}

    game_id, token = ids[1]
    assert client.delete(f"/api/games/{game_id}", headers={"X-Manage-Token": token}).status_code in (200, 204)
    after = shown(client)
    assert after == expected([0, 2, 3])
    fresh = make_app(tmp_path / "fresh.db").test_client()
    for i in (3, 0, 2):  # another upload order: the games' dates decide
        store(fresh, i)
    assert shown(fresh) == after


def test_a_merge_changes_the_ratings(client, runner):
    store(client, 0)
    client.post("/api/games", data=named("game-standard-2.seep", {"North": "Asha K", "South": "Ravi", "West": "Meena",
                                                                   "East": "Dev"}).encode(), content_type="text/plain")
    before = {r["players"][0]["name"]: r["baazis"] for r in client.get("/api/leaderboard").json["players"]}
    asha, asha_k = player_id(client, "Asha"), player_id(client, "Asha K")
    client.post(f"/api/players/{asha_k}/merge", json={"into": asha}, headers=bearer(admin_token(runner)))
    after = {r["players"][0]["name"]: r["baazis"] for r in client.get("/api/leaderboard").json["players"]}
    assert "Asha K" in before and "Asha K" not in after
    assert after["Asha"] == before["Asha"] + before["Asha K"]
    page = client.get(f"/api/players/{asha}").json
    assert page["rating"]["baazis"] == after["Asha"] == len(page["rating"]["history"]) and page["rating"]["rank"] >= 1
    assert page["rating"]["history"][-1]["rating"] == page["rating"]["ordinal"]
    html = client.get(f"/players/{asha}").get_data(as_text=True)
    assert ("Rating history" in html) == (after["Asha"] >= 2)
    html = client.get("/leaderboard").get_data(as_text=True)
    assert f'href="/players/{asha}"' in html and "provisional" in html


def test_the_leaderboard_pages(client):
    for i in range(4):
        store(client, i)
    first = client.get("/api/leaderboard").json
    assert (first["page"], first["per_page"], first["total_players"]) == (1, 100, 4) and len(first["players"]) == 4
    assert client.get("/api/leaderboard?page=2").json["players"] == []
    assert client.get("/api/leaderboard?page=0").status_code == 400
    assert client.get("/api/leaderboard?page=").json["page"] == 1  # an empty field is not set
    assert client.get("/api/leaderboard?page=1.0").json["page"] == 1  # an integer to the OpenAPI document
    assert client.get("/api/leaderboard?page=١").status_code == 400  # ASCII digits, as every API page
    too_many = assert_envelope(client.get("/api/leaderboard?per_page=1000"), 400)  # 100 a page, not a parameter
    assert [e["field"] for e in too_many["errors"]] == ["per_page"]
    assert client.get("/leaderboard?page=0").status_code == 400


def test_the_rating_history_caption_is_in_the_readers_language(client):
    store(client, 0)
    store(client, 1)
    asha = player_id(client, "Asha")
    baazis = client.get(f"/api/players/{asha}").json["rating"]["baazis"]
    english = client.get(f"/players/{asha}").get_data(as_text=True)
    assert f"Rating after each of {baazis} baazis: from " in english
    for language, history in (("hi", "रेटिंग का इतिहास"), ("pa", "ਰੇਟਿੰਗ ਦਾ ਇਤਿਹਾਸ")):
        html = client.get(f"/players/{asha}", headers={"Accept-Language": language}).get_data(as_text=True)
        assert history in html and "Rating after each of" not in html and "lowest" not in html
