"""The pages in English, Hindi and Punjabi (issue 25): the reader's choice (cookie, else Accept-Language) with no
change of address, every sentence of the pages marked for translation (the templates scanned, the web shell's
flash messages and form errors checked, the catalogs extracted afresh), and every message of the catalog
translated into Hindi and Punjabi with the same placeholders."""
from __future__ import annotations

import ast
import html
import json
import re
from html.parser import HTMLParser
from pathlib import Path

import pytest
from babel.messages.pofile import read_po

from seeplog.web.scripttext import script_sentences
from seeplog.web.spoken import notation_words
from tests.web.helpers import upload
from tests.web.test_live_pages import post_new
from tools.messages import TRANSLATIONS, extract

ROOT = Path(__file__).resolve().parents[2]
TEMPLATES = ROOT / "templates"
LANGUAGES = ("hi", "pa")
PLACEHOLDER = re.compile(r"%\(\w+\)s|\{\w+\}|</?\w+[^>]*>")
DEVANAGARI, GURMUKHI = re.compile("[\u0900-\u097f]"), re.compile("[\u0a00-\u0a7f]")


def catalog(code: str):
    with (TRANSLATIONS / code / "LC_MESSAGES" / "messages.po").open("rb") as po:
        return read_po(po)


def marks(text: str) -> list[str]:
    return sorted(PLACEHOLDER.findall(text))


@pytest.mark.parametrize("code", LANGUAGES)
def test_every_message_of_the_pages_has_its_translation(code):
    extracted = {m.id for m in extract() if m.id}
    translated = catalog(code)
    assert extracted <= {m.id for m in translated if m.id}, "run `python tools/messages.py`, then translate"
    script = DEVANAGARI if code == "hi" else GURMUKHI
    for message in translated:
        if not message.id:
            continue
        ids = message.id if isinstance(message.id, tuple) else (message.id,)
        strings = message.string if isinstance(message.string, tuple) else (message.string,)
        assert all(strings) and not message.fuzzy, f"{code}: no translation of {ids[0]!r}"
        for text in strings:
            assert marks(text) in (marks(i) for i in ids), f"{code}: {ids[0]!r} keeps its placeholders and tags"
        letters = re.sub(PLACEHOLDER, "", ids[0])
        if re.search(r"[a-z]{3}", letters) and not re.fullmatch(r"[A-Z]+|API|JSON report", ids[0]):
            assert any(script.search(text) for text in strings), f"{code}: {ids[0]!r} is left in English"


def test_the_catalog_template_is_the_extraction_of_today():
    with (TRANSLATIONS / "messages.pot").open("rb") as pot:
        kept = {m.id for m in read_po(pot) if m.id}
    assert kept == {m.id for m in extract() if m.id}, "run `python tools/messages.py`"


class TemplateText(HTMLParser):
    """The text a person reads that a template writes out as it is: text nodes and the attributes a reader
    or a screen reader hears, once Jinja's tags, expressions and comments are taken out."""

    SPOKEN = ("title", "aria-label", "placeholder", "alt", "data-label")
    QUIET = ("code", "kbd", "script", "style", "pre")

    def __init__(self) -> None:
        super().__init__()
        self.found: list[str] = []
        self.quiet = 0

    def handle_starttag(self, tag, attrs):
        if tag in self.QUIET:
            self.quiet += 1
        self.found += [value for name, value in attrs if name in self.SPOKEN and value]

    def handle_endtag(self, tag):
        if tag in self.QUIET:
            self.quiet -= 1

    def handle_data(self, data):
        if not self.quiet:
            self.found.append(data)


JINJA = re.compile(r"\{#.*?#\}|\{%-?\s*trans\b.*?\{%-?\s*endtrans\s*-?%\}|\{\{.*?\}\}|\{%.*?%\}", re.S)
NOT_WORDS = re.compile(r"^(seeplog|UTC|openapi\.json|[NSEW]|μ|σ|#|[2-9TJQKA][shdc])$")  # cards stay in notation


def unmarked(source: str) -> list[str]:
    parser = TemplateText()
    parser.feed(JINJA.sub(" ", source))
    words = [w for text in parser.found for w in re.findall(r"[A-Za-z][A-Za-z'’.]+", text)]
    return [w for w in words if not NOT_WORDS.match(w)]


