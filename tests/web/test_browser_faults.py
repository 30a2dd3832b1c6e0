"""In headless chromium: a fault of the page's own in drawing what the server sent is not told as a lost
connection. The follow page and the director's view each get a drawing call that throws ("drawing fault");
the error reaches the browser's console, the page does not say "Connection lost" or "Cannot reach the
server", and it goes on asking: once the fault is gone, the change shows. The director hears the news
of a change all the same.
"""
from __future__ import annotations

import pytest
from playwright.sync_api import expect

from tests.web import test_browser as browsing
from tests.web.test_browser_announce import api
from tests.web.test_browser_live import Scorekeeper
from tests.web.test_live_pages import body_of

live_server, base_url = browsing.live_server, browsing.base_url
browser_type_launch_args = browsing.browser_type_launch_args

pytestmark = pytest.mark.browser

BREAK = "name => { window.kept = Element.prototype[name]; " \
        "Element.prototype[name] = function () { throw new Error('drawing fault'); }; }"
MEND = "name => { Element.prototype[name] = window.kept; }"


def faults_of(page) -> list[str]:
    """The page's uncaught errors, as they come."""
    seen: list[str] = []
    page.on("pageerror", lambda error: seen.append(str(error)))
    return seen


def test_the_follow_page_tells_no_lost_connection_for_its_own_drawing_fault(browser, base_url):
    players, _ = body_of("r-bid-throw.seep")
    made = api(base_url, "/api/live", {"variant": "thirty", "players": players})
    keeper = Scorekeeper(base_url, made["id"], made["edit_token"])
    keeper.version = made["version"]
    context = browser.new_context(viewport={"width": 390, "height": 844})
    page = context.new_page()
    faults = faults_of(page)
    page.goto(f"{base_url}/live/{made['id']}")
    expect(page.locator("#live-checked")).not_to_be_empty(timeout=5_000)

    page.evaluate(BREAK, "replaceWith")  # the board's swap throws
    keeper.add("deal 1 dealer E")
    page.wait_for_timeout(4_000)  # two polls or more at 1.5 s
    assert sum("drawing fault" in fault for fault in faults) >= 2, faults  # thrown, and asked again
    assert "Connection lost" not in page.locator("#live-said").inner_text()
    assert "lost" not in (page.locator("#live-status").get_attribute("class") or "")

    page.evaluate(MEND, "replaceWith")
    expect(page.locator("#live-next")).to_contain_text("Deal 1", timeout=5_000)
    context.close()


def test_the_directors_view_tells_no_lost_connection_for_its_own_drawing_fault(browser, base_url):
    made = api(base_url, "/api/events", {"name": "Faulty night", "variant": "standard",
                                         "partnerships": [["Asha", "Ravi"], ["Meena", "Dev"]]})
    organiser = made["organiser_token"]
    table = api(base_url, f"/api/events/{made['id']}/rounds", {}, organiser)["tables"][0]
    context = browser.new_context(viewport={"width": 1280, "height": 800})
    page = context.new_page()
    faults = faults_of(page)
    page.goto(f"{base_url}/events/{made['id']}/director#token={organiser}")
    page.wait_for_selector("section.director-table")
    said = page.locator("#director-said")
    reached = page.locator("section.director-table p.reached")
    before = reached.inner_text()

    page.evaluate(BREAK, "replaceChildren")  # drawing the tables throws
    keeper = Scorekeeper(base_url, table["game_id"], table["edit_token"])
    keeper.version = api(base_url, f"/api/live/{keeper.game_id}")["version"]
    keeper.add("deal 1 dealer N")
    keeper.post("/close")
    page.wait_for_timeout(5_000)  # two polls or more at 2 s
    assert sum("drawing fault" in fault for fault in faults) >= 2, faults
    assert "Cannot reach the server" not in said.inner_text()
    assert "Round 1 · Table 1: the game is closed." in said.inner_text()  # the news told, though not drawn

    assert reached.inner_text() == before  # not drawn
    page.evaluate(MEND, "replaceChildren")
    expect(reached).not_to_have_text(before, timeout=5_000)  # asked again, and now drawn
    assert "Cannot reach the server" not in said.inner_text()
    context.close()
