"""In headless chromium, at 390x844 (a phone) and at desktop size: a player's page (rating, record, partners,
head-to-head, games) and the leaderboard fit the screen without sideways scroll, their links and buttons are
at least 44x44 px, and a scoresheet's names lead to the players. Screenshots go to test-artifacts/browser/.

Marked `browser` like tests/web/test_browser.py, whose server and chromium fixtures it uses.
"""
from __future__ import annotations

import itertools
import time

import pytest
from playwright.sync_api import expect

from tests.web.clubs_helpers import named
from tests.web.test_browser import SHOTS, base_url, browser_type_launch_args, live_server  # noqa: F401
from tests.web.test_browser_small_screens import SIZES, overflow, shot

pytestmark = pytest.mark.browser
CLUB = ["Zoya Qureshi", "Yusuf", "Xavier D'Souza", "Wahida", "Varun"]


def store_season(page, base: str) -> None:
    """Fifteen games of five players, each four of them in turn, on fifteen days."""
    fours = itertools.cycle(itertools.permutations(CLUB, 4))
    for day in range(1, 16):
        north, south, west, east = next(itertools.islice(fours, 7, None))
        text = named(f"game-standard-{day % 3 + 1}.seep", {"North": north, "South": south, "West": west, "East": east},
                     f"2026-03-{day:02d}")
        answer = page.request.post(base + "/api/games", data=text.encode(), headers={"Content-Type": "text/plain"})
        assert answer.status in (200, 201)


def small_targets(page, selector: str) -> list[str]:
    """The visible links and buttons under `selector` smaller than 44x44 px (their text)."""
    return page.evaluate("""(selector) => [...document.querySelectorAll(selector)]
        .filter(e => e.offsetParent !== null)
        .filter(e => { const r = e.getBoundingClientRect(); return r.height < 44 || r.width < 44 && r.width > 0 })
        .map(e => e.textContent.trim())""", selector)


def refused_alert(page, action: str, said: str):
    """The alert of the form posting to `action`, as its refused page opens: focused, in view, saying `said`."""
    alert = page.locator(f"form[action$='/{action}'] [role=alert]")
    expect(alert).to_be_focused()
    expect(alert).to_be_in_viewport(ratio=1)
    assert said in alert.inner_text()
    return alert


def refuse_a_rename(page, size: str) -> None:
    """A wrong administrator token, then a check code gone (a page left open): each time the player page again,
    the rename form as typed, its alert focused and in view, the name unchanged."""
    name = page.locator("h1").inner_text()
    page.fill("#rename-name", "Renamed by mistake")
    page.fill("#rename-token", "not the token")
    page.locator("form[action$='/rename'] button").click()
    refused_alert(page, "rename", "this is not an administrator token")
    assert page.input_value("#rename-name") == "Renamed by mistake"
    assert page.input_value("#rename-token") == "not the token" and page.input_value("#merge-token") == ""
    assert page.locator("#rename-token").get_attribute("aria-invalid") == "true" and overflow(page) <= 0
    assert page.locator("h1").inner_text() == name
    shot(page, f"clubs-player-refused-{size}")
    page.eval_on_selector("form[action$='/rename'] input[name=csrf_token]", "input => { input.value = '' }")
    page.locator("form[action$='/rename'] button").click()
    refused_alert(page, "rename", "the form could not be checked (its check code is missing)")
    assert page.input_value("#rename-token") == "not the token" and page.locator("h1").inner_text() == name


@pytest.mark.parametrize("size", SIZES)
def test_player_page_and_leaderboard_on_a_phone_and_a_desktop(page, base_url, size):
    page.set_viewport_size(SIZES[size])
    store_season(page, base_url)
    page.goto(base_url + "/leaderboard")
    rows = page.locator("table.leaderboard").first.locator("tbody tr")
    assert rows.count() == len(CLUB)
    assert page.locator("table.leaderboard tr.provisional").count() >= 1
    assert overflow(page) <= 0
    assert small_targets(page, "main table.leaderboard a") == []
    shot(page, f"clubs-leaderboard-{size}")

    rows.first.locator("a").first.click()
    page.wait_for_selector("p.rating")
    assert "on the leaderboard" in page.locator("p.rating").inner_text()
    assert page.locator("dl.record-head dd").count() == 6
    assert page.locator("figure.rating-history svg polyline").count() == 1
    chart = page.locator("figure.rating-history")  # the description heard in the caption, not in the image's name too
    assert chart.get_by_role("img", name="Rating history", exact=True).count() == 1
    assert page.locator("table.record").count() == 2  # partners, head-to-head
    assert overflow(page) <= 0
    assert small_targets(page, "main table.record a, main ul.club-games a, main summary") == []
    shot(page, f"clubs-player-{size}")
    page.locator("details.manage summary").click()
    assert small_targets(page, "main .manage-form button, main .manage-form input:not([type=hidden])") == []
    refuse_a_rename(page, size)

    page.locator("ul.club-games a.game-link").first.click()
    page.wait_for_selector("dl.tags a.player")
    assert page.locator("dl.tags a.player").count() == 4


