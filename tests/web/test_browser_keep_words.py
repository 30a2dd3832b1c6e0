"""What the keep page says and shows, in headless chromium on a phone (390x844, touch): an entry is named as the
entries list names it ("play 2 of deal 1", "the floor of deal 1"), never by its number among the game's lines
(which counts the game's tags too); the status says "all entries stored" (the version aside); a refused edit
token is said in two sentences, and the waiting entries wait for the edit link, not for the server; offline, only
the house values the card and the items tapped can make are offered; the verdict line is never cut by the sticky
top; the ledger's baazi row is marked whole.

Marked `browser` like tests/web/test_browser.py, whose server and chromium fixtures it uses.
"""
from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

from tests.web import test_browser_live_keep as keeping
from tests.web.test_browser_live_keep import PHONE, api_doc, open_keep, send_all, settled, start, watch_errors

live_server, base_url = keeping.live_server, keeping.base_url
browser_type_launch_args = keeping.browser_type_launch_args
SHOTS = keeping.SHOTS
pytestmark = pytest.mark.browser
HEAD = ["deal 1 dealer N", "floor Kc 9d 5d 4h", "bid W 13"]
PLAYS = ["W Ks x Kc 9d+4h", "S 5c x 5d", "E Ac"]


def kept(browser, base: str, lines: list[str], **body):
    """A game kept through the API to `lines`, its keep page open on a phone: the context, page and game."""
    context = browser.new_context(**PHONE)
    page = context.new_page()
    game = start(page, base, players={"N": "Kiran", "W": "Chetan", "S": "Gita", "E": "Priya"}, **body)
    send_all(page, base, game, lines)
    open_keep(page, base, game)
    return context, page, game


def entry_item(page, line: str):
    if page.locator("#entries").get_attribute("open") is None:
        page.locator("#entries summary").tap()
    return page.locator("#entry-list > li").filter(has=page.locator("code", has_text=line)).first


def enter(page, line: str) -> None:
    box = page.locator("input[name=line]")
    box.fill(line)
    box.press("Enter")


def test_entries_are_named_as_the_entries_list_names_them_not_by_their_number_among_the_games_lines(
        browser, base_url):
    context, page, game = kept(browser, base_url, HEAD + PLAYS)
    expect(page.locator("#last-entry .label")).to_have_text("Last, play 3 of deal 1:")
    expect(page.locator("#keep-status")).to_have_text("all entries stored")  # the version aside
    version = api_doc(page, base_url, game)["version"]
    expect(page.locator("#keep-status")).to_have_attribute("data-version", str(version))

    entry_item(page, "E Ac")
    expect(page.locator("#entry-list .entry-place")).to_have_text(
        ["dealer", "floor", "bid", "play 1", "play 2", "play 3"])
    item = entry_item(page, "S 5c x 5d")
    item.get_by_role("button", name="Edit play 2 of deal 1", exact=True).tap()
    expect(item.locator("input[name=correction-line]")).to_have_attribute("aria-label", "new line for play 2 of deal 1")
    expect(item.locator("input[name=correction-line]")).to_be_focused()
    item.get_by_role("button", name="Cancel").tap()
    floor = entry_item(page, "floor Kc 9d 5d 4h")
    floor.get_by_role("button", name="Delete the floor of deal 1", exact=True).tap()
    expect(floor.locator("form.correction button[type=submit]")).to_have_text("Delete the floor of deal 1")
    expect(floor.locator("input[name=reason]")).to_be_focused()
    floor.get_by_role("button", name="Cancel").tap()

    context.set_offline(True)
    item = entry_item(page, "S 5c x 5d")
    item.get_by_role("button", name="Edit play 2 of deal 1", exact=True).tap()
    item.locator("input[name=correction-line]").fill("S 5c x 5d {sweep}")
    item.locator("form.correction button[type=submit]").tap()
    expect(page.locator("#queue-list li.waiting")).to_have_text(
        ["replace play 2 of deal 1 by S 5c x 5d {sweep} — waiting"])
    context.set_offline(False)
    page.evaluate("() => window.dispatchEvent(new Event('online'))")
    settled(page)

    enter(page, "N 9d")  # 9d was taken at play 1: flagged E-CARD
    settled(page)
    expect(page.locator("#last-entry .label")).to_have_text("Last, play 4 of deal 1:")
    item = entry_item(page, "N 9d")
    item.get_by_role("button", name="Delete play 4 of deal 1", exact=True).tap()
    expect(item.locator("form.correction button[type=submit]")).to_have_text("Delete play 4 of deal 1")
    item.locator("form.correction button[type=submit]").tap()
    settled(page)
    expect(page.locator("#said")).to_have_text("play 4 of deal 1 was deleted")  # said in words, not 'delete ... done'
    expect(page.locator("#banner")).to_contain_text("Cleared, play 4 of deal 1: E-CARD")  # the entry deleted, named
    assert re.search(r"entry \d", page.locator("#keep-ui").inner_text()) is None  # none named by its number
    page.screenshot(path=str(SHOTS / "keep-words-entries.png"))
    context.close()


