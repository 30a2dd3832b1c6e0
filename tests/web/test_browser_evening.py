"""Issue 23 in headless chromium, at 390x844 with touch and at desktop size: the notation help page, the
Share button (Web Share API, else the link copied), the manage panel left out of print, a closed and
reopened keep page, and the follow page stepping back through the plays. Each page: no sideways scroll,
and every link, button and input in the page's main part at least 44x44 px. Screenshots go to
test-artifacts/browser/evening-*.png.

Marked `browser` like tests/web/test_browser.py, whose server and chromium fixtures it uses.
"""
from __future__ import annotations

import pytest
from playwright.sync_api import expect

from tests.helpers import EXAMPLES
from tests.web import test_browser as served

SHOTS = served.SHOTS
live_server, base_url, browser_type_launch_args = served.live_server, served.base_url, served.browser_type_launch_args

pytestmark = pytest.mark.browser
PHONE = {"viewport": {"width": 390, "height": 844}, "has_touch": True, "is_mobile": True, "device_scale_factor": 2}
DESKTOP = {"viewport": {"width": 1280, "height": 900}}
SIZES = {"phone": PHONE, "desktop": DESKTOP}

TARGETS = "main a, main button, main input, main select, main textarea, main summary"
SMALL_TARGETS = """() => [...document.querySelectorAll('""" + TARGETS + """')]
  .filter(e => e.getClientRects().length && getComputedStyle(e).visibility !== 'hidden'
               && e.closest('[hidden]') === null && e.type !== 'hidden')
  .map(e => { const r = e.getBoundingClientRect(); return [e.outerHTML.slice(0, 80), Math.round(r.width),
                                                          Math.round(r.height)]; })
  .filter(([, w, h]) => w < 44 || h < 44)"""


@pytest.fixture(params=list(SIZES))
def sized(request, browser):
    context = browser.new_context(**SIZES[request.param])
    yield request.param, context.new_page()
    context.close()


def overflow(page) -> int:
    return page.evaluate("document.documentElement.scrollWidth - window.innerWidth")


def fits(page, what: str) -> None:
    """No sideways scroll, and no tap target under 44x44 px in the page's main part."""
    assert overflow(page) <= 0, f"{what} is {overflow(page)} px too wide"
    assert page.evaluate(SMALL_TARGETS) == [], what


def shot(page, name: str) -> None:
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SHOTS / f"evening-{name}.png"), full_page=True)
    assert (SHOTS / f"evening-{name}.png").stat().st_size > 5_000
    page.screenshot(path=str(SHOTS / f"evening-{name}-top.png"))


def upload(page, base: str, name: str) -> str:
    response = page.request.post(base + "/api/games", data=(EXAMPLES / name).read_bytes(),
                                 headers={"Content-Type": "text/plain"})
    assert response.status in (200, 201)
    return base + response.json()["url"]


# ---------------------------------------------------------------- point 8: notation help, Share, print

def test_the_notation_page_reads_on_a_phone_and_a_desktop(sized, base_url):
    size, page = sized
    page.goto(base_url + "/upload")
    page.click("text=How to write a log")
    page.wait_for_url("**/notation")
    assert page.locator(".line-kind").count() >= 16
    assert page.locator("#house code").first.inner_text() == "SEAT C+I+I… =V G G …"
    fits(page, f"/notation at {size}")
    shot(page, f"notation-{size}")


def test_share_copies_the_link_where_there_is_no_share_sheet(sized, base_url):
    size, page = sized
    page.context.grant_permissions(["clipboard-read", "clipboard-write"], origin=base_url)
    game = upload(page, base_url, "game-standard-1.seep")
    page.goto(game)
    assert page.evaluate("typeof navigator.share") == "undefined"
    page.click("button.share")
    expect(page.locator(".share-said")).to_have_text("Link copied: " + game)
    assert page.evaluate("navigator.clipboard.readText()") == game
    shot(page, f"share-copied-{size}")


def test_share_opens_the_share_sheet_where_there_is_one(sized, base_url):
    size, page = sized
    page.add_init_script("navigator.share = (data) => { window.sharedWith = data; return Promise.resolve(); };")
    live = page.request.post(base_url + "/api/live", data={"variant": "standard", "players": {"N": "Asha"},
                                                          "tags": {"Event": "Share night"}}).json()
    page.goto(base_url + f"/live/{live['id']}")
    page.click("button.share")
    follow = base_url + f"/live/{live['id']}"
    assert page.evaluate("window.sharedWith") == {"title": "Share night · live", "url": follow}
    expect(page.locator(".share-said")).to_have_text("Shared.")
    shot(page, f"share-follow-{size}")


def test_the_manage_panel_and_forms_are_left_out_of_print(page, base_url):
    page.goto(upload(page, base_url, "game-standard-2.seep"))
    page.emulate_media(media="print")
    assert not page.locator("details.manage").is_visible() and not page.locator("button.share").is_visible()
    assert page.locator("table.scoresheet").first.is_visible()
    page.emulate_media(media="screen")
    assert page.locator("details.manage").is_visible()


