"""The card picker of the keep-score page and the last-entry bar fixed at the foot of a phone's screen
(390x844, touch): as the page opens and after each entry, the page at rest, every card of the picker is in
sight and none lies under the bar (a finger aiming at a card must not hit the bar). Screenshots go to
test-artifacts/browser/keep-bar-*.png."""
from __future__ import annotations

import pytest

from tests.web import test_browser_live_keep as keeping
from tests.web.test_browser_keep_network import six_plays_in
from tests.web.test_browser_live_keep import expect_next, settled

live_server, base_url = keeping.live_server, keeping.base_url
browser_type_launch_args = keeping.browser_type_launch_args
SHOTS = keeping.SHOTS
pytestmark = pytest.mark.browser
COVERED = """() => [...document.querySelectorAll('#picker button')].filter((b) => {
  const r = b.getBoundingClientRect();
  const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
  return r.bottom > innerHeight || !(hit && b.contains(hit));
}).map((b) => b.dataset.card)"""
"""The cards of the picker out of sight or under something else at their centre."""


def test_no_card_of_the_picker_lies_under_the_last_entry_bar(browser, base_url):
    context, page, _, problems = six_plays_in(browser, base_url, "Picker and bar")
    page.wait_for_timeout(300)  # the page at rest
    assert page.evaluate(COVERED) == []
    page.locator("#picker button[data-card='3d']").tap()
    page.locator("#outcome-list button.outcome[data-line='N 3d']").tap()
    expect_next(page, "play 8 —")
    settled(page)
    page.wait_for_timeout(300)
    page.screenshot(path=str(SHOTS / "keep-bar-after-entry.png"))
    assert page.evaluate(COVERED) == []
    assert page.locator(".keep-top").bounding_box()["y"] >= 0  # the step and the status in sight too
    assert problems == []
    context.close()
