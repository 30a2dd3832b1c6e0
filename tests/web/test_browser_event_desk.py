"""An event's tables seen from the organiser's desk, in headless chromium (issue 22): a round made through
the API alone has working confirm links (the opponents answer by theirs and the scorekeeper's keep page
learns it at its next poll, with no entry typed); an uploaded game attached as a table shows on the
director's view with its scores; the results page and standings.csv show the numbers `validate --json` gives
for the same games; the results page, the director's view and the organiser's view fit a 390 px phone with
thumb-sized targets.
Screenshots: test-artifacts/browser/event-desk-*.png.
"""
from __future__ import annotations

import csv
import io
import random
import time

import pytest

from seeplog.playout import deal_lines, random_deal
from seeplog.ruleset import find_ruleset
from tests.web import test_browser_live_keep as keeping
from tests.web.clubs_helpers import named
from tests.web.test_browser_live_keep import DESKTOP, PHONE, validate_json, watch_errors
from tests.web.test_browser_small_screens import SMALL_TARGETS, overflow

live_server, base_url = keeping.live_server, keeping.base_url
browser_type_launch_args = keeping.browser_type_launch_args
SHOTS = keeping.SHOTS
pytestmark = [pytest.mark.browser, pytest.mark.slow]

PAIRS = [["Desk Asha", "Desk Ravi"], ["Desk Meena", "Desk Dev"], ["Desk Farah", "Desk Kabir"],
         ["Desk Nisha", "Desk Arjun"]]


def shot(page, name: str) -> None:
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SHOTS / f"event-desk-{name}.png"), full_page=True)


def enter_deal(page, base: str, table: dict, seed: int) -> None:
    """A whole random deal entered at a table through the live API (its edit token)."""
    auth = {"Authorization": f"Bearer {table['edit_token']}"}
    version = page.request.get(f"{base}/api/live/{table['game_id']}").json()["version"]
    for line in deal_lines(1, "N", random_deal(find_ruleset("standard"), "N", random.Random(seed))):
        answer = page.request.post(f"{base}/api/live/{table['game_id']}/entries", headers=auth,
                                   data={"line": line, "version": version})
        assert answer.status == 201, (line, answer.text())
        version = answer.json()["version"]


def expected_numbers(page, base: str, event: int, tmp_path) -> dict[int, tuple[int, int, int, int]]:
    """Each partnership's baazis won and lost and card points for and against, summed over its tables from
    `validate --json` of each table's game."""
    data = page.request.get(f"{base}/api/events/{event}").json()
    totals = {p["number"]: [0, 0, 0, 0] for p in data["partnerships"]}
    for table in [t for r in data["rounds"] for t in r["tables"]]:
        baazis, points = game_numbers(page, base, table["game_id"], tmp_path)
        for pair, team, other in ((table["pair_a"], "NS", "EW"), (table["pair_b"], "EW", "NS")):
            for i, got in enumerate((baazis[team], baazis[other], points[team], points[other])):
                totals[pair][i] += got
    return {pair: (won, lost, pf, pa) for pair, (won, lost, pf, pa) in totals.items()}


def game_numbers(page, base: str, game: int, tmp_path) -> tuple[dict[str, int], dict[str, int]]:
    """A game's baazis and card points (of the deals scored) per team, from its `validate --json`."""
    report = validate_json(page.request.get(f"{base}/games/{game}.seep").text(), tmp_path)["games"][0]
    scored = [d for d in report["deals"] if d["score"] is not None]
    return report["baazis"], {t: sum(d["card_points"][t] for d in scored) for t in ("NS", "EW")}


def check_results(page, base: str, event: int, expected: dict[int, tuple[int, int, int, int]]) -> None:
    """The results page's standings and standings.csv show `expected` (won, lost, points for, against)."""
    page.goto(f"{base}/events/{event}/results")
    rows = page.evaluate("""() => [...document.querySelectorAll('table.standings tbody tr')].map(tr =>
        [...tr.cells].map(td => td.textContent.trim()))""")
    shown = {int(r[1].split(".")[0]): (r[3], r[5], r[6]) for r in rows}
    assert shown == {pair: (f"{w}–{lost}", f"{pf}–{pa}", f"{pf - pa:+d}")
                     for pair, (w, lost, pf, pa) in expected.items()}
    text = page.request.get(f"{base}/events/{event}/standings.csv").text()
    lines = list(csv.DictReader(io.StringIO(text)))
    assert {int(r["pair"]): (int(r["baazis_won"]), int(r["baazis_lost"]), int(r["card_points_for"]),
                             int(r["card_points_against"])) for r in lines} == expected
    assert all(int(r["card_point_difference"]) == int(r["card_points_for"]) - int(r["card_points_against"])
               for r in lines)
    assert [int(r["pair"]) for r in lines] == [int(r[1].split(".")[0]) for r in rows]  # the same order


