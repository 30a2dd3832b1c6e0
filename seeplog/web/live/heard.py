"""What a listener of the follow page is told of the board: the deal on the table (its dealer, bid and floor),
each of its plays, the deal's end and every flag, each a sentence in the reader's language with its players
named and its cards in words ("Omkar (S) takes 7 of spades with 7 of hearts"). The board carries them as a
hidden list (its part `heard`); live-follow.js says those that are new or changed since the board before,
so that a screen reader hears what was played, and nothing while nothing changes."""
from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass

from seeplog.cards import parse_card
from seeplog.notation import BidLine, DealStart, FloorCards, read_line
from seeplog.said import Param, Said

from ..catalog import gettext
from ..cardviews import card_face, named
from ..findings import rule_summary
from ..saying import say, say_all
from ..games.viewmodels import Finding
from .dealend import DealEnd
from .view import EntryView, LiveView

CARDS = re.compile(r"(?:[A2-9TJQK][shdc]|\[\d+\])(?:\+(?:[A2-9TJQK][shdc]|\[\d+\]))*")
"""A card, a house or a group of them in notation: ``7s``, ``[11]``, ``2h+Jh``."""


@dataclass(frozen=True)
class Heard:
    """One thing a listener is told: what it tells of (`key`, the same across versions), its kind (deal,
    bid, floor, play, end or flag) and the sentence."""

    key: str
    kind: str
    text: str


def heard(view: LiveView, end: DealEnd | None, flags: Iterable[tuple[EntryView | None, Finding]],
          names: dict[str, str]) -> tuple[Heard, ...]:
    """The sentences of the board, in the order things happened: the deal on the table, its plays, its
    end, then the flags (`flags`: each flagged finding with its entry)."""
    deal = next((e.place.deal for e in reversed(view.entries) if e.place.deal is not None), None)
    out = [h for e in view.entries if deal is not None and e.place.deal == deal
           for h in entry_heard(e, view.variant, names)]
    if end is not None:
        out.append(end_heard(end))
    out += [flag_heard(entry, finding, names) for entry, finding in flags]
    return tuple(out)


def entry_heard(entry: EntryView, variant: str, names: dict[str, str]) -> tuple[Heard, ...]:
    """An entry of the deal on the table, told: its deal line, bid, floor or play (nothing for the rest)."""
    place = entry.place
    if place.kind == "play" and place.play is not None:
        play = spoken(entry.words, names) if entry.words else \
            gettext("%(seat)s plays %(line)s", seat=named(place.seat, names) if place.seat else gettext("a seat"),
                    line=entry.line)  # a play the replay did not reach (a log error before it), as the board says it
        return (Heard(f"p{place.deal}.{place.play}", "play", gettext("%(play)s.", play=play)),)
    if place.kind not in ("deal", "bid", "floor"):
        return ()
    match read_line(entry.line, 1, variant):
        case DealStart(dealer=dealer):
            return (Heard(f"d{place.deal}", "deal", gettext("Deal %(deal)s begins: %(seat)s deals.",
                                                             deal=place.deal, seat=named(dealer, names))),)
        case BidLine(seat=seat, value=value):
            return (Heard(f"b{place.deal}", "bid", gettext("%(seat)s bids %(bid)s.", seat=named(seat, names),
                                                            bid=value)),)
        case FloorCards(cards=cards):
            return (Heard(f"f{place.deal}", "floor", gettext("The floor: %(cards)s.",
                                                              cards=say_all([card_words(str(c)) for c in cards]))),)
    return ()


def end_heard(end: DealEnd) -> Heard:
    """The deal's end, told: its scores (where they are known) and the standing after it."""
    if any(t.score == "–" for t in end.teams):
        said = gettext("Deal %(deal)s is over. %(standing)s.", deal=end.number, standing=end.standing)
    else:
        said = gettext("Deal %(deal)s is over: %(scores)s. %(standing)s.", deal=end.number,
                       scores=" – ".join(f"{t.team} {t.score}" for t in end.teams), standing=end.standing)
    return Heard(f"end{end.number}", "end", said)


def flag_heard(entry: EntryView | None, finding: Finding, names: dict[str, str]) -> Heard:
    """A flag, told: where it is, the rule's summary and the finding's sentence."""
    if finding.deal and finding.play:
        where = gettext("Deal %(deal)s, play %(play)s", deal=finding.deal, play=finding.play)
    else:
        where = gettext("Deal %(deal)s", deal=finding.deal) if finding.deal else gettext("The game")
    return Heard(f"x{entry.id if entry else ''}:{finding.rule}", "flag",
                 gettext("%(where)s, flagged: %(summary)s (%(message)s).", where=where,
                         summary=rule_summary(finding.rule) or finding.rule, message=spoken(finding.message, names)))


def spoken(text: str, names: dict[str, str]) -> str:
    """A sentence of the library for the ear, in the reader's language: a seat said with its player's name,
    cards and houses in words ("Omkar (S) takes 7 of spades with 7 of hearts")."""
    return say(aloud(text, names)) if isinstance(text, Said) else text


def aloud(said: Said, names: dict[str, str]) -> Said:
    """The sentence with its seats named and its cards in words, its phrases (`Said` parameters) likewise."""
    return Said(said.template, **{name: aloud(value, names) if isinstance(value, Said) else word_aloud(value, names)
                                  for name, value in said.params})


def word_aloud(part: str | int, names: dict[str, str]) -> Param:
    if not isinstance(part, str):
        return part
    if part in names:
        return named(part, names)
    return " ".join(" + ".join(map(card_words, word.split("+"))) if CARDS.fullmatch(word) else word
                    for word in part.split(" "))


def card_words(token: str) -> str:
    """A card (``Jc``: jack of clubs) or a house (``[11]``: the 11-house) in words."""
    if token.startswith("["):
        return say(Said("the {value}-house", value=int(token[1:-1])))
    return card_face(parse_card(token)).label
