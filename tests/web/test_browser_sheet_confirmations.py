"""An event table's scoresheet read on a phone and heard: each deal's confirmation mark says what it means to a
screen reader (the title alone reached neither it nor a finger), and a refused score's reason is listed under the
sheet, in the reader's language. Screenshots: test-artifacts/browser/sheet-confirmations-*.png.

Marked `browser`; it shares test_browser's server."""
from __future__ import annotations

import pytest

from tests.web import test_browser as browsing
from tests.web.test_browser import SHOTS, browser_type_launch_args  # noqa: F401
from tests.web.test_browser_event_access import DESKTOP, PHONE, enter, make_event

pytestmark = pytest.mark.browser
live_server, base_url = browsing.live_server, browsing.base_url


def answer(page, base: str, table: dict, deal: int, verdict: str, reason: str = "") -> None:
    body = {"deal": deal, "verdict": verdict, **({"reason": reason} if reason else {})}
    sent = page.request.post(f"{base}/api/live/{table['game_id']}/confirmations", data=body,
                             headers={"Authorization": f"Bearer {table['confirm_token']}"})
    assert sent.status == 201, sent.text()


def test_a_refused_scores_reason_is_seen_and_every_mark_heard(page, base_url):
    _, _, tables = make_event(page, base_url, "Marks")
    table = tables[0]
    for line in ("deal 1 dealer N", "score NS 60 EW 40", "deal 2 dealer W", "score NS 30 EW 70"):
        enter(page, base_url, table, line)
    answer(page, base_url, table, 1, "confirmed")
    answer(page, base_url, table, 2, "refused", "we took 60, not 70")
    page.set_viewport_size(PHONE)
    page.goto(f"{base_url}/games/{table['game_id']}")
    refusals = page.locator("ul.refusals")
    assert refusals.inner_text() == "✗ Deal 2: EW refused this score: we took 60, not 70"
    assert refusals.is_visible()
    snapshot = page.locator("table.scoresheet").aria_snapshot()
    assert "EW confirmed this score" in snapshot and "EW refused this score: we took 60, not 70" in snapshot
    assert "✓" not in snapshot and "✗" not in snapshot  # heard as words, not as marks
    refusals.scroll_into_view_if_needed()
    page.screenshot(path=str(SHOTS / "sheet-confirmations-phone.png"))
    page.set_viewport_size(DESKTOP)
    page.screenshot(path=str(SHOTS / "sheet-confirmations-desktop.png"), full_page=True)
    page.get_by_role("button", name="हिन्दी").click()
    page.wait_for_load_state()
    assert "Deal 2" not in page.locator("ul.refusals").inner_text()
    assert "we took 60, not 70" in page.locator("ul.refusals").inner_text()
