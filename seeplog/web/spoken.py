"""Notation for the eye, words for the ear. The pages show cards and seats as players write them ("Jc",
"S"); a screen reader hears them in words, in the reader's language ("jack of clubs", "Omkar (South)").
`shown_heard` draws a text both ways: the notation hidden from screen readers, the words hidden from the eye
(the CSS class sr-only). static/text.js says notation in words the same way for the pages' scripts
(seeplogHeard, seeplogSaid)."""
from __future__ import annotations

import re
from functools import cache
from typing import Mapping

from markupsafe import Markup, escape

from seeplog.ruleset import find_ruleset
from seeplog.said import N_, Param, Said

from .catalog import gettext, locale_name, pgettext
from .findings import said_here
from .saying import say_all

SEATS = {"N": "North", "E": "East", "S": "South", "W": "West"}
"""Each seat's word in English (`seat_word` says it in the reader's language)."""
TEAM_WORDS = {"NS": N_("North–South"), "EW": N_("East–West")}
CARD_WORDS = {"A": N_("ace of {suit}"), "2": N_("two of {suit}"), "3": N_("three of {suit}"),
              "4": N_("four of {suit}"), "5": N_("five of {suit}"), "6": N_("six of {suit}"),
              "7": N_("seven of {suit}"), "8": N_("eight of {suit}"), "9": N_("nine of {suit}"),
              "T": N_("ten of {suit}"), "J": N_("jack of {suit}"), "Q": N_("queen of {suit}"),
              "K": N_("king of {suit}")}
"""A card of each rank in words, as static/text.js says them too: a sentence a rank, for the rank's own name
and its gender where the language has one (Hindi "हुकुम का दहला" but "हुकुम की बेगम")."""
SUIT_WORDS = {"s": N_("spades"), "h": N_("hearts"), "d": N_("diamonds"), "c": N_("clubs")}
ITEM = r"(?:[2-9TJQKA][shdc]|\[\d+\])"
GROUP = re.compile(rf"{ITEM}(?:\+{ITEM})*")
"""Loose cards and houses joined by '+' ("9s+2s", "Jc+[11]"), or one alone."""
VALUE = re.compile(r"=\d+")
"""A house's value as a play names it ("2c+8c =10")."""
POSTPOSITIONS = {"hi": ("से", "पर", "को", "में", "ने", "का", "की", "के", "तक", "वाला", "वाले", "वाली"),
                 "pa": ("ਨਾਲ", "ਉੱਤੇ", "'ਤੇ", "ਨੂੰ", "ਵਿੱਚ", "ਵਿੱਚੋਂ", "ਨੇ", "ਦਾ", "ਦੀ", "ਦੇ", "ਦੀਆਂ", "ਤੋਂ", "ਤੱਕ",
                        "ਵਾਲਾ", "ਵਾਲੇ", "ਵਾਲੀ", "ਲਈ")}
"""The words after which Hindi and Punjabi say a noun in its oblique case ("हुकुम के पंजे से", "ਹੁਕਮ ਦੇ ਪੰਜੇ ਨਾਲ");
`oblique` puts the cards said before them in that case (static/text.js gets them from `oblique_translations`)."""

Names = Mapping[str, str]


def card_words(card: str) -> str:
    """A card's name in words (``Td``: "ten of diamonds"), in the reader's language."""
    return gettext(CARD_WORDS[card[0]]).format(suit=gettext(SUIT_WORDS[card[1]]))


def oblique_card_words(card: str) -> str:
    """A card's name in words in the oblique case, as a language with one says it before a postposition (Hindi
    "हुकुम के पंजे", where `card_words` says "हुकुम का पंजा"); English has none: the same words."""
    rank = {"A": pgettext("oblique", "ace of {suit}"), "2": pgettext("oblique", "two of {suit}"),
            "3": pgettext("oblique", "three of {suit}"), "4": pgettext("oblique", "four of {suit}"),
            "5": pgettext("oblique", "five of {suit}"), "6": pgettext("oblique", "six of {suit}"),
            "7": pgettext("oblique", "seven of {suit}"), "8": pgettext("oblique", "eight of {suit}"),
            "9": pgettext("oblique", "nine of {suit}"), "T": pgettext("oblique", "ten of {suit}"),
            "J": pgettext("oblique", "jack of {suit}"), "Q": pgettext("oblique", "queen of {suit}"),
            "K": pgettext("oblique", "king of {suit}")}[card[0]]
    return rank.format(suit=gettext(SUIT_WORDS[card[1]]))


def oblique_translations() -> dict[str, str]:
    """What static/text.js needs to say cards in the oblique case as `oblique` does, keyed as gettext keys a word
    said in a context: each card's words and their oblique form ("oblique\x04हुकुम का पंजा": "हुकुम के पंजे"), and
    the postpositions, space-separated ("postpositions\x04"); none in a language without them."""
    words = POSTPOSITIONS.get(locale_name())
    if words is None:
        return {}
    cards = (rank + suit for rank in CARD_WORDS for suit in SUIT_WORDS)
    return {**{f"oblique\x04{card_words(card)}": oblique_card_words(card) for card in cards},
            "postpositions\x04": " ".join(words)}


def oblique(text: str) -> str:
    """A sentence in the reader's language with every card said just before a postposition in the oblique case,
    and each card of a list or group said there too ("हुकुम का पंजा और पान का चौका से" is said "हुकुम के पंजे और
    पान के चौके से"); the sentence as it is in a language without the case. static/text.js does the same."""
    found = _obliques(locale_name())
    if found is None:
        return text
    run, card, forms = found
    said = run.sub(lambda m: card.sub(lambda c: forms[c.group()], m.group()), text)
    return Markup(said) if isinstance(text, Markup) else said  # only words replaced by words


