"""Every page in English, Hindi and Punjabi at 390x844 (a phone), in headless chromium (issue 25): axe-core
(shipped by axe-playwright-python, nothing from a CDN) finds no serious or critical violation, `target-size`
included; no page is wider than the screen with the longer words; the text is in the reader's script; the
chooser changes the language and not the address. Screenshots go to test-artifacts/browser/lang-*.png.

Marked `browser` like tests/web/test_browser.py, whose server and chromium fixtures it uses.
"""
from __future__ import annotations

import random
import re

import pytest
from axe_playwright_python.sync_playwright import Axe

from seeplog.playout import deal_lines, random_deal
from seeplog.ruleset import VARIANTS
from tests.helpers import EXAMPLES
from tests.web import test_browser as served
from tests.web.live_helpers import live_game_through

SHOTS = served.SHOTS
live_server, base_url, browser_type_launch_args = served.live_server, served.base_url, served.browser_type_launch_args

pytestmark = pytest.mark.browser
PHONE = {"width": 390, "height": 844}
AXE = {"resultTypes": ["violations"], "rules": {"target-size": {"enabled": True}}}
SCRIPT = {"en": re.compile(r"[A-Za-z]"), "hi": re.compile("[\u0900-\u097f]"), "pa": re.compile("[\u0a00-\u0a7f]")}
HEADINGS = {"en": "Games", "hi": "खेल", "pa": "ਖੇਡਾਂ"}


@pytest.fixture(scope="module")
def places(browser, base_url) -> dict[str, str]:
    """A stored game with a flagged play, a live game, an event with a round: each page to open."""
    context = browser.new_context()
    request = context.request
    stored = request.post(base_url + "/api/games", data=(EXAMPLES / "r-capture-all.seep").read_bytes(),
                          headers={"Content-Type": "text/plain"})
    game = stored.json()["id"]
    live = request.post(base_url + "/api/live", data={"variant": "standard"}).json()
    for line in ("deal 1 dealer N", "floor Kh Jc 9s 2s", "bid E 13"):
        version = request.get(f"{base_url}/api/live/{live['id']}").json()["version"]
        answer = request.post(f"{base_url}/api/live/{live['id']}/entries", data={"line": line, "version": version},
                              headers={"Authorization": f"Bearer {live['edit_token']}"})
        assert answer.status == 201, answer.text()
    made = request.post(base_url + "/api/events", data={"name": "Club night", "variant": "standard",
                                                        "partnerships": [["Asha", "Ravi"], ["Meena", "Dev"]]}).json()
    rounds = request.post(f"{base_url}/api/events/{made['id']}/rounds",
                          headers={"Authorization": f"Bearer {made['organiser_token']}"})
    assert rounds.status == 201, rounds.text()
    context.close()
    return {"games": "/", "scoresheet": f"/games/{game}", "play-flagged": f"/games/{game}/deals/2/plays/48",
            "keep": live["edit_url"], "standings": f"/events/{made['id']}", "follow": f"/live/{live['id']}",
            "upload": "/upload", "notation": "/notation", "live-new": "/live/new", "players": "/players",
            "leaderboard": "/leaderboard", "events": "/events", "new-event": "/events/new", "api": "/api/docs",
            "results": f"/events/{made['id']}/results", "director": f"/events/{made['id']}/director"}


@pytest.fixture(scope="module")
def ended(browser, base_url) -> dict[str, str]:
    """An event's table whose first deal is over: its keep page (the deal-end panel) and its confirm link."""
    context = browser.new_context()
    request = context.request
    made = request.post(base_url + "/api/events", data={"name": "Confirm night", "variant": "standard",
                                                        "partnerships": [["Asha", "Ravi"], ["Meena", "Dev"]]}).json()
    organiser = {"Authorization": f"Bearer {made['organiser_token']}"}
    table = request.post(f"{base_url}/api/events/{made['id']}/rounds", headers=organiser).json()["tables"][0]
    live = f"{base_url}/api/live/{table['game_id']}"
    version = request.get(live).json()["version"]
    for line in deal_lines(1, "N", random_deal(VARIANTS["standard"], "N", random.Random(25))):
        answer = request.post(f"{live}/entries", data={"line": line, "version": version},
                              headers={"Authorization": f"Bearer {table['edit_token']}"})
        assert answer.status == 201, answer.text()
        version = answer.json()["version"]
    director = request.get(f"{base_url}/api/events/{made['id']}/director", headers=organiser).json()
    context.close()
    return {"deal-end": table["edit_url"], "confirm": director["tables"][0]["confirm_url"],
            "follow": f"/live/{table['game_id']}"}


