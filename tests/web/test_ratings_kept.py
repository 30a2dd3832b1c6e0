"""The kept ratings (seeplog/web/clubs/ratings_store.py) are always the tables that rating every stored baazi
from scratch gives: after games stored at the end of the order and before it, a correction, a delete, a merge
and a split; whether the work was done by the write itself or off the request path, and when games were stored
while that work ran."""
from __future__ import annotations

import random
import re

import pytest

from seeplog.clubs.ratings import Baazi, rate_steps, slug
from seeplog.fingerprint import library_fingerprint
from seeplog.playout import random_game
from seeplog.ruleset import VARIANTS
from seeplog.web.clubs import ratings_store
from tests.web import clubs_sides
from seeplog.web.clubs.ratings_store import (bring_up_to_date, claim, derive_baazis, kept_before, land, plan,
                                             recompute_all, state, team_of)
from seeplog.web.db import connect, writing
from tests.web.clubs_helpers import admin_token, bearer, player_id
from tests.web.helpers import make_app
from tests.web.live_helpers import validate_json

PLAYERS = ["Asha", "Ravi", "Meena", "Dev", "Imran", "Priya"]


def game(rng: random.Random, date: str, players: list[str] = PLAYERS) -> str:
    """A generated game of four of `players` on `date` that wins at least one baazi."""
    while True:
        four = rng.sample(players, 4)
        tags = {"North": four[0], "West": four[1], "South": four[2], "East": four[3], "Date": date}
        text = random_game(VARIANTS["thirty"], 3, rng, tags=tags)
        if any(validate_json(text)["games"][0]["baazis"].values()):
            return text


def from_scratch(db) -> tuple[set, set]:
    """The ratings and history rows that rating every stored baazi from nothing gives (the library alone)."""
    baazis = [Baazi(order, team_of(won), team_of(lost)) for order, (won, lost) in derive_baazis(db, None).items()]
    steps = rate_steps(baazis)
    history = {(s.kind, slug(r.who), *s.order, r.mu, r.sigma, r.baazis, r.won) for s in steps for r in [s.rating]}
    last = {(s.kind, slug(s.rating.who)): s.rating for s in steps}
    ratings = {(k, w, r.mu, r.sigma, r.mu - 3 * r.sigma, r.baazis, r.won) for (k, w), r in last.items()}
    return ratings, history


def kept(db) -> tuple[set, set]:
    return ({tuple(r) for r in db.execute("select * from ratings").fetchall()},
            {tuple(r) for r in db.execute("select * from rating_history").fetchall()})


@pytest.fixture
def db(app):
    store = connect(app.config["DATABASE"])
    yield store
    store.close()


def store(client, text: str) -> tuple[int, str]:
    answer = client.post("/api/games", data=text.encode(), content_type="text/plain")
    assert answer.status_code == 201, answer.json
    return answer.json["id"], answer.json["manage_token"]


def rated(db) -> int:
    return int(db.execute("select count(*) from rating_baazis").fetchone()[0])


def test_every_change_leaves_the_tables_rating_from_scratch_gives(client, runner, db):
    rng = random.Random(7)
    stored = [store(client, game(rng, f"2026-03-{day:02d}")) for day in range(1, 13)]  # in order: incremental
    assert rated(db) > 10 and kept(db) == from_scratch(db)
    stored.append(store(client, game(rng, "2026-03-05")))  # earlier in the order: rated again from it
    assert kept(db) == from_scratch(db)
    game_id, token = stored[3]
    corrected = client.put(f"/api/games/{game_id}", data=game(rng, "2026-02-01").encode(),
                           content_type="text/plain", headers={"X-Manage-Token": token})
    assert corrected.status_code == 200 and kept(db) == from_scratch(db)
    before = kept(db)
    game_id, token = stored[6]
    assert client.delete(f"/api/games/{game_id}", headers={"X-Manage-Token": token}).status_code in (200, 204)
    assert kept(db) == from_scratch(db) != before

    others = [p for p in PLAYERS if p != "Asha"] + ["Asha K."]  # a name of Asha's, never at her games
    for day in ("2026-03-03", "2026-03-08"):
        store(client, game(rng, day, others))
    admin = admin_token(runner)
    asha, asha_k = player_id(client, "Asha"), player_id(client, "Asha K.")
    assert client.post(f"/api/players/{asha_k}/merge", json={"into": asha}, headers=bearer(admin)).status_code == 200
    assert kept(db) == from_scratch(db)
    assert not db.execute("select 1 from ratings where kind = 'player' and who = ?", [str(asha_k)]).fetchone()
    split = client.post(f"/api/players/{asha}/split", json={"alias": "Asha K."}, headers=bearer(admin))
    assert split.status_code == 200 and kept(db) == from_scratch(db)
    assert db.execute("select 1 from ratings where kind = 'player' and who = ?", [str(split.json["id"])]).fetchone()
    assert state(db).stale_from is None


