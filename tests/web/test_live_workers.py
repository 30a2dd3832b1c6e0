"""A live game under gunicorn with several worker processes: writers racing with the same version, and
a retry sent by several connections at once."""
from __future__ import annotations

import json
import sqlite3
import threading
from concurrent.futures import ThreadPoolExecutor

from tests.web.served import serving


def _post(server, path: str, body: dict, token: str | None = None) -> tuple[int, dict]:
    headers = {"Content-Type": "application/json", **({"Authorization": f"Bearer {token}"} if token else {})}
    status, raw = server.request("POST", path, json.dumps(body).encode(), headers)
    return status, json.loads(raw)


def test_racing_writers_on_four_workers_one_wins_and_a_retry_is_stored_once(tmp_path):
    db = tmp_path / "store.db"
    writers = 8
    with serving(db) as server:
        status, created = _post(server, "/api/live", {"variant": "standard"})
        assert status == 201
        game, token, version = created["id"], created["edit_token"], created["version"]
        path = f"/api/live/{game}/entries"
        status, answer = _post(server, path, {"line": "deal 1 dealer N", "version": version}, token)
        version = answer["version"]
        for round_ in range(3):
            barrier = threading.Barrier(writers)

            def write(n: int, round_: int = round_, version: int = version,
                      barrier: threading.Barrier = barrier) -> tuple[int, dict]:
                barrier.wait()
                return _post(server, path, {"line": f"score NS {40 + n} EW {60 - n}", "version": version,
                                            "client_id": f"r{round_}w{n}"}, token)

            with ThreadPoolExecutor(writers) as pool:
                answers = list(pool.map(write, range(writers)))
            assert sorted(s for s, _ in answers) == [201] + [409] * (writers - 1), answers
            assert all(a["version"] == version + 1 for _, a in answers)
            version += 1
            status, undone = _post(server, f"/api/live/{game}/undo", {"version": version}, token)
            assert status == 201
            version = undone["version"]

        barrier = threading.Barrier(writers)

        def retry(_: int) -> tuple[int, dict]:
            barrier.wait()
            return _post(server, path, {"line": "floor Kh Jc 9s 2s", "version": version, "client_id": "once"}, token)

        with ThreadPoolExecutor(writers) as pool:
            answers = list(pool.map(retry, range(writers)))
        assert {s for s, _ in answers} == {201} and len({json.dumps(a) for _, a in answers}) == 1
        assert server.errors().count("Traceback") == 0, server.errors()
    with sqlite3.connect(db) as conn:
        events = conn.execute("select kind, client_id from live_events where game_id = ? order by version",
                              [game]).fetchall()
        assert [k for k, _ in events] == ["create", "append"] + ["append", "undo"] * 3 + ["append"]
        assert [c for _, c in events].count("once") == 1
        assert conn.execute("pragma integrity_check").fetchone() == ("ok",)
