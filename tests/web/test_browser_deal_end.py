"""The end of a deal on the keep-score page, at 390x844 with touch and on a desktop: after the last play
the page shows the deal's scores, the cards left on the floor and who takes them, the lead and the next
dealer as `validate --json` scores the same log; from there the next deal is recorded by its score alone. A
score whose card points do not add up is flagged in sight, above the deal's end; where the rotation lets more
than one seat deal, the score-only form asks who dealt; a deal whose score will not be known is left by taps.
Screenshots go to test-artifacts/browser/deal-end-*.png and score-only-*.png."""
from __future__ import annotations

import random

import pytest

from seeplog.playout import deal_lines, random_deal
from tests.web import test_browser_live_keep as keeping
from tests.web.test_browser_live_keep import (DESKTOP, PHONE, STANDARD, api_doc, expect_next, open_keep,
                                              send_all, settled, start, validate_json, watch_errors)

live_server, base_url = keeping.live_server, keeping.base_url
browser_type_launch_args = keeping.browser_type_launch_args
SHOTS = keeping.SHOTS
pytestmark = pytest.mark.browser


def expect_in_view(page, *selectors: str) -> None:
    """The elements stand below the sticky top, in the window."""
    page.wait_for_function("""(selectors) => {
        const top = document.querySelector('.keep-top').getBoundingClientRect().bottom;
        const parts = selectors.map((s) => document.querySelector(s)?.getBoundingClientRect());
        return parts.every((r) => r && r.top >= top - 1 && r.bottom <= window.innerHeight);
    }""", arg=list(selectors), timeout=5_000)


def expect_end_in_view(page) -> None:
    """The deal-end box's heading and its table's head stand below the sticky top, in the window."""
    expect_in_view(page, "#deal-end h2", "#deal-end thead")


def shown_scores(page) -> dict[str, list[int]]:
    rows = page.locator("#deal-end tbody tr")
    out = {}
    for i in range(rows.count()):
        row = rows.nth(i)
        out[row.get_attribute("data-team")] = [int(x) for x in row.locator("td").all_inner_texts()]
    return out


@pytest.mark.parametrize("device", ["phone", "desktop"])
def test_the_end_of_a_deal_shows_its_scores_and_a_score_only_deal_follows(browser, base_url, tmp_path, device):
    context = browser.new_context(**(PHONE if device == "phone" else DESKTOP))
    page = context.new_page()
    problems = watch_errors(page)
    game = start(page, base_url, players={"N": "Asha", "W": "Divya", "S": "Chetan", "E": "Bilal"})
    lines = deal_lines(1, "N", random_deal(STANDARD, "N", random.Random(5)))
    send_all(page, base_url, game, lines[:-1])
    open_keep(page, base_url, game)
    assert page.locator("#deal-end").is_hidden()
    box = page.locator("input[name=line]")
    box.fill(lines[-1])
    box.press("Enter")
    settled(page)
    page.locator("#deal-end table").wait_for()
    expect_end_in_view(page)
    page.screenshot(path=str(SHOTS / f"deal-end-{device}-in-view.png"))  # the window, as the scorekeeper sees it
    doc = api_doc(page, base_url, game)
    deal = validate_json(doc["log"], tmp_path)["games"][0]["deals"][0]
    row = validate_json(doc["log"], tmp_path)["games"][0]["ledger"][0]
    assert shown_scores(page) == {t: [deal["card_points"][t], deal["sweep_points"][t], deal["score"][t]]
                                  for t in STANDARD.teams}
    text = page.locator("#deal-end").inner_text()
    assert "Deal 1 is over" in text
    assert f"Cards taken: NS {deal['cards_taken']['NS']} · EW {deal['cards_taken']['EW']}" in text
    left = doc["ended"]["leftover"]
    if left["cards"]:
        assert f"to {left['team']}, the team of the last capture" in text
    else:
        assert "Nothing was left on the floor" in text
    lead = f"{row['lead']['team']} leads by {row['lead']['points']}" if row["lead"]["team"] else "The lead is 0"
    assert lead in text and f"next dealer: {row['next_dealer']}" in text
    assert page.locator("#undo").is_visible()
    page.screenshot(path=str(SHOTS / f"deal-end-{device}-after-play-48.png"), full_page=True)

    page.locator("#deal-end button[data-role=score-only]").tap() if device == "phone" else \
        page.locator("#deal-end button[data-role=score-only]").click()
    form = page.locator("#score-form")
    expect_in_view(page, "#step-score h2", "#score-teams label")  # the form's heading, its first field's name
    form.locator("input[name=NS-points]").fill("60")
    form.locator("input[name=EW-points]").fill("40")
    form.locator("input[name=EW-sweeps]").fill("50")
    page.screenshot(path=str(SHOTS / f"deal-end-{device}-score-only-form.png"), full_page=True)
    form.locator("button[type=submit]").click()
    expect_next(page, "Deal 3")
    settled(page)
    page.locator("#deal-end table").wait_for()
    expect_end_in_view(page)
    page.screenshot(path=str(SHOTS / f"deal-end-{device}-in-view.png"))  # the window, as the scorekeeper sees it
    doc = api_doc(page, base_url, game)
    assert [e["line"] for e in doc["entries"]][-2:] == [f"deal 2 dealer {row['next_dealer']}",
                                                        "score NS 60 EW 40+50"]
    second = validate_json(doc["log"], tmp_path)["games"][0]["deals"][1]
    assert shown_scores(page) == {t: [second["card_points"][t], second["sweep_points"][t], second["score"][t]]
                                  for t in STANDARD.teams}
    assert "Deal 2 is over" in page.locator("#deal-end").inner_text()
    assert "Recorded by its score" in page.locator("#deal-end").inner_text()
    page.screenshot(path=str(SHOTS / f"deal-end-{device}-score-only-stored.png"), full_page=True)
    assert problems == []
    context.close()


