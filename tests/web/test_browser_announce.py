"""In headless chromium, in English and Hindi: the live regions of the follow page (#live-said) and of the
director's view (#director-said) say nothing while nothing changes (a MutationObserver counts every change of
the region over several polls: none), and say what changed, in words in the page's language, once each: on
the follow page the deal begun (dealer, floor, bid), a play with its flag, several plays counted, an entry
taken back, the game closed; on the director's view a table's deal ended with its score, a refused score, a
flagged play, a table closed, a table idle; a table's refusals are seen in notation and heard in words. The
time of the last check stays on screen beside the region. The page's timers run as the test says
(Playwright's clock): each poll is one step. Screenshots at 390x844 and 1280x800 go to
test-artifacts/browser/announce-*.png.
"""
from __future__ import annotations

import json
import random
import urllib.request

import pytest

from seeplog.playout import deal_lines, random_deal
from seeplog.ruleset import find_ruleset
from tests.web import test_browser as browsing
from tests.web.test_browser_live import Scorekeeper
from tests.web.test_live_pages import body_of

live_server, base_url = browsing.live_server, browsing.base_url
browser_type_launch_args, SHOTS = browsing.browser_type_launch_args, browsing.SHOTS

pytestmark = pytest.mark.browser
SIZES = {"phone": {"width": 390, "height": 844}, "desktop": {"width": 1280, "height": 800}}

FOLLOW = {
    "en": {"deal": "Deal 1 begins: Bilal (East) deals. The floor: king of hearts, jack of hearts, two of clubs and ace "
                   "of diamonds. Priya (North) bids 10.",
           "play": ["Priya (North) throws ten of clubs loose.", "Deal 1, play 1, flagged: Throw the bid card only as a "
                    "last resort (the bidder throws ten of clubs although eight of diamonds + two of clubs =10"],
           "plays": "4 new plays; the last: Priya (North) takes ten of clubs with ten of spades.",
           "back": "Taken back: Priya (North) takes ten of clubs with ten of spades.",
           "closed": "The game is closed: if it is reopened, its new plays show here."},
    "hi": {"deal": "डील 1 शुरू: बाँटने वाला Bilal (पूर्व)। ज़मीन: पान का बादशाह, पान का गुलाम, चिड़ी की दुक्की और ईंट का "
                   "इक्का। Priya (उत्तर) ने 10 की बोली लगाई।",
           "play": ["Priya (उत्तर) ने चिड़ी का दहला खुला फेंका।", "डील 1, चाल 1, चिह्नित:"],
           "plays": "4 नई चालें; आखिरी: Priya (उत्तर) ने हुकुम के दहले से उठाया: चिड़ी का दहला।",
           "back": "वापस लिया: Priya (उत्तर) ने हुकुम के दहले से उठाया: चिड़ी का दहला।",
           "closed": "खेल बंद है: फिर खोला गया तो उसकी नई चालें यहाँ दिखेंगी।"},
}
TEAMS = {"en": {"NS": "North–South", "EW": "East–West"}, "hi": {"NS": "उत्तर–दक्षिण", "EW": "पूर्व–पश्चिम"}}
DIRECTOR = {
    "en": {"table": "Round 1 · Table {table}: ", "ended": "deal 1 ended, {score}.",
           "refused": "East–West refused deal 1 ({score}): “we had the last sweep”.", "closed": "the game is closed.",
           "flagged": "flagged: entry ",
           "flag": "West king of diamonds: R-TURN West plays, but it is South's turn.", "idle": "idle for"},
    "hi": {"table": "राउंड 1 · मेज़ {table}: ", "ended": "डील 1 खत्म, {score}।",
           "refused": "पूर्व–पश्चिम ने डील 1 से मना किया ({score}): “we had the last sweep”।", "closed": "खेल बंद है।",
           "flagged": "चिह्नित: प्रविष्टि ",
           "flag": "पश्चिम ईंट का बादशाह: R-TURN चाल पश्चिम ने चली, पर बारी दक्षिण की है।", "idle": "मिनट से रुकी हुई।"},
}

