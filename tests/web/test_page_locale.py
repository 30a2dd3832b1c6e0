"""The pages in the reader's locale (issue 25): dates and numbers written as Hindi, Punjabi and English readers
write them (Babel), while the stored values and the JSON stay as they were; a date that names no whole day shown
as written; the keep page's verdict in words in the reader's language; and, on the key pages in Hindi, no English
word left in what a person reads."""
from __future__ import annotations

import json
import re
from datetime import date, datetime, timezone
from html.parser import HTMLParser

import pytest
from babel.dates import format_date
from flask_babel import force_locale
from werkzeug.exceptions import RequestEntityTooLarge

from seeplog.web.forms import variant_title
from seeplog.web.dates import day_of, local_date, local_moment
from seeplog.web.statuswords import status_sentence
from tests.web.helpers import make_app, upload

DEVANAGARI, GURMUKHI = re.compile("[\u0900-\u097f]"), re.compile("[\u0a00-\u0a7f]")
SCRIPT = {"hi": DEVANAGARI, "pa": GURMUKHI}


def row_date(page: str) -> str:
    return re.search(r'<td class="date"[^>]*>([^<]*)</td>', page).group(1)


@pytest.mark.parametrize("code", ["en", "hi", "pa"])
def test_a_games_date_is_written_in_the_readers_locale(client, code):
    game = upload(client, "game-standard-1.seep")
    client.set_cookie("lang", code)
    shown = row_date(client.get("/").get_data(as_text=True))
    assert shown == format_date(date(2026, 1, 3), "medium", locale=code) and "2026-01-03" not in shown
    assert code == "en" or SCRIPT[code].search(shown)  # the month in the reader's script
    heading = re.search(r"<h2>(.*?)</h2>", client.get(f"/games/{game}").get_data(as_text=True)).group(1)
    assert heading.endswith(shown)  # the scoresheet's heading: event · date
    assert client.get(f"/api/games/{game}").json["tags"]["Date"] == "2026-01-03"  # the JSON as it was


def test_the_english_and_indian_dates_differ_as_their_readers_write_them(client):
    upload(client, "game-standard-1.seep")
    said = {}
    for code in ("en", "hi", "pa"):
        client.set_cookie("lang", code)
        said[code] = row_date(client.get("/").get_data(as_text=True))
    assert said["en"] == "Jan 3, 2026" and said["hi"].startswith("3 ") and said["pa"].startswith("3 ")
    assert len(set(said.values())) == 3


def test_a_date_that_names_no_whole_day_is_shown_as_written(app):
    assert day_of("2026.11.25") == date(2026, 11, 25) and day_of("2026-02-30") is None
    assert day_of("????.??.??") is None and day_of("Diwali 2026") is None
    with app.test_request_context(headers={"Cookie": "lang=hi"}):
        render = app.jinja_env.from_string("{{ d | date }}").render
        assert render(d="2026.11.??") == "2026.11.??" and render(d="????.??.??") == "????.??.??"
        assert render(d="2026.11.25") == format_date(date(2026, 11, 25), "medium", locale="hi")


def test_a_dotted_date_is_read_as_the_day_it_names(app):
    with app.test_request_context(headers={"Cookie": "lang=pa"}):
        assert local_date("2026.11.25") == format_date(date(2026, 11, 25), "medium", locale="pa")
        assert local_date("") == "" and local_date(None) == "" and local_date("soon") == "soon"


def test_an_upload_time_is_written_in_the_readers_locale(app, client):
    game = upload(client, "game-standard-1.seep")
    stored = client.get(f"/api/games/{game}").json["uploaded"]
    moment = datetime.fromisoformat(stored)
    for code in ("en", "hi", "pa"):
        client.set_cookie("lang", code)
        page = client.get(f"/games/{game}").get_data(as_text=True)
        with app.test_request_context(), force_locale(code):
            written = local_moment(stored)
        assert format_date(moment, "medium", locale=code) in written and f"{moment:%H:%M}" in written
        assert f"{written} UTC" in page and stored[:16].replace("T", " ") not in page
    assert client.get(f"/api/games/{game}").json["uploaded"] == stored


