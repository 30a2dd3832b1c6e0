"""A club night in headless chromium (issue 22, "Done when", first bullet): an organiser creates an event of
8 partnerships (16 players), round-robin; round 1 makes 4 tables; four scorekeepers (four browser contexts,
phones) keep their games through the keep pages, one with a faulty play and one deal entered score only;
the director's view shows the 4 tables live; the standings follow each baazi within 3 s; the opponents
confirm each deal (on the scorekeeper's phone, or on their own by the confirm link), one refuses and the
director corrects it; round 2 repeats no pairing; the standings, the results page, standings.csv and the
player pages show the numbers that `validate --json` of the same games gives.
Screenshots: test-artifacts/browser/club-night-*.png.

The games are short: a baazi target of 10, one or two deals a table.
"""
from __future__ import annotations

import random
import re
import time

import pytest

from seeplog.playout import deal_lines, random_deal
from seeplog.ruleset import find_ruleset
from tests.web import test_browser_live_keep as keeping
from tests.web.test_browser_clubs import small_targets
from tests.web.test_browser_event_desk import check_results, expected_numbers
from tests.web.test_browser_live_keep import DESKTOP, PHONE, expect_next, settled, validate_json, watch_errors

live_server, base_url = keeping.live_server, keeping.base_url
browser_type_launch_args = keeping.browser_type_launch_args
SHOTS = keeping.SHOTS
pytestmark = [pytest.mark.browser, pytest.mark.slow]

NAMES = ["Asha", "Ravi", "Meena", "Dev", "Farah", "Kabir", "Nisha", "Arjun", "Leela", "Omar", "Priya", "Sunil",
         "Tara", "Vikram", "Zoya", "Imran"]
PAIRS = [(NAMES[2 * i], NAMES[2 * i + 1]) for i in range(8)]
SEEDS = (2, 3, 4, 5)
"""Each table's random deal; the first one's last card can be played in a way that breaks a rule."""


def shot(page, name: str) -> None:
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SHOTS / f"club-night-{name}.png"), full_page=True)


def create_event(page, base: str) -> tuple[int, str, str]:
    """The organiser's form; the event, its organiser token and the director's link shown once."""
    page.goto(base + "/events/new")
    page.fill("#name", "Thursday club night")
    page.fill("#date", "2026-11-26")
    page.fill("#place", "The club room")
    page.select_option("#variant", "standard")
    page.fill("#target", "10")
    page.fill("#partnerships", "\n".join(f"{a} & {b}" for a, b in PAIRS))
    page.locator("form.event-form button[type=submit]").click()
    page.wait_for_selector("#token-value")
    token = page.locator("#token-value").inner_text()
    event = int(page.url.rstrip("/").split("/")[-1])
    director = page.locator("#director-link").get_attribute("href")
    assert director.endswith(f"/events/{event}/director#token={token}")
    return event, token, director


def make_round(page, base: str, event: int, token: str) -> dict[int, dict]:
    """A round through the organiser's forms; its table cards' keep and confirm links by table number."""
    page.goto(f"{base}/events/{event}#organiser")
    page.locator("details#organiser > summary").click()
    page.fill("#round-token", token)
    page.locator("form[action$='/rounds'] button").click()
    page.wait_for_selector("p.flash.ok")
    if not page.locator("#keep-token").is_visible():
        page.locator("details#organiser > summary").click()
    page.fill("#keep-token", token)
    page.locator("form[action$='/organise'] button").click()
    page.wait_for_selector(".table-card")
    cards = {}
    for i in range(page.locator(".table-card").count()):
        card = page.locator(".table-card").nth(i)
        number = int(card.locator("h3").inner_text().rsplit(" ", 1)[1])
        cards[number] = {"keep": card.locator("a.keep").get_attribute("href"),
                         "confirm": card.locator("a.confirm-link").get_attribute("href")}
    return cards


def type_lines(page, lines: list[str]) -> None:
    box = page.locator("input[name=line]")
    for line in lines:
        box.fill(line)
        box.press("Enter")
    settled(page, 60_000)


