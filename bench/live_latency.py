"""Latency of a live game over real HTTP on 127.0.0.1: appending the 400th play, and following the game;
then, on a long game, appending its 5,000th entry and correcting its last deal.

    .venv/bin/python bench/live_latency.py [--requests 30] [--port 6000] [--entries 5000] [--closes 5] [--gc-defaults]

Starts the app on a temporary store (on disk, or under --store-dir) in a thread of this process, keeps a random legal
standard game of 9 deals live through the API up to its 399th play, then, --requests times, appends
the 400th play (timed) and undoes it (not timed). Then it reads the game with GET /api/live/<id>,
without and with If-None-Match (a follower polling a game that has not changed).

The long game: a random standard game of --entries entries is put in the store directly (its events as one
`create` of every line, then the views made from them, as after a library change), so that building it does
not take the minutes its entries would take one by one; then, --requests times each, it appends the last
entry (timed) and undoes it (not timed), undoes the last entry (timed) and appends it again, and replaces
the last entry (timed); and it closes --closes such games (timed). The targets (issue 21): an entry's
cost independent of the game's length, p95 under 30 ms at the 400th play and under 50 ms at the 5,000th
entry, and under 50 ms to undo, replace or close the last deal.

Prints the median and the 95th percentile in milliseconds, and the load average before and after (the
figures of a loaded machine are not those of an idle one). The app tunes its garbage collector as a
served one does (seeplog/web/collector.py); --gc-defaults leaves CPython's defaults, to compare.
A figure to watch, not a test.
"""
from __future__ import annotations

import argparse
import http.client
import gc
import json
import os
import random
import resource
import sqlite3
import statistics
import sys
import tempfile
import threading
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from werkzeug.serving import WSGIRequestHandler, make_server   # noqa: E402

from app import create_app   # noqa: E402
from seeplog.live.entries import Entry, live_log  # noqa: E402
from seeplog.playout import random_game   # noqa: E402
from seeplog.ruleset import VARIANTS   # noqa: E402
from seeplog.web.commands import rebuild   # noqa: E402
from seeplog.web.db import get_db   # noqa: E402

PLAY = 400


class Quiet(WSGIRequestHandler):
    protocol_version = "HTTP/1.1"
    """Keep-alive, as a phone polling the game keeps its connection."""

    def log_request(self, *args: object, **kwargs: object) -> None:
        pass


CONNECTION: http.client.HTTPConnection | None = None


def call(path: str, body: dict | None = None, headers: dict | None = None) -> tuple[int, bytes, dict, float]:
    """One request on the kept connection: status, body, headers and milliseconds."""
    assert CONNECTION is not None
    data = json.dumps(body).encode() if body is not None else None
    started = time.perf_counter()
    CONNECTION.request("POST" if data is not None else "GET", path, body=data,
                       headers={"Content-Type": "application/json", **(headers or {})})
    response = CONNECTION.getresponse()
    content = response.read()
    return response.status, content, dict(response.headers), (time.perf_counter() - started) * 1000


def figures(name: str, samples: list[float]) -> str:
    samples = sorted(samples)
    p95 = samples[max(0, int(0.95 * len(samples)) - 1)]
    return f"{name:<44} {statistics.median(samples):10.1f} {p95:8.1f}"


def game_lines(deals: int = 9) -> list[str]:
    """The lines after the Variant tag of a random game (9 deals: 432 plays)."""
    text = random_game(VARIANTS["standard"], deals, random.Random("bench-live"))
    return [line for line in text.splitlines()[1:] if line.strip()]


def is_play(line: str) -> bool:
    return line.split()[0] in ("N", "W", "S", "E")


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--requests", type=int, default=30)
    parser.add_argument("--port", type=int, default=6000)
    parser.add_argument("--entries", type=int, default=5000, help="the long game's entries (0: none)")
    parser.add_argument("--closes", type=int, default=5, help="long games closed, each timed")
    parser.add_argument("--store-dir", default=str(ROOT), help="where the temporary store goes (default: the "
                        "project's folder, on disk; /dev/shm takes the disk's sync out of the figures)")
    parser.add_argument("--gc-defaults", action="store_true", help="leave the garbage collector as CPython sets it")
    args = parser.parse_args()
    print(f"load average {load()}; garbage collector {'defaults' if args.gc_defaults else 'tuned'}")
    lines = game_lines()
    plays = [i for i, line in enumerate(lines) if is_play(line)]
    before, the_play = lines[:plays[PLAY - 1]], lines[plays[PLAY - 1]]
    with tempfile.TemporaryDirectory(dir=args.store_dir) as folder:
        app = create_app({"DATABASE": str(Path(folder) / "bench.db"), "SECRET_KEY": "bench", "LOAD_SAMPLES": False,
                          "TUNE_GC": not args.gc_defaults})
        print(f"thresholds {gc.get_threshold()}, {gc.get_freeze_count():,} objects frozen")
        gc.callbacks.append(watch_collector)
        server = make_server("127.0.0.1", args.port, app, threaded=True, request_handler=Quiet)
        threading.Thread(target=server.serve_forever, daemon=True).start()
        global CONNECTION
        CONNECTION = http.client.HTTPConnection("127.0.0.1", args.port)
        try:
            run("/api/live", before, the_play, args.requests)
            if args.entries:
                long_game(app, Path(folder) / "bench.db", args.entries, args.requests, args.closes)
        finally:
            CONNECTION.close()
            server.shutdown()
    print(f"garbage collector (every request, timed or not): {collector_figures()}")
    print(f"peak resident memory {resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024:.0f} MiB")
    print(f"load average {load()}")


