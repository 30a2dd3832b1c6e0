"""The pages' forms (seeplog/web/forms.py, clubs/forms.py): a refused field is marked for assistive technology
(aria-invalid, aria-describedby naming its error and its hint), one summary of the refusals takes the focus,
and every sentence a form says, WTForms' own and Flask-WTF's included, is in the reader's language."""
from __future__ import annotations

import html
import re

import pytest
from wtforms.validators import Length, NumberRange

from seeplog.web.clubs import forms as club_forms
from seeplog.web import forms as page_forms
from tests.web.helpers import example
from tests.web.markup import elements, text_of
from tests.web.test_finding_languages import LANGUAGES, SCRIPT, translations, with_language


def form_token(client, path: str) -> str:
    page = client.get(path).get_data(as_text=True)
    return re.search(r'name="csrf_token" type="hidden" value="([^"]+)"', page).group(1)


def new_event(client, **fields):
    data = {"csrf_token": form_token(client, "/events/new"), "name": "Night", "variant": "standard",
            "partnerships": "A & B\nC & D", **fields}
    return client.post("/events/new", data=data)


def control(page: str, id: str):
    return next(e for e in elements(page) if e.attrs.get("id") == id and e.tag in ("input", "select", "textarea"))


def test_a_refused_field_names_its_error_and_its_hint_and_is_marked_invalid(client):
    answer = new_event(client, date="25/11/2026", partnerships="Asha")
    page = answer.get_data(as_text=True)
    assert answer.status_code == 400
    for id in ("date", "partnerships"):
        field = control(page, id)
        assert field.attrs["aria-invalid"] == "true"
        assert field.attrs["aria-describedby"] == f"{id}-error {id}-hint"
        assert text_of(page, f"{id}-error") and text_of(page, f"{id}-hint")
    assert "a date as YYYY-MM-DD" in text_of(page, "date-error")
    partnerships = text_of(page, "partnerships-error")  # every refusal at once, the other fields' too
    assert "give 2 names" in partnerships and "at least two" in partnerships
    place = control(page, "place")
    assert "aria-invalid" not in place.attrs and "aria-describedby" not in place.attrs
    assert control(page, "target").attrs["aria-describedby"] == "target-hint"  # its hint, though not refused
    assert 'value="25/11/2026"' in page  # what was sent stays to be corrected


def test_a_refused_form_has_one_alert_its_summary_focused_with_a_link_to_each_field(client):
    page = new_event(client, date="someday", partnerships="Asha").get_data(as_text=True)
    alerts = [e for e in elements(page) if e.attrs.get("role") == "alert"]
    assert [a.attrs["id"] for a in alerts] == ["form-problems"]
    assert "autofocus" in alerts[0].attrs and alerts[0].attrs["tabindex"] == "-1"
    summary = text_of(page, "form-problems")
    assert summary.startswith("The event was not created: see the marked fields.")
    links = [e.attrs["href"] for e in elements(page) if e.tag == "a" and e.inside("form-problems")]
    assert links == ["#date", "#partnerships"]


def test_the_start_page_ties_its_errors_and_hints_to_their_fields_too(client):
    data = {"csrf_token": form_token(client, "/live/new"), "variant": "two-player", "west": "Asha",
            "target": "lots"}
    page = client.post("/live/new", data=data).get_data(as_text=True)
    assert control(page, "west").attrs["aria-describedby"] == "west-error west-hint"
    assert control(page, "target").attrs["aria-describedby"] == "target-error target-hint"
    assert control(page, "north").attrs.get("aria-invalid") is None
    links = [e.attrs["href"] for e in elements(page) if e.tag == "a" and e.inside("form-problems")]
    assert links == ["#west", "#target"]  # in the order the page shows the fields
    assert [e.attrs["id"] for e in elements(page) if e.attrs.get("role") == "alert"] == ["form-problems"]


@pytest.mark.parametrize("code", LANGUAGES)
@pytest.mark.parametrize("path, fields, english", [
    ("/events/new", {"target": "lots"}, "a whole number, in digits"),
    ("/events/new", {"target": "0"}, "a whole number from %(min)s to %(max)s"),
    ("/events/new", {"variant": "bridge"}, "choose one of the choices offered"),
    ("/events/new", {"name": "N" * 121}, "at most %(num)s characters"),
    ("/live/new", {"date": "2026-13-45"}, "a date as YYYY-MM-DD"),
    ("/live/new", {"rotation": "sideways"}, "choose one of the choices offered"),
])
def test_wtforms_own_sentences_are_said_in_the_readers_language(client, code, path, fields, english):
    with_language(client, code)
    data = {"csrf_token": form_token(client, path), "name": "Night", "variant": "standard",
            "partnerships": "A & B\nC & D", **fields}
    page = html.unescape(client.post(path, data=data).get_data(as_text=True))
    said = translations(code)[english] % {"min": 1, "max": 9999, "num": 120}
    assert said in page and SCRIPT[code].search(said)
    for wtforms_own in ("Not a valid", "Number must be", "Field cannot be longer"):
        assert wtforms_own not in page


