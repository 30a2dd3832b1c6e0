"""Clubs at scale: a store of many games and players; the player page, partnership page, leaderboard and an
event's standings under 8 concurrent connections, recomputing every rating, and storing one more game.

    .venv/bin/python bench/clubs_speed.py [--games 50000] [--players 2000] [--requests 200]

The store is made quickly: a few dozen generated games are stored (replayed) as usual, then their derived
rows are copied, each copy with four players drawn from the pool, up to --games. Prints figures; not a test.
"""
from __future__ import annotations

import argparse
import random
import statistics
import sys
import tempfile
import threading
import time
import urllib.request
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from werkzeug.serving import WSGIRequestHandler, make_server   # noqa: E402

import seeplog   # noqa: E402
from app import create_app   # noqa: E402
from seeplog.playout import random_game   # noqa: E402
from seeplog.ruleset import VARIANTS   # noqa: E402
from seeplog.web.clubs.leaderboard import board, stored_baazis   # noqa: E402
from seeplog.clubs.ratings import partnership_ratings, player_ratings   # noqa: E402
from seeplog.web.db import connect, writing   # noqa: E402
from seeplog.web.games.store import Upload, store  # noqa: E402

TEMPLATES = 40
COPIED = ("players", "deals", "deal_scores", "ledger", "sweeps", "violations", "game_tags")


class Quiet(WSGIRequestHandler):
    def log_request(self, *args: object, **kwargs: object) -> None:
        pass


def build(path: str, games: int, players: int, rng: random.Random) -> list[str]:
    """A store of `games` games among `players` players; the players' names."""
    names = [f"Player {n:04d}" for n in range(players)]
    db = connect(path)
    seats = "NWSE"
    templates = []
    for t in range(TEMPLATES):
        tags = {"North": "a", "West": "b", "South": "c", "East": "d", "Date": f"2025-01-{1 + t % 28:02d}"}
        text = random_game(VARIANTS["thirty"], 3, rng, tags=tags)
        templates.append(store(db, Upload(text, text)).id)
    rows = {table: {tid: [dict(r) for r in db.query(f"select * from {table} where game_id = ?", [tid])]
                    for tid in templates} for table in COPIED}
    heads = {tid: dict(db.query("select * from games where id = ?", [tid]).__next__()) for tid in templates}
    with writing(db):
        for name in names:
            cursor = db.execute("insert into club_players (name, created) values (?, '2025-01-01')", [name])
            db.execute("insert into player_aliases values (?, ?, ?)", [name.lower(), name, cursor.lastrowid])
        for n in range(games - TEMPLATES):
            tid, game_id = templates[n % TEMPLATES], 1_000 + n
            day = f"20{25 + n // 20000}-{1 + (n // 1500) % 12:02d}-{1 + n % 28:02d}"
            four = dict(zip(seats, rng.sample(names, 4)))
            head = {**heads[tid], "id": game_id, "hash": f"copy-{n}", "date": day, "report": None}
            head["rank"] = (739000 + n // 100 << 32) + game_id
            db.table("games").insert(head)
            for table in COPIED:
                copies = [{**r, "game_id": game_id} for r in rows[table][tid]]
                for r in copies:
                    r.pop("id", None)
                    if table == "players":
                        r["name"], r["name_key"] = four[r["seat"]], four[r["seat"]].lower()
                    if table == "game_tags" and r["name"] == "Date":
                        r["value"] = day
                if copies:
                    db.table(table).insert_all(copies)
    db.close()
    return names


def timed(url: str) -> float:
    started = time.perf_counter()
    with urllib.request.urlopen(url) as response:
        response.read()
    return (time.perf_counter() - started) * 1000


def under_load(urls: list[str], connections: int = 8) -> tuple[float, float]:
    with ThreadPoolExecutor(connections) as pool:
        samples = sorted(pool.map(timed, urls))
    return statistics.median(samples), samples[int(0.95 * len(samples)) - 1]


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--games", type=int, default=50_000)
    parser.add_argument("--players", type=int, default=2_000)
    parser.add_argument("--requests", type=int, default=200)
    args = parser.parse_args()
    rng = random.Random(22)
    with tempfile.TemporaryDirectory() as folder:
        path = str(Path(folder) / "clubs.db")
        app = create_app({"DATABASE": path, "SECRET_KEY": "bench", "LOAD_SAMPLES": False})
        started = time.perf_counter()
        names = build(path, args.games, args.players, rng)
        print(f"store of {args.games:,} games, {args.players:,} players built in {time.perf_counter() - started:.1f} s")
        db = connect(path)
        started = time.perf_counter()
        baazis = stored_baazis(db)
        read = time.perf_counter() - started
        player_ratings(baazis), partnership_ratings(baazis)
        print(f"all ratings from scratch: {time.perf_counter() - started:.1f} s ({len(baazis):,} baazis; "
              f"reading them {read:.1f} s)")
        server = make_server("127.0.0.1", 0, app, threaded=True, request_handler=Quiet)
        threading.Thread(target=server.serve_forever, daemon=True).start()
        base = f"http://127.0.0.1:{server.server_port}"
        pairs = [[names[2 * i], names[2 * i + 1]] for i in range(8)]
        client = app.test_client()
        made = client.post("/api/events", json={"name": "Bench night", "variant": "thirty", "partnerships": pairs})
        event, token = made.json["id"], made.json["organiser_token"]
        client.post(f"/api/events/{event}/rounds", headers={"Authorization": f"Bearer {token}"})
        timed(base + "/leaderboard")  # the ratings, once per worker
        ids = [rng.randrange(1, args.players + 1) for _ in range(args.requests)]
        routes = {"player page": [f"{base}/players/{i}" for i in ids],
                  "partnership page": [f"{base}/partnerships/{i}-{i % args.players + 1}" for i in ids],
                  "leaderboard": [f"{base}/leaderboard"] * args.requests,
                  "event standings": [f"{base}/events/{event}/live"] * args.requests}
        print(f"{'request (8 connections)':<26} {'median ms':>10} {'p95 ms':>8}")
        for name, urls in routes.items():
            median, p95 = under_load(urls)
            print(f"{name:<26} {median:10.1f} {p95:8.1f}")
        tags = {"North": names[0], "West": names[1], "South": names[2], "East": names[3], "Date": "2030-01-01"}
        text = random_game(VARIANTS["thirty"], 3, rng, tags=tags)
        while not any(seeplog.report(seeplog.parse(text))["games"][0]["baazis"].values()):
            text = random_game(VARIANTS["thirty"], 3, rng, tags=tags)  # one that wins a baazi: ratings change
        before = board(db, path).version
        started = time.perf_counter()
        store(db, Upload(text, text))
        stored = time.perf_counter() - started
        after = board(db, path).version
        print(f"storing one game (with a baazi): {stored * 1000:.0f} ms; then the next leaderboard view computes "
              f"every rating again: {(time.perf_counter() - started) * 1000:.0f} ms in all"
              + ("" if after != before else " (the ratings did not change: no new baazi)"))
        server.shutdown()


if __name__ == "__main__":
    main()
