"""A season uploaded: 200 generated games by 12 players whose names are written two ways. Once the
administrator merges each pair of spellings, the player pages (games, deals, baazis, card points per deal,
sweeps, partners), head-to-head (baazis won and lost, score difference), the partnership pages and both
leaderboards agree with a computation from the games' reports (`validate --json`) in this test, the ratings
by openskill's Plackett-Luce model driven here baazi by baazi; deleting one game changes the ratings and
the pages exactly as computing them without it."""
from __future__ import annotations

import random
from collections import Counter

import pytest

from openskill.models import PlackettLuce

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


def sides(games, skip: int | None = None):
    """Each team of each game: (its players, the opponents, the game's report, its team, the other team, the
    game's seats)."""
    for index, (_, seats, g) in enumerate(games):
        if index == skip:
            continue
        teams = {"NS": tuple(sorted((seats["N"], seats["S"]))), "EW": tuple(sorted((seats["E"], seats["W"])))}
        for team, other in (("NS", "EW"), ("EW", "NS")):
            yield teams[team], teams[other], g, team, other, seats


def add(line: Counter, g: dict, team: str, other: str) -> None:
    scored = [d for d in g["deals"] if d["score"] is not None]
    line["games"] += 1
    line["deals"] += len(g["deals"])
    line["won"] += g["baazis"][team]
    line["lost"] += g["baazis"][other]
    line["scored"] += len(scored)
    line["card_points"] += sum(d["card_points"][team] for d in scored)
    line["score_difference"] += sum(d["score"][team] - d["score"][other] for d in scored)


def expected_players(games, skip: int | None = None) -> dict[str, dict]:
    """Each player's line, sweeps, partners' lines and head-to-head lines, from the reports."""
    out = {p: {"line": Counter(), "sweeps": 0, "partners": {}, "h2h": {}} for p in PLAYERS}
    for players, them, g, team, other, seats in sides(games, skip):
        for name in players:
            mine = out[name]
            add(mine["line"], g, team, other)
            add(mine["h2h"].setdefault(them, Counter()), g, team, other)
            partner = next(p for p in players if p != name)
            add(mine["partners"].setdefault(partner, Counter()), g, team, other)
            seat = next(s for s, n in seats.items() if n == name)
            mine["sweeps"] += sum(1 for d in g["deals"] for sw in d["sweeps"] if sw["seat"] == seat)
    return out


def expected_partnerships(games) -> dict[tuple[str, ...], dict]:
    out: dict[tuple[str, ...], dict] = {}
    for players, them, g, team, other, _ in sides(games):
        mine = out.setdefault(players, {"line": Counter(), "h2h": {}})
        add(mine["line"], g, team, other)
        add(mine["h2h"].setdefault(them, Counter()), g, team, other)
    return out


def shown_line(line: dict) -> tuple:
    return (line["games"], line["deals"], line["baazis_won"], line["baazis_lost"], line["card_points_per_deal"],
            line["score_difference"])


def want_line(line: Counter) -> tuple:
    per_deal = round(line["card_points"] / line["scored"], 2) if line["scored"] else None
    return (line["games"], line["deals"], line["won"], line["lost"], per_deal, line["score_difference"])


def expected_ratings(games, skip: int | None = None, partnerships: bool = False) -> list[tuple]:
    """Each player's (or partnership's) rating by openskill's Plackett-Luce model, every baazi in the order of
    play (date, then game) a match the winning team ranks first in: (who, mu, sigma, baazis), best first by
    mu - 3 sigma."""
    model, current, count = PlackettLuce(), {}, Counter()
    for index, (_, seats, g) in enumerate(games):
        if index == skip:
            continue
        teams = {"NS": tuple(sorted((seats["N"], seats["S"]))), "EW": tuple(sorted((seats["E"], seats["W"])))}
        for row in g["ledger"]:
            if not row["baazi"]:
                continue
            sides_ = [teams[row["baazi"]], teams["EW" if row["baazi"] == "NS" else "NS"]]
            entities = [[side] if partnerships else [(p,) for p in side] for side in sides_]
            rated = model.rate([[current.setdefault(e, model.rating()) for e in side] for side in entities],
                               ranks=[1, 2])
            for side, ratings in zip(entities, rated):
                for who, rating in zip(side, ratings):
                    current[who], count[who] = rating, count[who] + 1
    table = sorted(current.items(), key=lambda i: (-(i[1].mu - 3 * i[1].sigma), -i[1].mu, str(i[0])))
    return [(who if partnerships else who[0], round(r.mu, 2), round(r.sigma, 2), count[who]) for who, r in table]


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

    check_players(client, ids, expected_players(games))
    check_partnerships(client, ids, expected_partnerships(games))

    def board(kind: str = "players"):
        rows = client.get("/api/leaderboard").json[kind]
        return [(r["players"][0]["name"] if kind == "players" else tuple(sorted(p["name"] for p in r["players"])),
                 r["mu"], r["sigma"], r["baazis"]) for r in rows]
    assert board() == expected_ratings(games)
    assert sorted(board("partnerships")) == sorted(expected_ratings(games, partnerships=True))
    ordinals = [r["ordinal"] for r in client.get("/api/leaderboard").json["partnerships"]]
    assert ordinals == sorted(ordinals, reverse=True)  # equal ratings (one baazi each) rank by player number
    assert any(not r["provisional"] for r in client.get("/api/leaderboard").json["players"])

    game_id, manage = stored[57]
    assert client.delete(f"/api/games/{game_id}", headers={"X-Manage-Token": manage}).status_code in (200, 204)
    assert board() == expected_ratings(games, skip=57) != expected_ratings(games)
    assert sorted(board("partnerships")) == sorted(expected_ratings(games, skip=57, partnerships=True))
    check_players(client, ids, expected_players(games, skip=57))


def check_players(client, ids: dict[str, int], want: dict[str, dict]) -> None:
    for name in PLAYERS:
        record, mine = client.get(f"/api/players/{ids[name]}").json["record"], want[name]
        assert shown_line(record) == want_line(mine["line"]) and record["sweeps"] == mine["sweeps"], name
        partners = {row["player"]["name"]: shown_line(row) for row in record["partners"]}
        assert partners == {p: want_line(line) for p, line in mine["partners"].items()}, name
        h2h = {tuple(sorted(p["name"] for p in row["opponents"]["players"])): shown_line(row)
               for row in record["head_to_head"]}
        assert h2h == {them: want_line(line) for them, line in mine["h2h"].items()}, name


def check_partnerships(client, ids: dict[str, int], want: dict[tuple[str, ...], dict]) -> None:
    assert len(want) > 30
    for players, mine in want.items():
        slug = "-".join(str(i) for i in sorted(ids[p] for p in players))
        record = client.get(f"/api/partnerships/{slug}").json["record"]
        assert shown_line(record) == want_line(mine["line"]), players
        h2h = {tuple(sorted(p["name"] for p in row["opponents"]["players"])): shown_line(row)
               for row in record["head_to_head"]}
        assert h2h == {them: want_line(line) for them, line in mine["h2h"].items()}, players
