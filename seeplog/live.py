"""Live games: a log kept as the table plays, one entry (one line of notation) at a time.

A live game is a list of events: ``create`` (the header's tag lines), ``append``, ``replace``,
``insert``, ``delete`` and ``undo`` of one entry, and ``close``. Folding the events gives the entries;
the entries' canonical lines, laid out as the canonical text lays out a log, give the game's log; its
report is that of any log, with the last deal *in progress* while the game is open (RULES.md §3: it is
judged on what is known so far, not E-INCOMPLETE). Corrections are events too, so nothing is lost.
"""
from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from .notation import Deal, Log, NotationError, Play, Statement, Unreadable, parse
from .notation.reader import first_word
from .moves import Capture
from .replay import DealReplay
from .report import GameAnalysis, analyse, game_json
from .notation.tags import KNOWN_TAGS
from .canonical import dumps
from .notation.writer import statement_text

KINDS = ("create", "append", "replace", "insert", "delete", "undo", "close")
"""Every kind of event; ``replace``, ``insert``, ``delete`` name an entry, ``undo`` deletes the last one."""


@dataclass(frozen=True)
class Event:
    """One change to a live game."""

    kind: str
    entry: int | None = None
    """The 1-based entry it concerns (replace, insert before, delete, undo; the new one for append)."""
    lines: tuple[str, ...] = ()
    """The canonical lines it writes: one for append, replace and insert; the header's for create."""


@dataclass(frozen=True)
class Entry:
    """One statement of the live log, as it stands now."""

    id: int
    """Stable across corrections of other entries: the serial number of the line written."""
    text: str


class EntryRefused(ValueError):
    """A line that cannot be stored: it cannot be read, or cannot stand where it would go."""

    def __init__(self, error: NotationError):
        super().__init__(error.msg)
        self.error = error


# ---------------------------------------------------------------- events -> entries -> log text

def fold(events: Iterable[Event]) -> tuple[Entry, ...]:
    """The entries the events leave, in order."""
    entries: list[Entry] = []
    serial = 0

    def new(text: str) -> Entry:
        nonlocal serial
        serial += 1
        return Entry(serial, text)

    for event in events:
        apply_event(entries, event, new)
    return tuple(entries)


def apply_event(entries: list[Entry], event: Event, new: Callable[[str], Entry]) -> None:
    """Change `entries` in place as `event` says; `new` makes the entry of a line it writes."""
    at = (event.entry or 0) - 1
    match event.kind:
        case "create":
            entries[:] = [new(line) for line in event.lines]
        case "append":
            entries.append(new(event.lines[0]))
        case "replace":
            entries[at] = new(event.lines[0])
        case "insert":
            entries.insert(at, new(event.lines[0]))
        case "delete" | "undo":
            del entries[at]
        case "close":
            pass
        case _:
            raise ValueError(f"unknown event kind {event.kind!r}")


def check_target(event: Event, count: int) -> str | None:
    """Why an event cannot apply to a game of `count` entries, or None."""
    if event.kind in ("replace", "delete") and not (event.entry and 1 <= event.entry <= count):
        return f"there is no entry {event.entry} to {event.kind} (the game has {count})"
    if event.kind == "insert" and not (event.entry and 1 <= event.entry <= count):
        return f"there is no entry {event.entry} to insert before (the game has {count})"
    if event.kind == "undo" and count == 0:
        return "there is no entry to undo"
    return None


@lru_cache(maxsize=8192)
def _head(text: str) -> str:
    """`first_word` of an entry line, remembered (entries are laid out again at every event)."""
    return first_word(text)


TAG_NAME = re.compile(r"\s*\[\s*([A-Za-z][\w-]*)")


def _tag_rank(text: str) -> int:
    match = TAG_NAME.match(text)
    name = match.group(1) if match else ""
    return KNOWN_TAGS.index(name) if name in KNOWN_TAGS else len(KNOWN_TAGS)


