"""The championship bench's short run (bench/championship.py): 20 tables and 200 followers for 20 s under
gunicorn's production config. No timing is asserted: every request answers, and every entry is stored once."""
from __future__ import annotations

import gzip
import http.client
import importlib.util
import json
import shutil
import sys
import tempfile
from functools import partial
from pathlib import Path

import pytest

BENCH = Path(__file__).resolve().parents[2] / "bench" / "championship.py"


def asked(port: int, method: str, path: str, body: dict | None = None, **headers: str):
    """One request to 127.0.0.1:`port`: its status, its headers (names in lower case) and its body's bytes."""
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
    conn.request(method, path, json.dumps(body) if body else None, {"Content-Type": "application/json", **headers})
    answer = conn.getresponse()
    got = answer.status, {k.lower(): v for k, v in answer.getheaders()}, answer.read()
    conn.close()
    return got


def championship():
    spec = importlib.util.spec_from_file_location("championship_bench", BENCH)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # its dataclasses look their module up
    spec.loader.exec_module(module)
    return module


@pytest.mark.slow
def test_a_short_championship_stores_every_entry_once_without_an_error():
    bench = championship()
    result = bench.run(20, 200, 20.0, seed=24)
    figures = result.figures
    assert not figures.errors, figures.errors
    assert not result.wrong, result.wrong
    assert len(figures.sent) == 20 and all(figures.sent.values())
    assert sum(len(lines) for lines in figures.sent.values()) == len(figures.write_ms)
    assert figures.polls[200] >= 20 and set(figures.polls) <= {200, 304}



@pytest.mark.slow
def test_followers_sent_by_wrk_through_nginx_are_counted_and_kept_off_the_origin():
    bench = championship()
    result = bench.run(5, 400, 8.0, seed=24, through_nginx=True, wrk=True)
    followers = result.figures.wrk
    assert not result.figures.errors and not result.wrong
    assert followers is not None and followers.other_status == 0 and followers.socket_errors == 0
    assert followers.ok >= 5 and followers.not_modified > followers.ok  # a table changes every 3 s, polls every 2 s
    assert result.origin_follow_requests is not None and result.origin_follow_requests < followers.polls / 4


@pytest.mark.slow
@pytest.mark.parametrize("write_bind", [True, False])
def test_nginx_sends_what_changes_something_to_the_address_for_writes_and_the_reads_to_the_other(monkeypatch,
                                                                                               write_bind):
    """deploy/nginx-seeplog.conf: every request but GET and HEAD goes to SEEPLOG_WRITE_BIND's address; without
    it set (nothing listens there), to the one address, nginx's backup."""
    bench = championship()
    monkeypatch.setenv("GUNICORN_CMD_ARGS", "--access-logformat '%(m)s %(U)s port=%({SERVER_PORT}e)s'")
    with tempfile.TemporaryDirectory(prefix="seeplog-routes-") as tmp:  # under /tmp: nginx's workers reach it
        reached = routes(bench, Path(tmp), write_bind)
    assert reached == {"POST /api/live": "writes" if write_bind else "origin", "GET /live/1/board": "origin",
                       "GET /api/live/1": "origin"}


def routes(bench, tmp_path: Path, write_bind: bool) -> dict[str, str]:
    """Which address each request reached ('writes' or 'origin'), through nginx."""
    origin, writes, listen = bench.free_port(), bench.free_port(), bench.free_port()
    server = bench.start_gunicorn(tmp_path, origin, writes if write_bind else None)
    proxy = bench.start_nginx(tmp_path, listen, origin, writes)
    try:
        def ask(method: str, path: str, body: dict | None = None) -> int:
            conn = http.client.HTTPConnection("127.0.0.1", listen, timeout=30)
            conn.request(method, path, json.dumps(body) if body else None, {"Content-Type": "application/json"})
            status = conn.getresponse().status
            conn.close()
            return status
        assert ask("POST", "/api/live", {"variant": "standard"}) == 201
        assert ask("GET", "/live/1/board") == 200 and ask("GET", "/api/live/1") == 200
    finally:
        bench.stop(proxy)
        bench.stop(server)
    names = {str(origin): "origin", str(writes): "writes"}
    return {request: names[port] for request, port in
            (line.split(" port=") for line in (tmp_path / "access.log").read_text().splitlines())}