@pytest.mark.parametrize("template", sorted(p.relative_to(TEMPLATES).as_posix() for p in TEMPLATES.rglob("*.html")))
def test_no_template_writes_a_sentence_not_marked_for_translation(template):
    assert unmarked((TEMPLATES / template).read_text(encoding="utf-8")) == []


def test_the_template_scan_finds_a_sentence_left_unmarked():
    assert unmarked('<p title="the hint">Every play {{ _("follows") }}<code>W Jd</code></p>') == [
        "the", "hint", "Every", "play"]


SAID = {"flash": 0, "ValidationError": 0, "PasswordField": 0, "StringField": 0, "TextAreaField": 0,
        "IntegerField": 0, "SelectField": 0, "FileField": 0, "MultipleFileField": 0, "DateField": 0,
        "DataRequired": 0, "SelectChoice": 1}
"""The web shell's calls whose argument (at this place) a person reads: a flash message, a form's label,
a validator's message, a choice's label."""


def plain_sentences(tree: ast.AST) -> list[str]:
    found = []
    for call in (n for n in ast.walk(tree) if isinstance(n, ast.Call)):
        name = getattr(call.func, "id", getattr(call.func, "attr", ""))
        if name in SAID and len(call.args) > SAID[name]:
            arg = call.args[SAID[name]]
            if isinstance(arg, ast.JoinedStr) or (isinstance(arg, ast.Constant) and isinstance(arg.value, str)):
                found.append(f"{name}: {ast.unparse(arg)}")
    return found


def test_the_web_shell_flashes_and_labels_only_marked_sentences():
    api = ROOT / "seeplog" / "web" / "api"  # the JSON API's messages stay in English
    found = [f"{path.name}: {said}" for path in sorted((ROOT / "seeplog" / "web").rglob("*.py"))
             if api not in path.parents for said in plain_sentences(ast.parse(path.read_text(encoding="utf-8")))]
    assert found == []
    assert plain_sentences(ast.parse('flash("Deleted.")\nflash(gettext("Deleted."))')) == ["flash: 'Deleted.'"]


def test_the_scripts_sentences_are_found_in_the_scripts():
    sentences = script_sentences()
    assert "Not recorded: {item}" in sentences and "Live · checks every few seconds" in sentences
    assert all(not s.startswith(("${", "`")) for s in sentences)


def test_the_language_comes_from_the_cookie_else_the_browser(client):
    english = client.get("/").get_data(as_text=True)
    assert '<html lang="en">' in english and "<h1>Games</h1>" in english
    hindi = client.get("/", headers={"Accept-Language": "hi-IN,hi;q=0.9,en;q=0.5"}).get_data(as_text=True)
    assert '<html lang="hi">' in hindi and "<h1>खेल</h1>" in hindi
    client.set_cookie("lang", "pa")
    punjabi = client.get("/", headers={"Accept-Language": "hi"})
    assert '<html lang="pa">' in punjabi.get_data(as_text=True) and "<h1>ਖੇਡਾਂ</h1>" in punjabi.get_data(as_text=True)
    assert {"Cookie", "Accept-Language"} <= set(punjabi.vary)


def test_choosing_a_language_keeps_the_address(client):
    game = upload(client, "game-standard-1.seep")
    chosen = client.post("/language", data={"lang": "pa", "next": f"/games/{game}?part=1"})
    assert chosen.status_code == 303 and chosen.headers["Location"] == f"/games/{game}?part=1"
    assert "lang=pa" in chosen.headers["Set-Cookie"] and "HttpOnly" in chosen.headers["Set-Cookie"]
    page = client.get(f"/games/{game}").get_data(as_text=True)
    assert '<html lang="pa">' in page and "ਸਕੋਰਸ਼ੀਟ" in page
    assert f'name="next" value="/games/{game}"' in page  # the chooser sends the reader back where they were
    away = client.post("/language", data={"lang": "hi", "next": "//evil.example/"})
    assert away.headers["Location"] == "/"  # never to another site
    unknown = client.post("/language", data={"lang": "xx", "next": "/"})
    assert "Set-Cookie" not in unknown.headers
    assert '<html lang="hi">' in client.get("/").get_data(as_text=True)


@pytest.mark.parametrize("target", ["/\n/evil.example", "/\r\n/evil.example", "/\t/evil.example",
                                    "/\x00/evil.example", "/\x1b/evil.example", "/\x7f", "/\u0085/evil.example",
                                    "/\u2028/evil.example", "/\\evil.example", "\\\\evil.example",
                                    "https://evil.example/", " //evil.example", "///evil.example", "evil", ""])
