"""In headless chromium, at 390x844 with touch (a phone) and at desktop size: a game started through the
start page, and a follow page open in a second browser context that shows a new play within 3 s of its
entry, without a reload. Screenshots go to test-artifacts/browser/.

Marked `browser` like tests/web/test_browser.py, whose server and chromium fixtures it uses.
"""
from __future__ import annotations

import json
import re
import time
import urllib.error
import urllib.request

import pytest
from playwright.sync_api import expect

from tests.web.test_browser import SHOTS, base_url, browser_type_launch_args, live_server  # noqa: F401
from tests.web.test_live_pages import body_of

pytestmark = pytest.mark.browser
DEVICES = {"phone": {"viewport": {"width": 390, "height": 844}, "has_touch": True, "is_mobile": True,
                     "device_scale_factor": 2},
           "desktop": {"viewport": {"width": 1280, "height": 900}}}


def shot(page, name: str) -> None:
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SHOTS / f"{name}.png"), full_page=True)
    assert (SHOTS / f"{name}.png").stat().st_size > 5_000


def overflow(page) -> int:
    return page.evaluate("document.documentElement.scrollWidth - window.innerWidth")


class Scorekeeper:
    """Appends lines through the live API with the edit token the start page showed."""

    def __init__(self, base: str, game_id: int, token: str):
        self.base, self.game_id, self.token, self.version = base, game_id, token, 1

    def add(self, line: str) -> dict:
        return self.post("/entries", line=line)

    def post(self, path: str, **body: object) -> dict:
        """A change through the live API (`/entries`, `/close`, `/reopen`) at the version the keeper knows."""
        data = json.dumps({"version": self.version, **body}).encode()
        request = urllib.request.Request(f"{self.base}/api/live/{self.game_id}{path}", data=data, method="POST",
                                         headers={"Content-Type": "application/json",
                                                  "Authorization": f"Bearer {self.token}"})
        with urllib.request.urlopen(request, timeout=10) as response:
            answer = json.loads(response.read())
        self.version = answer["version"]
        return answer


def start_a_game(page, base: str, size: str) -> tuple[Scorekeeper, str]:
    """Fill in the start page as a scorekeeper would; the scorekeeper and the follow link."""
    players, _ = body_of("r-bid-throw.seep")
    page.goto(base + "/live/new")
    page.select_option("select[name=variant]", "thirty")
    for name, seat in (("north", "N"), ("west", "W"), ("south", "S"), ("east", "E")):
        page.fill(f"input[name={name}]", players[seat])
    page.fill("input[name=event]", "Club night 118")
    page.select_option("select[name=rotation]", "team")
    page.fill("input[name=scorer]", "Bilal")
    if size == "phone":
        shot(page, "live-start-phone")
    assert overflow(page) <= 0
    page.locator("form.live-new button[type=submit]").tap() if size == "phone" else page.click(
        "form.live-new button[type=submit]")
    expect(page.locator("#live-edit")).to_be_visible()
    keep = page.locator("#live-keep-url").inner_text()
    match = re.fullmatch(r"(http://[^/]+)/live/(\d+)/keep#token=([A-Za-z0-9_-]+)", keep)
    assert match and match.group(1) == base
    follow = page.locator("#live-follow-url").inner_text()
    assert follow == f"{base}/live/{match.group(2)}"
    assert page.locator("#live-keep-link").get_attribute("href") == keep
    assert page.locator("#live-qr svg").count() == 1
    if size == "phone":
        shot(page, "live-started-phone")
    assert overflow(page) <= 0
    # The address is now the started page's, token in the fragment: a reload shows the same links again
    # and starts no second game.
    expect(page).to_have_url(f"{base}/live/{match.group(2)}/started#token={match.group(3)}")
    page.reload()
    expect(page.locator("#live-keep-url")).to_have_text(keep)
    assert page.locator("#live-keep-link").get_attribute("href") == keep
    assert page.locator("#live-follow-url").inner_text() == follow
    with pytest.raises(urllib.error.HTTPError) as no_second_game:
        urllib.request.urlopen(f"{base}/api/live/{int(match.group(2)) + 1}", timeout=10)
    no_second_game.value.close()
    assert no_second_game.value.code == 404
    return Scorekeeper(base, int(match.group(2)), match.group(3)), follow


