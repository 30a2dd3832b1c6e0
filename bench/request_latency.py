"""Request latency of the web service, over real HTTP on 127.0.0.1.

    .venv/bin/python bench/request_latency.py [--requests 50]
    .venv/bin/python bench/request_latency.py --games 50000 [--connections 8] [--requests 200]

Starts the app on a temporary store with the sample games, in a thread of this process, then
sends each kind of request a bounded number of times (loopback only) and prints the median and
the 95th percentile in milliseconds. A figure to watch, not a test.

With --games, the store holds that many games (bench/reliability.py's copies of the examples), the app
runs under gunicorn's production config, and each list filter (page and API) and the game page are
asked --requests times by --connections clients at once; it prints p50 and p95 with the load average.
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


def under_load(games: int, connections: int, requests: int) -> None:
    """Each list filter and the game page at `games` stored games, `connections` clients at once."""
    from concurrent.futures import ThreadPoolExecutor
    from urllib.parse import urlencode

    from bench.reliability import LIST_FILTERS, many_games
    from tests.web.served import serving

    with tempfile.TemporaryDirectory() as folder:
        db = Path(folder) / "list.db"
        started = time.perf_counter()
        many_games(db, games)
        print(f"store of {games:,} games built in {time.perf_counter() - started:.1f} s; "
              f"{connections} connections, {requests} requests each")
        with serving(db) as server:
            paths = {f"list {urlencode(f) or '(none)'}": f"/?{urlencode({'per_page': 20, **f})}"
                     for f in LIST_FILTERS}
            paths |= {f"API {urlencode(f) or '(none)'}": f"/api/games?{urlencode({'per_page': 20, **f})}"
                      for f in LIST_FILTERS}
            paths |= {"game page /games/1": "/games/1",
                      f"game page /games/{games // 2} (a copy)": f"/games/{games // 2}"}
            print(f"{'request':<92} {'p50 ms':>7} {'p95 ms':>7}  load average")
            worst = 0.0
            with ThreadPoolExecutor(connections) as pool:
                for name, path in paths.items():
                    server.request("GET", path)
                    runs = list(pool.map(lambda _, p=path: _timed_status(server, p), range(requests)))
                    times = sorted(t for t, _ in runs)
                    statuses = {s for _, s in runs}
                    p95 = times[int(0.95 * (len(times) - 1))]
                    worst = max(worst, p95)
                    load = " ".join(f"{x:.2f}" for x in os.getloadavg())
                    print(f"{name:<92} {statistics.median(times):7.1f} {p95:7.1f}  {load}"
                          + ("" if statuses == {200} else f"  statuses {statuses}"))
            print(f"worst p95: {worst:.1f} ms")


def _timed_status(server, path: str) -> tuple[float, int]:
    started = time.perf_counter()
    status, _ = server.request("GET", path, timeout=60)
    return (time.perf_counter() - started) * 1000, status


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--requests", type=int, default=50)
    parser.add_argument("--games", type=int, default=0, help="a store of this many games, served by gunicorn")
    parser.add_argument("--connections", type=int, default=8)
    args = parser.parse_args()
    if args.games:
        if not 1 <= args.connections <= 64 or not 1 <= args.requests <= 10_000 or args.games > 1_000_000:
            parser.error("1 ≤ --connections ≤ 64, 1 ≤ --requests ≤ 10000, --games ≤ 1000000")
        under_load(args.games, args.connections, args.requests)
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
