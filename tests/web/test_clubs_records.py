"""A player's and a partnership's numbers agree with the JSON reports (`validate --json`) of their games,
and every scoresheet's names link to the players."""
from __future__ import annotations

import json

from tests.web.clubs_helpers import admin_token, bearer, named, player_id, store_text
from tests.web.helpers import EXAMPLES

FOUR = {"North": "Asha", "South": "Ravi", "East": "Meena", "West": "Dev"}
GAMES = ("game-standard-1", "game-standard-2", "game-standard-3")


def from_reports(seats: str, team: str) -> dict:
    """The numbers of the players at `seats` (of team `team`) over GAMES, read from the expected reports."""
    games = [g for name in GAMES for g in json.loads((EXAMPLES / f"{name}.json").read_text())["games"]]
    other = {"NS": "EW", "EW": "NS"}[team]
    deals = [d for g in games for d in g["deals"]]
    scored = [d for d in deals if d["score"] is not None]
    return {"games": len(games), "deals": len(deals),
            "baazis_won": sum(g["baazis"][team] for g in games), "baazis_lost": sum(g["baazis"][other] for g in games),
            "card_points_per_deal": round(sum(d["card_points"][team] for d in scored) / len(scored), 2),
            "score_difference": sum(d["score"][team] - d["score"][other] for d in scored),
            "sweeps": sum(1 for d in deals for s in d["sweeps"] if s["seat"] in seats),
            "broken": sum(1 for d in deals for v in d["violations"] if v.get("seat") and v["seat"] in seats)}


def test_player_and_partnership_agree_with_the_reports(client):
    for name in GAMES:
        store_text(client, named(f"{name}.seep", FOUR))
    asha, ravi = player_id(client, "Asha"), player_id(client, "Ravi")
    page = client.get(f"/api/players/{asha}").json
    want = from_reports("N", "NS")
    record = page["record"]
    assert {k: record[k] for k in want if k != "broken"} == {k: v for k, v in want.items() if k != "broken"}
    assert sum(r["count"] for r in record["rules_broken"]) == want["broken"]
    assert [p["player"]["name"] for p in record["partners"]] == ["Ravi"]
    [h2h] = record["head_to_head"]
    assert [p["name"] for p in h2h["opponents"]["players"]] == sorted(["Meena", "Dev"], key=lambda n: player_id(
        client, n))
    assert (h2h["baazis_won"], h2h["baazis_lost"]) == (want["baazis_won"], want["baazis_lost"])

    pair = client.get(f"/api/partnerships/{min(asha, ravi)}-{max(asha, ravi)}").json
    both = from_reports("NS", "NS")
    assert pair["record"]["sweeps"] == both["sweeps"]
    assert pair["record"]["baazis_won"] == both["baazis_won"] and len(pair["games"]) == len(GAMES)
    ew = from_reports("EW", "EW")
    meena = client.get(f"/api/players/{player_id(client, 'Meena')}").json["record"]
    assert (meena["baazis_won"], meena["score_difference"]) == (ew["baazis_won"], ew["score_difference"])

    html = client.get(f"/players/{asha}").get_data(as_text=True)
    assert f'href="/players/{ravi}"' in html and "Head-to-head" in html
    partnership_page = client.get(f"/partnerships/{max(asha, ravi)}-{min(asha, ravi)}")
    assert partnership_page.status_code == 301  # one address per partnership


def test_scoresheet_names_link_to_players_and_follow_a_merge(client, runner):
    game = store_text(client, named("game-standard-1.seep", FOUR))
    store_text(client, named("game-standard-2.seep", {**FOUR, "North": "Asha K."}))
    asha, asha_k, ravi = player_id(client, "Asha"), player_id(client, "Asha K."), player_id(client, "Ravi")
    sheet = client.get(f"/games/{game}").get_data(as_text=True)
    linked = '<a class="player" href="/players/{}">Asha</a> &amp; <a class="player" href="/players/{}">Ravi</a>'
    assert linked.format(asha, ravi) in sheet
    client.post(f"/api/players/{asha}/merge", json={"into": asha_k}, headers=bearer(admin_token(runner)))
    sheet = client.get(f"/games/{game}").get_data(as_text=True)
    assert f'href="/players/{asha}"' not in sheet and linked.format(asha_k, ravi) in sheet


def test_an_event_table_not_yet_played_is_no_game_played(client):
    """An event's round seats Asha and Ravi against Meena and Dev at a live table with no deal yet: their
    records count the games they played, not the table (nor a partner's or head-to-head line at 0-0)."""
    for name in GAMES:
        store_text(client, named(f"{name}.seep", FOUR))
    asha = player_id(client, "Asha")
    before = client.get(f"/api/players/{asha}").json["record"]
    made = client.post("/api/events", json={"name": "Night", "variant": "standard",
                                            "partnerships": [["Asha", "Ravi"], ["Meena", "Dev"]]}).json
    assert client.post(f"/api/events/{made['id']}/rounds", headers=bearer(made["organiser_token"])).status_code == 201
    after = client.get(f"/api/players/{asha}").json["record"]
    assert after["games"] == before["games"] == len(GAMES) and after == before
    pair = client.get(f"/api/partnerships/{min(asha, player_id(client, 'Ravi'))}-"
                      f"{max(asha, player_id(client, 'Ravi'))}").json
    assert pair["record"]["games"] == len(GAMES)
