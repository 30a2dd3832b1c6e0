"""In headless chromium, at 390x844 (a phone) and at desktop size: every page fits without sideways scroll
(point 2), the dispute view shows the log error where a replay stopped (point 5), and an uploader replaces
and deletes a game with its manage token (point 11). Screenshots go to test-artifacts/browser/.

Marked `browser` like tests/web/test_browser.py, whose server and chromium fixtures it uses.
"""
from __future__ import annotations

import re

import pytest

from tests.helpers import EXAMPLES
from tests.web.test_browser import SHOTS, base_url, browser_type_launch_args, live_server  # noqa: F401

pytestmark = pytest.mark.browser
SIZES = {"phone": {"width": 390, "height": 844}, "desktop": {"width": 1280, "height": 900}}
NARROW = ({"width": 360, "height": 740}, {"width": 430, "height": 932})


def upload(page, base: str, name: str) -> str:
    """Upload an example through the page; the game page's address."""
    page.goto(base + "/upload")
    page.set_input_files("input[type=file]", str(EXAMPLES / name))
    page.click("form.upload button[type=submit]")
    page.wait_for_url(re.compile(r".*/games/\d+$"))
    return page.url


def overflow(page) -> int:
    """How far the page is wider than the window (0 when it does not scroll sideways)."""
    return page.evaluate("document.documentElement.scrollWidth - window.innerWidth")


def shot(page, name: str) -> None:
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SHOTS / f"{name}.png"), full_page=True)
    assert (SHOTS / f"{name}.png").stat().st_size > 5_000


@pytest.mark.parametrize("size", SIZES)
def test_every_page_fits_the_screen(page, base_url, size):
    page.set_viewport_size(SIZES[size])
    game = upload(page, base_url, "game-standard-1.seep")
    stopped = upload(page, base_url, "e-floor.seep")
    pages = {"games": "/", "upload": "/upload", "game": game, "play": game + "/deals/1/plays/5",
             "stopped": stopped + "/deals/2/plays/18", "api": "/api/docs"}
    for name, path in pages.items():
        page.goto(path if path.startswith("http") else base_url + path)
        if name == "api":
            page.wait_for_selector(".opblock", timeout=10_000)
        assert overflow(page) <= 0, f"{name} is {overflow(page)} px too wide at {size}"
        shot(page, f"fit-{size}-{name}")
        page.screenshot(path=str(SHOTS / f"fit-{size}-{name}-top.png"))
    for viewport in NARROW:
        page.set_viewport_size(viewport)
        for path in (base_url + "/", game, stopped + "/deals/2/plays/18"):
            page.goto(path)
            assert overflow(page) <= 0, f"{path} is too wide at {viewport['width']} px"


def test_the_scoresheet_shows_deal_and_score_first_on_a_phone(page, base_url):
    page.set_viewport_size(SIZES["phone"])
    page.goto(upload(page, base_url, "game-standard-1.seep"))
    width = page.evaluate("window.innerWidth")
    first_row = page.locator("table.scoresheet tbody tr").first
    for cell in ("td.deal", "td.score >> nth=0", "td.score >> nth=1"):
        box = first_row.locator(cell).bounding_box()
        assert box["x"] >= 0 and box["x"] + box["width"] <= width, cell
    box = page.locator(".scroll").first
    assert box.evaluate("e => e.scrollWidth > e.clientWidth")  # the rest scrolls inside its own box
    box.evaluate("e => e.scrollLeft = e.scrollWidth")
    assert overflow(page) <= 0
    shot(page, "scoresheet-phone-scrolled")


ONE_LINE = ("e => { const r = document.createRange(); r.selectNodeContents(e);"
            " const tops = new Set([...r.getClientRects()].map(x => Math.round(x.top))); return tops.size === 1; }")


def test_rule_ids_and_dates_stay_on_one_line_on_desktop(page, base_url):
    page.set_viewport_size(SIZES["desktop"])
    page.goto(upload(page, base_url, "e-syntax.seep"))
    codes = page.locator("table.findings td.rule code").all()
    assert codes and all(code.evaluate(ONE_LINE) for code in codes)
    page.goto(base_url + "/")
    dates = page.locator("table.games td.date").all()
    assert dates and all(cell.evaluate(ONE_LINE) for cell in dates)
    uploaded = page.locator("table.games td.upload .when").all()
    assert uploaded and all(cell.evaluate(ONE_LINE) for cell in uploaded)