def test_a_long_recompute_runs_off_the_request_path_and_the_pages_say_so(client, db, monkeypatch):
    rng = random.Random(8)
    for day in range(1, 9):
        store(client, game(rng, f"2026-04-{day:02d}"))
    monkeypatch.setattr(ratings_store, "INLINE_LIMIT", 0)
    monkeypatch.setattr(ratings_store, "ask_off_request", lambda db: None)  # run below, by the test
    store(client, game(rng, "2026-04-02"))
    assert state(db).stale_from is not None and kept(db) != from_scratch(db)
    page = client.get(f"/players/{player_id(client, 'Asha')}").get_data(as_text=True)
    assert "The ratings are being brought up to date from the games of Apr 2, 2026" in page
    assert "being brought up to date" in client.get("/leaderboard").get_data(as_text=True)
    assert client.get("/api/leaderboard").json["updating_from"] == "2026-04-02"

    point = claim(db)
    steps = plan(db, point)
    store(client, game(rng, "2026-04-06"))  # stored while the work runs: noted, rated after it
    assert state(db).moved_from is not None
    monkeypatch.setattr(ratings_store, "INLINE_LIMIT", 400)
    assert land(db, point, steps) is None
    assert kept(db) == from_scratch(db) and state(db).stale_from is None
    assert "being brought up to date" not in client.get("/leaderboard").get_data(as_text=True)
    assert client.get("/api/leaderboard").json["updating_from"] is None


def test_work_that_moved_too_far_goes_another_round(client, db, monkeypatch):
    rng = random.Random(9)
    for day in range(1, 7):
        store(client, game(rng, f"2026-05-{day:02d}"))
    monkeypatch.setattr(ratings_store, "INLINE_LIMIT", 0)
    monkeypatch.setattr(ratings_store, "ask_off_request", lambda db: None)
    store(client, game(rng, "2026-05-03"))
    point = claim(db)
    steps = plan(db, point)
    store(client, game(rng, "2026-05-02"))  # before the point the work started from
    again = land(db, point, steps)
    assert again is not None and again <= point and state(db).stale_from == again
    bring_up_to_date(db)
    assert kept(db) == from_scratch(db) and state(db).stale_from is None


def test_recomputing_all_gives_the_same_tables(client, db):
    rng = random.Random(10)
    for day in (9, 3, 7, 1, 5):
        store(client, game(rng, f"2026-06-{day:02d}"))
    before = kept(db)
    recompute_all(db)
    assert kept(db) == before == from_scratch(db)
    with writing(db):  # a date changed by hand: its games are noted and rated again
        db.execute("update game_tags set value = '2026-01-01' where name = 'Date' and value = '2026-06-07'")
    assert kept(db) == from_scratch(db) != before


def test_a_start_after_a_library_change_rates_everything_again(app, client, db):
    rng = random.Random(11)
    for day in (2, 4, 6):
        store(client, game(rng, f"2026-07-{day:02d}"))
    before = kept(db)
    with writing(db):
        db.execute("update ratings_state set derived_with = 'another version'")
        db.execute("update ratings set mu = 0")  # what another version might have made
    assert kept(db) != before
    make_app(app.config["DATABASE"])  # a worker starts: it notes every game, and rates them all again
    assert kept(db) == before == from_scratch(db)
    assert state(db).derived_with == library_fingerprint()


def test_the_kept_leaderboard_page_follows_a_new_game_and_a_rename(client, runner, db):
    rng = random.Random(12)
    store(client, game(rng, "2026-08-01"))
    first = client.get("/leaderboard").get_data(as_text=True)
    assert client.get("/leaderboard").get_data(as_text=True) == first
    store(client, game(rng, "2026-08-02"))
    second = client.get("/leaderboard").get_data(as_text=True)
    assert second != first and "Baazis" in second
    renamed = client.post(f"/api/players/{player_id(client, 'Asha')}/rename", json={"name": "Asha Rao"},
                          headers=bearer(admin_token(runner)))
    assert renamed.status_code == 200
    assert "Asha Rao" in client.get("/leaderboard").get_data(as_text=True)


def test_the_ratings_kept_before_a_point_read_either_way_agree(client, db):
    rng = random.Random(13)
    for day in range(1, 11):
        store(client, game(rng, f"2026-09-{day:02d}"))
    whos = {(kind, team_of(who)) for kind, who in db.execute("select kind, who from ratings").fetchall()}
    point = ("2026-09-06", 0, 0, 0)
    read_in_order = dict(kept_before(db, whos, point))  # the history before the point is short beside them
    one_by_one = {}
    for who in whos:  # one asked for: looked up
        one_by_one.update(kept_before(db, {who}, point))
    assert read_in_order == one_by_one and 0 < len(one_by_one) < len(whos)


BIG = ("rating_history", "rating_baazis", "ratings", "players", "ledger", "deals", "deal_scores", "sweeps", "games")


