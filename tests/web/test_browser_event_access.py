"""An event's pages heard and used from the keyboard, in headless chromium: the polled standings keep the focus where
it was and speak only when the standings change; a round's table on a phone has a header for each cell; the
organiser's forms say where they led. Screenshots: test-artifacts/browser/event-access-*.png.

Marked `browser`; it shares test_browser's server.
"""
from __future__ import annotations

import pytest
from axe_playwright_python.sync_playwright import Axe

from tests.web import test_browser as browsing
from tests.web.test_browser import SHOTS, browser_type_launch_args  # noqa: F401

pytestmark = pytest.mark.browser
PHONE, DESKTOP = {"width": 390, "height": 844}, {"width": 1280, "height": 800}
HEARD = """() => { window.said = []; new MutationObserver(() => {
  const text = document.getElementById('event-status').textContent.trim(); if (text) window.said.push(text);
}).observe(document.getElementById('event-status'), {childList: true, characterData: true, subtree: true}); }"""


live_server, base_url = browsing.live_server, browsing.base_url


def shot(page, name: str) -> None:
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SHOTS / f"event-access-{name}.png"), full_page=True)


def make_event(page, base: str, name: str, pairs: int = 4) -> tuple[int, str, list[dict]]:
    """A round-robin event of `pairs` partnerships with its first round made: (id, organiser token, tables)."""
    made = page.request.post(base + "/api/events", data={
        "name": name, "variant": "standard", "date": "2026-11-29", "format": "round-robin", "baazi_target": 50,
        "partnerships": [[f"{name} {2 * i + 1}", f"{name} {2 * i + 2}"] for i in range(pairs)]}).json()
    auth = {"Authorization": f"Bearer {made['organiser_token']}"}
    tables = page.request.post(f"{base}/api/events/{made['id']}/rounds", headers=auth).json()["tables"]
    return made["id"], made["organiser_token"], tables


def scored_event(page, base: str, name: str) -> tuple[int, str, list[dict]]:
    """`make_event`, its table 1's deal 1 over: score NS 80 EW 20."""
    event, token, tables = make_event(page, base, name)
    enter(page, base, tables[0], "deal 1 dealer N")
    enter(page, base, tables[0], "score NS 80 EW 20")
    return event, token, tables


def enter(page, base: str, table: dict, line: str) -> None:
    game = table["game_id"]
    version = page.request.get(f"{base}/api/live/{game}").json()["version"]
    answer = page.request.post(f"{base}/api/live/{game}/entries", data={"line": line, "version": version},
                               headers={"Authorization": f"Bearer {table['edit_token']}"})
    assert answer.status == 201, answer.text()


def swapped(page) -> None:
    """Wait for the poll to swap the standings and rounds block marked before."""
    page.wait_for_function("() => !document.getElementById('event-live-body').dataset.old", timeout=10_000)


def mark_block(page) -> None:
    page.evaluate("() => { document.getElementById('event-live-body').dataset.old = '1'; }")


def test_the_polled_standings_keep_the_focus_and_speak_only_when_they_change(page, base_url):
    page.set_viewport_size(DESKTOP)
    event, _, tables = make_event(page, base_url, "Focus kept")
    page.goto(f"{base_url}/events/{event}")
    page.evaluate(HEARD)
    sheet = page.locator("table.round tbody tr").nth(1).locator("a", has_text="scoresheet")
    href = sheet.get_attribute("href")
    sheet.focus()

    mark_block(page)
    enter(page, base_url, tables[0], "deal 1 dealer N")  # a table's change, not the standings'
    swapped(page)
    assert page.evaluate("() => document.activeElement.getAttribute('href')") == href
    page.wait_for_timeout(300)
    assert page.evaluate("() => window.said") == []

    page.locator("div.scroll").first.focus()
    mark_block(page)
    enter(page, base_url, tables[0], "score NS 80 EW 20")  # the deal over: the standings change
    swapped(page)
    assert page.evaluate("() => document.activeElement.getAttribute('aria-label')") == "Standings"
    page.wait_for_function("() => window.said.length > 0")
    assert page.evaluate("() => window.said") == ["The standings changed."]
    shot(page, "event-polled-desktop")


def test_the_standings_say_so_when_the_server_answers_again(page, base_url):
    """"Cannot reach the server" stayed on the page after the server answered again, until the standings changed."""
    page.set_viewport_size(PHONE)
    event, _, tables = make_event(page, base_url, "Answers again")
    page.goto(f"{base_url}/events/{event}")
    page.evaluate(HEARD)
    fragment = f"{base_url}/events/{event}/live"
    page.route(fragment, lambda route: route.abort())
    page.wait_for_function("() => window.said.includes('Cannot reach the server: trying again.')", timeout=10_000)
    page.unroute(fragment)
    status = page.locator("#event-status")
    page.wait_for_function("() => window.said.length > 1", timeout=15_000)
    assert status.inner_text() == "The server answers again: the standings are up to date."
    shot(page, "event-answers-again-phone")


