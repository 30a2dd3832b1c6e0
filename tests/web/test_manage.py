"""Replacing and deleting a stored game with its manage token (issue 12, point 11), and the upload summary
of several files (point 10)."""
import base64
import html
import io
import re
import zlib

import pytest

from tests.web.helpers import assert_envelope, csrf_token, example


def post_log(client, name: str):
    return client.post("/api/games", data=example(name), content_type="text/plain")


def test_a_new_game_gets_a_long_random_token_kept_only_as_a_hash(client, app):
    first, second = post_log(client, "e-card.seep").json, post_log(client, "e-floor.seep").json
    assert len(first["manage_token"]) >= 40 and first["manage_token"] != second["manage_token"]
    again = post_log(client, "e-card.seep")
    assert again.status_code == 200 and "manage_token" not in again.json  # only the first uploader gets one
    with app.app_context():
        from seeplog.web.db import get_db
        stored = [r["token_hash"] for r in get_db().query("select token_hash from game_tokens")]
    assert len(stored) == 2 and first["manage_token"] not in stored and len(stored[0]) == 64


@pytest.mark.parametrize("headers", [{}, {"X-Manage-Token": "not-it"}, {"Authorization": "Bearer x"}])
def test_without_the_token_nothing_changes(client, headers):
    game = post_log(client, "e-card.seep").json
    assert_envelope(client.delete(f"/api/games/{game['id']}", headers=headers), 403)
    assert_envelope(client.put(f"/api/games/{game['id']}", data=example("e-floor.seep"), content_type="text/plain",
                               headers=headers), 403)
    assert client.get(f"/api/games/{game['id']}").json["raw"] == example("e-card.seep").decode()


def test_another_games_token_does_not_work(client):
    one, two = post_log(client, "e-card.seep").json, post_log(client, "e-floor.seep").json
    assert_envelope(client.delete(f"/api/games/{one['id']}", headers={"X-Manage-Token": two["manage_token"]}), 403)


def test_put_replaces_the_log_keeping_the_id_and_the_old_text(client):
    game = post_log(client, "e-card.seep").json
    token = {"X-Manage-Token": game["manage_token"]}
    response = client.put(f"/api/games/{game['id']}", data=example("r-capture-all.seep"), content_type="text/plain",
                          headers=token)
    assert response.status_code == 200 and response.json["id"] == game["id"]
    body = client.get(f"/api/games/{game['id']}").json
    assert body["raw"] == example("r-capture-all.seep").decode() and body["event"] == "Club night 128"
    assert [h["raw"] for h in body["history"]] == [example("e-card.seep").decode()]
    assert client.get(f"/api/games/{game['id']}/report").json["games"][0]["tags"]["Event"] == "Club night 128"
    assert client.get("/api/games?event=Club night 128").json["total"] == 1
    # a log stored as another game cannot take its place; a bad log is refused; both leave it as it was
    other = post_log(client, "e-floor.seep").json
    assert_envelope(client.put(f"/api/games/{game['id']}", data=example("e-floor.seep"), content_type="text/plain",
                               headers=token), 409)
    assert_envelope(client.put(f"/api/games/{game['id']}", data=b"nothing here", content_type="text/plain",
                               headers=token), 400)
    assert client.get(f"/api/games/{game['id']}").json["event"] == "Club night 128" and other["id"]


def test_put_of_the_games_own_text_changes_nothing(client):
    game = post_log(client, "e-card.seep").json
    before = client.get(f"/api/games/{game['id']}").json
    response = client.put(f"/api/games/{game['id']}", data=example("e-card.seep"), content_type="text/plain",
                          headers={"X-Manage-Token": game["manage_token"]})
    assert response.status_code == 200 and response.json["id"] == game["id"]
    assert client.get(f"/api/games/{game['id']}").json == before and before["history"] == []


def test_delete_removes_the_game_everywhere(client):
    game = post_log(client, "e-card.seep").json
    response = client.delete(f"/api/games/{game['id']}", headers={"X-Manage-Token": game["manage_token"]})
    assert response.status_code == 204
    assert_envelope(client.get(f"/api/games/{game['id']}"), 404)
    assert client.get("/api/games").json["total"] == 0
    assert client.get(f"/games/{game['id']}").status_code == 404
    assert post_log(client, "e-card.seep").status_code == 201  # the same log can be stored again


