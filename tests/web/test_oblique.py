"""A card said before a postposition, in Hindi and Punjabi, takes the oblique case (seeplog.web.spoken): "ईंट के
पंजे से उठाया", not "ईंट का पंजा से"; "ਖੁੱਲ੍ਹੇ ਪਾਨ ਦੇ ਪੰਜੇ 'ਤੇ", not "ਪਾਨ ਦਾ ਪੰਜਾ 'ਤੇ". A card said anywhere else, and
every card in English, is said as before."""
from __future__ import annotations

import pytest

from seeplog.cards import parse_card as c
from seeplog.dispute import describe
from seeplog.moves import Build, Capture, Throw
from seeplog.ruleset import VARIANTS
from seeplog.said import Said
from seeplog.state import start
from seeplog.web.catalog import speaking
from seeplog.web.spoken import heard_sentence, oblique, oblique_translations, shown_heard
from tests.web.helpers import upload
from tests.web.markup import heard

FLOOR = (c("5h"), c("Ac"), c("Qd"))
STATE = start(VARIANTS["standard"], FLOOR, "S", None)
NAMES = {"S": "Omkar"}


def said(move, language: str) -> str:
    with speaking(language):
        return heard_sentence(describe(move, "S", STATE), NAMES)


CAPTURES = {  # the card played, the cards it takes, and the sentence in Hindi and in Punjabi
    "5s": ("5h", "Omkar (दक्षिण) ने हुकुम के पंजे से उठाया: पान का पंजा",
           "Omkar (ਦੱਖਣ) ਨੇ ਹੁਕਮ ਦੇ ਪੰਜੇ ਨਾਲ ਚੁੱਕਿਆ: ਪਾਨ ਦਾ ਪੰਜਾ"),
    "Ad": ("Ac", "Omkar (दक्षिण) ने ईंट के इक्के से उठाया: चिड़ी का इक्का",
           "Omkar (ਦੱਖਣ) ਨੇ ਇੱਟ ਦੇ ਯੱਕੇ ਨਾਲ ਚੁੱਕਿਆ: ਚਿੜੀ ਦਾ ਯੱਕਾ"),
    "Qs": ("Qd", "Omkar (दक्षिण) ने हुकुम की बेगम से उठाया: ईंट की बेगम",  # feminine: the same in both cases
           "Omkar (ਦੱਖਣ) ਨੇ ਹੁਕਮ ਦੀ ਬੇਗੀ ਨਾਲ ਚੁੱਕਿਆ: ਇੱਟ ਦੀ ਬੇਗੀ"),
}


@pytest.mark.parametrize("card", CAPTURES)
def test_the_card_a_capture_is_made_with_is_said_in_the_oblique_case(app, card):
    taken, hindi, punjabi = CAPTURES[card]
    move = Capture(c(card), ((c(taken),),))
    with app.test_request_context():
        assert said(move, "hi") == hindi
        assert said(move, "pa") == punjabi
        assert said(move, "en") == f"Omkar (South) takes {heard_sentence(taken)} with {heard_sentence(card)}"


@pytest.mark.parametrize("rank, hindi, punjabi", [
    ("A", "इक्के", "ਯੱਕੇ"), ("4", "चौके", "ਚੌਕੇ"), ("6", "छक्के", "ਛੱਕੇ"), ("7", "सत्ते", "ਸੱਤੇ"), ("8", "अट्ठे", "ਅੱਠੇ"),
    ("9", "नहले", "ਨਹਿਲੇ"), ("T", "दहले", "ਦਹਿਲੇ"), ("J", "गुलाम", "ਗੁਲਾਮ"), ("K", "बादशाह", "ਬਾਦਸ਼ਾਹ"),
    ("2", "की दुक्की", "ਦੀ ਦੁੱਕੀ"), ("3", "की तिक्की", "ਦੀ ਤਿੱਕੀ")])
