"""The keep-score page in headless chromium, on a phone (390x844, touch) and a desktop: a whole deal by taps,
another by the notation box, a flagged play, a correction that moves the rotation, and nothing lost offline.
Screenshots go to test-artifacts/browser/live-keep-*.png.

Marked `browser` like tests/web/test_browser.py, whose server and chromium fixtures it uses.
"""
from __future__ import annotations

import json
import random
import re
import subprocess
import sys

import pytest

from seeplog.livetable import now_of, what_next
from seeplog.notation import parse
from seeplog.playout import deal_lines, random_deal
from seeplog.ruleset import VARIANTS
from tests.web.test_browser import SHOTS, base_url, browser_type_launch_args, live_server  # noqa: F401

pytestmark = pytest.mark.browser
PHONE = {"viewport": {"width": 390, "height": 844}, "has_touch": True, "is_mobile": True, "device_scale_factor": 2}
DESKTOP = {"viewport": {"width": 1280, "height": 900}}
STANDARD = VARIANTS["standard"]
MOVE_CARD = re.compile(r"^\S+\s+([^\s+=x]+)")


# ---------------------------------------------------------------- helpers

def start(page, base: str, **body) -> dict:
    """A live game started through the API (as the start page does); its answer (id, edit token, links)."""
    response = page.request.post(base + "/api/live", data={"variant": "standard", **body})
    assert response.status == 201, response.text()
    return response.json()


def send_all(page, base: str, game: dict, lines: list[str]) -> int:
    """Lines appended through the API (a setup, not what is tested); the version after them."""
    version = api_doc(page, base, game)["version"]
    for line in lines:
        response = page.request.post(f"{base}/api/live/{game['id']}/entries",
                                     data={"line": line, "version": version},
                                     headers={"Authorization": f"Bearer {game['edit_token']}"})
        assert response.status == 201, (line, response.text())
        version = response.json()["version"]
    return version


def api_doc(page, base: str, game: dict) -> dict:
    response = page.request.get(f"{base}/api/live/{game['id']}")
    assert response.status == 200
    return response.json()


def open_keep(page, base: str, game: dict) -> None:
    page.goto(base + game["edit_url"])
    settled(page)


def settled(page, timeout: float = 15_000) -> None:
    """Wait until the page says every entry is stored (the queue is empty and the view fresh)."""
    page.wait_for_function(
        "() => document.getElementById('keep-status').textContent.startsWith('all entries stored')",
        timeout=timeout)


def expect_next(page, text: str, timeout: float = 15_000) -> None:
    page.wait_for_function("t => document.getElementById('next-main').textContent.includes(t)", arg=text,
                           timeout=timeout)


def card_of(line: str) -> str:
    """The card a play line plays (its first card)."""
    return MOVE_CARD.match(line).group(1)


def validate_json(text: str, tmp_path) -> dict:
    """What `python -m seeplog validate --json` prints for the text."""
    path = tmp_path / "live.seep"
    path.write_text(text, encoding="utf-8")
    done = subprocess.run([sys.executable, "-m", "seeplog", "validate", "--json", str(path)],
                          capture_output=True, text=True, timeout=120)
    assert done.stdout, done.stderr
    return json.loads(done.stdout)


def tap_play(page, line: str) -> None:
    """One play by taps: its seat (when not the one in turn), its card, the outcome whose line matches."""
    seat = line.split()[0]
    seat_button = page.locator(f"#play-seats button[data-seat={seat}]")
    if seat_button.get_attribute("aria-pressed") != "true":
        seat_button.tap()
    page.locator(f"#picker button[data-card='{card_of(line)}']").tap()
    outcome = page.locator("#outcome-list button.outcome").filter(has_text=line.split(" ", 1)[1]).first
    outcome.wait_for(timeout=15_000)
    exact = page.locator(f"#outcome-list button.outcome[data-line='{line}']")
    (exact if exact.count() else outcome).tap()


def tap_deal(page, number: int, dealer: str, played_lines: list[str]) -> None:
    """A deal by taps: its dealer, the floor's four cards, the bid, then each play."""
    page.locator(f"#dealers button[data-seat={dealer}]").tap()
    expect_next(page, f"Deal {number} (dealer {dealer})")
    settled(page)
    floor = next(line for line in played_lines if line.startswith("floor "))
    bid = next(line for line in played_lines if line.startswith("bid "))
    for card in floor.split()[1:]:
        page.locator(f"#picker button[data-card='{card}']").tap()
    settled(page)
    _, bidder, value = bid.split()
    seat = page.locator(f"#bid-seats button[data-seat={bidder}]")
    if seat.get_attribute("aria-pressed") != "true":
        seat.tap()
    page.locator(f"#bid-values button[data-value='{value}']").tap()
    expect_next(page, f"Deal {number}, play 1 — {bidder} to play")
    settled(page)
    plays = [line for line in played_lines if line[0] in "NWSE" and line[1] == " "]
    for n, line in enumerate(plays, start=1):
        tap_play(page, line)
        if n < len(plays):
            expect_next(page, f"play {n + 1} —")
        settled(page)


# ---------------------------------------------------------------- the tests

def test_a_deal_by_taps_and_a_deal_by_the_notation_box_score_as_validate_does(browser, base_url, tmp_path):
    rng = random.Random(11)
    context = browser.new_context(**PHONE)
    page = context.new_page()
    game = start(page, base_url, players={"N": "Asha", "W": "Divya", "S": "Chetan", "E": "Bilal"})
    open_keep(page, base_url, game)
    assert "#token" not in page.url
    expect_next(page, "Deal 1 — who deals?")

    first = random_deal(STANDARD, "N", rng)
    tap_deal(page, 1, "N", deal_lines(1, "N", first))
    doc = api_doc(page, base_url, game)
    plays = [e for e in doc["entries"] if e["kind"] == "play"]
    assert len(plays) == 48

    nxt = doc["next"]
    assert nxt["kind"] == "deal" and nxt["dealer"]
    expect_next(page, f"Deal 2 — dealer {nxt['dealer']}")
    second = random_deal(STANDARD, nxt["dealer"], rng)
    box = page.locator("input[name=line]")
    for line in deal_lines(2, nxt["dealer"], second):
        box.fill(line)
        box.press("Enter")
        settled(page)
    doc = api_doc(page, base_url, game)
    assert [e["line"] for e in doc["entries"] if e["deal"] == 2][-1] == api_doc(page, base_url, game)["entries"][-1]["line"]
    assert doc["report"] == validate_json(doc["log"], tmp_path)
    assert len(doc["report"]["games"][0]["deals"]) == 2
    assert all(d["complete"] for d in doc["report"]["games"][0]["deals"])
    context.close()
