"""Two phones keeping one game (390x844, touch), one of them offline a while: what waited on it is sent as
it was meant. An undo removes the entry it undid (never the other phone's play after it); a correction
follows its entry past an entry inserted before it, and is dropped, saying so, once its entry is gone; the
plays both phones recorded are stored once; and every flag of the entries sent together stays in the banner
until it is dismissed or mended. Screenshots go to test-artifacts/browser/keep-sync-*.png."""
from __future__ import annotations

import pytest
from playwright.sync_api import expect

from tests.web import test_browser_live_keep as keeping
from tests.web.test_browser_live_keep import PHONE, api_doc, send_all, settled, start, watch_errors

live_server, base_url = keeping.live_server, keeping.base_url
browser_type_launch_args = keeping.browser_type_launch_args
SHOTS = keeping.SHOTS
pytestmark = pytest.mark.browser
PLAYERS = {"N": "Kiran", "W": "Chetan", "S": "Gita", "E": "Priya"}
HEAD = ["deal 1 dealer N", "floor Kc 9d 5d 4h", "bid W 13"]
PLAYS = ["W Ks x Kc 9d+4h", "S 5c x 5d", "E Ac"]
OFFLINE = ("net::ERR_INTERNET_DISCONNECTED", "409 (CONFLICT)")
"""What a phone's console may show here: its requests while offline, and the conflicts it meets."""


def game_with(browser, base: str, lines: list[str]) -> tuple[dict, object]:
    """A game started and kept through the API to `lines`, and the context that did it (the other phone)."""
    other = browser.new_context(**PHONE)
    page = other.new_page()
    game = start(page, base, players=PLAYERS, tags={"Event": "Keep sync"})
    send_all(page, base, game, lines)
    return game, page


def keep_page(browser, base: str, game: dict):
    context = browser.new_context(**PHONE)
    page = context.new_page()
    problems = watch_errors(page)
    page.goto(base + game["edit_url"])
    settled(page)
    return context, page, problems


def lines_of(page, base: str, game: dict) -> list[str]:
    return [e["line"] for e in api_doc(page, base, game)["entries"]]


def number_of(page, base: str, game: dict, line: str) -> int:
    return lines_of(page, base, game).index(line) + 1


def send(page, base: str, game: dict, **body) -> dict:
    """One change through the API, as the other phone makes it."""
    path = "/undo" if body.pop("undo", False) else "/entries"
    body["version"] = api_doc(page, base, game)["version"]
    response = page.request.post(f"{base}/api/live/{game['id']}{path}", data=body,
                                 headers={"Authorization": f"Bearer {game['edit_token']}"})
    assert response.status == 201, response.text()
    return response.json()


def enter(page, line: str) -> None:
    box = page.locator("input[name=line]")
    box.fill(line)
    box.press("Enter")


def correct(page, line: str, kind: str, new: str = "") -> None:
    """Open the entries list and correct the entry of `line`: "Edit" to `new`, "Insert before", "Delete"."""
    if page.locator("#entries").get_attribute("open") is None:
        page.locator("#entries summary").tap()
    item = page.locator("#entry-list > li").filter(has=page.locator("code", has_text=line)).first
    item.locator(".entry-actions button", has_text=kind).first.tap()  # heard as "Edit play 2 of deal 1"
    if new:
        item.locator("input[name=correction-line]").fill(new)
    item.locator("form.correction button[type=submit]").tap()


def back_online(context, page) -> None:
    context.set_offline(False)
    page.evaluate("() => window.dispatchEvent(new Event('online'))")


def test_an_undo_waiting_offline_removes_the_entry_it_undid_not_the_other_phones_play(browser, base_url):
    game, other = game_with(browser, base_url, HEAD + PLAYS)
    context, page, problems = keep_page(browser, base_url, game)
    context.set_offline(True)
    page.locator("#undo").tap()
    expect(page.locator("#said")).to_contain_text("Undone: E Ac")  # the notation shown, its words heard beside
    expect(page.locator("#last-entry > span:not(.label) [aria-hidden=true]")).to_have_text("undo “E Ac”")
    heard = page.locator("#last-entry > span:not(.label) .sr-only")
    expect(heard).to_have_text("undo “Priya (East) ace of clubs”")  # heard in words
    send(other, base_url, game, line="N Ah x Ac")  # the other phone's play after E's
    back_online(context, page)
    box = page.locator("#conflict")
    box.wait_for()
    expect(box.locator("p.changed")).to_have_text("N (Kiran)'s Ah was entered on the other phone.")
    expect(box.locator("li .what [aria-hidden=true]")).to_have_text(["undo “E Ac”"])
    expect(box.locator("li p.aim")).to_have_text("Re-applied, it removes play 3 of deal 1: E Ac (E throws Ac loose)")
    page.screenshot(path=str(SHOTS / "keep-sync-undo-conflict.png"))
    box.locator("li button[data-choice=reapply]").tap()
    settled(page)
    lines = lines_of(page, base_url, game)
    assert lines[-3:] == ["W Ks x Kc 9d+4h", "S 5c x 5d", "N Ah x Ac"]  # E's play went, N's stayed
    expect(page.locator("#said")).to_contain_text("Undone: E Ac")  # the notation shown, its words heard beside
    assert [p for p in problems if not any(e in p for e in OFFLINE)] == []
    context.close()
    other.context.close()


