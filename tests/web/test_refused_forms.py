"""A refused administrator's or organiser's form comes back on its page: the page itself (not an error page),
with the refusal's status, the form keeping what was typed and saying why beside it (a focused alert, the field
aria-invalid and described by its error), the page's other forms empty, and nothing stored changed."""
from __future__ import annotations

import html
import re
import time

import pytest
from itsdangerous import TimestampSigner, URLSafeTimedSerializer

from seeplog.web.catalog import LANGUAGES
from tests.web.clubs_helpers import admin_token, named, player_id, store_text
from tests.web.test_clubs_events import create
from tests.web.test_finding_languages import translations

FOUR = {"North": "Asha", "South": "Ravi", "East": "Meena", "West": "Dev"}
UNCHECKED = "the form could not be checked ({why}), so nothing was changed: send it again"


def csrf_of(html: str) -> str:
    return html.split('name="csrf_token" type="hidden" value="')[1].split('"')[0]


def control(html: str, control_id: str) -> str:
    """The opening tag of the control with this id."""
    return re.search(rf'<(?:input|textarea|select)[^>]*\bid="{control_id}"[^>]*>', html).group(0)


def form_of(html: str, action: str) -> str:
    """The form posting to `action`, whole."""
    start = html.index(f'action="{action}"')
    return html[start:html.index("</form>", start)]


def test_a_wrong_token_comes_back_on_the_player_page_with_what_was_typed(client, runner):
    store_text(client, named("game-standard-1.seep", FOUR))
    asha = player_id(client, "Asha")
    csrf = csrf_of(client.get(f"/players/{asha}").get_data(as_text=True))
    refused = client.post(f"/players/{asha}/rename", data={"csrf_token": csrf, "name": "Asha Kaur", "token": "wrong"})
    html = refused.get_data(as_text=True)
    assert refused.status_code == 403 and "<h1>Asha</h1>" in html and '<details class="manage" id="admin" open>' in html
    rename = form_of(html, f"/players/{asha}/rename")
    assert 'id="form-problems" role="alert" tabindex="-1" autofocus' in rename
    assert 'value="Asha Kaur"' in control(rename, "rename-name")
    token = control(rename, "rename-token")
    assert 'value="wrong"' in token and 'aria-invalid="true"' in token
    assert 'aria-describedby="rename-token-error"' in token
    assert re.search(r'id="rename-token-error"><span class="one">this is not an administrator token', rename)
    merge = form_of(html, f"/players/{asha}/merge")
    assert 'value=""' in control(merge, "merge-token") and "form-problems" not in merge  # the other forms: empty
    assert client.get(f"/api/players/{asha}").json["name"] == "Asha"


def test_a_refused_merge_says_why_above_its_form_and_keeps_the_number(client, runner):
    store_text(client, named("game-standard-1.seep", FOUR))
    token = admin_token(runner)
    asha, ravi = player_id(client, "Asha"), player_id(client, "Ravi")
    csrf = csrf_of(client.get(f"/players/{asha}").get_data(as_text=True))
    before = client.get("/api/players").json
    for into, status, said in ((2 ** 62, 404, f"no player {2 ** 62}"), (ravi, 409, "both sat in game"),
                               ("", 400, "name the player to merge into")):
        refused = client.post(f"/players/{asha}/merge", data={"csrf_token": csrf, "into": into, "token": token})
        merge = form_of(refused.get_data(as_text=True), f"/players/{asha}/merge")
        assert refused.status_code == status and said in merge, (into, merge)
        assert f'value="{into}"' in control(merge, "merge-into") and f'value="{token}"' in control(merge, "merge-token")
    assert client.get("/api/players").json == before


def test_a_refused_organiser_form_comes_back_on_the_event_page(client):
    event_id, organiser = create(client, pairs=[["A", "B"], ["C", "D"]])
    html = client.get(f"/events/{event_id}").get_data(as_text=True)
    csrf = csrf_of(html)
    made = client.post(f"/events/{event_id}/rounds", data={"csrf_token": csrf, "token": organiser})
    assert made.status_code == 303
    rounds = client.get(f"/api/events/{event_id}").json["rounds"]
    again = client.post(f"/events/{event_id}/rounds", data={"csrf_token": csrf, "token": organiser})
    html = again.get_data(as_text=True)
    assert again.status_code == 409 and "<h1>Club night</h1>" in html
    assert "role=\"alert\"" in form_of(html, f"/events/{event_id}/rounds")
    attach = client.post(f"/events/{event_id}/games", data={"csrf_token": csrf, "game": "7", "round": "1",
                                                            "token": "wrong"})
    form = form_of(attach.get_data(as_text=True), f"/events/{event_id}/games")
    assert attach.status_code == 403 and 'value="7"' in control(form, "attach-game")
    assert 'value="1"' in control(form, "attach-round") and 'aria-invalid="true"' in control(form, "attach-token")
    by_hand = client.post(f"/events/{event_id}/rounds/by-hand", data={"csrf_token": csrf, "tables": "1 against 2",
                                                                      "token": organiser})
    form = form_of(by_hand.get_data(as_text=True), f"/events/{event_id}/rounds/by-hand")
    assert by_hand.status_code == 400 and ">1 against 2</textarea>" in form
    assert "line 1: write a table as two partnership numbers" in form
    assert 'aria-describedby="hand-tables-error"' in control(form, "hand-tables")
    assert client.get(f"/api/events/{event_id}").json["rounds"] == rounds