def test_a_refused_edit_token_is_said_in_sentences_and_the_entries_wait_for_the_edit_link(browser, base_url):
    context = browser.new_context(**PHONE)
    page = context.new_page()
    game = start(page, base_url)
    page.goto(f"{base_url}/live/{game['id']}/keep#token=not-the-token")
    settled(page)  # reading the game needs no token
    page.locator("#dealers button[data-seat=N]").tap()
    status = page.locator("#keep-status")
    expect(status).to_have_text("The server refused this phone's edit token: it does not keep this game. "
                                "Open the game's edit link again.")
    assert status.get_attribute("title") == "this edit token does not keep this game"  # the server's words
    expect(page.locator("#queue-hint")).to_have_text(
        "Kept on this phone: they are sent once this phone has the game's edit link again.")
    expect(page.locator("#queue-list li.waiting")).to_have_text(["deal 1 dealer N — waiting"])
    page.screenshot(path=str(SHOTS / "keep-words-wrong-token.png"))

    with page.expect_event("load"):  # the edit link in the same tab: only the fragment changes, the page starts again
        page.goto(base_url + game["edit_url"])
    settled(page)
    assert api_doc(page, base_url, game)["entries"][-1]["line"] == "deal 1 dealer N"
    expect(page.locator("#queue-view")).to_be_hidden()
    context.close()


def build_values(page) -> list[str]:
    return [b.get_attribute("data-value") for b in page.locator("#outcome-list button[data-action=build]").all()]


def test_offline_only_the_house_values_the_card_and_the_items_tapped_can_make_are_offered(browser, base_url):
    context, page, _ = kept(browser, base_url, HEAD + PLAYS)  # the floor: Ac alone; N to play
    problems = watch_errors(page)
    context.set_offline(True)
    page.locator("#picker button[data-card='8h']").tap()
    page.locator("#outcome-list button[data-action=throw]").wait_for()
    assert build_values(page) == []  # a card alone makes no house
    page.locator("#outcome-list button[data-item='Ac']").tap()
    assert build_values(page) == ["9"]
    build = page.locator("#outcome-list button[data-action=build]")
    expect(build).to_have_attribute("data-line", "N 8h+Ac =9")
    build.tap()  # laid on this phone's floor: a house of 9; W to play
    page.locator("#picker button[data-card='9s']").tap()
    page.locator("#outcome-list button[data-action=throw]").wait_for()
    assert build_values(page) == ["9"]  # alone, it joins the house of its value
    expect(build).to_have_attribute("data-line", "W 9s =9")
    page.locator("#outcomes-cancel").tap()
    page.locator("#picker button[data-card='2c']").tap()
    page.locator("#outcome-list button[data-action=throw]").wait_for()
    assert build_values(page) == []
    page.locator("#outcome-list button[data-item='[9]']").tap()
    assert build_values(page) == ["11"]  # the house of 9 raised to 11
    expect(build).to_have_attribute("data-line", "W 2c+[9] =11")
    build.tap()
    expect(page.locator("#queue-list li.waiting")).to_have_text(["N 8h+Ac =9 — waiting", "W 2c+[9] =11 — waiting"])
    assert [p for p in problems if "ERR_INTERNET_DISCONNECTED" not in p] == []
    context.close()


GEOMETRY = """() => { const box = (el) => el.getBoundingClientRect(), said = box(document.getElementById('said'));
  return {said: [said.top, said.bottom], top: box(document.querySelector('.keep-top')).bottom,
          outcomes: box(document.getElementById('outcomes')).top}; }"""


def test_the_verdict_line_is_never_cut_by_the_sticky_top(browser, base_url):
    """What scrolls into view stands just under the sticky top (status and what comes next), so that no strip of
    what scrolled under it shows between them: the verdict line (#said) was seen as a thin bar there."""
    context, page, _ = kept(browser, base_url, HEAD + PLAYS[:2])
    enter(page, "E Ac")
    settled(page)
    expect(page.locator("#said")).to_contain_text("E throws Ac loose")
    context.set_offline(True)
    page.locator("#picker button[data-card='Ah']").tap()  # offline: the taps' panel
    page.locator("#outcome-list button[data-action=throw]").wait_for()
    for block in ("nearest", "start"):
        page.locator("#outcomes").evaluate(f"o => o.scrollIntoView({{block: '{block}'}})")
        at = page.evaluate(GEOMETRY)
        said_top, said_bottom = at["said"]
        assert said_bottom <= at["top"] + 0.5 or said_top >= at["top"] - 0.5, at  # all under the top, or all in sight
    assert 0 <= at["outcomes"] - at["top"] <= 9, at  # just under the top
    page.screenshot(path=str(SHOTS / "keep-words-taps-offline.png"))
    context.close()


def test_the_baazi_row_of_the_ledger_is_marked_whole_on_a_phone(browser, base_url):
    """On a phone each row of the ledger is a card (its cells wrapped in lines): the baazi's is one even box,
    not each cell's own with the page's white between them."""
    context, page, _ = kept(browser, base_url, ["deal 1 dealer N", "score NS 40+0 EW 60+150", "deal 2 dealer S"])
    page.locator("#ledger summary").tap()
    row = page.locator("#ledger-board tr.baazi")
    expect(row).to_have_count(1)
    marked = row.evaluate("r => getComputedStyle(r).backgroundColor")
    assert marked == "rgb(238, 246, 238)"
    cells = row.locator("td").evaluate_all("cells => cells.map(c => getComputedStyle(c).backgroundColor)")
    assert set(cells) == {"rgba(0, 0, 0, 0)"}  # the row's colour shows through, gaps and all
    row.scroll_into_view_if_needed()
    page.screenshot(path=str(SHOTS / "keep-words-ledger.png"))
    context.close()
