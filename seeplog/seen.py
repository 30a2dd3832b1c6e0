"""What a card seen twice in a deal says (E-CARD, RULES.md §10): where it was seen first, and, for a house play
written with a floor card first, how to write it."""
from __future__ import annotations

from .cards import Card
from .moves import Build, canonical, move_text
from .notation import Play
from .said import Said


def seen_again(play: Play, seen: dict[Card, str | int]) -> Said:
    """Why the card of `play` was seen before: on the floor, or in an earlier play (`seen` says where)."""
    card = play.move.card
    where = seen[card]
    if isinstance(where, int):
        line = _played_first(play, seen)
        return Said("{card} was already seen in this deal (play {play}): a house play names the card played first "
                    "({line})", card=str(card), play=where, line=line) if line else \
            Said("{card} was already seen in this deal (play {play})", card=str(card), play=where)
    return _floor_card_first(play, seen) or Said("{card} was already seen in this deal (floor)", card=str(card))


def _floor_card_first(play: Play, seen: dict[Card, str | int]) -> Said | None:
    """For a house play written with a floor card first while its main group names a card not seen yet: the
    played card comes first (NOTATION.md, Moves), and the line written so when one card is unseen."""
    move = play.move
    if type(move) is not Build or all(c in seen for c in move.loose):
        return None
    card, line = str(move.card), _played_first(play, seen)
    if line is None:
        return Said("{card} is on the floor: a house play names the card played first", card=card)
    return Said("{card} is on the floor: a house play names the card played first ({line})", card=card, line=line)


def _played_first(play: Play, seen: dict[Card, str | int]) -> str | None:
    """A house play's line written with its one card not seen yet in the deal first, as the card played; None
    when its main group has no such card, or more than one."""
    move = play.move
    if type(move) is not Build:
        return None
    unseen = [c for c in move.loose if c not in seen]
    if len(unseen) != 1:
        return None
    items = tuple(i for i in move.items if i is not unseen[0]) + (move.card,)
    return f"{play.seat} {move_text(canonical(Build(unseen[0], items, move.value, move.extras)))}"


def in_two_places(card: str, first: str, then: str) -> Said:
    """Where a card stands twice: a seat's recorded hand or the floor, then another."""
    if first == "floor":
        return Said("{card} is on the floor and in {seat}'s recorded hand", card=card, seat=then)
    if then == "floor":
        return Said("{card} is in {first}'s recorded hand and on the floor", card=card, first=first)
    return Said("{card} is in {first}'s recorded hand and in {seat}'s", card=card, first=first, seat=then)