@cache
def _obliques(language: str) -> tuple[re.Pattern[str], re.Pattern[str], dict[str, str]] | None:
    """The patterns `oblique` uses in `language`: a run of cards (a list, or a group joined by '+') before a
    postposition, a card, and each card's oblique form by its words."""
    table = oblique_translations()
    if not table:
        return None
    forms = {key.split("\x04", 1)[1]: value for key, value in table.items() if key.startswith("oblique\x04")}
    card = "|".join(re.escape(w) for w in sorted(forms, key=len, reverse=True))
    lists = (gettext("{first}, {second}"), gettext("{some} and {last}"))
    joins = [" + ", lists[0].split("{first}")[1].split("{second}")[0], lists[1].split("{some}")[1].split("{last}")[0]]
    join = "|".join(re.escape(j) for j in joins)
    after = "|".join(re.escape(w) for w in table["postpositions\x04"].split())
    run = rf"""(?<![^\s(“"'])(?:{card})(?:(?:{join})(?:{card}))*(?=\s+(?:{after})(?![^\s,.;:!?।)”"']))"""
    return re.compile(run), re.compile(card), forms


def seat_word(seat: str) -> str:
    """The seat's word in the reader's language: "South" (in the context "seat": the sentence "North" alone is
    the label of the seat tag's field)."""
    return {"N": pgettext("seat", "North"), "E": pgettext("seat", "East"), "S": pgettext("seat", "South"),
            "W": pgettext("seat", "West")}[seat]


def seat_translations() -> dict[str, str]:
    """The seats' words for the pages' scripts (static/text.js), keyed as gettext keys a word said in a context
    ("seat\x04North"); none in English."""
    if locale_name() == "en":
        return {}
    return {f"seat\x04{word}": seat_word(seat) for seat, word in SEATS.items()}


def seat_words(seat: str, names: Names | None = None) -> str:
    """A seat in words, with its player's name as the pages write it ("Omkar (S)"): "Omkar (South)" (the word
    alone when unnamed)."""
    name = (names or {}).get(seat, seat)
    return f"{name} ({seat_word(seat)})" if name != seat else seat_word(seat)


def variant_sides(name: str) -> tuple[str, ...]:
    """The sides of an event's table in a game of variant `name`, in words: North–South and East–West, or for two
    players North and South (where the two partnerships sit: `clubs.event_schemas`)."""
    return tuple(token_words(team) for team in find_ruleset(name).teams)


def token_words(token: str, names: Names | None = None) -> str:
    """One word of notation in words: a card or a group of cards and houses, a seat (or a player's, as the pages
    write it after the name: "(S)"), a team; any other as it is."""
    if token in SEATS:
        return seat_words(token, names)
    if len(token) == 3 and token[0] + token[2] == "()" and token[1] in SEATS:
        return f"({seat_word(token[1])})"
    if token in TEAM_WORDS:
        return gettext(TEAM_WORDS[token])
    if not GROUP.fullmatch(token):
        return token
    return " + ".join(gettext("the %(value)s-house", value=item[1:-1]) if item.startswith("[") else card_words(item)
                      for item in token.split("+"))


def notation_words(text: str, names: Names | None = None) -> str:
    """A line or part of notation in words, word by word, cards side by side said as a list: "floor Kd 9h 5s" is
    heard "floor king of diamonds, nine of hearts and five of spades", "S 9s x 9h+[11]" "South nine of spades x
    nine of hearts + the 11-house"."""
    said: list[str] = []
    cards: list[str] = []
    for word in text.split():
        if GROUP.fullmatch(word):
            cards.append(token_words(word))
            continue
        if cards:
            said.append(say_all(cards))
            cards = []
        said.append(token_words(word, names))
    return " ".join(said + ([say_all(cards)] if cards else []))


def is_notation(text: str) -> bool:
    """Every word of `text` is a card, a group, a house value, a seat or a team (a sentence's part that names them
    alone)."""
    words = text.split()
    return bool(words) and all(w in SEATS or w in TEAM_WORDS or GROUP.fullmatch(w) or VALUE.fullmatch(w)
                               for w in words)


def heard_sentence(text: str, names: Names | None = None) -> str:
    """A sentence of the library as a screen reader should hear it: in the reader's language, each part of it in
    notation said in words. Text that is no `Said` is heard as it is (or in words, when it is notation)."""
    if not isinstance(text, Said):
        return notation_words(text, names) if is_notation(text) else text
    try:
        said = gettext(text.template).format_map({key: _heard(value, names) for key, value in text.params})
    except (KeyError, IndexError, ValueError):  # a translation that lost a placeholder: the English stands
        said = text.template.format_map({key: _heard(value, names) for key, value in text.params})
    return oblique(said)


def _heard(value: Param, names: Names | None) -> Param:
    return heard_sentence(value, names) if isinstance(value, str) else value


def shown_heard(shown: str, heard: str) -> Markup:
    """`shown` for the eye, `heard` for screen readers (one text, escaped, where they are the same); the cards heard
    before a postposition in the oblique case (`oblique`)."""
    heard = oblique(heard)
    if shown == heard:
        return escape(shown)
    return Markup('<span aria-hidden="true">{}</span><span class="sr-only">{}</span>').format(shown, heard)


def spoken(text: str, names: Names | None = None) -> Markup:
    """A sentence of the library (a `Said`) shown in the reader's language as written, cards and seats in
    notation, and heard with them in words (a Jinja filter)."""
    return shown_heard(said_here(text) if text else "", heard_sentence(text, names) if text else "")


def heard(text: str, names: Names | None = None) -> Markup:
    """Notation (a card, a group, a seat, a line) shown as written and heard in words (a Jinja filter)."""
    return shown_heard(text, notation_words(text, names))

