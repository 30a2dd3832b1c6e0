"""Cards and seats shown in notation and heard in words (seeplog.web.spoken): the play page, the live board the
keep and follow pages draw, and the keep page's outcomes, in English, Hindi and Punjabi. A screen reader hears
"jack of clubs" and "Omkar (South)" where the eye reads "Jc" and "S"; the eye reads what it read before."""
from __future__ import annotations

import re
from html.parser import HTMLParser

import pytest
from markupsafe import Markup

from seeplog.cards import parse_card
from seeplog.dispute import describe
from seeplog.moves import Build
from seeplog.ruleset import VARIANTS
from seeplog.said import Said
from seeplog.state import start
from seeplog.web.catalog import speaking
from seeplog.web.spoken import heard_sentence, notation_words, spoken, token_words
from tests.helpers import EXAMPLES
from tests.web.helpers import upload
from tests.web.live_helpers import Keeper
from tests.web.markup import heard, shown

NOTATION = re.compile(r"(?<![\w\[-])(?:[2-9TJQKA][shdc]|[NESW]|NS|EW)(?![\w\]-])")
"""A card, a seat or a team written in notation, as a word of its own (not a rule's ID, E-FLOOR)."""
MID_DEAL = ("deal 1 dealer N", "floor Kd 9s 2s 2c", "bid W 13", "W Kh x Kd 9s+2s+2c", "S 5h", "E 7c")
"""A deal under way: W's sweep, then two cards thrown loose; N plays next."""


class Heard(HTMLParser):
    """The text of a page's <main> a screen reader reads: none of what is aria-hidden (attributes aside), and
    none of the rule catalogue's explanations (its own sentences, "Play goes counter-clockwise (N, W, S, E)")."""

    def __init__(self) -> None:
        super().__init__()
        self.stack: list[bool] = []
        self.main = False
        self.found: list[str] = []

    def handle_starttag(self, tag, attrs):
        self.main = self.main or tag == "main"
        if tag not in ("br", "img", "input", "link", "meta", "hr"):
            values = dict(attrs)
            self.stack.append(values.get("aria-hidden") == "true" or values.get("class") == "explanation")

    def handle_endtag(self, tag):
        if self.stack:
            self.stack.pop()
        self.main = self.main and tag != "main"

    def handle_data(self, data):
        if self.main and not any(self.stack):
            self.found.append(data)


def heard_text(html: str) -> str:
    parser = Heard()
    parser.feed(html)
    return " ".join(" ".join(parser.found).split())


def test_cards_seats_teams_and_lines_are_said_in_words(app):
    with app.test_request_context():
        assert notation_words("floor Kd 9h 5s 2c") == \
            "floor king of diamonds, nine of hearts, five of spades and two of clubs"
        assert notation_words("S 9s x 9h+[11]", {"S": "Omkar"}) == \
            "Omkar (South) nine of spades x nine of hearts + the 11-house"
        assert [token_words(w) for w in ("N", "NS", "Td", "x", "=11")] == ["North", "North–South", "ten of diamonds",
                                                                            "x", "=11"]
        with speaking("hi"):
            assert notation_words("bid W 13", {"W": "Naveen"}) == "bid Naveen (पश्चिम) 13"
            assert token_words("Kd") == "ईंट का बादशाह" and token_words("EW") == "पूर्व–पश्चिम"
            # each rank with its own gender: the queen, the two and the three are feminine
            assert [token_words(c) for c in ("Qh", "2s", "3c", "As")] == ["पान की बेगम", "हुकुम की दुक्की",
                                                                          "चिड़ी की तिक्की", "हुकुम का इक्का"]
        with speaking("pa"):
            assert [token_words(c) for c in ("Qh", "2s", "Kd")] == ["ਪਾਨ ਦੀ ਬੇਗੀ", "ਹੁਕਮ ਦੀ ਦੁੱਕੀ", "ਇੱਟ ਦਾ ਬਾਦਸ਼ਾਹ"]


