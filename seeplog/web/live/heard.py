"""What a listener of the follow page is told of the board: the deal on the table (its dealer, bid and floor),
each of its plays, the deal's end and every flag, each a sentence in the reader's language with its players
named and its seats, teams and cards in words ("Omkar (South) takes seven of spades with seven of hearts").
The board carries them as a hidden list (its part `heard`); live-follow.js says those that are new or changed
since the board before, so that a screen reader hears what was played, and nothing while nothing changes."""
from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from seeplog.notation import BidLine, DealStart, FloorCards, read_line

from ..catalog import gettext
from ..findings import rule_summary
from ..games.viewmodels import Finding
from ..saying import say_all
from ..spoken import card_words, heard_sentence, notation_words, seat_words, token_words
from .dealend import DealEnd
from .view import EntryView, LiveView


@dataclass(frozen=True)
class Heard:
    """One thing a listener is told: what it tells of (`key`, the same across versions), its kind (deal,
    bid, floor, play, end or flag) and the sentence."""

    key: str
    kind: str
    text: str
    line: str = ""
    """The entry's notation, for an entry: its text may change when an entry before it is corrected (a play
    no longer a sweep), and only a change of its own line is a correction of it."""


def heard(view: LiveView, end: DealEnd | None, flags: Iterable[tuple[EntryView | None, Finding]],
          names: dict[str, str]) -> tuple[Heard, ...]:
    """The sentences of the board, in the order things happened: the deal on the table, its plays, its
    end, then the flags (`flags`: each flagged finding with its entry)."""
    deal = view.deal_on_table
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
        play = heard_sentence(entry.words, names) if entry.words else \
            gettext("%(seat)s plays %(line)s", seat=seat_words(place.seat, names) if place.seat else gettext("a seat"),
                    line=notation_words(entry.line))  # a play the replay did not reach (a log error before it)
        return (Heard(f"p{place.deal}.{place.play}", "play", gettext("%(play)s.", play=play), entry.line),)
    if place.kind not in ("deal", "bid", "floor"):
        return ()
    match read_line(entry.line, 1, variant):
        case DealStart(dealer=dealer):
            return (Heard(f"d{place.deal}", "deal", gettext("Deal %(deal)s begins: %(seat)s deals.",
                                                             deal=place.deal, seat=seat_words(dealer, names)),
                          entry.line),)
        case BidLine(seat=seat, value=value):
            return (Heard(f"b{place.deal}", "bid", gettext("%(seat)s bids %(bid)s.", seat=seat_words(seat, names),
                                                            bid=value), entry.line),)
        case FloorCards(cards=cards):
            return (Heard(f"f{place.deal}", "floor", gettext("The floor: %(cards)s.",
                                                              cards=say_all([card_words(str(c)) for c in cards])),
                          entry.line),)
    return ()


def end_heard(end: DealEnd) -> Heard:
    """The deal's end, told: its scores (where they are known) and the standing after it."""
    if any(t.score == "–" for t in end.teams):
        said = gettext("Deal %(deal)s is over. %(standing)s.", deal=end.number, standing=end.standing.heard)
    else:
        said = gettext("Deal %(deal)s is over: %(scores)s. %(standing)s.", deal=end.number,
                       scores=" – ".join(f"{token_words(t.team)} {t.score}" for t in end.teams),
                       standing=end.standing.heard)
    return Heard(f"end{end.number}", "end", said)


def flag_heard(entry: EntryView | None, finding: Finding, names: dict[str, str]) -> Heard:
    """A flag, told: where it is, the rule's summary and the finding's sentence."""
    if finding.deal and finding.play:
        where = gettext("Deal %(deal)s, play %(play)s", deal=finding.deal, play=finding.play)
    else:
        where = gettext("Deal %(deal)s", deal=finding.deal) if finding.deal else gettext("The game")
    return Heard(f"x{entry.id if entry else ''}:{finding.rule}", "flag",
                 gettext("%(where)s, flagged: %(summary)s (%(message)s).", where=where,
                         summary=rule_summary(finding.rule) or finding.rule,
                         message=heard_sentence(finding.message, names)))

