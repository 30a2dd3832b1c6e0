"""Cards and seats heard in words, seen in notation, in headless chromium (seeplog.web.spoken, static/text.js):
the accessibility tree of the play page and of the keep page's outcomes, verdict and floor names no card or seat
in notation, in English and Hindi, while the eye reads the notation as before. Screenshots go to
test-artifacts/browser/spoken-*.png.

Marked `browser` like tests/web/test_browser.py, whose server and chromium fixtures it uses.
"""
from __future__ import annotations

import re

import pytest

from seeplog.web.catalog import speaking
from seeplog.web.spoken import oblique
from tests.helpers import EXAMPLES
from tests.web import test_browser as served
from tests.web.helpers import make_app
from tests.web.live_helpers import live_game_through

SHOTS = served.SHOTS
live_server, base_url, browser_type_launch_args = served.live_server, served.base_url, served.browser_type_launch_args

pytestmark = pytest.mark.browser
PHONE = {"width": 390, "height": 844}
NOTATION = re.compile(r"(?<![\w\[/-])(?:[2-9TJQKA][shdc]|[NESW]|NS|EW)(?![\w\]-])")
"""A card, a seat or a team in notation, as a word of its own (not a rule's ID, E-FLOOR)."""
PLAYERS = {"N": "Jaspreet", "W": "Naveen", "S": "Asha", "E": "Omkar"}
MID_DEAL = ("deal 1 dealer N", "floor Kd 9s 2s 2c", "bid W 13", "W Kh x Kd 9s+2s+2c", "S 5h", "E 7c")
"""A deal under way: W's sweep, then two cards thrown loose; N plays next, and may take the 5h with the 5d."""
PLAY = {"en": ("Chetan (East) takes the 13-house with king of clubs",
               "4 loose cards: ten of diamonds, six of clubs, three of spades and two of diamonds."),
        "hi": ("Chetan (पूर्व) ने चिड़ी के बादशाह से उठाया: 13 का घर",
               "4 खुले पत्ते: ईंट का दहला, चिड़ी का छक्का, हुकुम की तिक्की और ईंट की दुक्की।")}
TOOK = {"en": "Jaspreet (North) takes five of hearts with five of diamonds",
        "hi": "Jaspreet (उत्तर) ने ईंट के पंजे से उठाया: पान का पंजा"}


def heard(snapshot: str) -> list[str]:
    """The cards and seats in notation a screen reader would read in an aria snapshot (its links' addresses
    aside)."""
    return [found for line in snapshot.splitlines() if not line.strip().startswith("- /url:")
            for found in NOTATION.findall(line)]


@pytest.mark.parametrize("language", ["en", "hi"])
def test_the_play_page_is_heard_in_words_and_seen_in_notation(browser, base_url, language):
    context = browser.new_context(viewport=PHONE)
    stored = context.request.post(base_url + "/api/games", data=(EXAMPLES / "r-capture-all.seep").read_bytes(),
                                  headers={"Content-Type": "text/plain"})
    context.add_cookies([{"name": "lang", "value": language, "url": base_url}])
    page = context.new_page()
    page.goto(f"{base_url}/games/{stored.json()['id']}/deals/2/plays/48")
    snapshot = page.locator("main").aria_snapshot()
    assert heard(snapshot) == [], snapshot
    play, floor = PLAY[language]
    assert play in snapshot and floor in snapshot, snapshot
    legal = page.locator("#legal").aria_snapshot()
    assert "king of clubs" in legal or "चिड़ी के बादशाह से" in legal
    assert page.locator(".the-play .words [aria-hidden=true]").inner_text() in (
        "E takes the 13-house with Kc", "E ने Kc से उठाया: 13 का घर")
    assert page.locator(".the-play .move code").inner_text() == "Kc x [13]"  # the eye reads the notation
    assert "Kc x [13] Td+3s" in page.locator("#legal").inner_text()
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SHOTS / f"spoken-play-{language}.png"), full_page=True)
    context.close()


def keep_page(browser, base_url, language: str):
    """A phone's browser context and its keep page of MID_DEAL, in `language`."""
    context = browser.new_context(viewport=PHONE)
    live = live_game_through(context.request, base_url, MID_DEAL, players=PLAYERS)
    context.add_cookies([{"name": "lang", "value": language, "url": base_url}])
    page = context.new_page()
    page.goto(base_url + live["edit_url"])
    return context, page