def test_a_sentence_is_shown_in_notation_and_heard_in_words(app):
    c = parse_card
    play = describe(Build(c("4c"), (c("5h"),), 9), "E", start(VARIANTS["standard"], (c("5h"),), "E", None))
    with app.test_request_context():
        assert spoken(play, {"E": "Chetan"}) == Markup(
            '<span aria-hidden="true">E builds a 9-house: 4c on the loose 5h</span><span class="sr-only">'
            "Chetan (East) builds a 9-house: four of clubs on the loose five of hearts</span>")
        assert heard_sentence(Said("{file} is not valid JSON", file="As 2s.seep")) == "As 2s.seep is not valid JSON"
        assert spoken(Said("deal {deal} has no bid line", deal=2)) == "deal 2 has no bid line"  # said once
        with speaking("pa"):
            assert heard_sentence(play) == "ਪੂਰਬ ਨੇ 9 ਦਾ ਇੱਕ ਘਰ ਬਣਾਇਆ: ਖੁੱਲ੍ਹੇ ਪਾਨ ਦੇ ਪੰਜੇ 'ਤੇ ਚਿੜੀ ਦਾ ਚੌਕਾ"


PLAYS = [("r-capture-all.seep", 2, 48), ("game-standard-1.seep", 1, 19), ("e-ambiguous.seep", 2, 1),
         ("e-floor.seep", 2, 18), ("e-syntax.seep", 1, 25), ("r-turn.seep", 1, 17)]
"""A flagged play that ends its deal, a sweep, the plays where the replay stopped, a play out of turn."""


@pytest.mark.parametrize("language", ["en", "hi", "pa"])
@pytest.mark.parametrize("name, deal, play", PLAYS, ids=[p[0] for p in PLAYS])
def test_a_screen_reader_hears_no_card_or_seat_in_notation_on_the_play_page(client, name, deal, play, language):
    game = upload(client, name)
    client.set_cookie("lang", language)
    html = client.get(f"/games/{game}/deals/{deal}/plays/{play}").get_data(as_text=True)
    said = heard_text(html)
    assert not NOTATION.findall(said), NOTATION.findall(said)
    assert NOTATION.findall(heard_text(shown(html)))  # the eye still reads them in notation


@pytest.mark.parametrize("language", ["en", "hi", "pa"])
@pytest.mark.parametrize("name", ["game-standard-1.seep", "game-two-player-1.seep"])
def test_a_screen_reader_hears_no_seat_or_team_in_notation_on_the_scoresheet(client, name, language):
    game = upload(client, name)
    client.set_cookie("lang", language)
    html = client.get(f"/games/{game}").get_data(as_text=True)
    sheet = "<main>" + html[html.index('<table class="scoresheet"'):html.index("</table>")] + "</main>"
    assert not NOTATION.findall(heard_text(sheet)), NOTATION.findall(heard_text(sheet))
    assert NOTATION.findall(heard_text(shown(sheet)))  # the eye still reads them in notation


def test_the_play_its_floor_and_its_alternatives_are_heard_in_words(client):
    game = upload(client, "r-capture-all.seep")
    html = client.get(f"/games/{game}/deals/2/plays/48").get_data(as_text=True)
    eye, ear = shown(html), heard(html)
    assert '<p class="words">E takes the 13-house with Kc</p>' in eye
    assert '<p class="words">Chetan (East) takes the 13-house with king of clubs</p>' in ear
    assert "<code>Kc x [13] Td+3s</code> <span class=\"words\">E takes the 13-house and Td+3s with Kc</span>" in eye
    assert "Chetan (East) takes the 13-house and ten of diamonds + three of spades with king of clubs" in ear
    assert "With king of clubs, the card played" in ear and "With Kc, the card played" in eye
    assert ("4 loose cards: ten of diamonds, six of clubs, three of spades and two of diamonds." in
            re.findall(r'<p class="sr-only floor-words">(.*?)</p>', html, re.S)[0])
    assert "The deal ends: Td 6c 3s 2d left on the floor go to EW, as Chetan (E) was the last to capture." in eye
    assert ("The deal ends: ten of diamonds, six of clubs, three of spades and two of diamonds left on the floor go "
            "to East–West, as Chetan (East) was the last to capture.") in ear


def test_the_live_boards_floor_and_plays_are_heard_in_words(client):
    keeper = Keeper(client, players={"N": "Jaspreet", "W": "Naveen", "S": "Asha", "E": "Omkar"})
    keeper.add_all(MID_DEAL)
    html = client.get(f"/live/{keeper.id}/board?parts=floor,plays").get_data(as_text=True)
    said = heard_text(f"<main>{html}</main>")
    assert "2 loose cards: seven of clubs and five of hearts." in said
    assert "dealer Jaspreet (North) · bid Naveen (West) 13 · taken: North–South 0 cards · East–West 5 cards" in said
    assert "Omkar (East) throws seven of clubs loose" in said and not NOTATION.findall(said)
    assert "dealer Jaspreet (N) · bid Naveen (W) 13 · taken: NS 0 cards · EW 5 cards" in shown(html)


