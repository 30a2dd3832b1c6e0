"""A refused administrator's or organiser's form comes back on its page: the page itself (not an error page),
with the refusal's status, the form keeping what was typed and saying why beside it (a focused alert, the field
aria-invalid and described by its error), the page's other forms empty, and nothing stored changed."""
from __future__ import annotations

import re

from tests.web.clubs_helpers import admin_token, named, player_id, store_text
from tests.web.test_clubs_events import create

FOUR = {"North": "Asha", "South": "Ravi", "East": "Meena", "West": "Dev"}


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
