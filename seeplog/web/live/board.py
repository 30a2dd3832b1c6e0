"""The board of a live game, as its pages show it: what comes next, the floor, the deal's last plays, the
flagged entries and the running ledger. Built from the game's typed view, kept with its analysis (no replay
when it is kept)."""
from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any

from flask_babel import lazy_gettext as _l

from seeplog.cards import parse_card
from seeplog.ruleset import find_ruleset
from seeplog.scoresheet import SheetRow, seat_names

from ..catalog import gettext
from ..cardviews import EYE, FloorView, Team, Voice, Voiced, faces, house_view, named, named_heard, team_players, \
    said_voiced, voiced
from ..dates import local_date
from ..forms import tag_value
from ..saying import say, say_either
from ..spoken import spoken
from .corrections import Correction, corrections_of
from .dealend import DealEnd, baazi_words, deal_end, taken_words
from .heard import Heard, heard
from .view import EntryView, LiveView, links
from ..games.viewmodels import Finding, LedgerLine, finding, ledger_line, typed_finding

PARTS = ("next", "end", "floor", "plays", "flagged", "fixes", "ledger", "heard")
"""The board's parts, in the order they are drawn; each is an element with the id ``live-<part>`` (`heard`: the
sentences a listener is told, hidden)."""
RECENT_PLAYS = 8
"""Plays of the deal shown at once, newest first; the earlier ones are folded away."""


@dataclass(frozen=True)
class PlayLine:
    entry: EntryView
    """The play's entry: its number, its line, and the play's number in its deal (`entry.place.play`)."""
    words: str
    findings: tuple[Finding, ...]


@dataclass(frozen=True)
class FlaggedLine:
    entry: EntryView | None
    """The entry whose line the finding points at (None: no entry's)."""
    finding: Finding


@dataclass(frozen=True)
class NextWords:
    """What the scorekeeper records next, in words ('' where there is nothing to add)."""

    headline: str | Voiced
    """"Deal 3 — dealer W", "Deal 3 — bid: S", "Deal 3, play 5 — S to play"."""
    why: str | Voiced = ""
    """Why that seat: the rotation's reason for a dealer, who dealt for a bidder."""
    standing: str | Voiced = ""
    """The lead and the baazis so far."""
    stopped: str = ""
    """The error the replay stops at."""


@dataclass(frozen=True)
class DealWords:
    """The deal on the table, in words."""

    deal: int
    dealer: str
    bid: str
    taken: Voiced
    """How many cards each team has taken ('' before any)."""
    by_score: bool = False
    """Recorded by its score alone: no floor, bid or play is waited for."""


@dataclass(frozen=True)
class Board:
    game_id: int
    version: int
    state: str
    next: NextWords
    end: DealEnd | None
    """The deal just over, until the next one starts (None while a deal is being played)."""
    deal: DealWords | None
    floor: FloorView | None
    plays: tuple[PlayLine, ...]
    flagged: tuple[FlaggedLine, ...]
    teams: tuple[str, ...]
    ledger: tuple[LedgerLine, ...]
    baazis: Voiced
    heard: tuple[Heard, ...] = ()
    """What a listener is told of it (`heard.heard`)."""
    names: dict[str, str] = field(default_factory=dict)
    """The seats' players (seat: name), for the lines and sentences heard in words."""
    corrections: tuple[Correction, ...] = ()
    """The game's last corrections of an entry, newest first (`corrections.correction`)."""


def parse_parts(text: str | None) -> tuple[str, ...] | None:
    """The parts a ``parts=`` query names, in the board's order; all for none given, None for a name the
    board does not have."""
    if text is None or not text.strip():
        return PARTS
    asked = {name.strip() for name in text.split(",") if name.strip()}
    if not asked or asked - set(PARTS):
        return None
    return tuple(p for p in PARTS if p in asked)