def test_choosing_a_language_never_goes_to_another_site(client, target):
    away = client.post("/language", data={"lang": "hi", "next": target})
    assert away.status_code == 303 and away.headers["Location"] == "/"


@pytest.mark.parametrize("target", ["/games?page=2&player=Asha", "/https://evil.example", "/:/a", "/a?b=//c#//d"])
def test_choosing_a_language_keeps_any_path_of_this_site(client, target):
    assert client.post("/language", data={"lang": "hi", "next": target}).headers["Location"] == target


def test_choosing_a_language_keeps_the_place_on_the_page(client):
    """The chooser's script adds the page's fragment to `next` (the server never sees a fragment): kept."""
    game = upload(client, "game-standard-1.seep")
    chosen = client.post("/language", data={"lang": "hi", "next": f"/games/{game}#L27"})
    assert chosen.status_code == 303 and chosen.headers["Location"] == f"/games/{game}#L27"
    assert client.post("/language", data={"lang": "hi", "next": "//evil.example/#L27"}).headers["Location"] == "/"


@pytest.mark.parametrize("code, said", [("en", "Skip to content"), ("hi", "मुख्य सामग्री पर जाएँ"),
                                        ("pa", "ਮੁੱਖ ਸਮੱਗਰੀ 'ਤੇ ਜਾਓ")])
def test_every_page_opens_with_a_link_past_its_header_to_its_content(client, code, said):
    client.set_cookie("lang", code)
    page = html.unescape(client.get("/events").get_data(as_text=True))
    body = page.split("<body>")[1]
    first = re.search(r"<(a|button|input|select|textarea)\b[^>]*>([^<]*)", body)
    assert first.group(0) == f'<a class="skip-link" href="#main">{said}' and '<main id="main" tabindex="-1">' in body


def test_the_scripts_read_their_sentences_from_the_page(client):
    client.set_cookie("lang", "hi")
    page = client.get("/").get_data(as_text=True)
    block = re.search(r'<script type="application/json" id="page-strings">(.*?)</script>', page, re.S)
    assert json.loads(block.group(1))["Not recorded: {item}"] == "नहीं लिखा गया: {item}"
    client.set_cookie("lang", "en")
    assert 'id="page-strings"' not in client.get("/").get_data(as_text=True)  # English: the scripts' own


ENGLISH_SAID = re.compile(r'(?:\bel\("\w+", "[^"]*", "|link\([^,()]+, "|(?:textContent|placeholder) = "|field\(")'
                          r'[A-Za-z]')
"""A script writing an English sentence onto the page itself, not through its translation."""


def test_the_directors_view_says_its_sentences_in_the_readers_language(client):
    static = ROOT / "seeplog" / "web" / "static"
    scripts = [static / "director.js", *(static / "director").glob("*.js")]
    director = "".join(p.read_text(encoding="utf-8") for p in scripts)
    assert ENGLISH_SAID.findall(director) == []
    assert ENGLISH_SAID.findall('box.append(el("summary", "", "Correct an entry"));') != []  # the scan finds one
    assert {"Round {round} · Table {table}", "{count} with a refused score"} <= set(script_sentences())
    for code, round_table in (("hi", "राउंड {round} · मेज़ {table}"), ("pa", "ਰਾਊਂਡ {round} · ਮੇਜ਼ {table}")):
        client.set_cookie("lang", code)
        page = client.get("/").get_data(as_text=True)
        block = re.search(r'<script type="application/json" id="page-strings">(.*?)</script>', page, re.S)
        assert json.loads(block.group(1))["Round {round} · Table {table}"] == round_table


def test_numbers_are_written_in_the_readers_locale(app):
    with app.test_request_context(headers={"Cookie": "lang=hi"}):
        render = app.jinja_env.from_string("{{ 1234567 | number }} · {{ 2.25 | decimal1 }}").render
        assert render() == "12,34,567 · 2.2"  # Indian grouping (lakh, crore)
    with app.test_request_context():
        assert app.jinja_env.from_string("{{ 1234567 | number }}").render() == "1,234,567"
        assert app.jinja_env.from_string("{{ -0.04 | decimal1 }} {{ -0.06 | decimal1 }}").render() == "0.0 -0.1"


