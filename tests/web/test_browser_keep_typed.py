"""A tag line typed on the keep-score page after a deal (390x844, touch): it would start a new game in the log, its
ledger and tags from nothing, so the page asks first. Declined, nothing is sent, the line stays in the box and the
page says where this game's tags are changed; accepted, the line is stored and a second game begins; before any
deal a tag line joins the game's tags unasked. Offline, a card typed from a phone's emoji keyboard ("3♦️", the
suit followed by an invisible selector) is a card, as the server reads it.
Screenshots: test-artifacts/browser/keep-typed-*.png."""
from __future__ import annotations

import pytest
from playwright.sync_api import expect

from tests.web import test_browser_live_keep as keeping
from tests.web.test_browser_keep_network import LOST, back_on, enter, plays_stored, six_plays_in, six_plays_offline
from tests.web.test_browser_live_keep import PHONE, api_doc, expect_next, settled, start, watch_errors

live_server, base_url = keeping.live_server, keeping.base_url
browser_type_launch_args = keeping.browser_type_launch_args
SHOTS = keeping.SHOTS
pytestmark = pytest.mark.browser
TAG = '[Event "Club night"]'


def answer_dialogs(page, accept: bool) -> list[str]:
    """The questions the page asks from now on, each answered `accept`."""
    asked: list[str] = []

    def answer(dialog) -> None:
        asked.append(dialog.message)
        dialog.accept() if accept else dialog.dismiss()
    page.on("dialog", answer)
    return asked


def test_a_tag_line_after_a_deal_is_asked_about_and_kept_in_the_box_when_not_meant(browser, base_url):
    context, page, game, problems = six_plays_in(browser, base_url, "Typed tag")
    asked = answer_dialogs(page, accept=False)
    before = api_doc(page, base_url, game)["version"]
    enter(page, TAG)
    expect(page.locator("#line-said")).to_contain_text("use “Rename, fix a name, delete” below")
    expect(page.locator("#line")).to_have_value(TAG)
    assert asked == [f"{TAG} after a deal starts a new game in this log: its deals, ledger and tags begin again. "
                     "Start a new game?"]
    page.wait_for_timeout(500)
    assert api_doc(page, base_url, game)["version"] == before
    page.locator("#notation").scroll_into_view_if_needed()
    page.screenshot(path=str(SHOTS / "keep-typed-tag-declined.png"))
    page.set_viewport_size({"width": 1280, "height": 800})
    page.locator("#notation").scroll_into_view_if_needed()
    page.screenshot(path=str(SHOTS / "keep-typed-tag-declined-desktop.png"))
    assert problems == []
    context.close()


def test_a_tag_line_after_a_deal_starts_a_second_game_when_meant(browser, base_url):
    context, page, game, problems = six_plays_in(browser, base_url, "Second game")
    asked = answer_dialogs(page, accept=True)
    enter(page, TAG)
    settled(page)
    assert len(asked) == 1
    games = api_doc(page, base_url, game)["report"]["games"]
    assert [g["tags"].get("Event") for g in games] == ["Second game", "Club night"]
    assert problems == []
    context.close()


def test_a_tag_line_before_any_deal_joins_the_games_tags_unasked(browser, base_url):
    context = browser.new_context(**PHONE)
    page = context.new_page()
    problems = watch_errors(page)
    game = start(page, base_url)
    page.goto(base_url + game["edit_url"])
    settled(page)
    asked = answer_dialogs(page, accept=False)
    enter(page, TAG)
    settled(page)
    assert asked == []
    games = api_doc(page, base_url, game)["report"]["games"]
    assert len(games) == 1 and games[0]["tags"]["Event"] == "Club night"
    assert problems == []
    context.close()


def test_a_card_from_an_emoji_keyboard_is_a_card_offline(browser, base_url):
    context, page, game, problems = six_plays_offline(browser, base_url, "Emoji suits")
    enter(page, "N 3\u2666\ufe0f")
    expect(page.locator("#line")).to_have_value("")
    expect(page.locator("#line-said")).to_be_hidden()
    expect_next(page, "play 8 —")
    back_on(context)
    settled(page, timeout=20_000)
    assert len(plays_stored(page, base_url, game)) == 7
    assert [p for p in problems if not any(e in p for e in LOST)] == []
    context.close()