def fits_a_phone(page, name: str) -> None:
    assert overflow(page) <= 0, f"{name} is {overflow(page)} px too wide"
    assert page.evaluate(SMALL_TARGETS) == [], name


def test_the_organisers_desk(browser, base_url, tmp_path):
    organiser = browser.new_context(**DESKTOP).new_page()
    made = organiser.request.post(base_url + "/api/events", data={
        "name": "Desk night", "variant": "standard", "date": "2026-11-26", "partnerships": PAIRS}).json()
    event, auth = made["id"], {"Authorization": f"Bearer {made['organiser_token']}"}
    tables = organiser.request.post(f"{base_url}/api/events/{event}/rounds", headers=auth).json()["tables"]
    for table, seed in zip(tables, (2, 3)):
        enter_deal(organiser, base_url, table, seed)

    # The opponents answer by their own link; the keep page learns it with no entry typed.
    keeper = browser.new_context(**PHONE).new_page()
    problems = watch_errors(keeper)
    keeper.goto(base_url + tables[0]["edit_url"])
    keeper.locator("#deal-confirm button[data-role=confirm]").wait_for(timeout=15_000)
    sent = []
    keeper.on("request", lambda r: sent.append(r.url) if r.method == "POST" else None)
    since = time.monotonic()
    confirmed = organiser.request.post(f"{base_url}/api/live/{tables[0]['game_id']}/confirmations",
                                       headers={"Authorization": f"Bearer {tables[0]['confirm_token']}"},
                                       data={"deal": 1, "verdict": "confirmed"})
    assert confirmed.status == 201, confirmed.text()
    keeper.locator("#deal-confirm p.confirmed").wait_for(timeout=8_000)
    assert time.monotonic() - since < 6.5 and sent == []
    assert keeper.locator("#deal-confirm p.confirmed").inner_text().startswith("✓ EW confirmed deal 1")
    shot(keeper, "keep-confirmed-by-link-phone")

    # The organiser's view gives the same confirm links as the round's API answer, next to the keep links.
    desk = browser.new_context(**PHONE).new_page()
    problems += watch_errors(desk)
    desk.goto(f"{base_url}/events/{event}")
    desk.locator("details#organiser > summary").click()
    desk.fill("#keep-token", made["organiser_token"])
    desk.locator("form[action$='/organise'] button").click()
    desk.wait_for_selector(".table-card")
    links = desk.locator("table.round a.confirm-link")
    assert [h.split("/", 3)[3] for h in links.evaluate_all("a => a.map(e => e.href)")] == \
        [t["confirm_url"].lstrip("/") for t in tables]
    fits_a_phone(desk, "organiser view")
    shot(desk, "organiser-phone")
    desk.locator("table.round").first.screenshot(path=str(SHOTS / "event-desk-organiser-round-phone.png"))

    # A table's news comes in by the page's poll: the organiser's links stay on every row (they went at the first swap).
    keep_links = desk.locator("table.round a.keep").evaluate_all("a => a.map(e => e.href)")
    assert len(keep_links) == 2
    assert organiser.request.post(f"{base_url}/api/live/{tables[1]['game_id']}/confirmations",
                                  headers={"Authorization": f"Bearer {tables[1]['confirm_token']}"},
                                  data={"deal": 1, "verdict": "confirmed"}).status == 201
    desk.locator("#round-1-table-2 td.confirmed[data-confirmed='1']").wait_for(timeout=8_000)
    assert desk.locator("table.round a.keep").evaluate_all("a => a.map(e => e.href)") == keep_links
    assert [h.split("/", 3)[3] for h in links.evaluate_all("a => a.map(e => e.href)")] == \
        [t["confirm_url"].lstrip("/") for t in tables]
    desk.locator("table.round").first.screenshot(path=str(SHOTS / "event-desk-organiser-round-refreshed-phone.png"))

    # An uploaded game attached as round 2's table, between partnerships 1 and 3.
    text = named("game-standard-1.seep", {"North": PAIRS[0][0], "South": PAIRS[0][1], "West": PAIRS[2][0],
                                          "East": PAIRS[2][1]})
    stored = organiser.request.post(base_url + "/api/games", data=text.encode(), headers={"Content-Type": "text/plain"})
    upload = stored.json()["id"]
    assert organiser.request.post(f"{base_url}/api/events/{event}/games", headers=auth,
                                  data={"game_id": upload, "round": 2}).status == 201
    expected = expected_numbers(organiser, base_url, event, tmp_path)

    director = browser.new_context(**PHONE).new_page()
    problems += watch_errors(director)
    director.goto(f"{base_url}/events/{event}/director#token={made['organiser_token']}")
    director.wait_for_function("() => document.querySelectorAll('section.director-table').length === 3")
    card = director.locator(f"section.director-table.uploaded[data-game='{upload}']")
    baazis, points = game_numbers(director, base_url, upload, tmp_path)
    assert f"baazis {baazis['NS']}–{baazis['EW']} · card points {points['NS']}–{points['EW']}" in card.inner_text()
    assert [t.split("\n")[0] for t in card.locator("a").all_inner_texts()] == ["Scoresheet"]  # and its table, heard
    assert card.locator("details.correct").count() == 0
    assert director.locator("section.director-table:not(.uploaded) a", has_text="Confirm link").count() == 2
    levels = director.evaluate("[...document.querySelectorAll('main :is(h1, h2, h3, h4)')].map(h => +h.tagName[1])")
    assert levels[0] == 1 and all(b - a <= 1 for a, b in zip(levels, levels[1:]))  # no level skipped: a card is h2
    fits_a_phone(director, "director")
    shot(director, "director-phone")
    director.set_viewport_size(DESKTOP["viewport"])
    shot(director, "director-desktop")

    watcher = browser.new_context(**PHONE).new_page()
    problems += watch_errors(watcher)
    check_results(watcher, base_url, event, expected)
    fits_a_phone(watcher, "results")
    shot(watcher, "results-phone")
    watcher.set_viewport_size(DESKTOP["viewport"])
    shot(watcher, "results-desktop")
    assert problems == []


