"""The notation help page (`/notation`): every kind of line of NOTATION.md, with an example, for players."""
from __future__ import annotations

from dataclasses import dataclass

from flask import Blueprint, render_template
from flask_babel import LazyString, lazy_gettext as _l

bp = Blueprint("notation_help", __name__)


@dataclass(frozen=True)
class LineKind:
    """One kind of line: how it is written, what it says at the table, and an example."""

    anchor: str
    form: str
    says: LazyString
    """Translated as the page is drawn."""
    example: str


LINE_KINDS = (
    LineKind("tag", '[Name "value"]',
             _l("A fact about the game: who sits where, the event, the date. Tags come before the first deal; a tag "
             "after deals starts a new game in the same file."), '[North "Asha"]'),
    LineKind("deal", "deal N dealer SEAT", _l("A new deal, its number (1, 2, …) and who dealt it."), "deal 1 dealer N"),
    LineKind("redeal", "redeal SEAT C C C C",
             _l("The bidder showed four cards, none above 8, so the same dealer dealt again."), "redeal W 8h 6d 4c 2s"),
    LineKind("redeal-floor", "redeal floor C C C C",
             _l("Thirty variants only: the floor held the ten of diamonds or the nine of spades, so the deal was "
                "redone."),
             "redeal floor Td Kh 5c 2s"),
    LineKind("hand", "hand SEAT C C …",
             _l("Cards you know a player held at the start of the deal (optional): the bidder's first four, or a whole "
             "hand."), "hand W Jd 8h 8d 7c"),
    LineKind("floor", "floor C C C C", _l("The four cards turned up on the floor after the bid."), "floor Kh Jc 9s 2s"),
    LineKind("bid", "bid SEAT V", _l("The bid: a value from 9 to 13 (J, Q and K are fine too)."), "bid W 11"),
    LineKind("throw", "SEAT C", _l("A throw: the card stays on the floor as a loose card."), "S 5h"),
    LineKind("capture", "SEAT C x G G …",
             _l("A capture: the card takes the groups after the x. A group is a house [V], or loose cards joined by "
             "+ that add up to the card."), "W Jd x Jc 9s+2s"),
    LineKind("capture-short", "SEAT C x",
             _l("A capture, short: the card takes everything it must. When the floor allows more than one way, write "
             "the groups out."), "N 7d x"),
    LineKind("house", "SEAT C+I+I… =V G G …",
             _l("A house: the card and the floor items after + make (or join) a house of value V; any groups G after "
             "=V join it too. A house of value V already on the floor is joined without writing it."), "E 4c+5h =9"),
    LineKind("house-cement", "SEAT C+I+I =V G",
             _l("A house with extra groups: the groups after =V join it too, which cements it."), "S 5h+4c+3d =12 Qs"),
    LineKind("house-break", "SEAT C+[W] =V",
             _l("Breaking a house: the card raises an uncemented house of value W to V."), "N 2s+[11] =13"),
    LineKind("score", "score TEAM P[+S] TEAM P[+S]",
             _l("The deal's result as the table wrote it: card points, and +sweep points when there were sweeps. "
             "A deal may have just this line when nobody wrote the plays down."), "score NS 40 EW 60+50"),
    LineKind("annotation", "{text}",
             _l("A note after a deal line or a play, on the same line: kept and shown, never judged."),
             "W Jd x Jc 9s+2s {forced: the jack must take all three}"),
    LineKind("comment", "# text",
             _l("A comment: everything after # on a line is ignored. Blank lines are ignored too."),
             "# Friday game at the club"),
)
"""Every kind of line of NOTATION.md's table of lines, plays taken kind by kind (its table of moves)."""

TAGS = (
    ("Variant", _l("standard, two-player, juneja, thirty or thirty-punjab (standard when left out)"),
     '[Variant "thirty"]'),
    ("North, West, South, East", _l("the players' names (two players: North and South)"), '[West "Divya"]'),
    ("Event, Site, Round, Scorer", _l("what they say"), '[Event "Friday club night"]'),
    ("Date", _l("the day, as YYYY-MM-DD"), '[Date "2026-11-14"]'),
    ("BaaziTarget", _l("the lead that wins a baazi (100; thirty variants 30)"), '[BaaziTarget "100"]'),
    ("MaxHouses", _l("at most this many houses on the floor"), '[MaxHouses "2"]'),
    ("Rotation", _l("who deals next: pagat or team"), '[Rotation "team"]'),
)

WHOLE_EXAMPLE = """# Friday game at the club
[Event "Friday club night"]
[Date "2026-11-14"]
[North "Asha"]
[West "Divya"]
[South "Chetan"]
[East "Bilal"]

deal 1 dealer N
hand W Jd 8h 8d 7c
floor Kh Jc 9s 2s
bid W 11
W Jd x Jc 9s+2s   {forced: the jack must take all three}
S 5h
E 4c+5h =9
N Qs

deal 2 dealer N
score NS 34 EW 66   # only the result was written down
"""


@bp.get("/notation")
def notation():
    """How to write a log, for players: each kind of line with an example."""
    return render_template("notation.html", kinds=LINE_KINDS, tags=TAGS, whole=WHOLE_EXAMPLE)
