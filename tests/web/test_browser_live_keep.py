"""The keep-score page in headless chromium, on a phone (390x844, touch) and a desktop: a whole deal by taps,
another by the notation box, a flagged play, a correction that moves the rotation, and nothing lost offline.
Screenshots go to test-artifacts/browser/live-keep-*.png.

Marked `browser` like tests/web/test_browser.py, whose server and chromium fixtures it uses.
"""
from __future__ import annotations

import json
import random
import re
import subprocess
import sys

import pytest
from playwright.sync_api import expect

from seeplog.live.table import now_of, what_next
from seeplog.analysis import analyse
from seeplog.playout import deal_lines, random_deal
from seeplog.ruleset import VARIANTS

from tests.web import test_browser as served

SHOTS = served.SHOTS
live_server, base_url, browser_type_launch_args = served.live_server, served.base_url, served.browser_type_launch_args

pytestmark = pytest.mark.browser
PHONE = {"viewport": {"width": 390, "height": 844}, "has_touch": True, "is_mobile": True, "device_scale_factor": 2}
DESKTOP = {"viewport": {"width": 1280, "height": 900}}
STANDARD = VARIANTS["standard"]
MOVE_CARD = re.compile(r"^\S+\s+([^\s+=x]+)")


# ---------------------------------------------------------------- helpers

def start(page, base: str, **body) -> dict:
    """A live game started through the API (as the start page does); its answer (id, edit token, links)."""
    response = page.request.post(base + "/api/live", data={"variant": "standard", **body})
    assert response.status == 201, response.text()
    return response.json()


def send_all(page, base: str, game: dict, lines: list[str]) -> int:
    """Lines appended through the API (a setup, not what is tested); the version after them."""
    version = api_doc(page, base, game)["version"]
    for line in lines:
        response = page.request.post(f"{base}/api/live/{game['id']}/entries",
                                     data={"line": line, "version": version},
                                     headers={"Authorization": f"Bearer {game['edit_token']}"})
        assert response.status == 201, (line, response.text())
        version = response.json()["version"]
    return version


def api_doc(page, base: str, game: dict) -> dict:
    response = page.request.get(f"{base}/api/live/{game['id']}")
    assert response.status == 200
    return response.json()


def open_keep(page, base: str, game: dict) -> None:
    page.goto(base + game["edit_url"])
    settled(page)


def settled(page, timeout: float = 15_000) -> None:
    """Wait until the page says every entry is stored (the queue is empty and the view fresh)."""
    page.wait_for_function(
        "() => document.getElementById('keep-status')?.textContent.startsWith('all entries stored') === true",
        timeout=timeout)


def expect_next(page, text: str, timeout: float = 15_000) -> None:
    page.wait_for_function("t => document.getElementById('next-main')?.textContent.includes(t) === true", arg=text,
                           timeout=timeout)


def card_of(line: str) -> str:
    """The card a play line plays (its first card)."""
    return MOVE_CARD.match(line).group(1)


def validate_json(text: str, tmp_path) -> dict:
    """What `python -m seeplog validate --json` prints for the text."""
    path = tmp_path / "live.seep"
    path.write_text(text, encoding="utf-8")
    done = subprocess.run([sys.executable, "-m", "seeplog", "validate", "--json", str(path)],
                          capture_output=True, text=True, timeout=120)
    assert done.stdout, done.stderr
    return json.loads(done.stdout)


def tap_play(page, line: str) -> None:
    """One play by taps: its seat (when not the one in turn), its card, the outcome whose line matches."""
    seat = line.split()[0]
    seat_button = page.locator(f"#play-seats button[data-seat={seat}]")
    if seat_button.get_attribute("aria-pressed") != "true":
        seat_button.tap()
    page.locator(f"#picker button[data-card='{card_of(line)}']").tap()
    outcome = page.locator("#outcome-list button.outcome").filter(has_text=line.split(" ", 1)[1]).first
    outcome.wait_for(state="attached", timeout=15_000)
    exact = page.locator(f"#outcome-list button.outcome[data-line='{line}']")
    unfold(page, exact if exact.count() else outcome).tap()


def unfold(page, outcome):
    """The outcome button, its fold opened first when it is one of the outcomes folded away (those that
    break a rule, under the ones that keep them)."""
    if not outcome.is_visible():
        page.locator("#outcome-list details.outcome-fold > summary").tap()
    return outcome