def faulty_last_play(page, base: str, game: int, line: str) -> str:
    """The last play made with the same card in a way that breaks a rule (the live API's outcomes)."""
    card = line.split()[1]
    found = page.request.get(f"{base}/api/live/{game}/outcomes?card={card}").json()["outcomes"]
    bad = [o["line"] for o in found if not o["legal"]]
    assert bad, found
    return bad[0]


def standings_rows(page) -> dict[int, str]:
    """The event page's standings: each partnership's baazis cell ("won–lost"), by number."""
    return page.evaluate("""() => Object.fromEntries([...document.querySelectorAll('table.standings tbody tr')]
        .map(tr => [parseInt(tr.cells[1].textContent), tr.cells[3].textContent.trim()]))""")


def expect_standings(page, base: str, event: int, since: float) -> float:
    """Wait until the event page shows the standings the API gives now; the seconds it took from `since`."""
    api = page.request.get(f"{base}/api/events/{event}").json()
    want = {s["pair"]: f"{s['baazis_won']}–{s['baazis_lost']}" for s in api["standings"]}
    page.wait_for_function("""want => { const rows = [...document.querySelectorAll('table.standings tbody tr')];
        return rows.length && rows.every(tr =>
            want[parseInt(tr.cells[1].textContent)] === tr.cells[3].textContent.trim()); }""",
                           arg={str(k): v for k, v in want.items()}, timeout=10_000)
    return time.monotonic() - since


def confirm_on_phone(page, team_score: str) -> None:
    """The opponents tap "EW confirm a–b" under the deal's end on the scorekeeper's phone."""
    button = page.locator("#deal-confirm button[data-role=confirm]")
    button.wait_for(timeout=15_000)
    assert button.inner_text() == f"EW confirm {team_score}"
    button.tap()
    page.locator("#deal-confirm p.confirmed").wait_for(timeout=15_000)


def keep_deal(keeper, base: str, game: int, lines: list[str], watcher, event: int, faulty: bool) -> dict:
    """A whole deal typed into the keep page's notation box (the last play, faulty where asked); the times
    the standings took to follow it; the deal's end as the server scored it."""
    type_lines(keeper, lines[:-1])
    last = faulty_last_play(keeper, base, game, lines[-1]) if faulty else lines[-1]
    since = time.monotonic()
    type_lines(keeper, [last])
    took = expect_standings(watcher, base, event, since)
    ended = keeper.request.get(f"{base}/api/live/{game}").json()["ended"]
    return {"took": took, "ended": ended, "last": last}