def store_state(client, event_id: int | None = None) -> tuple:
    """What the store holds that a form could change: the players with their names, and the event."""
    players = [client.get(f"/api/players/{p['id']}").json for p in client.get("/api/players").json["players"]]
    return [(p["id"], p["name"], p["aliases"]) for p in players], (
        client.get(f"/api/events/{event_id}").json if event_id else None)


def two_named_asha(client, runner) -> tuple[int, int]:
    """Asha, who holds two names ("Asha K." merged into her, so her page has the Split form), and Ravi."""
    store_text(client, named("game-standard-1.seep", FOUR))
    store_text(client, named("game-standard-2.seep", {**FOUR, "North": "Asha K."}))
    asha, ravi = player_id(client, "Asha"), player_id(client, "Ravi")
    merged = client.post(f"/api/players/{player_id(client, 'Asha K.')}/merge", json={"into": asha},
                         headers={"Authorization": f"Bearer {admin_token(runner)}"})
    assert merged.status_code == 200
    return asha, ravi


PLAYER_FORMS = {"merge": "into", "rename": "name", "split": "alias"}
"""The player page's forms, by key, with their field beside the token."""


@pytest.mark.parametrize("token, status, said", [("wrong", 403, "this is not an administrator token"),
                                                 ("", 400, "the administrator token is needed")])
@pytest.mark.parametrize("key", PLAYER_FORMS)
def test_each_player_form_with_a_wrong_or_no_token_comes_back_as_typed(client, runner, key, token, status, said):
    asha, ravi = two_named_asha(client, runner)
    csrf = csrf_of(client.get(f"/players/{asha}").get_data(as_text=True))
    typed = {"merge": str(ravi), "rename": "Asha Kaur", "split": "asha k."}[key]
    before = store_state(client)
    refused = client.post(f"/players/{asha}/{key}", data={"csrf_token": csrf, PLAYER_FORMS[key]: typed,
                                                          "token": token})
    html = refused.get_data(as_text=True)
    assert refused.status_code == status and refused.headers["Cache-Control"] == "no-store"
    assert "<h1>Asha</h1>" in html
    form = form_of(html, f"/players/{asha}/{key}")
    assert 'role="alert" tabindex="-1" autofocus' in form and said in form
    kept = control(form, f"{key}-token")
    assert f'value="{token}"' in kept and 'aria-invalid="true"' in kept
    assert f'aria-describedby="{key}-token-error"' in kept and f'id="{key}-token-error"' in form
    assert f'value="{typed}"' in form and 'aria-invalid' not in control(form, f"{key}-{PLAYER_FORMS[key]}")
    for other in set(PLAYER_FORMS) - {key}:  # the page's other forms: empty, saying nothing
        blank = form_of(html, f"/players/{asha}/{other}")
        assert 'value=""' in control(blank, f"{other}-token") and "form-problems" not in blank
    assert store_state(client) == before


def test_a_refused_split_says_why_above_its_form_and_keeps_the_name(client, runner):
    asha, _ = two_named_asha(client, runner)
    csrf = csrf_of(client.get(f"/players/{asha}").get_data(as_text=True))
    before = store_state(client)
    refused = client.post(f"/players/{asha}/split", data={"csrf_token": csrf, "alias": "Meena",
                                                          "token": admin_token(runner)})
    form = form_of(refused.get_data(as_text=True), f"/players/{asha}/split")
    assert refused.status_code == 400 and "&#39;meena&#39; is not a name of this player" in form
    assert 'id="form-problems" role="alert"' in form and store_state(client) == before


ORGANISER_FORMS = {"rounds": ("round", {}), "organise": ("keep", {}), "rounds/by-hand": ("hand", {"tables": "1 v 2"}),
                   "games": ("attach", {"game": "7", "round": "1"}), "games/detach": ("detach", {"game": "7"}),
                   "partnerships/withdraw": ("withdraw", {"pair": "2"})}
"""The event page's organiser forms, by the end of their address: their key and what else was typed."""


@pytest.mark.parametrize("token, status, said", [("wrong", 403, "this is not the event&#39;s organiser token"),
                                                 ("", 400, "the organiser token is needed")])