def tap_deal(page, number: int, dealer: str, played_lines: list[str]) -> None:
    """A deal by taps: its dealer, the bidder's hand (where the deal has a hand line), the floor's four
    cards, the bid, then each play."""
    page.locator(f"#dealers button[data-seat={dealer}]").tap()
    expect_next(page, f"Deal {number} (dealer {dealer})")
    settled(page)
    hand = next((line for line in played_lines if line.startswith("hand ")), None)
    if hand:
        _, seat, *cards = hand.split()
        page.locator("#hand-open").tap()
        assert page.locator("#step-hand .hand-seat [aria-hidden=true]").inner_text() == seat
        for card in cards:
            page.locator(f"#picker button[data-card='{card}']").tap()
        page.locator("#hand-record").tap()
        settled(page)
    floor = next(line for line in played_lines if line.startswith("floor "))
    bid = next(line for line in played_lines if line.startswith("bid "))
    for card in floor.split()[1:]:
        page.locator(f"#picker button[data-card='{card}']").tap()
    settled(page)
    _, bidder, value = bid.split()
    seat = page.locator(f"#bid-seats button[data-seat={bidder}]")
    if seat.get_attribute("aria-pressed") != "true":
        seat.tap()
    page.locator(f"#bid-values button[data-value='{value}']").tap()
    expect_next(page, f"Deal {number}, play 1 — {bidder} to play")
    settled(page)
    plays = [line for line in played_lines if is_play(line)]
    for n, line in enumerate(plays, start=1):
        tap_play(page, line)
        if n < len(plays):
            expect_next(page, f"play {n + 1} —")
        settled(page)


# ---------------------------------------------------------------- the tests

def watch_errors(page) -> list[str]:
    """Script errors, console errors and policy violations the page meets, as they come."""
    problems: list[str] = []
    page.on("console", lambda m: problems.append(m.text) if m.type == "error" else None)
    page.on("pageerror", lambda e: problems.append(str(e)))
    page.add_init_script(served.CSP_WATCH)
    return problems


def test_a_deal_by_taps_and_a_deal_by_the_notation_box_score_as_validate_does(browser, base_url, tmp_path):
    rng = random.Random(11)
    context = browser.new_context(**PHONE)
    page = context.new_page()
    problems = watch_errors(page)
    game = start(page, base_url, players={"N": "Asha", "W": "Divya", "S": "Chetan", "E": "Bilal"})
    open_keep(page, base_url, game)
    assert "#token" not in page.url
    expect_next(page, "Deal 1 — who deals?")

    first = deal_lines(1, "N", random_deal(STANDARD, "N", rng, hand_line=True))
    assert first[1].startswith("hand ")
    tap_deal(page, 1, "N", first)
    doc = api_doc(page, base_url, game)
    assert [e["line"] for e in doc["entries"] if e["deal"] == 1][:4] == first[:4]
    plays = [e for e in doc["entries"] if e["kind"] == "play"]
    assert len(plays) == 48

    nxt = doc["next"]
    assert nxt["kind"] == "deal" and nxt["dealer"]
    expect_next(page, f"Deal 2 — dealer {nxt['dealer']}")
    second = random_deal(STANDARD, nxt["dealer"], rng)
    box = page.locator("input[name=line]")
    for line in deal_lines(2, nxt["dealer"], second):
        box.fill(line)
        box.press("Enter")
        settled(page)
    doc = api_doc(page, base_url, game)
    assert [e["line"] for e in doc["entries"] if e["deal"] == 2] == deal_lines(2, nxt["dealer"], second)
    assert doc["report"] == validate_json(doc["log"], tmp_path)
    assert len(doc["report"]["games"][0]["deals"]) == 2
    assert all(d["complete"] for d in doc["report"]["games"][0]["deals"])
    assert problems == [] and page.evaluate("window.__csp") == []
    context.close()


def illegal_outcome(page, base: str, game: dict) -> tuple[str, dict]:
    """A card not seen yet in this deal that has an outcome breaking a rule now, and that outcome."""
    doc = api_doc(page, base, game)
    seen = set(doc["table"]["seen"])
    for card in (r + s for s in "shdc" for r in "A23456789TJQK"):
        if card in seen:
            continue
        found = page.request.get(f"{base}/api/live/{game['id']}/outcomes?card={card}").json()["outcomes"]
        bad = [o for o in found if not o["legal"]]
        if bad and any(o["legal"] for o in found):
            return card, bad[0]
    raise AssertionError("no card has an illegal outcome here")


def is_play(line: str) -> bool:
    return line[0] in "NWSE" and line[1] == " "


