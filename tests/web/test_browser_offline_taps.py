"""Guided entry offline, on a phone (390x844, touch) and a desktop: with the server out of reach, ten plays
of a deal (captures and houses among them) are entered by taps alone: the card, the floor items it takes
or joins, then what happened. The page lays the waiting plays on its own floor to offer those taps, and
judges nothing. A reload while offline keeps them; back online they are stored once each, in order, and
the one that breaks a rule is flagged. Screenshots go to test-artifacts/browser/offline-taps-*.png."""
from __future__ import annotations

import random

import pytest
from playwright.sync_api import expect

from seeplog.analysis import analyse
from seeplog.cards import parse_card
from seeplog.live.table import deal_state, known_for, now_of, outcomes, what_next
from seeplog.playout import deal_lines, random_deal
from tests.web import test_browser_live_keep as keeping
from tests.web.test_browser_live_keep import (DESKTOP, PHONE, STANDARD, api_doc, card_of, expect_next, is_play,
                                              send_all, settled, start, watch_errors)

live_server, base_url = keeping.live_server, keeping.base_url
browser_type_launch_args = keeping.browser_type_launch_args
SHOTS = keeping.SHOTS
pytestmark = pytest.mark.browser
BEFORE, TAPPED = 8, 10
"""Plays stored before the phone goes offline, and plays entered by taps while it is."""


def broken_outcome(head: list[str], plays: list[str], card_text: str) -> dict | None:
    """An outcome breaking a rule of the card played next after `plays` (by the seat to play), one that
    taps can make (no shorthand, no break of a house), or None."""
    now = now_of(analyse('[Variant "standard"]\n' + "\n".join(head + plays) + "\n", open_game=True))
    seat = what_next(now)["seat"]
    state, _ = deal_state(now.last)
    card = parse_card(card_text)
    return next((o for o in outcomes(state, seat, card, known_for(now.last, seat, card))
                 if not o["legal"] and o["kind"] in ("capture", "house", "throw") and "[" not in o["move"]), None)


def scenario() -> tuple[list[str], list[str], list[str], str]:
    """A random legal deal whose plays BEFORE+1 … BEFORE+TAPPED-1 hold a capture and a house, and whose
    next play's card has an outcome breaking a rule: the deal's head, the plays stored first, the plays to
    tap (the last one the broken outcome), and that outcome's rule."""
    for seed in range(1, 200):
        lines = deal_lines(1, "N", random_deal(STANDARD, "N", random.Random(seed)))
        head, plays = [x for x in lines if not is_play(x)], [x for x in lines if is_play(x)]
        tapped = plays[BEFORE:BEFORE + TAPPED - 1]
        if not (any(" x " in x for x in tapped) and any("=" in x for x in tapped)):
            continue
        bad = broken_outcome(head, plays[:BEFORE + TAPPED - 1], card_of(plays[BEFORE + TAPPED - 1]))
        if bad:
            return head, plays[:BEFORE], tapped + [bad["line"]], bad["violations"][0]["rule"]
    raise AssertionError("no deal fits")


def press(locator, touch: bool) -> None:
    locator.tap() if touch else locator.click()


def tap_play(page, line: str, touch: bool, shot: str | None = None) -> str:
    """One play by taps alone: its seat (when not the one in turn), its card, the floor items the line
    names, then what happened. The line the page wrote."""
    seat, move = line.split(" ", 1)
    seat_button = page.locator(f"#play-seats button[data-seat={seat}]")
    if seat_button.get_attribute("aria-pressed") != "true":
        press(seat_button, touch)
    press(page.locator(f"#picker button[data-card='{card_of(line)}']"), touch)
    page.locator("#outcome-list button[data-action]").first.wait_for()
    if " x " in move:
        items, action = [i for g in move.split(" x ")[1].split() for i in g.split("+")], "[data-action=take]"
    elif "=" in move:
        main, rest = move.split("=")
        value, *extra = rest.split()
        items = main.strip().split("+")[1:] + [i for g in extra for i in g.split("+")]
        action = f"[data-action=build][data-value='{value}']"
    else:
        items, action = [], "[data-action=throw]"
    for item in items:
        press(page.locator(f"#outcome-list button[data-item='{item}']"), touch)
    button = page.locator(f"#outcome-list button{action}")
    written = button.get_attribute("data-line")
    if shot:
        page.locator("#outcomes").screenshot(path=str(SHOTS / shot))
    press(button, touch)
    return written


