"""Live games: a log kept as the table plays, one entry (one line of notation) at a time.

A live game is a list of events: ``create`` (the header's tag lines), ``append``, ``replace``,
``insert``, ``delete`` and ``undo`` of one entry, ``retag`` (tag lines set in the header: a rename, a
player's name fixed), ``close`` and ``reopen``. Folding the events gives the entries;
the entries' canonical lines, laid out as the canonical text lays out a log, give the game's log; its
report is that of any log, with the last deal *in progress* while the game is open (RULES.md §3: it is
judged on what is known so far, not E-INCOMPLETE). Corrections are events too, so nothing is lost.
"""
from __future__ import annotations

import json
import re
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from functools import cached_property, lru_cache
from typing import Any

from ..notation import Game, Log, NotationError, Play, Unreadable, parse
from ..notation.reader import first_word
from ..moves import Capture
from ..analysis import Analysis, DealAnalysis, GameAnalysis, analyse_game
from ..report import violation_json
from ..rules import Violation
from ..said import Said, said_json
from ..notation.tags import KNOWN_TAGS
from ..canonical import dumps
from ..notation.writer import statement_text
from ..reread import reread, statement_at

KINDS = ("create", "append", "replace", "insert", "delete", "undo", "retag", "close", "reopen")
"""Every kind of event; ``replace``, ``insert``, ``delete`` name an entry, ``undo`` deletes the last one,
``retag`` sets the tags its lines write (each replaces the header's line of the same tag, or joins the header)."""


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

    def __init__(self, error: NotationError, line_of: tuple[int, ...] = ()):
        super().__init__(error.msg)
        self.error = error
        self.line_of = line_of
        """Each entry's line in the log the line was read in (in its place): what the message's lines are."""


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
        case "retag":
            retag(entries, event.lines, new)
        case "close" | "reopen":
            pass
        case _:
            raise ValueError(f"unknown event kind {event.kind!r}")


def tag_name(text: str) -> str | None:
    """The name of the tag an entry line writes, or None for any other line."""
    match = TAG_NAME.match(text)
    return match.group(1) if match else None


def retag(entries: list[Entry], lines: Iterable[str], new: Callable[[str], Entry]) -> None:
    """Set tags in the first game's header, in place: each line replaces the header's line of its tag, or
    is added at the header's end (before the first deal; a tag after deals would start a new game)."""
    for line in lines:
        name = tag_name(line)
        header = next((i for i, e in enumerate(entries) if _head(e.text) == "deal"), len(entries))
        same = next((i for i in range(header) if tag_name(entries[i].text) == name), None)
        if same is None:
            entries.insert(header, new(line))
        else:
            entries[same] = new(line)


def check_target(event: Event, entries: Sequence[Entry]) -> str | None:
    """Why an event cannot apply to a game of these entries, or None. Undo takes back the last entry, never
    a tag of the game's first header (the variant, the baazi target…: a tap of Undo at the start of a game
    would change its rules); those are corrected entry by entry, or retagged."""
    count = len(entries)
    missing = {"replace": Said("there is no entry {entry} to replace (the game has {count})", entry=str(event.entry),
                               count=count),
               "delete": Said("there is no entry {entry} to delete (the game has {count})", entry=str(event.entry),
                              count=count),
               "insert": Said("there is no entry {entry} to insert before (the game has {count})",
                              entry=str(event.entry), count=count)}
    if event.kind in missing and not (event.entry and 1 <= event.entry <= count):
        return missing[event.kind]
    if event.kind == "undo" and all(_head(e.text) == "[" for e in entries):
        return Said("there is no entry to undo: the game has only its tags (correct a tag's entry, or rename "
                    "the game)")
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
    written_out: bool = False
    """Shorthand captures were written out: the text is not the entries' lines laid out as they are."""

    @cached_property
    def entries_json(self) -> str:
        """The entries as the store keeps them: ``[[id, line], ...]``."""
        return json.dumps([[e.id, e.text] for e in self.entries])

    def entry_at(self, line: int) -> int | None:
        """The 1-based entry standing on a log line."""
        return self._entry_of_line.get(line)

    @cached_property
    def _entry_of_line(self) -> dict[int, int]:
        return {line: number for number, line in enumerate(self.line_of, start=1)}


