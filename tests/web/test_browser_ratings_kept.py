"""In headless chromium, at 390x844 (a phone) and at desktop size: while the kept ratings are being brought up
to date off the request path (a game stored early in the order), the leaderboard and a player's page say so,
and fit the screen; once the work is done, the notice is gone. Screenshots go to test-artifacts/browser/.

Marked `browser` like tests/web/test_browser.py, whose server (in this process) and chromium fixtures it uses.
"""
from __future__ import annotations

import time

import pytest

from seeplog.web.clubs import ratings_store
from tests.web.clubs_helpers import named
from tests.web.test_browser import SHOTS, base_url, browser_type_launch_args, live_server  # noqa: F401
from tests.web.test_browser_clubs import CLUB, store_season
from tests.web.test_browser_small_screens import SIZES, overflow, shot

pytestmark = pytest.mark.browser


def store_early(page, base: str, size: str) -> None:
    """A game of the club dated before the season, new to the store (its Site names this run)."""
    text = named("game-standard-1.seep", dict(zip(("North", "South", "West", "East"), CLUB)), "2026-01-01")
    text = text.replace("[Date", f'[Site "early {size} {time.time_ns()}"]\n[Date', 1)
    answer = page.request.post(base + "/api/games", data=text.encode(), headers={"Content-Type": "text/plain"})
    assert answer.status == 201, answer.text()


@pytest.mark.parametrize("size", SIZES)
def test_the_pages_say_when_the_ratings_are_being_brought_up_to_date(page, base_url, size, monkeypatch):
    page.set_viewport_size(SIZES[size])
    store_season(page, base_url)
    monkeypatch.setattr(ratings_store, "INLINE_LIMIT", 0)  # any rating again is long: left to the work below
    monkeypatch.setattr(ratings_store, "ask_off_request", lambda db: None)
    store_early(page, base_url, size)
    page.goto(base_url + "/leaderboard")
    notice = page.locator("p.ratings-updating")
    assert "being brought up to date from the games of Jan 1, 2026" in notice.inner_text()  # as English writes it
    assert overflow(page) <= 0
    shot(page, f"ratings-updating-leaderboard-{size}")
    page.locator("table.leaderboard a").first.click()
    page.wait_for_selector("p.rating")
    assert page.locator("p.ratings-updating").count() == 1 and overflow(page) <= 0
    shot(page, f"ratings-updating-player-{size}")

    monkeypatch.undo()  # the next write finds the work unclaimed and starts it in a thread
    store_early(page, base_url, size + " again")
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        page.goto(base_url + "/leaderboard")
        if page.locator("p.ratings-updating").count() == 0:
            break
        time.sleep(0.5)
    assert page.locator("p.ratings-updating").count() == 0
    shot(page, f"ratings-updated-leaderboard-{size}")
