"""The service under load, as an operator runs it: gunicorn with 4 workers (gunicorn.conf.py) on 127.0.0.1.

    .venv/bin/python bench/reliability.py            # everything, a few minutes
    .venv/bin/python bench/reliability.py --quick    # fewer uploads, rounds and games

Prints: uploads/s and status counts for 8 clients x 250 distinct uploads; the same log sent by 8
clients at once; a kill -9 loop (each round: uploads, kill -9 of every gunicorn process, PRAGMA
integrity_check, every acknowledged upload stored); the games list's latency at 50,000 games, each
filter; the play API's latency on floors of 8, 12 and 14 loose cards. Every loop is bounded and every
request has a timeout: the script ends by itself.
"""
from __future__ import annotations

import argparse
import hashlib
import http.client
import json
import os
import random
import signal
import sqlite3
import statistics
import sys
import tempfile
import threading
import time
from collections import Counter
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from urllib.parse import urlencode

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from seeplog.clubs.players import name_key
from seeplog.web.db import init_db, writing
from seeplog.fingerprint import library_fingerprint
from seeplog.web.games.store import Upload, rank_of, set_meta, store, tag_day, text_grams
from tests.web.served import Server, serving

EXAMPLES = Path(__file__).resolve().parents[1] / "tests" / "data" / "examples"
BASE = (Path(__file__).resolve().parents[1] / "seeplog" / "web" / "samples" / "game-standard-1.seep").read_text()


def distinct_log(tag: str) -> str:
    return BASE.replace("[Variant", f'[Event "{tag}"]\n[Variant', 1)


def post(server: Server, text: str, timeout: float = 30) -> tuple[int, int | None]:
    """(status, stored id) of an upload; status 0 when the connection failed or timed out."""
    try:
        status, body = server.upload(text, timeout)
    except (OSError, http.client.HTTPException):  # refused, reset, cut short, timed out: not acknowledged
        return 0, None
    try:
        return status, json.loads(body).get("id")
    except ValueError:
        return status, None


def concurrent_uploads(tmp: Path, clients: int, each: int) -> None:
    print(f"\n== {clients} clients x {each} distinct uploads, gunicorn -w 4 (gthread)")
    db = tmp / "uploads.db"
    with serving(db) as server:
        def client(c: int) -> list[int]:
            return [post(server, distinct_log(f"Bench {c}-{k}"))[0] for k in range(each)]

        start = time.perf_counter()
        with ThreadPoolExecutor(clients) as pool:
            statuses = Counter(s for batch in pool.map(client, range(clients)) for s in batch)
        took = time.perf_counter() - start
    stored = sqlite3.connect(db).execute("select count(*) from games where event like 'Bench %'").fetchone()[0]
    print(f"{clients * each} uploads in {took:.1f} s: {clients * each / took:.1f} uploads/s")
    print(f"statuses: {dict(sorted(statuses.items()))}; 5xx: {sum(n for s, n in statuses.items() if s >= 500)}; "
          f"rows stored: {stored}")


def same_log_race(tmp: Path, rounds: int, clients: int) -> None:
    print(f"\n== the same log sent by {clients} clients at once, {rounds} rounds")
    db = tmp / "race.db"
    outcomes = Counter()
    with serving(db) as server:
        for r in range(rounds):
            text = distinct_log(f"Race {r}")
            barrier = threading.Barrier(clients)

            def client(_: int, text: str = text, barrier: threading.Barrier = barrier) -> tuple[int, int | None]:
                barrier.wait(timeout=30)
                return post(server, text)

            with ThreadPoolExecutor(clients) as pool:
                answers = list(pool.map(client, range(clients)))
            rows = sqlite3.connect(db).execute("select count(*) from games where event = ?",
                                               [f"Race {r}"]).fetchone()[0]
            statuses = tuple(sorted(s for s, _ in answers))
            outcomes[(statuses, len({i for _, i in answers}), rows)] += 1
    for (statuses, ids, rows), n in outcomes.items():
        print(f"{n} round(s): statuses {dict(Counter(statuses))}, {ids} distinct id(s), {rows} row(s)")