@pytest.mark.parametrize("device", ["phone", "desktop"])
def test_ten_plays_by_taps_offline_survive_a_reload_and_are_stored_once_in_order(browser, base_url, device):
    head, stored, tapped, rule = scenario()
    context = browser.new_context(**(PHONE if device == "phone" else DESKTOP))
    page = context.new_page()
    problems = watch_errors(page)
    game = start(page, base_url, tags={"Event": f"Offline taps {device}"})
    send_all(page, base_url, game, head + stored)
    page.goto(base_url + game["edit_url"])
    settled(page)
    context.set_offline(True)
    written = []
    for n, line in enumerate(tapped[:6], start=1):
        chosen = f"offline-taps-{device}-choosing-{n}.png" if n <= 3 else None
        written.append(tap_play(page, line, device == "phone", chosen))
        expect_next(page, f"play {BEFORE + 1 + n} —")
    assert page.locator("#keep-status").inner_text() == "offline — 6 entries waiting"

    page.route("**/api/**", lambda route: route.abort())  # the page's files load again, the API does not
    context.set_offline(False)
    page.reload()
    expect_next(page, f"play {BEFORE + 7} —")
    expect(page.locator("#queue-list li.waiting")).to_have_count(6)
    for n, line in enumerate(tapped[6:], start=7):
        page.locator(f"#picker button[data-card='{card_of(line)}']").wait_for()
        written.append(tap_play(page, line, device == "phone"))
        expect_next(page, f"play {BEFORE + 1 + n} —")
    page.screenshot(path=str(SHOTS / f"offline-taps-{device}-ten-waiting.png"))
    assert written == tapped  # the taps wrote each play as its line says
    for line in tapped[:-1]:  # each card a waiting play played, into a house too, is seen: not offered again
        expect(page.locator(f"#picker button[data-card='{card_of(line)}']")).to_be_disabled()
    assert len(page.request.get(f"{base_url}/api/live/{game['id']}/history").json()["events"]) == \
        1 + len(head) + len(stored)  # nothing was sent yet

    page.unroute("**/api/**")
    settled(page, timeout=30_000)
    doc = api_doc(page, base_url, game)
    plays = [e for e in doc["entries"] if e["kind"] == "play"]
    assert [e["line"] for e in plays] == stored + tapped  # each once, in order
    events = page.request.get(f"{base_url}/api/live/{game['id']}/history").json()["events"]
    assert [e["typed"] for e in events if e["kind"] == "append"][-TAPPED:] == tapped
    assert [f["rule"] for f in plays[-1]["findings"]] and rule in [f["rule"] for f in plays[-1]["findings"]]
    assert all(not e["findings"] for e in plays[:-1])
    page.screenshot(path=str(SHOTS / f"offline-taps-{device}-stored.png"), full_page=True)
    expected = ("net::ERR_INTERNET_DISCONNECTED", "net::ERR_FAILED")  # the requests made while offline
    assert [p for p in problems if not any(e in p for e in expected)] == []
    context.close()


def test_a_card_of_a_hand_line_played_into_a_house_is_not_offered_again(browser, base_url):
    """A hand line shows W's first four; W's bid play makes a house with 3c. Once stored, 3c is played:
    the picker does not offer it, as it does not offer Ks of the floor."""
    context = browser.new_context(**PHONE)
    page = context.new_page()
    game = start(page, base_url)
    send_all(page, base_url, game, ["deal 1 dealer N", "hand W Ks Js 8c 3c", "bid W 12", "floor Kc 9d 5d 4h",
                                    "W 3c+9d =12"])
    page.goto(base_url + game["edit_url"])
    settled(page)
    expect_next(page, "play 2 —")
    for card in ("3c", "9d", "Kc"):
        expect(page.locator(f"#picker button[data-card='{card}']")).to_be_disabled()
    expect(page.locator("#picker button[data-card='Ks']")).to_be_enabled()  # W holds it still
    context.close()
