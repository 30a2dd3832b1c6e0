"""Cards, houses and floors as the dispute view draws them: small frozen values built from a State."""
from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Iterable

from markupsafe import Markup, escape

from seeplog.cards import Card
from seeplog.ruleset import Ruleset
from seeplog.state import House, State

from .catalog import gettext, locale_name
from .saying import say_all
from .findings import said_here
from .spoken import card_words, heard_sentence, seat_words, shown_heard, token_words

SUITS = {"s": "♠", "h": "♥", "d": "♦", "c": "♣"}


@dataclass(frozen=True)
class CardFace:
    """One card drawn face up."""

    text: str
    """Its notation token, e.g. ``Td``."""
    rank: str
    """As printed on the card: ``10``, ``J``, ``A``."""
    suit: str
    """The suit's symbol."""
    red: bool
    mark: str = ""
    """'' or what the play did with it: 'played', 'used' (on the floor before) or 'new' (after)."""

    @property
    def label(self) -> str:
        """For screen readers and tooltips: ``ten of diamonds``."""
        return card_words(self.text)


DRAWN: dict[tuple[CardFace, str], Markup] = {}
"""Each card face as drawn in each language (52 cards, 4 marks, 3 languages at most): a board draws a dozen."""


def card_html(face: CardFace) -> Markup:
    """A card face up, as `drawn` draws it, drawn once in each language (a Jinja filter)."""
    key = (face, locale_name())
    found = DRAWN.get(key)
    if found is None:
        found = DRAWN[key] = drawn(face)
    return found


def drawn(face: CardFace) -> Markup:
    """A card face up: rank over suit in its colour, its notation and name in the tooltip.

    >>> from seeplog.cards import parse_card
    >>> html = drawn(card_face(parse_card("Qh"), "played"))
    >>> html.startswith('<span class="card red played" data-card="Qh"'), "queen of hearts (played)" in html
    (True, True)
    >>> print(drawn(card_face(parse_card("Ts"))).split("title=")[1])
    "Ts · ten of spades"><span class="rank ten">10</span><span class="suit">♠</span></span>
    """
    classes = "card" + (" red" if face.red else "") + (f" {face.mark}" if face.mark else "")
    label = _marked(face.label, face.mark)
    rank = "rank ten" if face.rank == "10" else "rank"
    return Markup(f'<span class="{classes}" data-card="{face.text}" role="img" aria-label="{escape(label)}" '
                  f'title="{face.text} · {escape(face.label)}"><span class="{rank}">{face.rank}</span>'
                  f'<span class="suit">{face.suit}</span></span>')


def _marked(label: str, mark: str) -> str:
    """A card's name with what the play did with it."""
    if mark == "played":
        return gettext("%(card)s (played)", card=label)
    if mark == "used":
        return gettext("%(card)s (used)", card=label)
    return gettext("%(card)s (new)", card=label) if mark == "new" else label


def card_face(card: Card, mark: str = "") -> CardFace:
    """
    >>> from seeplog.cards import parse_card
    >>> face = card_face(parse_card("Td"))
    >>> face.rank, face.suit, face.red, face.label
    ('10', '♦', True, 'ten of diamonds')
    """
    text = str(card)
    rank = "10" if text[0] == "T" else text[0]
    return CardFace(text, rank, SUITS[text[1]], text[1] in "hd", mark)


def faces(cards: Iterable[Card], marked: frozenset[Card] = frozenset(), mark: str = "") -> tuple[CardFace, ...]:
    """The cards in canonical order, those in `marked` carrying `mark`."""
    return tuple(card_face(c, mark if c in marked else "") for c in sorted(cards))


@dataclass(frozen=True)
class HouseView:
    value: int
    cards: tuple[CardFace, ...]
    owners: tuple[str, ...]
    """The owning seats, in the API's order (sorted)."""
    owner_names: str
    """``W (Divya)``, or ``N (Asha) and W (Divya)``."""
    owners_heard: str
    """The owners as a screen reader hears them: ``Divya (West)``."""
    cemented: bool
    mark: str = ""
    """'' or 'used' (the play takes, breaks or joins it) or 'new' (the play made or changed it)."""

    @property
    def text(self) -> str:
        return " ".join(c.text for c in self.cards)

    @property
    def words(self) -> str:
        """Its cards in words: "jack of clubs and seven of spades"."""
        return say_all([c.label for c in self.cards])


