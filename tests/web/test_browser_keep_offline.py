"""The keep-score page reloaded offline, on a phone (390x844, touch): the phone keeps the page and its files
(static/keep-worker.js), so the reload shows the game as last stored on the phone with its waiting entries, and
the scorekeeper goes on recording; back online every entry is stored once. Online the page is always the
server's, no API answer is kept, and the kept page is in the language the phone last chose. Screenshots go to
test-artifacts/browser/keep-offline-*.png."""
from __future__ import annotations

import json
import random
import re
import threading
import time

import pytest
from playwright.sync_api import expect
from werkzeug.serving import make_server

from seeplog.playout import deal_lines, random_deal
from tests.web import test_browser_live_keep as keeping
from tests.web.helpers import make_app
from tests.web.test_browser import buffered
from tests.web.test_browser_live_keep import (PHONE, STANDARD, api_doc, expect_next, is_play, send_all, settled,
                                              start, watch_errors)
from tests.web.test_browser_languages import serious
from tests.web.test_browser_offline_taps import tap_play as tap_offline

live_server, base_url = keeping.live_server, keeping.base_url
browser_type_launch_args = keeping.browser_type_launch_args
SHOTS = keeping.SHOTS
pytestmark = pytest.mark.browser
OFFLINE_ERRORS = ("net::ERR_INTERNET_DISCONNECTED", "net::ERR_FAILED", "net::ERR_CONNECTION_REFUSED")
"""What the console says of the requests made while offline (the server out of reach)."""

KEPT = """async () => {
  const named = [...document.querySelectorAll("link[href], script[src]")].map((el) => el.href || el.src);
  const found = await Promise.all([location.origin + location.pathname, ...named]
    .map((url) => caches.match(url, { ignoreVary: true })));
  return found.every(Boolean);
}"""
"""Whether the phone keeps the page and every file it names."""


class Reachable:
    """The app served on a port of its own, which a test takes out of reach and brings back. A phone offline is
    the browser offline (context.set_offline) and the server out of reach: Chromium's offline emulation lets
    through a request that a page's service worker passes on to the network (the page sees it fail, and the
    server stores it)."""

    def __init__(self, app) -> None:
        self.app, self.port = app, 0
        self.up()

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def up(self) -> None:
        self.server = make_server("127.0.0.1", self.port, buffered(self.app), threaded=True)
        self.port = self.server.server_port
        self.thread = threading.Thread(target=self.server.serve_forever, daemon=True)
        self.thread.start()

    def down(self) -> None:
        self.server.shutdown()
        self.server.server_close()
        self.thread.join(5)


@pytest.fixture
def reachable(tmp_path):
    served = Reachable(make_app(tmp_path / "seeplog.db"))
    yield served
    served.down()


def mid_deal(page, base: str, event: str, seed: int, plays: int) -> tuple[dict, list[str], list[str]]:
    """A game named `event` whose deal 1 (a random legal deal) is stored up to `plays` plays: the game, the
    deal's head (its lines before the plays) and its plays."""
    game = start(page, base, tags={"Event": event})
    lines = deal_lines(1, "N", random_deal(STANDARD, "N", random.Random(seed)))
    head, all_plays = [line for line in lines if not is_play(line)], [line for line in lines if is_play(line)]
    send_all(page, base, game, head + all_plays[:plays])
    return game, head, all_plays


def wait_until(page, script: str, timeout: float = 15.0) -> None:
    """Wait until the page's async `script` answers true (wait_for_function takes its promise for true)."""
    end = time.monotonic() + timeout
    while not page.evaluate(script):
        assert time.monotonic() < end, f"never true: {script}"
        page.wait_for_timeout(100)


def kept_page_holds(text: str) -> str:
    """A script: whether the phone's copy of this keep page holds `text`."""
    return ("async () => { const copy = await caches.match(location.origin + location.pathname, "
            f"{{ ignoreVary: true }}); return Boolean(copy) && (await copy.text()).includes({json.dumps(text)}); }}")


def open_kept(page, base: str, game: dict) -> None:
    """The keep page opened online, once the phone keeps it and its files."""
    page.goto(base + game["edit_url"])
    settled(page)
    wait_until(page, KEPT)


def kept_keys(page) -> list[str]:
    return page.evaluate("""async () => {
      const keys = [];
      for (const name of await caches.keys()) {
        for (const request of await (await caches.open(name)).keys()) keys.push(request.url);
      }
      return keys;
    }""")