def test_a_club_night(browser, base_url, tmp_path):
    rules = find_ruleset("standard")
    organiser = browser.new_context(**DESKTOP).new_page()
    problems = watch_errors(organiser)
    event, token, director_link = create_event(organiser, base_url)
    shot(organiser, "created-desktop")
    cards = make_round(organiser, base_url, event, token)
    assert sorted(cards) == [1, 2, 3, 4]
    shot(organiser, "table-cards-desktop")

    director = browser.new_context(**DESKTOP).new_page()
    problems += watch_errors(director)
    director.goto(base_url + director_link)
    director.wait_for_function("() => document.querySelectorAll('section.director-table').length === 4")
    watcher = browser.new_context(**PHONE).new_page()
    watcher.goto(f"{base_url}/events/{event}")

    keepers, games = {}, {}
    for number, card in cards.items():
        keepers[number] = browser.new_context(**PHONE).new_page()
        problems += watch_errors(keepers[number])
        keepers[number].goto(card["keep"])
        settled(keepers[number])
        games[number] = int(card["keep"].split("/live/")[1].split("/")[0])

    deals = {n: deal_lines(1, "N", random_deal(rules, "N", random.Random(seed))) for n, seed in zip(cards, SEEDS)}
    type_lines(keepers[1], deals[1][:10])
    director.wait_for_function("g => [...document.querySelectorAll(`section.director-table[data-game='${g}'] "
                               ".reached`)].some(p => p.textContent.startsWith('Deal 1, play 8'))", arg=games[1])
    shot(director, "director-live-desktop")

    played = {}
    for number in cards:
        rest = deals[number][10:] if number == 1 else deals[number]
        played[number] = keep_deal(keepers[number], base_url, games[number], rest, watcher, event, number == 1)
        score = played[number]["ended"]["score"]
        confirm_on_phone(keepers[number], f"{score['NS']}–{score['EW']}")
    shot(keepers[1], "keep-confirmed-phone")
    flagged = keepers[1].request.get(f"{base_url}/api/live/{games[1]}").json()["entries"][-1]["findings"]
    assert flagged and flagged[0]["rule"].startswith("R-"), played[1]["last"]

    # Table 4: deal 2 by its score alone; the opponents refuse it from their own phone.
    keeper = keepers[4]
    keeper.locator("#deal-end button[data-role=score-only]").tap()
    keeper.locator("input[name=NS-points]").fill("60")
    keeper.locator("input[name=EW-points]").fill("40")
    since = time.monotonic()
    keeper.locator("#score-form button[type=submit]").tap()
    expect_next(keeper, "Deal 3")
    settled(keeper)
    score_only_took = expect_standings(watcher, base_url, event, since)
    keeper.locator("#deal-confirm button[data-role=confirm]").wait_for()
    assert keeper.locator("#deal-confirm button[data-role=confirm]").inner_text() == "EW confirm 60–40"
    shot(keeper, "keep-score-only-phone")

    opponents = browser.new_context(**PHONE).new_page()
    problems += watch_errors(opponents)
    opponents.goto(cards[4]["confirm"])
    row = opponents.locator("#confirm-deals li[data-deal='2']")
    row.locator("button.quiet").tap()
    row.locator("input").fill("EW had 45: the last sweep was ours")
    row.locator("button.danger").tap()
    opponents.locator("#confirm-deals li[data-deal='2'][data-status=refused]").wait_for()
    shot(opponents, "confirm-refused-phone")

    table4 = director.locator(f"section.director-table[data-game='{games[4]}']")
    director.locator(f"section.director-table.raised[data-game='{games[4]}']").wait_for(timeout=5_000)
    assert "EW refused deal 2" in table4.inner_text() and "EW had 45" in table4.inner_text()
    assert "1 with a refused score" in director.locator("#director-summary").inner_text()
    assert director.locator("section.director-table").first.get_attribute("data-game") == str(games[4])
    table1 = director.locator(f"section.director-table[data-game='{games[1]}']")
    assert "1 flagged play waiting" in table1.inner_text()
    heard = [table.locator(part).aria_snapshot() for table, part in ((table1, "ul.flags"), (table4, "ul.refusals"))]
    unquoted = re.sub("“[^”]*”", "", "\n".join(heard))  # the reason stays as the players wrote it
    assert not re.search(r"(?<![\w-])([2-9TJQKA][shdc]|[NESW]|NS|EW)(?![\w-])", unquoted), heard  # in words
    shot(director, "director-refused-desktop")

    table4.locator("details.correct summary").click()
    form = table4.locator("form.correct-form")
    score_entry = [o for o in form.locator("select[name=entry] option").all_inner_texts() if "score NS 60 EW 40" in o]
    form.locator("select[name=entry]").select_option(label=score_entry[0])
    form.locator("select[name=kind]").select_option("replace")
    form.locator("input[name=line]").fill("score NS 55 EW 45")
    form.locator("input[name=note]").fill("EW's sweep counted after the refusal")
    shot(director, "director-correct-desktop")
    form.locator("button[type=submit]").click()
    director.wait_for_function("g => !document.querySelector(`section.director-table.raised[data-game='${g}']`)",
                               arg=games[4], timeout=5_000)
    history = director.request.get(f"{base_url}/api/live/{games[4]}/history").json()["events"]
    assert (history[-1]["kind"], history[-1]["note"]) == ("replace", "Director: EW's sweep counted after the refusal")
    again = opponents.locator("#confirm-deals li[data-deal='2'] button.confirm")
    again.wait_for(timeout=10_000)
    assert again.inner_text() == "EW confirm 55–45"
    again.tap()
    opponents.locator("#confirm-deals li[data-deal='2'][data-status=confirmed]").wait_for()
    shot(opponents, "confirm-again-phone")

    director.wait_for_function("() => document.getElementById('director-summary')?.textContent"
                               ".includes('0 with a refused score')")
    director.fill("#idle-minutes", "0.02")
    director.locator("#idle-minutes").dispatch_event("change")
    director.wait_for_function("() => document.querySelectorAll('section.director-table.idle').length === 4")
    shot(director, "director-idle-desktop")
    director.set_viewport_size(PHONE["viewport"])
    director.fill("#idle-minutes", "10")
    director.locator("#idle-minutes").dispatch_event("change")
    shot(director, "director-phone")
    assert director.evaluate("document.documentElement.scrollWidth - window.innerWidth") <= 0
    assert small_targets(director, "main .director-table a, main .director-table summary, main #idle-minutes") == []

    # The standings and the player pages against validate --json of the same games.
    for took in [p["took"] for p in played.values()] + [score_only_took]:
        assert took < 3.0, took
    check_numbers(watcher, base_url, event, games, tmp_path)
    watcher.goto(f"{base_url}/events/{event}")
    shot(watcher, "standings-phone")
    watcher.set_viewport_size(DESKTOP["viewport"])
    shot(watcher, "standings-desktop")

    round2 = make_round(organiser, base_url, event, token)
    rounds = organiser.request.get(f"{base_url}/api/events/{event}").json()["rounds"]
    met = [frozenset((t["pair_a"], t["pair_b"])) for r in rounds for t in r["tables"]]
    assert len(round2) == 4 and len(met) == 8 and len(set(met)) == 8
    assert problems == []


