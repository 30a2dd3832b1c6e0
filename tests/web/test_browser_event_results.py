"""In headless chromium, at 390x844 (a phone) and at desktop size: an event's results page (standings with the
ranking order stated, each round, each table's scoresheet link) fits the screen, and prints on A4 with the
numbers and without the site's navigation or link boxes. Screenshots go to test-artifacts/browser/.

Marked `browser` like tests/web/test_browser.py, whose server and chromium fixtures it uses.
"""
from __future__ import annotations

import pytest

from tests.web.clubs_helpers import named
from tests.web.test_browser import SHOTS, base_url, browser_type_launch_args, live_server  # noqa: F401
from tests.web.test_browser_event_access import enter, make_event
from tests.web.test_browser_small_screens import SIZES, overflow, shot

pytestmark = pytest.mark.browser
DEALERS = ("N", "E", "S", "W")


def keep_scores(page, base: str, table: dict, scores: list[tuple[int, int]]) -> None:
    auth, version = {"Authorization": f"Bearer {table['edit_token']}"}, 1
    lines = [line for n, (a, b) in enumerate(scores, start=1)
             for line in (f"deal {n} dealer {DEALERS[(n - 1) % 4]}", f"score NS {a} EW {b}")]
    for line in lines:
        answer = page.request.post(f"{base}/api/live/{table['game_id']}/entries", headers=auth,
                                   data={"line": line, "version": version})
        assert answer.status == 201, answer.text()
        version = answer.json()["version"]


def club_evening(page, base: str, size: str) -> int:
    """An event of five partnerships: two Swiss rounds kept as score-only deals, and one uploaded game attached."""
    pairs = [[f"Results {size} {2 * i + 1}", f"Results {size} {2 * i + 2}"] for i in range(5)]
    made = page.request.post(base + "/api/events", data={
        "name": f"Autumn pairs ({size})", "variant": "standard", "date": "2026-11-25", "place": "Community hall",
        "format": "swiss", "baazi_target": 50, "partnerships": pairs}).json()
    event, auth = made["id"], {"Authorization": f"Bearer {made['organiser_token']}"}
    for scores in ([(80, 20), (45, 55)], [(30, 70), (65, 35), (58, 42)]):
        tables = page.request.post(f"{base}/api/events/{event}/rounds", headers=auth).json()["tables"]
        for n, table in enumerate(tables):
            keep_scores(page, base, table, scores[n:] + scores[:n])
            version = page.request.get(f"{base}/api/live/{table['game_id']}").json()["version"]
            page.request.post(f"{base}/api/live/{table['game_id']}/close",
                              headers={"Authorization": f"Bearer {table['edit_token']}"}, data={"version": version})
    text = named("provisional.seep", {"North": pairs[0][0], "South": pairs[0][1], "West": pairs[4][0],
                                      "East": pairs[4][1]})
    game = page.request.post(base + "/api/games", data=text.encode(), headers={"Content-Type": "text/plain"})
    attached = page.request.post(f"{base}/api/events/{event}/games", headers=auth,
                                 data={"game_id": game.json()["id"], "round": 3})
    assert attached.status == 201, attached.text()
    return event


@pytest.mark.parametrize("size", SIZES)
def test_the_results_page_on_a_phone_a_desktop_and_paper(page, base_url, size):  # noqa: F811
    page.set_viewport_size(SIZES[size])
    event = club_evening(page, base_url, size)
    page.goto(f"{base_url}/events/{event}")
    page.locator("a", has_text="Results to print").click()
    page.wait_for_selector("table.standings")
    assert "Ranked by baazis won, then baazi difference" in page.locator("p.order").inner_text()
    assert page.locator("table.standings tbody tr").count() == 5
    assert page.locator("section.results-round").count() == 3
    assert page.locator("a.sheet").count() == 5 and page.locator("p.bye").count() == 2
    assert page.locator("table.standings tr.provisional").count() == 2  # the attached game's unknown score
    assert overflow(page) <= 0
    shot(page, f"event-results-{size}")

    page.emulate_media(media="print")
    assert page.locator("header.site").is_hidden() and page.locator("p.downloads").is_hidden()
    assert page.locator("table.standings").is_visible() and page.locator("p.printed").is_visible()
    shot(page, f"event-results-print-{size}")
    if size == "desktop":
        page.pdf(path=str(SHOTS / "event-results-a4.pdf"), format="A4")
        assert (SHOTS / "event-results-a4.pdf").stat().st_size > 5_000


LEGEND = "± baazis: baazis won − lost; ± points: card points for − against"