def heard_row_sizes(page) -> tuple[int, list[int]]:
    """A round table as the accessibility tree has it: its column headers and each row's cells, counted."""
    rows: list[list[str]] = []
    for line in page.locator("table.round").first.aria_snapshot().splitlines():
        role = line.strip().removeprefix("- ").lstrip("'").split(" ")[0].rstrip(":")  # quoted when its name has ": "
        if role == "row":
            rows.append([])
        elif role in ("columnheader", "cell") and rows:
            rows[-1].append(role)
    return rows[0].count("columnheader"), [row.count("cell") for row in rows[1:]]


@pytest.mark.parametrize("size", ["phone", "desktop"])
def test_a_round_tables_cells_each_have_their_header(page, base_url, size):
    page.set_viewport_size(PHONE if size == "phone" else DESKTOP)
    event, _, tables = scored_event(page, base_url, f"Headers {size}")
    page.goto(f"{base_url}/events/{event}")
    headers, cells = heard_row_sizes(page)
    assert headers == 7 and cells == [7, 7], page.locator("table.round").first.aria_snapshot()
    shot(page, f"round-table-{size}")


def test_the_director_link_shown_with_the_token_is_heard_as_what_it_is(page, base_url):
    page.set_viewport_size(DESKTOP)
    event, token, _ = make_event(page, base_url, "Director named")
    page.goto(f"{base_url}/events/{event}#token={token}")
    link = page.locator("#director-link")
    assert link.inner_text().endswith(f"#token={token}")  # shown whole, to be copied
    assert link.get_attribute("aria-label") == "director's view"


@pytest.mark.parametrize("size", ["phone", "desktop"])
def test_the_organisers_forms_say_what_they_did_where_the_focus_lands(page, base_url, size):
    page.set_viewport_size(PHONE if size == "phone" else DESKTOP)
    event, token, _ = make_event(page, base_url, f"Organiser {size}")
    page.goto(f"{base_url}/events/{event}")
    page.locator("details#organiser > summary").click()
    page.get_by_role("form", name="Make round 2").get_by_label("Organiser token").fill(token)
    page.get_by_role("button", name="Make round 2").click()
    page.wait_for_selector("p.flash.ok")
    page.wait_for_function("() => document.activeElement !== document.body")
    focused = page.evaluate("() => [document.activeElement.className, document.activeElement.textContent]")
    assert focused[0] == "flash ok" and focused[1].startswith("Round 2 made: 2 tables."), focused

    if not page.locator("#keep-token").is_visible():
        page.locator("details#organiser > summary").click()
    page.get_by_role("form", name="Show the tables' keep links").get_by_label("Organiser token").fill(token)
    page.get_by_role("button", name="Show the tables' keep links").click()
    page.wait_for_selector(".table-card")
    page.wait_for_function("() => document.activeElement !== document.body")
    assert page.evaluate("() => document.activeElement.id") == "cards-h"
    shot(page, f"organiser-view-{size}")


def test_the_results_page_has_no_landmark_twice(page, base_url):
    page.set_viewport_size(DESKTOP)
    event, _, tables = make_event(page, base_url, "Results landmarks")
    enter(page, base_url, tables[0], "deal 1 dealer N")
    enter(page, base_url, tables[0], "score NS 80 EW 20")
    page.goto(f"{base_url}/events/{event}/results")
    found = Axe().run(page, options={"runOnly": ["landmark-unique"]}).response["violations"]
    assert found == [], [[n["target"] for n in v["nodes"]] for v in found]
    assert page.get_by_role("region", name="Standings").count() == 1
    assert page.get_by_role("region", name="Round 1").count() == 1
    shot(page, "results-desktop")


@pytest.mark.parametrize("size", ["phone", "desktop"])
def test_refusing_a_score_from_the_keyboard(page, base_url, size):
    page.set_viewport_size(PHONE if size == "phone" else DESKTOP)
    event, token, tables = scored_event(page, base_url, f"Refused {size}")
    director = page.request.get(f"{base_url}/api/events/{event}/director",
                                headers={"Authorization": f"Bearer {token}"}).json()
    page.goto(base_url + director["tables"][0]["confirm_url"])  # absolute: the context's base may be another's
    page.get_by_role("button", name="Refuse…").focus()
    page.keyboard.press("Enter")
    page.wait_for_function("() => document.activeElement.id === 'refuse-1'")  # the field took the button's place

    page.keyboard.press("Enter")  # no reason yet: said why, beside the field, and the focus stays
    error = page.locator("#refuse-1-error")
    assert error.inner_text() == "Say why the score is wrong: a refusal needs its reason."
    assert error.get_attribute("role") == "alert"
    field = page.locator("#refuse-1")
    assert field.get_attribute("aria-invalid") == "true" and field.get_attribute("aria-describedby") == "refuse-1-error"
    assert page.evaluate("() => document.activeElement.id") == "refuse-1"
    shot(page, f"confirm-refusal-{size}")

    page.keyboard.type("70 is 60")
    page.keyboard.press("Enter")
    page.locator("#confirm-deals li[data-deal='1'][data-status=refused]").wait_for()
    page.wait_for_function("() => document.activeElement.classList.contains('outcome')", timeout=5_000)  # not the body
    assert page.evaluate("() => document.activeElement.textContent") == "refused: “70 is 60”"


