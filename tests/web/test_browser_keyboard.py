"""The keep page by keyboard alone (issue 25), in headless chromium: one whole deal entered with Tab, Shift+Tab
and Enter only; focus moves to the outcomes when a card is picked and back to the card grid after the entry,
never to the page's start; one polite live region says each verdict in words; the cards have names a screen
reader reads, in the reader's language; the focus ring is drawn, and unlike a picked card; the status
("offline", "all entries stored") is said in a polite region of its own, never over the verdict.

Marked `browser` like tests/web/test_browser.py, whose server and chromium fixtures it uses.
"""
from __future__ import annotations

import random
import re

import pytest
from playwright.sync_api import expect

from seeplog.playout import deal_lines, random_deal
from seeplog.ruleset import VARIANTS
from tests.web import test_browser as served
from tests.web.test_browser_live_keep import api_doc, card_of, expect_next, is_play, open_keep, settled, start

SHOTS = served.SHOTS
live_server, base_url, browser_type_launch_args = served.live_server, served.base_url, served.browser_type_launch_args

pytestmark = pytest.mark.browser
PHONE = {"viewport": {"width": 390, "height": 844}}
FOCUSED = "s => !!document.activeElement && document.activeElement.matches(s)"
BEFORE = ("s => { const t = document.querySelector(s);"
          " return !!t && !!(t.compareDocumentPosition(document.activeElement) & Node.DOCUMENT_POSITION_FOLLOWING); }")


class Keyboard:
    """Tab, Shift+Tab and Enter, and how many keys they took."""

    def __init__(self, page) -> None:
        self.page, self.keys = page, 0

    def to(self, selector: str, limit: int = 200) -> None:
        """Tab (or Shift+Tab, when the target comes before) until `selector` has the focus."""
        for _ in range(limit):
            if self.page.evaluate(FOCUSED, selector):
                return
            self.press("Shift+Tab" if self.page.evaluate(BEFORE, selector) else "Tab")
        raise AssertionError(f"{selector} not reached by {limit} Tabs")

    def press(self, key: str) -> None:
        self.page.keyboard.press(key)
        self.keys += 1

    def choose(self, selector: str) -> None:
        self.to(selector)
        self.press("Enter")


def focus_is_in(page, selector: str) -> None:
    page.wait_for_function("s => !!document.activeElement && !!document.activeElement.closest(s)", arg=selector,
                           timeout=15_000)


def play(page, keys: Keyboard, line: str, last: bool) -> None:
    """One play: its seat when the page has another pressed (as the taps' test does), its card from the grid,
    then the outcome whose line is the play's, by keyboard."""
    seat = f"#play-seats button[data-seat={line.split()[0]}]"
    if page.locator(seat).get_attribute("aria-pressed") != "true":
        keys.choose(seat)
    keys.choose(f"#picker button[data-card='{card_of(line)}']")
    focus_is_in(page, "#outcome-list")  # the outcomes take the focus as soon as they are listed
    exact = page.locator(f"#outcome-list button.outcome[data-line='{line}']")
    target = exact if exact.count() else page.locator("#outcome-list button.outcome").filter(
        has_text=line.split(" ", 1)[1]).first
    if not target.is_visible():
        keys.choose("#outcome-list details.outcome-fold > summary")
    target.evaluate("b => b.setAttribute('data-target', '')")
    keys.choose("#outcome-list button[data-target]")
    # the card grid has it back after the entry; after the deal's last play, the next deal's first choice
    focus_is_in(page, "#dealers, #deal-end" if last else "#picker")