def check_numbers(page, base: str, event: int, games: dict[int, int], tmp_path) -> None:
    """Each partnership's standings row and each player's record, as validate --json of the tables' logs."""
    data = page.request.get(f"{base}/api/events/{event}").json()
    tables = {t["game_id"]: t for t in data["rounds"][0]["tables"]}
    expected, players = {}, {}
    for game in games.values():
        text = page.request.get(f"{base}/games/{game}.seep").text()
        report = validate_json(text, tmp_path)["games"][0]
        table = tables[game]
        for pair, team, other in ((table["pair_a"], "NS", "EW"), (table["pair_b"], "EW", "NS")):
            scored = [d for d in report["deals"] if d["score"] is not None]
            points = sum(d["card_points"][team] - d["card_points"][other] for d in scored)
            expected[pair] = (report["baazis"][team], report["baazis"][other], points)
        for seat, tag in (("N", "North"), ("S", "South"), ("E", "East"), ("W", "West")):
            team = "NS" if seat in "NS" else "EW"
            players[report["tags"][tag]] = {
                "Games": 1, "Deals": len(report["deals"]),
                "Baazis won": report["baazis"][team], "Baazis lost": report["baazis"]["EW" if team == "NS" else "NS"],
                "Sweeps": sum(1 for d in report["deals"] for s in d["sweeps"] if s["seat"] == seat)}
    shown = {s["pair"]: (s["baazis_won"], s["baazis_lost"], s["card_point_difference"]) for s in data["standings"]}
    assert shown == expected
    page.goto(f"{base}/events/{event}")
    rows = page.evaluate("""() => [...document.querySelectorAll('table.standings tbody tr')].map(tr =>
        [parseInt(tr.cells[1].textContent), tr.cells[3].textContent.trim(), tr.cells[5].textContent.trim()])""")
    assert {pair: (cell, points) for pair, cell, points in rows} == {
        pair: (f"{w}–{lost}", f"{points:+d}") for pair, (w, lost, points) in expected.items()}
    assert page.locator("td.confirmed[data-refused='0'][data-missing='0']").count() == 4
    check_results(page, base, event, expected_numbers(page, base, event, tmp_path))  # results page, standings.csv
    shot(page, "results-phone")
    for partnership in data["partnerships"]:
        for player in partnership["players"]:
            page.goto(base + player["url"])
            head = dict(zip(page.locator("dl.record-head dt").all_inner_texts(),
                            page.locator("dl.record-head dd").all_inner_texts()))
            want = players[player["name"]]
            assert {k: int(head[k]) for k in want} == want, player["name"]