WATCH = """([region, time]) => {
  window.said = [];
  window.checks = 0;
  new MutationObserver(() => window.said.push(document.getElementById(region).textContent))
    .observe(document.getElementById(region), { childList: true, subtree: true, characterData: true });
  new MutationObserver(() => { window.checks += 1; })
    .observe(document.getElementById(time), { childList: true, subtree: true, characterData: true });
}"""
"""Counts every change of the live region (what it said, each time) and of the time of the last check."""


def api(base: str, path: str, body: dict | None = None, token: str | None = None) -> dict:
    """A GET (no body) or POST to the JSON API."""
    headers = {"Content-Type": "application/json", **({"Authorization": f"Bearer {token}"} if token else {})}
    data = json.dumps(body).encode() if body is not None else None
    with urllib.request.urlopen(urllib.request.Request(base + path, data=data, headers=headers), timeout=10) as r:
        return json.loads(r.read())


def checked(page, context, polls: int, every: int) -> None:
    """Let the page poll `polls` more times (its timers run `every` ms a step) and take in each answer."""
    for _ in range(polls):
        before = page.evaluate("window.checks")
        context.clock.run_for(every + 100)
        page.wait_for_function("n => window.checks > n", arg=before, timeout=5_000)


def said_once(page, context, every: int, *parts: str) -> None:
    """After the next poll the region says each of `parts`, with one change more than before."""
    before = page.evaluate("window.said.length")
    checked(page, context, 1, every)
    said = page.evaluate("window.said")
    assert len(said) == before + 1, said[before:]
    assert all(part in said[-1] for part in parts), (said[-1], parts)


def pictures(page, name: str) -> None:
    SHOTS.mkdir(parents=True, exist_ok=True)
    for size, viewport in SIZES.items():
        page.set_viewport_size(viewport)
        page.screenshot(path=str(SHOTS / f"announce-{name}-{size}.png"), full_page=size == "desktop")
        assert page.evaluate("document.documentElement.scrollWidth - window.innerWidth") <= 0, (name, size)


@pytest.mark.parametrize("language", FOLLOW)
def test_the_follow_page_says_nothing_while_nothing_changes_and_then_what_was_played(browser, base_url, language):
    players, lines = body_of("r-bid-throw.seep")
    made = api(base_url, "/api/live", {"variant": "thirty", "players": players})
    keeper = keeping(base_url, made)
    context = browser.new_context(viewport=SIZES["phone"])
    context.add_cookies([{"name": "lang", "value": language, "url": base_url}])
    context.clock.install()
    page = context.new_page()
    page.goto(f"{base_url}/live/{made['id']}")
    page.evaluate(WATCH, ["live-said", "live-checked"])
    region = page.locator("#live-said")
    assert region.get_attribute("role") == "status" and page.locator("[aria-live], [role=status]").count() == 2
    quiet = region.inner_text()

    checked(page, context, 4, 1500)
    assert page.evaluate("window.said") == [] and region.inner_text() == quiet
    assert page.locator("#live-checked").inner_text() and page.locator("#live-checked").is_visible()

    words = FOLLOW[language]
    for line in lines[:5]:  # the deal, a redeal, a hand, the floor, the bid: one poll finds them all
        keeper.add(line)
    said_once(page, context, 1500, words["deal"])
    keeper.add(lines[5])  # "N Tc": R-BID-THROW
    said_once(page, context, 1500, *words["play"])
    for line in lines[6:10]:
        keeper.add(line)
    said_once(page, context, 1500, words["plays"])
    keeper.post("/undo")
    said_once(page, context, 1500, words["back"])
    checked(page, context, 3, 1500)
    assert len(page.evaluate("window.said")) == 4
    pictures(page, f"follow-{language}")
    keeper.post("/close")
    said_once(page, context, 1500, words["closed"])
    checked(page, context, 1, 30_000)  # a closed game is checked every 30 s: still nothing said again
    assert len(page.evaluate("window.said")) == 5
    context.close()


