"""Cards of the 52-card pack: values, canonical text and canonical order."""
from __future__ import annotations

from dataclasses import dataclass
from enum import IntEnum, StrEnum


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


@dataclass(frozen=True, slots=True)
class Card:
    """One card. `str(card)` is its canonical notation token, e.g. ``Td``."""

    rank: Rank
    suit: Suit

    @property
    def value(self) -> int:
        """The capture value: A=1, 2-10 face value, J=11, Q=12, K=13."""
        return int(self.rank)

    def __str__(self) -> str:
        return self.rank.symbol + self.suit.value

    def __lt__(self, other: Card) -> bool:
        return sort_key(self) < sort_key(other)


def sort_key(card: Card) -> tuple[int, int]:
    """Canonical card order: higher value first, then suits s h d c.

    >>> [str(c) for c in sorted(map(parse_card, ["2s", "Kc", "Kh"]), key=sort_key)]
    ['Kh', 'Kc', '2s']
    """
    return (-card.rank, SUIT_ORDER[card.suit])


def parse_card(text: str) -> Card:
    """Read a card token: rank then suit, any case, ``10`` for ``T``, suit symbols.

    >>> str(parse_card("10♦")), str(parse_card("qS"))
    ('Td', 'Qs')

    :raises ValueError: when the text is not a card of the pack.
    """
    card = CARD_TOKENS.get(text.strip().upper().replace("\ufe0f", ""))
    if card is None:
        raise ValueError(f"{text!r} is not a card")
    return card


def _token_table() -> dict[str, Card]:
    table = {}
    for rank in Rank:
        spellings = [rank.symbol] + (["10"] if rank == Rank.T else [])
        for suit in Suit:
            suit_spellings = [suit.value.upper()] + [k for k, v in SUIT_ALIASES.items() if v == suit.value]
            for r in spellings:
                for s in suit_spellings:
                    table[r + s] = Card(rank, suit)
    return table


CARD_TOKENS = _token_table()
DECK: tuple[Card, ...] = tuple(sorted(set(CARD_TOKENS.values()), key=sort_key))
"""The 52 cards in canonical order."""