def mid_deal(page, base: str, seed: int, plays: int, **body) -> tuple[dict, list[str]]:
    """A game whose deal 1 (a random legal deal) is entered through the API up to `plays` plays; the game
    and the deal's plays (all 48). `body`: more of the start's body (the players' names)."""
    game = start(page, base, tags={"Event": "Club night"}, **body)
    lines = deal_lines(1, "N", random_deal(STANDARD, "N", random.Random(seed)))
    head, all_plays = [line for line in lines if not is_play(line)], [line for line in lines if is_play(line)]
    send_all(page, base, game, head + all_plays[:plays])
    return game, all_plays


def test_an_illegal_play_entered_by_taps_is_recorded_and_flagged(browser, base_url):
    context = browser.new_context(**PHONE)
    page = context.new_page()
    game, _ = mid_deal(page, base_url, seed=5, plays=9)
    card, bad = illegal_outcome(page, base_url, game)
    open_keep(page, base_url, game)
    expect_next(page, "Deal 1, play 10 —")
    page.locator(f"#picker button[data-card='{card}']").tap()
    button = page.locator(f"#outcome-list button.outcome.illegal[data-line='{bad['line']}']")
    button.wait_for(state="attached")
    assert page.locator("#outcome-list details.outcome-fold").get_attribute("open") is None  # folded at first
    unfold(page, button)
    rule = bad["violations"][0]["rule"]
    assert rule in button.inner_text()
    assert page.locator("#outcome-list button.outcome").first.get_attribute("class").endswith("legal")
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SHOTS / "live-keep-outcomes-phone.png"), full_page=True)

    button.tap()
    expect_next(page, "play 11 —")
    settled(page)
    banner = page.locator("#banner")
    assert banner.is_visible()
    assert rule in banner.inner_text() and bad["violations"][0]["message"] in banner.inner_text()
    stored = api_doc(page, base_url, game)["entries"][-1]
    assert stored["line"] == bad["line"] and rule in [f["rule"] for f in stored["findings"]]
    doc = api_doc(page, base_url, game)
    table = doc["table"]
    expect(page.locator("#floor-now")).to_have_attribute("data-version", str(doc["version"]))
    floor = page.locator("#floor-board #live-floor")  # the board fragment's floor part
    expect(floor.locator(".house")).to_have_count(len(table["floor"]["houses"]))
    assert [floor.locator(".house").nth(i).get_attribute("data-value") for i in range(len(table["floor"]["houses"]))] \
        == [str(h["value"]) for h in table["floor"]["houses"]]
    page.screenshot(path=str(SHOTS / "live-keep-phone.png"), full_page=False)
    page.screenshot(path=str(SHOTS / "live-keep-phone-full.png"), full_page=True)
    page.locator("#entries summary").tap()
    flagged = page.locator("#entry-list li.flagged")
    assert rule in flagged.last.inner_text()

    boards = []
    page.on("response", lambda r: boards.append(r.status) if "/board?" in r.url else None)
    with page.expect_response(lambda r: "/board?" in r.url):  # the kept board is drawn before the answer comes
        page.reload()  # the board kept from before is asked for again with If-None-Match: nothing changed
    settled(page)
    page.wait_for_function("() => document.querySelector('#floor-board #live-floor') !== null")
    assert boards == [304]

    desk = browser.new_context(**DESKTOP)
    wide = desk.new_page()
    open_keep(wide, base_url, game)
    wide.locator("#entries summary").click()
    assert rule in wide.locator("#entry-list").inner_text()
    wide.locator("#ledger summary").click()
    expect(wide.locator("#ledger-board #live-ledger tr[data-deal='1']")).to_have_count(1)
    wide.evaluate("window.scrollTo(0, 0)")
    wide.screenshot(path=str(SHOTS / "live-keep-desktop.png"), full_page=True)
    desk.close()
    context.close()


HEADER = ['[Variant "standard"]']


def next_of(lines: list[str]) -> dict:
    """What comes next after these lines (the library's word, to set a test up)."""
    return what_next(now_of(analyse("\n".join(HEADER + lines) + "\n", open_game=True)))


def signed_lead(step: dict) -> int:
    lead = step["lead"]
    return 0 if lead["team"] is None else lead["points"] * (1 if lead["team"] == "NS" else -1)