def layout(texts: Sequence[str]) -> tuple[str, tuple[int, ...]]:
    """The log text of entry lines laid out as the canonical text is (the header's tags in canonical
    order, a blank line before each deal and each further game), and each entry's line number in it."""
    games: list[tuple[list[int], list[list[int]]]] = [([], [])]
    for index, text in enumerate(texts):
        head = _head(text)
        header, deals = games[-1]
        if head == "[":
            if deals:
                games.append(([index], []))
            else:
                header.append(index)
        elif head == "deal":
            deals.append([index])
        elif deals:
            deals[-1].append(index)
        else:
            header.append(index)
    out: list[str] = []
    line_of = [0] * len(texts)
    for header, deals in games:
        blocks = [sorted(header, key=lambda i: _tag_rank(texts[i]))] + deals
        for block in blocks:
            if not block:
                continue
            if out:
                out.append("")
            for index in block:
                out.append(texts[index])
                line_of[index] = len(out)
    return ("\n".join(out) + "\n" if out else ""), tuple(line_of)


def has_shorthand(log: Log) -> bool:
    return any(type(s) is Play and type(s.move) is Capture and s.move.groups is None
               for g in log.games for d in g.deals for s in d.plays)


@dataclass(frozen=True)
class LiveLog:
    """The log of a live game's entries: its text, parsed, and where each entry stands."""

    entries: tuple[Entry, ...]
    text: str
    log: Log
    line_of: tuple[int, ...]

    def deal_text(self, first: int, last: int) -> str:
        """The text of lines `first` to `last` (1-based, inclusive)."""
        return "\n".join(self.text.split("\n")[first - 1:last])

    def entry_at(self, line: int) -> int | None:
        """The 1-based entry standing on a log line."""
        try:
            return self.line_of.index(line) + 1
        except ValueError:
            return None


def live_log(entries: Sequence[Entry], read: tuple[str, Log] | None = None) -> LiveLog:
    """The log of the entries. Shorthand captures are written out where the replay settles them, so
    the text is the canonical text of the log (`dumps`), line for line. `read` is the text and log of
    these entries' layout, when the caller has read them already."""
    text, line_of = layout([e.text for e in entries])
    log = read[1] if read is not None and read[0] == text else parse(text)
    if has_shorthand(log):
        text = dumps(log)
        log = parse(text)
    return LiveLog(tuple(entries), text, log, line_of)


# ---------------------------------------------------------------- reading one line in its place

def statements(log: Log) -> Iterator[Statement]:
    for game in log.games:
        yield from game.header
        for deal in game.deals:
            yield from deal.statements
        for _, block in game.skipped:
            yield from block


def read_in_place(entries: Sequence[Entry], index: int, typed: str) -> tuple[str, tuple[str, Log]]:
    """The canonical line of `typed` standing as entry `index` (0-based) among `entries` (which already
    hold it there): a tag, deal, hand, floor, bid, play, score or annotation that can be read there.

    :raises EntryRefused: a line that cannot be read (E-SYNTAX, E-CARD, E-SEAT, column in `typed`) or only by
        changing it (a deal number out of range), holds no statement, or cannot stand there (a play before any
        deal, a second floor, bid or score line).
    :returns: the canonical line, and the text and log the entries make with `typed` as it was sent.
    """
    texts = [e.text for e in entries]
    texts[index] = typed
    text, line_of = layout(texts)
    line = line_of[index]
    log = parse(text)
    found = next((s for s in statements(log) if s.line == line), None)
    if found is None:
        raise EntryRefused(NotationError("E-SYNTAX", "the line holds no statement (only a comment or "
                                                     "spaces)", index + 1, 1))
    error = found.error if isinstance(found, Unreadable) else next((e for e in log.errors if e.line == line), None)
    if error is not None:  # unreadable, or read only by changing it (deal 0 as deal 1): refused as sent
        raise EntryRefused(NotationError(error.rule, error.msg, index + 1, error.column, error.end_column))
    return statement_text(found), (text, log)


