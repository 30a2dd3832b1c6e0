"""Request latency of the web service, over real HTTP on 127.0.0.1.

    .venv/bin/python bench/request_latency.py [--requests 50]

Starts the app on a temporary store with the sample games, in a thread of this process, then
sends each kind of request a bounded number of times (loopback only) and prints the median and
the 95th percentile in milliseconds. A figure to watch, not a test.
"""
from __future__ import annotations

import argparse
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


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--requests", type=int, default=50)
    args = parser.parse_args()
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
