"""Findings in the reader's language (issue 25): the library keeps each finding's sentence as a template and its
parameters (seeplog.said), every template is in the Hindi and Punjabi catalogs with the same placeholders, the
pages say a finding in the reader's language, and the JSON API and report keep the English `message`."""
from __future__ import annotations

import ast
import html
import json
import random
import re
from string import Formatter

import pytest
from babel.messages.pofile import read_po

from seeplog import analyse
from seeplog.report import report_json
from seeplog.rules import RULES
from seeplog.said import Said, retold, said_json
from seeplog.web.findings import SHORTENED, said_templates
from tests.helpers import EXAMPLES
from tests.hostile_logs import hostile_log
from tests.web.clubs_helpers import named, player_id, store_text
from tests.web.helpers import csrf_token, example, upload
from tools.messages import TRANSLATIONS

ROOT = TRANSLATIONS.parents[2]
LANGUAGES = ("hi", "pa")
SCRIPT = {"hi": re.compile("[\u0900-\u097f]"), "pa": re.compile("[\u0a00-\u0a7f]")}


def translations(code: str) -> dict[str, str]:
    with (TRANSLATIONS / code / "LC_MESSAGES" / "messages.po").open("rb") as po:
        return {m.id: m.string for m in read_po(po) if m.id and m.string and not m.context}  # "North", not the seat's


def fields(template: str) -> list[str]:
    return sorted(name for _, name, _, _ in Formatter().parse(template) if name)


@pytest.mark.parametrize("code", LANGUAGES)
def test_every_template_of_the_library_is_translated_with_its_placeholders(code):
    catalog = translations(code)
    templates = [*said_templates(), *SHORTENED, *(r.summary for r in RULES.values()),
                 *(r.explanation for r in RULES.values())]
    assert len(said_templates()) > 100
    for template in templates:
        assert template in catalog, f"{code}: {template!r} has no translation"
        said = catalog[template]
        assert fields(said) == fields(template), f"{code}: {template!r} keeps its placeholders"
        said.format(**{name: "x" for name in fields(template)})  # formats as the English does: no stray brace
        words = re.sub(r"\{\w+\}", "", template)
        assert SCRIPT[code].search(said) or not re.search(r"[a-z]{3}", words), template