def test_one_whole_deal_by_keyboard_alone(browser, base_url):
    context = browser.new_context(**PHONE)
    page = context.new_page()
    game = start(page, base_url, players={"N": "Asha", "W": "Divya", "S": "Chetan", "E": "Bilal"})
    open_keep(page, base_url, game)
    keys = Keyboard(page)
    lines = deal_lines(1, "N", random_deal(VARIANTS["standard"], "N", random.Random(25)))
    regions = page.locator("#keep [aria-live], #keep [role=status]")  # the rename form's own note aside
    assert [r.get_attribute("id") for r in regions.all()] == ["said", "status-said", "manage-said"]

    keys.choose("#dealers button[data-seat=N]")
    expect_next(page, "Deal 1 (dealer N)")
    settled(page)
    assert page.locator("#picker button[data-card='Ks']").get_attribute("aria-label") == "king of spades"
    for card in next(line for line in lines if line.startswith("floor ")).split()[1:]:
        keys.choose(f"#picker button[data-card='{card}']")
    settled(page)
    _, bidder, value = next(line for line in lines if line.startswith("bid ")).split()
    if page.locator(f"#bid-seats button[data-seat={bidder}]").get_attribute("aria-pressed") != "true":
        keys.choose(f"#bid-seats button[data-seat={bidder}]")
    keys.choose(f"#bid-values button[data-value='{value}']")
    expect_next(page, f"Deal 1, play 1 — {bidder} to play")
    settled(page)

    plays = [line for line in lines if is_play(line)]
    for n, line in enumerate(plays, start=1):
        play(page, keys, line, last=n == len(plays))
        if n < len(plays):
            expect_next(page, f"play {n + 1} —")  # the page has the stored play (as the taps' test waits)
        settled(page)
        assert page.locator("#said").inner_text().strip(), f"play {n}: no verdict said"
        if n == 1:
            ring = page.evaluate("() => getComputedStyle(document.activeElement).outlineColor")
            assert ring == "rgb(107, 43, 217)"  # drawn, and purple: a picked card is yellow
            page.screenshot(path=str(SHOTS / "keyboard-keep-focus.png"))
    doc = api_doc(page, base_url, game)
    assert len([e for e in doc["entries"] if e["kind"] == "play"]) == len(plays) == 48
    assert doc["report"]["games"][0]["deals"][0]["complete"]
    assert doc["next"]["kind"] == "deal" and doc["next"]["deal"] == 2
    print(f"one deal by keyboard: {keys.keys} keys")
    context.close()


def test_the_status_is_heard_apart_from_the_verdict(browser, base_url):
    context = browser.new_context(**PHONE)
    page = context.new_page()
    game = start(page, base_url)
    open_keep(page, base_url, game)
    keys = Keyboard(page)
    status, said = page.locator("#status-said"), page.locator("#said")
    assert status.get_attribute("aria-live") == "polite" and not status.evaluate("e => e.hidden")
    keys.choose("#dealers button[data-seat=N]")
    expect_next(page, "Deal 1 (dealer N)")
    settled(page)
    verdict = said.inner_text().strip()
    assert verdict

    context.set_offline(True)
    lines = deal_lines(1, "N", random_deal(VARIANTS["standard"], "N", random.Random(25)))
    for card in next(line for line in lines if line.startswith("floor ")).split()[1:]:
        keys.choose(f"#picker button[data-card='{card}']")
    expect(status).to_have_text(re.compile(r"^offline — \d+ entr(y|ies) waiting$"), timeout=15_000)
    assert said.inner_text().strip() == verdict  # the status does not cut the verdict's words
    page.screenshot(path=str(SHOTS / "keyboard-keep-offline.png"))

    context.set_offline(False)
    expect(status).to_have_text("all entries stored", timeout=20_000)
    expect(said).not_to_have_text(verdict)  # the floor's own verdict, in its own region
    context.close()


def test_the_cards_are_named_in_the_readers_language(browser, base_url):
    context = browser.new_context(**PHONE)
    context.add_cookies([{"name": "lang", "value": "pa", "url": base_url}])
    page = context.new_page()
    game = start(page, base_url)
    page.goto(base_url + game["edit_url"])
    page.locator("#dealers button[data-seat=N]").click()
    page.locator("#picker button[data-card='Ks']").wait_for()
    assert page.locator("#picker button[data-card='Ks']").get_attribute("aria-label") == "ਹੁਕਮ ਦਾ ਬਾਦਸ਼ਾਹ"
    assert page.locator("#picker button[data-card='Td']").get_attribute("aria-label") == "ਇੱਟ ਦਾ ਦਹਿਲਾ"
    context.close()