def a_correction_that_moves_the_rotation() -> tuple[list[str], list[str], str, str, str]:
    """Deal 1 (a legal random deal), deal 2 (a score line) and a throw in place of deal 1's last play (a
    capture) such that the dealer of deal 3 differs: deal 2's score puts the lead between the two."""
    for seed in range(100):
        first = deal_lines(1, "N", random_deal(STANDARD, "N", random.Random(seed)))
        seat, move = first[-1].split(" ", 1)
        card = card_of(first[-1])
        if move == card:
            continue
        thrown = first[:-1] + [f"{seat} {card}"]
        before, after = signed_lead(next_of(first)), signed_lead(next_of(thrown))
        if abs(before - after) < 4:
            continue
        shift = -((before + after) // 2)
        shift -= shift % 2
        second = [f"deal 2 dealer {next_of(first)['dealer']}", f"score NS {50 + shift // 2} EW {50 - shift // 2}"]
        dealer, corrected = next_of(first + second)["dealer"], next_of(thrown + second)["dealer"]
        if dealer != corrected:
            return first, second, f"{seat} {card}", dealer, corrected
    raise AssertionError("no such correction in 100 deals")


def test_correcting_a_play_of_deal_1_changes_the_dealer_of_deal_3(browser, base_url):
    first, second, thrown, dealer, corrected = a_correction_that_moves_the_rotation()
    context = browser.new_context(**PHONE)
    page = context.new_page()
    game = start(page, base_url)
    send_all(page, base_url, game, first + second)
    open_keep(page, base_url, game)
    expect_next(page, f"Deal 3 — dealer {dealer}")

    page.locator("#entries summary").tap()
    page.locator("#entries-deal").select_option("1")
    entry = page.locator("#entry-list li").filter(has=page.locator("code", has_text=first[-1]))
    assert entry.count() == 1
    entry.locator("button", has_text="Edit").tap()
    entry.locator("input[name=correction-line]").fill(thrown)
    entry.locator("input[name=reason]").fill("the last card was thrown, not played to capture")
    entry.locator("button[type=submit]").tap()
    expect_next(page, f"Deal 3 — dealer {corrected}")
    settled(page)
    event = page.request.get(f"{base_url}/api/live/{game['id']}/history").json()["events"][-1]
    assert event["kind"] == "replace" and event["typed"] == thrown
    assert event["note"] == "the last card was thrown, not played to capture"
    assert api_doc(page, base_url, game)["next"]["dealer"] == corrected
    context.close()


def test_offline_entries_survive_a_reload_and_are_stored_once_in_order(browser, base_url):
    """Five plays are entered with the context offline; the page is then reloaded with the network back
    for the page itself but every /api/ request aborted (the page's files load, the API stays unreachable,
    so what the page shows after the reload can only come from its localStorage queue); then the API is
    reachable again and the queue is sent by itself. The history holds the five plays once each, in order.
    """
    context = browser.new_context(**PHONE)
    page = context.new_page()
    game, plays = mid_deal(page, base_url, seed=8, plays=10)
    waiting = plays[10:15]
    assert sum(len(line.split()) == 2 for line in waiting) == 2  # two throws, three others
    open_keep(page, base_url, game)
    events_before = len(page.request.get(f"{base_url}/api/live/{game['id']}/history").json()["events"])

    context.set_offline(True)
    box = page.locator("input[name=line]")
    for n, line in enumerate(waiting, start=1):
        if len(line.split()) == 2:  # a throw: by taps (offline, the throw is what is offered)
            page.locator(f"#picker button[data-card='{card_of(line)}']").tap()
            throw = page.locator(f"#outcome-list button[data-line='{line}']")
            expect(throw).to_contain_text("judged once stored")
            throw.tap()
        else:
            box.fill(line)
            box.press("Enter")
        expect_next(page, f"play {11 + n} —")
        expect(page.locator("#keep-status")).to_have_text(f"offline — {n} {'entry' if n == 1 else 'entries'} waiting")
    assert page.locator("#queue-list li.waiting").count() == 5
    following = plays[15].split()[0]
    expect_next(page, f"Deal 1, play 16 — {following} to play")
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.locator("#queue-view").evaluate("el => el.scrollIntoView({block: 'end'})")
    page.screenshot(path=str(SHOTS / "live-keep-offline-phone.png"), full_page=False)

    page.route("**/api/**", lambda route: route.abort())  # before the network returns: no entry slips out
    context.set_offline(False)
    page.reload()
    page.wait_for_function("() => document.getElementById('keep-status')?.textContent.startsWith('offline')")
    assert page.locator("#keep-status").inner_text() == "offline — 5 entries waiting"
    assert page.locator("#queue-list li.waiting").all_inner_texts() == [f"{line} — waiting" for line in waiting]
    expect_next(page, f"Deal 1, play 16 — {following} to play")

    page.unroute("**/api/**")
    settled(page, timeout=20_000)
    events = page.request.get(f"{base_url}/api/live/{game['id']}/history").json()["events"]
    added = events[events_before:]
    assert [e["typed"] for e in added] == waiting
    assert len({e["client_id"] for e in added}) == 5
    assert [e["kind"] for e in added] == ["append"] * 5
    expect_next(page, f"Deal 1, play 16 — {following} to play")
    context.close()


def test_a_lost_answer_is_retried_with_its_client_id_and_stored_once(browser, base_url):
    context = browser.new_context(**PHONE)
    page = context.new_page()
    game, plays = mid_deal(page, base_url, seed=9, plays=4)
    open_keep(page, base_url, game)
    lost = []

    def lose_the_first_answer(route):
        if not lost:
            lost.append(route.fetch().status)  # the server stores the entry; its answer never arrives
            route.abort()
        else:
            route.continue_()

    page.route("**/api/live/*/entries", lose_the_first_answer)
    box = page.locator("input[name=line]")
    box.fill(plays[4])
    box.press("Enter")
    settled(page, timeout=20_000)
    assert lost == [201]
    events = page.request.get(f"{base_url}/api/live/{game['id']}/history").json()["events"]
    assert [e["typed"] for e in events].count(plays[4]) == 1
    assert api_doc(page, base_url, game)["next"]["play"] == 6
    context.close()


def test_a_change_from_elsewhere_is_shown_and_not_overwritten(browser, base_url):
    context = browser.new_context(**PHONE)
    page = context.new_page()
    game, plays = mid_deal(page, base_url, seed=10, plays=4)
    open_keep(page, base_url, game)
    send_all(page, base_url, game, [plays[4]])  # another phone records play 5
    box = page.locator("input[name=line]")
    box.fill(plays[5])
    box.press("Enter")
    conflict = page.locator("#conflict")
    conflict.wait_for()
    said = f"{plays[4].split()[0]}'s {card_of(plays[4])} was entered on the other phone."
    assert conflict.locator("p.changed").inner_text() == said  # what changed, in one sentence
    waiting = conflict.locator("li .what [aria-hidden=true]")
    assert waiting.all_inner_texts() == [plays[5]]  # each waiting entry, to re-apply or drop
    assert page.locator("#keep-status").inner_text().startswith("Stopped: someone else changed the game")
    assert api_doc(page, base_url, game)["entries"][-1]["line"] == plays[4]
    expect(conflict.locator("button").first).to_be_in_viewport()
    expect_next(page, "Deal 1, play 7 —")  # the server's 5 plays and this page's waiting one
    page.screenshot(path=str(SHOTS / "live-keep-conflict-phone.png"), full_page=False)
    conflict.locator("li button[data-choice=reapply]").tap()
    settled(page)
    assert [e["line"] for e in api_doc(page, base_url, game)["entries"][-2:]] == plays[4:6]
    context.close()


def test_a_refused_line_is_shown_and_kept_to_fix(browser, base_url):
    context = browser.new_context(**PHONE)
    page = context.new_page()
    game, plays = mid_deal(page, base_url, seed=12, plays=2)
    open_keep(page, base_url, game)
    version = api_doc(page, base_url, game)["version"]
    box = page.locator("input[name=line]")
    box.fill("W Zz")
    box.press("Enter")
    banner = page.locator("#banner.refused")
    banner.wait_for()
    assert "Not recorded: W Zz" in banner.inner_text() and "'Zz' is not a card" in banner.inner_text()
    refused = page.locator("#queue-list li.refused")
    assert "W Zz" in refused.inner_text()
    settled(page)
    assert api_doc(page, base_url, game)["version"] == version
    refused.locator("button", has_text="Fix").tap()
    assert box.input_value() == "W Zz"
    assert page.locator("#queue-list li.refused").count() == 0
    box.fill(plays[2])
    box.press("Enter")
    expect_next(page, "play 4 —")
    settled(page)
    context.close()


def test_a_deal_in_score_only_mode_then_undo(browser, base_url):
    context = browser.new_context(**PHONE)
    page = context.new_page()
    game = start(page, base_url)
    open_keep(page, base_url, game)
    assert page.locator("#score-open").is_hidden()  # the first deal's dealer is not known yet
    expect(page.locator("#undo")).to_be_disabled()  # the game is its tags alone: nothing to undo
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SHOTS / "live-keep-dealer-phone.png"), full_page=True)
    page.locator("#dealers button[data-seat=E]").tap()
    expect_next(page, "Deal 1 (dealer E)")
    settled(page)
    expect(page.locator("#undo")).to_be_enabled()
    page.screenshot(path=str(SHOTS / "live-keep-bid-floor-phone.png"), full_page=True)
    expect(page.locator("#picker button[data-card='As']")).to_be_visible()  # the floor's picker
    page.locator("#score-open").tap()
    expect(page.locator("#picker")).to_be_hidden()
    expect(page.locator("#step-bid")).to_be_hidden()
    page.locator("input[name=NS-points]").fill("40")
    page.locator("#score-form button[type=submit]").tap()  # EW's points empty: said at that box, nothing sent
    expect(page.locator("input[name=EW-points]")).to_be_focused()
    assert page.locator("input[name=EW-points]").evaluate("e => !e.validity.valid && e.validationMessage !== ''")
    page.screenshot(path=str(SHOTS / "live-keep-score-only-empty-phone.png"), full_page=False)
    assert api_doc(page, base_url, game)["entries"][-1]["line"] == "deal 1 dealer E"
    page.locator("input[name=EW-points]").fill("60")
    page.locator("input[name=EW-sweeps]").fill("50")
    page.screenshot(path=str(SHOTS / "live-keep-score-only-phone.png"), full_page=False)
    page.locator("#score-form button[type=submit]").tap()
    settled(page)
    doc = api_doc(page, base_url, game)
    assert [e["line"] for e in doc["entries"][-2:]] == ["deal 1 dealer E", "score NS 40 EW 60+50"]
    deal = doc["report"]["games"][0]["deals"][0]
    assert deal["score_only"] and deal["score"] == {"NS": 40, "EW": 110}
    expect_next(page, f"Deal 2 — dealer {doc['next']['dealer']}")
    page.locator("#ledger summary").tap()
    expect(page.locator("#ledger-board")).to_contain_text("110")

    page.locator("#undo").tap()
    settled(page)
    assert "Undone: score NS 40 EW 60+50" in page.locator("#said").inner_text()
    doc = api_doc(page, base_url, game)
    assert doc["entries"][-1]["line"] == "deal 1 dealer E"
    assert page.request.get(f"{base_url}/api/live/{game['id']}/history").json()["events"][-1]["kind"] == "undo"
    expect_next(page, "Deal 1 (dealer E)")
    page.locator("#undo").tap()
    settled(page)
    assert api_doc(page, base_url, game)["entries"][-1]["line"].startswith("[")
    expect(page.locator("#undo")).to_be_disabled()
    context.close()