@pytest.mark.slow
def test_nginx_serves_a_published_board_and_its_etag_moves_with_each_entry():
    """deploy/nginx-seeplog.conf in front of the production config with SEEPLOG_PUBLISH_BOARDS: the first poll of
    a board reaches the service, which publishes it; nginx serves the later ones from the file, and answers
    If-None-Match itself, until an entry changes the game; the keep page's `?parts=` still reaches the service."""
    bench = championship()
    with tempfile.TemporaryDirectory(prefix="seeplog-published-") as tmp:  # under /tmp: nginx's workers reach it
        folder = Path(tmp)
        origin, listen = bench.free_port(), bench.free_port()
        server = bench.start_gunicorn(folder, origin, publish=True)
        proxy = bench.start_nginx(folder, listen, origin)
        try:
            ask = partial(asked, listen)

            status, _, body = ask("POST", "/api/live", {"variant": "standard"})
            started = json.loads(body)
            auth = {"Authorization": f"Bearer {started['edit_token']}"}
            first = ask("GET", "/live/1/board")
            assert first[0] == 200 and first[1].get("x-cache-status") == "MISS"  # from the service
            served = ask("GET", "/live/1/board")
            assert served[0] == 200 and "x-cache-status" not in served[1]  # from the file
            assert served[2] == first[2] and served[1]["cache-control"] == "public, max-age=1"
            assert "last-modified" not in served[1] and served[1]["content-type"] == "text/html; charset=utf-8"
            assert ask("GET", "/live/1/board", **{"If-None-Match": served[1]["etag"]})[0] == 304
            status, _, _ = ask("POST", "/api/live/1/entries", {"version": 1, "line": "deal 1 dealer N"}, **auth)
            assert status == 201
            after = ask("GET", "/live/1/board", **{"If-None-Match": served[1]["etag"]})
            assert after[0] == 200 and "x-cache-status" not in after[1] and after[1]["etag"] != served[1]["etag"]
            assert b'data-version="2"' in after[2]
            part = ask("GET", "/live/1/board?parts=floor,ledger")
            assert part[0] == 200 and "x-cache-status" in part[1]
        finally:
            bench.stop(proxy)
            bench.stop(server)
            shutil.rmtree(bench.boards_folder(folder), ignore_errors=True)
        board_requests = [line for line in (folder / "access.log").read_text().splitlines() if "/board" in line]
    assert len(board_requests) == 2  # the first poll and the keep page's part