def kill_loop(tmp: Path, rounds: int) -> None:
    print(f"\n== kill -9 loop, {rounds} rounds: uploads, kill -9 of every gunicorn process, checks")
    db = tmp / "kill.db"
    acknowledged: dict[int, str] = {}
    bad_integrity = missing = 0
    for r in range(rounds):
        with serving(db) as server:
            stop = threading.Event()

            def client(c: int, r: int = r, server: Server = server, stop: threading.Event = stop) -> dict[int, str]:
                got = {}
                for k in range(200):
                    if stop.is_set():
                        break
                    tag = f"Kill {r}-{c}-{k}"
                    status, game_id = post(server, distinct_log(tag), timeout=5)
                    if status in (200, 201) and game_id is not None:
                        got[game_id] = tag
                    elif status == 0:
                        break
                return got

            with ThreadPoolExecutor(4) as pool:
                futures = [pool.submit(client, c) for c in range(4)]
                time.sleep(random.uniform(0.3, 1.5))
                os.killpg(server.process.pid, signal.SIGKILL)
                server.process.wait()
                stop.set()
                for f in futures:
                    acknowledged.update(f.result())
        conn = sqlite3.connect(db)
        if conn.execute("pragma integrity_check").fetchone()[0] != "ok":
            bad_integrity += 1
        stored = dict(conn.execute("select id, event from games").fetchall())
        conn.close()
        missing += sum(1 for i, tag in acknowledged.items() if stored.get(i) != tag)
    print(f"{rounds} rounds: integrity_check not ok in {bad_integrity}; {len(acknowledged)} uploads acknowledged, "
          f"{missing} of them missing from the store")


FIRST = ["Asha", "Bilal", "Chetan", "Deepa", "Esha", "Farhan", "Gita", "Harpreet", "Imran", "Jaspreet", "Kiran",
         "Lakshmi", "Manoj", "Nisha", "Omar", "Priya", "Rahul", "Simran", "Tara", "Uday"]
LAST = ["Sharma", "Singh", "Khan", "Gill", "Mehta", "Rao", "Kaur", "Das", "Iyer", "Bedi"]


def many_games(db_path: Path, games: int) -> None:
    """A store of `games` games: the examples stored for real, then copies with other names, events, dates."""
    db = init_db(str(db_path))
    bases = []
    for path in sorted(EXAMPLES.glob("*.seep")):
        text = path.read_text(encoding="utf-8")
        try:
            bases.append(store(db, Upload(text, text, "seep", path.name)).id)
        except ValueError:
            continue
    rows = list(db.query("select * from games"))
    small = min(rows, key=lambda r: len(r["raw"]))  # the copies' text: the list never reads it
    rng = random.Random(14)
    pool = [f"{f} {last}" for f in FIRST for last in LAST]
    next_id = max(r["id"] for r in rows) + 1
    games_rows, texts, variants, players, tags = [], [], [], [], []
    for n in range(games - len(rows)):
        base = rows[n % len(rows)]
        game_id = next_id + n
        day = f"{rng.randint(2021, 2026)}-{rng.randint(1, 12):02}-{rng.randint(1, 28):02}"
        names = rng.sample(pool, 4)
        event = f"Club night {rng.randint(1, 3000)}"
        rank = rank_of(game_id, tag_day(day))
        games_rows.append({**base, **{k: small[k] for k in ("raw", "text", "canonical", "report", "format")},
                           "id": game_id, "hash": hashlib.sha256(f"copy {n}".encode()).hexdigest(),
                           "date": day, "event": event, "rank": rank, "dated": 1, "filename": None,
                           "players": json.dumps(dict(zip("NWSE", names)))})
        texts.append((rank, "\n".join(names), event, ""))
        variants.append((base["variant"], rank, game_id))
        players += [(game_id, 1, seat, name, name_key(name), "NS" if seat in "NS" else "EW")
                    for seat, name in zip("NWSE", names)]
        tags += [(game_id, 1, "Event", event), (game_id, 1, "Date", day)]
    columns = list(games_rows[0])
    with writing(db):
        db.conn.executemany(f"insert into games ({', '.join(columns)}) values ({', '.join('?' * len(columns))})",
                            [[r[c] for c in columns] for r in games_rows])
        db.conn.executemany("insert into games_text (rowid, players, event, site) values (?, ?, ?, ?)", texts)
        db.conn.executemany("insert into games_grams values (:gram, :rank, :fields)",
                            [g for rank, names, event, site in texts
                             for g in text_grams(rank, {"players": names, "event": event, "site": site})])
        db.conn.executemany("insert into game_variants values (?, ?, ?)", variants)
        db.conn.executemany("insert into players (game_id, game, seat, name, name_key, team) "
                            "values (?, ?, ?, ?, ?, ?)", players)
        db.conn.executemany("insert into game_tags values (?, ?, ?, ?)", tags)
        # Derived by this version: a server started on the store must not re-derive it in the background
        # (which would make every copy its one text again, and take the cores while the bench measures).
        set_meta(db, "derived_with", library_fingerprint())
    db.close()


LIST_FILTERS = [{}, {"page": 1250}, {"q": "Farhan"}, {"q": "Ki"}, {"player": "Lakshmi Rao"}, {"event": "night 12"},
                {"variant": "thirty"}, {"variant": "two-player"}, {"date_from": "2026-06-01"},
                {"date_to": "2021-03-31"}, {"date_from": "2024-01-01", "date_to": "2024-01-31"}, {"flagged": "true"},
                {"q": "Asha", "variant": "standard", "flagged": "true", "date_from": "2023-01-01"}]


