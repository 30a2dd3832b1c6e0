"""A person's path through the service in headless chromium: upload an example, open it, read the scoresheet.

Marked `browser`. Where Playwright or chromium is absent, tests/conftest.py leaves the browser modules
out of the run (outside CI: under CI=true they are always collected, and fail here without them).
"""
from __future__ import annotations

import threading

import pytest
from werkzeug.serving import make_server

import seeplog
from seeplog.rules import RULES
from tests.helpers import CHROMIUM, EXAMPLES, ROOT, browser_missing
from tests.web.helpers import make_app

if browser_missing():
    raise RuntimeError(f"the browser tests cannot run: {browser_missing()}")

pytestmark = pytest.mark.browser
ARGS = ["--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage", "--disable-background-networking",
        "--disable-component-update", "--no-first-run", "--disable-sync", "--disable-quic"]
SHOTS = ROOT / "test-artifacts" / "browser"


def buffered(app):
    """The app's answers as bytes, each response closed at once. Werkzeug's development server skips closing
    a response when the browser resets the connection while it reads the rest of the request, and a static
    file's response left open is then an unclosed file (a ResourceWarning, an error here) whenever the
    collector finds it."""
    def serve(environ, start_response):
        body = app(environ, start_response)
        try:
            return [b"".join(body)]
        finally:
            if hasattr(body, "close"):
                body.close()
    return serve


@pytest.fixture(scope="session")
def live_server(tmp_path_factory):
    app = make_app(tmp_path_factory.mktemp("browser") / "seeplog.db")
    server = make_server("127.0.0.1", 0, buffered(app), threaded=True)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    yield f"http://127.0.0.1:{server.server_port}"
    server.shutdown()
    thread.join(5)


@pytest.fixture(scope="session")
def browser_type_launch_args(browser_type_launch_args):
    return {**browser_type_launch_args, "executable_path": CHROMIUM, "args": ARGS}


@pytest.fixture(scope="session")
def base_url(live_server):
    return live_server


def test_upload_open_and_read_the_scoresheet(page, base_url):
    path = EXAMPLES / "r-capture-all.seep"
    expected = seeplog.report_json(seeplog.analyse(path.read_text(encoding="utf-8")))["games"][0]
    page.set_viewport_size({"width": 1200, "height": 900})
    page.goto(base_url + "/upload")
    page.set_input_files("input[type=file]", str(path))
    page.click("button[type=submit]")
    page.wait_for_url("**/games/*")
    assert page.locator("h1").inner_text() == "Club night 128"
    assert "Stored r-capture-all.seep." in page.locator(".flash").inner_text()

    rows = page.locator("table.scoresheet tbody tr")
    assert rows.count() == len(expected["deals"])
    for i, deal in enumerate(expected["deals"]):
        cells = rows.nth(i).locator("td")
        assert cells.nth(0).inner_text() == str(deal["number"])
        assert [cells.nth(8).inner_text(), cells.nth(9).inner_text()] == [
            str(deal["card_points"]["NS"]), str(deal["card_points"]["EW"])]
        assert [cells.nth(1).inner_text(), cells.nth(2).inner_text()] == [
            str(deal["score"]["NS"]), str(deal["score"]["EW"])]
    lead = rows.nth(0).locator("td.lead")
    assert lead.locator("[aria-hidden=true]").inner_text() == "NS 26"
    assert lead.locator(".sr-only").inner_text() == "North–South 26"  # heard in words
    assert page.locator("table.scoresheet thead th.team").first.locator(".sr-only").inner_text() == "North–South"

    flagged = page.locator("table.findings tbody tr")
    assert flagged.count() == 1
    assert "R-CAPTURE-ALL" in flagged.inner_text() and "Kc left Td+3s" in flagged.inner_text()
    assert flagged.locator("a").first.get_attribute("href").endswith("/deals/2/plays/48")
    flagged.locator("a", has_text="112").click()
    assert page.url.endswith("#L112")
    assert "violation" in page.locator("#L112").get_attribute("class")
    assert page.locator("figure.chart svg circle").count() == len(expected["deals"])

    SHOTS.mkdir(parents=True, exist_ok=True)
    page.goto(page.url.split("#")[0])
    page.screenshot(path=str(SHOTS / "game.png"), full_page=True)
    assert (SHOTS / "game.png").stat().st_size > 10_000
    page.emulate_media(media="print")
    page.pdf(path=str(SHOTS / "scoresheet-a4.pdf"), format="A4")
    assert page.locator("section.log").is_hidden() and page.locator("table.scoresheet").is_visible()