def test_a_write_from_another_site_is_refused(client):
    game = post_log(client, "e-card.seep").json
    response = client.delete(f"/api/games/{game['id']}", headers={"X-Manage-Token": game["manage_token"],
                                                                  "Origin": "http://elsewhere.example"})
    assert_envelope(response, 403)


@pytest.mark.parametrize("header", ["X-Manage-Token", "Authorization"])
def test_a_live_game_is_not_changed_here_and_its_edit_token_is_told_where(client, header):
    live = client.post("/api/live", json={"variant": "standard"}).json
    token = live["edit_token"] if header == "X-Manage-Token" else f"Bearer {live['edit_token']}"
    said = f"game {live['id']} is a live game: it is changed with its edit token, on its keep page or through " \
           f"/api/live/{live['id']}"
    for method in ("put", "delete"):
        answer = getattr(client, method)(f"/api/games/{live['id']}", data=example("e-card.seep"),
                                         content_type="text/plain", headers={header: token})
        assert assert_envelope(answer, 403)["error"] == said
    assert client.get(f"/api/live/{live['id']}").status_code == 200


def test_the_openapi_document_describes_put_and_delete(client):
    item = client.get("/api/openapi.json").json["paths"]["/api/games/{game_id}"]
    assert {"get", "put", "delete"} <= set(item)
    assert item["delete"]["security"] == item["put"]["security"] == [{"manageToken": []}, {"bearerToken": []}]


# ---------------------------------------------------------------- the pages

def upload_page(client, *names):
    files = [(io.BytesIO(example(n)), n) for n in names]
    return client.post("/upload", data={"csrf_token": csrf_token(client), "files": files},
                       content_type="multipart/form-data")


def token_on(html: str) -> str:
    return re.search(r'<code class="secret">([^<]+)</code>', html).group(1)


def test_the_upload_page_gives_the_token_in_the_fragment_only(client):
    """The token rides in the redirect's fragment (no request carries it back, no cookie keeps it); the
    game page's script shows it. The session cookie holds no token, however it is decoded."""
    response = upload_page(client, "e-card.seep")
    assert response.headers["Cache-Control"] == "no-store"
    location, _, token = response.headers["Location"].partition("#token=")
    assert len(token) >= 40 and re.fullmatch(r"[A-Za-z0-9_-]+", token)
    cookie = client.get_cookie("session")
    assert cookie is None or token not in session_text(cookie.value)
    shown = client.get(location)
    assert shown.headers["Cache-Control"] == "no-store"  # its script shows the token: no cache keeps the page
    game_page = shown.get_data(as_text=True)
    assert token not in game_page and 'id="token" aria-labelledby="token-h" hidden' in game_page
    assert "game-token.js" in game_page


def session_text(value: str) -> str:
    """A Flask session cookie as anyone can read it: base64 (zlib-compressed when it starts with a dot)."""
    payload = value.lstrip(".").split(".")[0]
    data = base64.urlsafe_b64decode(payload + "=" * (-len(payload) % 4))
    return (zlib.decompress(data) if value.startswith(".") else data).decode("utf-8", "replace")


def test_the_page_replaces_and_deletes_behind_the_token(client):
    location, _, token = upload_page(client, "e-card.seep").headers["Location"].partition("#token=")
    game_id = int(location.rsplit("/", 1)[1])
    form = client.get(location).get_data(as_text=True)
    assert 'id="manage"' in form and f'action="/games/{game_id}/replace"' in form
    csrf = re.search(r'name="csrf_token" type="hidden" value="([^"]+)"', form).group(1)
    refused = client.post(f"/games/{game_id}/delete", data={"csrf_token": csrf, "token": "wrong"})
    assert refused.status_code == 403 and client.get(f"/games/{game_id}").status_code == 200
    replaced = client.post(f"/games/{game_id}/replace", data={
        "csrf_token": csrf, "token": token, "file": (io.BytesIO(example("e-floor.seep")), "e-floor.seep")},
        content_type="multipart/form-data")
    assert replaced.status_code == 303
    page = client.get(f"/games/{game_id}").get_data(as_text=True)
    assert "Club night 120" in page and "History" in page and "e-card.seep, uploaded" in page
    deleted = client.post(f"/games/{game_id}/delete", data={"csrf_token": csrf, "token": token})
    assert deleted.status_code == 303 and client.get(f"/games/{game_id}").status_code == 404


