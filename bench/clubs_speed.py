"""Clubs at scale (issue 22's Scale paragraph): a club of many stored games and players, served by gunicorn
(gunicorn.conf.py, 4 workers): the player page, the partnership page, the leaderboard and an event's standings
under 8 concurrent connections; every rating recomputed from scratch; one game stored (and one entry on an
event's table) until its ratings and standings are up to date.

    .venv/bin/python bench/clubs_speed.py [--games 50000] [--players 2000] [--requests 200] [--store PATH] [--compile]

The store is made quickly: a few dozen generated games are stored (replayed) as usual, then their derived
rows are copied, each copy with four players drawn from the pool, up to --games (--store keeps it in PATH and
uses it again next time). Prints figures with the machine, the load average and whether the bytecode was
compiled beforehand; not a test.
"""
from __future__ import annotations

import argparse
import compileall
import importlib.util
import json
import multiprocessing
import os
import platform
import random
import statistics
import sys
from datetime import date, timedelta
import tempfile
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

import seeplog   # noqa: E402
from app import create_app   # noqa: E402
from seeplog.fingerprint import library_fingerprint   # noqa: E402
from seeplog.playout import random_game   # noqa: E402
from seeplog.ruleset import VARIANTS   # noqa: E402
from seeplog.web.clubs.ratings_store import (FIRST, claim, land, no_thread, plan, refresh_inputs,  # noqa: E402
                                             set_state)
from seeplog.web.db import connect, writing   # noqa: E402
from seeplog.web.games.store import Upload, store  # noqa: E402
from tests.web.served import Server, serving  # noqa: E402
from bench import wrk  # noqa: E402

TEMPLATES = 40
COPIED = ("players", "deals", "deal_scores", "ledger", "sweeps", "violations", "game_tags", "seat_records")
SEATS = {"N": "North", "W": "West", "S": "South", "E": "East"}


def load() -> str:
    return " ".join(f"{x:.2f}" for x in os.getloadavg())


def machine() -> str:
    """The machine, the Python, and whether seeplog's bytecode was compiled before this run."""
    cached = importlib.util.cache_from_source(seeplog.__file__)
    compiled = "compiled beforehand" if os.path.exists(cached) else "not compiled beforehand"
    return (f"{platform.node()}: {os.cpu_count()} cores, {platform.system()} {platform.release()}, Python "
            f"{platform.python_version()}; seeplog bytecode {compiled} ({Path(cached).name}); load average {load()}")


def copy_rows(db, templates: list[int]) -> tuple[dict, dict]:
    rows = {table: {tid: [dict(r) for r in db.query(f"select * from {table} where game_id = ?", [tid])]
                    for tid in templates} for table in COPIED}
    heads = {tid: dict(db.query("select * from games where id = ?", [tid]).__next__()) for tid in templates}
    return rows, heads


def seated(row: dict, four: dict[str, str], day: str) -> None:
    """A template's seat record made the copy's: its names (the templates' seats are named "a", "b", "c",
    "d" in the order N, W, S, E) those of `four`, its date `day`."""
    keys = {old: four[seat].lower() for old, seat in zip("abcd", "NWSE")}
    for column in ("name_key", "partner_key", "opponent_key", "opponent2_key"):
        row[column] = keys.get(row[column])
    row["seats"] = json.dumps([[seat, team, four[seat], keys[key]] for seat, team, _, key in json.loads(row["seats"])])
    row["date"] = day


def build(path: str, games: int, players: int, rng: random.Random) -> None:
    """A store of `games` games among `players` players named "Player 0000", ..."""
    names = [f"Player {n:04d}" for n in range(players)]
    db = connect(path)
    templates = []
    for t in range(TEMPLATES):
        tags = {"North": "a", "West": "b", "South": "c", "East": "d", "Date": f"2025-01-{1 + t % 28:02d}"}
        text = random_game(VARIANTS["thirty"], 3, rng, tags=tags)
        templates.append(store(db, Upload(text, text)).id)
    rows, heads = copy_rows(db, templates)
    with writing(db):
        for name in names:
            cursor = db.execute("insert into club_players (name, created) values (?, '2025-01-01')", [name])
            db.execute("insert into player_aliases values (?, ?, ?, ?)",
                       [name.lower(), name, cursor.lastrowid, cursor.lastrowid])
        for n in range(games - TEMPLATES):
            tid, game_id = templates[n % TEMPLATES], 1_000 + n
            day = f"20{25 + n // 20000}-{1 + (n // 1500) % 12:02d}-{1 + n % 28:02d}"
            four = dict(zip("NWSE", rng.sample(names, 4)))
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
                    if table == "seat_records":
                        seated(r, four, day)
                if copies:
                    db.table(table).insert_all(copies)
    db.close()