SMALL_TARGETS = """() => [...document.querySelectorAll('#keep-ui :is(button, summary, input, select)')]
  .filter((el) => el.offsetParent !== null)
  .map((el) => [el.id || el.dataset.card || el.dataset.line || el.textContent.trim(), el.getBoundingClientRect()])
  .filter(([, r]) => r.width < 44 || r.height < 44)
  .map(([name, r]) => `${name} ${Math.round(r.width)}x${Math.round(r.height)}`)"""


@pytest.mark.parametrize("width", [360, 390, 430, 1280])
def test_the_page_fits_the_screen_and_every_target_is_thumb_sized(browser, base_url, width):
    phone = width < 500
    context = browser.new_context(**(PHONE if phone else DESKTOP))
    page = context.new_page()
    page.set_viewport_size({"width": width, "height": 844})
    game, _ = mid_deal(page, base_url, seed=5, plays=9)
    card, _ = illegal_outcome(page, base_url, game)
    open_keep(page, base_url, game)
    page.locator(f"#picker button[data-card='{card}']").click()
    page.locator("#outcome-list button.outcome").first.wait_for()
    page.locator("#entries summary").click()
    page.locator("#entry-list li button", has_text="Edit").last.click()
    assert page.evaluate("document.documentElement.scrollWidth - window.innerWidth") <= 0
    assert page.evaluate(SMALL_TARGETS) == []
    context.close()


