"""Request latency of the web service, over real HTTP on 127.0.0.1.

    .venv/bin/python bench/request_latency.py [--requests 50]
    .venv/bin/python bench/request_latency.py --games 50000 [--connections 8] [--seconds 5] [--store PATH] [--compile]

Starts the app on a temporary store with the sample games, in a thread of this process, then
sends each kind of request a bounded number of times (loopback only) and prints the median and
the 95th percentile in milliseconds. A figure to watch, not a test.

With --games, the store holds that many games (bench/reliability.py's copies of the examples; --store keeps
it in PATH and uses it again), the app runs under gunicorn's production config (gunicorn.conf.py), and each
list filter (page and API) and the game page are asked by --connections keep-alive connections at once for
--seconds each. The load comes from `wrk` (Debian's package: `apt-get install wrk`; required for --games),
a C client whose one thread costs a fraction of what Python client threads did on the same cores. For each
request it prints p50 and p95 (from wrk), requests answered, the server's CPU per request (the gunicorn
processes' user + system time from /proc, before and after, over the requests answered: a figure load does
not move much), wrk's own CPU per request, the workers gunicorn started during the row (max_requests
replaces each worker after about 100,000 requests; a new one is slower at first) and the load average. Each
request is first asked for a second on a new connection each time, not measured (every worker's caches warm).
Last, the list (page and API) asked by clients that hold it (If-None-Match): the 304 path. The servers listen
on a port from 5910 on (SEEPLOG_TEST_PORT moves the range).
"""
from __future__ import annotations

import argparse
import os
import statistics
import sys
import tempfile
import threading
import time
import urllib.request
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from werkzeug.serving import WSGIRequestHandler, make_server  # noqa: E402

from app import create_app  # noqa: E402
from bench import wrk  # noqa: E402

EXAMPLE = ROOT / "tests" / "data" / "examples" / "game-standard-2.seep"


class Quiet(WSGIRequestHandler):
    def log_request(self, *args: object, **kwargs: object) -> None:
        pass


def timed(url: str, data: bytes | None = None, headers: dict | None = None) -> float:
    request = urllib.request.Request(url, data=data, headers=headers or {})
    started = time.perf_counter()
    with urllib.request.urlopen(request) as response:
        response.read()
    return (time.perf_counter() - started) * 1000


def server_processes(master: int) -> dict[int, int]:
    """Clock ticks of CPU (user + system) of each process of gunicorn's process group; the master's include
    the workers it has reaped (its children's times), so a worker replaced between two readings is counted."""
    found = {}
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            fields = (entry / "stat").read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        if int(fields[2]) == master:  # its process group
            found[int(entry.name)] = int(fields[11]) + int(fields[12])
            if int(entry.name) == master:
                found[master] += int(fields[13]) + int(fields[14])
    return found


def requests_asked(games: int) -> dict[str, str]:
    """Each list filter (page and API) and the game page, by name."""
    from urllib.parse import urlencode

    from bench.reliability import LIST_FILTERS

    paths = {f"list {urlencode(f) or '(none)'}": f"/?{urlencode({'per_page': 20, **f})}" for f in LIST_FILTERS}
    paths |= {f"API {urlencode(f) or '(none)'}": f"/api/games?{urlencode({'per_page': 20, **f})}"
              for f in LIST_FILTERS}
    return paths | {"game page /games/1": "/games/1", f"game page /games/{games // 2} (a copy)": f"/games/{games // 2}"}


HEAD = (f"{'request':<72} {'p50 ms':>7} {'p95 ms':>7} {'answered':>8} {'server CPU':>10} {'wrk CPU':>8} "
        f"{'restarts':>8}  load average")


def measured(server, name: str, path: str, connections: int, seconds: int,
             headers: tuple[str, ...] = ()) -> float:
    """One row of the table: a second's warm-up (a connection a request, so that each worker takes some and
    fills its caches: template, analysis, count; not measured), then `seconds` of
    `connections` connections; the server's and wrk's CPU milliseconds per request, and the workers started
    while it ran (gunicorn's max_requests). Its p95."""
    url = f"http://127.0.0.1:{server.port}{path}"
    wrk.run(url, connections, 1, headers=(*headers, "Connection: close"))  # new connections: every worker's
    before, client = server_processes(server.process.pid), os.times()
    answered, errors, bad, p50, p95 = wrk.run(url, connections, seconds, headers=headers)
    after, done = server_processes(server.process.pid), os.times()
    per = 1000 / max(answered, 1)
    cpu = (sum(after.values()) - sum(before.values())) / os.sysconf("SC_CLK_TCK") * per
    wrk_cpu = (done.children_user + done.children_system - client.children_user - client.children_system) * per
    load = " ".join(f"{x:.2f}" for x in os.getloadavg())
    restarts = len(set(after) - set(before))
    print(f"{name:<72} {p50:7.1f} {p95:7.1f} {answered:8} {cpu:10.2f} {wrk_cpu:8.3f} {restarts:8}  {load}"
          + (f"  errors {errors}, not 2xx/3xx {bad}" if errors or bad else ""))
    return p95