def test_an_undo_of_an_entry_the_other_phone_removed_is_dropped_saying_so(browser, base_url):
    game, other = game_with(browser, base_url, HEAD + PLAYS)
    context, page, _ = keep_page(browser, base_url, game)
    context.set_offline(True)
    page.locator("#undo").tap()
    send(other, base_url, game, undo=True)  # the other phone undid E's play already ...
    send(other, base_url, game, line="E Ad")  # ... and recorded what E played
    back_online(context, page)
    banner = page.locator("#banner")
    expect(banner).to_contain_text("Dropped, the entry it was meant for is no longer in the game: undo “E Ac”")
    settled(page)
    assert page.locator("#conflict").count() == 0
    assert lines_of(page, base_url, game)[-3:] == ["W Ks x Kc 9d+4h", "S 5c x 5d", "E Ad"]
    context.close()
    other.context.close()


def test_a_correction_waiting_offline_follows_its_entry_past_an_entry_inserted_before_it(browser, base_url):
    game, other = game_with(browser, base_url, HEAD + PLAYS)
    context, page, problems = keep_page(browser, base_url, game)
    made = number_of(other, base_url, game, "S 5c x 5d")
    context.set_offline(True)
    correct(page, "S 5c x 5d", "Edit", "S 5c x 5d {sweep}")
    waiting = page.locator("#queue-list li.waiting")
    expect(waiting).to_have_text(["replace play 2 of deal 1 by S 5c x 5d {sweep} — waiting"])
    floor = number_of(other, base_url, game, "floor Kc 9d 5d 4h")
    send(other, base_url, game, line="hand W Ks Js 8c 3c", insert_before=floor)
    back_online(context, page)
    box = page.locator("#conflict")
    box.wait_for()
    expect(box.locator("p.changed")).to_have_text("“hand W Ks Js 8c 3c” was inserted before the floor of deal 1 on "
                                                  "the other phone.")
    expect(box.locator("li .what [aria-hidden=true]")).to_have_text(["replace play 2 of deal 1 by S 5c x 5d {sweep}"])
    expect(box.locator("li p.aim")).to_have_text("Re-applied, it corrects play 2 of deal 1: S 5c x 5d (S takes 5d "
                                                 "with 5c; a sweep)")  # moved among the lines, still play 2
    page.screenshot(path=str(SHOTS / "keep-sync-correction-conflict.png"))
    box.locator("li button[data-choice=reapply]").tap()
    settled(page)
    lines = lines_of(page, base_url, game)
    assert lines[made - 1:made + 2] == ["W Ks x Kc 9d+4h", "S 5c x 5d {sweep}", "E Ac"]  # W's play untouched
    assert [p for p in problems if not any(e in p for e in OFFLINE)] == []
    context.close()
    other.context.close()


def test_corrections_waiting_together_each_reach_their_own_entry(browser, base_url):
    """An insert and then an edit of a later entry, both offline: once the insert is stored, the edit's
    number names another entry; the live API says where its entry went, and the page sends it there."""
    game, other = game_with(browser, base_url, HEAD + PLAYS)
    context, page, problems = keep_page(browser, base_url, game)
    made = number_of(other, base_url, game, "E Ac")
    context.set_offline(True)
    correct(page, "floor Kc 9d 5d 4h", "Insert before", "hand W Ks Js 8c 3c")
    correct(page, "E Ac", "Edit", "E Ac {the last ace}")
    back_online(context, page)
    settled(page)
    lines = lines_of(page, base_url, game)
    assert lines[made - 2:made + 1] == ["W Ks x Kc 9d+4h", "S 5c x 5d", "E Ac {the last ace}"]
    assert "hand W Ks Js 8c 3c" in lines and page.locator("#conflict").count() == 0
    expected = ("net::ERR_INTERNET_DISCONNECTED", "409 (CONFLICT)")  # the offline requests, the moved entry
    assert [p for p in problems if not any(e in p for e in expected)] == []
    context.close()
    other.context.close()


