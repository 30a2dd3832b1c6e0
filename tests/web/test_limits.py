"""What one request may ask for: chunked bodies over the size limit, games, deals and plays per upload."""
from __future__ import annotations

import io
import re
import sqlite3

import pytest

from seeplog.web.games.limits import Limits
from tests.web.helpers import LIMIT, assert_envelope, csrf_token, example, make_app

BASE = example("game-standard-1.seep")


def chunked(client, path: str, body: bytes, content_type: str, **kw):
    """A POST without Content-Length, its body streamed as a WSGI server hands over a chunked one."""
    return client.post(path, input_stream=io.BytesIO(body), content_type=content_type,
                       environ_overrides={"HTTP_TRANSFER_ENCODING": "chunked", "wsgi.input_terminated": True}, **kw)


def count(app) -> int:
    with sqlite3.connect(app.config["DATABASE"]) as conn:
        return conn.execute("select count(*) from games").fetchone()[0]


def test_a_chunked_upload_within_the_limit_is_stored_whole(app, client):
    response = chunked(client, "/api/games", BASE, "text/plain")
    assert response.status_code == 201
    stored = client.get(f"/api/games/{response.json['id']}").json
    assert stored["raw"] == BASE.decode()


def test_a_chunked_api_upload_over_the_limit_is_413_and_stores_nothing(app, client):
    big = BASE + b"# padding\n" * (LIMIT // 10)
    body = assert_envelope(chunked(client, "/api/games", big, "text/plain"), 413)
    assert f"{LIMIT:,} bytes" in body["error"]
    assert count(app) == 0


def test_a_chunked_form_upload_over_the_limit_is_413_and_stores_nothing(app, client):
    token = csrf_token(client)
    boundary = "seeplogboundary"
    big = BASE + b"# padding\n" * (LIMIT // 10)
    body = (f"--{boundary}\r\nContent-Disposition: form-data; name=\"csrf_token\"\r\n\r\n{token}\r\n"
            f"--{boundary}\r\nContent-Disposition: form-data; name=\"files\"; filename=\"big.seep\"\r\n"
            f"Content-Type: text/plain\r\n\r\n").encode() + big + f"\r\n--{boundary}--\r\n".encode()
    response = chunked(client, "/upload", body, f"multipart/form-data; boundary={boundary}")
    assert response.status_code == 413
    assert "The upload is too large" in response.get_data(as_text=True)
    assert count(app) == 0


def deals(n: int) -> bytes:
    """A game of n deals, each only its score written down."""
    lines = ['[Variant "standard"]', '[Event "Long night"]', ""]
    for k in range(1, n + 1):
        lines += [f"deal {k} dealer {'NESW'[(k - 1) % 4]}", "score NS 20 EW 10", ""]
    return "\n".join(lines).encode()


@pytest.mark.parametrize("setting, limits, log, words", [
    ("SEEPLOG_MAX_DEALS", Limits(deals=10), deals(11),
     "game 1 of this file has too many deals: it holds 11; the limit is 10"),
    ("SEEPLOG_MAX_GAMES", Limits(games=2), BASE + b"\n" + BASE.replace(b"Kiran", b"Kirat") + b"\n"
     + BASE.replace(b"Kiran", b"Kiraz"), "game count: it holds 3; the limit is 2"),
    ("SEEPLOG_MAX_PLAYS", Limits(plays=5), BASE, "has too many plays: it holds"),
])
def test_more_work_than_the_limits_is_413_naming_the_limit_and_its_setting(tmp_path, setting, limits, log, words):
    app = make_app(tmp_path / "s.db", UPLOAD_LIMITS=limits)
    client = app.test_client()
    body = assert_envelope(client.post("/api/games", data=log, content_type="text/plain"), 413)
    assert words in body["error"] and setting in body["error"]
    page = client.post("/upload", data={"csrf_token": csrf_token(client), "text": log.decode()})
    assert setting in page.get_data(as_text=True)
    assert count(app) == 0


def test_the_limits_come_from_the_environment(tmp_path, monkeypatch):
    monkeypatch.setenv("SEEPLOG_MAX_DEALS", "7")
    monkeypatch.setenv("SEEPLOG_MAX_GAMES", "3")
    monkeypatch.setenv("SEEPLOG_MAX_PLAYS", "60")
    app = make_app(tmp_path / "e.db")
    assert app.config["UPLOAD_LIMITS"] == Limits(games=3, deals=7, plays=60)
    client = app.test_client()
    assert client.post("/api/games", data=deals(7), content_type="text/plain").status_code == 201
    assert client.post("/api/games", data=deals(8), content_type="text/plain").status_code == 413


def test_the_report_is_built_once_at_upload_and_served_from_its_analysis(app, client, monkeypatch):
    import seeplog.analysis

    built = []
    build = seeplog.analysis.build
    monkeypatch.setattr(seeplog.analysis, "build", lambda text, **kw: built.append(text) or build(text, **kw))
    seeplog.analysis.forget_analyses()
    first = client.post("/api/games", data=BASE, content_type="text/plain").json
    assert client.get(f"/api/games/{first['id']}/report").json == first["report"]
    again = client.post("/api/games", data=BASE, content_type="text/plain")
    assert again.status_code == 200 and again.json["report"] == first["report"]
    assert len(built) == 1


def test_a_long_log_is_shown_in_parts_and_not_replayed_on_every_view(tmp_path, monkeypatch):
    import seeplog.analysis

    app = make_app(tmp_path / "long.db", UPLOAD_LIMITS=Limits(deals=1000))
    client = app.test_client()
    game_id = client.post("/api/games", data=deals(450), content_type="text/plain").json["id"]
    replays = []
    build = seeplog.analysis.build
    monkeypatch.setattr(seeplog.analysis, "build", lambda text, **kw: replays.append(1) or build(text, **kw))

    def rows_and_lines(part: int) -> tuple[list[str], list[int]]:
        page = client.get(f"/games/{game_id}?part={part}").get_data(as_text=True)
        sheet = page[page.index('class="scoresheet"'):page.index("</tbody>", page.index('class="scoresheet"'))]
        deals_shown = re.findall(r'<td class="num deal"><a href="#L\d+">(\d+)</a></td>', sheet)
        return deals_shown, [int(n) for n in re.findall(r'<tr id="L(\d+)"', page)]

    first, lines = rows_and_lines(1)
    assert first == [str(n) for n in range(1, 201)] and lines[0] == 1
    second, lines = rows_and_lines(2)
    assert second == [str(n) for n in range(201, 401)]
    deal_201 = deals(450).decode().splitlines().index("deal 201 dealer N") + 1
    assert lines[0] == deal_201 and lines[-1] == deal_201 + 3 * 200 - 1
    assert rows_and_lines(3)[0] == [str(n) for n in range(401, 451)]
    assert rows_and_lines(99)[0] == rows_and_lines(3)[0]  # past the end: the last part
    assert 'rel="prev"' in client.get(f"/games/{game_id}?part=2").get_data(as_text=True)
    before = len(replays)
    for _ in range(3):
        client.get(f"/games/{game_id}?part=2")
    assert len(replays) == before


def test_a_file_of_more_deals_than_all_its_games_may_hold_is_refused_before_it_is_read(tmp_path, monkeypatch):
    from seeplog.web.games import store as store_module

    app = make_app(tmp_path / "pre.db", UPLOAD_LIMITS=Limits(games=2, deals=10))
    monkeypatch.setattr(store_module, "read", lambda upload: pytest.fail("the log was read"))
    body = assert_envelope(app.test_client().post("/api/games", data=deals(21), content_type="text/plain"), 413)
    assert "holds 21 deals; the most a file may hold is 20" in body["error"]
    assert "SEEPLOG_MAX_GAMES" in body["error"] and "SEEPLOG_MAX_DEALS" in body["error"]