def test_the_live_boards_flagged_plays_are_heard_in_words_with_the_players_names(client):
    keeper = Keeper(client, players={"N": "Jaspreet", "W": "Naveen", "S": "Asha", "E": "Omkar"})
    keeper.add_all(MID_DEAL[:3] + ("S Kh x Kd 9s+2s+2c",))  # S plays where W's turn was
    html = client.get(f"/live/{keeper.id}/board?parts=plays,flagged").get_data(as_text=True)
    flagged = heard_text("<main>" + html[html.index('id="live-flagged"'):] + "</main>")
    assert "Deal 1, play 1 · Asha (South) king of hearts x king of diamonds" in flagged, flagged
    assert "Asha (South) plays, but it is Naveen (West)'s turn" in flagged and not NOTATION.findall(flagged)
    assert '<code class="line">S Kh x Kd 9s+2s+2c</code>' in shown(html)  # the eye reads the notation


def test_each_outcome_of_a_card_says_its_play_in_words(client):
    keeper = Keeper(client)
    keeper.add_all(MID_DEAL)
    found = client.get(f"/api/live/{keeper.id}/outcomes?card=5d").json["outcomes"]
    took = next(o for o in found if o["line"] == "N 5d x 5h")
    assert took["words"] == "N takes 5h with 5d"
    assert took["words_said"] == {"template": "{seat} takes {taken} with {card}",
                                  "params": {"seat": "N", "taken": "5h", "card": "5d"}}
    assert all(o["words"] and o["words_said"]["template"] for o in found)


def test_the_follow_pages_teams_and_step_links_are_named_in_words(client):
    keeper = Keeper(client, players={"N": "Jaspreet", "W": "Naveen", "S": "Asha", "E": "Omkar"})
    keeper.add_all(MID_DEAL)
    html = client.get(f"/live/{keeper.id}").get_data(as_text=True)
    teams = heard_text("<main>" + html[html.index('<ul class="live-teams">'):html.index("</ul>")] + "</main>")
    assert teams.startswith("North–South Jaspreet (N) & Asha (S)") and "East–West" in teams, teams
    assert '<a href="/live/%d/deals/1/plays/2" title="deal 1, play 2" aria-label="deal 1, play 2">2</a>' % keeper.id \
        in html
    sheet = client.get(f"/games/{keeper.id}").get_data(as_text=True)
    assert '<dt><span aria-hidden="true">NS</span><span class="sr-only">North–South</span></dt>' in sheet


@pytest.mark.parametrize("language", ["en", "hi"])
def test_the_live_boards_next_step_deal_end_ledger_and_what_a_listener_is_told_are_heard_in_words(client, language):
    keeper = Keeper(client, players={"N": "Jaspreet", "W": "Naveen", "S": "Asha", "E": "Omkar"})
    text = (EXAMPLES / "game-standard-1.seep").read_text()
    keeper.add_all([line for line in text.split("deal 2")[0].splitlines()[8:] if line.strip()])
    client.set_cookie("lang", language)
    html = client.get(f"/live/{keeper.id}/board?parts=next,end,ledger,heard").get_data(as_text=True)
    board = html[:html.index('id="live-heard"')]
    said = heard_text(f"<main>{board}</main>")
    assert not NOTATION.findall(said), NOTATION.findall(said)
    seen = heard_text(f"<main>{shown(board)}</main>")
    assert re.search(r"\bNS\b", seen) and re.search(r"\w+ \([NESW]\)", seen)  # the eye reads them in notation
    told = re.findall(r'<li data-key="[^"]*" data-kind="[^"]*">(.*?)</li>', html)
    assert told and not NOTATION.findall(" ".join(told)), told
    north_south = "North–South" if language == "en" else "उत्तर–दक्षिण"
    assert north_south in said and north_south in told[-1]


def test_the_games_lists_results_are_heard_in_words(client):
    upload(client, "game-standard-1.seep")
    html = client.get("/").get_data(as_text=True)
    results = heard_text("<main>" + html[html.index('<table class="games'):html.index("</table>")] + "</main>")
    assert "North–South" in results and not re.findall(r"\b(?:NS|EW)\b", results), results
    assert re.search(r"\bNS\b", shown(html))  # the eye reads them in notation