def test_the_start_pages_edit_link_opens_the_page_and_a_page_without_it_edits_nothing(browser, base_url):
    context = browser.new_context(**PHONE)
    page = context.new_page()
    page.goto(base_url + "/live/new")
    page.fill("input[name=event]", "Tuesday table")
    page.locator("form.live-new button[type=submit]").tap()
    link = page.locator("#live-keep-link").get_attribute("href")
    game_id, token = re.search(r"/live/(\d+)/keep#token=(.+)$", link).groups()
    page.locator("#live-keep-link").tap()
    page.wait_for_url(re.compile(rf".*/live/{game_id}/keep$"))
    settled(page)
    assert page.locator("h1").inner_text().startswith("Tuesday table")
    assert page.evaluate(f"localStorage.getItem('seeplog-live-token-{game_id}')") == token
    page.reload()  # the token is remembered: the page still keeps score
    settled(page)
    expect(page.locator("#dealers button")).to_have_count(4)

    stranger = browser.new_context(**PHONE)
    other = stranger.new_page()
    other.goto(f"{base_url}/live/{game_id}/keep")
    expect(other.locator("#no-token")).to_be_visible()
    assert "#token=" in other.locator("#no-token").inner_text()
    assert other.locator("#keep-ui").is_hidden()
    assert other.locator("#keep-ui button:visible, input[name=line]:visible").count() == 0
    assert other.locator("#no-token a").get_attribute("href") == f"/live/{game_id}"
    stranger.close()
    context.close()