def test_every_sentence_wtforms_says_of_a_value_it_cannot_read_is_its_own():
    """The sentences mapped are WTForms' very words (its catalog template), so none slips through untranslated."""
    from pathlib import Path

    import wtforms

    pot = (Path(wtforms.__file__).parent / "locale" / "wtforms.pot").read_text(encoding="utf-8")
    assert all(f'msgid "{sentence}"' in pot for sentence in page_forms.WTFORMS_SENTENCES)


def test_every_length_and_range_check_of_the_forms_says_its_own_sentence():
    """A validator's default sentence would be WTForms' English: each is given one of the pages' sentences."""
    forms = [cls for module in (page_forms, club_forms) for cls in vars(module).values()
             if isinstance(cls, type) and issubclass(cls, page_forms.PageForm)]
    checks = [v for form in forms for field in vars(form).values() if hasattr(field, "kwargs")
              for v in [*field.kwargs.get("validators", ()), *(field.args[1] if len(field.args) > 1 else ())]
              if isinstance(v, (Length, NumberRange))]
    assert len(checks) >= 8 and all(v.message for v in checks)


@pytest.mark.parametrize("code", LANGUAGES)
def test_a_form_sent_without_its_check_code_says_why_in_the_readers_language(client, code):
    answer = with_language(client, code).post("/events/new", data={"name": "Night"})
    page = html.unescape(answer.get_data(as_text=True))
    assert answer.status_code == 400
    assert translations(code)["its check code is missing"] in page and "CSRF" not in page


TAGGED = ('[Site "The hall"]\n[Round "2"]\n[Scorer "Esha"]\n[BaaziTarget "100"]\n[MaxHouses "4"]\n'
          '[Rotation "team"]\n[Colour "blue"]\n')


def test_every_tag_the_notation_knows_has_a_name_for_people():
    from seeplog.notation.tags import KNOWN_TAGS

    assert set(page_forms.TAG_TITLES) == set(KNOWN_TAGS)


@pytest.mark.parametrize("code", LANGUAGES)
def test_the_scoresheet_names_its_tags_in_the_readers_words_with_the_notations_name_beside(client, code):
    log = example("game-standard-1.seep").decode().replace('[Date "2026-01-03"]\n', '[Date "2026-01-03"]\n' + TAGGED)
    game = client.post("/api/games", data=log.encode(), content_type="text/plain").json["id"]
    page = html.unescape(with_language(client, code).get(f"/games/{game}").get_data(as_text=True))
    tags = dict(re.findall(r"<div><dt>(.*?)</dt><dd>(.*?)</dd></div>", page.split('<dl class="tags">')[1]
                           .split("</dl>")[0], re.S))
    said = translations(code)
    for name, title in (("Site", "Place"), ("Round", "Round"), ("Scorer", "Scorer"), ("BaaziTarget", "Baazi target"),
                        ("MaxHouses", "Most houses on the floor"), ("Rotation", "Dealer rotation")):
        label = next(dt for dt in tags if dt.startswith(said[title] + " "))
        code = f'<code class="tag-name" lang="en" title="{said["the tag written in a log"]}">{name}</code>'
        assert label.endswith(code)
    values = {dt.split(" <code")[0]: dd for dt, dd in tags.items()}
    assert values[said["Dealer rotation"]] == said["Team"] and values[said["Place"]] == "The hall"
    assert values["Colour"] == "blue"  # a tag the notation does not know: as written


def test_in_english_a_tags_code_is_shown_only_where_its_name_for_people_differs(client):
    log = example("game-standard-1.seep").decode().replace('[Date "2026-01-03"]\n', '[Date "2026-01-03"]\n' + TAGGED)
    game = client.post("/api/games", data=log.encode(), content_type="text/plain").json["id"]
    page = client.get(f"/games/{game}").get_data(as_text=True)
    assert "<dt>Baazi target</dt><dd>100</dd>" in page and "<dt>Round</dt><dd>2</dd>" in page
    assert re.search(r'<dt>Place <code class="tag-name"[^>]*>Site</code></dt><dd>The hall</dd>', page)


@pytest.mark.parametrize("code", LANGUAGES)
def test_the_keep_pages_seat_names_are_in_the_readers_language(client, code):
    game = client.post("/api/live", json={"variant": "standard"}).json["id"]
    page = with_language(client, code).get(f"/live/{game}/keep").get_data(as_text=True)
    form = page.split('id="tags-form"')[1].split("</form>")[0]
    labels = re.findall(r"<label>([^<]*) <input name=\"(\w+)\"", form)
    said = translations(code)
    assert [(label, name) for label, name in labels if name in ("North", "West", "South", "East")] == [
        (said[name], name) for name in ("North", "West", "South", "East")]