def under_load(games: int, connections: int, seconds: int, kept: Path | None) -> None:
    """Each list filter and the game page at `games` stored games, `connections` connections at once; then
    the list asked again by clients that hold it (If-None-Match: a 304)."""
    from tests.web.served import serving

    with tempfile.TemporaryDirectory() as folder:
        db = kept or Path(folder) / "list.db"
        made_store(db, games)
        print(f"{connections} connections (wrk, one thread), {seconds:g} s each; {bytecode()}; CPU in ms per "
              f"request; restarts: workers started during the run")
        print(HEAD)
        with serving(db) as server:
            p95s = [measured(server, name, path, connections, seconds)
                    for name, path in requests_asked(games).items()]
            for name, path in (("list (none), held: 304", "/?per_page=20"),
                               ("API (none), held: 304", "/api/games?per_page=20")):
                etag = http_etag(server, path)
                measured(server, name, path, connections, seconds, (f"If-None-Match: {etag}",))
        print(f"worst p95: {max(p95s):.1f} ms; {sum(p < 50 for p in p95s)} of {len(p95s)} under 50 ms")


def http_etag(server, path: str) -> str:
    import http.client

    conn = http.client.HTTPConnection("127.0.0.1", server.port, timeout=30)
    try:
        conn.request("GET", path)
        response = conn.getresponse()
        response.read()
        return response.getheader("ETag") or ""
    finally:
        conn.close()


def made_store(db: Path, games: int) -> None:
    """bench/reliability.py's store of `games` games at `db`, unless one of that many, derived by this version of
    seeplog, is there already. (A store of another version would be re-derived by the server in the
    background while it is measured, and its copies made again from their one text.)"""
    import sqlite3

    from bench.reliability import many_games
    from seeplog.fingerprint import library_fingerprint

    if db.exists():
        with sqlite3.connect(db) as conn:
            held = conn.execute("select count(*) from games").fetchone()[0]
            derived = conn.execute("select value from meta where key = 'derived_with'").fetchone()
        if held == games and derived == (library_fingerprint(),):
            print(f"store of {games:,} games kept at {db}")
            return
        print(f"{db} holds {held:,} games derived by {derived}: made again")
        for path in (db, db.with_name(db.name + "-wal"), db.with_name(db.name + "-shm")):
            path.unlink(missing_ok=True)
    started = time.perf_counter()
    many_games(db, games)
    print(f"store of {games:,} games built in {time.perf_counter() - started:.1f} s")


def bytecode() -> str:
    """Whether seeplog's bytecode was compiled beforehand (else each worker compiles it in memory at start,
    before any request: PYTHONDONTWRITEBYTECODE)."""
    import importlib.util

    import seeplog

    cached = importlib.util.cache_from_source(seeplog.__file__)
    return f"seeplog bytecode {'compiled beforehand' if os.path.exists(cached) else 'not compiled beforehand'}"


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--requests", type=int, default=50)
    parser.add_argument("--games", type=int, default=0, help="a store of this many games, served by gunicorn")
    parser.add_argument("--connections", type=int, default=8)
    parser.add_argument("--seconds", type=int, default=5, help="with --games: how long each request is asked")
    parser.add_argument("--store", type=Path, help="with --games: keep the store in this file (used again if there)")
    parser.add_argument("--compile", action="store_true", help="compile seeplog's bytecode first (compileall)")
    args = parser.parse_args()
    if args.compile:
        import compileall

        compileall.compile_dir(str(ROOT / "seeplog"), quiet=1)
    if args.games:
        if not 1 <= args.connections <= 64 or not 1 <= args.seconds <= 600 or not 1 <= args.games <= 1_000_000:
            parser.error("1 ≤ --connections ≤ 64, 1 ≤ --seconds ≤ 600, 1 ≤ --games ≤ 1000000")
        if not wrk.available():
            parser.error("--games needs wrk (Debian: apt-get install wrk)")
        under_load(args.games, args.connections, args.seconds, args.store)
        return
    with tempfile.TemporaryDirectory() as folder:
        app = create_app({"DATABASE": str(Path(folder) / "bench.db"), "SECRET_KEY": "bench"})
        server = make_server("127.0.0.1", 0, app, threaded=True, request_handler=Quiet)
        threading.Thread(target=server.serve_forever, daemon=True).start()
        base = f"http://127.0.0.1:{server.server_port}"
        routes = {"games list page": "/", "game page": "/games/1", "play page": "/games/1/deals/1/plays/10",
                  "API games": "/api/games", "API report": "/api/games/1/report",
                  "API play": "/api/games/1/deals/1/plays/10"}
        print(f"{'request':<22} {'median ms':>10} {'p95 ms':>8}   ({args.requests} requests each)")
        for name, path in routes.items():
            timed(base + path)  # the first request may fill caches
            samples = sorted(timed(base + path) for _ in range(args.requests))
            print(f"{name:<22} {statistics.median(samples):10.1f} {samples[int(0.95 * len(samples)) - 1]:8.1f}")
        if EXAMPLE.exists():
            text = EXAMPLE.read_bytes()
            samples = []
            for i in range(args.requests):  # a new log each time: a comment line makes it differ
                body = text + f"\n# upload {i}\n".encode()
                samples.append(timed(base + "/api/games", body, {"Content-Type": "text/plain"}))
            samples.sort()
            print(f"{'API upload (store)':<22} {statistics.median(samples):10.1f} "
                  f"{samples[int(0.95 * len(samples)) - 1]:8.1f}")
        server.shutdown()


if __name__ == "__main__":
    main()