SHOWN = {"phone": PHONE, "desktop": {**DESKTOP, "viewport": {"width": 1280, "height": 800}}}


@pytest.mark.parametrize("size", SHOWN)
def test_the_keep_page_and_the_confirm_page_learn_of_the_directors_ruling(browser, base_url, size):
    """EW refuse deal 1 by their link; the director rules that its score stands. The keep page went on saying
    'EW refused … The director is told' (it asked again only while a deal waited for an answer), and both
    pages, once drawn again, credited the ruling to EW ('✓ EW confirmed deal 1', '✓ confirmed'), its reason
    nowhere (the scoresheet's mark said 'EW confirmed this score'). Now each learns of it at its next poll and says
    the director ruled, with the ruling's reason; the scoresheet lists the ruling under the sheet."""
    organiser = browser.new_context(**SHOWN[size]).new_page()
    made = organiser.request.post(base_url + "/api/events", data={
        "name": f"Ruled desk ({size})", "variant": "standard", "date": "2026-11-26", "partnerships": PAIRS}).json()
    auth = {"Authorization": f"Bearer {made['organiser_token']}"}
    table = organiser.request.post(f"{base_url}/api/events/{made['id']}/rounds", headers=auth).json()["tables"][0]
    game = table["game_id"]
    for line in ("deal 1 dealer N", "score NS 60 EW 40"):
        version = organiser.request.get(f"{base_url}/api/live/{game}").json()["version"]
        organiser.request.post(f"{base_url}/api/live/{game}/entries", data={"line": line, "version": version},
                               headers={"Authorization": f"Bearer {table['edit_token']}"})
    refused = organiser.request.post(f"{base_url}/api/live/{game}/confirmations", data={
        "deal": 1, "verdict": "refused", "reason": "EW had 45"},
        headers={"Authorization": f"Bearer {table['confirm_token']}"})
    assert refused.status == 201, refused.text()
    keeper, opponents = (browser.new_context(**SHOWN[size]).new_page() for _ in range(2))
    problems = watch_errors(keeper) + watch_errors(opponents)
    keeper.goto(base_url + table["edit_url"])
    keeper.locator("#deal-confirm p.refused", has_text="The director is told.").wait_for(timeout=15_000)
    opponents.goto(base_url + table["confirm_url"])
    opponents.locator("#confirm-deals li[data-deal='1'] p.refused").wait_for(timeout=10_000)
    ruled = organiser.request.post(f"{base_url}/api/live/{game}/confirmations", headers=auth, data={
        "deal": 1, "verdict": "confirmed", "reason": "Counted again with both teams", "score": {"NS": 60, "EW": 40}})
    assert ruled.status == 201, ruled.text()
    keeper.locator("#deal-confirm p.confirmed").wait_for(timeout=8_000)
    assert keeper.locator("#deal-confirm p.confirmed").inner_text() == (
        "✓ Deal 1: the director ruled that 60–40 stands: “Counted again with both teams”")
    assert keeper.locator("#deal-confirm p.refused").count() == 0
    keeper.locator("#deal-confirm").scroll_into_view_if_needed()  # the page's own view: its bars stick
    keeper.screenshot(path=str(SHOTS / f"event-desk-keep-ruled-{size}.png"))
    outcome = opponents.locator("#confirm-deals li[data-deal='1'] p.confirmed")
    outcome.wait_for(timeout=10_000)
    assert outcome.inner_text() == "✓ the director ruled that the score stands: “Counted again with both teams”"
    shot(opponents, f"confirm-ruled-{size}")
    organiser.goto(f"{base_url}/games/{game}")  # the scoresheet lists the ruling under the sheet
    assert organiser.locator("ul.rulings").inner_text() == (
        "✓ Deal 1: the director ruled that this score stands: Counted again with both teams")
    shot(organiser, f"sheet-ruled-{size}")
    assert problems == []
