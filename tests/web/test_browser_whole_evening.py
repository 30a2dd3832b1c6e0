"""Issue 23's acceptance test, at 390x844 with touch and on a desktop: a game of three deals kept on the keep
page from the start page to its close. Deal 1 is typed line by line; of deal 2, ten plays (captures and
houses among them, the last one breaking a rule) are entered offline by taps alone, with a reload while
offline: back online they are stored once each, in order, and the one that breaks a rule is flagged (then
corrected from the entries list); deal 3 is recorded by its score alone. A follower's page shows the end of
each deal as `validate --json` scores the log, and the game closed. Screenshots go to
test-artifacts/browser/whole-evening-*.png."""
from __future__ import annotations

import random
from datetime import datetime, timezone

import pytest
from babel.dates import format_date
from playwright.sync_api import expect

from seeplog.playout import deal_lines, random_deal
from tests.web import test_browser_live_keep as keeping
from tests.web.live_helpers import validate_json
from tests.web.test_browser_live_keep import (DESKTOP, PHONE, STANDARD, api_doc, card_of, expect_next, is_play,
                                              settled, watch_errors)
from tests.web.test_browser_offline_taps import broken_outcome, press, tap_play

live_server, base_url = keeping.live_server, keeping.base_url
browser_type_launch_args = keeping.browser_type_launch_args
SHOTS = keeping.SHOTS
pytestmark = [pytest.mark.browser, pytest.mark.slow]
PLAYERS = {"north": "Asha", "west": "Divya", "south": "Chetan", "east": "Ravi"}
BEFORE, TAPPED = 12, 10
"""Plays of deal 2 entered online before the phone goes offline, and plays entered by taps while it is."""
SCORE_ONLY = {"NS-points": "70", "EW-points": "30", "NS-sweeps": "50"}
OFFLINE = ("net::ERR_INTERNET_DISCONNECTED", "net::ERR_FAILED")


def plan() -> tuple[list[str], list[str], list[str], str, str]:
    """Deal 1's lines; deal 2's lines (a random legal deal dealt by the seat deal 1 leaves to deal) whose
    plays BEFORE+1 … BEFORE+TAPPED-1 hold a capture and a house, and whose next play's card has an outcome
    breaking a rule; that outcome's line and rule; deal 3's dealer."""
    first = deal_lines(1, "N", random_deal(STANDARD, "N", random.Random(41)))
    header = '[Variant "standard"]\n\n'
    dealer = validate_json(header + "\n".join(first) + "\n")["games"][0]["ledger"][0]["next_dealer"]
    for seed in range(1, 300):
        second = deal_lines(2, dealer, random_deal(STANDARD, dealer, random.Random(seed)))
        head, plays = [x for x in second if not is_play(x)], [x for x in second if is_play(x)]
        tapped = plays[BEFORE:BEFORE + TAPPED - 1]
        if not (any(" x " in x for x in tapped) and any("=" in x for x in tapped)):
            continue
        bad = broken_outcome(first + head, plays[:BEFORE + TAPPED - 1], card_of(plays[BEFORE + TAPPED - 1]))
        if bad:
            text = header + "\n".join(first + second) + "\n"
            third = validate_json(text)["games"][0]["ledger"][1]["next_dealer"]
            return first, second, bad["line"], bad["violations"][0]["rule"], third
    raise AssertionError("no deal fits")


def type_lines(page, lines: list[str]) -> None:
    box = page.locator("input[name=line]")
    for line in lines:
        box.fill(line)
        box.press("Enter")


def start_from_the_start_page(page, base: str, touch: bool) -> dict:
    """The game started as a scorekeeper starts one; its id and the keep page open."""
    page.goto(base + "/live/new")
    for field, name in PLAYERS.items():
        page.fill(f"input[name={field}]", name)
    page.fill("input[name=event]", "A whole evening")
    press(page.locator("form.live-new button[type=submit]"), touch)
    link = page.locator("#live-keep-link")
    expect(link).to_be_visible()
    game_id = int(link.get_attribute("href").split("/live/")[1].split("/")[0])
    press(link, touch)
    settled(page)
    return {"id": game_id}