def test_a_time_with_no_zone_is_read_as_utc_and_a_bad_one_shown_as_it_is(app):
    with app.test_request_context(), force_locale("en"):
        assert local_moment("2026-11-25 09:06") == "Nov 25, 2026, 09:06"
        assert local_moment(datetime(2026, 11, 25, 9, 6, tzinfo=timezone.utc).isoformat()) == "Nov 25, 2026, 09:06"
        assert local_moment("yesterday") == "yesterday"


def test_an_events_date_is_written_in_the_readers_locale(client):
    made = client.post("/api/events", json={"name": "Club night", "variant": "standard", "date": "2026-11-25",
                                            "partnerships": [["Asha", "Ravi"], ["Meena", "Dev"]]}).json
    for code in ("hi", "pa"):
        client.set_cookie("lang", code)
        expected = format_date(date(2026, 11, 25), "medium", locale=code)
        assert expected in client.get(f"/events/{made['id']}").get_data(as_text=True)
        assert expected in client.get("/events").get_data(as_text=True)
    assert client.get(f"/api/events/{made['id']}").json["date"] == "2026-11-25"


@pytest.mark.parametrize(("code", "limit"), [("en", "204,800"), ("hi", "2,04,800"), ("pa", "2,04,800")])
def test_a_large_number_on_a_page_is_grouped_as_the_reader_groups_it(tmp_path, code, limit):
    """The upload limit on the 413 page (here 200 MiB): Indian grouping in Hindi and Punjabi (lakh)."""
    app = make_app(tmp_path / "s.db", MAX_CONTENT_LENGTH=200 * 1024 * 1024)
    with app.test_request_context(), force_locale(code):
        said = status_sentence(RequestEntityTooLarge(), "")
    assert f"{limit} KiB" in said and (code == "en" or SCRIPT[code].search(said))


# ---------------------------------------------------------------- the keep page's verdict in words

SWEEP = ("deal 1 dealer N", "floor Kd 9s 2s 2c", "bid W 13", "W Kh x Kd 9s+2s+2c")


def kept(client) -> tuple[int, dict]:
    """A live game whose first play sweeps the floor; its id and the answer to that play."""
    live = client.post("/api/live", json={"variant": "standard"}).json
    version, answer = live["version"], {}
    for line in SWEEP:
        answer = client.post(f"/api/live/{live['id']}/entries", json={"line": line, "version": version},
                             headers={"Authorization": f"Bearer {live['edit_token']}"}).json
        version = answer["version"]
    return live["id"], answer


def said_as_the_script_says_it(said: dict, strings: dict[str, str]) -> str:
    """static/text.js's seeplogSaid, over the page's strings: the template's translation, its parameters filled
    (a parameter that is a template of its own said first)."""
    values = {name: said_as_the_script_says_it(v, strings) if isinstance(v, dict) else str(v)
              for name, v in said["params"].items()}
    return re.sub(r"\{(\w+)\}", lambda m: values.get(m.group(1), m.group(0)), strings.get(said["template"],
                                                                                        said["template"]))


def page_strings(client, game_id: int) -> dict[str, str]:
    """The keep page's strings (#page-strings) in the reader's language."""
    page = client.get(f"/live/{game_id}/keep").get_data(as_text=True)
    block = re.search(r'<script type="application/json" id="page-strings">(.*?)</script>', page, re.S)
    return json.loads(block.group(1)) if block else {}


def test_the_keep_pages_verdict_is_said_in_the_readers_language(client):
    game, answer = kept(client)
    verdict = answer["verdict"]
    assert verdict["words"] == "W takes Kd and 9s+2s+2c with Kh; a sweep"  # the API's English
    assert said_as_the_script_says_it(verdict["words_said"], {}) == verdict["words"]
    client.set_cookie("lang", "hi")
    assert said_as_the_script_says_it(verdict["words_said"], page_strings(client, game)) == \
        "W ने Kh से उठाया: Kd और 9s+2s+2c; सीप"
    client.set_cookie("lang", "pa")
    assert said_as_the_script_says_it(verdict["words_said"], page_strings(client, game)) == \
        "W ਨੇ Kh ਨਾਲ ਚੁੱਕਿਆ: Kd ਅਤੇ 9s+2s+2c; ਸੀਪ"


def test_the_follow_board_says_the_plays_and_why_a_seat_deals_in_the_readers_language(client):
    game, _ = kept(client)
    client.set_cookie("lang", "hi")
    page = client.get(f"/live/{game}").get_data(as_text=True)
    assert "W ने Kh से उठाया: Kd और 9s+2s+2c; सीप" in page
    assert "डील 1, चाल 2 — S की बारी" in page


