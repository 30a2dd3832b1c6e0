"""The scoresheet and the dispute view printed on A4, as a club pins them up, in English, Hindi and Punjabi.

A forty-deal scoresheet with long names starts on page 1 and runs on whole rows a page, its header row repeated;
every column fits the paper; the chart's deal numbers do not run together; one note says which deals' scores are
those recorded at the table. A flagged play's page prints on one page, its hands inside their box and the other
plays the seat could have made included. PDFs and screenshots go to test-artifacts/browser/print-*.

Marked `browser` like tests/web/test_browser.py, whose server and chromium fixtures it uses.
"""
from __future__ import annotations

import re

import pytest

from tests.helpers import EXAMPLES
from tests.web import test_browser as served

SHOTS = served.SHOTS
live_server, base_url, browser_type_launch_args = served.live_server, served.base_url, served.browser_type_launch_args

pytestmark = pytest.mark.browser
A4 = {"width": 718, "height": 1032}
"""The page's box on A4 in CSS px (96 an inch): 210 x 297 mm less print.css's margins, 10 mm a side, 12 mm top
and bottom."""
LANGUAGES = ("en", "hi", "pa")
SEATS = {"North": "Harpreet Kaur Dhillon", "West": "गुरप्रीत सिंह संधू", "South": "ਮਨਜੀਤ ਕੌਰ ਗਿੱਲ",
         "East": "Bilal Ahmed Qureshi"}


def scores_alone(deals: int, unscored: int) -> str:
    """A game of `deals` deals written down by their scores alone, deal `unscored` without its score."""
    lines = ['[Variant "standard"]', '[Event "Ludhiana Winter League"]']
    lines += [f'[{seat} "{name}"]' for seat, name in SEATS.items()]
    for deal in range(1, deals + 1):
        lines += ["", f"deal {deal} dealer {'NWSE'[(deal - 1) % 4]}"]
        lines += [] if deal == unscored else [f"score NS {36 + deal * 7 % 30} EW {64 - deal * 7 % 30}"]
    return "\n".join(lines) + "\n"


@pytest.fixture(scope="module")
def long_sheet(browser, base_url) -> str:
    context = browser.new_context()
    stored = context.request.post(base_url + "/api/games", data=scores_alone(40, unscored=17),
                                  headers={"Content-Type": "text/plain; charset=utf-8"})
    assert stored.status in (200, 201), stored.text()
    url = base_url + stored.json()["url"]
    context.close()
    return url


@pytest.fixture(scope="module")
def flagged_play(browser, base_url) -> str:
    """R-HOUSE-VALUE's example: play 11 of deal 1 builds a house of 18, with four hands of nine or ten cards and
    thirteen other plays."""
    context = browser.new_context()
    stored = context.request.post(base_url + "/api/games", data=(EXAMPLES / "r-house-value.seep").read_bytes(),
                                  headers={"Content-Type": "text/plain; charset=utf-8"})
    url = base_url + stored.json()["url"] + "/deals/1/plays/11"
    context.close()
    return url


def in_print(page, base_url: str, url: str, language: str) -> None:
    """The page in the language, laid out as on A4 paper (print media, the paper's width)."""
    page.context.add_cookies([{"name": "lang", "value": language, "url": base_url}])
    page.set_viewport_size(A4)
    page.emulate_media(media="print")
    page.goto(url)


def pdf_pages(pdf: bytes) -> list[bytes]:
    """The page objects of a PDF as chromium writes it (plain objects, a flat page tree), in their order."""
    objects = dict(re.findall(rb"(?s)(\d+) 0 obj\s*(.*?)\s*endobj", pdf))
    kids = re.search(rb"/Type /Pages\s.*?/Kids \[([^\]]*)\]", pdf, re.S)
    assert kids, "no page tree"
    return [objects[n] for n in re.findall(rb"(\d+) 0 R", kids.group(1))]