def test_games_list_search(page, base_url):
    page.goto(base_url + "/")
    page.fill("input[name=q]", "Lakshmi")
    page.click("form.filters button")
    page.wait_for_url("**/?q=Lakshmi*")
    page.wait_for_load_state()  # the address changes when the answer starts: its rows may not be read yet
    assert page.locator("table.games tbody tr").count() >= 1
    assert "Club night 128" in page.locator("table.games").inner_text()
    page.screenshot(path=str(SHOTS / "games.png"), full_page=True)


@pytest.mark.parametrize("width, height", [(390, 844), (1280, 900)], ids=["phone", "desktop"])
def test_a_refused_search_keeps_every_filter_as_sent(page, base_url, width, height):
    """A date that is no day beside 'only flagged' sent as flagged=1 (an address typed or kept): the reason by
    the date, every filter as sent, the box still ticked, no list that reads as the answer."""
    page.set_viewport_size({"width": width, "height": height})
    page.goto(base_url + "/?q=Lakshmi&flagged=1&date_from=2026-02-30")
    assert "2026-02-30" in page.locator("#search-problems").inner_text()
    assert page.locator("input[name=q]").input_value() == "Lakshmi"
    assert page.locator("input[name=flagged]").is_checked()
    assert page.locator("input[name=date_from]").get_attribute("aria-invalid") == "true"
    assert page.locator("table.games tbody tr").count() == 0
    page.screenshot(path=str(SHOTS / f"games-refused-search-{'phone' if width < 500 else 'desktop'}.png"),
                    full_page=True)


def test_step_through_a_flagged_play_with_the_keyboard(page, base_url, browser):
    path = EXAMPLES / "r-capture-all.seep"
    page.set_viewport_size({"width": 1280, "height": 900})
    page.goto(base_url + "/upload")
    page.set_input_files("input[type=file]", str(path))
    page.click("button[type=submit]")
    page.wait_for_url("**/games/*")
    page.locator("table.findings tbody tr").first.locator("a", has_text="48").click()
    page.wait_for_url("**/deals/2/plays/48")
    assert page.locator(".play-number").inner_text() == "48"
    finding = page.locator(".the-play .finding")
    assert "R-CAPTURE-ALL" in finding.inner_text() and "Kc left Td+3s" in finding.inner_text()
    assert RULES["R-CAPTURE-ALL"].explanation in finding.inner_text()
    assert page.locator("details.legal").get_attribute("open") is not None
    assert "Kc x [13] Td+3s" in page.locator("details.legal ul.moves").first.inner_text()
    assert page.locator("#floor-before .house").get_attribute("data-value") == "13"
    assert page.locator("nav.strip a[aria-current=page]").inner_text().startswith("48")
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SHOTS / "play-48-flagged.png"), full_page=True)

    page.keyboard.press("ArrowLeft")
    page.wait_for_url("**/deals/2/plays/47")
    assert page.locator(".play-number").inner_text() == "47"
    assert page.locator(".the-play .verdict").inner_text() == "✓ This play breaks no rule."
    page.screenshot(path=str(SHOTS / "play-47.png"), full_page=True)
    page.keyboard.press("ArrowRight")
    page.wait_for_url("**/deals/2/plays/48")
    assert page.locator(".play-number").inner_text() == "48"
    page.keyboard.press("Home")
    page.wait_for_url("**/deals/2/plays/1")
    page.keyboard.press("ArrowRight")
    page.wait_for_url("**/deals/2/plays/2")
    assert page.locator(".play-number").inner_text() == "2"
    page.screenshot(path=str(SHOTS / "play-2.png"), full_page=True)
    page.keyboard.press("End")
    page.wait_for_url("**/deals/2/plays/48")
    assert (SHOTS / "play-48-flagged.png").stat().st_size > 10_000

    # without JavaScript the same steps are links
    plain = browser.new_context(java_script_enabled=False, viewport={"width": 900, "height": 900})
    still = plain.new_page()
    still.goto(page.url)
    still.click("nav.steps a[rel=prev]")
    still.wait_for_url("**/deals/2/plays/47")
    assert still.locator(".play-number").inner_text() == "47"
    still.locator("nav.strip a", has_text="30").first.click()
    still.wait_for_url("**/deals/2/plays/30")
    still.screenshot(path=str(SHOTS / "play-30-narrow-no-js.png"), full_page=True)
    plain.close()