def test_a_correction_of_an_entry_the_other_phone_deleted_is_dropped_saying_so(browser, base_url):
    game, other = game_with(browser, base_url, HEAD + PLAYS)
    context, page, _ = keep_page(browser, base_url, game)
    made = number_of(other, base_url, game, "S 5c x 5d")
    context.set_offline(True)
    correct(page, "S 5c x 5d", "Edit", "S 5c x 5d {sweep}")
    send(other, base_url, game, delete=made)
    back_online(context, page)
    expect(page.locator("#banner")).to_contain_text(
        "Dropped, the entry it was meant for is no longer in the game: replace play 2 of deal 1 by S 5c x 5d {sweep}")
    settled(page)
    assert "S 5c x 5d {sweep}" not in lines_of(page, base_url, game)
    context.close()
    other.context.close()


def test_flags_of_entries_sent_together_stay_in_the_banner_until_mended_or_dismissed(browser, base_url):
    game, other = game_with(browser, base_url, HEAD)
    context, page, problems = keep_page(browser, base_url, game)
    context.set_offline(True)
    for line in ("W 8c", "S 5c x 5d", "E 9d"):  # the bid play breaks R-BID-PLAY; E plays a card seen already
        enter(page, line)
    expect(page.locator("#keep-status")).to_have_text("offline — 3 entries waiting")
    back_online(context, page)
    settled(page)
    banner = page.locator("#banner.flagged")
    expect(banner.locator(".note")).to_have_count(2)
    expect(banner.locator(".note .banner-title")).to_have_text(["Flagged: W 8c", "Flagged: E 9d"])
    expect(banner.locator(".note").first).to_contain_text("R-BID-PLAY")
    expect(banner.locator(".note").last).to_contain_text("E-CARD")
    page.wait_for_timeout(3_500)  # a poll later, the flags are still there
    expect(banner.locator(".note")).to_have_count(2)
    page.screenshot(path=str(SHOTS / "keep-sync-batch-banner.png"))
    correct(page, "E 9d", "Edit", "E Ac")  # mended: its note goes, the other stays
    settled(page)
    expect(banner.locator(".note .banner-title")).to_have_text(["Flagged: W 8c"])
    page.reload()  # kept on the phone
    settled(page)
    expect(page.locator("#banner .note .banner-title")).to_have_text(["Flagged: W 8c"])
    page.locator("#banner button.close").tap()
    expect(page.locator("#banner")).to_be_hidden()
    assert [p for p in problems if not any(e in p for e in OFFLINE)] == []
    context.close()
    other.context.close()


def test_plays_both_phones_recorded_are_stored_once(browser, base_url):
    game, setup = game_with(browser, base_url, HEAD + PLAYS[:2])
    setup.context.close()
    first = keep_page(browser, base_url, game)
    second = keep_page(browser, base_url, game)
    second[0].set_offline(True)
    for line in ("E Ac", "N Ah x Ac", "W 8c"):  # the second phone has one play more than the first
        enter(second[1], line)
    for line in ("E Ac", "N Ah x Ac"):
        enter(first[1], line)
        settled(first[1])
    back_online(second[0], second[1])
    banner = second[1].locator("#banner")
    expect(banner).to_contain_text("Already entered on the other phone, not sent again: E Ac, N Ah x Ac")
    settled(second[1])
    second[1].screenshot(path=str(SHOTS / "keep-sync-same-plays.png"))
    assert second[1].locator("#conflict").count() == 0
    assert lines_of(second[1], base_url, game)[-5:] == ["W Ks x Kc 9d+4h", "S 5c x 5d", "E Ac", "N Ah x Ac", "W 8c"]
    for context, _, problems in (first, second):
        assert [p for p in problems if not any(e in p for e in OFFLINE)] == []
        context.close()