def live_log(entries: Sequence[Entry], before: LiveLog | None = None, read: tuple[str, Log] | None = None) -> LiveLog:
    """The log of the entries. Shorthand captures are written out where the replay settles them, so
    the text is the canonical text of the log (`dumps`), line for line. `before` is the log of the game
    before a change, and `read` a text and its log read since (the entries' layout with a line as it was
    typed): only what differs from them is laid out and read again."""
    text, line_of = laid_out([e.text for e in entries], before)
    base = read if read is not None else (before.text, before.log) if before is not None else None
    log = reread(base[0], base[1], text) if base is not None else parse(text)
    if has_shorthand(log):
        text = dumps(log)
        return LiveLog(tuple(entries), text, parse(text), line_of, True)
    return LiveLog(tuple(entries), text, log, line_of)


def laid_out(texts: list[str], before: LiveLog | None) -> tuple[str, tuple[int, ...]]:
    """`layout(texts)`, written on from the layout of `before` when `texts` are its entries' lines and one
    more that belongs to its last deal or starts another deal (the usual entry), or its entries' lines but
    the last (an undo)."""
    if (before is None or before.written_out or not before.log.games
            or not (before.log.games[-1].deals or before.log.games[-1].skipped)):
        return layout(texts)
    if len(texts) == len(before.entries) - 1:
        return _less_the_last(texts, before)
    if len(texts) != len(before.entries) + 1:
        return layout(texts)
    line, head = texts[-1], _head(texts[-1])
    if head == "[" or texts[:-1] != [e.text for e in before.entries]:
        return layout(texts)
    last = before.text.count("\n")
    if head == "deal":
        return f"{before.text}\n{line}\n", before.line_of + (last + 2,)
    return f"{before.text}{line}\n", before.line_of + (last + 1,)


def _less_the_last(texts: list[str], before: LiveLog) -> tuple[str, tuple[int, ...]]:
    """The layout of `before`'s entries less the last, when it stands on the last line (not a tag)."""
    gone = before.entries[-1].text
    if (_head(gone) == "[" or before.line_of[-1] != before.text.count("\n")
            or texts != [e.text for e in before.entries[:-1]]):
        return layout(texts)
    text = before.text[:before.text.rfind("\n", 0, len(before.text) - 1) + 1]
    if _head(gone) == "deal" and text.endswith("\n\n"):
        text = text[:-1]  # the blank line before the deal
    return text, before.line_of[:-1]


# ---------------------------------------------------------------- reading one line in its place

def read_in_place(entries: Sequence[Entry], index: int, typed: str,
                  before: LiveLog | None = None) -> tuple[str, tuple[str, Log]]:
    """The canonical line of `typed` standing as entry `index` (0-based) among `entries` (which already
    hold it there): a tag, deal, hand, floor, bid, play, score or annotation that can be read there.
    `before` is the log of the game before the change (only what the change touched is read).

    :raises EntryRefused: a line that cannot be read (E-SYNTAX, E-CARD, E-SEAT, column in `typed`) or only by
        changing it (a deal number out of range), holds no statement, or cannot stand there (a play before any
        deal, a second floor, bid or score line).
    :returns: the canonical line, and the text and log the entries make with `typed` as it was sent.
    """
    texts = [e.text for e in entries]
    texts[index] = typed
    text, line_of = laid_out(texts, before)
    line = line_of[index]
    log = reread(before.text, before.log, text) if before is not None else parse(text)
    found = statement_at(log, line)
    if found is None:
        raise EntryRefused(NotationError("E-SYNTAX", Said("the line holds no statement (only a comment or spaces)"),
                                         index + 1, 1), line_of)
    error = found.error if isinstance(found, Unreadable) else next((e for e in log.errors if e.line == line), None)
    if error is not None:  # unreadable, or read only by changing it (deal 0 as deal 1): refused as sent
        raise EntryRefused(NotationError(error.rule, error.msg, index + 1, error.column, error.end_column), line_of)
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


