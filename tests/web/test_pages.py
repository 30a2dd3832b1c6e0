"""The pages: games list, upload form (CSRF, several files, paste box, bad input), game page, downloads."""
from __future__ import annotations

import csv
import html
import io
import re

import pytest
from markupsafe import escape

import seeplog
from tests.web.helpers import LIMIT, csrf_token, example, upload
from tests.web.live_helpers import Keeper, statement_lines
from tests.web.markup import elements

EVIL = '<script>alert("x")</script>'


def evil_log() -> bytes:
    text = example("r-capture-all.seep").decode()
    text = text.replace('[North "Lakshmi"]', f'[North "{EVIL.replace(chr(34), chr(92) + chr(34))}"]')
    text = text.replace("E Jc\n", "E Jc {<b>bold</b> & <img src=x onerror=alert(1)>}\n", 1)
    return text.encode()


def test_games_list_shows_each_game(client):
    upload(client, "game-standard-1.seep")
    upload(client, "r-capture-all.seep")
    page = client.get("/").get_data(as_text=True)
    assert "Club night 1" in page and "Club night 128" in page
    assert "Kiran (N)" in page and "thirty" in page and "Jul 6, 2026" in page  # the reader's locale
    assert re.search(r'<span class="badge violation">1</span>', page)
    assert "2 games." in page


def test_games_list_search_and_filters(client):
    upload(client, "game-standard-1.seep")
    upload(client, "r-capture-all.seep")
    upload(client, "game-two-player-1.seep")
    assert "1 game found" in client.get("/?q=Lakshmi").get_data(as_text=True)
    found = client.get("/?variant=two-player&flagged=").get_data(as_text=True)
    assert "Club night 4" in found and "Club night 1<" not in found
    flagged = client.get("/?flagged=true").get_data(as_text=True)
    assert "Club night 128" in flagged and "Club night 4" not in flagged
    bad = client.get("/?date_from=yesterday")
    assert bad.status_code == 400 and "“yesterday” is not a day of the calendar" in bad.get_data(as_text=True)


def test_games_list_pages(client):
    for name in ("game-standard-1.seep", "game-standard-2.seep", "game-standard-3.seep"):
        upload(client, name)
    page = client.get("/?per_page=2").get_data(as_text=True)
    assert page.count('<tr class="status-') == 2
    assert 'href="/?per_page=2&amp;page=2"' in page
    assert client.get("/?per_page=2&page=2").get_data(as_text=True).count('<tr class="status-') == 1


def test_upload_page_has_file_input_paste_box_and_csrf(client):
    page = client.get("/upload").get_data(as_text=True)
    assert re.search(r'<input[^>]*type="file"[^>]*multiple|<input[^>]*multiple[^>]*type="file"', page)
    assert "<textarea" in page and 'name="csrf_token"' in page
    assert f"up to {LIMIT // 1024} KiB in all" in page


def test_upload_without_csrf_token_is_refused_keeping_the_pasted_log(client):
    text = example("game-standard-1.seep").decode()
    response = client.post("/upload", data={"text": text})
    page = response.get_data(as_text=True)
    assert response.status_code == 400 and "its check code is missing" in page and "send it again" in page
    assert text in html.unescape(page)
    assert client.get("/api/games").json["total"] == 0


def test_upload_one_file_opens_its_game(client):
    token = csrf_token(client)
    response = client.post("/upload", data={"csrf_token": token, "files": [
        (io.BytesIO(example("r-capture-all.seep")), "r-capture-all.seep")]}, content_type="multipart/form-data")
    assert response.status_code == 302
    game_id = int(response.headers["Location"].split("#")[0].rsplit("/", 1)[1])
    page = client.get(f"/games/{game_id}").get_data(as_text=True)
    assert "Stored r-capture-all.seep." in page and "Club night 128" in page


@pytest.mark.parametrize("sent, kept", [("ग\x01\u2028.seep", "ग.seep"), ("y" * 300 + ".seep", "y" * 200)])
def test_an_uploaded_files_name_loses_its_control_characters_and_is_cut(client, sent, kept):
    response = client.post("/upload", data={"csrf_token": csrf_token(client), "files": [
        (io.BytesIO(example("r-capture-all.seep")), sent)]}, content_type="multipart/form-data")
    game_id = int(response.headers["Location"].split("#")[0].rsplit("/", 1)[1])
    assert client.get(f"/api/games/{game_id}").json["filename"] == kept


def test_upload_several_files_and_a_paste(client):
    token = csrf_token(client)
    files = [(io.BytesIO(example(n)), n) for n in ("game-standard-1.seep", "game-thirty-1.seep")]
    files.append((io.BytesIO(b"\xff\xd8\xff\xe0 garbage"), "photo.seep"))  # a JPEG's first bytes
    response = client.post("/upload", data={"csrf_token": token, "files": files,
                                            "text": example("game-juneja-1.seep").decode()},
                           content_type="multipart/form-data")
    page = response.get_data(as_text=True)
    assert response.status_code == 200
    assert "Stored game-standard-1.seep." in page and "Stored game-thirty-1.seep." in page
    assert "Stored pasted log." in page
    assert "photo.seep: the file is not UTF-8 text (byte 0xff) at line 1, column 1" in page
    assert client.get("/api/games").json["total"] == 3
    again = client.post("/upload", data={"csrf_token": token, "text": example("game-juneja-1.seep").decode()})
    assert again.status_code == 302
    assert "already stored" in client.get(again.headers["Location"]).get_data(as_text=True)