def board(view: LiveView, corrected: Iterable[dict[str, Any]] = ()) -> Board:
    """The board of a live game's typed view (`seeplog.web.live.view.view`), with its last corrections (the
    events of `store.recent_corrections`)."""
    games = view.report["games"]
    game = games[-1] if games else {"tags": {}, "deals": [], "ledger": [], "baazis": {}}
    rules = find_ruleset(view.variant)
    names = seat_names(game["tags"], rules.seats)
    end, flagged, fixes = deal_end(view.ended, rules, names), flagged_of(view), corrections_of(corrected, names)
    on_table = view.deal_on_table
    told = heard(view, end, ((f.entry, f.finding) for f in flagged), names) + \
        tuple(Heard(f"c{c.version}", "fix" if c.deal != on_table else "fixed",
                    gettext("%(sentence)s.", sentence=c.said.heard)) for c in reversed(fixes))
    # a correction in the deal on the table is told by its entry's sentence ("Corrected: ..."), so it is
    # "fixed", which the page does not say; under its key from the first, it is not said either once the
    # next deal takes the table (it was, as news)
    return Board(view.game_id, view.version, view.state, next_words(view.next, names), end,
                 deal_words(view.table, names), floor_of(view.table, names), plays_of(view, len(games) or 1, names),
                 flagged, rules.teams, ledger_of(view.sheet, names, rules.teams),
                 voiced(lambda voice: baazi_words(game.get("baazis", {}), voice)), told, names, fixes)


# ---------------------------------------------------------------- what comes next

def next_words(step: dict[str, Any], names: dict[str, str]) -> NextWords:
    """What the scorekeeper records next, in words: "Deal 3 — dealer W", "Deal 3 — bid: S", "S to play"."""
    kind = step["kind"]
    if kind == "closed":
        return NextWords(gettext("The game is closed: it takes no more entries."))
    standing = voiced(lambda voice: standing_words(step, voice))
    if kind == "deal":
        headline: str | Voiced
        if step.get("dealer") is None:
            headline = gettext("Deal %(deal)s — any seat may deal", deal=step["deal"])
        else:
            dealers = step.get("allowed_dealers") or []
            headline = voiced(lambda voice: gettext("Deal %(deal)s — dealer %(seat)s", deal=step["deal"],
                                                    seat=say_either([voice.seat(s, names) for s in dealers])))
        return NextWords(headline, said_voiced(step["why"], names), standing)
    if kind == "bid":
        return NextWords(voiced(lambda voice: gettext("Deal %(deal)s — bid: %(seat)s", deal=step["deal"],
                                                      seat=voice.seat(step["seat"], names))),
                         voiced(lambda voice: gettext("dealt by %(seat)s; the seat on the dealer's right bids",
                                                      seat=voice.seat(step["dealer"], names))), standing)
    if kind == "floor":
        return NextWords(gettext("Deal %(deal)s — the floor's four cards", deal=step["deal"]), standing=standing)
    stop = step.get("stopped")
    return NextWords(voiced(lambda voice: gettext("Deal %(deal)s, play %(play)s — %(seat)s to play",
                                                  deal=step["deal"], play=step["play"],
                                                  seat=voice.seat(step["seat"], names))),
                     standing=standing,
                     stopped=gettext("%(rule)s: %(message)s (play %(play)s)", rule=stop["rule"],
                                     message=say(stop["message"]), play=stop["play"]) if stop else "")


def standing_words(step: dict[str, Any], voice: Voice = EYE) -> str:
    lead = step.get("lead") or {}
    said = gettext("%(team)s leads by %(points)s", team=voice.team(lead["team"]), points=lead["points"]) \
        if lead.get("team") else gettext("the lead is 0")
    if step.get("provisional"):
        said += f" ({say(step['provisional'])})"
    baazis = baazi_words(step.get("baazis") or {}, voice)
    return f"{said}; {baazis}" if baazis else said


# ---------------------------------------------------------------- the floor

def deal_words(table: dict[str, Any] | None, names: dict[str, str]) -> DealWords | None:
    if not table:
        return None
    by_score = bool(table.get("by_score"))
    bid = named_heard(table["bidder"], names) + f" {table['bid']}" if table.get("bid") is not None \
        else "–" if by_score else gettext("not yet")
    taken = table.get("taken") or {}
    return DealWords(table["deal"], named_heard(table["dealer"], names) if table.get("dealer") else "–", bid,
                     voiced(lambda voice: taken_words(taken, voice)), by_score)