@pytest.mark.parametrize("language", DIRECTOR)
def test_the_directors_view_says_nothing_while_nothing_changes_and_then_what_changed_at_a_table(
        browser, base_url, language):
    made = api(base_url, "/api/events", {"name": "Quiet night", "variant": "standard",
                                         "partnerships": [["Asha", "Ravi"], ["Meena", "Dev"], ["Farah", "Kabir"],
                                                          ["Nisha", "Arjun"]]})
    organiser = made["organiser_token"]
    tables = api(base_url, f"/api/events/{made['id']}/rounds", {}, organiser)["tables"]
    context = browser.new_context(viewport=SIZES["desktop"])
    context.add_cookies([{"name": "lang", "value": language, "url": base_url}])
    context.clock.install()
    page = context.new_page()
    page.goto(f"{base_url}/events/{made['id']}/director#token={organiser}")
    page.wait_for_selector("section.director-table")
    page.wait_for_function("() => document.getElementById('director-checked').textContent !== ''")
    page.evaluate(WATCH, ["director-said", "director-checked"])
    assert page.locator("#director-said").get_attribute("role") == "status"
    assert page.locator("[aria-live], [role=status]").count() == 1  # the summary is no live region
    summary = page.locator("#director-summary").inner_text()

    checked(page, context, 4, 2000)
    assert page.evaluate("window.said") == [] and page.locator("#director-summary").inner_text() == summary

    words = DIRECTOR[language]
    first = Scorekeeper(base_url, tables[0]["game_id"], tables[0]["edit_token"])
    first.version = api(base_url, f"/api/live/{first.game_id}")["version"]
    for line in deal_lines(1, "N", random_deal(find_ruleset("standard"), "N", random.Random(3))):
        first.add(line)
    deal = api(base_url, f"/api/live/{first.game_id}/confirmations")["deals"][0]
    score = " – ".join(f"{TEAMS[language][team]} {points}" for team, points in deal["score"].items())  # heard
    table = words["table"].format(table=tables[0]["number"])
    said_once(page, context, 2000, table + words["ended"].format(score=score))

    director = api(base_url, f"/api/events/{made['id']}/director", token=organiser)
    link = next(t for t in director["tables"] if t["game_id"] == first.game_id)["confirm_url"].split("#token=")[1]
    api(base_url, f"/api/live/{first.game_id}/confirmations",
        {"deal": 1, "verdict": "refused", "reason": "we had the last sweep"}, link)
    said_once(page, context, 2000, table + words["refused"].format(score=score))
    refusals = page.locator(f"section.director-table[data-game='{first.game_id}'] ul.refusals")
    assert refusals.inner_text().startswith("EW ")  # seen in notation
    heard_refusal = refusals.aria_snapshot()  # heard in words
    assert words["refused"].format(score=score)[:-1] in heard_refusal, heard_refusal
    assert not {"NS", "EW"} & set(heard_refusal.replace("(", " ").split()), heard_refusal

    second = Scorekeeper(base_url, tables[1]["game_id"], tables[1]["edit_token"])
    second.version = api(base_url, f"/api/live/{second.game_id}")["version"]
    for line in ["deal 1 dealer N", "floor 7c 4s 3c Ah", "bid W 11", "W Jc =11 7c+3c+Ah", "W Kd"]:
        second.add(line)  # West plays twice: R-TURN
    said_once(page, context, 2000, words["table"].format(table=tables[1]["number"]) + words["flagged"], words["flag"])
    second.post("/close")
    said_once(page, context, 2000, words["table"].format(table=tables[1]["number"]) + words["closed"])
    checked(page, context, 3, 2000)
    assert len(page.evaluate("window.said")) == 4
    pictures(page, f"director-{language}")

    page.fill("#idle-minutes", "0.02")  # a table idle longer than the minutes chosen: told once, at once
    page.locator("#idle-minutes").dispatch_event("change")
    page.wait_for_function("() => window.said.length === 5")
    idle = page.evaluate("window.said")[-1]
    assert idle.startswith(table) and words["idle"] in idle, idle
    assert words["table"].format(table=tables[1]["number"]) not in idle  # closed: never idle
    checked(page, context, 2, 2000)
    assert len(page.evaluate("window.said")) == 5
    context.close()