@pytest.mark.parametrize("language", ["en", "hi"])
def test_the_keep_pages_outcomes_verdict_and_floor_are_heard_in_words(browser, base_url, language):
    context, page = keep_page(browser, base_url, language)
    page.locator("#floor-board .floor-words").wait_for(state="attached")
    floor = page.locator("#floor-now").aria_snapshot()
    assert heard(floor) == [] and ("seven of clubs and five of hearts" in floor or "चिड़ी का सत्ता" in floor), floor
    page.locator("#picker button[data-card='5d']").click()
    page.locator("#outcome-list button.outcome").first.wait_for()
    outcomes = page.locator("#outcomes").aria_snapshot()
    assert heard(outcomes) == [] and f'button "{TOOK[language]}' in outcomes, outcomes
    button = page.locator("#outcome-list button.outcome[data-line='N 5d x 5h']")
    assert button.locator(".move [aria-hidden=true]").inner_text() == "5d x 5h"  # the eye reads the notation
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SHOTS / f"spoken-keep-outcomes-{language}.png"), full_page=True)
    button.click()
    page.wait_for_function("(took) => document.getElementById('said').textContent.includes(took)",
                           arg=TOOK[language])
    said = page.locator("#said").aria_snapshot()
    assert said.strip().strip('"').endswith(TOOK[language]) and heard(said) == [], said
    assert page.locator("#said [aria-hidden=true]").inner_text() in ("N takes 5h with 5d", "N ने 5d से उठाया: 5h")
    page.locator("#undo").click()  # "Undone: N 5d x 5h", the line heard in words
    page.wait_for_function("() => document.querySelector('#said [aria-hidden]')?.textContent.endsWith('N 5d x 5h')")
    said = page.locator("#said").aria_snapshot()
    assert heard(said) == [] and ("Jaspreet (North) five of diamonds x five of hearts" in said
                                  or "Jaspreet (उत्तर) ईंट का पंजा x पान का पंजा" in said), said
    context.close()


@pytest.mark.parametrize("language", ["en", "hi"])
def test_the_keep_pages_next_seat_buttons_and_last_entry_are_heard_in_words(browser, base_url, language):
    context, page = keep_page(browser, base_url, language)
    page.locator("#last-entry code").wait_for()
    parts = {part: page.locator(part).aria_snapshot() for part in ("#next-main", "#play-seats", "#last-entry")}
    names = re.findall(r'button "([^"]*)"', parts["#play-seats"])  # what a button is heard as: its name alone
    assert len(names) == 4 and heard("\n".join(names)) == [], parts
    assert heard(parts["#next-main"]) == heard(parts["#last-entry"]) == [], parts
    north, east = ("Jaspreet (North)", "Omkar (East)") if language == "en" else ("Jaspreet (उत्तर)", "Omkar (पूर्व)")
    assert f"{north} to play" in parts["#next-main"] or f"{north} की बारी" in parts["#next-main"], parts
    assert f'button "{north}, ' in parts["#play-seats"] and f'button "{east}"' in parts["#play-seats"], parts
    assert f"{east} " in parts["#last-entry"], parts
    # the eye reads the notation as before
    assert page.locator("#next-main [aria-hidden=true]").inner_text().endswith(("N to play", "N की बारी"))
    assert page.locator("#last-entry code [aria-hidden=true]").inner_text() == "E 7c"
    assert page.locator("#play-seats button[data-seat='N']").inner_text().splitlines() == [
        "N", "in turn" if language == "en" else "बारी पर"]
    context.close()


@pytest.mark.parametrize("language", ["en", "hi"])
def test_the_keep_pages_end_of_a_deal_is_heard_in_words(browser, base_url, language):
    """The scores, cards taken, leftover, lead and next dealer of a deal that ended: teams, seats and cards heard
    in words, as on the follow page, and shown in notation."""
    context = browser.new_context(viewport=PHONE)
    text = (EXAMPLES / "game-standard-1.seep").read_text()
    deal = [line for line in text.split("deal 2")[0].splitlines()[8:] if line.strip()]
    live = live_game_through(context.request, base_url, deal, players=PLAYERS)
    context.add_cookies([{"name": "lang", "value": language, "url": base_url}])
    page = context.new_page()
    page.goto(base_url + live["edit_url"])
    page.locator("#deal-end table").wait_for()
    end = page.locator("#deal-end").aria_snapshot()
    assert heard(end) == [], end
    north_south = "North–South" if language == "en" else "उत्तर–दक्षिण"
    assert f'rowheader "{north_south}"' in end, end
    shown = page.locator("#deal-end p.standing [aria-hidden=true]").inner_text()
    assert re.search(r"\b(NS|EW)\b", page.locator("#deal-end p.taken [aria-hidden=true]").inner_text())
    assert re.search(r"[NESW] \(\w+\)$", shown), shown  # the eye reads the notation: "next dealer: W (Naveen)"
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SHOTS / f"spoken-keep-deal-end-{language}.png"), full_page=True)
    context.close()