@pytest.mark.parametrize("action", ORGANISER_FORMS)
def test_each_organiser_form_with_a_wrong_or_no_token_comes_back_as_typed(client, action, token, status, said):
    event_id, _ = create(client, pairs=[["A", "B"], ["C", "D"]])
    csrf = csrf_of(client.get(f"/events/{event_id}").get_data(as_text=True))
    key, typed = ORGANISER_FORMS[action]
    before = store_state(client, event_id)
    refused = client.post(f"/events/{event_id}/{action}", data={"csrf_token": csrf, "token": token, **typed})
    html = refused.get_data(as_text=True)
    assert refused.status_code == status and refused.headers["Cache-Control"] == "no-store"
    assert "<h1>Club night</h1>" in html and '<details class="manage" id="organiser" open>' in html
    form = form_of(html, f"/events/{event_id}/{action}")
    assert 'role="alert" tabindex="-1" autofocus' in form and said in form
    kept = control(form, f"{key}-token")
    assert f'value="{token}"' in kept and 'aria-invalid="true"' in kept
    assert all(f'value="{value}"' in control(form, f"{key}-{name}") or f">{value}</textarea>" in form
               or f'<option value="{value}" selected>' in form for name, value in typed.items())
    assert html.count('value="wrong"') == (token == "wrong") and html.count('id="form-problems"') == 1
    assert store_state(client, event_id) == before


class HoursAgo(TimestampSigner):
    def get_timestamp(self) -> int:
        return int(time.time()) - 2 * 3600


def expired_check_code(client) -> str:
    """The check code (CSRF token) a page opened two hours ago gave: it expires after one."""
    with client.session_transaction() as session:
        return URLSafeTimedSerializer("test", salt="wtf-csrf-token", signer=HoursAgo).dumps(session["csrf_token"])


@pytest.mark.parametrize("code", LANGUAGES)
def test_a_player_form_of_a_page_left_open_comes_back_as_typed_to_be_sent_again(client, runner, code):
    store_text(client, named("game-standard-1.seep", FOUR))
    asha, token = player_id(client, "Asha"), admin_token(runner)
    client.set_cookie("lang", code)
    client.get(f"/players/{asha}")
    refused = client.post(f"/players/{asha}/rename", data={"csrf_token": expired_check_code(client),
                                                           "name": "Asha Kaur", "token": token})
    rename = form_of(refused.get_data(as_text=True), f"/players/{asha}/rename")
    words = translations(code) if code != "en" else {}
    said = words.get(UNCHECKED, UNCHECKED).format(why=words.get("the form has expired", "the form has expired"))
    assert refused.status_code == 400 and refused.headers["Cache-Control"] == "no-store"
    assert html.escape(said) in rename and 'id="form-problems" role="alert"' in rename
    assert 'value="Asha Kaur"' in control(rename, "rename-name") and f'value="{token}"' in control(rename,
                                                                                                 "rename-token")
    assert client.get(f"/api/players/{asha}").json["name"] == "Asha"
    again = client.post(f"/players/{asha}/rename", data={"csrf_token": csrf_of(rename), "name": "Asha Kaur",
                                                         "token": token})  # as it came back: it goes through
    assert again.status_code == 303 and client.get(f"/api/players/{asha}").json["name"] == "Asha Kaur"


def test_an_organiser_form_of_a_page_left_open_comes_back_as_typed_to_be_sent_again(client):
    event_id, organiser = create(client, pairs=[["A", "B"], ["C", "D"]])
    client.get(f"/events/{event_id}")
    before = store_state(client, event_id)
    refused = client.post(f"/events/{event_id}/rounds", data={"csrf_token": expired_check_code(client),
                                                              "token": organiser})
    form = form_of(refused.get_data(as_text=True), f"/events/{event_id}/rounds")
    assert refused.status_code == 400 and refused.headers["Cache-Control"] == "no-store"
    assert UNCHECKED.format(why="the form has expired") in form and f'value="{organiser}"' in form
    assert store_state(client, event_id) == before
    by_hand = client.post(f"/events/{event_id}/rounds/by-hand", data={"tables": "1 v 2", "token": organiser})
    form = form_of(by_hand.get_data(as_text=True), f"/events/{event_id}/rounds/by-hand")
    assert by_hand.status_code == 400 and UNCHECKED.format(why="its check code is missing") in form
    assert ">1 v 2</textarea>" in form and store_state(client, event_id) == before
    again = client.post(f"/events/{event_id}/rounds", data={"csrf_token": csrf_of(form), "token": organiser})
    assert again.status_code == 303 and len(client.get(f"/api/events/{event_id}").json["rounds"]) == 1


def test_a_new_event_of_a_page_left_open_comes_back_as_typed(client):
    client.get("/events/new")
    refused = client.post("/events/new", data={"csrf_token": expired_check_code(client), "name": "Late night",
                                               "variant": "standard", "partnerships": "A & B\nC & D"})
    page = refused.get_data(as_text=True)
    assert refused.status_code == 400 and UNCHECKED.format(why="the form has expired") in page
    assert 'value="Late night"' in control(page, "name") and "A &amp; B\nC &amp; D</textarea>" in page
    assert client.get("/events").get_data(as_text=True).count("Late night") == 0


def test_a_refused_check_code_elsewhere_still_gets_the_error_page(client):
    store_text(client, named("game-standard-1.seep", FOUR))
    answer = client.post(f"/players/{player_id(client, 'Asha')}/rename", data={"name": "X", "token": "t"},
                         headers={"Accept": "application/json"})
    assert answer.status_code == 400 and answer.json["error"].startswith("the form could not be checked")
    page = client.post("/players/999/rename", data={"name": "X", "token": "t"})
    assert page.status_code == 400 and "reload the page and send it again" in page.get_data(as_text=True)