@pytest.mark.parametrize("size", SIZES)
def test_the_standings_say_what_their_plus_minus_columns_are(page, base_url, size):  # noqa: F811
    """The standings' "± baazis" and "± points" columns were told only to a screen reader (on the event page; on the
    results page not even there): a line under each standings table says what they are, on a phone, a desktop and
    paper, and each header is heard as the difference it is."""
    page.set_viewport_size(SIZES[size])
    event, _, tables = make_event(page, base_url, f"Legend {size}")
    enter(page, base_url, tables[0], "deal 1 dealer N")
    enter(page, base_url, tables[0], "score NS 80 EW 20")
    for name, path in (("event", f"/events/{event}"), ("results", f"/events/{event}/results")):
        page.emulate_media(media="screen")
        page.goto(base_url + path)
        legend = page.locator("p.differences")
        assert legend.count() == 1 and legend.is_visible() and legend.inner_text() == LEGEND, name
        under = "() => document.querySelector('p.differences').previousElementSibling.querySelector('table.standings')"
        assert page.evaluate(under + " !== null"), name  # right under the standings table
        box = legend.bounding_box()
        assert box["x"] >= 0 and box["x"] + box["width"] <= SIZES[size]["width"] and overflow(page) <= 0, name
        for heard in ("baazi difference", "card-point difference"):
            assert page.get_by_role("columnheader", name=heard, exact=True).count() == 1, (name, heard)
        shot(page, f"standings-legend-{name}-{size}")
        page.emulate_media(media="print")
        assert legend.is_visible(), name
        shot(page, f"standings-legend-{name}-print-{size}")


@pytest.mark.parametrize("size", SIZES)
def test_a_two_player_events_tables_name_north_and_south(page, base_url, size):  # noqa: F811
    """Its partnerships sit North and South, as the tables' scoresheets say: the round tables (their headers, and
    each cell's label on a phone) said North–South and East–West."""
    page.set_viewport_size(SIZES[size])
    made = page.request.post(base_url + "/api/events", data={
        "name": f"Duo night ({size})", "variant": "two-player", "format": "round-robin",
        "partnerships": [["Asha Rani"], ["Ravi Kumar"], ["Meena Kaur"]]}).json()
    page.request.post(f"{base_url}/api/events/{made['id']}/rounds",
                      headers={"Authorization": f"Bearer {made['organiser_token']}"})
    for name, path in (("event", f"/events/{made['id']}"), ("results", f"/events/{made['id']}/results")):
        page.goto(base_url + path)
        headers = page.locator("table.round thead th").all_inner_texts()
        assert headers[1:3] == ["North", "South"], (name, headers)
        assert "East–West" not in page.locator("main").inner_text() and overflow(page) <= 0, name
        shot(page, f"event-two-player-{name}-{size}")


@pytest.mark.parametrize("size", SIZES)
def test_a_table_still_playing_is_marked_in_play_on_screen_and_paper(page, base_url, size):  # noqa: F811
    """A table whose game is still open showed its figures so far as if they were its result: the results page (on
    screen and printed) and the event page's rounds mark it in play; the closed table beside it is not."""
    page.set_viewport_size(SIZES[size])
    event, _, tables = make_event(page, base_url, f"In play {size}")
    keep_scores(page, base_url, tables[0], [(80, 20)])
    version = page.request.get(f"{base_url}/api/live/{tables[0]['game_id']}").json()["version"]
    page.request.post(f"{base_url}/api/live/{tables[0]['game_id']}/close", data={"version": version},
                      headers={"Authorization": f"Bearer {tables[0]['edit_token']}"})
    keep_scores(page, base_url, tables[1], [(55, 45), (0, 100)])
    for name, path in (("event", f"/events/{event}"), ("results", f"/events/{event}/results")):
        page.emulate_media(media="screen")
        page.goto(base_url + path)
        rows = page.locator("table.round tbody tr")
        assert rows.count() == 2 and page.locator("table.round tr.in-play").count() == 1, name
        badge = page.locator("table.round tr.in-play .in-play-badge")
        assert badge.is_visible() and badge.inner_text().startswith("in play") and overflow(page) <= 0, name
        assert "55–145" in page.locator("table.round tr.in-play").inner_text(), name
        shot(page, f"event-in-play-{name}-{size}")
        if name == "results":
            assert "1 table still plays" in page.locator("p.still-playing").inner_text()
            page.emulate_media(media="print")
            assert badge.is_visible() and page.locator("p.still-playing").is_visible()
            shot(page, f"event-in-play-results-print-{size}")