def shown_end(page) -> dict:
    """The end of a deal as the follow page draws it."""
    end = page.locator("#live-end")
    rows = end.locator("tbody tr")
    scores = {}
    for i in range(rows.count()):
        row = rows.nth(i)
        scores[row.get_attribute("data-team")] = [int(row.locator(f"td[data-field={f}]").inner_text())
                                                  for f in ("card_points", "sweep_points", "score")]
    left = end.locator("p.leftover")
    return {"deal": int(end.get_attribute("data-deal")), "scores": scores, "text": end.inner_text(),
            "leftover": left.get_attribute("data-cards").split(), "team": left.get_attribute("data-team")}


def ends_as_validate_scores(follower, keep, base: str, game: dict, number: int, name: str) -> None:
    """The follow page (within a poll) and the keep page show deal `number`'s end as validate scores it."""
    follower.wait_for_selector(f"#live-end[data-deal='{number}']", timeout=10_000)
    doc = api_doc(keep, base, game)
    report = validate_json(doc["log"])["games"][0]
    deal, row = report["deals"][number - 1], report["ledger"][number - 1]
    shown = shown_end(follower)
    figures = {t: [deal["card_points"][t], deal["sweep_points"][t], deal["score"][t]] for t in STANDARD.teams}
    assert shown["scores"] == figures
    lead = row["lead"]
    assert (f"{lead['team']} leads by {lead['points']}" if lead["team"] else "The lead is 0") in shown["text"]
    assert f"Next dealer: {row['next_dealer']}" in shown["text"] or \
        f"({row['next_dealer']})" in shown["text"].split("Next dealer:")[1]
    left = doc["ended"]["leftover"]
    if deal["plays"]:
        taken = " · ".join(f"{t} {n} cards" for t, n in deal["cards_taken"].items())
        assert f"Cards taken: {taken}" in shown["text"]
        assert shown["leftover"] == left["cards"] and shown["team"] == (left["team"] or "")
    else:
        assert "Recorded by its score" in shown["text"] and left is None
    keep.locator("#deal-end table").wait_for()
    cells = keep.locator("#deal-end tbody tr")
    assert {cells.nth(i).get_attribute("data-team"): [int(x) for x in cells.nth(i).locator("td").all_inner_texts()]
            for i in range(cells.count())} == figures
    follower.screenshot(path=str(SHOTS / f"whole-evening-{name}-follow-deal-{number}-end.png"), full_page=True)
    keep.screenshot(path=str(SHOTS / f"whole-evening-{name}-keep-deal-{number}-end.png"))


def offline_taps(page, base: str, game: dict, tapped: list[str], touch: bool, name: str) -> list[str]:
    """The ten plays tapped with no connection, six before a reload offline and four after; nothing sent."""
    events = len(page.request.get(f"{base}/api/live/{game['id']}/history").json()["events"])
    page.context.set_offline(True)
    written = []
    for n, line in enumerate(tapped[:6], start=1):
        written.append(tap_play(page, line, touch, f"whole-evening-{name}-offline-{n}.png" if n <= 2 else None))
        expect_next(page, f"play {BEFORE + 1 + n} —")
    page.route("**/api/**", lambda route: route.abort())  # the page's files load again, the API does not
    page.context.set_offline(False)
    page.reload()
    expect_next(page, f"play {BEFORE + 7} —")
    expect(page.locator("#queue-list li.waiting")).to_have_count(6)
    for n, line in enumerate(tapped[6:], start=7):
        page.locator(f"#picker button[data-card='{card_of(line)}']").wait_for()
        written.append(tap_play(page, line, touch))
        expect_next(page, f"play {BEFORE + 1 + n} —")
    page.screenshot(path=str(SHOTS / f"whole-evening-{name}-ten-waiting.png"))
    assert len(page.request.get(f"{base}/api/live/{game['id']}/history").json()["events"]) == events
    page.unroute("**/api/**")
    settled(page, timeout=30_000)
    return written


def correct_entry(page, number: int, line: str, touch: bool) -> None:
    """The flagged play corrected from the entries list (Edit, the line, a reason)."""
    entries = page.locator("#entries")
    if entries.get_attribute("open") is None:
        press(entries.locator("summary"), touch)
    item = entries.locator(f"li[data-entry='{number}']")
    press(item.locator("button", has_text="Edit"), touch)
    item.locator("input[name=correction-line]").fill(line)
    item.locator("input[name=reason]").fill("tapped the wrong outcome offline")
    press(item.locator("form.correction button[type=submit]"), touch)
    settled(page)