def current(path: str) -> None:
    """A store built by another version of seeplog: its copies' rows are declared current (they match no log
    text, so deriving them again would make them the templates' again)."""
    db = connect(path)
    with writing(db):
        db.execute("update games set derived_with = ?", [library_fingerprint()])
        db.execute("update meta set value = ? where key = 'derived_with'", [library_fingerprint()])
    db.close()


def recompute(path: str) -> None:
    """recompute_all's steps, timed: the baazis read again, every rating worked out (no lock held), written."""
    db = connect(path)
    started = time.perf_counter()
    with writing(db):
        refresh_inputs(db, None)
        set_state(db, stale_from=FIRST, moved_from=None, running_since=None, derived_with=library_fingerprint())
    point = claim(db)
    assert point == FIRST
    worked = time.perf_counter()
    steps = plan(db, point)
    written = time.perf_counter()
    assert land(db, point, steps) is None
    took, lock = time.perf_counter() - started, time.perf_counter() - written
    baazis, history = (db.execute(f"select count(*) from {t}").fetchone()[0]
                       for t in ("rating_baazis", "rating_history"))
    print(f"all ratings recomputed from scratch: {took:.1f} s ({baazis:,} baazis rated, {history:,} history rows "
          f"written; target < 60 s): read {worked - started:.1f} s, rated {written - worked:.1f} s, written "
          f"{lock:.1f} s (the write lock held); load average {load()}")
    db.close()


def get(server: Server, path: str, expect: int = 200) -> tuple[float, bytes]:
    started = time.perf_counter()
    status, body = server.request("GET", path, timeout=60)
    assert status == expect, (path, status, body[:300])
    return (time.perf_counter() - started) * 1000, body


def post(server: Server, path: str, body: object, token: str | None = None) -> tuple[float, dict]:
    headers = {"Content-Type": "application/json"} if not isinstance(body, str) else {"Content-Type": "text/plain"}
    if token:
        headers["Authorization"] = f"Bearer {token}"
    data = body.encode() if isinstance(body, str) else json.dumps(body).encode()
    started = time.perf_counter()
    status, answer = server.request("POST", path, data, headers, timeout=60)
    assert status in (200, 201), (path, status, answer[:300])
    return (time.perf_counter() - started) * 1000, json.loads(answer)


def p95(samples: list[float]) -> float:
    ordered = sorted(samples)
    return ordered[int(0.95 * (len(ordered) - 1))]


def pages(server: Server, paths: dict[str, list[str]], connections: int, seconds: float) -> None:
    """Each kind of page under `connections` connections at once, sent by wrk (one C thread) where it is
    installed, so that the figures are the server's; else by as many Python threads (slower to read answers)."""
    client = f"wrk, {seconds:g} s each" if wrk.available() else "Python threads (wrk not installed)"
    print(f"{'request':<22} {'p50 ms':>7} {'p95 ms':>7}  (target p95 < 50 ms, {connections} connections, {client})"
          "  load average")
    with ThreadPoolExecutor(connections) as pool:
        for name, urls in paths.items():
            list(pool.map(lambda p: get(server, p), urls[-4 * connections:]))  # every worker warm (templates)
            if wrk.available():
                base = f"http://127.0.0.1:{server.port}"
                answered, errors, bad, p50, p95_ms = wrk.run(base + urls[0], connections, seconds, urls)
                assert not (errors or bad), (name, errors, bad)
                print(f"{name:<22} {p50:7.1f} {p95_ms:7.1f}  {answered} answered  {load()}")
                continue
            times = list(pool.map(lambda p: get(server, p)[0], urls))
            print(f"{name:<22} {statistics.median(times):7.1f} {p95(times):7.1f}  {load()}")