def test_a_reload_offline_shows_the_game_and_its_waiting_entries_and_recording_goes_on(browser, reachable):
    base_url = reachable.url
    context = browser.new_context(**PHONE)
    page = context.new_page()
    problems = watch_errors(page)
    game, head, plays = mid_deal(page, base_url, "Reload offline", seed=3, plays=6)
    open_kept(page, base_url, game)
    expect_next(page, "Deal 1, play 7 —")

    context.set_offline(True)
    reachable.down()
    for n, line in enumerate(plays[6:8], start=7):
        tap_offline(page, line, touch=True)
        expect_next(page, f"play {n + 1} —")
    page.reload()  # the browser's own "No internet" page before the phone kept the page
    expect(page.locator("h1.keep-title")).to_contain_text("Reload offline")
    expect_next(page, "Deal 1, play 9 —")
    expect(page.locator("#queue-list li.waiting")).to_have_count(2)
    expect(page.locator("#keep-status")).to_have_text("offline — 2 entries waiting")
    expect(page.locator("#floor-board #live-floor")).to_be_attached()  # the floor as last drawn, marked behind
    expect(page.locator("#floor-now")).to_have_class(re.compile(r"\bbehind\b"))
    assert serious(page) == []  # marked, not faded: as readable as ever (it faded to 55 % before)
    page.screenshot(path=str(SHOTS / "keep-offline-reloaded-phone.png"))
    page.screenshot(path=str(SHOTS / "keep-offline-reloaded-phone-full.png"), full_page=True)

    tap_offline(page, plays[8], touch=True)
    expect_next(page, "play 10 —")
    expect(page.locator("#keep-status")).to_have_text("offline — 3 entries waiting")
    events = reachable.app.test_client().get(f"/api/live/{game['id']}/history").json["events"]
    assert len(events) == 1 + len(head) + 6  # nothing was sent

    reachable.up()
    context.set_offline(False)
    settled(page, timeout=30_000)
    entries = api_doc(page, base_url, game)["entries"]
    assert [e["line"] for e in entries if e["kind"] == "play"] == plays[:9]  # each once, in order
    assert [p for p in problems if not any(e in p for e in OFFLINE_ERRORS)] == []
    assert page.evaluate("window.__csp") == []
    context.close()


def test_online_the_page_is_the_servers_and_the_phone_keeps_no_api_answer_nor_token(browser, base_url):
    context = browser.new_context(**PHONE)
    page = context.new_page()
    game, _, _ = mid_deal(page, base_url, "Before", seed=4, plays=2)
    open_kept(page, base_url, game)
    version = api_doc(page, base_url, game)["version"]
    renamed = page.request.post(f"{base_url}/api/live/{game['id']}/tags",
                                data={"version": version, "tags": {"Event": "After"}},
                                headers={"Authorization": f"Bearer {game['edit_token']}"})
    assert renamed.status == 201, renamed.text()
    page.reload()
    expect(page.locator("h1.keep-title")).to_contain_text("After")  # the server's page, not the one kept
    settled(page)
    wait_until(page, kept_page_holds("After"))
    named = page.evaluate("[...document.querySelectorAll('link[href], script[src]')].map((el) => el.href || el.src)")
    assert all(url.startswith(f"{base_url}/assets/") for url in named)
    assert sorted(kept_keys(page)) == sorted({f"{base_url}/live/{game['id']}/keep", *named})  # no API answer, no board
    assert not page.evaluate(kept_page_holds(game["edit_token"]))
    context.close()


def test_the_page_kept_offline_is_in_the_language_the_phone_chose_last(browser, base_url):
    context = browser.new_context(**PHONE)
    page = context.new_page()
    game, _, _ = mid_deal(page, base_url, "Language", seed=6, plays=3)
    open_kept(page, base_url, game)
    assert page.locator("html").get_attribute("lang") == "en"

    other = context.new_page()  # the language chosen on another page of the site
    other.goto(f"{base_url}/live/{game['id']}")
    other.locator("form.language button[value=hi]").click()
    expect(other.locator("html")).to_have_attribute("lang", "hi")
    wait_until(page, kept_page_holds('<html lang="hi">'))
    other.close()

    context.set_offline(True)
    page.reload()
    expect(page.locator("html")).to_have_attribute("lang", "hi")
    expect(page.locator("h1.keep-title")).to_contain_text("Language")
    expect(page.locator("#next-main")).to_contain_text("डील 1, चाल 4")  # the game as kept, said in Hindi
    page.screenshot(path=str(SHOTS / "keep-offline-reloaded-hi-phone.png"))
    context.close()



def test_a_game_deleted_on_the_phone_leaves_no_copy_of_its_page(browser, base_url):
    context = browser.new_context(**PHONE)
    page = context.new_page()
    game, _, _ = mid_deal(page, base_url, "Deleted", seed=7, plays=1)
    open_kept(page, base_url, game)
    page.locator("#game-details summary").tap()
    page.once("dialog", lambda dialog: dialog.accept())
    page.locator("#delete-game").tap()
    page.wait_for_url(base_url + "/")
    wait_until(page, "async () => !(await navigator.serviceWorker.getRegistrations()).length")
    wait_until(page, "async () => !(await caches.match('/live/%d/keep', { ignoreVary: true }))" % game["id"])
    context.set_offline(True)
    with pytest.raises(Exception, match="ERR_INTERNET_DISCONNECTED"):
        page.goto(base_url + f"/live/{game['id']}/keep")
    context.close()