@pytest.mark.parametrize("device", ["phone", "desktop"])
def test_a_whole_evening_of_three_deals_from_start_to_close(browser, base_url, device):
    first, second, broken, rule, third = plan()
    head, plays = [x for x in second if not is_play(x)], [x for x in second if is_play(x)]
    touch, name = device == "phone", device
    context = browser.new_context(**(PHONE if touch else DESKTOP))
    page = context.new_page()
    problems = watch_errors(page)
    game = start_from_the_start_page(page, base_url, touch)
    follower_context = browser.new_context(**(PHONE if touch else DESKTOP))
    follower = follower_context.new_page()
    follower.goto(f"{base_url}/live/{game['id']}")
    today = format_date(datetime.now(timezone.utc).date(), "medium", locale="en")
    assert f"date {today}" in follower.locator(".live-head .crumbs").inner_text()

    # Deal 1: its dealer tapped, its lines typed.
    press(page.locator("#dealers button[data-seat=N]"), touch)
    expect_next(page, "Deal 1 (dealer N)")
    type_lines(page, first[1:])
    settled(page, timeout=60_000)
    ends_as_validate_scores(follower, page, base_url, game, 1, name)

    # Deal 2: the dealer deal 1 names, tapped; online up to play BEFORE, then ten plays tapped offline.
    press(page.locator(f"#dealers button[data-seat={head[0].split()[-1]}]"), touch)
    expect_next(page, f"Deal 2 (dealer {head[0].split()[-1]})")
    type_lines(page, head[1:] + plays[:BEFORE])
    settled(page, timeout=60_000)
    tapped = plays[BEFORE:BEFORE + TAPPED - 1] + [broken]
    assert offline_taps(page, base_url, game, tapped, touch, name) == tapped  # each as its line says
    doc = api_doc(page, base_url, game)
    stored = [e for e in doc["entries"] if e["kind"] == "play" and e["deal"] == 2]
    assert [e["line"] for e in stored] == plays[:BEFORE] + tapped  # each once, in order
    assert rule in [f["rule"] for f in stored[-1]["findings"]] and not any(e["findings"] for e in stored[:-1])
    page.screenshot(path=str(SHOTS / f"whole-evening-{name}-stored-flagged.png"), full_page=True)
    correct_entry(page, stored[-1]["number"], plays[BEFORE + TAPPED - 1], touch)
    fixed = api_doc(page, base_url, game)["entries"][stored[-1]["number"] - 1]
    assert fixed["line"] == plays[BEFORE + TAPPED - 1] and fixed["findings"] == []
    type_lines(page, plays[BEFORE + TAPPED:])
    settled(page, timeout=60_000)
    ends_as_validate_scores(follower, page, base_url, game, 2, name)

    # Deal 3: by its score alone, from the end of deal 2.
    press(page.locator("#deal-end button[data-role=score-only]"), touch)
    form = page.locator("#score-form")
    for field, value in SCORE_ONLY.items():
        form.locator(f"input[name={field}]").fill(value)
    press(form.locator("button[type=submit]"), touch)
    expect_next(page, "Deal 4")
    settled(page)
    ends_as_validate_scores(follower, page, base_url, game, 3, name)

    # Close, after its confirmation; the follower sees the closed game and the end of its last deal.
    press(page.locator("#finish summary"), touch)
    page.once("dialog", lambda dialog: dialog.accept())
    press(page.locator("#close-game"), touch)
    expect(page.locator("#closed-panel")).to_be_visible(timeout=10_000)
    expect(follower.locator(".live-head .badge")).to_have_text("closed", timeout=10_000)
    expect(follower.locator("#live-end")).to_have_attribute("data-deal", "3")
    doc = api_doc(page, base_url, game)
    assert doc["state"] == "closed"
    lines = [e["line"] for e in doc["entries"] if e["deal"] is not None]
    assert lines == first + second + [f"deal 3 dealer {third}", "score NS 70+50 EW 30"]
    report = validate_json(doc["log"])["games"][0]
    assert [d["number"] for d in report["deals"]] == [1, 2, 3] and all(d["complete"] for d in report["deals"][:2])
    assert report == doc["report"]["games"][0]
    follower.screenshot(path=str(SHOTS / f"whole-evening-{name}-follow-closed.png"), full_page=True)
    page.screenshot(path=str(SHOTS / f"whole-evening-{name}-keep-closed.png"), full_page=True)
    assert [p for p in problems if not any(e in p for e in OFFLINE)] == []
    follower_context.close()
    context.close()
