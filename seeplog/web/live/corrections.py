"""The corrections of a live game as its followers see them: the last few replaced, inserted or deleted
entries (an undo takes back the last entry, told as it happens), each in one sentence that says where it
stands, what it was and what it is now, and why, where the scorekeeper said ("The score of deal 2 corrected:
score NS 68 EW 32, now score NS 32 EW 68 (columns swapped)"). Lines are shown in notation, heard in words."""
from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from seeplog.said import N_

from ..catalog import gettext
from ..cardviews import Voiced
from ..spoken import notation_words

IN_DEAL = {"play": N_("play {play} of deal {deal}"), "score": N_("the score of deal {deal}"),
           "floor": N_("the floor of deal {deal}"), "bid": N_("the bid of deal {deal}"),
           "deal": N_("the start of deal {deal}"), "hand": N_("a hand line of deal {deal}"),
           "redeal": N_("the redeal of deal {deal}")}
"""Where an entry stands, in the words the keep page uses for it (static/keep/places.js)."""


@dataclass(frozen=True)
class Correction:
    version: int
    said: Voiced
    """The correction in one sentence, its lines shown in notation and heard in words."""
    deal: int | None
    """The deal of the entry it corrected (None where not known)."""


def place_words(place: dict[str, Any] | None) -> str:
    """Where the entry stood: "play 5 of deal 1", "the score of deal 2"; "an entry" where it is not known."""
    if not place or place.get("deal") is None:
        return gettext("an entry")
    kind = "play" if place.get("play") else place.get("kind")
    said = IN_DEAL.get(kind or "", N_("a line of deal {deal}"))
    return gettext(said).format(deal=place["deal"], play=place.get("play"))


DIRECTOR_NOTE = "Director: "
"""How a correction's note stored in a game's history says that the event's director made it."""


def note_words(note: str) -> str:
    """A correction's note as the reader reads it: a director's marked so in the reader's language."""
    if note.startswith(DIRECTOR_NOTE):
        return gettext("Director: %(note)s", note=note[len(DIRECTOR_NOTE):])
    return note


def correction(event: dict[str, Any], names: dict[str, str]) -> Correction:
    """One correction event (`store.recent_corrections`) in words."""
    was = event.get("was") or {}
    place = was if event["kind"] != "insert" else event.get("place") or {}
    where = place_words(place)
    line, before = event.get("line") or "", was.get("line") or ""

    def sentence(say: Any) -> str:
        if event["kind"] == "delete":
            said = gettext("%(where)s deleted: %(was)s", where=where, was=say(before))
        elif event["kind"] == "insert":
            said = gettext("%(line)s inserted, %(where)s", line=say(line), where=where)
        elif before:
            said = gettext("%(where)s corrected: %(was)s, now %(now)s", where=where, was=say(before), now=say(line))
        else:
            said = gettext("%(where)s corrected: now %(now)s", where=where, now=say(line))
        said = said[:1].upper() + said[1:]
        return gettext("%(said)s (%(note)s)", said=said, note=note_words(event["note"])) if event.get("note") else said

    return Correction(event["version"], Voiced(sentence(str), sentence(lambda text: notation_words(text, names))),
                      place.get("deal"))


def corrections_of(events: Iterable[dict[str, Any]], names: dict[str, str]) -> tuple[Correction, ...]:
    return tuple(correction(e, names) for e in events)