def test_plays_both_phones_recorded_beside_other_changes_are_dropped_and_the_rest_asked(browser, base_url):
    game, other = game_with(browser, base_url, HEAD + PLAYS[:2])
    context, page, _ = keep_page(browser, base_url, game)
    context.set_offline(True)
    for line in ("E Ac", "N Ah x Ac"):
        enter(page, line)
    send(other, base_url, game, line="E Ac")
    send(other, base_url, game, line="N Ah")  # N threw the ace on the other phone
    back_online(context, page)
    box = page.locator("#conflict")
    box.wait_for()
    shown = box.locator("li .what [aria-hidden=true]")
    expect(shown).to_have_text(["N Ah x Ac"])  # E's play is the same: not asked about
    expect(page.locator("#banner")).to_contain_text("Already entered on the other phone, not sent again: E Ac")
    page.screenshot(path=str(SHOTS / "keep-sync-same-and-other.png"))
    box.locator("li button[data-choice=drop]").tap()
    settled(page)
    assert lines_of(page, base_url, game)[-3:] == ["S 5c x 5d", "E Ac", "N Ah"]
    context.close()
    other.context.close()


def test_undo_tapped_before_the_page_has_the_game_again_undoes_the_entry_just_stored(browser, base_url):
    """The page asks for the game after each entry stored; an Undo tapped before the answer comes (here: an
    answer of the game as it was) means the entry just stored, not the one before it."""
    game, other = game_with(browser, base_url, HEAD + PLAYS[:2])
    context, page, _ = keep_page(browser, base_url, game)
    before, served = api_doc(page, base_url, game), []

    def the_game_as_it_was(route):
        if route.request.method == "GET" and not served:
            served.append(route.request.url)
            route.fulfill(status=200, json=before, headers={"ETag": f'"live-{game["id"]}-{before["version"]}"'})
        else:
            route.continue_()

    page.route(f"{base_url}/api/live/{game['id']}", the_game_as_it_was)
    enter(page, "E Ac")
    page.wait_for_function("() => document.getElementById('said')?.textContent.startsWith('E throws Ac loose')")
    assert served  # the page has the game as it was before E's play
    page.locator("#undo").tap()
    expect(page.locator("#said")).to_contain_text("Undone: E Ac")  # the notation shown, its words heard beside
    # the status may still say "all entries stored" from before the tap: wait for the store to have the undo
    for _ in range(75):
        if lines_of(page, base_url, game)[-2:] != ["S 5c x 5d", "E Ac"]:
            break
        page.wait_for_timeout(200)
    settled(page)
    assert lines_of(page, base_url, game)[-2:] == ["W Ks x Kc 9d+4h", "S 5c x 5d"]
    context.close()
    other.context.close()


def test_the_other_phones_change_is_named_by_the_play_it_touched(browser, base_url):
    """The conflict names the other phone's undo by the play it took back, as the entries list names it, not by
    its number among the game's lines (which counts the tags)."""
    game, other = game_with(browser, base_url, HEAD + PLAYS)
    context, page, _ = keep_page(browser, base_url, game)
    context.set_offline(True)
    enter(page, "N Ah x Ac")
    send(other, base_url, game, undo=True)  # E's play taken back on the other phone
    back_online(context, page)
    box = page.locator("#conflict")
    box.wait_for()
    expect(box.locator("p.changed")).to_have_text("Play 3 of deal 1 was undone on the other phone.")
    page.reload()  # kept on the phone with the question
    expect(page.locator("#conflict p.changed")).to_have_text("Play 3 of deal 1 was undone on the other phone.")
    page.locator("#conflict li button[data-choice=drop]").tap()
    settled(page)
    assert lines_of(page, base_url, game)[-2:] == ["W Ks x Kc 9d+4h", "S 5c x 5d"]
    context.close()
    other.context.close()


def test_a_correction_whose_play_moved_says_which_play_it_was_when_made(browser, base_url):
    game, other = game_with(browser, base_url, HEAD + PLAYS)
    context, page, _ = keep_page(browser, base_url, game)
    context.set_offline(True)
    correct(page, "E Ac", "Edit", "E Ac {the last ace}")
    expect(page.locator("#queue-list li.waiting")).to_have_text(
        ["replace play 3 of deal 1 by E Ac {the last ace} — waiting"])
    send(other, base_url, game, line="S 2c", insert_before=number_of(other, base_url, game, "S 5c x 5d"))
    back_online(context, page)
    box = page.locator("#conflict")
    box.wait_for()
    expect(box.locator("p.changed")).to_have_text("“S 2c” was inserted before play 2 of deal 1 on the other phone.")
    expect(box.locator("li p.aim")).to_have_text("Re-applied, it corrects play 4 of deal 1 (play 3 of deal 1 when it "
                                                 "was made): E Ac (E throws Ac loose)")
    box.locator("li button[data-choice=reapply]").tap()
    settled(page)
    assert lines_of(page, base_url, game)[-4:] == ["W Ks x Kc 9d+4h", "S 2c", "S 5c x 5d", "E Ac {the last ace}"]
    context.close()
    other.context.close()
