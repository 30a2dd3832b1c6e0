"""The event page's organiser forms follow the event as the page polls: the line beside "Make round" said "1 table
still plays" until the page was loaded again, long after that table had closed; "Enter round 4 by hand" stayed
so after another client made round 4 (sent, it made round 5). Screenshots: test-artifacts/browser/event-hint-*.png.

Marked `browser`; it shares test_browser's server."""
from __future__ import annotations

import pytest

from tests.web import test_browser as browsing
from tests.web.test_browser import SHOTS, browser_type_launch_args  # noqa: F401
from tests.web.test_browser_event_access import PHONE, enter, make_event

pytestmark = pytest.mark.browser
live_server, base_url = browsing.live_server, browsing.base_url


def play_and_close(page, base: str, table: dict, score: str) -> None:
    for line in ("deal 1 dealer N", score):
        enter(page, base, table, line)
    game = table["game_id"]
    version = page.request.get(f"{base}/api/live/{game}").json()["version"]
    closed = page.request.post(f"{base}/api/live/{game}/close", data={"version": version},
                               headers={"Authorization": f"Bearer {table['edit_token']}"})
    assert closed.status == 201, closed.text()


def test_the_still_playing_line_goes_when_the_last_table_closes(page, base_url):
    page.set_viewport_size(PHONE)
    event, _, tables = make_event(page, base_url, "Hint")
    play_and_close(page, base_url, tables[0], "score NS 60 EW 40")
    page.goto(f"{base_url}/events/{event}")
    page.locator("details#organiser > summary").click()
    line = page.locator("#still-playing")
    assert line.inner_text().startswith("1 table still plays: round 1, table 2.")
    page.set_viewport_size({"width": 1280, "height": 800})
    page.locator("details#organiser").screenshot(path=str(SHOTS / "event-hint-one-desktop.png"))
    page.set_viewport_size(PHONE)
    play_and_close(page, base_url, tables[1], "score NS 30 EW 70")
    line.wait_for(state="hidden", timeout=10_000)
    assert line.inner_text() == ""
    page.locator("details#organiser").screenshot(path=str(SHOTS / "event-hint-none-phone.png"))


def test_the_forms_naming_the_next_round_follow_a_round_made_elsewhere(page, base_url):
    """Another client makes round 2 while the page is open: the polled rounds show it, and the organiser's forms
    name round 3 ("Make round 3", "Enter round 3 by hand", the withdrawal's "from round 3"), not round 2."""
    page.set_viewport_size(PHONE)
    event, token, _ = make_event(page, base_url, "Next round")
    page.goto(f"{base_url}/events/{event}")
    page.locator("details#organiser > summary").click()
    hand, make = page.locator("#hand-h"), page.locator("#round-submit")
    withdraw = page.locator("details#withdraw")
    assert hand.inner_text() == "Enter round 2 by hand" and make.inner_text() == "Make round 2"
    made = page.request.post(f"{base_url}/api/events/{event}/rounds", headers={"Authorization": f"Bearer {token}"})
    assert made.status == 201, made.text()
    page.locator("#round-2-table-1").wait_for(timeout=10_000)
    assert hand.inner_text() == "Enter round 3 by hand" and make.inner_text() == "Make round 3"
    assert page.get_by_role("form", name="Enter round 3 by hand").count() == 1
    withdraw.locator("summary").click()
    assert "from round 3 it is paired no more" in withdraw.locator("p.hint").inner_text()
    for size, name in (({"width": 1280, "height": 800}, "desktop"), (PHONE, "phone")):
        page.set_viewport_size(size)
        page.locator("details#organiser").screenshot(path=str(SHOTS / f"event-hint-next-round-{name}.png"))
