"""The dispute page and the API view the same plays, the one where the replay stopped included, and show
its log error with what the line may have meant (issue 12, points 5 and 6)."""
import pytest
from jsonschema import Draft202012Validator

from tests.web.helpers import upload
from tests.web.markup import shown


# ---------------------------------------------------------------- the page and the API



@pytest.mark.parametrize("name, deal, play", [("e-syntax.seep", 1, 25), ("e-card.seep", 2, 15),
                                              ("e-floor.seep", 2, 18), ("e-ambiguous.seep", 2, 1),
                                              ("e-incomplete.seep", 1, 23)])
def test_the_page_and_the_api_view_the_same_plays(client, name, deal, play):
    game_id = upload(client, name)
    assert client.get(f"/games/{game_id}/deals/{deal}/plays/{play}").status_code == 200
    doc = client.get(f"/api/games/{game_id}/deals/{deal}/plays/{play}").json
    assert doc["stopped"] is True and doc["plays"] == play and doc["legal"]
    assert client.get(f"/api/games/{game_id}/deals/{deal}/plays/{play + 1}").status_code == 404
    # The page of a play the log records after the stop leads to its line; one the log has not, 404.
    beyond = client.get(f"/games/{game_id}/deals/{deal}/plays/{play + 1}")
    assert beyond.status_code == (404 if name == "e-incomplete.seep" else 302)
    assert client.get(f"/games/{game_id}/deals/{deal}/plays/99").status_code == 404


def test_the_dispute_page_lists_what_an_ambiguous_capture_could_mean(client):
    game_id = upload(client, "e-ambiguous.seep")
    html = shown(client.get(f"/games/{game_id}/deals/2/plays/1").get_data(as_text=True))
    assert 'id="meant"' in html and "<code>Kc x 6s+6c+Ah</code>" in html and "<code>Kc x Qh+Ah</code>" in html
    doc = client.get(f"/api/games/{game_id}/deals/2/plays/1").json
    assert doc["meant"] == ["Kc x 6s+6c+Ah", "Kc x Qh+Ah"] and doc["move"] == "Kc x"


def test_the_dispute_page_shows_the_floor_near_a_floor_error(client):
    game_id = upload(client, "e-floor.seep")
    html = client.get(f"/games/{game_id}/deals/2/plays/18").get_data(as_text=True)
    assert 'id="near"' in html and "Js (loose)" in html and 'id="floor-before"' in html
    assert client.get(f"/api/games/{game_id}/deals/2/plays/18").json["near"] == ["Js"]


def test_the_dispute_page_shows_the_legal_plays_after_a_syntax_error(client):
    game_id = upload(client, "e-syntax.seep")
    html = shown(client.get(f"/games/{game_id}/deals/1/plays/25").get_data(as_text=True))
    doc = client.get(f"/api/games/{game_id}/deals/1/plays/25").json
    assert "the seat to move, could play here" in html and doc["turn"] == "S"
    assert all(f"<code>{text}</code>" in html for text in doc["legal"])


def test_names_are_shown_one_way_on_every_page(client):
    game_id = upload(client, "e-ambiguous.seep")
    sheet = client.get(f"/games/{game_id}").get_data(as_text=True)
    play = shown(client.get(f"/games/{game_id}/deals/2/plays/1").get_data(as_text=True))
    listing = client.get("/").get_data(as_text=True)
    doc = client.get(f"/api/games/{game_id}").json
    north = doc["players"]["N"] if isinstance(doc.get("players"), dict) else None
    assert "Omkar (E)" in play and "E (Omkar)" not in play and "<code>Kc x</code>" in play
    assert "Omkar (E)" in sheet and "(E)" in listing and "E (Omkar)" not in sheet + listing
    assert north is None or f"{north} (N)" in sheet


NO_SPACE = ("deal 1 dealer N\nfloor Kh Jc 9s 2s\nbid W 11\nWJd x Jc 9s+2s\nS 5h\nE 4c+5h =9\nN Qs\n"
            "W 8h xJc\n")
"""A seat run into its card stops the replay before play 1; a second typo is flagged at play 4, line 8."""


