"""Bounded answers: whatever a 1 MiB upload holds, its JSON report stays under 2 MB and its pages under 5 MB,
or it is refused with 413 naming the limit and its setting (and nothing is stored)."""
from __future__ import annotations

import pytest

from app import create_app
from seeplog.web.games.limits import Limits
from tests.web.helpers import assert_envelope, example, make_app

MIB = 1024 * 1024
BASE = example("game-standard-1.seep").decode()
REPORT_MOST, PAGE_MOST = 2_000_000, 5_000_000


@pytest.fixture
def client(tmp_path):
    return make_app(tmp_path / "seeplog.db", MAX_CONTENT_LENGTH=MIB, MAX_FORM_MEMORY_SIZE=MIB).test_client()


def fill(text: str, line: str) -> str:
    """`text` and then `line` again and again, up to 1 MiB."""
    return text + line * ((MIB - len(text.encode())) // len(line.encode()))


def stored_count(client) -> int:
    return client.get("/api/games").json["total"]


@pytest.mark.parametrize("body, setting", [
    (fill("", '[Event "x"]\n'), "SEEPLOG_MAX_TAGS"),
    (fill(BASE, '[Site "y"]\n'), "SEEPLOG_MAX_TAGS"),
    ("".join(f"[T{i} \"x\"]\n" for i in range(70_000)), "SEEPLOG_MAX_TAGS"),
    (BASE.replace("Club night 1", "x" * (MIB - 2 * len(BASE))), "SEEPLOG_MAX_TAG_LENGTH"),
], ids=["repeated-event", "game-then-tags", "unknown-tags", "long-tag"])
def test_tag_lines_beyond_the_limits_are_refused(client, body, setting):
    assert len(body.encode()) <= MIB
    response = client.post("/api/games", data=body.encode(), content_type="text/plain")
    assert setting in assert_envelope(response, 413)["error"]
    assert stored_count(client) == 0


@pytest.mark.slow
def test_findings_past_the_limit_are_counted_not_listed(client):
    body = fill(BASE, "zz\n")
    response = client.post("/api/games", data=body.encode(), content_type="text/plain")
    assert response.status_code == 201 and len(response.data) < REPORT_MOST
    game = response.json["report"]["games"][0]
    listed = len(game["errors"]) + sum(len(d["errors"]) + len(d["violations"]) for d in game["deals"])
    assert listed == Limits().findings and game["findings_not_listed"] > 300_000 - listed
    game_id = response.json["id"]
    assert len(client.get(f"/api/games/{game_id}/report").data) < REPORT_MOST
    assert len(client.get(f"/games/{game_id}.json").data) < REPORT_MOST
    page = client.get(f"/games/{game_id}")
    html = page.get_data(as_text=True)
    assert page.status_code == 200 and len(page.data) < PAGE_MOST
    found = game["findings_not_listed"] + listed  # every 'zz' line, one finding each: one run, listed once
    assert f"({found - 1:,} lines)." in html and '<tr class="error">' in html and " more (the JSON report" not in html
    assert "more lines, not shown here" in html


def test_a_report_past_its_limit_is_refused(client):
    deals = "".join(f"deal {d} dealer N\nfloor Kh Kh Kh Kh\nbid W 99\nW Zz\n" for d in range(1, 201))
    body = "\n".join(f'[Event "g{g}"]\n{deals}' for g in range(20))
    response = client.post("/api/games", data=body.encode(), content_type="text/plain")
    assert "SEEPLOG_MAX_REPORT" in assert_envelope(response, 413)["error"]
    assert stored_count(client) == 0


@pytest.mark.parametrize("line", ['N ' + '"' * (MIB - 2000), "W " + "Q" * (MIB - 2000), "<&>" * 300_000])
def test_a_page_of_a_long_line_stays_small(client, line):
    response = client.post("/api/games", data=(BASE + line + "\n").encode(), content_type="text/plain")
    assert response.status_code == 201 and len(response.data) < REPORT_MOST
    assert len(client.get(f"/games/{response.json['id']}").data) < PAGE_MOST


def test_the_limits_are_read_from_their_settings(tmp_path, monkeypatch):
    for name, value in (("SEEPLOG_MAX_TAGS", "7"), ("SEEPLOG_MAX_TAG_LENGTH", "80"), ("SEEPLOG_MAX_FINDINGS", "9"),
                        ("SEEPLOG_MAX_REPORT", "5000")):
        monkeypatch.setenv(name, value)
    app = create_app({"TESTING": True, "DATABASE": str(tmp_path / "s.db"), "LOAD_SAMPLES": False,
                      "SECRET_KEY": "t"})
    limits = app.config["UPLOAD_LIMITS"]
    assert (limits.tags, limits.tag_length, limits.findings, limits.report) == (7, 80, 9, 5000)