def serious(page) -> list[str]:
    """axe-core's serious and critical violations on the page as it stands: rule, then where."""
    found = Axe().run(page, options=AXE).response["violations"]
    return [f"{v['id']} ({v['impact']}): {[n['target'] for n in v['nodes'][:3]]}" for v in found
            if v["impact"] in ("serious", "critical")]


def opened(page, url: str, name: str) -> None:
    page.goto(url)
    if name == "keep":
        page.wait_for_function("() => (document.getElementById('keep-status')?.textContent.trim() ?? '') !== ''")
    if name == "api":
        page.wait_for_selector(".opblock", timeout=10_000)


@pytest.mark.parametrize("language", ["en", "hi", "pa"])
def test_every_page_in_each_language_fits_a_phone_and_passes_axe(browser, base_url, places, language):
    context = browser.new_context(viewport=PHONE)
    context.add_cookies([{"name": "lang", "value": language, "url": base_url}])
    page = context.new_page()
    for name, path in places.items():
        opened(page, base_url + path, name)
        assert page.evaluate("document.documentElement.lang") == language, name
        assert serious(page) == [], f"{name} in {language}"
        wider = page.evaluate("document.documentElement.scrollWidth - window.innerWidth")
        assert wider <= 0, f"{name} in {language} is {wider} px wider than the phone"
        heading = page.locator("h1").first.inner_text() if page.locator("h1").count() else ""
        assert name in ("scoresheet", "standings", "keep", "follow") or SCRIPT[language].search(heading), name
        SHOTS.mkdir(parents=True, exist_ok=True)
        page.screenshot(path=str(SHOTS / f"lang-{language}-{name}.png"), full_page=True)
    context.close()


@pytest.mark.parametrize("language", ["en", "hi", "pa"])
def test_a_long_word_wraps_on_a_small_phone_in_each_language(browser, base_url, language):
    """A name of 84 letters without a space breaks to fit a 360 px screen in Hindi and Punjabi as in English
    (a rule for those two languages kept words whole, and the play page was 386 px wide)."""
    context = browser.new_context(viewport={"width": 360, "height": 740})
    context.add_cookies([{"name": "lang", "value": language, "url": base_url}])
    name = "Championship" * 7
    text = (EXAMPLES / "r-capture-all.seep").read_text().replace("[Variant", f'[Event "{name}"]\n[Variant', 1)
    game = context.request.post(base_url + "/api/games", data=text.encode(),
                                headers={"Content-Type": "text/plain"}).json()["id"]
    page = context.new_page()
    for path in (f"/games/{game}", f"/games/{game}/deals/2/plays/48"):
        page.goto(base_url + path)
        wider = page.evaluate("document.documentElement.scrollWidth - window.innerWidth")
        assert wider <= 0, f"{path} in {language} is {wider} px wider than the phone"
    context.close()


HINT_FITS = """input => {
  const style = getComputedStyle(input), span = document.createElement("span");
  span.style.font = style.font; span.style.whiteSpace = "pre"; span.textContent = input.placeholder;
  document.body.append(span);
  const cancel = 16;  // a search box keeps room at its end for its clear button
  const room = input.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight) - cancel;
  const fits = span.getBoundingClientRect().width <= room;
  span.remove();
  return fits;
}"""


@pytest.mark.parametrize("language", ["en", "hi", "pa"])
def test_the_search_boxs_hint_is_read_whole_on_a_small_phone(browser, base_url, language):
    """The search box's placeholder ("player, event or site") is all it says of what it searches: on a 360 px
    phone it was cut off in Hindi ("खिलाड़ी, प्रतियोगिता या ज…")."""
    context = browser.new_context(viewport={"width": 360, "height": 740})
    context.add_cookies([{"name": "lang", "value": language, "url": base_url}])
    page = context.new_page()
    page.goto(base_url + "/")
    assert page.locator("input[name=q]").evaluate(HINT_FITS)
    page.screenshot(path=str(SHOTS / f"lang-{language}-filters-360.png"))
    context.close()


def test_every_page_at_desktop_size_passes_axe(browser, base_url, places):
    """The pages as a laptop shows them (their phone layout is checked above): no serious violation, the
    targets' size among them; a screenshot of each to look at."""
    context = browser.new_context(viewport={"width": 1280, "height": 800})
    page = context.new_page()
    found = {}
    for name, path in places.items():
        opened(page, base_url + path, name)
        found[name] = serious(page)
        SHOTS.mkdir(parents=True, exist_ok=True)
        page.screenshot(path=str(SHOTS / f"desktop-{name}.png"), full_page=True)
    assert {name: problems for name, problems in found.items() if problems} == {}
    context.close()