CONFIRM_HEARD = """() => { window.said = []; const status = document.getElementById('confirm-said');
  new MutationObserver(() => { const text = status.textContent.trim(); if (text) window.said.push(text); })
    .observe(status, {childList: true, characterData: true, subtree: true}); }"""


@pytest.mark.parametrize("size", ["phone", "desktop"])
def test_confirming_a_score_from_the_keyboard_leaves_the_focus_on_its_outcome(page, base_url, size):
    """Confirming a deal drew the deals again without its buttons, and the focus fell to the page: now it is on
    the deal's outcome, heard there once (the status line stays silent), and Tab goes on to the next deal."""
    page.set_viewport_size(PHONE if size == "phone" else DESKTOP)
    event, token, tables = scored_event(page, base_url, f"Confirmed {size}")
    enter(page, base_url, tables[0], "deal 2 dealer E")
    enter(page, base_url, tables[0], "score NS 30 EW 70")
    director = page.request.get(f"{base_url}/api/events/{event}/director",
                                headers={"Authorization": f"Bearer {token}"}).json()
    page.goto(base_url + director["tables"][0]["confirm_url"])  # absolute: the context's base may be another's
    page.evaluate(CONFIRM_HEARD)
    page.locator("#confirm-deals li[data-deal='1'] button.confirm").focus()
    page.keyboard.press("Enter")
    page.locator("#confirm-deals li[data-deal='1'][data-status=confirmed]").wait_for()
    page.wait_for_function("() => document.activeElement !== document.body", timeout=5_000)
    at = "() => [document.activeElement.textContent, document.activeElement.closest('li')?.dataset.deal]"
    assert page.evaluate(at) == ["✓ confirmed", "1"]
    page.wait_for_timeout(300)
    assert page.evaluate("() => window.said") == []  # the outcome is heard where the focus is, not twice
    shot(page, f"confirm-confirmed-{size}")
    enter(page, base_url, tables[0], "deal 3 dealer S")
    enter(page, base_url, tables[0], "score NS 60 EW 40")  # a third deal over: the poll draws the list again
    page.locator("#confirm-deals li[data-deal='3']").wait_for(timeout=10_000)
    assert page.evaluate(at) == ["✓ confirmed", "1"]  # the focus kept on the outcome drawn again
    page.keyboard.press("Tab")
    assert page.evaluate(at) == ["EW confirm 30–70", "2"]


@pytest.mark.parametrize("size", ["phone", "desktop"])
def test_a_jump_link_reaches_the_organisers_forms_in_a_few_tabs(page, base_url, size):
    page.set_viewport_size(PHONE if size == "phone" else DESKTOP)
    event, _, _ = make_event(page, base_url, f"Jump {size}", pairs=8)
    page.goto(f"{base_url}/events/{event}")
    jump = page.get_by_role("link", name="Skip to the organiser's forms")
    assert jump.bounding_box()["y"] < 0  # out of sight until focused
    tabs = 0
    while page.evaluate("() => document.activeElement.textContent") != "Skip to the organiser's forms":
        assert tabs < 15, "the jump link is not among the first Tabs"
        page.keyboard.press("Tab")
        tabs += 1
    box = jump.bounding_box()
    assert box["y"] >= 0 and box["height"] > 20  # seen while focused
    shot(page, f"jump-link-{size}")
    page.keyboard.press("Enter")
    assert page.evaluate("() => document.activeElement.id") == "organiser-summary"
    page.keyboard.press("Enter")  # open the section
    page.keyboard.press("Tab")
    assert page.evaluate("() => document.activeElement.id") == "round-token"


def test_the_confirm_pages_poll_leaves_the_focus_where_it_was(page, base_url):
    """The confirm page asks for the deals every 4 s: it drew them again each time, and a keyboard user's focus
    on "Refuse…" fell to the page before Enter could reach it."""
    page.set_viewport_size(PHONE)
    event, token, tables = scored_event(page, base_url, "Poll kept")
    director = page.request.get(f"{base_url}/api/events/{event}/director",
                                headers={"Authorization": f"Bearer {token}"}).json()
    page.goto(base_url + director["tables"][0]["confirm_url"])  # absolute: the context's base may be another's
    page.get_by_role("button", name="Refuse…").focus()
    page.wait_for_timeout(9_000)  # two polls and more, nothing changed
    assert page.evaluate("() => document.activeElement.textContent") == "Refuse…"
    enter(page, base_url, tables[0], "deal 2 dealer E")
    enter(page, base_url, tables[0], "score NS 30 EW 70")  # a second deal over: the list is drawn again
    page.locator("#confirm-deals li[data-deal='2']").wait_for(timeout=10_000)
    at = "() => [document.activeElement.textContent, document.activeElement.closest('li')?.dataset.deal]"
    assert page.evaluate(at) == ["Refuse…", "1"]