def timed(server: Server, path: str, timeout: float = 30) -> tuple[float, int]:
    start = time.perf_counter()
    try:
        status, _ = server.request("GET", path, timeout=timeout)
    except (OSError, http.client.HTTPException):
        status = 0
    return (time.perf_counter() - start) * 1000, status


def list_latency(tmp: Path, games: int, repeats: int) -> None:
    print(f"\n== the games list at {games:,} games: latency over 127.0.0.1, {repeats} requests each (ms)")
    db = tmp / "list.db"
    start = time.perf_counter()
    many_games(db, games)
    print(f"(store of {games:,} games built in {time.perf_counter() - start:.1f} s)")
    print(f"{'filter':<70} {'page p50':>9} {'p95':>7} {'api p50':>8} {'p95':>7}")
    with serving(db) as server:
        for given in LIST_FILTERS:
            query = urlencode({"per_page": 20, **given})
            figures = []
            for path in (f"/?{query}", f"/api/games?{query}"):
                timed(server, path)
                runs = [timed(server, path) for _ in range(repeats)]
                statuses = {s for _, s in runs}
                times = sorted(t for t, _ in runs)
                figures += [statistics.median(times), times[int(0.95 * (len(times) - 1))]]
                if statuses != {200}:
                    print(f"   statuses {statuses} for {path}")
            total = json.loads(server.request("GET", f"/api/games?{query}")[1]).get("total")
            label = (urlencode(given) or "(none)") + f" [{total:,} games]"
            print(f"{label:<70} {figures[0]:>9.1f} {figures[1]:>7.1f} {figures[2]:>8.1f} {figures[3]:>7.1f}")


def loose_floor_log() -> str:
    """A deal whose floor grows by throws: before play n, 4 + (n - 1) loose cards (up to 14 before play 11)."""
    deck = [r + s for r in "A23456789TJQK" for s in "cdhs"]
    floor = ["Ac", "2d", "3h", "4s"]
    throws = ["As", "2c", "3d", "4h", "Ad", "2h", "3s", "4c", "Ah", "2s"]
    plays = throws + [c for c in deck if c not in floor + throws]
    lines = ['[Variant "standard"]', '[Event "Loose floor"]', "", "deal 1 dealer N",
             f"hand W {' '.join(plays[0:16:4])}", f"floor {' '.join(floor)}", "bid W 13"]
    lines += [f"{'WSEN'[i % 4]} {card}" for i, card in enumerate(plays)]
    return "\n".join(lines) + "\n"


def play_latency(tmp: Path, timeout: float, repeat: int = 5) -> None:
    print(f"\n== the play API on a floor of low loose cards laid by throws that could have captured (illegal, so "
          f"past what a legal deal reaches), request timeout {timeout:.0f} s: the first request to a fresh "
          f"server, then the median of {repeat} more")
    for play, loose in ((5, 8), (7, 10), (9, 12), (11, 14)):
        with serving(tmp / f"plays{play}.db", workers=2) as server:
            _, game_id = post(server, loose_floor_log())
            path = f"/api/games/{game_id}/deals/1/plays/{play}"
            times, status, body, failure = [], 0, b"", ""
            for _ in range(1 + repeat):
                start = time.perf_counter()
                try:
                    status, body = server.request("GET", path, timeout=timeout)
                except (OSError, http.client.HTTPException) as exc:
                    status, body, failure = 0, b"", repr(exc)
                times.append((time.perf_counter() - start) * 1000)
                if status != 200:
                    break
            if status == 200:
                answer = f"status 200, {len(json.loads(body).get('legal', [])):,} legal plays, {len(body) / 1e6:.1f} MB"
            else:
                answer = f"status {status}" if status else f"no answer: {failure}"
                os.killpg(server.process.pid, signal.SIGKILL)  # its worker would compute on
                server.process.wait()
            later = f"{statistics.median(times[1:]):6.0f} ms" if len(times) > 1 else "     -"
            print(f"play {play:>2}, {loose:>2} loose cards: first {times[0]:6.0f} ms, then {later}; {answer}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--quick", action="store_true", help="fewer uploads, rounds and games")
    parser.add_argument("--only", choices=["uploads", "race", "kill", "list", "plays"], action="append")
    args = parser.parse_args()
    quick = args.quick
    parts = args.only or ["uploads", "race", "kill", "list", "plays"]
    with tempfile.TemporaryDirectory(prefix="seeplog-bench-") as folder:
        tmp = Path(folder)
        if "uploads" in parts:
            concurrent_uploads(tmp, 8, 25 if quick else 250)
        if "race" in parts:
            same_log_race(tmp, 3 if quick else 10, 8)
        if "kill" in parts:
            kill_loop(tmp, 4 if quick else 20)
        if "list" in parts:
            list_latency(tmp, 5_000 if quick else 50_000, 5 if quick else 15)
        if "plays" in parts:
            play_latency(tmp, 10)


if __name__ == "__main__":
    main()
