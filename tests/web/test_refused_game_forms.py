"""A game page's refused replace or delete form, and an upload whose check code expired, come back on their page:
the page itself (not a redirect to its top, nor an error page), with the refusal's status, the form keeping what
was sent (the token, the corrected log, a chosen file's text) and saying why in a focused alert above it, the
page's other form as it always is, and nothing stored changed. Sent again as it came back, the form goes through."""
from __future__ import annotations

import html
import io
import re

import pytest

from tests.web.helpers import assert_envelope, example
from tests.web.test_finding_languages import translations
from tests.web.test_manage import upload_page
from tests.web.test_refused_forms import UNCHECKED, control, csrf_of, expired_check_code, form_of


def uploaded(client, name: str = "e-card.seep") -> tuple[int, str, str]:
    """A game stored through the upload page: its id, its manage token and its page."""
    location, _, token = upload_page(client, name).headers["Location"].partition("#token=")
    return int(location.rsplit("/", 1)[1]), token, client.get(location).get_data(as_text=True)


def textarea(form: str) -> str:
    start = form.index('id="replace-text"')
    return html.unescape(form[form.index(">", start) + 1:form.index("</textarea>", start)]).removeprefix("\r\n")


def alert(form: str) -> str:
    """The words of the form's focused alert."""
    assert 'id="form-problems" role="alert" tabindex="-1" autofocus' in form
    start = form.index(">", form.index('id="form-problems"')) + 1
    return " ".join(html.unescape(re.sub(r"<[^>]+>", "", form[start:form.index("</div>", start)])).split())


def test_a_delete_with_a_wrong_token_comes_back_on_the_game_page_with_the_token_marked(client):
    game, _, page = uploaded(client)
    refused = client.post(f"/games/{game}/delete", data={"csrf_token": csrf_of(page), "token": "wrong"})
    body = refused.get_data(as_text=True)
    assert refused.status_code == 403 and refused.headers["Cache-Control"] == "no-store"
    assert '<details class="manage" id="manage" open>' in body and "<h1>" in body
    delete = form_of(body, f"/games/{game}/delete")
    assert "Manage token: this is not the game's manage token" in alert(delete)
    token = control(delete, "delete-token")
    assert 'value="wrong"' in token and 'aria-invalid="true"' in token
    assert 'aria-describedby="delete-token-error"' in token and 'id="delete-token-error"' in delete
    replace = form_of(body, f"/games/{game}/replace")
    assert "form-problems" not in replace and 'value=""' in control(replace, "replace-token")
    assert textarea(replace) == example("e-card.seep").decode()  # it opens on the current log, as always
    assert client.get(f"/games/{game}").status_code == 200


def test_a_replace_with_a_wrong_token_keeps_the_corrected_log_and_the_token(client):
    game, _, page = uploaded(client)
    corrected = example("e-card.seep").decode().replace("Club night", "Corrected night")
    refused = client.post(f"/games/{game}/replace", data={"csrf_token": csrf_of(page), "token": "not it",
                                                          "text": corrected})
    replace = form_of(refused.get_data(as_text=True), f"/games/{game}/replace")
    assert refused.status_code == 403 and "this is not the game's manage token" in alert(replace)
    assert textarea(replace) == corrected and 'value="not it"' in control(replace, "replace-token")
    assert "Corrected night" not in client.get(f"/games/{game}.seep").get_data(as_text=True)


def test_a_refused_file_is_put_in_the_text_box_to_be_corrected_and_sent_again(client):
    game, token, page = uploaded(client)
    sent = example("game-standard-2.seep")
    refused = client.post(f"/games/{game}/replace", data={
        "csrf_token": csrf_of(page), "token": "wrong", "file": (io.BytesIO(sent), "night.seep")},
        content_type="multipart/form-data")
    replace = form_of(refused.get_data(as_text=True), f"/games/{game}/replace")
    assert refused.status_code == 403 and textarea(replace) == sent.decode()
    assert "The text of night.seep is in the box below, to be corrected there and sent again." in alert(replace)
    again = client.post(f"/games/{game}/replace", data={"csrf_token": csrf_of(replace), "token": token,
                                                        "text": textarea(replace)})
    assert again.status_code == 303
    assert client.get(f"/games/{game}.seep").get_data(as_text=True) == sent.decode()


