"""In headless chromium, at 390x844 and at desktop size: every page that says what a form just did (a flashed
message, after the form's redirect) opens with the focus on that message, so a screen reader says it and the
keyboard starts from it: the game page after an upload or a replacement, the games list after a deletion, the
upload page asked to store nothing or refusing a file, a player's page after a rename, the event page after a
round made.
Screenshots: test-artifacts/browser/flash-*.png.

Marked `browser`; it shares test_browser's server.
"""
from __future__ import annotations

import pytest

from tests.web import test_browser as browsing
from tests.web.clubs_helpers import named
from tests.web.test_browser import SHOTS, browser_type_launch_args  # noqa: F401
from tests.web.test_browser_event_access import make_event

pytestmark = pytest.mark.browser
SIZES = {"phone": {"width": 390, "height": 844}, "desktop": {"width": 1280, "height": 800}}
FOCUSED = "() => [document.activeElement.className, document.activeElement.textContent]"

live_server, base_url = browsing.live_server, browsing.base_url


def focused_flash(page, name: str) -> str:
    """The flashed message the page opened with, checked to hold the focus; a screenshot of the page."""
    page.wait_for_selector("p.flash")
    page.wait_for_function("() => document.activeElement !== document.body", timeout=5_000)
    cls, text = page.evaluate(FOCUSED)
    assert cls.split()[0] == "flash", (cls, text)
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SHOTS / f"flash-{name}.png"))  # the first screen, where the message is
    return text


def log_file(name: str, example: str) -> dict:
    """An example as a file of its own: its seats named after the file, so that no other test has stored its text (a
    text stored already is not stored again, and gives no manage token)."""
    seats = {seat: f"{name} {seat}" for seat in ("North", "South", "East", "West")}
    return {"name": f"{name}.seep", "mimeType": "text/plain", "buffer": named(example, seats).encode("utf-8")}


def uploaded(page, base: str, name: str) -> str:
    """Upload a log of game-standard-1 by the upload page's form; the manage token the game page shows."""
    page.goto(base + "/upload")
    page.set_input_files("input[type=file]", log_file(name, "game-standard-1.seep"))
    page.click("form.upload button[type=submit]")
    page.wait_for_url("**/games/*")
    return page.locator("#token-value").inner_text()


@pytest.mark.parametrize("size", SIZES)
def test_a_games_forms_say_what_they_did_where_the_focus_lands(page, base_url, size):
    page.set_viewport_size(SIZES[size])
    token = uploaded(page, base_url, f"flash-{size}")
    assert focused_flash(page, f"uploaded-{size}") == f"Stored flash-{size}.seep."

    page.locator("details.manage summary").click()
    page.locator("#replace-token").fill(token)
    page.set_input_files("#replace-file", log_file(f"flash-{size}-2", "game-standard-2.seep"))
    page.get_by_role("button", name="Replace the log").click()
    assert focused_flash(page, f"replaced-{size}").startswith("Replaced: the game keeps its id")

    page.locator("details.manage summary").click()
    page.locator("#delete-token").fill(token)
    page.get_by_role("button", name="Delete this game").click()
    page.wait_for_url(base_url + "/")
    assert focused_flash(page, f"deleted-{size}").startswith("Deleted ")


@pytest.mark.parametrize("size", SIZES)
def test_the_upload_page_asked_to_store_nothing_says_so_where_the_focus_lands(page, base_url, size):
    page.set_viewport_size(SIZES[size])
    page.goto(base_url + "/upload")
    page.click("form.upload button[type=submit]")
    assert focused_flash(page, f"nothing-{size}") == "Choose a file or paste a log first."


@pytest.mark.parametrize("size", SIZES)
def test_a_refused_upload_says_what_happened_where_the_focus_lands(page, base_url, size):
    """A file that is not a log is refused on the upload page itself: the focus lands on what happened (it was
    left on the page's body, and nothing was said), and the page's title says it."""
    page.set_viewport_size(SIZES[size])
    page.goto(base_url + "/upload")
    page.set_input_files("input[type=file]", {"name": "notes.seep", "mimeType": "text/plain",
                                              "buffer": b"shopping: milk, eggs\n"})
    page.click("form.upload button[type=submit]")
    page.wait_for_selector("section.results")
    page.wait_for_function("() => document.activeElement !== document.body", timeout=5_000)
    cls, text = page.evaluate(FOCUSED)
    assert cls == "results" and text.strip().startswith("What happened") and "notes.seep" in text
    assert page.title() == "What happened · Upload · seeplog"
    page.screenshot(path=str(SHOTS / f"flash-refused-{size}.png"))


@pytest.mark.parametrize("size", SIZES)
def test_a_players_page_says_the_rename_where_the_focus_lands(page, base_url, size):
    page.set_viewport_size(SIZES[size])
    event, token, _ = make_event(page, base_url, f"Flash rename {size}", pairs=2)
    page.goto(f"{base_url}/events/{event}")
    page.locator("ol.pairs a").first.click()
    page.locator("details.manage summary").click()
    page.locator("#rename-name").fill(f"Flash renamed {size}")
    page.locator("#rename-token").fill(token)
    page.get_by_role("button", name="Rename", exact=True).click()
    assert focused_flash(page, f"renamed-{size}") == f"Renamed to Flash renamed {size}."


def test_the_event_page_still_says_the_round_made_where_the_focus_lands(page, base_url):
    page.set_viewport_size(SIZES["phone"])
    event, token, _ = make_event(page, base_url, "Flash round")
    page.goto(f"{base_url}/events/{event}")
    page.locator("details#organiser > summary").click()
    form = page.get_by_role("form", name="Make round 2")
    form.get_by_label("Organiser token").fill(token)
    form.get_by_role("button", name="Make round 2").click()
    assert focused_flash(page, "round-phone").startswith("Round 2 made: 2 tables.")