@pytest.mark.parametrize("size", DEVICES)
def test_a_follower_sees_a_new_play_within_3_s_without_reload(browser, base_url, size):
    keeper_context = browser.new_context(**DEVICES[size])
    keeper, follow = start_a_game(keeper_context.new_page(), base_url, size)
    keeper_context.close()

    _, lines = body_of("r-bid-throw.seep")
    for line in lines[:5 + 6]:  # deal, redeal, hand, floor, bid, then six plays: the first is R-BID-THROW
        keeper.add(line)

    follower = browser.new_context(**DEVICES[size])
    page = follower.new_page()
    statuses: list[int] = []
    page.on("response", lambda r: statuses.append(r.status) if "/board" in r.url else None)
    page.goto(follow)
    expect(page.locator("#live-next")).to_contain_text("Omkar (S) to play")
    expect(page.locator("#live-flagged")).to_contain_text("R-BID-THROW")
    page.evaluate("window.stillTheSamePage = true")
    expect(page.locator("#live-status")).to_contain_text("checked", timeout=5_000)
    assert 304 in statuses  # polling while nothing changed costs a 304

    sent = time.monotonic()
    answer = keeper.add(lines[11])  # "S 2h+Jh =13"
    assert answer["verdict"]["ok"]
    expect(page.locator("#live-plays li.live-play").first).to_contain_text("S 2h+Jh =13", timeout=3_000)
    seen = time.monotonic() - sent
    assert seen < 3, seen
    expect(page.locator("#live-next")).to_contain_text("Bilal (E) to play")
    assert page.evaluate("window.stillTheSamePage") is True and page.url == follow
    assert page.locator("#live-board").get_attribute("data-version") == str(keeper.version)
    expect(page.locator("#live-said")).to_contain_text(
        "Omkar (South) adds two of hearts + jack of hearts to the 13-house")
    flagged = page.locator("li.live-play.flagged")
    expect(flagged).to_have_count(1)
    expect(flagged).to_contain_text("R-BID-THROW")
    assert overflow(page) <= 0
    page.wait_for_timeout(2_700)  # the fresh play's highlight fades before the picture
    shot(page, f"live-follow-{size}")
    follower.close()


def test_the_start_page_offers_only_the_seats_of_the_variant(browser, base_url):
    context = browser.new_context(**DEVICES["phone"])
    page = context.new_page()
    page.goto(base_url + "/live/new")
    west = page.locator("input[name=west]")
    expect(west).to_be_visible()
    page.select_option("select[name=variant]", "two-player")
    expect(west).to_be_hidden()
    expect(page.locator("input[name=south]")).to_be_visible()
    page.select_option("select[name=variant]", "standard")
    expect(west).to_be_visible()
    for target in page.locator("form.live-new input:visible, form.live-new select, form.live-new button").all():
        assert target.bounding_box()["height"] >= 44
    context.close()


def test_the_start_page_marks_bad_input_by_its_field(browser, base_url):
    context = browser.new_context(**DEVICES["phone"])
    page = context.new_page()
    page.goto(base_url + "/live/new")
    page.fill("input[name=target]", "lots")
    page.locator("form.live-new button[type=submit]").tap()
    expect(page.locator("#target-error")).to_contain_text("a whole number")
    assert page.locator("input[name=target]").get_attribute("aria-invalid") == "true"
    shot(page, "live-start-error-phone")
    context.close()


