"""The keep-score page on a bad network, on a phone (390x844, touch): an answer lost on its way back (the entry
stored, the phone never told), a server that takes a request and never answers, and a line that cannot be read
typed while offline. Nothing entered is lost or stored twice, nothing this phone sent is called another phone's,
and the taps never wait on a server that does not answer. Screenshots go to test-artifacts/browser/keep-net-*.png."""
from __future__ import annotations

import pytest
from playwright.sync_api import expect

from tests.web import test_browser_live_keep as keeping
from tests.web.test_browser_live_keep import PHONE, api_doc, expect_next, send_all, settled, start, watch_errors
from tests.web.test_browser_offline_taps import tap_play as tap_offline

live_server, base_url = keeping.live_server, keeping.base_url
browser_type_launch_args = keeping.browser_type_launch_args
SHOTS = keeping.SHOTS
pytestmark = pytest.mark.browser
HEAD = ["deal 1 dealer W", "floor Ks Jc 9c 3s", "bid S 9"]
PLAYS = ["S 9h x 9c", "E 6s", "N 7c+3s =10", "W 2c+[10] =12", "S 2s", "E 6h+6s =12", "N 3d", "W 3h x 3d", "S 6c"]
LOST = ("net::ERR_CONNECTION_RESET", "net::ERR_FAILED", "net::ERR_INTERNET_DISCONNECTED")
"""What the console says of the requests whose answers never came."""


def six_plays_in(browser, base: str, event: str):
    """A phone keeping a game whose deal 1 is stored to its sixth play (N plays next)."""
    context = browser.new_context(**PHONE)
    page = context.new_page()
    problems = watch_errors(page)
    game = start(page, base, players={"N": "Asha", "E": "Bilal", "S": "Chetan", "W": "Divya"}, tags={"Event": event})
    send_all(page, base, game, HEAD + PLAYS[:6])
    page.goto(base + game["edit_url"])
    settled(page)
    return context, page, game, problems


def six_plays_offline(browser, base: str, event: str):
    """`six_plays_in`, the phone then cut off and knowing it (a card tapped and put back)."""
    context, page, game, problems = six_plays_in(browser, base, event)
    cut_off(context)
    page.locator("#picker button[data-card='3d']").tap()  # the page learns it is offline
    page.locator("#outcome-list button[data-action=throw]").wait_for()
    page.locator("#outcomes-cancel").tap()
    return context, page, game, problems


def enter(page, line: str) -> None:
    page.locator("#line").fill(line)
    page.locator("#line").press("Enter")


def plays_stored(page, base: str, game: dict) -> list[str]:
    return [e["line"] for e in api_doc(page, base, game)["entries"] if e["kind"] == "play"]


def test_an_undo_of_an_entry_whose_answer_was_lost_undoes_it_and_the_right_play_follows(browser, base_url):
    """N 3c is stored but its answer never reaches the phone; the scorekeeper taps Undo at once, then enters the
    right play. The undo is not a silent take-back (the entry may be stored): it waits for the entry's fate, and
    undoes it once the retry says it is stored; N 3c is not called the other phone's, and N plays once."""
    context, page, game, problems = six_plays_in(browser, base_url, "Lost answer")
    lose = {"on": True}

    def lossy(route):
        if route.request.method == "POST" and lose["on"]:
            route.fetch()  # it reaches the server and is stored ...
            route.abort("connectionreset")  # ... and the answer never reaches the phone
        else:
            route.continue_()

    page.route("**/api/live/*/entries", lossy)
    enter(page, "N 3c")
    expect(page.locator("#keep-status")).to_have_text("offline — 1 entry waiting")
    page.locator("#undo").tap()
    expect(page.locator("#said")).to_contain_text(
        "N 3c was sent but no answer came: it is undone once the server answers.")
    expect(page.locator("#queue-list li.waiting")).to_have_text(["N 3c — waiting", "undo “N 3c” — waiting"])
    expect_next(page, "Deal 1, play 7 — N to play")  # the page steps back over N 3c already
    page.locator("#said").scroll_into_view_if_needed()
    page.screenshot(path=str(SHOTS / "keep-net-undo-unknown.png"))
    lose["on"] = False
    enter(page, "N 3d")
    settled(page, timeout=20_000)
    assert page.locator("#conflict").count() == 0
    assert plays_stored(page, base_url, game)[6:] == ["N 3d"]
    events = page.request.get(f"{base_url}/api/live/{game['id']}/history").json()["events"]
    assert [(e["kind"], e["typed"]) for e in events[-3:]] == [("append", "N 3c"), ("undo", None), ("append", "N 3d")]
    expect_next(page, "play 8 —")
    assert [p for p in problems if not any(e in p for e in LOST)] == []
    context.close()


def cut_off(context) -> None:
    """The phone offline: the browser offline, and the API and the board out of reach too (Chromium's offline
    emulation lets through a request of a page its service worker controls)."""
    context.set_offline(True)
    context.route("**/api/**", lambda route: route.abort())
    context.route("**/board*", lambda route: route.abort())


def back_on(context) -> None:
    context.unroute("**/api/**")
    context.unroute("**/board*")
    context.set_offline(False)