def passes(page, language: str, name: str) -> None:
    """No serious or critical violation, nothing wider than the phone; a screenshot to look at."""
    assert serious(page) == [], f"{name} in {language}"
    wider = page.evaluate("document.documentElement.scrollWidth - window.innerWidth")
    assert wider <= 0, f"{name} in {language} is {wider} px wider than the phone"
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SHOTS / f"lang-{language}-{name}.png"), full_page=True)


@pytest.mark.parametrize("language", ["en", "hi", "pa"])
def test_the_keep_pages_panels_and_the_confirm_page_pass_axe(browser, base_url, places, ended, language):
    context = browser.new_context(viewport=PHONE)
    context.add_cookies([{"name": "lang", "value": language, "url": base_url}])
    page = context.new_page()
    opened(page, base_url + places["keep"], "keep")
    page.locator("#picker button[data-card='Ks']").click()
    page.locator("#outcome-list button.outcome").first.wait_for()
    folded = page.locator("#outcome-list details.outcome-fold > summary")
    if folded.count():
        folded.first.click()  # the outcomes that break a rule, unfolded too
    passes(page, language, "keep-outcomes")
    page.goto(base_url + ended["deal-end"])
    page.locator("#deal-end .deal-end-scores").wait_for()
    passes(page, language, "keep-deal-end")
    page.goto(base_url + ended["follow"])
    said = page.locator("#live-end").inner_text()
    assert language == "en" or not any(w in said for w in ("leads by", "Left on the floor", "cards", "baazis")), said
    passes(page, language, "follow-deal-end")
    page.set_viewport_size({"width": 1280, "height": 900})
    page.screenshot(path=str(SHOTS / f"lang-{language}-follow-deal-end-desktop.png"), full_page=True)
    page.goto(base_url + ended["confirm"])
    page.locator("#confirm-deals li button.confirm").wait_for()
    passes(page, language, "confirm")
    page.locator("#confirm-deals li button.quiet").click()
    page.locator("#confirm-deals li input").wait_for()  # the refusal's reason asked
    passes(page, language, "confirm-refusing")
    context.close()


def test_the_chooser_changes_the_language_not_the_address(browser, base_url, places):
    context = browser.new_context(viewport=PHONE)
    page = context.new_page()
    address = base_url + places["play-flagged"]
    page.goto(address)
    for language in ("hi", "pa", "en"):
        page.locator(f"form.language button[value={language}]").click()
        page.wait_for_load_state()
        assert page.url == address and page.evaluate("document.documentElement.lang") == language
        assert page.locator(f"form.language button[value={language}]").get_attribute("aria-current") == "true"
    page.goto(base_url + "/")
    page.locator("form.language button[value=pa]").focus()
    page.keyboard.press("Enter")  # by keyboard too
    page.wait_for_function("() => document.documentElement.lang === 'pa'")
    assert page.url == base_url + "/" and page.locator("h1").inner_text() == HEADINGS["pa"]
    context.close()


def test_the_chooser_keeps_the_place_on_the_page_but_never_a_token(browser, base_url, places):
    context = browser.new_context(viewport=PHONE)
    page = context.new_page()
    address = base_url + places["scoresheet"] + "#L27"
    page.goto(address)
    page.locator("form.language button[value=hi]").click()
    page.wait_for_function("() => document.documentElement.lang === 'hi'")
    assert page.url == address  # the fragment the server never sees, kept
    page.goto(base_url + "/upload#token=" + "x" * 30)
    page.locator("form.language button[value=pa]").click()
    page.wait_for_function("() => document.documentElement.lang === 'pa'")
    assert page.url == base_url + "/upload"  # a token's fragment never goes to the server
    context.close()


@pytest.mark.parametrize("language", ["en", "hi"])
def test_the_first_tab_stop_skips_the_header_to_the_content(browser, base_url, places, language):
    context = browser.new_context(viewport=PHONE)
    context.add_cookies([{"name": "lang", "value": language, "url": base_url}])
    page = context.new_page()
    page.goto(base_url + places["scoresheet"])
    skip = page.locator("a.skip-link")
    assert skip.bounding_box()["y"] + skip.bounding_box()["height"] <= 0  # out of sight until focused
    page.keyboard.press("Tab")
    assert page.evaluate("document.activeElement.className") == "skip-link"
    box = skip.bounding_box()
    assert box["y"] >= 0 and box["height"] >= 44 and SCRIPT[language].search(skip.inner_text())
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SHOTS / f"lang-skip-link-{language}.png"))
    page.keyboard.press("Enter")
    page.wait_for_function("() => document.activeElement.id === 'main'")
    page.keyboard.press("Tab")  # the next stop is the page's own, not the header's
    assert page.evaluate("document.activeElement.closest('main') !== null")
    context.close()