def test_a_play_tapped_on_the_keep_page_shows_on_the_follow_page_within_3_s(browser, base_url):
    context = browser.new_context(**PHONE)
    page = context.new_page()
    game, plays = mid_deal(page, base_url, seed=14, plays=6)
    open_keep(page, base_url, game)
    watcher = browser.new_context(**DESKTOP)
    follow = watcher.new_page()
    follow.goto(base_url + game["follow_url"])
    before = api_doc(page, base_url, game)["version"]
    expect(follow.locator("#live-board")).to_have_attribute("data-version", str(before))
    tap_play(page, plays[6])
    settled(page)
    version = api_doc(page, base_url, game)["version"]
    expect(follow.locator("#live-board")).to_have_attribute("data-version", str(version), timeout=3_000)
    assert follow.locator("li.live-play[data-play='7']").count() == 1
    watcher.close()
    context.close()


def test_an_entry_made_before_the_page_ever_reached_the_api_is_sent_once_it_can(browser, base_url):
    """The page loads but the API is unreachable from the start (no game seen yet, nothing kept): the
    notation box still takes a line, and once the API answers the line is stored, not held as a conflict."""
    context = browser.new_context(**PHONE)
    page = context.new_page()
    game = start(page, base_url)
    page.route("**/api/**", lambda route: route.abort())
    page.goto(base_url + game["edit_url"])
    page.wait_for_function("() => document.getElementById('keep-status')?.textContent.startsWith('offline')")
    box = page.locator("input[name=line]")
    box.fill("deal 1 dealer W")
    box.press("Enter")
    expect(page.locator("#keep-status")).to_have_text("offline — 1 entry waiting")
    page.unroute("**/api/**")
    settled(page, timeout=20_000)
    assert api_doc(page, base_url, game)["entries"][-1]["line"] == "deal 1 dealer W"
    expect_next(page, "Deal 1 (dealer W)")
    context.close()


def test_finishing_the_game_closes_it(browser, base_url):
    context = browser.new_context(**PHONE)
    page = context.new_page()
    game, _ = mid_deal(page, base_url, seed=3, plays=48)
    open_keep(page, base_url, game)
    page.locator("#finish summary").tap()
    page.once("dialog", lambda dialog: dialog.accept())  # Close asks for a confirmation first
    page.locator("#close-game").tap()
    expect_next(page, "The game is closed")
    settled(page)
    assert api_doc(page, base_url, game)["state"] == "closed"
    assert page.locator("input[name=line]").is_hidden() and page.locator("#picker").is_hidden()
    assert page.locator("#undo").is_disabled()
    context.close()


def test_the_page_loads_its_modules_without_a_console_error(browser, base_url):
    """The page is ES modules (live-keep.js and keep/*.js): each served as JavaScript from the site, no
    console error, no uncaught error, no policy violation, with and without the edit token."""
    context = browser.new_context(**PHONE)
    page = context.new_page()
    problems = watch_errors(page)
    scripts: dict[str, tuple[int, str]] = {}
    page.on("response", lambda r: scripts.__setitem__(r.url.split("/assets/", 1)[1], (
        r.status, r.headers.get("content-type", ""))) if "/assets/" in r.url and r.url.endswith(".js") else None)
    game = start(page, base_url, players={"N": "Asha"})
    open_keep(page, base_url, game)
    expect_next(page, "Deal 1 — who deals?")
    expect(page.locator("#dealers button")).to_have_count(4)
    assert {"live-keep.js", "keep/queue.js", "keep/ahead.js", "keep/render.js"} <= set(scripts)
    assert all(status in (200, 304) and kind.startswith("text/javascript") for status, kind in scripts.values())
    page.locator("#dealers button[data-seat=W]").tap()
    expect_next(page, "Deal 1 (dealer W)")
    settled(page)
    stranger = context.new_page()
    stranger_problems = watch_errors(stranger)
    stranger.goto(f"{base_url}/live/{game['id']}/keep")
    stranger.evaluate(f"localStorage.removeItem('seeplog-live-token-{game['id']}')")
    stranger.reload()
    expect(stranger.locator("#no-token")).to_be_visible()
    assert problems == [] and stranger_problems == []
    assert page.evaluate("window.__csp") == [] and stranger.evaluate("window.__csp") == []
    context.close()