def test_two_tabs_of_the_edit_link_offline_lose_no_entry(browser, base_url):
    """The edit link open in two tabs of one phone, offline: tab 1 records N 3d, tab 2 (opened earlier, in the
    background meanwhile) then records W 3h x 3d. Tab 2 shows tab 1's entry before its own is made, and once
    tab 1 is closed and tab 2 reloaded and back online, both are stored, in order, neither flagged."""
    context, first, game, problems = six_plays_in(browser, base_url, "Two tabs")
    second = context.new_page()
    problems += watch_errors(second)
    second.goto(base_url + game["edit_url"])
    settled(second)
    cut_off(context)
    first.bring_to_front()
    enter(first, PLAYS[6])
    expect(first.locator("#keep-status")).to_have_text("offline — 1 entry waiting")
    second.bring_to_front()
    expect_next(second, "play 8 —")  # tab 1's N 3d waits on the phone: tab 2 shows it
    expect(second.locator("#queue-list li.waiting")).to_have_text([f"{PLAYS[6]} — waiting"])
    enter(second, PLAYS[7])
    expect_next(second, "play 9 —")
    second.screenshot(path=str(SHOTS / "keep-net-two-tabs.png"))
    expect(first.locator("#keep-status")).to_have_text("kept in another tab of this phone — 2 entries waiting")
    expect_next(first, "play 9 —")  # and tab 1, in the background now, shows tab 2's entry
    first.screenshot(path=str(SHOTS / "keep-net-two-tabs-other.png"))
    first.bring_to_front()  # the tab in sight keeps the queue (headless chromium says nothing: said here)
    first.evaluate("() => document.dispatchEvent(new Event('visibilitychange'))")
    expect(first.locator("#keep-status")).to_have_text("offline — 2 entries waiting")
    expect(second.locator("#keep-status")).to_have_text("kept in another tab of this phone — 2 entries waiting")
    first.close()
    second.reload()
    expect_next(second, "play 9 —")
    back_on(context)
    settled(second, timeout=20_000)
    doc = api_doc(second, base_url, game)
    assert [e["line"] for e in doc["entries"] if e["kind"] == "play"][6:] == PLAYS[6:8]
    assert [e["findings"] for e in doc["entries"] if e["kind"] == "play"][6:] == [[], []]
    assert [p for p in problems if not any(e in p for e in LOST)] == []
    context.close()


def test_a_server_that_never_answers_leaves_the_taps_to_the_phone_and_the_entries_waiting(browser, base_url):
    """The server takes the requests and never answers (no error either): a card tapped falls back to the taps
    within seconds, saying the server is not answering; the plays entered wait, the status says so, and once the
    server answers again each is stored once, in order (the first, stored while its answer hung, answered again
    to its retry)."""
    context, page, game, problems = six_plays_in(browser, base_url, "Stalled network")
    hung = []

    def stall(route):
        if route.request.method == "POST":
            route.fetch()  # it reaches the server (stored) and the answer never comes back
        hung.append(route)

    page.route("**/api/**", stall)
    page.route("**/board*", stall)
    page.locator("#picker button[data-card='3d']").tap()
    throw = page.locator("#outcome-list button[data-action=throw]")
    expect(throw).to_be_visible(timeout=8_000)
    expect(page.locator("#outcome-list")).to_contain_text("The server is not answering: this phone keeps the floor")
    expect(page.locator("#keep-status")).to_have_text("the server is not answering — no entry waiting")
    page.screenshot(path=str(SHOTS / "keep-net-stalled-taps.png"))
    throw.tap()
    for line in PLAYS[7:9]:
        enter(page, line)
    expect_next(page, "play 10 —")
    expect(page.locator("#keep-status")).to_have_text("the server is not answering — 3 entries waiting",
                                                      timeout=15_000)
    page.screenshot(path=str(SHOTS / "keep-net-stalled.png"))
    page.unroute("**/api/**")
    page.unroute("**/board*")
    settled(page, timeout=30_000)
    assert plays_stored(page, base_url, game)[6:] == PLAYS[6:9]
    events = page.request.get(f"{base_url}/api/live/{game['id']}/history").json()["events"]
    assert [e["typed"] for e in events[-3:]] == PLAYS[6:9]
    for route in hung:  # the requests the page gave up on
        try:
            route.abort()
        except Exception:  # noqa: BLE001 - the page cancelled it already
            pass
    assert [p for p in problems if not any(e in p for e in LOST)] == []
    context.close()