def test_the_follow_pages_ledger_on_a_phone_labels_each_score_by_its_team_in_words(browser, base_url):
    """On a phone the ledger's rows are laid out as labelled cells ("NS 143"): the label is heard in words."""
    context = browser.new_context(viewport=PHONE)
    text = (EXAMPLES / "game-standard-1.seep").read_text()
    deal = [line for line in text.split("deal 2")[0].splitlines()[8:] if line.strip()]
    live = live_game_through(context.request, base_url, deal, players=PLAYERS)
    page = context.new_page()
    page.goto(f"{base_url}/live/{live['id']}")
    ledger = page.locator("table.live-ledger-table").aria_snapshot()
    assert heard(ledger) == [] and "North–South 143" in ledger and "East–West 257" in ledger, ledger
    label = page.evaluate("getComputedStyle(document.querySelector('td.score'), '::before').content")
    assert label.startswith('"NS "'), label  # the eye reads the label in notation
    context.close()


DEAL_HEARD = {"en": ("Recorded: Deal 2 begins: Omkar (East) deals.", "Recorded: Jaspreet (North) bids 11.",
                     "Recorded: The floor: king of hearts, jack of clubs, nine of spades and two of spades."),
              "hi": ("लिखा गया: डील 2 शुरू: बाँटने वाला Omkar (पूर्व)।", "लिखा गया: Jaspreet (उत्तर) ने 11 की बोली लगाई।",
                     "लिखा गया: ज़मीन: पान का बादशाह")}


@pytest.mark.parametrize("language", ["en", "hi"])
def test_a_deal_bid_and_floor_line_entered_are_heard_as_sentences(browser, base_url, language):
    """The keep page's verdict of a deal, bid or floor line: seen in notation, heard as a sentence in the
    reader's language (it was heard 'deal 2 dealer Omkar (East)', the keywords in English)."""
    context = browser.new_context(viewport=PHONE)
    live = live_game_through(context.request, base_url, ("deal 1 dealer N", "score NS 60 EW 40"), players=PLAYERS)
    context.add_cookies([{"name": "lang", "value": language, "url": base_url}])
    page = context.new_page()
    page.goto(base_url + live["edit_url"])
    box = page.locator("input[name=line]")
    for line, expected in zip(("deal 2 dealer E", "bid N 11", "floor Kh Jc 9s 2s"), DEAL_HEARD[language]):
        box.fill(line)
        box.press("Enter")
        page.wait_for_function("(line) => document.querySelector('#said [aria-hidden]')?.textContent.endsWith(line)",
                               arg=line)
        said = page.locator("#said").aria_snapshot()
        assert expected in said and heard(said) == [] and "dealer" not in said, said
    context.close()


SEATS_HEARD = {"en": {"N": "Jaspreet (North)", "W": "Naveen (West)", "S": "Asha (South)", "E": "Omkar (East)"},
               "hi": {"N": "Jaspreet (उत्तर)", "W": "Naveen (पश्चिम)", "S": "Asha (दक्षिण)", "E": "Omkar (पूर्व)"}}


@pytest.mark.parametrize("language", ["en", "hi"])
def test_the_keep_pages_bidder_and_bid_buttons_and_the_hands_heading_name_the_seat_in_words(browser, base_url,
                                                                                            language):
    """The bidder's buttons, the bid buttons and the hand step's heading are heard with the seat in words and its
    player's name ('Naveen (West) bids 9'), as the seats of a play are; they were heard 'W', 'W bids 9'."""
    context = browser.new_context(viewport=PHONE)
    live = live_game_through(context.request, base_url, ("deal 1 dealer N",), players=PLAYERS)  # W bids
    context.add_cookies([{"name": "lang", "value": language, "url": base_url}])
    page = context.new_page()
    page.goto(base_url + live["edit_url"])
    page.locator("#bid-values button").first.wait_for()
    seats = re.findall(r'button "([^"]*)"', page.locator("#bid-seats").aria_snapshot())
    said = SEATS_HEARD[language]
    assert sorted(seats) == sorted(said.values()), seats
    bids = re.findall(r'button "([^"]*)"', page.locator("#bid-values").aria_snapshot())
    assert len(bids) == 5 and heard("\n".join(bids)) == [], bids
    assert bids[0] == ("Naveen (West) bids 9" if language == "en" else "Naveen (पश्चिम) की बोली 9"), bids
    page.locator("#bid-seats button[data-seat=S]").click()  # another bidder chosen: the bids say that one
    page.get_by_role("button", name="Asha (South) bids 13" if language == "en" else "Asha (दक्षिण) की बोली 13",
                     exact=True).wait_for()
    # the eye reads the seat's letter as before
    assert page.locator("#bid-seats button[data-seat=W]").inner_text().splitlines()[0] == "W"
    assert page.locator("#bid-values button").last.inner_text() in ("S bids 13", "S की बोली 13")
    page.screenshot(path=str(SHOTS / f"spoken-keep-bid-{language}.png"), full_page=True)
    page.locator("#hand-open").click()
    title = page.locator("#hand-title").aria_snapshot()
    assert heard(title) == [] and said["S"] in title, title
    assert page.locator("#hand-title .hand-seat [aria-hidden=true]").inner_text() == "S"
    page.screenshot(path=str(SHOTS / f"spoken-keep-hand-{language}.png"), full_page=True)
    context.close()


