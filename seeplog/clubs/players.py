"""Players: a person behind the names written in seat tags. Names that differ only in case, spacing or
invisible characters are one name (`name_key`); an administrator may join several names into one player, or
take one off again."""
from __future__ import annotations

import re
from collections.abc import Mapping

from seeplog.refusals import BadInput
from seeplog.ruleset import SEAT_TAGS
from seeplog.said import Said

SPACES = re.compile(r"\s+")
INVISIBLE = re.compile(r"[\u00ad\u061c\u180e\u200b\u200e\u200f\u202a-\u202e\u2060-\u2064\u2066-\u206f\ufeff]")
"""Format characters that show nothing, or only steer the text's direction: soft hyphen, zero-width space, word
joiner, byte order mark, the direction marks, embeddings and isolates. A name is the same name without them."""
LOOSE_JOINERS = re.compile(r"(?<!\S)[\u200c\u200d]+|[\u200c\u200d]+(?!\S)")
"""Zero-width non-joiner and joiner outside a word (at an end, or beside a space). Inside one they are kept: they
choose how Devanagari and Gurmukhi letters join (क्ष written with a joiner after the virama shows otherwise),
so two names that differ by one are two names."""
UNNAMED = {"", "?", "-"}
"""Seat-tag values that name nobody (PGN's habit: "?" for unknown)."""


def name_key(name: str) -> str:
    """The form two spellings of one name share: case folded, spaces collapsed, outer spaces and invisible
    characters dropped.

    >>> name_key(" Asha\u200b  K\ufeff") == name_key("asha k"), name_key("क्\u200dष") == name_key("क्ष")
    (True, False)
    """
    return display_name(name.casefold())


def display_name(name: str) -> str:
    """A name as shown: invisible characters dropped (`INVISIBLE`, and `LOOSE_JOINERS`), outer spaces dropped,
    inner runs of spaces made one."""
    return SPACES.sub(" ", LOOSE_JOINERS.sub("", INVISIBLE.sub("", name))).strip()


def seat_keys(tags: Mapping[str, str], seats: tuple[str, ...]) -> dict[str, str | None]:
    """Each seat's name key from the game's seat tags; None for a seat no tag names."""
    keys: dict[str, str | None] = {}
    for seat in seats:
        value = tags.get(SEAT_TAGS[seat])
        key = name_key(value) if value is not None else ""
        keys[seat] = None if key in UNNAMED else key
    return keys


class PlayerChange(BadInput):
    """An administrator's change that cannot be made (a merge of a player into itself, for instance)."""


def check_merge(source: int, target: int, now: tuple[int, int] | None = None) -> None:
    """`now`: the players the two ids stand for after the merges made before.

    :raises PlayerChange: when a player would be merged into itself, or the two ids stand for one player already.
    """
    if source == target:
        raise PlayerChange(Said("player {player} cannot be merged into itself: name two different players",
                                 player=source))
    if now is not None and now[0] == now[1]:
        merged = source if source != now[0] else target
        raise PlayerChange(Said("player {player} is already merged into player {into}", player=merged, into=now[0]))


def check_rename(name: str) -> str:
    """The new display name, tidied.

    :raises PlayerChange: when it is empty or longer than 80 characters.
    """
    shown = display_name(name)
    if name_key(shown) in UNNAMED:
        raise PlayerChange(Said("a player's name cannot be empty (nor '?' or '-')"))
    if len(shown) > 80:
        raise PlayerChange(Said("a player's name has at most 80 characters; this one has {length}", length=len(shown)))
    return shown


def check_split(alias_key: str, player_aliases: list[str]) -> None:
    """:raises PlayerChange: unless the alias is one of the player's and not its only one."""
    if alias_key not in player_aliases:
        raise PlayerChange(Said("'{name}' is not a name of this player (its names: {names})", name=alias_key,
                                 names=", ".join(player_aliases)))
    if len(player_aliases) == 1:
        raise PlayerChange(Said("'{name}' is this player's only name: there is nothing to split it from",
                                 name=alias_key))