def links_on(pdf: bytes) -> list[set[str]]:
    """Each page's links within the document (an anchor's name: "L12" for a link to #L12)."""
    objects = dict(re.findall(rb"(?s)(\d+) 0 obj\s*(.*?)\s*endobj", pdf))
    found = []
    for page_object in pdf_pages(pdf):
        annots = re.search(rb"/Annots \[([^\]]*)\]", page_object)
        refs = re.findall(rb"(\d+) 0 R", annots.group(1)) if annots else []
        found.append({m.group(1).decode() for r in refs if (m := re.search(rb"/Dest /(\w+)", objects[r]))})
    return found


def style(locator, prop: str) -> str:
    return locator.evaluate(f"e => getComputedStyle(e).{prop}")


@pytest.mark.parametrize("language", LANGUAGES)
def test_a_forty_deal_scoresheet_prints_from_page_one_and_fits_a4(page, base_url, long_sheet, language):
    in_print(page, base_url, long_sheet, language)
    sheet = page.locator("table.scoresheet")
    # the header row is a thead, repeated on every page; a row is never split; the baazis once, at the end
    assert sheet.locator("thead tr").count() == 2 and style(sheet.locator("thead"), "display") == "table-header-group"
    assert style(sheet.locator("tbody tr").first, "breakInside") == "avoid"
    assert style(sheet.locator("tfoot"), "display") == "table-row-group"
    # every column on the paper: no cell reaches past the page's right edge
    rights = sheet.locator("th, td").evaluate_all("cells => cells.map(c => c.getBoundingClientRect().right)")
    right = max(rights)
    assert right <= A4["width"] and page.evaluate("document.documentElement.scrollWidth") <= A4["width"]
    # one note for the thirty-nine deals written by their scores, one for the deal without
    assert page.locator("ul.notes li").count() == 2
    assert "1–16, 18–40" in page.locator("ul.notes li").first.inner_text()

    pdf = page.pdf(format="A4")
    SHOTS.mkdir(parents=True, exist_ok=True)
    (SHOTS / f"print-scoresheet-40-{language}.pdf").write_bytes(pdf)
    rows = [a.get_attribute("href").lstrip("#") for a in sheet.locator("td.deal a").all()]
    pages = links_on(pdf)
    assert rows[0] in pages[0] and rows[1] in pages[0], "the table starts on page 1, under the title"
    assert rows[-1] not in pages[0] and any(rows[-1] in later for later in pages[1:])


@pytest.mark.parametrize("width", (390, 1280))
def test_the_charts_deal_numbers_do_not_run_together(page, long_sheet, width):
    page.set_viewport_size({"width": width, "height": 900})
    page.goto(long_sheet)
    boxes = page.locator("figure.chart g.point text").evaluate_all(
        "ts => ts.map(t => t.getBoundingClientRect()).map(b => [b.left, b.right])")
    assert len(boxes) >= 8
    assert all(right < next_left for (_, right), (next_left, _) in zip(boxes, boxes[1:]))


@pytest.mark.parametrize("language", LANGUAGES)
def test_a_flagged_play_prints_on_one_page_its_hands_inside_their_box(page, base_url, flagged_play, language):
    in_print(page, base_url, flagged_play, language)
    box = page.locator("section.hands").bounding_box()
    assert all(hand.locator(".card").count() >= 9 for hand in page.locator("section.hands .hand").all())
    for card in page.locator("section.hands .card").all():
        edge = card.bounding_box()
        assert box["x"] <= edge["x"] and edge["x"] + edge["width"] <= box["x"] + box["width"], card.inner_text()
    # the plays the seat could have made are the dispute's: they print, open
    assert page.locator("details#legal").is_visible() and page.locator("details#legal ul.moves").first.is_visible()

    pdf = page.pdf(format="A4")
    SHOTS.mkdir(parents=True, exist_ok=True)
    (SHOTS / f"print-dispute-{language}.pdf").write_bytes(pdf)
    assert len(pdf_pages(pdf)) == 1