def test_a_flagged_play_after_the_replay_stopped_leads_to_its_line(client):
    game_id = client.post("/api/games", data=NO_SPACE, content_type="text/plain").json["id"]
    sheet = client.get(f"/games/{game_id}").get_data(as_text=True)
    assert f'href="/games/{game_id}/deals/1/plays/4"' not in sheet
    assert '<td class="num" data-label="Play">4</td>' in sheet
    assert '<a class="status status-2" href="#flagged-1">log errors: see the flagged plays ↓</a>' in sheet
    answer = client.get(f"/games/{game_id}/deals/1/plays/4")
    assert answer.status_code == 302 and answer.location.endswith(f"/games/{game_id}#L8")
    assert client.get(f"/games/{game_id}/deals/1/plays/5").status_code == 404


def test_a_log_error_is_shown_at_its_column(client):
    game_id = client.post("/api/games", data="deal 1 dealer N\nfloor Kh Jc 9s 2s\nbid W 11\nW Jd x Jc 9s+2s\n"
                          "S 3h x 3e\n", content_type="text/plain").json["id"]
    sheet = client.get(f"/games/{game_id}").get_data(as_text=True)
    assert '<code lang="en" translate="no">S 3h x <mark>3e</mark></code>' in sheet
    assert 'title="line 5, column 8">5<span class="column">:8</span>' in sheet
    play = shown(client.get(f"/games/{game_id}/deals/1/plays/2").get_data(as_text=True))
    assert ", column 8 of the log." in play


BID_ONLY = ("[Variant \"standard\"]\n\ndeal 1 dealer N\nhand W Jh Qs 9c 8h\nfloor 9d 2h 2s 9h\nbid W 11\n")
"""The log ends before play 1, W's hand known: 9c+2h =11 9d+2s is one outcome of two groupings."""


@pytest.mark.parametrize("name, deal, play", [
    ("e-hand.seep", 1, 1), ("e-card.seep", 2, 15), ("e-incomplete.seep", 1, 23), ("e-ambiguous.seep", 2, 1),
    ("e-syntax.seep", 1, 25), ("e-floor.seep", 2, 18), ("e-card.seep", 2, 14), ("game-standard-1.seep", 1, 6)])
def test_a_play_answer_is_an_instance_of_its_documented_schema(client, name, deal, play):
    """Stopped or not, the answer holds every key PlayDetail requires (legal_groupings, legal_complete)."""
    components = client.get("/api/openapi.json").json["components"]
    schema = Draft202012Validator({"$ref": "#/components/schemas/PlayDetail", "components": components})
    doc = client.get(f"/api/games/{upload(client, name)}/deals/{deal}/plays/{play}").json
    assert [e.message for e in schema.iter_errors(doc)] == []
    assert len(doc["legal_groupings"]) == len(doc["legal"]) and doc["legal_complete"] is True


def test_the_play_where_the_log_ends_counts_each_outcomes_groupings(client):
    game_id = client.post("/api/games", data=BID_ONLY, content_type="text/plain").json["id"]
    doc = client.get(f"/api/games/{game_id}/deals/1/plays/1").json
    assert doc["stopped"] is True and doc["hand_known"] is True
    assert doc["legal_groupings"][doc["legal"].index("9c+2h =11 9d+2s")] == 2
    page = client.get(f"/games/{game_id}/deals/1/plays/1").get_data(as_text=True)  # the page counts alike
    assert page.count("and 1 other grouping of the same cards") == doc["legal_groupings"].count(2) > 1


def test_a_missing_deal_line_is_listed_once_with_the_lines_it_covers(client):
    """Forty plays with no deal line before them: one row of the flagged table, saying the lines of the rest
    (as the command line folds the run), and every one of those lines still marked in the log."""
    game_id = client.post("/api/games", data='[Variant "standard"]\n\n' + "N 9s\n" * 40,
                          content_type="text/plain").json["id"]
    sheet = client.get(f"/games/{game_id}").get_data(as_text=True)
    table = sheet[sheet.index('<table class="findings'):sheet.index("</table>", sheet.index('<table class="findings'))]
    assert table.count("<tr class=\"error\">") == 1
    assert 'The same on each of lines <a href="#L4">4–42</a> (39 lines).' in table
    assert all(f'<tr id="L{n}" class="error">' in sheet for n in range(3, 43))
