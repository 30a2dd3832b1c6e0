"""The games list's search refused (seeplog/web/games/search.py): why, in the reader's words and tied to the
filters concerned, the filters as sent kept to be corrected, and no list that would read as the answer."""
from __future__ import annotations

import html

import pytest

from tests.web.helpers import assert_envelope, upload
from tests.web.markup import elements, text_of
from tests.web.test_finding_languages import LANGUAGES, SCRIPT, translations, with_language

REVERSED = "/?date_from=2026-05-01&date_to=2026-01-01&player=Asha&flagged=true"
OUT_OF_ORDER = "“From” is after “To”: no game can be played between them; put the earlier date first"


def inputs(page: str) -> dict[str, dict[str, str]]:
    return {e.attrs["name"]: e.attrs for e in elements(page) if e.tag in ("input", "select") and "name" in e.attrs}


@pytest.mark.parametrize("code", LANGUAGES)
def test_a_reversed_date_range_is_said_in_the_readers_words_beside_the_dates_as_sent(client, code):
    upload(client, "game-standard-1.seep")
    answer = with_language(client, code).get(REVERSED)
    page = answer.get_data(as_text=True)
    assert answer.status_code == 400
    said = text_of(html.unescape(page), "search-problems")
    assert said == translations(code)[OUT_OF_ORDER] and SCRIPT[code].search(said)
    assert "date_from" not in said and "date_to" not in said
    fields = inputs(page)
    assert fields["date_from"]["value"] == "2026-05-01" and fields["date_to"]["value"] == "2026-01-01"
    assert fields["player"]["value"] == "Asha" and "checked" in fields["flagged"]
    for name in ("date_from", "date_to"):
        assert fields[name]["aria-invalid"] == "true" and fields[name]["aria-describedby"] == "search-problems"
    assert "aria-invalid" not in fields["player"]
    assert '<tr class="status-' not in page and 'class="count"' not in page  # no list that reads as the answer
    box = next(e for e in elements(page) if e.attrs.get("id") == "search-problems")
    assert box.attrs["role"] == "alert" and "autofocus" in box.attrs


def test_a_date_not_on_the_calendar_marks_its_own_filter(client):
    page = client.get("/?date_from=2026-02-30&date_to=2026-03-01").get_data(as_text=True)
    assert text_of(page, "search-problems") == "From: “2026-02-30” is not a day of the calendar written YYYY-MM-DD"
    fields = inputs(page)
    assert fields["date_from"]["aria-invalid"] == "true" and "aria-invalid" not in fields["date_to"]
    assert fields["date_from"]["value"] == "2026-02-30"


@pytest.mark.parametrize("flagged", ["true", "1", "on", "yes"])
def test_a_refused_search_keeps_only_flagged_ticked_however_the_list_read_it(client, flagged):
    assert client.get(f"/?flagged={flagged}").status_code == 200  # the list reads each as ticked
    page = client.get(f"/?flagged={flagged}&date_from=2026-13-01").get_data(as_text=True)
    assert "checked" in inputs(page)["flagged"]


def test_a_parameter_the_form_does_not_send_is_named_and_marks_no_filter(client):
    answer = client.get("/?sort=date&variant=bridge")
    page = answer.get_data(as_text=True)
    assert answer.status_code == 400
    assert "the list cannot read sort= in the address" in text_of(page, "search-problems")
    assert "Variant: choose one of the choices offered" in text_of(page, "search-problems")
    assert [name for name, attrs in inputs(page).items() if "aria-invalid" in attrs] == ["variant"]


def test_the_api_still_refuses_a_reversed_range_in_english_by_its_field(client):
    body = assert_envelope(client.get("/api/games?date_from=2026-05-01&date_to=2026-01-01"), 400)
    assert body["errors"] == [{"field": "date_from", "message": "date_from is after date_to"}]