THROWN = {"en": "Omkar (East) throws seven of clubs loose", "hi": "Omkar (पूर्व) ने चिड़ी का सत्ता खुला फेंका"}


@pytest.mark.parametrize("language", ["en", "hi"])
def test_the_keep_pages_entries_are_heard_in_words(browser, base_url, language):
    """The list of a deal's entries is seen in notation and heard in words, its lines and the plays' sentences,
    as the last entry is (it was heard 'E ने 7c खुला फेंका')."""
    context, page = keep_page(browser, base_url, language)
    page.locator("#entries summary").click()
    page.locator("#entry-list li code").nth(len(MID_DEAL) - 1).wait_for()
    entries = page.locator("#entry-list").aria_snapshot()
    assert heard(entries) == [], entries
    assert THROWN[language] in entries and f"{SEATS_HEARD[language]['E']} " in entries, entries
    # the eye reads the notation as before
    assert page.locator("#entry-list code [aria-hidden=true]").all_inner_texts() == list(MID_DEAL)
    assert page.locator("#entry-list .words [aria-hidden=true]").last.inner_text() in (
        "E throws 7c loose", "E ने 7c खुला फेंका")
    page.screenshot(path=str(SHOTS / f"spoken-keep-entries-{language}.png"), full_page=True)
    box = page.locator("input[name=line]")
    box.fill("N 9s")  # the 9s was taken at play 1: flagged, the finding heard in words too
    box.press("Enter")
    finding = page.locator("#entry-list li.flagged p.finding")
    finding.wait_for()
    said = finding.aria_snapshot()
    assert "E-CARD" in said and heard(said) == [] and ("nine of spades" in said or "हुकुम का नहला" in said), said
    assert "9s" in finding.locator("[aria-hidden=true]").inner_text()
    context.close()


SENTENCES = ("हुकुम का पंजा से उठाया: पान का पंजा", "खुले पान का पंजा, चिड़ी की बेगम और ईंट का दहला पर",
             "हुकुम का पंजा + पान का चौका का जोड़", "हुकुम का पंजा सेब", "(चिड़ी का इक्का) में",
             "ਹੁਕਮ ਦਾ ਪੰਜਾ ਨਾਲ ਚੁੱਕਿਆ: ਪਾਨ ਦਾ ਪੰਜਾ", "ਖੁੱਲ੍ਹੇ ਪਾਨ ਦਾ ਪੰਜਾ 'ਤੇ ਚਿੜੀ ਦਾ ਚੌਕਾ", "ਇੱਟ ਦਾ ਯੱਕਾ ਅਤੇ ਹੁਕਮ ਦੀ ਬੇਗੀ ਨੇ",
             "five of spades with five of hearts")


@pytest.mark.parametrize("language", ["en", "hi", "pa"])
def test_the_scripts_say_a_card_before_a_postposition_in_the_oblique_case_as_the_server_does(browser, base_url,
                                                                                           tmp_path, language):
    """static/text.js's seeplogOblique and spoken.oblique say the same sentences alike (from one table, the page's)."""
    app = make_app(tmp_path / "seeplog.db")
    with app.test_request_context(), speaking(language):
        expected = [oblique(s) for s in SENTENCES]
    context = browser.new_context(viewport=PHONE)
    context.add_cookies([{"name": "lang", "value": language, "url": base_url}])
    page = context.new_page()
    page.goto(base_url + "/live/new")
    assert page.evaluate("(all) => all.map(window.seeplogOblique)", list(SENTENCES)) == expected
    if language == "hi":
        assert expected[:2] == ["हुकुम के पंजे से उठाया: पान का पंजा", "खुले पान के पंजे, चिड़ी की बेगम और ईंट के दहले पर"]
    context.close()