def keeping(base_url: str, made: dict) -> Scorekeeper:
    """The scorekeeper of the live game `made` (POST /api/live's answer), at its version."""
    keeper = Scorekeeper(base_url, made["id"], made["edit_token"])
    keeper.version = made["version"]
    return keeper


def following(browser, base_url: str, game_id: int):
    """A phone on the follow page of live game `game_id`, its clock the test's, what its regions say watched."""
    context = browser.new_context(viewport=SIZES["phone"])
    context.clock.install()
    page = context.new_page()
    page.goto(f"{base_url}/live/{game_id}")
    page.evaluate(WATCH, ["live-said", "live-checked"])
    return context, page


def test_the_follow_page_says_a_corrected_play_and_not_the_plays_it_changed(browser, base_url):
    """Play 2 (S's capture of 5d) corrected to a throw: the follow page says that correction once; play 4,
    whose line is as it was, is no longer a sweep, and is not said to be corrected."""
    players, lines = body_of("game-standard-1.seep")
    made = api(base_url, "/api/live", {"variant": "standard", "players": players})
    keeper = keeping(base_url, made)
    for line in lines[:8]:  # the deal to play 4: N Ah x Ac, a sweep
        keeper.add(line)
    context, page = following(browser, base_url, made["id"])
    checked(page, context, 1, 1500)
    entry = next(e for e in api(base_url, f"/api/live/{made['id']}")["entries"] if e["line"].startswith("S 5c x 5d"))
    keeper.post("/entries", replace=entry["number"], line="S 5c")
    said_once(page, context, 1500, "Corrected: Gita (South) throws five of clubs loose.")
    said = page.evaluate("window.said")[-1]
    assert "Corrected: Kiran (North)" not in said, said
    context.close()


def test_the_follow_page_shows_and_says_a_correction_of_an_earlier_deal(browser, base_url):
    """Deal 1's score corrected while deal 2 is played: the follow page lists the correction (where, what it
    was, what it is now, why) and says it once."""
    made = api(base_url, "/api/live", {"variant": "standard", "players": {"N": "Asha", "W": "Divya"}})
    keeper = keeping(base_url, made)
    for line in ("deal 1 dealer N", "score NS 68 EW 32", "deal 2 dealer W", "floor Kh Jc 9s 2s"):
        keeper.add(line)
    context, page = following(browser, base_url, made["id"])
    assert page.locator("#live-fixes").is_hidden()  # no correction yet
    entry = next(e for e in api(base_url, f"/api/live/{made['id']}")["entries"] if e["line"] == "score NS 68 EW 32")
    keeper.post("/entries", replace=entry["number"], line="score NS 32 EW 68", note="columns swapped")
    said_once(page, context, 1500, "The score of deal 1 corrected: score North–South 68 East–West 32, now score "
                                   "North–South 32 East–West 68 (columns swapped).")
    shown = page.locator("#live-fixes li").first
    assert shown.is_visible() and "score NS 68 EW 32, now score NS 32 EW 68" in shown.inner_text()
    pictures(page, "follow-correction")
    context.close()


def test_a_correction_said_in_its_deal_is_not_said_again_when_the_next_deal_begins(browser, base_url):
    """Deal 1's score corrected while deal 1 is on the table: said then, by the deal's end said anew; when deal 2
    begins, only that is said (the correction was said again, as news, with it)."""
    made = api(base_url, "/api/live", {"variant": "standard", "players": {"N": "Asha", "W": "Divya"}})
    keeper = keeping(base_url, made)
    for line in ("deal 1 dealer N", "score NS 60 EW 30"):
        keeper.add(line)
    context, page = following(browser, base_url, made["id"])
    entry = next(e for e in api(base_url, f"/api/live/{made['id']}")["entries"] if e["line"] == "score NS 60 EW 30")
    keeper.post("/entries", replace=entry["number"], line="score NS 60 EW 40")
    said_once(page, context, 1500, "Deal 1 is over: North–South 60 – East–West 40")
    keeper.add("deal 2 dealer W")
    said_once(page, context, 1500, "Deal 2 begins")
    said = page.evaluate("window.said")[-1]
    assert "corrected" not in said, said
    pictures(page, "follow-next-deal-after-correction")
    context.close()