@pytest.mark.parametrize("size", SIZES)
def test_the_dispute_view_shows_log_errors(page, base_url, size):
    page.set_viewport_size(SIZES[size])
    ambiguous = upload(page, base_url, "e-ambiguous.seep")
    page.goto(ambiguous + "/deals/2/plays/1")
    meant = page.locator("#meant ul.moves li code")
    assert [meant.nth(i).inner_text() for i in range(meant.count())] == ["Kc x 6s+6c+Ah", "Kc x Qh+Ah"]
    assert meant.first.is_visible() and overflow(page) <= 0
    shot(page, f"dispute-{size}-ambiguous")

    floor = upload(page, base_url, "e-floor.seep")
    page.goto(floor + "/deals/2/plays/18")
    assert page.locator("#near").inner_text().count("Js (loose)") == 1
    assert page.locator("#floor-before .loose .card").count() == 1
    shot(page, f"dispute-{size}-floor")

    syntax = upload(page, base_url, "e-syntax.seep")
    page.goto(syntax + "/deals/1/plays/25")
    legal = page.locator("section#legal ul.moves li")
    assert legal.count() > 3 and "the seat to move" in page.locator("section#legal h2").inner_text()
    assert page.locator(".finding code").first.inner_text() == "E-SYNTAX"
    shot(page, f"dispute-{size}-syntax")


def test_the_dispute_view_prints_dark(page, base_url):
    page.set_viewport_size(SIZES["desktop"])
    page.goto(upload(page, base_url, "e-floor.seep") + "/deals/2/plays/18")
    page.emulate_media(media="print")
    dark = "e => { const [r, g, b] = getComputedStyle(e).color.match(/\\d+/g).map(Number); return r + g + b < 200; }"
    for selector in (".finding .rule code", "h1", "#floor-before h2", ".badge.mover",
                     ".house-head .value, .loose .label"):
        element = page.locator(selector).first
        if element.count():
            assert element.evaluate(dark), selector
    background = page.locator("#floor-before").evaluate("e => getComputedStyle(e).backgroundColor")
    assert background in ("rgb(255, 255, 255)", "rgba(0, 0, 0, 0)")
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.pdf(path=str(SHOTS / "dispute-print.pdf"), format="A4")


@pytest.mark.parametrize("size", SIZES)
def test_an_uploader_replaces_and_deletes_a_game_with_the_token(page, base_url, size, tmp_path):
    page.set_viewport_size(SIZES[size])
    text = (EXAMPLES / "e-card.seep").read_text().replace("Club night 129", f"Manage test {size}")
    page.goto(base_url + "/upload")
    page.fill("#text", text)
    page.click("form.upload button[type=submit]")
    page.wait_for_url(re.compile(r".*/games/\d+$"))
    game = page.url
    token = page.locator("#token code.secret").inner_text()
    assert len(token) >= 40 and overflow(page) <= 0
    shot(page, f"manage-{size}-token")
    page.locator("#token").screenshot(path=str(SHOTS / f"manage-{size}-token-box.png"))
    page.reload()
    assert page.locator("#token").is_hidden() and "#token" not in page.url  # shown once

    page.locator("details#manage summary").click()
    page.fill("#delete-token", "not the token")
    with page.expect_navigation():
        page.click("form.delete button")
    assert "Not deleted" in page.locator(".flash").inner_text()

    page.locator("details#manage summary").click()
    page.fill("#replace-token", token)
    replacement = tmp_path / "replacement.seep"
    replacement.write_text((EXAMPLES / "e-floor.seep").read_text().replace("Club night 120", f"Replaced {size}"))
    page.set_input_files("#replace-file", str(replacement))
    shot(page, f"manage-{size}-form")
    with page.expect_navigation():
        page.click("form.manage-form:not(.delete) button")
    assert page.url.split("#")[0] == game
    assert "Replaced" in page.locator(".flash").inner_text()
    assert page.locator("h1").inner_text() == f"Replaced {size}"
    page.locator("details#manage summary").click()
    assert "uploaded" in page.locator("ol.history").inner_text()
    shot(page, f"manage-{size}-replaced")
    page.locator("details#manage").screenshot(path=str(SHOTS / f"manage-{size}-section.png"))
    page.locator("article.game > header, section.sheet").first.screenshot(path=str(SHOTS / f"manage-{size}-head.png"))

    page.fill("#delete-token", token)
    with page.expect_navigation():
        page.click("form.delete button")
    assert page.url.split("#")[0] == base_url + "/"
    assert "Deleted" in page.locator(".flash").inner_text()
    assert page.goto(game).status == 404
    page.goto(base_url + "/")
    assert f"Manage test {size}" not in page.content()