def describe(step: dict) -> str:
    """The page's main line for a step of `what_next` (the library's word)."""
    if step["kind"] == "play":
        return f"Deal {step['deal']}, play {step['play']} — {step['seat']} to play"
    parts = ["floor" if part == "floor" else f"bid: {step['seat']}" for part in step["missing"]]
    return f"Deal {step['deal']} (dealer {step['dealer']}) — {', '.join(parts)}"


def a_deal_without_redeal(dealer: str) -> list[str]:
    for seed in range(50):
        lines = deal_lines(2, dealer, random_deal(STANDARD, dealer, random.Random(seed), hand_line=True))
        if not any(line.startswith("redeal") for line in lines):
            return lines
    raise AssertionError("every deal was dealt again")


def test_offline_what_comes_next_moves_on_as_the_library_says_from_a_new_deal(browser, base_url):
    """Offline from the start of deal 2: its deal line, hand, floor, bid, three plays and a play by a seat
    out of turn wait on the phone; after each, the page's next step is what the library says for the log
    with those lines in (it walks the server's tables, never the rules)."""
    context = browser.new_context(**PHONE)
    page = context.new_page()
    game = start(page, base_url)
    first = deal_lines(1, "N", random_deal(STANDARD, "N", random.Random(21)))
    send_all(page, base_url, game, first)
    dealer = api_doc(page, base_url, game)["next"]["dealer"]
    second = a_deal_without_redeal(dealer)
    head = [line for line in second if not is_play(line)]
    plays = [line for line in second if is_play(line)][:3]
    in_turn = next_of(first + head + plays)["seat"]
    out_of_turn = next(seat for seat in "NWSE" if seat != in_turn)
    unseen = next(card for card in (r + s for s in "shdc" for r in "A23456789TJQK")
                  if all(card not in line.split() for line in second))
    waiting = head + plays + [f"{out_of_turn} {unseen}"]
    open_keep(page, base_url, game)
    context.set_offline(True)
    box = page.locator("input[name=line]")
    for n, line in enumerate(waiting, start=1):
        box.fill(line)
        box.press("Enter")
        expect_next(page, describe(next_of(first + waiting[:n])))
    assert page.locator("#queue-list li.waiting").count() == len(waiting)
    assert "waiting corrections" not in page.locator("#next-why").inner_text()
    page.screenshot(path=str(SHOTS / "live-keep-offline-new-deal-phone.png"), full_page=False)
    context.close()


def test_a_refusal_of_the_service_is_said_in_the_readers_language(browser, base_url):
    """An event's table refuses a tag line after its deals: the scorekeeper reading Hindi is told why in Hindi
    (the envelope's sentence came as its template, `said`; the page showed the English `error`)."""
    context = browser.new_context(**PHONE)
    context.add_cookies([{"name": "lang", "value": "hi", "url": base_url}])
    page = context.new_page()
    pairs = [[f"Hindi {i}a", f"Hindi {i}b"] for i in range(4)]
    made = page.request.post(base_url + "/api/events", data={"name": "Refusals", "variant": "standard",
                                                            "partnerships": pairs}).json()
    table = page.request.post(f"{base_url}/api/events/{made['id']}/rounds",
                              headers={"Authorization": f"Bearer {made['organiser_token']}"}).json()["tables"][0]
    page.goto(base_url + table["edit_url"])
    page.wait_for_function("() => document.getElementById('keep-status')?.dataset.version")  # the game is read
    box = page.locator("input[name=line]")
    page.on("dialog", lambda dialog: dialog.accept())  # "Start a new game?": yes, and the server refuses it
    for line in ("deal 1 dealer N", '[Event "x"]'):
        box.fill(line)
        box.press("Enter")
    banner = page.locator("#banner.refused")
    banner.wait_for()
    text = banner.inner_text()
    assert "नहीं लिखा गया" in text and "this game is a table" not in text and "प्रतियोगिता" in text, text
    context.close()