def misfits(before: LiveLog, after: LiveLog, own: int | None) -> list[tuple[int, NotationError]]:
    """The entries an event left unreadable, other than the one it wrote (id `own`): a tag correction that
    changes the variant, say, to one whose table lacks a seat some entry names. Each as (entry number, error)."""
    def unreadable(live: LiveLog) -> dict[tuple[int, str, str], tuple[int, NotationError]]:
        out = {}
        for error in live.log.errors:
            number = live.entry_at(error.line)
            if number is not None and live.entries[number - 1].id != own:
                out[(live.entries[number - 1].id, error.rule, error.msg)] = (number, error)
        return out

    known = unreadable(before)
    return [found for key, found in unreadable(after).items() if key not in known]


def is_tag_line(text: str) -> bool:
    return _head(text) == "["


# ---------------------------------------------------------------- the report, and the findings per entry

Replayer = Callable[..., DealReplay]


def live_analyses(live: LiveLog, *, open_game: bool, replayer: Replayer | None = None) -> tuple[GameAnalysis, ...]:
    """Each game of the log analysed; while the game is open, the last deal is in progress. `replayer`
    stands for `replay_deal` (one that remembers the deals an entry did not change, see `deal_key`)."""
    games = live.log.games
    return tuple(analyse(g, open_deal=open_game and i == len(games) - 1, replayer=replayer)
                 for i, g in enumerate(games))


def deal_key(live: LiveLog, deal: Deal) -> tuple[int, str]:
    """What a deal's replay depends on, besides the rules: its place in the log and its text."""
    start = deal.start.line
    return start, live.deal_text(start, max(s.line for s in deal.statements))


def live_report(analyses: Sequence[GameAnalysis]) -> dict[str, Any]:
    """The report of REPORT.md (`seeplog.report`) of the analysed games."""
    doc: dict[str, Any] = {"games": [game_json(a) for a in analyses]}
    if not analyses:
        doc["errors"] = [{"rule": "E-SYNTAX", "play": None, "seat": None, "line": 1, "column": 1,
                          "message": "the log holds no game: expected tags or a 'deal' line"}]
    return doc


def findings(doc: dict[str, Any]) -> Iterator[dict[str, Any]]:
    """Every finding of a report (errors and violations, the game's and the deals')."""
    yield from doc.get("errors", [])
    for game in doc["games"]:
        yield from game["errors"]
        for deal in game["deals"]:
            yield from deal["errors"]
            yield from deal["violations"]


def by_entry(live: LiveLog, doc: dict[str, Any]) -> dict[int, list[dict[str, Any]]]:
    """The findings of a report grouped by the 1-based entry whose line they point at."""
    out: dict[int, list[dict[str, Any]]] = {}
    for finding in findings(doc):
        entry = live.entry_at(finding["line"]) if finding.get("line") else None
        if entry is not None:
            out.setdefault(entry, []).append(finding)
    return out


def finding_keys(live: LiveLog, doc: dict[str, Any]) -> dict[tuple[int, str, str], dict[str, Any]]:
    """The findings keyed by (entry id, rule, message), to compare two versions of a game."""
    keys = {}
    for number, found in by_entry(live, doc).items():
        entry = live.entries[number - 1]
        for finding in found:
            keys[(entry.id, finding["rule"], finding["message"])] = {**finding, "entry": number}
    return keys


def changes(before: dict[tuple[int, str, str], dict[str, Any]], after: dict[tuple[int, str, str], dict[str, Any]],
            own: int | None) -> dict[str, list[dict[str, Any]]]:
    """What an event changed in the findings of the other entries: those it revealed (a later play showed
    a hand) and those it cleared; `own` is the id of the entry the event wrote."""
    return {"revealed": [f for k, f in after.items() if k not in before and k[0] != own],
            "cleared": [f for k, f in before.items() if k not in after and k[0] != own]}