def test_the_follow_page_says_when_the_connection_is_lost_and_pauses_while_hidden(browser, base_url):
    keeper_context = browser.new_context(**DEVICES["phone"])
    keeper, follow = start_a_game(keeper_context.new_page(), base_url, "desktop")
    keeper_context.close()
    context = browser.new_context(**DEVICES["phone"])
    page = context.new_page()
    polls: list[str] = []
    page.on("request", lambda r: polls.append(r.url) if "/board" in r.url else None)
    page.goto(follow)
    expect(page.locator("#live-status")).to_contain_text("checked", timeout=5_000)

    context.set_offline(True)
    expect(page.locator("#live-status")).to_contain_text("Connection lost, retrying", timeout=5_000)
    keeper.add("deal 1 dealer E")
    context.set_offline(False)
    expect(page.locator("#live-next")).to_contain_text("Deal 1 — bid: Priya (N)", timeout=20_000)
    expect(page.locator("#live-status")).not_to_contain_text("Connection lost")

    page.evaluate("Object.defineProperty(document, 'hidden', {value: true, configurable: true});"
                  "document.dispatchEvent(new Event('visibilitychange'))")
    expect(page.locator("#live-status")).to_contain_text("Paused")
    page.wait_for_timeout(500)
    before = len(polls)
    keeper.add("bid N 10")
    page.wait_for_timeout(3_500)
    assert len(polls) == before  # no poll while hidden
    page.evaluate("Object.defineProperty(document, 'hidden', {value: false, configurable: true});"
                  "document.dispatchEvent(new Event('visibilitychange'))")
    expect(page.locator("#live-next")).to_contain_text("Deal 1 — the floor's four cards", timeout=3_000)
    context.close()


def test_a_closed_game_is_still_followed_slowly_and_a_reopened_games_plays_show(browser, base_url):
    keeper_context = browser.new_context(**DEVICES["phone"])
    keeper, follow = start_a_game(keeper_context.new_page(), base_url, "desktop")
    keeper_context.close()
    _, lines = body_of("r-bid-throw.seep")
    for line in lines[:5 + 2]:
        keeper.add(line)
    context = browser.new_context(**DEVICES["phone"])
    context.clock.install()  # the page's timers run as the test says: 30 s of checks in a moment
    polls: list[str] = []
    context.on("request", lambda r: polls.append(r.url) if "/board" in r.url else None)
    watching = context.new_page()  # open while the game is closed, reopened and played on
    watching.goto(follow)
    context.clock.run_for(2_000)
    expect(watching.locator("#live-status")).to_contain_text("checked")

    keeper.post("/close")
    context.clock.run_for(2_000)
    expect(watching.locator(".live-head .badge")).to_have_text("closed")
    expect(watching.locator("#live-status")).to_contain_text("The game is closed")
    opened_closed = context.new_page()  # opened once the game is closed
    opened_closed.goto(follow)
    expect(opened_closed.locator(".live-head .badge")).to_have_text("closed")
    context.clock.run_for(2_000)
    expect(opened_closed.locator("#live-status")).to_contain_text("The game is closed")

    watching.wait_for_timeout(300)
    before = len(polls)
    keeper.post("/reopen")
    keeper.add(lines[7])
    context.clock.run_for(20_000)
    watching.wait_for_timeout(500)
    assert len(polls) == before  # closed: no check for 30 s
    context.clock.run_for(12_000)
    for page in (watching, opened_closed):
        expect(page.locator("#live-plays li.live-play").first).to_contain_text(lines[7])
        expect(page.locator(".live-head .badge")).to_have_text("live")
        expect(page.locator("#live-said")).to_contain_text("The game is open again. Omkar (South) builds a 13-house")
    shot(watching, "live-follow-reopened-phone")
    context.close()


def test_the_follow_page_prints_on_white(browser, base_url):
    context = browser.new_context(**DEVICES["desktop"])
    keeper, follow = start_a_game(context.new_page(), base_url, "desktop")
    _, lines = body_of("r-bid-throw.seep")
    for line in lines[:5 + 8]:
        keeper.add(line)
    page = context.new_page()
    page.goto(follow)
    page.emulate_media(media="print")
    assert page.locator("#live-status").is_hidden() and page.locator("header.site").is_hidden()
    floor = page.locator("#live-floor-cards")
    assert floor.evaluate("e => getComputedStyle(e).backgroundColor") == "rgb(255, 255, 255)"
    shot(page, "live-follow-print")
    context.close()