@pytest.mark.parametrize("size", SIZES)
def test_event_page_on_a_phone_and_a_desktop(page, base_url, size):
    page.set_viewport_size(SIZES[size])
    pairs = [[f"Guest {size} {2 * i + 1}", f"Guest {size} {2 * i + 2}"] for i in range(5)]
    made = page.request.post(base_url + "/api/events", data={"name": f"Club night ({size})", "variant": "standard",
                                                             "date": "2026-11-25", "partnerships": pairs})
    assert made.status == 201
    event, token = made.json()["id"], made.json()["organiser_token"]
    answer = page.request.post(f"{base_url}/api/events/{event}/rounds", headers={"Authorization": f"Bearer {token}"})
    assert answer.status == 201 and answer.json()["bye"]
    page.goto(f"{base_url}/events/{event}")
    assert "has a bye this round" in page.locator("p.bye").inner_text()
    assert page.locator("table.standings tbody tr").count() == 5
    assert overflow(page) <= 0
    assert small_targets(page, "main table a, main ol.pairs a, main summary") == []
    shot(page, f"clubs-event-{size}")
    page.emulate_media(media="print")  # on paper: the rounds without their links column
    assert page.locator("table.round td.links").first.is_hidden() and page.locator("table.round td").first.is_visible()
    shot(page, f"clubs-event-print-{size}")
    page.emulate_media(media="screen")
    page.locator("details.manage > summary").click()
    page.fill("#keep-token", "not the token")
    page.locator("form[action$='/organise'] button").click()  # refused: the page again, the form saying why
    refused_alert(page, "organise", "this is not the event's organiser token")
    assert page.locator("#keep-token").get_attribute("aria-invalid") == "true" and overflow(page) <= 0
    page.screenshot(path=str(SHOTS / f"clubs-event-refused-{size}.png"))
    page.fill("#keep-token", token)
    page.locator("form[action$='/organise'] button").click()
    page.wait_for_selector("a.keep")
    assert page.locator("table.round a.keep").count() == 2
    assert page.locator(".table-card svg").count() == 4  # a keep code and a confirm code a table
    assert overflow(page) <= 0
    shot(page, f"clubs-event-cards-{size}")
    page.emulate_media(media="print")
    assert page.locator("#event-live").is_hidden() and page.locator(".table-card").first.is_visible()
    shot(page, f"clubs-event-cards-print-{size}")


def test_standings_follow_a_baazi_within_three_seconds(page, base_url):
    """A table's scorekeeper enters a deal that wins a baazi; the open event page shows it within 3 s."""
    page.set_viewport_size(SIZES["phone"])
    pairs = [["Follow A", "Follow B"], ["Follow C", "Follow D"]]
    made = page.request.post(base_url + "/api/events", data={"name": "Follow night", "variant": "thirty",
                                                             "partnerships": pairs})
    event, token = made.json()["id"], made.json()["organiser_token"]
    table = page.request.post(f"{base_url}/api/events/{event}/rounds",
                              headers={"Authorization": f"Bearer {token}"}).json()["tables"][0]
    page.goto(f"{base_url}/events/{event}")
    assert page.locator("table.standings tbody tr").first.locator("td").nth(3).inner_text() == "0–0"
    text = named("game-thirty-1.seep", {})
    lines = [line for line in text.splitlines() if line.strip() and not line.startswith(("[", "#"))]
    version, deal_three = 1, next(i for i, line in enumerate(lines) if line.startswith("deal 3 "))
    auth = {"Authorization": f"Bearer {table['edit_token']}"}
    for n, line in enumerate(lines[:deal_three]):  # deal 2 wins NS a baazi
        answer = page.request.post(f"{base_url}/api/live/{table['game_id']}/entries", headers=auth,
                                   data={"line": line, "version": version, "client_id": f"follow-{n}"})
        assert answer.status == 201, answer.text()
        version = answer.json()["version"]
    entered = time.monotonic()
    page.wait_for_function("() => [...document.querySelectorAll('table.standings tbody td')]"
                           ".some(td => td.textContent.trim() === '1–0')", timeout=3500)
    assert time.monotonic() - entered < 3.5
    shot(page, "clubs-event-followed-phone")


@pytest.mark.parametrize("size", SIZES)
def test_a_players_games_a_page_at_a_time(page, base_url, size):
    page.set_viewport_size(SIZES[size])
    for day in range(1, 27):
        others = CLUB[day % 3:day % 3 + 3]
        text = named(f"game-standard-{day % 3 + 1}.seep", dict(zip(("North", "South", "West", "East"),
                                                                      ["Asha Rao", *others])), f"2026-04-{day:02d}")
        answer = page.request.post(base_url + "/api/games", data=text.encode(),
                                   headers={"Content-Type": "text/plain"})
        assert answer.status in (200, 201)
    asha = next(p for p in page.request.get(base_url + "/api/players").json()["players"] if p["name"] == "Asha Rao")
    listed = [g["url"] for g in page.request.get(base_url + f"/api/players/{asha['id']}").json()["games"]]
    assert len(listed) == 26  # the newest first

    def shown() -> list[str | None]:
        return [a.get_attribute("href") for a in page.locator("ul.club-games a.game-link").all()]
    page.goto(base_url + asha["url"])
    assert shown() == listed[:20]
    assert "Games 1–20 of 26, the newest first." in page.locator("nav.pages").inner_text()
    assert overflow(page) <= 0 and small_targets(page, "main nav.pages a") == []
    shot(page, f"clubs-player-games-{size}")
    page.locator("nav.pages a[rel=next]").click()
    page.wait_for_url("**?page=2")
    assert shown() == listed[20:]
    assert "Games 21–26 of 26" in page.locator("nav.pages").inner_text()
    assert page.locator("nav.pages a[rel=next]").count() == 0 and small_targets(page, "main nav.pages a") == []
    shot(page, f"clubs-player-games-2-{size}")
