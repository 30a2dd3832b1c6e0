"""In headless chromium, at 390x844 (a phone) and at desktop size: the scoresheet page of a game whose deal 2
score cannot be known (RULES.md §8.5) tells a reader which rows are provisional and why, says that any seat
may deal after deal 2, and draws the provisional part of the running lead apart. Screenshots go to
test-artifacts/browser/.

Marked `browser` like tests/web/test_browser.py, whose server and chromium fixtures it uses.
"""
from __future__ import annotations

import pytest

from tests.web.test_browser import SHOTS, base_url, browser_type_launch_args, live_server  # noqa: F401
from tests.web.test_browser_small_screens import SIZES, overflow, shot, upload

pytestmark = pytest.mark.browser
WHY = "Deal 2's score is not known: the lead from here on is provisional"


@pytest.mark.parametrize("size", SIZES)
def test_the_scoresheet_of_a_game_cut_in_deal_2_says_which_rows_are_provisional_and_why(page, base_url, size):
    page.set_viewport_size(SIZES[size])
    page.goto(upload(page, base_url, "provisional.seep"))
    note = page.locator("p.provisional-why")
    assert note.is_visible() and WHY in note.inner_text() and "deals 2 to 5" in note.inner_text()
    rows = page.locator("table.scoresheet tbody tr")
    marked = [rows.nth(i).locator(".provisional-mark").count() == 1 for i in range(rows.count())]
    assert marked == [False, True, True, True, True]
    classes = [rows.nth(i).get_attribute("class") or "" for i in range(rows.count())]
    assert ["provisional" in c.split() for c in classes] == marked
    assert rows.nth(1).locator("td.seat").first.inner_text() == "any seat may deal"
    assert rows.nth(2).locator("td.seat").first.inner_text() != "any seat may deal"
    mark = rows.nth(3).locator(".provisional-mark")
    assert mark.get_attribute("title").startswith("deal 2's score is not known")
    # the note stands right under the scoresheet, before the chart; on a phone it fits the screen
    note_box, chart_box = note.bounding_box(), page.locator("figure.chart").first.bounding_box()
    assert note_box["y"] < chart_box["y"] and note_box["x"] >= 0
    assert note_box["x"] + note_box["width"] <= SIZES[size]["width"]
    assert page.locator("svg path.lead-line.provisional").count() == 1
    assert page.locator("svg g.point.provisional").count() == 4
    assert "dashed line and hollow dots: provisional" in page.locator("figure.chart figcaption").inner_text()
    assert overflow(page) <= 0
    assert "R-DEALER" not in page.locator("table.findings").inner_text()
    shot(page, f"provisional-{size}")
    page.locator("table.scoresheet").scroll_into_view_if_needed()
    page.screenshot(path=str(SHOTS / f"provisional-{size}-sheet.png"))  # what the window shows there