def test_a_line_whose_card_cannot_be_read_is_refused_offline_and_kept_in_the_box(browser, base_url):
    """Offline, "N 3dd" would wait and move the page on a play (every later play then a seat out of turn): the
    phone reads the line's cards first, refuses it at once saying which word is no card, and keeps it in the box;
    mended, it waits as the play it is, and the next line follows it."""
    context, page, game, problems = six_plays_offline(browser, base_url, "Typo offline")
    enter(page, "N 3dd")
    said = page.locator("#line-said")
    expect(said).to_contain_text("“3dd” is not a card")
    expect(page.locator("#line")).to_have_value("N 3dd")
    expect(page.locator("#line")).to_have_attribute("aria-invalid", "true")
    expect(page.locator("#keep-status")).to_have_text("offline — no entry waiting")
    expect_next(page, "play 7 —")
    page.locator("#notation").scroll_into_view_if_needed()
    page.screenshot(path=str(SHOTS / "keep-net-unread-card.png"))
    for line in ("W 3h x 3dd", "N 7d+3x =10", "floor Kd 9h 5x 2c"):  # a capture, a house play, a floor line
        enter(page, line)
        expect(page.locator("#line")).to_have_value(line)
    enter(page, "N 3d")
    expect(said).to_be_hidden()
    expect(page.locator("#line")).to_have_value("")
    enter(page, "W 3h x 3d")
    expect_next(page, "play 9 —")
    expect(page.locator("#keep-status")).to_have_text("offline — 2 entries waiting")
    back_on(context)
    settled(page, timeout=20_000)
    assert plays_stored(page, base_url, game)[6:] == PLAYS[6:8]
    assert [p for p in problems if not any(e in p for e in LOST)] == []
    context.close()


def test_an_undo_made_offline_steps_the_page_back_and_the_play_is_tapped_again(browser, base_url):
    """Offline, Undo of play 6 (stored): the page shows play 6 again, E to play, 6h no longer played, and the
    floor as it was before play 6, so that the right play is tapped again (6h joining 6s into the 12-house); that
    play taken back (it never left the phone), the page is at play 6 again. Back online, play 6 is stored once,
    after the undo."""
    context, page, game, problems = six_plays_in(browser, base_url, "Offline undo")
    cut_off(context)
    page.locator("#undo").tap()
    expect_next(page, "Deal 1, play 6 — E to play")
    expect(page.locator("#next-why")).not_to_contain_text("applied once stored")
    expect(page.locator("#picker button[data-card='6h']")).to_be_enabled()
    page.screenshot(path=str(SHOTS / "keep-net-offline-undo.png"))
    assert tap_offline(page, PLAYS[5], touch=True) == PLAYS[5]
    expect_next(page, "play 7 — N to play")
    page.locator("#undo").tap()  # the play just tapped, taken back: with no network it never left the phone
    expect(page.locator("#said")).to_contain_text(f"Taken back before it was sent: {PLAYS[5]}")
    expect_next(page, "Deal 1, play 6 — E to play")
    assert tap_offline(page, PLAYS[5], touch=True) == PLAYS[5]
    expect_next(page, "play 7 — N to play")
    back_on(context)
    settled(page, timeout=20_000)
    assert plays_stored(page, base_url, game) == PLAYS[:6]
    events = page.request.get(f"{base_url}/api/live/{game['id']}/history").json()["events"]
    assert [(e["kind"], e["typed"]) for e in events[-2:]] == [("undo", None), ("append", PLAYS[5])]
    assert [p for p in problems if not any(e in p for e in LOST)] == []
    context.close()


def test_a_correction_of_the_last_play_made_offline_is_laid_ahead(browser, base_url):
    """Offline, play 6 (stored) corrected by Edit to a capture: the page lays the corrected play in its place,
    N plays 7th, and the floor it shows for the taps is the one the correction leaves (6s taken, the 12-house
    standing), not an unknown floor offering only Throw."""
    context, page, game, problems = six_plays_in(browser, base_url, "Offline correction")
    cut_off(context)
    page.locator("#entries summary").tap()
    item = page.locator("#entry-list > li").filter(has=page.locator("code", has_text=PLAYS[5])).first
    item.locator(".entry-actions button", has_text="Edit").first.tap()
    item.locator("input[name=correction-line]").fill("E 6h x 6s")
    item.locator("form.correction button[type=submit]").tap()
    expect_next(page, "Deal 1, play 7 — N to play")
    expect(page.locator("#next-why")).not_to_contain_text("applied once stored")
    # The bar at the foot says the correction in words, wrapped within the screen (it ran past the edge as code).
    bar = page.locator("#last-entry")
    expect(bar).to_contain_text("replace play 6 of deal 1 by E 6h x 6s")
    assert bar.locator("code").count() == 0
    assert page.evaluate("() => { const e = document.getElementById('last-entry');"
                         " return e.scrollWidth <= e.clientWidth && e.getBoundingClientRect().right <= innerWidth; }")
    page.locator("#last-bar").screenshot(path=str(SHOTS / "keep-net-offline-correction-bar.png"))
    page.locator("#picker button[data-card='3d']").tap()
    floor = page.locator("#outcome-list button[data-item]")
    expect(floor).to_have_text(["[12] house 2♣ 7♣ 3♠", "K♠", "J♣", "2♠"])
    page.screenshot(path=str(SHOTS / "keep-net-offline-correction.png"))
    expect(page.locator("#outcome-list button[data-action=throw]")).to_have_attribute("data-line", "N 3d")
    back_on(context)
    settled(page, timeout=20_000)
    assert plays_stored(page, base_url, game)[5] == "E 6h x 6s"
    assert [p for p in problems if not any(e in p for e in LOST)] == []
    context.close()
