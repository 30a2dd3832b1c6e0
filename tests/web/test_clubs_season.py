"""A season uploaded: 200 generated games by 12 players whose names are written two ways. Once the
administrator merges each pair of spellings, the player pages, head-to-head and the leaderboard agree with a
computation from the games' reports (`validate --json`) in this test; deleting one game changes the
ratings exactly as computing them without it."""
from __future__ import annotations

import random
from collections import Counter

import pytest

from seeplog.clubs.ratings import Baazi, player_ratings
from seeplog.playout import random_game
from seeplog.ruleset import VARIANTS
from tests.web.clubs_helpers import admin_token, bearer
from tests.web.live_helpers import validate_json

pytestmark = pytest.mark.slow
PLAYERS = ["Asha", "Ravi", "Meena", "Dev", "Imran", "Priya", "Omkar", "Divya", "Kiran", "Gita", "Naveen", "Chetan"]
GAMES = 200
SEAT_TAGS = {"N": "North", "W": "West", "S": "South", "E": "East"}


def spelling(name: str, rng: random.Random) -> str:
    """The name as written: as it is, in capitals with outer spaces (the same name), or with an initial
    ("Asha A."): another name, one player once the administrator merges it."""
    return rng.choice([name, f" {name.upper()} ", f"{name}  {name[0]}."])


def key(name: str) -> str:
    return " ".join(name.lower().split())


def season() -> list[tuple[str, dict[str, str]]]:
    """Each game's text and its seats' players (seat -> name as in PLAYERS)."""
    rng, out = random.Random(22), []
    for number in range(GAMES):
        four = rng.sample(PLAYERS, 4)
        seats = dict(zip("NSWE", four))
        tags = {SEAT_TAGS[s]: spelling(n, rng) for s, n in seats.items()}
        tags["Date"] = f"2026-{1 + number // 28:02d}-{1 + number % 28:02d}"
        out.append((random_game(VARIANTS["thirty"], 2, rng, tags=tags), seats))
    return out


@pytest.fixture(scope="module")
def games():
    return [(text, seats, validate_json(text)["games"][0]) for text, seats in season()]


def expected_players(games) -> dict[str, dict]:
    """Each player's games, deals, baazis won and lost, sweeps, and head-to-head, from the reports."""
    out = {p: Counter() for p in PLAYERS}
    h2h: dict[str, Counter] = {p: Counter() for p in PLAYERS}
    for _, seats, g in games:
        for seat, name in seats.items():
            team = "NS" if seat in "NS" else "EW"
            other = "EW" if team == "NS" else "NS"
            them = tuple(sorted(seats[s] for s in seats if (s in "NS") != (seat in "NS")))
            line = out[name]
            line["games"] += 1
            line["deals"] += len(g["deals"])
            line["won"] += g["baazis"][team]
            line["lost"] += g["baazis"][other]
            line["sweeps"] += sum(1 for d in g["deals"] for sw in d["sweeps"] if sw["seat"] == seat)
            h2h[name][them + ("won",)] += g["baazis"][team]
            h2h[name][them + ("lost",)] += g["baazis"][other]
    return {p: {**out[p], "h2h": h2h[p]} for p in PLAYERS}


def expected_ratings(games, skip: int | None = None) -> list[tuple[str, float, float, int]]:
    baazis = []
    for index, (_, seats, g) in enumerate(games):
        if index == skip:
            continue
        teams = {"NS": tuple(sorted((seats["N"], seats["S"]))), "EW": tuple(sorted((seats["E"], seats["W"])))}
        for position, row in enumerate(g["ledger"], start=1):
            if row["baazi"]:
                loser = "EW" if row["baazi"] == "NS" else "NS"
                baazis.append(Baazi((g["tags"]["Date"], index, 1, position), teams[row["baazi"]], teams[loser]))
    return [(r.who[0], round(r.mu, 2), round(r.sigma, 2), r.baazis) for r in player_ratings(baazis)]


def test_a_season_after_the_merges(client, runner, games):
    stored = []
    for text, _, _ in games:
        answer = client.post("/api/games", data=text.encode(), content_type="text/plain")
        assert answer.status_code == 201
        stored.append((answer.json["id"], answer.json["manage_token"]))
    listed = {key(p["name"]): p["id"] for p in client.get("/api/players").json["players"]}
    assert set(listed) == {key(n) for n in PLAYERS} | {key(f"{n} {n[0]}.") for n in PLAYERS}
    token = admin_token(runner)
    for name in PLAYERS:
        merged = client.post(f"/api/players/{listed[key(f'{name} {name[0]}.')]}/merge",
                             json={"into": listed[key(name)]}, headers=bearer(token))
        assert merged.status_code == 200
        client.post(f"/api/players/{listed[key(name)]}/rename", json={"name": name}, headers=bearer(token))
    ids = {p["name"]: p["id"] for p in client.get("/api/players").json["players"]}
    assert set(ids) == set(PLAYERS)

    want = expected_players(games)
    for name in PLAYERS:
        page = client.get(f"/api/players/{ids[name]}").json
        record, line = page["record"], want[name]
        assert (record["games"], record["deals"], record["baazis_won"], record["baazis_lost"], record["sweeps"]) \
            == (line["games"], line["deals"], line["won"], line["lost"], line["sweeps"])
        shown = Counter()
        for row in record["head_to_head"]:
            them = tuple(sorted(p["name"] for p in row["opponents"]["players"]))
            shown[them + ("won",)] += row["baazis_won"]
            shown[them + ("lost",)] += row["baazis_lost"]
        assert +shown == +line["h2h"]

    def board():
        return [(r["players"][0]["name"], r["mu"], r["sigma"], r["baazis"])
                for r in client.get("/api/leaderboard").json["players"]]
    assert board() == expected_ratings(games)
    assert any(not r["provisional"] for r in client.get("/api/leaderboard").json["players"])

    game_id, manage = stored[57]
    assert client.delete(f"/api/games/{game_id}", headers={"X-Manage-Token": manage}).status_code in (200, 204)
    assert board() == expected_ratings(games, skip=57) != expected_ratings(games)