def test_a_replace_refused_by_the_store_says_why_above_the_form_as_not_replaced(client):
    game, token, page = uploaded(client)
    other, _, _ = uploaded(client, "game-standard-2.seep")
    twin = example("game-standard-2.seep").decode()
    refused = client.post(f"/games/{game}/replace", data={"csrf_token": csrf_of(page), "token": token,
                                                          "text": twin})
    replace = form_of(refused.get_data(as_text=True), f"/games/{game}/replace")
    assert refused.status_code == 409 and alert(replace).startswith("Not replaced: ")
    assert f"already stored as game {other}" in alert(replace)
    assert textarea(replace) == twin and f'value="{token}"' in control(replace, "replace-token")
    empty = client.post(f"/games/{game}/replace", data={"csrf_token": csrf_of(page), "token": token, "text": " "})
    replace = form_of(empty.get_data(as_text=True), f"/games/{game}/replace")
    assert empty.status_code == 400 and "Not replaced: choose a file or paste the new log." in alert(replace)
    assert client.get(f"/games/{game}.seep").data == example("e-card.seep")


def test_a_replace_of_a_page_left_open_comes_back_as_typed_and_goes_through_when_sent_again(client):
    game, token, _ = uploaded(client)
    corrected = example("e-card.seep").decode().replace("Club night", "Corrected night")
    refused = client.post(f"/games/{game}/replace", data={"csrf_token": expired_check_code(client), "token": token,
                                                          "text": corrected})
    replace = form_of(refused.get_data(as_text=True), f"/games/{game}/replace")
    assert refused.status_code == 400 and refused.headers["Cache-Control"] == "no-store"
    assert UNCHECKED.format(why="the form has expired") in alert(replace)
    assert textarea(replace) == corrected and f'value="{token}"' in control(replace, "replace-token")
    assert "Corrected night" not in client.get(f"/games/{game}.seep").get_data(as_text=True)
    again = client.post(f"/games/{game}/replace", data={"csrf_token": csrf_of(replace), "token": token,
                                                        "text": textarea(replace)})
    assert again.status_code == 303 and "Corrected night" in client.get(f"/games/{game}.seep").get_data(
        as_text=True)


def test_a_delete_of_a_page_left_open_comes_back_and_deletes_nothing(client):
    game, token, _ = uploaded(client)
    refused = client.post(f"/games/{game}/delete", data={"csrf_token": expired_check_code(client), "token": token})
    delete = form_of(refused.get_data(as_text=True), f"/games/{game}/delete")
    assert refused.status_code == 400 and UNCHECKED.format(why="the form has expired") in alert(delete)
    assert f'value="{token}"' in control(delete, "delete-token") and client.get(f"/games/{game}").status_code == 200
    again = client.post(f"/games/{game}/delete", data={"csrf_token": csrf_of(delete), "token": token})
    assert again.status_code == 303 and client.get(f"/games/{game}").status_code == 404


def test_an_upload_of_a_page_left_open_keeps_the_pasted_log_and_asks_for_the_files_again(client):
    client.get("/upload")
    pasted = example("game-standard-2.seep").decode()
    refused = client.post("/upload", data={"csrf_token": expired_check_code(client), "text": pasted,
                                           "files": [(io.BytesIO(example("e-card.seep")), "e-card.seep")]},
                          content_type="multipart/form-data")
    page = refused.get_data(as_text=True)
    said = alert(page)
    assert refused.status_code == 400 and UNCHECKED.format(why="the form has expired") in said
    assert "Choose the files again: a page cannot keep them." in said
    assert html.unescape(page).count(pasted) == 1 and client.get("/api/games").json["total"] == 0
    again = client.post("/upload", data={"csrf_token": csrf_of(page), "text": pasted})
    assert again.status_code == 302 and client.get("/api/games").json["total"] == 1


def test_a_refused_check_code_asked_for_as_json_or_of_a_game_no_more_gets_the_error(client):
    game, token, _ = uploaded(client)
    answer = client.post(f"/games/{game}/delete", data={"token": token}, headers={"Accept": "application/json"})
    assert assert_envelope(answer, 400)["error"].startswith("the form could not be checked")
    gone = client.post("/games/999/delete", data={"token": token})
    assert gone.status_code == 400 and "reload the page and send it again" in gone.get_data(as_text=True)
    assert client.get(f"/games/{game}").status_code == 200


@pytest.mark.parametrize("code", ["hi", "pa"])
def test_the_kept_file_and_the_files_to_choose_again_are_said_in_the_readers_language(client, code):
    game, _, page = uploaded(client)
    client.set_cookie("lang", code)
    words = translations(code)
    refused = client.post(f"/games/{game}/replace", data={
        "csrf_token": csrf_of(page), "token": "wrong", "file": (io.BytesIO(example("e-card.seep")), "night.seep")},
        content_type="multipart/form-data")
    kept = words["The text of %(file)s is in the box below, to be corrected there and sent again."]
    assert kept % {"file": "night.seep"} in alert(form_of(refused.get_data(as_text=True), f"/games/{game}/replace"))
    upload = client.post("/upload", data={"files": [(io.BytesIO(example("e-card.seep")), "e-card.seep")]},
                         content_type="multipart/form-data")
    assert words["Choose the files again: a page cannot keep them."] in alert(upload.get_data(as_text=True))
