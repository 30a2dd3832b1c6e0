"""Refusals in the reader's language (issue 25): a store's refusal keeps its sentence as a template and its
parameters (seeplog.said), so the HTML error page and the flash say it in Hindi or Punjabi while the JSON
API's error stays the English of its contract."""
from __future__ import annotations

import html
import re

import pytest

from seeplog.clubs.confirmations import VERDICT_WORDS, Answer, check_answer
from seeplog.refusals import Conflict, NotAllowed, NotFound
from seeplog.said import Said, retold
from seeplog.web.api.errors import as_http
from tests.web.helpers import csrf_token, upload
from tests.web.test_finding_languages import LANGUAGES, SCRIPT, translations, with_language


@pytest.mark.parametrize("code", LANGUAGES)
def test_the_404_page_of_an_unknown_live_game_says_it_in_the_readers_language(client, code):
    said = translations(code)["there is no live game {game}"].format(game=987)
    for path in ("/live/987", "/live/987/board", "/live/987/keep"):
        answer = with_language(client, code).get(path, headers={"Accept": "text/html"})
        page = html.unescape(answer.get_data(as_text=True))
        assert answer.status_code == 404 and said in page, path
        assert "there is no live game 987" not in page, path
    api = with_language(client, code).get("/api/live/987")
    assert api.status_code == 404 and api.json["error"] == "there is no live game 987"


@pytest.mark.parametrize("code", LANGUAGES)
def test_an_unknown_events_page_says_so_in_the_readers_language_and_the_api_in_english(client, code):
    page = html.unescape(with_language(client, code).get("/events/4321").get_data(as_text=True))
    assert translations(code)["there is no event {event}"].format(event=4321) in page
    api = with_language(client, code).get("/api/events/4321")
    assert api.status_code == 404 and api.json["error"] == "there is no event 4321"


def test_a_refusal_keeps_its_template_on_the_way_to_the_page():
    refusal = NotFound(Said("there is no live game {game}", game=5))
    error = as_http(refusal)
    assert error.message == "there is no live game 5" and isinstance(error.message, Said)
    assert error.message.template == "there is no live game {game}"


@pytest.mark.parametrize("code", LANGUAGES)
def test_a_refused_delete_is_said_in_the_readers_language_and_the_api_keeps_the_english(client, code):
    game_id = upload(client, "e-card.seep")
    form = with_language(client, code).get(f"/games/{game_id}").get_data(as_text=True)
    csrf = re.search(r'name="csrf_token" type="hidden" value="([^"]+)"', form).group(1)
    refused = client.post(f"/games/{game_id}/delete", data={"csrf_token": csrf, "token": "wrong"})
    flash = html.unescape(re.search(r'id="delete-token-error">(.*?)</span></span>', refused.get_data(as_text=True),
                                    re.S).group(1))
    reason = translations(code)["this is not the game's manage token"]
    assert reason in flash and SCRIPT[code].search(flash) and "manage token" not in flash
    assert client.get(f"/games/{game_id}").status_code == 200
    api = client.delete(f"/api/games/{game_id}", headers={"X-Manage-Token": "wrong"})
    assert api.status_code == 403 and api.json["error"] == "this is not the game's manage token"


@pytest.mark.parametrize("code", LANGUAGES)
def test_a_refused_admin_change_names_the_refusal_in_the_readers_language(client, code):
    upload(client, "game-standard-1.seep")
    page = with_language(client, code).get("/players/1").get_data(as_text=True)
    csrf = re.search(r'name="csrf_token" type="hidden" value="([^"]+)"', page).group(1)
    answer = client.post("/players/1/rename", data={"csrf_token": csrf, "name": "Asha", "token": "wrong"})
    text = html.unescape(answer.get_data(as_text=True))
    assert answer.status_code == 403 and translations(code)["this is not an administrator token"] in text
    assert "this is not an administrator token" not in text


@pytest.mark.parametrize("code", LANGUAGES)
def test_a_refused_upload_says_why_in_the_readers_language_and_the_api_in_english(client, code):
    english = "nothing in this text reads as a Seep log: expected tags such as [Variant \"standard\"] and 'deal N " \
              "dealer SEAT' lines"
    data = {"csrf_token": csrf_token(with_language(client, code)), "text": "hello there"}
    answer = client.post("/upload", data=data)
    page = html.unescape(answer.get_data(as_text=True))
    said = translations(code)[english + " (line {line}: {problem})"].partition("{line}")[0] + "1: "
    assert answer.status_code == 400 and said in page and english not in page
    api = client.post("/api/games", data=b"hello there", content_type="text/plain")
    assert api.status_code == 400 and api.json["error"].startswith(english + " (line 1: ")


@pytest.mark.parametrize("code", LANGUAGES)
def test_a_play_page_of_a_deal_not_there_says_so_in_the_readers_language(client, code):
    game_id = upload(client, "game-standard-1.seep")
    answer = with_language(client, code).get(f"/games/{game_id}/deals/99/plays/1")
    page = html.unescape(answer.get_data(as_text=True))
    assert answer.status_code == 404 and translations(code)["there is no deal {deal}"].format(deal=99) in page
    assert "there is no deal 99" not in page
    api = client.get(f"/api/games/{game_id}/deals/99/plays/1")
    assert api.status_code == 404 and api.json["error"] == "there is no deal 99"


@pytest.mark.parametrize("code", LANGUAGES)
def test_a_form_sent_without_its_check_says_so_in_the_readers_language(client, code):
    template = "the form could not be checked ({why}): reload the page and send it again"
    answer = with_language(client, code).post("/upload", data={"text": "hello there"})
    page = html.unescape(answer.get_data(as_text=True))
    assert answer.status_code == 400
    assert translations(code)[template].partition("{why}")[0] in page and template.partition("{why}")[0] not in page


@pytest.mark.parametrize("code", LANGUAGES)
def test_a_confirmations_refusal_has_no_english_word_inside_its_translation(code):
    """The words a refusal puts inside its sentence are said in the reader's language too: "none yet", a team
    list joined by "and", the verdict of the opponents' own answer were English in a Hindi sentence."""
    words = translations(code)
    with pytest.raises(Conflict) as not_over:
        check_answer(Answer(1, "EW", "confirmed", {"NS": 60, "EW": 40}), ("NS", "EW"), {})
    with pytest.raises(NotAllowed) as no_team:
        check_answer(Answer(1, "XY", "confirmed", {"NS": 60, "EW": 40}), ("NS", "EW"), {1: {"NS": 60, "EW": 40}})
    for refusal, english in ((not_over.value, "none yet"), (no_team.value, " and ")):
        said = retold(refusal.message, lambda t: words.get(t, t))
        assert said != refusal.message and english not in said, said
    assert all(retold(w, lambda t: words.get(t, t)) != w for w in VERDICT_WORDS.values())
