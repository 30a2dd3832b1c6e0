"""A live game's retag: the tags a scorekeeper may set again, checked before they are written."""
from __future__ import annotations

from seeplog.live.entries import Entry, live_log
from seeplog.notation import Tag
from seeplog.notation.writer import statement_text
from seeplog.refusals import Refused
from seeplog.ruleset import SEAT_TAGS, find_ruleset
from seeplog.said import Said

from ..games.store import tag_day

RETAGGED = ("Event", "Site", "Date", "Round", "Scorer")
"""The tags a retag may set besides the players' names (the others change the rules of the game)."""


def retag_lines(now: tuple[Entry, ...], tags: tuple[tuple[str, str], ...]) -> tuple[str, ...]:
    """The tag lines of a retag, checked: names a retag may set, a seat the game has, values that read.

    :raises Refused: any other tag, a seat the variant lacks, or no tag at all.
    """
    if not tags:
        raise Refused(Said("send at least one tag to set"), [{"field": "tags", "message": Said("no tag")}])
    seats = {name: seat for seat, name in SEAT_TAGS.items()}
    variant = live_log(now).log.games[0].tags.get("Variant", "standard")
    has = find_ruleset(variant).seats
    for name, _ in tags:
        if name in seats and seats[name] not in has:
            raise Refused(Said("a {variant} game has no {name} seat", variant=variant, name=name),
                          [{"field": "tags", "message": Said("no seat {seat} at this table", seat=seats[name])}])
        if name == "Date" and tag_day(dict(tags)["Date"]) is None:
            raise Refused(Said("a Date is written YYYY-MM-DD, a day on the calendar"),
                          [{"field": "tags", "message": Said("Date: not a YYYY-MM-DD day")}])
        if name not in seats and name not in RETAGGED:
            raise Refused(Said("the tag {name} cannot be changed here (only {tags} and the players' names)",
                               name=name, tags=", ".join(RETAGGED)),
                          [{"field": "tags", "message": Said("{name}: not changed here", name=name)}])
    return tuple(statement_text(Tag(name, value)) for name, value in tags)