@pytest.mark.parametrize("language", ["hi", "pa"])
def test_a_flagged_play_and_the_keep_pages_broken_rules_are_said_in_the_readers_language(browser, base_url, places,
                                                                                         language):
    """The play page's finding (made at the server) and the keep page's outcomes that break a rule (made by its
    script from the API's `said` and the page's translations) read in the reader's language, cards in notation."""
    context = browser.new_context(viewport=PHONE)
    context.add_cookies([{"name": "lang", "value": language, "url": base_url}])
    page = context.new_page()
    page.goto(base_url + places["play-flagged"])
    finding = page.locator(".finding").first
    message = finding.locator(".message").inner_text()
    assert SCRIPT[language].search(message) and "Kc" in message and "Td+3s" in message, message
    assert "on the floor" not in message and SCRIPT[language].search(finding.locator(".explanation").inner_text())
    finding.scroll_into_view_if_needed()
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SHOTS / f"lang-{language}-play-flagged-finding.png"))
    opened(page, base_url + places["keep"], "keep")
    page.locator("#picker button[data-card='Ks']").click()
    page.locator("#outcome-list button.outcome").first.wait_for()
    page.locator("#outcome-list details.outcome-fold > summary").first.click()
    broken = page.locator("#outcome-list .rule").all_inner_texts()
    assert broken and all(SCRIPT[language].search(text) and "could capture" not in text for text in broken), broken
    assert any("Ks" in text for text in broken), broken
    context.close()


MID_DEAL = ("deal 1 dealer N", "floor Kd 9s 2s 2c", "bid W 13", "W Kh x Kd 9s+2s+2c", "S 5h", "E 7c")
"""A deal under way: W's sweep, then two cards thrown loose; N plays next."""
TOOK = {"hi": "N ने 5d से उठाया: 5h", "pa": "N ਨੇ 5d ਨਾਲ ਚੁੱਕਿਆ: 5h"}


@pytest.mark.parametrize("language", ["hi", "pa"])
def test_the_keep_page_mid_deal_says_its_verdict_in_the_readers_language(browser, base_url, language):
    """A play entered by tapping on the keep page mid-deal: the verdict read out in the reader's language (the
    sentence the server sends, said with the page's translations), the plays listed likewise, dates on the
    games list in the reader's locale; neither page wider than the phone."""
    context = browser.new_context(viewport=PHONE)
    live = live_game_through(context.request, base_url, MID_DEAL)
    context.add_cookies([{"name": "lang", "value": language, "url": base_url}])
    page = context.new_page()
    opened(page, base_url + live["edit_url"], "keep")
    page.locator("#picker button[data-card='5d']").click()
    page.locator("#outcome-list button.outcome[data-line='N 5d x 5h']").click()
    page.wait_for_function("(said) => document.getElementById('said').textContent.includes(said)", arg=TOOK[language])
    assert not re.search(r"\b(takes|throws|builds|sweep)\b", page.locator("#said").inner_text())
    passes(page, language, "keep-mid-deal")
    page.goto(base_url + "/")
    dates = page.locator("table.games td.date").all_inner_texts()
    assert dates and all(SCRIPT[language].search(d) for d in dates if d), dates  # the month in the reader's script
    passes(page, language, "games-dated")
    context.close()


@pytest.mark.parametrize("language", ["hi", "pa"])
def test_a_refused_line_kept_to_fix_says_why_in_the_readers_language(browser, base_url, language):
    """A line the server refuses ('Zz' is no card) waits in the list to be fixed, its reason said in the
    reader's language, as the banner says it (the server's English error is not shown)."""
    context = browser.new_context(viewport=PHONE)
    live = live_game_through(context.request, base_url, MID_DEAL)
    context.add_cookies([{"name": "lang", "value": language, "url": base_url}])
    page = context.new_page()
    opened(page, base_url + live["edit_url"], "keep")
    page.locator("input[name=line]").fill("N Zz")
    page.locator("input[name=line]").press("Enter")
    refused = page.locator("#queue-list li.refused")
    refused.wait_for()
    text = refused.inner_text()
    assert "E-CARD" in text and SCRIPT[language].search(text), text
    assert "is not a card" not in text and "cannot be recorded" not in text, text
    passes(page, language, "keep-refused")
    context.close()