def floor_of(table: dict[str, Any] | None, names: dict[str, str]) -> FloorView | None:
    """The floor of the stored view as the play page's `floor` macro draws it (nothing marked)."""
    if not table or not table.get("floor"):
        return None
    floor = table["floor"]
    houses = tuple(house_view(h["value"], map(parse_card, h["cards"]), h["owners"], names, h["cemented"])
                   for h in floor["houses"])
    return FloorView(faces(parse_card(c) for c in floor["loose"]), houses)


# ---------------------------------------------------------------- plays and findings

def plays_of(view: LiveView, game: int, names: dict[str, str]) -> tuple[PlayLine, ...]:
    """The plays of the deal on the table, newest first, in words, each with its findings."""
    deal = view.deal_on_table
    if deal is None:
        return ()
    out = []
    for e in reversed(view.entries):
        seat = e.place.seat
        if e.place.kind != "play" or e.place.deal != deal or e.place.play is None:
            continue
        words = spoken(e.words, names) if e.words else gettext(
            "%(seat)s plays %(line)s", seat=named(seat, names) if seat else gettext("a seat"), line=e.line)
        out.append(PlayLine(e, words, tuple(typed_finding(f, view.game_id, game, deal) for f in e.findings)))
    return tuple(out)


def flagged_of(view: LiveView) -> tuple[FlaggedLine, ...]:
    """Every finding of the game, with the entry whose line it points at (where there is one)."""
    by_line = {e.log_line: e for e in view.entries}
    report = view.report
    out = []
    for f in report.get("errors", []):
        out.append(_flagged(finding(f, view.game_id, 1, None), by_line))
    for number, game in enumerate(report["games"], start=1):
        out += [_flagged(finding(f, view.game_id, number, None), by_line) for f in game["errors"]]
        for deal in game["deals"]:
            out += [_flagged(finding(f, view.game_id, number, deal["number"]), by_line)
                    for f in deal["errors"] + deal["violations"]]
    return tuple(sorted(out, key=lambda x: (x.entry is None, x.entry.number if x.entry else 0)))


def _flagged(f: Finding, by_line: dict[int, EntryView]) -> FlaggedLine:
    return FlaggedLine(by_line.get(f.line) if f.line else None, f)


# ---------------------------------------------------------------- the ledger

def ledger_of(rows: tuple[SheetRow, ...], names: dict[str, str], teams: tuple[str, ...]) -> tuple[LedgerLine, ...]:
    """The ledger's rows as the game sheet says them."""
    return tuple(ledger_line(row, names, teams) for row in rows)


# ---------------------------------------------------------------- the follow page's header

@dataclass(frozen=True)
class FollowHeader:
    game_id: int
    title: str
    variant: str
    state: str
    teams: tuple[Team, ...]
    details: tuple[tuple[str, str], ...]
    """The other tags worth showing: date, site, round, scorer, target, rotation."""
    scoresheet: str
    names: dict[str, str]
    """Each seat's player (the seat itself where the game names nobody)."""


SHOWN_TAGS = (("Date", _l("date")), ("Site", _l("site")), ("Round", _l("round")), ("Scorer", _l("scorer")),
              ("BaaziTarget", _l("baazi target")), ("Rotation", _l("rotation")))


def _detail(tag: str, value: str) -> str:
    """A tag's value as the header shows it: a date in the reader's locale, else as the scoresheet shows it."""
    return local_date(value) if tag == "Date" else tag_value(value, tag)


def follow_header(view: LiveView) -> FollowHeader:
    tags = view.report["games"][-1]["tags"] if view.report["games"] else {}
    rules = find_ruleset(view.variant)
    names = seat_names(tags, rules.seats)
    teams = tuple(Team(team, team_players(rules, team, names)) for team in rules.teams)
    return FollowHeader(view.game_id, tags.get("Event") or gettext("Live game %(id)s", id=view.game_id), view.variant,
                        view.state, teams, tuple((str(label), _detail(tag, tags[tag]))
                                                 for tag, label in SHOWN_TAGS if tag in tags),
                        links(view.game_id)["scoresheet"], names)
