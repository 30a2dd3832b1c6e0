"""In headless chromium, at 390x844 (a phone) and 1280x800: the organiser withdraws a partnership from the event
page (two steps: "Withdraw a partnership", then the button that says what it does), the standings mark it, and
the next round made from the page gives its scheduled opponent a bye and says so. Screenshots go to
test-artifacts/browser/event-withdraw-*.png.

Marked `browser` like tests/web/test_browser.py, whose server and chromium fixtures it uses.
"""
from __future__ import annotations

import pytest

from tests.web.test_browser import SHOTS, base_url, browser_type_launch_args, live_server  # noqa: F401
from tests.web.test_browser_small_screens import overflow

pytestmark = pytest.mark.browser
SIZES = {"phone": {"width": 390, "height": 844}, "desktop": {"width": 1280, "height": 800}}


def shot(page, name: str) -> None:
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SHOTS / f"event-withdraw-{name}.png"), full_page=True)


@pytest.mark.parametrize("size", SIZES)
def test_a_partnership_withdrawn_from_the_page_gives_its_next_opponent_a_bye(page, base_url, size):  # noqa: F811
    page.set_viewport_size(SIZES[size])
    pairs = [[f"Withdraw {size} {2 * i + 1}", f"Withdraw {size} {2 * i + 2}"] for i in range(6)]
    made = page.request.post(base_url + "/api/events", data={"name": f"Leavers ({size})", "variant": "standard",
                                                             "partnerships": pairs}).json()
    event, token = made["id"], made["organiser_token"]
    first = page.request.post(f"{base_url}/api/events/{event}/rounds", headers={"Authorization": f"Bearer {token}"})
    assert first.status == 201 and first.json()["byes"] == []  # round 1: 1 v 6, 2 v 5, 3 v 4

    page.goto(f"{base_url}/events/{event}")
    page.locator("details#organiser > summary").click()
    withdraw = page.locator("details#withdraw")
    assert withdraw.locator("form").is_hidden()  # the first step only names the act
    withdraw.locator("summary").click()
    assert "from round 2 it is paired no more" in withdraw.locator("p.hint").inner_text()
    withdraw.locator("select#withdraw-pair").select_option("6")
    page.fill("#withdraw-token", token)
    shot(page, f"form-{size}")
    withdraw.screenshot(path=str(SHOTS / f"event-withdraw-form-close-{size}.png"))
    page.locator("#withdraw-submit").click()
    page.wait_for_selector(".flash.ok")
    assert page.locator(".flash.ok").inner_text().startswith("Partnership 6 (Withdraw")
    assert page.locator("#standing-6").locator("xpath=..").locator(".withdrawn-badge").inner_text() == \
        "withdrawn from round 2"
    assert page.locator("details#reinstate").count() == 1

    page.locator("details#organiser > summary").click()
    page.fill("#round-token", token)
    page.locator("#round-submit").click()  # round 2 of the circle: 1 v 5, 6 v 4, 2 v 3
    page.wait_for_selector(".flash.ok")
    assert "Round 2 made: 2 tables. Partnership 4 has a bye." in page.locator(".flash.ok").inner_text()
    assert page.locator("p.bye").inner_text() == f"Partnership 4 (Withdraw {size} 7 & Withdraw {size} 8) has a bye " \
                                                 "this round."
    rounds = page.request.get(f"{base_url}/api/events/{event}").json()["rounds"]
    assert [[(t["pair_a"], t["pair_b"]) for t in r["tables"]] for r in rounds] == \
        [[(1, 6), (2, 5), (3, 4)], [(1, 5), (2, 3)]]  # round 1 as it was made
    assert overflow(page) <= 0
    shot(page, f"bye-{size}")
    page.locator("#event-live-body").screenshot(path=str(SHOTS / f"event-withdraw-bye-close-{size}.png"))