@pytest.mark.parametrize("sql, args", [
    (f"select kind, who from rating_history indexed by rating_history_order where {ratings_store.ORDER} >= "
     "(?, ?, ?, ?)", ["2026", 1, 1, 1]),
    (f"delete from rating_history where {ratings_store.ORDER} >= (?, ?, ?, ?)", ["2026", 1, 1, 1]),
    (f"select count(*) from (select 1 from rating_baazis where {ratings_store.ORDER} >= (?, ?, ?, ?) limit 5)",
     ["2026", 1, 1, 1]),
    ("select mu from rating_history where kind = 'player' and who = '1' and "
     f"{ratings_store.ORDER} < (?, ?, ?, ?) order by date desc, game_id desc, game desc, position desc limit 1",
     ["2026", 1, 1, 1]),
    ("select who from ratings where kind = ? order by ordinal desc, mu desc, who limit 100", ["player"]),
    ("select count(*) from ratings where kind = ? and (ordinal > ? or ordinal = ? and (mu > ? or mu = ? and "
     "who < ?))", ["player", 1.0, 1.0, 2.0, 2.0, "1"]),
    (clubs_sides.GAMES_OF_PLAYER, [1]),
    (clubs_sides.GAMES_OF_PAIR, [1, 2]),
    (clubs_sides.PICKED + clubs_sides.SEATS, ["[[1, 1], [2, 1]]"]),
    *[(clubs_sides.PICKED + sql, ["[[1, 1], [2, 1]]"]) for sql in clubs_sides.PER_GAME.values()],
])
def test_the_clubs_queries_read_by_an_index(db, sql, args):
    plan = [row[3] for row in db.execute("explain query plan " + sql, args).fetchall()]
    assert not [step for step in plan if step.split()[:2] in (["SCAN", t] for t in BIG)], plan


def asha_after_games(client, seed: int, dates: list[str]) -> tuple[int, dict]:
    """Asha's player id and her whole API answer, after a random game on each of `dates`."""
    rng = random.Random(seed)
    for date in dates:
        store(client, game(rng, date))
    asha = player_id(client, "Asha")
    return asha, client.get(f"/api/players/{asha}").json


def test_a_page_shows_the_most_played_lines_and_links_to_them_all(client, monkeypatch):
    from seeplog.web.clubs import pages
    asha, full = asha_after_games(client, 14, [f"2026-10-{day:02d}" for day in range(1, 9)])
    assert len(full["record"]["partners"]) > 2 and len(full["games"]) > 4
    monkeypatch.setattr(pages, "SHOWN", 2)
    monkeypatch.setattr(pages, "GAMES_PAGE", 4)
    page = client.get(f"/players/{asha}").get_data(as_text=True)
    assert page.count(">partnership<span class=\"sr-only\"> with ") == 2  # the partners' lines
    assert page.count('<td><a href="/partnerships/') == 4  # and the opponents'
    assert f"The 2 partners with the most games of {len(full['record']['partners'])}" in page
    assert f"The 2 opposing partnerships with the most games of {len(full['record']['head_to_head'])}" in page
    total = len(full["games"])
    assert f"Games 1–4 of {total}, the newest first." in page and page.count('class="game-link"') == 4
    older = client.get(f"/players/{asha}?page=2").get_data(as_text=True)
    assert f"Games 5–{min(8, total)} of {total}, the newest first." in older
    links = re.findall(r'class="game-link" href="([^"]+)"', page + older)
    assert links == [g["url"] for g in full["games"]][:8]  # the API's games, newest first, a page after another
    everything = client.get(f"/players/{asha}?all=1").get_data(as_text=True)
    assert everything.count(">partnership<span class=\"sr-only\"> with ") == len(full["record"]["partners"])
    assert "show them all" not in everything and everything.count('class="game-link"') == 4
    assert client.get(f"/players/{asha}?page=0").status_code == 400


def test_the_api_gives_a_players_games_a_page_at_a_time(client, monkeypatch):
    from seeplog.web.clubs import api
    asha, full = asha_after_games(client, 15, [f"2026-11-{day:02d}" for day in range(1, 6)])
    monkeypatch.setattr(api, "GAMES_PER_PAGE", 2)
    pages = [client.get(f"/api/players/{asha}?page={n}").json for n in (1, 2, 3, 4)]
    assert [g["url"] for p in pages for g in p["games"]] == [g["url"] for g in full["games"]]
    total = len(full["games"])
    assert total >= 3 and [len(p["games"]) for p in pages] == [max(0, min(2, total - 2 * n)) for n in range(4)]
    assert pages[0]["counts"]["games"] == total
    assert [d["date"] for d in full["games"]] == sorted((d["date"] for d in full["games"]), reverse=True)
    assert pages[0]["record"] == full["record"] and pages[0]["per_page"] == 2
    assert client.get(f"/api/players/{asha}?page=0").status_code == 400
    assert client.get(f"/api/players/{asha}?page=").json["page"] == 1  # an empty field is not set
    assert client.get(f"/api/players/{asha}?per_page=5").status_code == 400  # 50 a page, not a parameter