def test_every_rank_has_its_oblique_form(app, rank, hindi, punjabi):
    move = Capture(c(rank + "s"), ())
    with app.test_request_context():
        masculine = not hindi.startswith("की")
        assert f"हुकुम {'के ' if masculine else ''}{hindi} से कुछ नहीं" in said(move, "hi")
        assert f"ਹੁਕਮ {'ਦੇ ' if masculine else ''}{punjabi} ਨਾਲ ਕੁਝ ਨਹੀਂ" in said(move, "pa")


def test_the_loose_card_a_house_is_built_on_is_said_in_the_oblique_case(app):
    move = Build(c("4c"), (c("5h"),), 9)
    with app.test_request_context():
        assert said(move, "hi").endswith("खुले पान के पंजे पर चिड़ी का चौका")
        assert said(move, "pa").endswith("ਖੁੱਲ੍ਹੇ ਪਾਨ ਦੇ ਪੰਜੇ 'ਤੇ ਚਿੜੀ ਦਾ ਚੌਕਾ")


def test_a_card_not_before_a_postposition_is_said_as_it_was(app):
    with app.test_request_context():
        assert said(Throw(c("Tc")), "hi") == "Omkar (दक्षिण) ने चिड़ी का दहला खुला फेंका"
        assert said(Throw(c("Tc")), "pa") == "Omkar (ਦੱਖਣ) ਨੇ ਚਿੜੀ ਦਾ ਦਹਿਲਾ ਖੁੱਲ੍ਹਾ ਸੁੱਟਿਆ"


def test_every_card_of_a_list_or_group_before_a_postposition_is_oblique(app):
    with app.test_request_context(), speaking("hi"):
        assert heard_sentence(Said("{cards} does not add up to {value}", cards="5s+4h", value=10)) == \
            "हुकुम के पंजे + पान के चौके का जोड़ 10 नहीं बनता"
        assert oblique("हुकुम का पंजा, पान की बेगम और ईंट का दहला से") == "हुकुम के पंजे, पान की बेगम और ईंट के दहले से"
        assert oblique("हुकुम का पंजा, पान का चौका") == "हुकुम का पंजा, पान का चौका"  # no postposition
        assert oblique("हुकुम का पंजा सेब") == "हुकुम का पंजा सेब"  # a word that begins as one does is none
    with app.test_request_context(), speaking("pa"):
        assert heard_sentence(Said("{card} left {cards} on the floor, which it also takes", card="9s", cards="Ah")) \
            .startswith("ਹੁਕਮ ਦੇ ਨਹਿਲੇ ਨੇ ਪਾਨ ਦਾ ਯੱਕਾ ")
    with app.test_request_context():
        assert oblique("ten of spades with nine of clubs") == "ten of spades with nine of clubs"


def test_a_sentence_shown_and_heard_is_heard_in_the_oblique_case(app):
    with app.test_request_context(), speaking("hi"):
        assert shown_heard("5s से", "हुकुम का पंजा से") == (
            '<span aria-hidden="true">5s से</span><span class="sr-only">हुकुम के पंजे से</span>')


def test_the_scripts_get_each_cards_oblique_form_and_the_postpositions(app):
    with app.test_request_context():
        assert oblique_translations() == {}
        with speaking("hi"):
            table = oblique_translations()
            assert table["oblique\x04हुकुम का पंजा"] == "हुकुम के पंजे"
            assert table["oblique\x04पान की बेगम"] == "पान की बेगम"
            assert len([k for k in table if k.startswith("oblique\x04")]) == 52
            assert "से" in table["postpositions\x04"].split()
        with speaking("pa"):
            assert "'ਤੇ" in oblique_translations()["postpositions\x04"].split()


def test_the_play_page_hears_the_card_played_in_the_oblique_case(client):
    game = upload(client, "r-capture-all.seep")
    client.set_cookie("lang", "hi")
    ear = heard(client.get(f"/games/{game}/deals/2/plays/48").get_data(as_text=True))
    assert "ने चिड़ी के बादशाह से उठाया: 13 का घर" in ear
    assert "चिड़ी के बादशाह से, जो पत्ता चला गया" in ear
    assert "चिड़ी का बादशाह से" not in ear