@pytest.mark.slow
@pytest.mark.parametrize("own_ports", [True, False])
def test_each_games_entries_reach_one_worker_its_own(monkeypatch, own_ports):
    """SEEPLOG_GAME_PORTS with deploy/nginx-seeplog.conf: every worker listens on a port of its own, and a
    game's entries all reach the same one (which keeps the game's analysis); without the ports, the entries
    reach the writes' address, as before."""
    bench = championship()
    monkeypatch.setenv("GUNICORN_CMD_ARGS", "--access-logformat '%(m)s %(U)s port=%({SERVER_PORT}e)s pid=%(p)s'")
    with tempfile.TemporaryDirectory(prefix="seeplog-game-ports-") as tmp:
        folder = Path(tmp)
        origin, writes, listen = bench.free_port(), bench.free_port(), bench.free_port()
        games = bench.free_ports() if own_ports else None
        server = bench.start_gunicorn(folder, origin, writes, games=games)
        proxy = bench.start_nginx(folder, listen, origin, writes, games)
        try:
            keepers = []
            for _ in range(6):
                conn = http.client.HTTPConnection("127.0.0.1", listen, timeout=30)
                conn.request("POST", "/api/live", json.dumps({"variant": "standard"}),
                             {"Content-Type": "application/json"})
                keepers.append(json.loads(conn.getresponse().read()))
                conn.close()
            for line in ("deal 1 dealer N", "floor Kh Jc 9s 2s", "bid W 11", "W Kh"):
                for keeper in keepers:
                    conn = http.client.HTTPConnection("127.0.0.1", listen, timeout=30)
                    conn.request("POST", f"/api/live/{keeper['id']}/entries",
                                 json.dumps({"version": keeper["version"], "line": line}),
                                 {"Content-Type": "application/json",
                                  "Authorization": f"Bearer {keeper['edit_token']}"})
                    answer = conn.getresponse()
                    assert answer.status == 201, answer.read()
                    keeper["version"] = json.loads(answer.read())["version"]
                    conn.close()
        finally:
            bench.stop(proxy)
            bench.stop(server)
        logged = [line.split() for line in (folder / "access.log").read_text().splitlines() if "/entries" in line]
    reached: dict[str, set[tuple[str, str]]] = {}
    for _, path, port, pid in logged:
        reached.setdefault(path, set()).add((port.removeprefix("port="), pid))
    assert len(reached) == 6
    ports = {port for where in reached.values() for port, _ in where}
    if own_ports:
        assert all(len(where) == 1 for where in reached.values())  # one port, one worker a game
        assert ports <= {str(games + slot) for slot in range(4)} and len(ports) > 1
    else:
        assert ports == {str(writes)}


@pytest.mark.slow
def test_nginx_gzips_the_directors_poll_and_the_pages_scripts_and_the_poll_still_gets_its_304():
    """deploy/nginx-seeplog.conf compresses JSON, HTML, CSS and JavaScript for a client that accepts gzip (the
    director's poll, resent whole on every change, was 87-118 KB); the ETag nginx then makes weak still
    answers If-None-Match with a 304, and a client that does not accept gzip gets the plain answer."""
    bench = championship()
    with tempfile.TemporaryDirectory(prefix="seeplog-gzip-") as tmp:  # under /tmp: nginx's workers reach it
        folder = Path(tmp)
        origin, listen = bench.free_port(), bench.free_port()
        server = bench.start_gunicorn(folder, origin)
        proxy = bench.start_nginx(folder, listen, origin)
        try:
            ask = partial(asked, listen)

            pairs = [[f"Gzip {2 * i}", f"Gzip {2 * i + 1}"] for i in range(21)]
            made = json.loads(ask("POST", "/api/events", {"name": "Gzip night", "variant": "standard",
                                                          "partnerships": pairs})[2])
            auth = {"Authorization": f"Bearer {made['organiser_token']}"}
            assert ask("POST", f"/api/events/{made['id']}/rounds", **auth)[0] == 201
            url = f"/api/events/{made['id']}/director"
            plain = ask("GET", url, **auth)
            zipped = ask("GET", url, **auth, **{"Accept-Encoding": "gzip"})
            assert plain[0] == zipped[0] == 200 and "content-encoding" not in plain[1]
            assert zipped[1]["content-encoding"] == "gzip" and "Accept-Encoding" in zipped[1]["vary"]
            assert json.loads(gzip.decompress(zipped[2])) == json.loads(plain[2])
            assert len(zipped[2]) * 4 < len(plain[2])
            again = ask("GET", url, **auth, **{"Accept-Encoding": "gzip", "If-None-Match": zipped[1]["etag"]})
            assert zipped[1]["etag"].startswith('W/"') and again[0] == 304
            for path in (f"/events/{made['id']}", "/assets/director.js", "/assets/director.css"):
                assert ask("GET", path, **{"Accept-Encoding": "gzip"})[1].get("content-encoding") == "gzip", path
        finally:
            bench.stop(proxy)
            bench.stop(server)
