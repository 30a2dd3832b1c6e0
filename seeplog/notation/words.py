"""Reading the words of a log line token by token: cards, seats, numbers and moves, in any spelling
NOTATION.md allows. Each reader takes what it needs from a `Cursor` and raises `Fail` at the first thing
that is not what the line needs there, saying what was expected (`grammar` reads whole statements with
them)."""
from __future__ import annotations

import re
from functools import cache

from ..cards import Card, parse_card
from .lexer import Cursor, Token, show
from ..moves import Build, Capture, Group, HouseRef, Item, Move, Throw, canonical
from ..said import Said
from .phrases import (A_CARD, A_HOUSE, A_SEAT, AN_ANNOTATION, HOUSE_VALUE, MISPLACED, NO_X, ONE_X, PLAYED_CARD,
                      SECOND_X, VALUE_AFTER_EQ, X_AFTER_HOUSE)
from ..ruleset import HOUSE_VALUES, SEATS as SEATS_FOUR, TEAMS as TEAMS_FOUR

FACE_VALUES = {"J": 11, "Q": 12, "K": 13}
CARD_LIKE = re.compile("(?:[^\\W_]|[\u2660-\u2667\ufe0e\ufe0f])+")
"""A word of letters, digits and suit symbols: where a card is expected, such a word that is not a card of
the pack is E-CARD, anything else E-SYNTAX (NOTATION.md, Cards)."""
WHITE_SUITS = str.maketrans("♤♡♢♧", "shdc")
"""The white suit symbols, which are not the notation's (♠ ♥ ♦ ♣): a word with one is E-CARD, and says which card
it would be."""
HOUSE_WORDS = frozenset(map(str, HOUSE_VALUES))
"""A house value written without its brackets (``11``), in the digits 0-9."""


def is_card(text: str) -> bool:
    try:
        parse_card(text)
    except ValueError:
        return False
    return True


def read_card(cur: Cursor, seen: dict[Item, int], expected: str = A_CARD) -> tuple[Card, Token]:
    """A card token; E-CARD for a word that is no card, or for a card already named on this line."""
    token = cur.expect(expected)
    if token.kind != "word":
        raise cur.fail(_found(expected, token), token)
    try:
        card = parse_card(token.text)
    except ValueError:
        if CARD_LIKE.fullmatch(token.text) is None:
            raise cur.fail(Said("expected {expected} (a rank A 2-9 T J Q K and a suit s h d c), found {found}",
                                expected=expected, found=show(token.text)), token) from None
        raise cur.fail(_not_a_card(token.text), token, "E-CARD") from None
    _once(cur, card, token, seen)
    return card, token


def _found(expected: str, token: Token) -> Said:
    return Said("expected {expected}, found {found}", expected=expected, found=show(token.text))


def _not_a_card(text: str) -> Said:
    if len(text) > 1 and text[-1] in "xX" and is_card(text[:-1]):
        return Said("{word} is not a card: 'x' stands alone, with a space before it", word=show(text))
    meant = text.translate(WHITE_SUITS)
    if meant != text and is_card(meant):
        return Said("{word} is not a card: the suit symbols are ♠ ♥ ♦ ♣ (or s h d c); write {card}", word=show(text),
                    card=str(parse_card(meant)))
    return Said("{word} is not a card: expected a rank (A 2-9 T J Q K) and a suit (s h d c)", word=show(text))


def _once(cur: Cursor, item: Item, token: Token, seen: dict[Item, int]) -> None:
    if item in seen:
        rule = "E-CARD" if isinstance(item, Card) else "E-SYNTAX"
        raise cur.fail(Said("{item} is named twice on this line (first at column {column})", item=str(item),
                            column=seen[item]), token, rule)
    seen[item] = token.column


def read_seat(cur: Cursor, allowed: tuple[str, ...], what: str = A_SEAT) -> str:
    """A seat (or a score's team) of the table: E-SEAT for a word that is none of them."""
    expected = _seat_phrase(what, allowed)
    token = cur.expect(expected)
    text = token.text.upper()
    if token.kind == "word" and text in allowed:
        return text
    if token.kind != "word" or not text.isalpha():
        raise cur.fail(_found(expected, token), token)
    fields = {"word": text, "what": what, "seats": alternatives(allowed)}
    if text in SEATS_FOUR or text in TEAMS_FOUR:
        raise cur.fail(Said("{word} is not {what} at a two-player table: expected {seats}", **fields)
                       if allowed[0] == "N" and len(allowed) == 2 else
                       Said("{word} is not {what} at a four-player table: expected {seats}", **fields), token, "E-SEAT")
    fields["word"] = show(token.text)
    raise cur.fail(Said("{word} is not {what}: expected {seats}", **fields), token, "E-SEAT")