def house_view(value: int, cards: Iterable[Card], owners: Iterable[str], names: dict[str, str], cemented: bool,
               mark: str = "") -> HouseView:
    """A house as the floor draws it, its owners named with their seats (sorted, as the API lists them)."""
    seats = sorted(owners)
    return HouseView(value, faces(cards), tuple(seats), say_all([named(s, names) for s in seats]),
                     say_all([seat_words(s, names) for s in seats]), cemented, mark)


@dataclass(frozen=True)
class FloorView:
    loose: tuple[CardFace, ...]
    houses: tuple[HouseView, ...]

    @property
    def empty(self) -> bool:
        return not self.loose and not self.houses

    @property
    def marked(self) -> bool:
        """Something on it carries a mark of the play."""
        return any(c.mark for c in self.loose) or any(h.mark for h in self.houses)

    @property
    def loose_words(self) -> str:
        """The loose cards in words: "king of diamonds, nine of hearts and five of spades"."""
        return say_all([c.label for c in self.loose])


def named(seat: str, names: dict[str, str]) -> str:
    """A seat with its player's name, written one way on every page: ``Asha (N)`` (``N`` when unnamed)."""
    name = names.get(seat, seat)
    return f"{name} ({seat})" if name != seat else seat


def named_heard(seat: str, names: dict[str, str]) -> Markup:
    """A seat with its player's name, shown as `named` writes it (``Asha (N)``) and heard in words
    ("Asha (North)")."""
    return shown_heard(named(seat, names), seat_words(seat, names))


@dataclass(frozen=True)
class Voice:
    """How a sentence names seats and teams: as the pages show them (`EYE`: "Asha (N)", "NS") or as a screen
    reader hears them (`EAR`: "Asha (North)", "North–South")."""

    seat: Callable[[str, dict[str, str]], str]
    team: Callable[[str], str]


EYE, EAR = Voice(named, str), Voice(seat_words, token_words)


@dataclass(frozen=True)
class Voiced:
    """A sentence that names seats or teams, as shown and as heard; a page draws it as both (`shown_heard`)."""

    shown: str
    heard: str

    def __html__(self) -> str:
        return shown_heard(self.shown, self.heard)

    def __bool__(self) -> bool:
        return bool(self.shown)


def voiced(sentence: Callable[[Voice], str]) -> Voiced:
    """The sentence `sentence(voice)` builds, shown (with `EYE`) and heard (with `EAR`)."""
    return Voiced(sentence(EYE), sentence(EAR))


def said_voiced(text: str, names: dict[str, str]) -> Voiced:
    """A sentence of the library (a `Said`) in the reader's language, shown as written and heard in words."""
    return Voiced(said_here(text), heard_sentence(text, names))


@dataclass(frozen=True)
class Team:
    name: str
    players: str
    """Its players as the page says them."""


def team_players(rules: Ruleset, team: str, names: dict[str, str], *, heard: bool = False) -> str:
    """A team's players, each named with its seat: ``Asha (N) & Chetan (S)`` (with `heard`, as a screen reader
    hears them: "Asha (North) & Chetan (South)"). A team that is one seat (two players) is already named by its
    seat: its player's name alone (nothing when unnamed)."""
    seats = rules.seats_of(team)
    if seats == (team,):
        return "" if names.get(team, team) == team else names[team]
    return " & ".join((seat_words if heard else named)(s, names) for s in seats)


def _key(house: House) -> tuple[int, frozenset[Card], frozenset[str]]:
    return house.value, frozenset(house.cards), house.owners


def floor_view(state: State, other: State | None, mark: str, names: dict[str, str]) -> FloorView:
    """The floor of `state`; what is not the same on the floor of `other` carries `mark`.

    With `other` the floor after the play, `mark` 'used' shows what the play took or changed; with `other`
    the floor before it, 'new' shows what the play put there.
    """
    loose = frozenset(other.loose) if other is not None else frozenset(state.loose)
    houses = {_key(h) for h in other.houses} if other is not None else {_key(h) for h in state.houses}
    return FloorView(
        faces(state.loose, frozenset(state.loose) - loose, mark),
        tuple(house_view(h.value, h.cards, h.owners, names, h.cemented, "" if _key(h) in houses else mark)
              for h in state.houses))