def press(page, locator) -> None:
    locator.tap() if page.evaluate("navigator.maxTouchPoints > 0") else locator.click()


@pytest.mark.parametrize("device", ["phone", "desktop"])
def test_a_score_that_does_not_add_up_is_flagged_in_sight_with_the_deal_end(browser, base_url, device):
    context = browser.new_context(**(PHONE if device == "phone" else DESKTOP))
    page = context.new_page()
    problems = watch_errors(page)
    game = start(page, base_url)
    send_all(page, base_url, game, ["deal 1 dealer N"])
    open_keep(page, base_url, game)
    press(page, page.locator("#score-open"))
    page.locator("input[name=NS-points]").fill("60")
    page.locator("input[name=EW-points]").fill("45")
    press(page, page.locator("#score-form button[type=submit]"))
    settled(page)
    page.locator("#deal-end table").wait_for()
    expect_in_view(page, "#banner .banner-title", "#deal-end h2")
    banner = page.locator("#banner").inner_text()
    assert "Flagged: score NS 60 EW 45" in banner and "R-SCORE-TOTAL" in banner
    assert api_doc(page, base_url, game)["entries"][-1]["findings"][0]["rule"] == "R-SCORE-TOTAL"
    page.screenshot(path=str(SHOTS / f"score-only-{device}-flagged-in-view.png"))
    assert problems == []
    context.close()


@pytest.mark.parametrize("device", ["phone", "desktop"])
def test_score_only_asks_who_dealt_where_two_seats_may_deal(browser, base_url, device):
    context = browser.new_context(**(PHONE if device == "phone" else DESKTOP))
    page = context.new_page()
    problems = watch_errors(page)
    game = start(page, base_url, tags={"Rotation": "team"})
    send_all(page, base_url, game, ["deal 1 dealer N", "score NS 70 EW 30"])
    assert api_doc(page, base_url, game)["next"]["allowed_dealers"] == ["W", "E"]
    open_keep(page, base_url, game)
    page.locator("#deal-end table").wait_for()
    press(page, page.locator("#deal-end button[data-role=score-only]"))
    choice = page.locator("#score-dealer")
    assert choice.is_visible()
    assert [page.locator("#score-dealers label").nth(i).inner_text() for i in range(2)] == ["W", "E"]
    page.locator("input[name=NS-points]").fill("40")
    page.locator("input[name=EW-points]").fill("60")
    assert page.locator("#score-dealers input[value=W]").is_checked()  # the seat the rotation names first
    press(page, page.locator("#score-dealers input[value=E]"))
    page.screenshot(path=str(SHOTS / f"score-only-{device}-who-dealt.png"))
    press(page, page.locator("#score-form button[type=submit]"))
    settled(page)
    expect_next(page, "Deal 3")
    assert [e["line"] for e in api_doc(page, base_url, game)["entries"]][-2:] == ["deal 2 dealer E",
                                                                                  "score NS 40 EW 60"]
    page.locator("#deal-end table").wait_for()
    expect_end_in_view(page)
    assert problems == []
    context.close()


@pytest.mark.parametrize("device", ["phone", "desktop"])
def test_a_deal_whose_score_is_not_known_is_left_by_taps(browser, base_url, device):
    """Mid-deal, the table goes on without the rest recorded: 'its score is not known, next deal…' asks first,
    then offers every seat as the next deal's dealer; the log gets deal 2's line (deal 1 counts as 0, the lead
    provisional), and the page goes on to deal 2."""
    context = browser.new_context(**(PHONE if device == "phone" else DESKTOP))
    page = context.new_page()
    problems = watch_errors(page)
    game = start(page, base_url)
    send_all(page, base_url, game, ["deal 1 dealer N", "floor Kh Jc 9s 2s", "bid W 11", "W Jd x Jc 9s+2s"])
    open_keep(page, base_url, game)
    lost = page.locator("#deal-lost")
    assert lost.inner_text() == "Deal 1: its score is not known, next deal…"
    page.once("dialog", lambda dialog: dialog.dismiss())
    press(page, lost)  # asked, and not now: nothing changes
    assert page.locator("#step-play").is_visible() and page.locator("#step-deal").is_hidden()
    page.once("dialog", lambda dialog: dialog.accept())
    press(page, lost)
    expect_in_view(page, "#step-deal h2")
    assert page.locator("#step-deal h2").inner_text() == "Tap the dealer of deal 2"
    assert page.locator("#dealers button").count() == 4 and page.locator("#picker").is_hidden()
    page.screenshot(path=str(SHOTS / f"score-only-{device}-deal-lost.png"))
    press(page, page.locator("#lost-cancel"))  # changed their mind: back to the play
    assert page.locator("#step-play").is_visible() and page.locator("#step-deal").is_hidden()
    page.once("dialog", lambda dialog: dialog.accept())
    press(page, lost)
    press(page, page.locator("#dealers button[data-seat=S]"))
    settled(page)
    expect_next(page, "Deal 2 (dealer S)")
    doc = api_doc(page, base_url, game)
    assert doc["entries"][-1]["line"] == "deal 2 dealer S"
    row = doc["report"]["games"][0]["ledger"][0]
    assert row["score"] is None and row["provisional"] is True
    assert "E-INCOMPLETE" in [e["rule"] for e in doc["report"]["games"][0]["deals"][0]["errors"]]
    assert problems == []
    context.close()
