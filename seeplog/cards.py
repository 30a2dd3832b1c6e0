"""Cards of the 52-card pack: values, canonical text and canonical order."""
from __future__ import annotations

from enum import IntEnum, StrEnum
from operator import attrgetter


class Rank(IntEnum):
    """A rank; its value is the card's capture value (A=1 ... K=13)."""

    A = 1
    TWO = 2
    THREE = 3
    FOUR = 4
    FIVE = 5
    SIX = 6
    SEVEN = 7
    EIGHT = 8
    NINE = 9
    T = 10
    J = 11
    Q = 12
    K = 13

    @property
    def symbol(self) -> str:
        return RANK_SYMBOLS[self - 1]


class Suit(StrEnum):
    """A suit, in canonical order s h d c."""

    SPADES = "s"
    HEARTS = "h"
    DIAMONDS = "d"
    CLUBS = "c"


RANK_SYMBOLS = "A23456789TJQK"
SUIT_ORDER = {suit: index for index, suit in enumerate(Suit)}
SUIT_ALIASES = {"♠": "s", "♥": "h", "♦": "d", "♣": "c"}


class Card:
    """One card of the pack. There is one object per card, so equality and hashing are identity.

    `str(card)` is its notation token, e.g. ``Td``; `value` its capture value; cards sort in canonical
    order (higher value first, then suits s h d c).

    >>> Card(Rank.T, Suit.DIAMONDS) is parse_card("10d"), str(Card(Rank.Q, Suit.HEARTS))
    (True, 'Qh')
    """

    __slots__ = ("rank", "suit", "value", "text", "order")
    _pack: dict[tuple[Rank, Suit], Card] = {}

    rank: Rank
    suit: Suit
    value: int
    """The capture value: A=1, 2-10 face value, J=11, Q=12, K=13."""
    text: str
    order: int
    """The position in canonical order (0 for Ks ... 51 for Ac)."""

    def __new__(cls, rank: Rank | int, suit: Suit | str) -> Card:
        key = (Rank(rank), Suit(suit))
        card = cls._pack.get(key)
        if card is None:
            card = super().__new__(cls)
            for name, value in (("rank", key[0]), ("suit", key[1]), ("value", int(key[0])),
                                ("text", key[0].symbol + key[1].value),
                                ("order", (13 - key[0]) * 4 + SUIT_ORDER[key[1]])):
                object.__setattr__(card, name, value)
            cls._pack[key] = card
        return card

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError("a Card cannot be changed")

    def __reduce__(self) -> tuple[type[Card], tuple[Rank, Suit]]:
        return (Card, (self.rank, self.suit))

    def __str__(self) -> str:
        return self.text

    def __repr__(self) -> str:
        return f"Card({self.text})"

    def __lt__(self, other: Card) -> bool:
        return self.order < other.order

    # Written out: a class that defines one comparison (__lt__ above) has every comparison looked up in its
    # dict, and without an __eq__ of its own `card in cards` would try object's __eq__ both ways round for
    # each card it passes (a third of the replay's `in` tests, on tuples of loose and named cards).
    def __eq__(self, other: object) -> bool:
        return self is other

    __hash__ = object.__hash__


BY_ORDER = attrgetter("order")
"""A sort key for canonical card order that runs in C (faster than comparing cards)."""


def sort_key(card: Card) -> int:
    """Canonical card order: higher value first, then suits s h d c.

    >>> [str(c) for c in sorted(map(parse_card, ["2s", "Kc", "Kh"]), key=sort_key)]
    ['Kh', 'Kc', '2s']
    """
    return card.order


PRESENTATION = dict.fromkeys((0xFE0E, 0xFE0F))
"""The variation selectors a phone may put after a suit symbol (text or emoji style): they are no part of a card."""


def parse_card(text: str) -> Card:
    """Read a card token: rank then suit, any case, ``10`` for ``T``, suit symbols.

    >>> str(parse_card("10♦")), str(parse_card("qS"))
    ('Td', 'Qs')

    :raises ValueError: when the text is not a card of the pack.
    """
    if not isinstance(text, str):
        raise ValueError(f"{text!r} is not a card: a card is read from text such as 'Td'")
    card = CARD_TOKENS.get(text.strip().translate(PRESENTATION))
    if card is None:
        raise ValueError(f"{text!r} is not a card")
    return card


def _token_table() -> dict[str, Card]:
    """Every spelling of every card, in either case of its ASCII letters only (``str.upper`` would also
    turn ``ſ`` into ``S``: a word of another script is no card, NOTATION.md)."""
    table = {}
    for rank in Rank:
        spellings = sorted({rank.symbol, rank.symbol.lower()}) + (["10"] if rank == Rank.T else [])
        for suit in Suit:
            suit_spellings = [suit.value, suit.value.upper()] + [k for k, v in SUIT_ALIASES.items()
                                                                if v == suit.value]
            for r in spellings:
                for s in suit_spellings:
                    table[r + s] = Card(rank, suit)
    return table


CARD_TOKENS = _token_table()
DECK: tuple[Card, ...] = tuple(sorted(set(CARD_TOKENS.values()), key=sort_key))
"""The 52 cards in canonical order."""