PAUSES: dict[int, list[float]] = {0: [], 1: [], 2: []}
"""The garbage collector's pauses in milliseconds, by generation collected."""
_STARTED: list[float] = []


def watch_collector(phase: str, info: dict) -> None:
    if phase == "start":
        _STARTED[:] = [time.perf_counter()]
    elif _STARTED:
        PAUSES[info["generation"]].append((time.perf_counter() - _STARTED[0]) * 1000)


def collector_figures() -> str:
    return "; ".join(f"gen {g}: {len(p)} collections, {sum(p):.0f} ms, longest {max(p, default=0):.0f} ms"
                     for g, p in PAUSES.items())


def load() -> str:
    return " ".join(f"{figure:.2f}" for figure in os.getloadavg())


def run(base: str, before: list[str], the_play: str, requests: int) -> None:
    status, body, _, _ = call(base, {"variant": "standard"})
    created = json.loads(body)
    url, auth = f"{base}/{created['id']}", {"Authorization": f"Bearer {created['edit_token']}"}
    version = created["version"]
    started = time.perf_counter()
    for number, line in enumerate(before):
        status, body, _, _ = call(f"{url}/entries", {"line": line, "version": version, "client_id": f"b{number}"},
                                  auth)
        assert status == 201, body
        version = json.loads(body)["version"]
    print(f"kept {len(before)} entries live ({PLAY - 1} plays) in {time.perf_counter() - started:.1f} s")
    appends = []
    for n in range(requests):
        status, body, _, ms = call(f"{url}/entries", {"line": the_play, "version": version,
                                                       "client_id": f"play{PLAY}-{n}"}, auth)
        assert status == 201, body
        appends.append(ms)
        status, body, _, _ = call(f"{url}/undo", {"version": version + 1, "client_id": f"undo-{n}"}, auth)
        assert status == 201, body
        version = json.loads(body)["version"]
    call(f"{url}/entries", {"line": the_play, "version": version, "client_id": "last"}, auth)
    full, polled = [], []
    status, body, headers, _ = call(url)
    etag = headers["ETag"]
    for _ in range(requests):
        status, body, _, ms = call(url)
        assert status == 200
        full.append(ms)
        status, _, _, ms = call(url, headers={"If-None-Match": etag})
        assert status == 304
        polled.append(ms)
    print(f"{'request':<44} {'median ms':>10} {'p95 ms':>8}   ({requests} requests each)")
    print(figures(f"POST entries: append play {PLAY}", appends))
    print(figures(f"GET /api/live/<id> ({len(body) / 1024:.0f} KiB body)", full))
    print(figures("GET /api/live/<id> with If-None-Match (304)", polled))


# ---------------------------------------------------------------- a long game

def long_lines(entries: int) -> list[str]:
    """The header and first lines of a long random game: `entries` lines, the last one a play."""
    lines = ['[Variant "standard"]'] + game_lines(entries // 40)
    while not is_play(lines[entries - 1]):
        entries -= 1
    return lines[:entries]


def seeded(app, database: Path, lines: list[str]) -> tuple[str, dict, int]:
    """A live game holding `lines`, put in the store directly: its url, the edit header and its version."""
    status, body, _, _ = call("/api/live", {"variant": "standard"})
    created = json.loads(body)
    game_id = created["id"]
    entries = [Entry(i, line) for i, line in enumerate(lines, start=1)]
    with sqlite3.connect(database) as conn:
        conn.execute("update live_games set entries = ? where game_id = ?",
                     [json.dumps([[e.id, e.text] for e in entries]), game_id])
        conn.execute("update live_events set lines = ? where game_id = ?", [json.dumps(lines), game_id])
        conn.execute("update games set raw = ?, text = ? where id = ?", [live_log(entries).text] * 2 + [game_id])
    with app.app_context():
        rebuild(get_db())
    return f"/api/live/{game_id}", {"Authorization": f"Bearer {created['edit_token']}"}, created["version"]


def long_game(app, database: Path, count: int, requests: int, closes: int) -> None:
    lines = long_lines(count)
    started = time.perf_counter()
    url, auth, version = seeded(app, database, lines[:-1])
    print(f"\nput a game of {len(lines) - 1} entries in the store in {time.perf_counter() - started:.1f} s")
    timed: dict[str, list[float]] = {"append": [], "undo": [], "replace": []}
    last = lines[-1]
    call(f"{url}/entries", {"line": last, "version": version}, auth)  # the first event after the rebuild
    version += 1
    for n in range(requests):
        for kind, path, body in (("undo", "undo", {}), ("append", "entries", {"line": last}),
                                 ("replace", "entries", {"line": last, "replace": len(lines)})):
            status, answer, _, ms = call(f"{url}/{path}", {**body, "version": version, "client_id": f"{kind}-{n}"},
                                         auth)
            assert status == 201, answer
            version = json.loads(answer)["version"]
            timed[kind].append(ms)
    closed = []
    for _ in range(closes):
        url, auth, version = seeded(app, database, lines)
        call(f"{url}/entries", {"line": last, "replace": len(lines), "version": version}, auth)
        status, answer, _, ms = call(f"{url}/close", {"version": version + 1}, auth)
        assert status == 201, answer
        closed.append(ms)
    print(f"{'request':<44} {'median ms':>10} {'p95 ms':>8}   ({requests} requests each)")
    print(figures(f"POST entries: append entry {len(lines)}", timed["append"]))
    print(figures(f"POST undo: the last entry (of {len(lines)})", timed["undo"]))
    print(figures(f"POST entries: replace entry {len(lines)}", timed["replace"]))
    print(figures(f"POST close ({closes} games of {len(lines)} entries)", closed))


if __name__ == "__main__":
    main()
