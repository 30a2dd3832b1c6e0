"""The opponents' confirmation on the scorekeeper's phone (an event's table), by keyboard and heard: "Refuse…" takes
the focus to the reason's field, and an answer stored leaves the focus on its sentence, heard. Both took their own
button away, and the page gave the focus to the next step's first button (after Confirm: "W deals", where one more
Enter records the next deal's dealer; the answer itself was never heard). The reason typed so far stays when the
box is drawn again.
Screenshots: test-artifacts/browser/keep-confirm-*.png.

Marked `browser`; it shares test_browser's server."""
from __future__ import annotations

import pytest

from tests.web import test_browser as browsing
from tests.web.test_browser import SHOTS, browser_type_launch_args  # noqa: F401
from tests.web.test_browser_event_access import DESKTOP, PHONE, enter, make_event

pytestmark = pytest.mark.browser
live_server, base_url = browsing.live_server, browsing.base_url


def keep_page_with_deal_over(page, base: str, name: str) -> dict:
    _, _, tables = make_event(page, base, name)
    for line in ("deal 1 dealer N", "score NS 60 EW 40", "deal 2 dealer W", "score NS 45 EW 55"):
        enter(page, base, tables[0], line)
    page.goto(base + tables[0]["edit_url"])
    page.locator("#deal-confirm button[data-role=confirm]").wait_for(timeout=15_000)
    return tables[0]


def scorer_named_elsewhere(page, base: str, table: dict) -> None:
    """Another phone names the scorer: the game's version moves, and this page draws itself again."""
    game = table["game_id"]
    before = page.evaluate("() => document.getElementById('keep-status').dataset.version")
    version = page.request.get(f"{base}/api/live/{game}").json()["version"]
    named = page.request.post(f"{base}/api/live/{game}/tags", data={"tags": {"Scorer": "Meena"}, "version": version},
                              headers={"Authorization": f"Bearer {table['edit_token']}"})
    assert named.status == 201, named.text()
    page.wait_for_function("v => document.getElementById('keep-status').dataset.version !== v", arg=before,
                           timeout=15_000)


def press(page, role: str, then: str) -> None:
    """The box's button of `role` pressed from the keyboard, then the box's `then` waited for."""
    page.locator(f"#deal-confirm button[data-role={role}]").focus()
    page.keyboard.press("Enter")
    page.locator(f"#deal-confirm {then}").wait_for()


def focused(page) -> str:
    return page.evaluate("() => { const e = document.activeElement;"
                         " return (e.dataset.role || e.id || e.className || e.tagName) + ':' + e.textContent.trim(); }")


def test_refusing_on_the_keepers_phone_keeps_the_focus_in_the_box(page, base_url):
    page.set_viewport_size(PHONE)
    table = keep_page_with_deal_over(page, base_url, "Keep refuse")
    press(page, "refuse", "#refuse-reason")
    page.wait_for_function("() => document.activeElement.id === 'refuse-reason'")
    page.keyboard.type("we had 50")
    scorer_named_elsewhere(page, base_url, table)
    assert page.locator("#refuse-reason").input_value() == "we had 50"
    assert focused(page).startswith("reason:")
    press(page, "refuse-send", "p.refused")
    assert focused(page).startswith("refused:EW refused deal 2: “we had 50”")
    page.locator("#deal-confirm").screenshot(path=str(SHOTS / "keep-confirm-refused-phone.png"))


def test_confirming_on_the_keepers_phone_leaves_the_focus_on_the_answer(page, base_url):
    page.set_viewport_size(DESKTOP)
    keep_page_with_deal_over(page, base_url, "Keep confirm")
    press(page, "confirm", "p.confirmed")
    assert focused(page).startswith("confirmed:✓ EW confirmed deal 2")
    page.locator("#deal-confirm").screenshot(path=str(SHOTS / "keep-confirm-confirmed-desktop.png"))


def test_both_confirm_pages_name_the_score_they_showed(page, base_url):
    """The keep page's box and the opponents' confirm page send the score they showed with the answer, so that a
    score corrected meanwhile is refused (409), not confirmed unseen (their answers named no score)."""
    page.set_viewport_size(PHONE)
    table = keep_page_with_deal_over(page, base_url, "Keep names")
    sent: list[dict] = []
    page.on("request", lambda r: sent.append(r.post_data_json) if r.method == "POST" and "confirmations" in r.url
            else None)
    page.locator("#deal-confirm button[data-role=confirm]").click()
    page.locator("#deal-confirm p.confirmed").wait_for()
    assert sent[-1]["score"] == {"NS": 45, "EW": 55} and sent[-1]["deal"] == 2
    opponents = page.context.new_page()
    opponents.on("request", lambda r: sent.append(r.post_data_json) if r.method == "POST" else None)
    opponents.goto(base_url + table["confirm_url"])
    opponents.locator("#confirm-deals li[data-deal='1'] button.confirm").click()
    opponents.locator("#confirm-deals li[data-deal='1'] p.outcome").wait_for()
    assert sent[-1]["score"] == {"NS": 60, "EW": 40} and sent[-1]["deal"] == 1