def test_form_errors_are_in_the_readers_language(client):
    client.set_cookie("lang", "pa")
    page = client.get("/live/new").get_data(as_text=True)
    token = re.search(r'name="csrf_token" type="hidden" value="([^"]+)"', page).group(1)
    answer = client.post("/live/new", data={"csrf_token": token, "variant": "two-player", "west": "Asha",
                                            "target": "lots"})
    text = answer.get_data(as_text=True)
    assert "ਸੀਟ ਨਹੀਂ ਹੈ: ਇਸ ਨੂੰ ਖ਼ਾਲੀ ਛੱਡੋ" in text and "ਪੂਰੀ ਗਿਣਤੀ" in text


def test_the_standings_order_said_on_the_page_is_the_librarys():
    from seeplog.clubs.standings import ORDER

    assert f"Ranked by {ORDER}." in {m.id for m in extract() if m.id}  # the page says it in the reader's words


def test_a_refused_admin_form_says_why_in_the_readers_language(client):
    upload(client, "game-standard-1.seep")
    client.set_cookie("lang", "hi")
    page = client.get("/players/1").get_data(as_text=True)
    token = re.search(r'name="csrf_token" type="hidden" value="([^"]+)"', page).group(1)
    answer = client.post("/players/1/rename", data={"csrf_token": token, "name": "Asha"})
    assert answer.status_code == 400 and "प्रशासक टोकन चाहिए" in answer.get_data(as_text=True)


def test_the_kept_leaderboard_is_kept_per_language(client):
    upload(client, "game-standard-1.seep")
    assert "<h1>Leaderboard</h1>" in client.get("/leaderboard").get_data(as_text=True)
    client.set_cookie("lang", "pa")
    assert "<h1>ਲੀਡਰਬੋਰਡ</h1>" in client.get("/leaderboard").get_data(as_text=True)


def test_the_kept_board_of_a_live_game_is_kept_per_language(client):
    game = client.post("/api/live", json={"variant": "standard"}).json["id"]
    assert "The floor" in client.get(f"/live/{game}/board").get_data(as_text=True)
    client.set_cookie("lang", "hi")
    assert "ज़मीन" in client.get(f"/live/{game}/board").get_data(as_text=True)


def test_the_play_pages_floor_is_described_in_words(client):
    game = upload(client, "game-standard-1.seep")
    page = client.get(f"/games/{game}/deals/1/plays/15").get_data(as_text=True)
    words = re.findall(r'<p class="sr-only floor-words">(.*?)</p>', page, re.S)
    assert words and all(re.search(r"loose cards?: |house of \d+", w) for w in words)  # one per floor not empty
    cards = re.findall(r'data-cards="([^"]+)"', page)  # every house's cards are in the sentence too, in words
    with client.application.test_request_context():
        assert cards and all(any(notation_words(c) in w for w in words) for c in cards)
    assert not any(re.search(r"\b[2-9TJQKA][shdc]\b", w) for w in words)
    client.set_cookie("lang", "pa")
    page = client.get(f"/games/{game}/deals/1/plays/5").get_data(as_text=True)
    assert re.search(r'<p class="sr-only floor-words">[^<]*(ਖੁੱਲ੍ਹ|ਘਰ)', page)


def test_a_qr_codes_text_alternative_is_in_the_readers_language(client):
    client.set_cookie("lang", "hi")
    html_text = post_new(client).get_data(as_text=True)
    assert "देखने के लिंक http://localhost/live/" in html_text and "QR code of" not in html_text


def test_the_provisional_note_ends_with_the_readers_full_stop(client):
    game = upload(client, "provisional.seep")
    client.set_cookie("lang", "hi")
    note = re.search(r'<p class="provisional-why".*?</p>', client.get(f"/games/{game}").get_data(as_text=True), re.S)
    first = re.sub(r"<[^>]+>", "", note.group(0)).split("\n")[1].strip()  # the line after the heading
    assert first.endswith("।") and not first.endswith(".")


def test_the_logs_notation_is_marked_as_english_not_the_pages_language(client):
    game = upload(client, "game-standard-1.seep")
    client.set_cookie("lang", "hi")
    page = client.get(f"/games/{game}").get_data(as_text=True)
    assert '<html lang="hi"' in page and '<code lang="en" translate="no">deal 1 dealer' in page