def cpu_alone(path: Path, paths: dict[str, list[str]]) -> None:
    """Each request's CPU time alone (robust to the machine's load): served one after another by the Flask
    test client, in a child process (the app's objects left in this one would lengthen the collector's
    pauses of the clients measuring the latencies)."""
    child = multiprocessing.get_context("fork").Process(target=served_alone, args=(path, paths))
    child.start()
    child.join()


def served_alone(path: Path, paths: dict[str, list[str]]) -> None:
    client = create_app({"DATABASE": str(path), "SECRET_KEY": "bench", "LOAD_SAMPLES": False,
                         "REBUILD_IN_BACKGROUND": False}).test_client()
    for name, urls in paths.items():
        for url in urls[:10]:  # warm: templates, the store's pages
            client.get(url)
        started = time.process_time()
        for url in urls:
            assert client.get(url).status_code == 200, url
        print(f"{name:<22} {(time.process_time() - started) * 1000 / len(urls):6.2f} ms CPU a request, alone "
              f"({len(urls)} requests); load average {load()}", flush=True)


def event(server: Server, names: list[str]) -> tuple[int, dict]:
    """An event of 8 partnerships of the pool's players, its first round made; its id and table 1."""
    pairs = [[names[2 * i], names[2 * i + 1]] for i in range(8)]
    _, made = post(server, "/api/events", {"name": "Bench night", "variant": "thirty", "partnerships": pairs})
    _, round_one = post(server, f"/api/events/{made['id']}/rounds", {}, made["organiser_token"])
    return made["id"], round_one["tables"][0]


def winning_game(rng: random.Random, tags: dict[str, str]) -> str:
    """A generated game (thirty, 3 deals) that wins at least one baazi, so that ratings change."""
    while True:
        text = random_game(VARIANTS["thirty"], 3, rng, tags=tags)
        if any(seeplog.report_json(seeplog.analyse(text))["games"][0]["baazis"].values()):
            return text


def fresh() -> dict[str, str]:
    """A tag no run gave before: the game is new to a store kept from an earlier run."""
    return {"Site": f"bench run {time.time_ns()}"}


def rated_baazis(server: Server, player: int) -> int:
    page = json.loads(get(server, f"/api/players/{player}")[1])
    return page["rating"]["baazis"] if page["rating"] else 0


def day_after_every_game(path: Path) -> date:
    """The day after the last one a stored game is dated (a store kept between runs holds each run's games)."""
    db = connect(str(path))
    last = db.execute("select max(date) from games where date glob '[0-9][0-9][0-9][0-9]-[0-9][0-9]-[0-9][0-9]'")
    day = last.fetchone()[0]
    db.close()
    return (date.fromisoformat(day) if day else date(2031, 1, 1)) + timedelta(days=1)


def store_games(server: Server, names: list[str], rng: random.Random, count: int, first: date) -> None:
    """Games stored after every other (the usual case), dated from `first` on: the upload's answer comes once
    its ratings are kept."""
    ids = {p["name"]: p["id"] for p in json.loads(get(server, "/api/players")[1])["players"]}
    times = []
    for n in range(count):
        four = rng.sample(names, 4)
        tags = {SEATS[s]: name for s, name in zip("NWSE", four)} | {"Date": (first + timedelta(days=n)).isoformat(),
                                                                      **fresh()}
        text = winning_game(rng, tags)
        before = [rated_baazis(server, ids[name]) for name in four]
        took, _ = post(server, "/api/games", text)
        times.append(took)
        after = [rated_baazis(server, ids[name]) for name in four]
        assert after != before, "the ratings did not follow the stored game"
    print(f"storing one game at the end of the order, until its ratings are kept: p50 {statistics.median(times):.0f} "
          f"ms, p95 {p95(times):.0f} ms, max {max(times):.0f} ms over {count} games (target < 200 ms); "
          f"load average {load()}")