# ---------------------------------------------------------------- the analysis, and the findings per entry

@dataclass(frozen=True)
class LiveAnalysis(Analysis):
    """The analysis of a live game's log, with the entries it was laid out from."""

    live: LiveLog | None = None


def live_analysis(live: LiveLog, *, open_game: bool, before: Analysis | None = None) -> LiveAnalysis:
    """The analysis of the live log; while the game is open, its last deal is in progress. `before` is the
    analysis of the game as it stood: the analyses of the deals an event left as they were (in the same
    place, under the same tags, and not the last deal of either version) are taken from it."""
    games = live.log.games
    analysed = []
    for index, game in enumerate(games):
        kept = before.games[index] if before is not None and index < len(before.games) else None
        analysed.append(analyse_game(game, open_deal=open_game and index == len(games) - 1,
                                     kept=unchanged_deals(kept, game)))
    return LiveAnalysis(live.text, live.log, tuple(analysed), open_game, live)


def unchanged_deals(kept: GameAnalysis | None, game: Game) -> tuple[DealAnalysis, ...]:
    """The analyses in `kept` of the first deals of `game` that are the same deals (a deal's analysis is a
    pure function of the statements, lines included, of the game's tags and of the deals up to it)."""
    if kept is None or kept.game.header != game.header:
        return ()
    same = []
    for old, deal in zip(kept.deals[:-1], game.deals[:-1]):
        if old.replay.deal is not deal and old.replay.deal != deal:
            break
        same.append(old)
    return tuple(same)


def by_entry(live: LiveLog, analysis: Analysis) -> dict[int, list[Violation]]:
    """The findings of the analysis grouped by the 1-based entry whose line they point at."""
    out: dict[int, list[Violation]] = {}
    for finding in analysis.findings():
        entry = live.entry_at(finding.line) if finding.line else None
        if entry is not None:
            out.setdefault(entry, []).append(finding)
    return out


def finding_keys(live: LiveLog, analysis: Analysis) -> dict[tuple[int, str, str], dict[str, Any]]:
    """The findings keyed by (entry id, rule, message), to compare two versions of a game; each as the
    report gives it, with its entry's number."""
    keys = {}
    for number, found in by_entry(live, analysis).items():
        entry = live.entries[number - 1]
        for finding in found:
            keys[(entry.id, finding.rule, finding.message)] = {**violation_json(finding), "entry": number,
                                                               "entry_id": entry.id, "said": said_json(finding.message)}
    return keys


def unjudged(live: LiveLog, analysis: Analysis) -> frozenset[int]:
    """The ids of the entries whose plays the replay did not reach: those from the play a log error stopped
    it at (RULES.md §3), and every play of a deal it could not replay. They are judged once that is mended."""
    ids = set()
    for game in analysis.games:
        for deal in game.deals:
            for play in deal.replay.deal.plays[deal.replay.played:]:
                number = live.entry_at(play.line)
                if number is not None:
                    ids.add(live.entries[number - 1].id)
    return frozenset(ids)


def changes(before: dict[tuple[int, str, str], dict[str, Any]], after: dict[tuple[int, str, str], dict[str, Any]],
            own: int | None, not_judged: frozenset[int] = frozenset()) -> dict[str, list[dict[str, Any]]]:
    """What an event changed in the findings of the other entries: those it revealed (a later play showed
    a hand), those it cleared, and those no longer judged (on the entries `not_judged`, by id: a log error
    before them stops the replay); `own` is the id of the entry the event wrote."""
    gone = [(k, f) for k, f in before.items() if k not in after and k[0] != own]
    return {"revealed": [f for k, f in after.items() if k not in before and k[0] != own],
            "cleared": [f for k, f in gone if k[0] not in not_judged],
            "unjudged": [f for k, f in gone if k[0] in not_judged]}