@cache
def _seat_phrase(what: str, allowed: tuple[str, ...]) -> Said:
    return Said("{what} ({seats})", what=what, seats=alternatives(allowed))


@cache
def alternatives(words: tuple[str, ...]) -> Said:
    """Words as alternatives in a message.

    >>> alternatives(("N", "W", "S", "E"))
    'N, W, S or E'
    """
    return Said("{words} or {last}", words=", ".join(words[:-1]), last=words[-1])


def read_number(cur: Cursor, expected: str, *, faces: bool = False, least: int = 0) -> int:
    return number_of(cur, cur.word(expected), expected, faces=faces, least=least)


def number_of(cur: Cursor, token: Token, expected: str, *, faces: bool = False, least: int = 0) -> int:
    """A whole number of at most four digits (or J, Q, K for 11, 12, 13 where `faces`)."""
    text = token.text.strip().upper()
    if faces and text in FACE_VALUES:
        return FACE_VALUES[text]
    if not (text.isascii() and text.isdigit()):
        raise cur.fail(_found(expected, token), token)
    if len(text) > 4:
        raise cur.fail(Said("expected {expected}, found {found}: a number here has four digits at most",
                            expected=expected, found=show(token.text)), token)
    if int(text) < least:
        raise cur.fail(Said("expected {expected}, found {found}: the numbers start at {least}",
                            expected=expected, found=show(token.text), least=least), token)
    return int(text)


def read_cards(cur: Cursor, what: str, count: int | None = None,
               columns: dict[Item, int] | None = None, too_many: Said | None = None) -> tuple[Card, ...]:
    """Cards to the end of the line, exactly `count` of them if given (at most, with `too_many`: what to say of
    more), in canonical order; where each stands, into `columns` if given."""
    cards: list[Card] = []
    seen: dict[Item, int] = {}
    while cur.at("word"):
        if len(cards) == count:
            raise cur.fail(too_many or Said("expected {count} {what}, found more: this is card {next}", count=count,
                                            what=what, next=count + 1), cur.peek())
        card, read = read_card(cur, seen)
        cards.append(card)
        if columns is not None:
            columns[card] = read.column
    if cards and count is not None and len(cards) < count and too_many is None:
        raise cur.fail(Said("expected {count} {what}, found {found}", count=count, what=what, found=len(cards)),
                       cur.peek())
    if not cards:
        token = cur.peek()
        raise cur.fail(_found(what, token) if token else Said("expected {expected} at the end of the line",
                                                              expected=what), token)
    return tuple(sorted(cards))


def read_annotation(cur: Cursor) -> str | None:
    if cur.at("annotation"):
        return cur.expect(AN_ANNOTATION).text[1:-1]
    return None


def end(cur: Cursor, after: str) -> None:
    """Nothing more may follow on the line but a comment."""
    token = cur.peek()
    if token is None:
        return
    if token.kind == "open":
        raise cur.fail(Said("an annotation opened with '{{' is not closed with '}}' on this line"), token)
    if token.kind == "annotation":
        raise cur.fail(Said("unexpected annotation after {after}: annotations follow a 'deal' line or a play, once",
                            after=after), token)
    raise cur.fail(Said("unexpected {found} after {after}: expected the end of the line", found=show(token.text),
                        after=after), token)


# ---------------------------------------------------------------- moves

def read_house(cur: Cursor, token: Token) -> HouseRef:
    inner = token.text[1:-1]
    if not inner.strip():
        raise cur.fail(Said("expected a house value inside '[ ]', as [11]"), token)
    if "+" in inner or len(inner.split()) > 1:
        raise cur.fail(Said("a house is named by its value alone, as [11]"), token)
    word = Token("word", inner, token.column + 1)
    return HouseRef(number_of(cur, word, HOUSE_VALUE, faces=True))