def store_early(server: Server, names: list[str], rng: random.Random) -> None:
    """A game dated before almost every other: stored at once, rated again off the request path."""
    tags = {SEATS[s]: names[i] for s, i in zip("NWSE", range(4))} | {"Date": "2025-01-02", **fresh()}
    took, _ = post(server, "/api/games", winning_game(rng, tags))
    started = time.perf_counter()
    while json.loads(get(server, "/api/leaderboard")[1])["updating_from"] is not None:
        time.sleep(0.2)
    print(f"storing one game early in the order: answered in {took:.0f} ms, every rating after it kept again "
          f"{time.perf_counter() - started:.1f} s later (off the request path); load average {load()}")


def keep_table(server: Server, event_id: int, table: dict, names: list[str], rng: random.Random) -> None:
    """A game kept entry by entry on the event's table 1: each entry's answer, and the standings it moves."""
    tags = {"North": names[0], "South": names[1], "East": names[2], "West": names[3]}
    text = winning_game(rng, tags)
    lines = [line for line in text.splitlines() if line and not line.startswith("[")]
    version = json.loads(get(server, f"/api/live/{table['game_id']}")[1])["version"]
    times, moved = [], []
    for line in lines:
        before = get(server, f"/api/events/{event_id}")[1]
        took, answer = post(server, f"/api/live/{table['game_id']}/entries", {"version": version, "line": line},
                            table["edit_token"])
        version = answer["version"]
        times.append(took)
        if get(server, f"/api/events/{event_id}")[1] != before and line.startswith(("N ", "E ", "S ", "W ")):
            moved.append(took)
    print(f"an entry on an event's table ({len(times)} entries of one game): p50 {statistics.median(times):.0f} ms, "
          f"p95 {p95(times):.0f} ms; the {len(moved)} that moved the standings (a deal ended): max "
          f"{max(moved, default=0):.0f} ms (target < 200 ms); load average {load()}")


def measure(path: Path, args: argparse.Namespace, rng: random.Random) -> None:
    names = [f"Player {n:04d}" for n in range(args.players)]
    with serving(path) as server:
        event_id, table = event(server, names)
        ids = [rng.randrange(1, args.players + 1) for _ in range(args.requests)]
        board = json.loads(get(server, "/api/leaderboard?page=3")[1])
        pairs = [r["url"].rsplit("/", 1)[1] for r in board["partnerships"]]
        paths = {"player page": [f"/players/{i}" for i in ids], "player API": [f"/api/players/{i}" for i in ids],
                 "partnership page": [f"/partnerships/{pairs[n % len(pairs)]}" for n in range(args.requests)],
                 "leaderboard": ["/leaderboard"] * args.requests,
                 "event standings": [f"/events/{event_id}/live"] * args.requests}
        cpu_alone(path, paths)
        pages(server, paths, args.connections, args.seconds)
        store_games(server, names, rng, 20, day_after_every_game(path))
        keep_table(server, event_id, table, names, rng)
        store_early(server, names, rng)


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--games", type=int, default=50_000)
    parser.add_argument("--players", type=int, default=2_000)
    parser.add_argument("--requests", type=int, default=200)
    parser.add_argument("--connections", type=int, default=8)
    parser.add_argument("--seconds", type=float, default=5, help="how long wrk sends each kind of page")
    parser.add_argument("--store", help="keep the store in this file, and use it again when it is there")
    parser.add_argument("--compile", action="store_true", help="compile seeplog's bytecode first (compileall)")
    args = parser.parse_args()
    rng = random.Random(22)
    if args.compile:
        compileall.compile_dir(str(ROOT / "seeplog"), quiet=1)
    print(machine())
    with tempfile.TemporaryDirectory() as folder:
        path = Path(args.store or Path(folder) / "clubs.db")
        if not path.exists():
            create_app({"DATABASE": str(path), "SECRET_KEY": "bench", "LOAD_SAMPLES": False,
                        "REBUILD_IN_BACKGROUND": False})
            started = time.perf_counter()
            with no_thread():
                build(str(path), args.games, args.players, rng)
            print(f"store of {args.games:,} games, {args.players:,} players built in "
                  f"{time.perf_counter() - started:.1f} s")
        else:
            current(str(path))
        recompute(str(path))
        measure(path, args, rng)


if __name__ == "__main__":
    main()