# ---------------------------------------------------------------- no English left

class Visible(HTMLParser):
    """What a person reads on a page: text and the labels a screen reader says, less code, scripts and the
    language chooser (each language's name in itself)."""

    QUIET = ("code", "pre", "script", "style", "kbd", "textarea")

    def __init__(self) -> None:
        super().__init__()
        self.text: list[str] = []
        self.quiet = 0

    def handle_starttag(self, tag, attrs):
        values = dict(attrs)
        if tag in self.QUIET or (tag == "form" and "language" in (values.get("class") or "")):
            self.quiet += 1
        self.text += [v for k, v in attrs if k in ("aria-label", "title", "alt") and v and not self.quiet]

    def handle_endtag(self, tag):
        if tag in self.QUIET or tag == "form":
            self.quiet = max(0, self.quiet - 1)

    def handle_data(self, data):
        if not self.quiet:
            self.text.append(data)


def visible(page: str) -> str:
    parser = Visible()
    parser.feed(page)
    return " ".join(parser.text)


ENGLISH = ("takes", "builds", "throws", "cementing", "sweep", "leads by", "the lead", "dealer", "deal ",
           "house", "loose", "of spades", "of hearts", "played", "in progress", "kept live", "pasted log",
           "Not Found", "Game ", "not yet", "baazis", "cards", "to play", "plays", "Jan ", "uploaded")
"""Words of the pages that the last review found left in English."""


def test_the_visible_text_reader_skips_code_and_the_chooser():
    page = ('<form class="language"><button>English</button></form><p title="the deal">x</p>'
            '<code>W Jd</code><p>takes</p>')
    assert visible(page).split() == ["the", "deal", "x", "takes"]


def test_the_key_pages_in_hindi_leave_no_known_english_word(client):
    game = upload(client, "r-capture-all.seep")
    live, _ = kept(client)
    event = client.post("/api/events", json={"name": "Club night", "variant": "standard", "date": "2026-11-25",
                                             "partnerships": [["Asha", "Ravi"], ["Meena", "Dev"]]}).json["id"]
    client.set_cookie("lang", "hi")
    pages = {"games": "/", "scoresheet": f"/games/{game}", "play": f"/games/{game}/deals/2/plays/48",
             "follow": f"/live/{live}", "board": f"/live/{live}/board", "event": f"/events/{event}",
             "missing": "/games/9999/nothing"}
    left = {}
    for name, path in pages.items():
        text = visible(client.get(path).get_data(as_text=True))
        found = [w for w in ENGLISH if w in text or w.lower() in text]
        if found:
            left[name] = found
    assert left == {}


def test_a_count_in_a_sentence_is_grouped_as_the_reader_groups_it(app):
    """ngettext's %(num)s is the count as it is unless the page passes it through `number` (as the games list's
    count and the leaderboard's totals do)."""
    page = "{{ ngettext('%(num)s game.', '%(num)s games.', n, num=n | number) }}"
    with app.test_request_context(headers={"Cookie": "lang=hi"}):
        assert app.jinja_env.from_string(page).render(n=123456).startswith("1,23,456 ")
    with app.test_request_context():
        assert app.jinja_env.from_string(page).render(n=123456) == "123,456 games."
        assert app.jinja_env.from_string(page.replace(", num=n | number", "")).render(n=123456) == "123456 games."


@pytest.mark.parametrize("code", ["hi", "pa"])
def test_a_games_variant_is_named_in_the_readers_language(client, code):
    game = upload(client, "game-standard-1.seep")
    client.set_cookie("lang", code)
    cell = re.search(r'<td class="variant"[^>]*>([^<]*)</td>', client.get("/").get_data(as_text=True)).group(1)
    assert SCRIPT[code].search(cell) and "standard" not in cell
    with client.application.test_request_context(headers={"Accept-Language": code}):
        title = variant_title("standard")
    assert cell == title and title in client.get(f"/games/{game}").get_data(as_text=True)
    assert client.get(f"/api/games/{game}").json["variant"] == "standard"  # the JSON as it was
    player = client.get("/api/players").json["players"][0]["url"]
    assert f'<span class="hint">{title}</span>' in client.get(player).get_data(as_text=True)  # a player's games