def test_the_games_list_shows_file_name_and_upload_time(client):
    upload_page(client, "e-card.seep")
    html = client.get("/").get_data(as_text=True)
    assert '<span class="file">e-card.seep</span>' in html
    assert re.search(r'<span class="when">[A-Z][a-z]{2} \d{1,2}, \d{4}, \d\d:\d\d</span>', html)  # English locale


def test_several_files_list_each_ones_findings(client):
    html = upload_page(client, "r-capture-all.seep", "e-card.seep", "game-standard-2.seep").get_data(as_text=True)
    assert html.count('<code class="secret">') == 3
    assert "1 violation" in html and "0 errors" in html and "1 error" in html
    assert "no violations, no errors" in html
    links = re.findall(r'<li><a href="([^"]+)"><code>([A-Z-]+)</code></a>', html)
    assert ("R-CAPTURE-ALL" in [rule for _, rule in links]) and ("E-CARD" in [rule for _, rule in links])
    for link, _ in links:
        assert client.get(link.split("#")[0]).status_code == 200


def test_a_replaced_game_is_listed_and_found_by_its_new_text(client):
    game = post_log(client, "e-card.seep").json
    put = client.put(f"/api/games/{game['id']}", data=example("game-thirty-1.seep"), content_type="text/plain",
                     headers={"X-Manage-Token": game["manage_token"]})
    assert put.status_code == 200

    def ids(**query) -> list[int]:
        return [g["id"] for g in client.get("/api/games", query_string=query).json["games"]]

    assert ids(player="Bilal") == [game["id"]] and ids(event="Club night 8") == [game["id"]]
    assert ids(player="Naveen") == [] and ids(variant="thirty-punjab") == []
    assert ids(variant="thirty") == [game["id"]] and ids(date_from="2026-08-03", date_to="2026-08-03") == [game["id"]]


def test_a_deleted_game_leaves_the_list_and_its_search(client):
    game = post_log(client, "e-card.seep").json
    token = {"X-Manage-Token": game["manage_token"]}
    assert client.delete(f"/api/games/{game['id']}", headers=token).status_code == 204
    assert client.get("/api/games", query_string={"player": "Naveen"}).json["games"] == []


def test_replace_opens_on_the_current_log(client):
    game = post_log(client, "game-standard-1.seep").json
    page = client.get(f"/games/{game['id']}").get_data(as_text=True)
    area = re.search(r'<textarea[^>]*id="replace-text"[^>]*>(.*?)</textarea>', page, re.DOTALL).group(1)
    assert html.unescape(area).strip() == example("game-standard-1.seep").decode().strip()


def test_a_log_uploaded_again_says_where_it_is_and_which_token_manages_it(client):
    first = post_log(client, "game-standard-1.seep").json
    again = post_log(client, "game-standard-1.seep")
    assert again.status_code == 200 and f"stored as #{first['id']}" in again.json["message"]
    assert "manage token was shown when it was first uploaded" in again.json["message"]
    token = csrf_token(client)
    files = [(io.BytesIO(example("game-standard-1.seep")), "one.seep"),
             (io.BytesIO(example("e-card.seep")), "two.seep")]
    page = client.post("/upload", data={"csrf_token": token, "files": files},
                       content_type="multipart/form-data").get_data(as_text=True)
    assert f"one.seep is already stored as #{first['id']}: its manage token was shown" in page
    assert f'href="/games/{first["id"]}"' in page
    single = client.post("/upload", data={"csrf_token": token, "text": example("game-standard-1.seep").decode()})
    shown = client.get(single.headers["Location"]).get_data(as_text=True)
    assert single.headers["Location"].endswith(f"/games/{first['id']}") and f"already stored as #{first['id']}" in shown


def test_a_log_too_long_to_correct_in_the_page_is_not_prefilled(client, monkeypatch):
    from seeplog.web.games import views
    text = example("game-standard-1.seep").decode()
    monkeypatch.setattr(views, "PREFILL_MOST", len(text) - 1)
    game = client.post("/api/games", data=text.encode(), content_type="text/plain").json
    page = client.get(f"/games/{game['id']}").get_data(as_text=True)
    area = re.search(r'<textarea[^>]*id="replace-text"[^>]*>(.*?)</textarea>', page, re.DOTALL).group(1)
    assert area.strip() == "" and "too long to correct here" in page