def test_upload_of_text_that_is_not_seep(client):
    response = client.post("/upload", data={"csrf_token": csrf_token(client), "text": "shopping list:\nmilk\n"})
    assert response.status_code == 400
    assert "nothing in this text reads as a Seep log" in response.get_data(as_text=True)


def test_upload_page_over_the_limit_is_413_with_a_message(client):
    big = io.BytesIO(b"# padding\n" * (LIMIT // 10 + 10))
    response = client.post("/upload", data={"csrf_token": csrf_token(client), "files": [(big, "big.seep")]},
                           content_type="multipart/form-data")
    assert response.status_code == 413
    assert response.mimetype == "text/html"
    assert f"The upload is too large: the limit is {LIMIT // 1024:,} KiB." in response.get_data(as_text=True)


def test_game_page_scoresheet(client):
    game_id = upload(client, "game-standard-2.seep")
    page = client.get(f"/games/{game_id}").get_data(as_text=True)
    doc = seeplog.report_json(seeplog.analyse(example("game-standard-2.seep").decode()))
    sheet = page[page.index('class="scoresheet"'):page.index("</table>", page.index('class="scoresheet"'))]
    rows = re.findall(r"<tr class=\"[^\"]*\">(.*?)</tr>", sheet, re.S)
    assert len(rows) == len(doc["games"][0]["deals"])
    for row, deal, ledger in zip(rows, doc["games"][0]["deals"], doc["games"][0]["ledger"]):
        cells = [re.sub(r"<[^>]+>", "", re.sub(r'<sup.*?</sup>|<span class="sr-only">.*?</span>', "", c)).strip()
                 for c in re.findall(r"<td[^>]*>(.*?)</td>", row, re.S)]  # as the eye reads them
        assert cells[0] == str(deal["number"])
        # the deal and its score first (a phone shows them without scrolling the table's box)
        assert cells[1:3] == [str(deal["score"]["NS"]), str(deal["score"]["EW"])]
        lead = ledger["lead"]
        assert cells[3] == (f"{lead['team']} {lead['points']}" if lead["team"] else "0")
        assert cells[4] == (ledger["baazi"] or "")
        assert f"({ledger['next_dealer']})" in cells[5]
        assert f"({deal['dealer']})" in cells[6]
        assert cells[8:10] == [str(deal["card_points"]["NS"]), str(deal["card_points"]["EW"])]
        assert cells[10:12] == [str(deal["sweep_points"]["NS"]), str(deal["sweep_points"]["EW"])]
    assert "<svg" in page and "Running lead" in page and re.search(r'<path d="M56,[0-9.]+ L', page)
    assert "Every play follows the rules." in page


def score_only_log(deals: int, unscored: tuple[int, ...] = ()) -> str:
    """A game of `deals` deals written by their scores alone, those in `unscored` without a score line."""
    lines = ['[Variant "standard"]', '[North "Harpreet Kaur Dhillon"]', '[West "गुरप्रीत सिंह"]',
             '[South "ਮਨਜੀਤ ਕੌਰ"]', '[East "Bilal"]']
    for deal in range(1, deals + 1):
        lines += ["", f"deal {deal} dealer {'NWSE'[(deal - 1) % 4]}"]
        lines += [] if deal in unscored else [f"score NS {40 + deal % 7 * 4} EW {60 - deal % 7 * 4}"]
    return "\n".join(lines) + "\n"


def test_the_scoresheet_says_each_note_once_with_the_deals_it_is_true_of(client):
    sent = client.post("/api/games", data=score_only_log(40, unscored=(17,)), content_type="text/plain")
    page = client.get(f"/games/{sent.json['id']}").get_data(as_text=True)
    notes = re.findall(r"<li>(\* .*?)</li>", page[page.index('<ul class="hint notes">'):])
    assert notes == ["* Deals 1–16, 18–40: score as recorded at the table (no plays logged).",
                     "* Deal 17: no score (no plays logged)."]
    client.set_cookie("lang", "hi")
    hindi = client.get(f"/games/{sent.json['id']}").get_data(as_text=True)
    assert "* डीलें 1–16, 18–40:" in hindi and "* डील 17:" in hindi


def test_game_page_flagged_plays_and_highlighted_lines(client):
    game_id = upload(client, "r-capture-all.seep")
    page = client.get(f"/games/{game_id}").get_data(as_text=True)
    findings = page[page.index('class="findings'):]
    assert "R-CAPTURE-ALL" in findings
    assert f'href="/games/{game_id}/deals/2/plays/48"' in findings
    assert 'href="#L112"' in findings
    assert re.search(r'<tr id="L112" class="violation">', page)
    assert page.count('class="violation"') >= 2
    assert re.search(r'<tr id="L111"><td', page)  # a line without findings has no class
    assert "Kc left Td+3s on the floor" in page


def test_game_page_of_a_log_with_errors(client):
    game_id = upload(client, "e-syntax.seep")
    page = client.get(f"/games/{game_id}").get_data(as_text=True)
    assert "E-SYNTAX" in page and '<tr id="L38" class="error">' in page
    assert "log errors" in page


def test_names_and_annotations_are_escaped_everywhere(client):
    response = client.post("/api/games", data=evil_log(), content_type="text/plain")
    game_id = response.json["id"]
    for path in ("/", f"/games/{game_id}", "/?q=script"):
        page = client.get(path).get_data(as_text=True)
        assert EVIL not in page and "<img src=x" not in page and "<b>bold" not in page
        assert str(escape(EVIL)) in page
    page = client.get(f"/games/{game_id}").get_data(as_text=True)
    assert "&lt;b&gt;bold&lt;/b&gt; &amp; &lt;img src=x onerror=alert(1)&gt;" in page


def test_missing_game_page_is_a_404_page(client):
    response = client.get("/games/42")
    assert response.status_code == 404 and response.mimetype == "text/html"
    assert "there is no game 42" in response.get_data(as_text=True)


def test_exports(client):
    text = example("game-standard-2.seep").decode()
    game_id = upload(client, "game-standard-2.seep")
    seep = client.get(f"/games/{game_id}.seep")
    assert seep.mimetype == "text/plain" and "attachment" in seep.headers["Content-Disposition"]
    assert seep.get_data(as_text=True) == seeplog.dumps(seeplog.parse(text))
    report = client.get(f"/games/{game_id}.json")
    assert report.mimetype == "application/json" and report.json == seeplog.report_json(seeplog.analyse(text))
    sheet = client.get(f"/games/{game_id}.csv")
    assert sheet.mimetype == "text/csv"
    rows = list(csv.DictReader(io.StringIO(sheet.get_data(as_text=True))))
    deals = report.json["games"][0]["deals"]
    assert len(rows) == len(deals)
    for row, deal in zip(rows, deals):
        assert int(row["deal"]) == deal["number"] and row["dealer"] == deal["dealer"]
        assert int(row["score NS"]) == deal["score"]["NS"] and int(row["sweeps EW"]) == deal["sweep_points"]["EW"]
    for suffix in (".seep", ".json", ".csv"):
        assert client.get(f"/games/999{suffix}").status_code == 404


def test_static_stylesheets(client):
    page = client.get("/").get_data(as_text=True)
    for href in re.findall(r'<link rel="stylesheet"[^>]*href="([^"]+)"', page):
        with client.get(href) as response:
            assert response.status_code == 200
    with client.get("/assets/print.css") as response:
        assert "size: A4" in response.get_data(as_text=True)


def test_upload_page_takes_a_json_log(client):
    import json

    from seeplog.notation.jsonform import to_json
    doc = to_json(seeplog.parse(example("game-thirty-2.seep").decode()))
    response = client.post("/upload", data={"csrf_token": csrf_token(client), "files": [
        (io.BytesIO(json.dumps(doc).encode()), "thirty.json")]}, content_type="multipart/form-data")
    assert response.status_code == 302
    page = client.get(response.headers["Location"]).get_data(as_text=True)
    assert "written out from the JSON upload" in page and "Club night 9" in page


def test_every_table_of_the_pages_has_a_name(client):
    """A screen reader lists a page's tables by their names: each has one (aria-label, or the heading it names)."""
    flagged = upload(client, "r-capture-all.seep")
    lines = statement_lines(example("game-standard-1.seep").decode())
    first_deal = [line for line in lines[:lines.index("deal 2 dealer S")] if not line.startswith("[")]
    keeper = Keeper(client)
    keeper.add_all(first_deal)
    kinds = set()
    partnership = re.search(r'href="(/partnerships/[^"]+)"', client.get("/players/1").get_data(as_text=True)).group(1)
    for path in ("/", f"/games/{flagged}", "/players/1", partnership, f"/live/{keeper.id}", f"/live/{keeper.id}/board"):
        answer = client.get(path)
        page = answer.get_data(as_text=True)
        assert answer.status_code == 200, path
        ids = {e.attrs["id"] for e in elements(page) if "id" in e.attrs}
        for table in (e for e in elements(page) if e.tag == "table"):
            kinds |= table.classes
            assert table.attrs.get("aria-label") or table.attrs.get("aria-labelledby") in ids, (path, table.attrs)
    assert {"games", "scoresheet", "findings", "source", "record", "live-ledger-table", "deal-end-scores"} <= kinds


def test_a_form_other_than_an_upload_over_the_limit_is_told_what_was_sent_is_too_large(client):
    """An event's form sent too large is not told about Seep logs (its page said 'The upload is too large')."""
    response = client.post("/events/new", data={"csrf_token": csrf_token(client), "name": "x" * (LIMIT + 10)})
    assert response.status_code == 413 and response.mimetype == "text/html"
    text = response.get_data(as_text=True)
    assert f"What was sent is too large: the limit is {LIMIT // 1024:,} KiB." in text and "Seep log" not in text