def read_item(cur: Cursor, columns: dict[Item, int], seen: dict[Item, int], *, houses: bool = True) -> Item:
    """A card or, where `houses`, a house ``[V]``."""
    token = cur.peek()
    if token is None or token.kind not in ("word", "house"):
        raise cur.fail(Said("expected a card or a house [V] after '+', found {found}", found=show(token.text))
                       if token else Said("expected a card or a house [V] after '+' at the end of the line"), token)
    if token.kind == "word" and token.text in HOUSE_WORDS:
        raise cur.fail(Said("{word} is not a card: a house is written in brackets, [{value}]", word=show(token.text),
                            value=token.text), token, "E-CARD")
    if token.kind == "word":
        item: Item = read_card(cur, seen)[0]
    elif not houses:
        raise cur.fail(Said("an extra group is loose cards only: the house {house} cannot join another house",
                            house=token.text), token)
    else:
        item = read_house(cur, cur.expect(A_HOUSE))
        _once(cur, item, token, seen)
    columns.setdefault(item, token.column)
    return item


def read_group(cur: Cursor, columns: dict[Item, int], seen: dict[Item, int], *, houses: bool = True) -> Group:
    items = [read_item(cur, columns, seen, houses=houses)]
    while cur.at("plus"):
        cur.take()
        items.append(read_item(cur, columns, seen, houses=houses))
    return tuple(items)


def read_groups(cur: Cursor, columns: dict[Item, int], seen: dict[Item, int], *, houses: bool,
                what: str, on_x: str) -> tuple[Group, ...]:
    """Groups up to the end of the line (or its annotation); `on_x` says what an 'x' among them is."""
    groups = []
    while (token := cur.peek()) is not None and token.kind not in ("annotation", "open"):
        if token.kind == "word" and token.text.lower() == "x":
            raise cur.fail(on_x, token)
        if token.kind not in ("word", "house"):
            raise cur.fail(Said("unexpected {found}: {why}", found=show(token.text),
                                why=MISPLACED.get(token.kind, what)), token)
        groups.append(read_group(cur, columns, seen, houses=houses))
    return tuple(groups)


def read_move(cur: Cursor) -> tuple[Move, dict[Item, int]]:
    seen: dict[Item, int] = {}
    card, token = read_card(cur, seen, PLAYED_CARD)
    columns: dict[Item, int] = {card: token.column}
    nxt = cur.peek()
    if nxt is None or nxt.kind in ("annotation", "open"):
        return Throw(card), columns
    if nxt.kind == "word" and nxt.text.lower() == "x":
        cur.take()
        groups = read_groups(cur, columns, seen, houses=True, what=ONE_X, on_x=SECOND_X)
        return canonical(Capture(card, groups or None)), columns
    if nxt.kind in ("plus", "eq"):
        return read_build(cur, card, columns, seen), columns
    glued = nxt.text[:1] in "xX" and is_card(nxt.text[1:])
    hint = Said("expected 'x' before {found} to capture it", found=show(nxt.text)) if is_card(nxt.text) else (
        Said("'x' stands alone, with a space after it") if glued else
        Said("expected 'x' (capture), '+' or '=' (house play), or the end of the line (throw)"))
    raise cur.fail(Said("unexpected {found} after the card: {hint}", found=show(nxt.text), hint=hint), nxt)


def read_build(cur: Cursor, card: Card, columns: dict[Item, int], seen: dict[Item, int]) -> Build:
    """``C+I+I… =V G G …``: the main group, the value, the extra groups."""
    items: list[Item] = []
    while cur.at("plus"):
        cur.take()
        token = cur.peek()
        items.append(read_item(cur, columns, seen))
        if isinstance(items[-1], HouseRef) and sum(isinstance(i, HouseRef) for i in items) > 1:
            raise cur.fail(Said("a house play breaks at most one house"), token)
    eq = cur.take()
    if eq is None or eq.kind != "eq":
        raise cur.fail(Said("expected '=' and the house value after the house play's cards, found {found}",
                            found=show(eq.text)) if eq else
                       Said("expected '=' and the house value after the house play's cards at the end of the line"),
                       eq)
    value = read_number(cur, VALUE_AFTER_EQ, faces=True)
    extras = read_groups(cur, columns, seen, houses=False, what=NO_X, on_x=X_AFTER_HOUSE)
    return canonical(Build(card, tuple(items), value, extras))  # type: ignore[return-value]
