"""The keep page by keyboard alone (issue 25), in headless chromium: one whole deal entered with Tab, Shift+Tab,
the arrow keys and Enter only; the card grid is one Tab stop that the arrow keys move through (left and right
along a suit, up and down between suits, Home and End), whose Tab stop is the first card still in play; focus
moves to the outcomes when a card is picked and back to the card grid after the entry, never to the page's
start; one polite live region says each verdict in words; the cards have names a screen reader reads, in the
reader's language; the focus ring is drawn, and unlike a picked card; the status ("offline", "all entries
stored") is said in a polite region of its own, never over the verdict.

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
from tests.web.test_browser_live_keep import (api_doc, card_of, expect_next, is_play, open_keep, send_all, settled,
                                              start)

SHOTS = served.SHOTS
live_server, base_url, browser_type_launch_args = served.live_server, served.base_url, served.browser_type_launch_args

pytestmark = pytest.mark.browser
PHONE = {"viewport": {"width": 390, "height": 844}}
FOCUSED = "s => !!document.activeElement && document.activeElement.matches(s)"
BEFORE = ("s => { const t = document.querySelector(s);"
          " return !!t && !!(t.compareDocumentPosition(document.activeElement) & Node.DOCUMENT_POSITION_FOLLOWING); }")
FOCUSED_CARD = "() => document.activeElement?.closest('#picker') ? document.activeElement.dataset.card : null"
RANKS, SUITS = "A23456789TJQK", "shdc"


class Keyboard:
    """Tab, Shift+Tab, the arrow keys and Enter, and how many keys they took (Tabs counted apart)."""

    def __init__(self, page) -> None:
        self.page, self.keys, self.tabs = page, 0, 0

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
        self.tabs += "Tab" in key

    def card(self, card: str) -> None:
        """Tab to the card grid (unless the focus is in it), then the arrow keys to `card`."""
        if not self.page.evaluate(FOCUSED_CARD):
            self.to("#picker button[tabindex='0']")
        for _ in range(30):
            at = self.page.evaluate(FOCUSED_CARD)
            if at == card:
                return
            rows, columns = SUITS.index(card[1]) - SUITS.index(at[1]), RANKS.index(card[0]) - RANKS.index(at[0])
            self.press("ArrowDown" if rows > 0 else "ArrowUp" if rows < 0 else "ArrowRight" if columns > 0
                       else "ArrowLeft")
        raise AssertionError(f"the arrow keys did not reach {card}")

    def pick(self, card: str) -> None:
        self.card(card)
        self.press("Enter")

    def choose(self, selector: str) -> None:
        self.to(selector)
        self.press("Enter")


def focus_is_in(page, selector: str) -> None:
    page.wait_for_function("s => !!document.activeElement && !!document.activeElement.closest(s)", arg=selector,
                           timeout=15_000)


def play(page, keys: Keyboard, line: str, last: bool) -> int:
    """One play: its seat when the page has another pressed (as the taps' test does), its card from the grid,
    then the outcome whose line is the play's, by keyboard; the Tabs it took."""
    seat = f"#play-seats button[data-seat={line.split()[0]}]"
    if page.locator(seat).get_attribute("aria-pressed") != "true":
        keys.choose(seat)
    tabs = keys.tabs
    keys.pick(card_of(line))
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
    return keys.tabs - tabs


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
        keys.pick(card)
    settled(page)
    _, bidder, value = next(line for line in lines if line.startswith("bid ")).split()
    if page.locator(f"#bid-seats button[data-seat={bidder}]").get_attribute("aria-pressed") != "true":
        keys.choose(f"#bid-seats button[data-seat={bidder}]")
    keys.choose(f"#bid-values button[data-value='{value}']")
    expect_next(page, f"Deal 1, play 1 — {bidder} to play")
    settled(page)

    plays = [line for line in lines if is_play(line)]
    tabs = []
    for n, line in enumerate(plays, start=1):
        tabs.append(play(page, keys, line, last=n == len(plays)))
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
    print(f"one deal by keyboard: {keys.keys} keys, {keys.tabs} of them Tabs; Tabs a play {tabs}")
    assert sum(tabs) / len(plays) < 1  # a play's card by the arrow keys: the grid has the focus back after each
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
        keys.pick(card)
    # said once as the page goes offline: before the first pick waits ("no entry waiting") or after
    expect(status).to_have_text(re.compile(r"^offline — (no entry|\d+ entr(y|ies)) waiting$"), timeout=15_000)
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


def test_the_card_grid_is_one_tab_stop_that_the_arrow_keys_move_through(browser, base_url):
    """WAI-ARIA's layout grid with a roving tabindex: one Tab stop, the first card still in play; the arrow keys
    move along a suit and between suits, Home and End to a suit's ends (with Ctrl, the grid's), the cards seen
    skipped; after a play the focus is on the first card still in play."""
    context = browser.new_context(**PHONE)
    page = context.new_page()
    game = start(page, base_url)
    send_all(page, base_url, game, ["deal 1 dealer N", "floor As 2s Kh 3d", "bid W 13", "W Ks x Kh"])
    open_keep(page, base_url, game)
    keys = Keyboard(page)
    grid = page.locator("#picker")
    expect(grid).to_have_attribute("role", "grid")
    expect(grid.locator("[role=row]")).to_have_count(4)
    assert [r.get_attribute("aria-label") for r in grid.locator("[role=row]").all()] == \
        ["spades", "hearts", "diamonds", "clubs"]
    expect(grid.locator("[role=row] > [role=gridcell] > button.pick")).to_have_count(52)
    expect(grid.locator("button[tabindex='0']")).to_have_count(1)
    expect(grid.locator("button[tabindex='0']")).to_have_attribute("data-card", "3s")  # As and 2s are seen

    keys.to("#play-seats button[data-seat=E]")
    keys.press("Tab")
    assert page.evaluate(FOCUSED_CARD) == "3s"
    expect(page.locator("#picker-keys")).to_be_visible()  # the keys, shown to the keyboard
    assert grid.get_attribute("aria-describedby") == "picker-keys"
    keys.press("Tab")
    assert page.evaluate(FOCUSED_CARD) is None  # one Tab stop: the next Tab leaves the grid
    keys.press("Shift+Tab")
    assert page.evaluate(FOCUSED_CARD) == "3s"

    moves = [("ArrowLeft", "3s"), ("ArrowUp", "3s"), ("ArrowRight", "4s"), ("End", "Qs"), ("ArrowDown", "Qh"),
             ("ArrowRight", "Qh"), ("ArrowDown", "Qd"), ("Home", "Ad"), ("ArrowUp", "Ah"), ("ArrowRight", "2h"),
             ("ArrowDown", "2d"), ("ArrowRight", "4d"), ("Control+End", "Kc"), ("Control+Home", "3s"),
             ("ArrowDown", "3h"), ("ArrowDown", "2d")]  # Ks, Kh and 3d are seen: skipped, the nearest taken
    for key, card in moves:
        keys.press(key)
        assert page.evaluate(FOCUSED_CARD) == card, (key, card)
        expect(grid.locator("button[tabindex='0']")).to_have_attribute("data-card", card)

    keys.press("Control+Home")
    keys.press("Enter")  # S plays 3s: its outcomes, then the first of them
    focus_is_in(page, "#outcome-list")
    keys.press("Enter")
    focus_is_in(page, "#picker")
    settled(page)
    assert page.evaluate(FOCUSED_CARD) == "4s"  # the first card still in play
    expect(grid.locator("button[tabindex='0']")).to_have_attribute("data-card", "4s")
    assert api_doc(page, base_url, game)["entries"][-1]["line"].startswith("S 3s")
    context.close()