CSP_WATCH = """
window.__csp = [];
document.addEventListener("securitypolicyviolation", function (e) {
  window.__csp.push(e.violatedDirective + " " + e.blockedURI);
});
"""


def test_every_page_works_under_the_content_security_policy(page, base_url):
    """No console error and no policy violation on any page; the play page's keys still work (play.js)."""
    from tests.web.test_plays import GROUPED

    problems: list[str] = []
    page.on("console", lambda m: problems.append(m.text) if m.type == "error" else None)
    page.on("pageerror", lambda e: problems.append(str(e)))
    page.add_init_script(CSP_WATCH)
    page.set_viewport_size({"width": 1280, "height": 900})
    response = page.request.post(base_url + "/api/games", data=GROUPED, headers={"Content-Type": "text/plain"})
    game_id = response.json()["id"]
    SHOTS.mkdir(parents=True, exist_ok=True)
    for path, shot in (("/", "csp-games.png"), ("/upload", "csp-upload.png"), (f"/games/{game_id}", "csp-game.png"),
                       (f"/games/{game_id}/deals/1/plays/1", "csp-play-grouped.png"), ("/games/999999", None)):
        answer = page.goto(base_url + path)
        assert "script-src 'self'" in answer.headers["content-security-policy"]
        assert answer.headers["x-frame-options"] == "DENY"
        if shot:
            page.screenshot(path=str(SHOTS / shot), full_page=True)
        assert page.evaluate("window.__csp") == [], path
    page.goto(base_url + f"/games/{game_id}/deals/1/plays/1")
    page.click("details.legal summary")  # a clean play keeps its alternatives folded
    page.screenshot(path=str(SHOTS / "csp-play-grouped-open.png"), full_page=True)
    assert "and 1 other grouping of the same cards" in page.locator("details.legal").inner_text()
    assert page.locator("details.legal li.played code").inner_text() == "9c+2h =11 9d+2s"
    assert page.locator(".play-view").get_attribute("data-play") == "1"
    page.keyboard.press("ArrowRight")
    page.wait_for_url("**/deals/1/plays/2")  # play.js ran: scripts from the site itself are allowed
    assert page.evaluate("window.__csp") == []
    assert not [p for p in problems if "Content Security Policy" in p or "Refused" in p], problems
    assert problems == [] or all("404" in p for p in problems), problems


TYPED_AT_THE_TABLE = ("deal 1 dealer W\nfloor 6d 5h 3c Ac\nbid S K\nS Kd\nW 3h x 3e\n")
"""A dispute typed by hand on a phone: the bid card thrown with no hand line, then a typo."""


@pytest.mark.parametrize("width, height", [(390, 844), (1280, 900)])
def test_a_typed_dispute_reads_what_is_not_judged_and_where_the_typo_is(browser, base_url, width, height):
    context = browser.new_context(viewport={"width": width, "height": height})
    page = context.new_page()
    page.goto(base_url + "/upload")
    page.fill("textarea", TYPED_AT_THE_TABLE)
    page.click("button[type=submit]")
    page.wait_for_url("**/games/*")
    assert page.locator("tr#L5 code mark").inner_text() == "3e"
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SHOTS / f"typed-dispute-game-{width}.png"))
    page.click("a.status")  # the first screen leads to the findings
    assert page.locator("#flagged-1").is_visible()
    page.locator("tr#L5").screenshot(path=str(SHOTS / f"typed-dispute-line-{width}.png"))
    page.goto(page.url.split("#")[0] + "/deals/1/plays/1")
    assert page.locator(".the-play .verdict").inner_text() == "✓ No rule broken that the log can show."
    assert "(R-BID-THROW) is not judged" in page.locator(".the-play .unjudged").inner_text()
    assert page.evaluate("document.documentElement.scrollWidth") <= width
    page.screenshot(path=str(SHOTS / f"typed-dispute-play-{width}.png"), full_page=True)
    context.close()