def test_the_library_says_every_finding_from_a_template_written_out():
    """Each `Said(...)` of the library names its template as a string, so that the extraction finds it."""
    loose = []
    for module in sorted((ROOT / "seeplog").rglob("*.py")):
        if "web" in module.relative_to(ROOT).parts or module.name == "said.py":
            continue
        for node in ast.walk(ast.parse(module.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Call) and getattr(node.func, "id", "") == "Said" and not (
                    node.args and isinstance(node.args[0], ast.Constant) and isinstance(node.args[0].value, str)):
                loose.append(f"{module.name}:{node.lineno}")
    assert loose == []


def logs_with_findings() -> list[str]:
    """The examples, and hostile logs (their lines cut, doubled, mistyped) for the notation reader's errors."""
    chooser = random.Random(25)
    return [p.read_text(encoding="utf-8") for p in sorted(EXAMPLES.glob("*.seep"))] + \
        [hostile_log(chooser) for _ in range(150)]


def findings(text: str):
    for game in analyse(text).games:
        yield from game.findings()


@pytest.mark.parametrize("code", LANGUAGES)
def test_every_finding_is_said_again_in_each_language(code):
    catalog = translations(code)
    seen: set[str] = set()
    for text in logs_with_findings():
        for finding in findings(text):
            assert isinstance(finding.message, Said), f"{finding.rule}: {finding.message!r} is no Said"
            said = retold(finding.message, lambda t: catalog[t])
            assert SCRIPT[code].search(said), said
            seen.add(finding.message.template)
    assert len(seen) > 40  # the examples and hostile logs reach this many of the sentences


def test_a_said_reads_as_its_english_and_keeps_its_parts():
    said = Said("{word} is not {what}: expected {seats}", word="'X'", what=Said("a seat"), seats="N, W, S or E")
    assert said == "'X' is not a seat: expected N, W, S or E" and said.fields["what"].template == "a seat"
    assert said_json(said) == {"template": "{word} is not {what}: expected {seats}",
                               "params": {"word": "'X'", "what": {"template": "a seat", "params": {}},
                                          "seats": "N, W, S or E"}}
    assert said_json("plain") is None and retold("plain", str.upper) == "plain"


# ---------------------------------------------------------------- pages

ENGLISH = "Kc left Td+3s on the floor, which it also takes"


def with_language(client, code: str):
    client.set_cookie("lang", code)
    return client


@pytest.mark.parametrize("code", LANGUAGES)
def test_the_play_page_says_the_flagged_play_in_the_readers_language(client, code):
    game = upload(client, "r-capture-all.seep")
    report = client.get(f"/api/games/{game}/report").json
    messages = [v["message"] for g in report["games"] for d in g["deals"] for v in d["violations"]]
    assert ENGLISH in messages  # the API's report stays English
    page = html.unescape(with_language(client, code).get(f"/games/{game}/deals/2/plays/48").get_data(as_text=True))
    said = translations(code)["{card} left {cards} on the floor, which it also takes"].format(card="Kc", cards="Td+3s")
    assert said in page and ENGLISH not in page
    assert translations(code)["Take everything you can"] in page  # the rule's summary and explanation too
    assert translations(code)[RULES["R-CAPTURE-ALL"].explanation] in page
    sheet = html.unescape(client.get(f"/games/{game}").get_data(as_text=True))
    assert said in sheet and ENGLISH not in sheet
    assert ENGLISH in with_language(client, "en").get(f"/games/{game}/deals/2/plays/48").get_data(as_text=True)


@pytest.mark.parametrize("code", LANGUAGES)
def test_an_uploaded_logs_notation_error_is_said_in_the_readers_language(client, code):
    with_language(client, code)
    data = {"csrf_token": csrf_token(client), "text": example("e-syntax.seep").decode()}
    stored = client.post("/upload", data=data, follow_redirects=True)
    page = html.unescape(stored.get_data(as_text=True))
    english = next(e["message"] for e in report_json(analyse(example("e-syntax.seep").decode()))["games"][0]["deals"][0]
                   ["errors"])
    assert english not in page
    error = next(f for f in findings(example("e-syntax.seep").decode()) if f.rule == "E-SYNTAX")
    said = retold(error.message, lambda t: translations(code)[t])
    assert said in page
    game = int(re.search(r"/games/(\d+)", stored.request.path).group(1))
    api = client.get(f"/api/games/{game}/report").json
    assert english in [e["message"] for g in api["games"] for d in g["deals"] for e in d["errors"]]


def test_the_live_api_gives_each_finding_its_template_and_parameters(client):
    made = client.post("/api/live", json={"variant": "standard"}).json
    token = {"Authorization": f"Bearer {made['edit_token']}"}
    version = made["version"]
    for line in ("deal 1 dealer N", "floor Kh Jc 9s 2s", "bid E 14"):
        answer = client.post(f"/api/live/{made['id']}/entries", json={"line": line, "version": version}, headers=token)
        version = answer.json["version"]
    verdict = answer.json["verdict"]["violations"][0]
    assert verdict["message"] == "the bid 14 is not 9 to 13"  # English, as the report says it
    assert verdict["said"] == {"template": "the bid {value} is not 9 to 13", "params": {"value": 14}}
    entry = client.get(f"/api/live/{made['id']}").json["entries"][-1]
    assert entry["findings"][0]["said"]["template"] == "the bid {value} is not 9 to 13"
    outcomes = client.get(f"/api/live/{made['id']}/outcomes?card=Ks").json["outcomes"]
    broken = [v for o in outcomes for v in o["violations"]]
    assert broken and all(v["said"]["template"] in said_templates() for v in broken)


def test_the_keep_page_carries_the_findings_templates_in_its_language(client):
    made = client.post("/api/live", json={"variant": "standard"}).json
    keep = with_language(client, "hi").get(f"/live/{made['id']}/keep").get_data(as_text=True)
    strings = json.loads(re.search(r'<script type="application/json" id="page-strings">(.*?)</script>', keep,
                                   re.S).group(1))
    assert strings["the bid {value} is not 9 to 13"] == translations("hi")["the bid {value} is not 9 to 13"]
    assert set(said_templates()) <= set(strings)
    games = client.get("/").get_data(as_text=True)  # a page that shows no live findings carries none
    assert "the bid {value} is not 9 to 13" not in games


def kept_with_a_wrong_bid(client) -> dict:
    made = client.post("/api/live", json={"variant": "standard"}).json
    version = made["version"]
    for line in ("deal 1 dealer N", "floor Kh Jc 9s 2s", "bid E 14"):
        answer = client.post(f"/api/live/{made['id']}/entries", json={"line": line, "version": version},
                             headers={"Authorization": f"Bearer {made['edit_token']}"})
        version = answer.json["version"]
    return made


@pytest.mark.parametrize("code", LANGUAGES)
def test_the_follow_page_and_its_board_say_the_findings_in_the_readers_language(client, code):
    made = kept_with_a_wrong_bid(client)
    said = translations(code)["the bid {value} is not 9 to 13"].format(value=14)
    for path in (f"/live/{made['id']}", f"/live/{made['id']}/board"):
        page = html.unescape(with_language(client, code).get(path).get_data(as_text=True))
        assert said in page and "the bid 14 is not 9 to 13" not in page, path
        assert translations(code)["Bid 9 to 13"] in page, path


def test_the_directors_flagged_plays_carry_their_template_and_the_page_its_translations(client):
    made = client.post("/api/events", json={"name": "Club night", "variant": "standard",
                                            "partnerships": [["Asha", "Ravi"], ["Meena", "Dev"]]}).json
    organiser = {"Authorization": f"Bearer {made['organiser_token']}"}
    table = client.post(f"/api/events/{made['id']}/rounds", headers=organiser).json["tables"][0]
    live = f"/api/live/{table['game_id']}"
    version = client.get(live).json["version"]
    for line in ("deal 1 dealer N", "floor Kh Jc 9s 2s", "bid E 14"):
        answer = client.post(f"{live}/entries", json={"line": line, "version": version},
                             headers={"Authorization": f"Bearer {table['edit_token']}"})
        assert answer.status_code == 201, answer.json
        version = answer.json["version"]
    flagged = client.get(f"/api/events/{made['id']}/director", headers=organiser).json["tables"][0]["flagged"]
    assert flagged[0]["message"] == "the bid 14 is not 9 to 13"
    assert flagged[0]["said"] == {"template": "the bid {value} is not 9 to 13", "params": {"value": 14}}
    page = with_language(client, "pa").get(f"/events/{made['id']}/director").get_data(as_text=True)
    strings = json.loads(re.search(r'id="page-strings">(.*?)</script>', page, re.S).group(1))
    assert strings["the bid {value} is not 9 to 13"] == translations("pa")["the bid {value} is not 9 to 13"]


def test_a_refused_lines_error_keeps_its_english_and_carries_its_template(client):
    made = client.post("/api/live", json={"variant": "standard"}).json
    refused = client.post(f"/api/live/{made['id']}/entries",
                          json={"line": "deal 1 dealer Q", "version": made["version"]},
                          headers={"Authorization": f"Bearer {made['edit_token']}"})
    assert refused.status_code == 422
    error = refused.json["errors"][0]
    assert error["message"] == "'Q' is not the dealer: expected N, W, S or E"
    assert error["said"]["template"] == "{word} is not {what}: expected {seats}"
    assert error["said"]["params"]["what"] == {"template": "the dealer", "params": {}}


@pytest.mark.parametrize("code", LANGUAGES)
def test_the_player_page_names_the_rules_broken_in_the_readers_language(client, code):
    names = {"North": "Asha", "South": "Ravi", "East": "Meena", "West": "Dev"}
    store_text(client, named("r-capture-all.seep", names))
    pages = [html.unescape(with_language(client, code).get(f"/players/{player_id(client, name)}")
                           .get_data(as_text=True)) for name in names.values()]
    broke = [page for page in pages if "<code>R-CAPTURE-ALL</code>" in page]
    assert broke and all(translations(code)["Take everything you can"] in page for page in broke)
    assert "Take everything you can" not in "".join(broke)
