"""Several gunicorn workers on one store: concurrent uploads, the same log at once, fresh and upgraded starts.

Real processes (gunicorn from the venv, 127.0.0.1, a temporary store); a few seconds in all.
"""
from __future__ import annotations

import http.client
import json
import os
import socket
import sqlite3
import threading
import time
from collections import Counter
from concurrent.futures import ThreadPoolExecutor

from seeplog.web.db import init_db
from seeplog.web.startup import prepare
from seeplog.fingerprint import library_fingerprint
from tests.web.helpers import example
from tests.web.served import ROOT, serving

BASE = example("game-standard-1.seep").decode()


def distinct_log(n: int) -> str:
    """The same game under another event name: another log."""
    return BASE.replace("[Variant", f'[Event "Load {n}"]\n[Variant', 1)


def rows(db, sql: str) -> list[tuple]:
    with sqlite3.connect(db) as conn:
        return conn.execute(sql).fetchall()


def test_concurrent_distinct_uploads_are_all_stored(tmp_path):
    db = tmp_path / "store.db"
    clients, each = 8, 12
    with serving(db) as server:
        def client(c: int) -> list[int]:
            return [server.upload(distinct_log(c * each + k))[0] for k in range(each)]

        with ThreadPoolExecutor(clients) as pool:
            statuses = Counter(s for batch in pool.map(client, range(clients)) for s in batch)
        assert server.errors().count("Traceback") == 0, server.errors()
        big = (BASE + "# padding\n" * 120_000).encode()  # over the default 1 MiB
        conn = http.client.HTTPConnection("127.0.0.1", server.port, timeout=30)
        try:
            conn.request("POST", "/api/games", body=iter([big[i:i + 65536] for i in range(0, len(big), 65536)]),
                         headers={"Content-Type": "text/plain"}, encode_chunked=True)
            with conn.getresponse() as response:
                too_large, _ = response.status, response.read()
        finally:
            conn.close()
    assert statuses == {201: clients * each}
    assert too_large == 413
    assert rows(db, "select count(*) from games where event like 'Load %'") == [(clients * each,)]
    assert rows(db, "select count(*) from games where raw like '%# padding%'") == [(0,)]
    assert rows(db, "pragma integrity_check") == [("ok",)]


def test_the_same_log_sent_at_once_is_stored_once(tmp_path):
    db = tmp_path / "store.db"
    clients = 8
    with serving(db) as server:
        for attempt in range(3):
            text = distinct_log(1000 + attempt)
            barrier = threading.Barrier(clients)

            def client(_: int, text: str = text, barrier: threading.Barrier = barrier) -> tuple[int, int]:
                barrier.wait()
                status, body = server.upload(text)
                return status, json.loads(body)["id"]

            with ThreadPoolExecutor(clients) as pool:
                answers = list(pool.map(client, range(clients)))
            assert sorted(s for s, _ in answers) == [200] * (clients - 1) + [201]
            assert len({i for _, i in answers}) == 1
            assert rows(db, f"select count(*) from games where event = 'Load {1000 + attempt}'") == [(1,)]


def test_fresh_starts_of_four_workers_all_serve(tmp_path):
    for attempt in range(2):
        db = tmp_path / f"fresh{attempt}.db"
        with serving(db, env={"SEEPLOG_WORKERS": "4"}) as server:
            answers = [server.request("GET", "/api/games?per_page=100") for _ in range(8)]
            log = server.errors()
        assert all(status == 200 for status, _ in answers)
        assert "Worker failed to boot" not in log and "Traceback" not in log, log
        assert "Using worker: seeplog.web.balanced_worker.BalancedThreadWorker" in log  # gunicorn.conf.py was read
        samples = rows(db, "select count(*) from games")[0][0]
        assert samples >= 5 and json.loads(answers[0][1])["total"] == samples
        assert rows(db, "select count(*) from migrations")[0][0] == len(
            list((ROOT / "schema" / "migrations").glob("*.sql")))


def test_a_start_after_a_library_change_serves_at_once_and_rederives_in_the_background(tmp_path):
    db = tmp_path / "old.db"
    store = init_db(str(db))
    prepare(store, samples=True)
    store.close()
    with sqlite3.connect(db) as conn:
        conn.execute("update meta set value = 'old' where key = 'derived_with'")
        conn.execute("update games set derived_with = 'old', result = 'stale'")
        conn.execute("delete from violations")
    with serving(db) as server:
        assert server.request("GET", "/")[0] == 200
        for _ in range(100):
            if rows(db, "select value from meta where key = 'derived_with'") == [(library_fingerprint(),)]:
                break
            threading.Event().wait(0.1)
        log = server.errors()
    assert "Traceback" not in log, log
    assert rows(db, "select value from meta where key = 'derived_with'") == [(library_fingerprint(),)]
    assert rows(db, "select count(*) from games where result = 'stale' or derived_with is not "
                    f"'{library_fingerprint()}'") == [(0,)]
    assert rows(db, "select count(*) from violations")[0][0] > 0


def test_slow_clients_do_not_stall_the_service(tmp_path):
    """More clients than workers send a request slowly; another client is still answered at once."""
    with serving(tmp_path / "slow.db", args=tuple(os.environ.get("SEEPLOG_TEST_GUNICORN_ARGS", "").split())) as server:
        slow = []
        try:
            for _ in range(8):
                sock = socket.create_connection(("127.0.0.1", server.port), timeout=5)
                sock.sendall(b"POST /api/games HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: text/plain\r\n"
                             b"Content-Length: 100000\r\n\r\n[Variant")
                slow.append(sock)
            time.sleep(0.5)
            start = time.monotonic()
            status, _ = server.request("GET", "/api/games?per_page=1", timeout=10)
            took = time.monotonic() - start
        finally:
            for sock in slow:
                sock.close()
    assert status == 200 and took < 2, took


def test_the_address_for_writes_first_serves_beside_the_ordinary_one(tmp_path):
    with socket.socket() as holder:  # a free port outside the tests' range, which serving takes from
        holder.bind(("127.0.0.1", 0))
        writes = holder.getsockname()[1]
    address = f"127.0.0.1:{writes}"
    with serving(tmp_path / "writes.db", workers=2, env={"SEEPLOG_WRITE_BIND": address},
                 args=("-b", address)) as server:
        conn = http.client.HTTPConnection("127.0.0.1", writes, timeout=30)
        conn.request("POST", "/api/live", json.dumps({"variant": "standard"}), {"Content-Type": "application/json"})
        started = conn.getresponse()
        game = json.loads(started.read())
        conn.close()
        status, _ = server.request("GET", f"/live/{game['id']}/board")
        log = server.errors()
    assert started.status == 201 and status == 200
    listening = next(line for line in log.splitlines() if "Listening at:" in line)
    assert f"http://{address}" in listening and f"http://127.0.0.1:{server.port}" in listening