# ---------------------------------------------------------------- point 4: close, reopen, rename, names, delete

DEAL = ["deal 1 dealer N", "floor Kh Jc 9s 2s", "bid W 11", "W Jd x Jc 9s+2s", "S 5h"]


def started(page, base: str) -> dict:
    game = page.request.post(base + "/api/live", data={"variant": "standard", "players": {"N": "Asah", "W": "Divya"},
                                                       "tags": {"Event": "Evening", "Date": "2026-11-24"}}).json()
    version = 1
    for line in DEAL:
        answer = page.request.post(f"{base}/api/live/{game['id']}/entries", data={"line": line, "version": version},
                                   headers={"Authorization": f"Bearer {game['edit_token']}"})
        assert answer.status == 201
        version = answer.json()["version"]
    return game


def test_close_with_confirmation_reopen_rename_fix_a_name_and_delete(sized, base_url):
    size, page = sized
    game = started(page, base_url)
    follower = page.context.new_page()
    follower.goto(f"{base_url}/live/{game['id']}")
    expect(follower.locator(".live-head .badge")).to_have_text("live")
    page.goto(f"{base_url}{game['edit_url']}")
    expect(page.locator("#line")).to_be_visible()
    page.locator("#finish summary").click()
    page.once("dialog", lambda dialog: dialog.dismiss())
    page.click("#close-game")
    expect(page.locator("#line")).to_be_visible()  # dismissed: still open
    page.once("dialog", lambda dialog: dialog.accept())
    page.click("#close-game")
    expect(page.locator("#closed-panel")).to_be_visible(timeout=10_000)
    for hidden in ("#line", "#undo", "#finish", "#step-play"):
        expect(page.locator(hidden)).to_be_hidden()
    fits(page, f"closed keep page at {size}")
    shot(page, f"keep-closed-{size}")
    expect(follower.locator(".live-head .badge")).to_have_text("closed", timeout=10_000)
    shot(follower, f"follow-closed-{size}")

    page.click("#reopen-game")
    expect(page.locator("#line")).to_be_visible(timeout=10_000)
    expect(page.locator("#closed-panel")).to_be_hidden()
    fits(page, f"reopened keep page at {size}")
    shot(page, f"keep-reopened-{size}")

    page.locator("#game-details summary").click()
    page.fill("#tags-form input[name=Event]", "Evening final")
    page.fill("#tags-form input[name=Round]", "2")
    page.fill("#tags-form input[name=North]", "Asha")
    fits(page, f"keep page details at {size}")
    shot(page, f"keep-details-{size}")
    page.click("#tags-form button[type=submit]")
    expect(page.locator("h1.keep-title")).to_contain_text("Evening final", timeout=10_000)
    log = page.request.get(f"{base_url}/api/live/{game['id']}").json()["log"]
    assert '[North "Asha"]' in log and '[Event "Evening final"]' in log and '[Round "2"]' in log
    kinds = [e["kind"] for e in page.request.get(f"{base_url}/api/live/{game['id']}/history").json()["events"]]
    assert kinds[-3:] == ["close", "reopen", "retag"]

    page.locator("#game-details summary").click() if not page.locator("#delete-game").is_visible() else None
    page.once("dialog", lambda dialog: dialog.accept())
    page.click("#delete-game")
    page.wait_for_url(base_url + "/")
    assert page.request.get(f"{base_url}/api/live/{game['id']}").status == 404
    assert "Evening final" not in page.content()


# ---------------------------------------------------------------- point 6: the follow page steps back

def test_the_follow_page_steps_back_through_every_play_and_back_to_live(sized, base_url):
    size, page = sized
    game = started(page, base_url)  # deal 1: W Jd x ..., S 5h
    page.goto(f"{base_url}/live/{game['id']}")
    strip = page.locator("#follow-steps ol a")
    expect(strip).to_have_count(2)
    fits(page, f"follow page at {size}")
    shot(page, f"follow-strips-{size}")
    page.keyboard.press("ArrowLeft")  # from live: the last play
    page.wait_for_url(f"**/live/{game['id']}/deals/1/plays/2")
    expect(page.locator("h1")).to_contain_text("play 2")
    page.keyboard.press("ArrowLeft")
    page.wait_for_url(f"**/live/{game['id']}/deals/1/plays/1")
    expect(page.locator(".the-play .move")).to_contain_text("Jd x Jc 9s+2s")
    assert overflow(page) <= 0
    fits(page, f"step page at {size}")
    shot(page, f"follow-step-back-{size}")
    page.keyboard.press("ArrowRight")
    page.wait_for_url(f"**/live/{game['id']}/deals/1/plays/2")
    page.locator("a.back-live").tap() if size == "phone" else page.click("a.back-live")
    page.wait_for_url(f"{base_url}/live/{game['id']}")
    expect(page.locator(".live-head .badge")).to_have_text("live")
