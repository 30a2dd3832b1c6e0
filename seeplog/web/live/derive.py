"""What one event on a live game derives — its entries, log, analysis, view and answer — from the game as
stored and the analysis kept for it. Nothing here writes: `store.record` derives before it takes the
store's write lock, and the lock is held only to check the version and write what was derived."""
from __future__ import annotations

import itertools
from dataclasses import dataclass, fields, replace
from typing import TYPE_CHECKING, Any

import sqlite_utils

from seeplog.analysis import Analysis, kept_analysis
from seeplog.live.entries import (Entry, EntryRefused, Event, LiveAnalysis, LiveLog, changes, check_target,
                                  finding_keys, live_analysis, live_log, misfits, read_in_place, retag, unjudged)
from seeplog.live.entry_words import by_entry
from seeplog.refusals import Refused
from seeplog.report import report_json
from seeplog.said import Said, said_field

from .followed import packed
from .retag import retag_lines
from .view import EntryView, LiveView, place_of, view

if TYPE_CHECKING:
    from .store import LiveGame, Request


MAX_ENTRIES = 5000
"""Entries a live game takes (about 90 deals): every entry lays the whole log out again."""


def lines_written(db: sqlite_utils.Database, game_id: int) -> int:
    """How many lines the game's events have written: the last entry id given (ids are never reused)."""
    return db.execute("select coalesce(sum(json_array_length(lines)), 0) from live_events where game_id = ?",
                      [game_id]).fetchone()[0]


def event_of(now: tuple[Entry, ...], req: Request, serial: int) -> tuple[Event, list[Entry], int | None]:
    """The event a request makes on the entries `now`, the entries after it, and the 0-based place of the
    line it writes (with the id `serial`, as `seeplog.live.entries.fold` numbers it)."""
    entries = list(now)
    line = req.line or ""
    if req.kind in ("append", "insert") and len(entries) >= MAX_ENTRIES:
        raise Refused(Said("the game holds {most} entries, as many as a live game takes: close it and start "
                           "another", most=MAX_ENTRIES))
    if req.kind == "append":
        entries.append(Entry(serial, line))
        return Event("append", len(entries), (line,)), entries, len(entries) - 1
    if req.kind in ("close", "reopen"):
        return Event(req.kind), entries, None
    if req.kind == "retag":
        lines = retag_lines(now, req.tags)
        serials = itertools.count(serial)
        retag(entries, lines, lambda line: Entry(next(serials), line))
        return Event("retag", None, lines), entries, None
    event = Event(req.kind, len(entries) if req.kind == "undo" else req.entry)
    problem = check_target(event, entries)
    if problem:
        raise Refused(problem)
    at = event.entry - 1  # type: ignore[operator]
    if req.kind == "replace":
        entries[at] = Entry(serial, line)
    elif req.kind == "insert":
        entries.insert(at, Entry(serial, line))
    else:  # delete, undo
        del entries[at]
        return event, entries, None
    return Event(req.kind, event.entry, (line,)), entries, at


@dataclass(frozen=True)
class KeptLive(LiveAnalysis):
    """A live game's analysis at one version, kept with its view: the next event derives its own from them."""

    view: LiveView | None = None


@dataclass(frozen=True)
class Made:
    """What an event derives from the game at one version: all that its write transaction stores."""

    version: int
    """The game's version it was derived from."""
    entries_json: str
    """The game's entries it was derived from."""
    event: Event
    state: str
    live: LiveLog
    analysis: LiveAnalysis
    body: LiveView
    view_json: str
    board: bytes
    """What the follow pages read (`followed.packed`)."""
    same: int | None
    """How many first deals stand as they were, with the game's tags; None: the tags changed (or the log is not
    one game), and nothing stands."""
    answer: dict[str, Any]
    before: KeptLive
    """The game's analysis it was derived from (kept no longer once this one is)."""

    def made_from(self, game: LiveGame) -> bool:
        return self.version == game.version and self.entries_json == game.entries_json

    @property
    def kept(self) -> KeptLive:
        return KeptLive(**vars_of(self.analysis), view=self.body)


def derive(db: sqlite_utils.Database, game: LiveGame, req: Request) -> Made:
    """The event `req` makes on `game` as read, derived: it only reads the store.

    :raises Refused: an entry that is not there, a line that cannot be read or stand there.
    """
    old = as_it_stood(db, game)
    assert old.live is not None
    read = None
    event, entries, at = event_of(old.live.entries, req, lines_written(db, game.game_id) + 1)
    if at is not None:
        try:
            canonical, read = read_in_place(entries, at, req.line or "", old.live)
        except EntryRefused as refused:
            e, message = refused.error, by_entry(refused.error.msg, refused.line_of)
            item = {"rule": e.rule, "message": message, "line": e.line, "column": e.column, **said_field(message)}
            raise Refused(Said("the line cannot be recorded: {problem}", problem=message), [item]) from None
        entries[at] = Entry(entries[at].id, canonical)
        event = Event(event.kind, event.entry, (canonical,))
    state = {"close": "closed", "reopen": "open"}.get(event.kind, game.state)
    live = live_log(entries, old.live, read)
    if game.tags_fixed and event.kind not in ("close", "reopen"):
        check_tags_kept(old.live, live)
    if event.kind not in ("append", "close", "reopen"):
        _refuse_misfits(old.live, live, entries[at].id if at is not None else None)
    analysis = live_analysis(live, open_game=state == "open", before=old)
    same = deals_kept(old, analysis)
    since = analysis.games[0].deals[same].replay.deal.start.line if same else None
    body = view(game.game_id, game.version + 1, state, live, analysis, report_json(analysis), old.view, since)
    answer = _answer(game, event, finding_keys(old.live, old), finding_keys(live, analysis), body,
                     entries[at].id if at is not None else None, unjudged(live, analysis))
    if event.kind in ("replace", "delete", "undo"):
        answer["was"] = was_entry(old.live, event.entry)  # type: ignore[arg-type]  # these name their entry
    if event.kind == "insert" and at is not None:
        answer["place"] = place_json(live, at + 1)
    return Made(game.version, game.entries_json, event, state, live, analysis, body, body.json_text(), packed(body),
                same, answer, old)


def was_entry(live: LiveLog, number: int) -> dict[str, Any]:
    """The entry `number` of `live` as a correction found it: its line and where it stood (kept with the
    event, so that the game's history and its followers can say what the correction changed)."""
    return {"line": live.entries[number - 1].text, **place_json(live, number)}


def place_json(live: LiveLog, number: int) -> dict[str, Any]:
    """Where entry `number` of `live` stands: its kind, deal and play."""
    place = place_of(live.log, live.line_of[number - 1])
    return {"kind": place.kind, "deal": place.deal, "play": place.play}


def vars_of(analysis: LiveAnalysis) -> dict[str, Any]:
    return {f.name: getattr(analysis, f.name) for f in fields(LiveAnalysis)}


def _refuse_misfits(before: LiveLog, after: LiveLog, own: int | None) -> None:
    """A correction that leaves other entries unreadable is refused (422): a tag's that changes the variant
    under a seat it lacks, the deletion of a deal line that plays follow. The entries must fit it."""
    found = [(n, e, by_entry(e.msg, after.line_of)) for n, e in misfits(before, after, own)]
    if found:
        number, error, said = found[0]
        raise Refused(Said("the game's entries do not fit this change: entry {number} would read {rule}: {problem}; "
                           "correct that entry first", number=number, rule=error.rule, problem=said),
                      [{"rule": e.rule, "message": Said("entry {number}: {problem}", number=n, problem=message),
                        "line": n, "column": e.column} for n, e, message in found[:20]])


FREE_TAGS = ("Scorer",)
"""The tags of an event's table that its scorekeeper may still change."""


def check_tags_kept(before: LiveLog, after: LiveLog) -> None:
    """On a table of an event, whose standings and pages read the table's game as the event set it up:

    :raises Refused: a change that starts a second game in the log (a tag line after a deal begins one), or
        changes or removes a tag the game has, Scorer aside: those the event set (the variant, the players'
        names, the event, its date, the round); or adds one, Scorer aside (a tag added could never be taken
        away again, and MaxHouses or Rotation would change the table's rules).
    """
    if len(after.log.games) > 1:
        raise Refused(Said("this game is a table of an event, one game: a tag line after a deal would start "
                           "another"))
    was = before.log.games[0].tags if before.log.games else {}
    now = after.log.games[0].tags if after.log.games else {}
    for tag, value in was.items():
        if tag not in FREE_TAGS and now.get(tag) != value:
            raise Refused(Said("this game is a table of an event: its {tag} tag stays as the event set it "
                               "({value})", tag=tag, value=value))
    added = next((tag for tag in now if tag not in was and tag not in FREE_TAGS), None)
    if added:
        raise Refused(Said("this game is a table of an event: its tags are the ones the event set, and a {tag} tag "
                           "cannot be added (a Scorer tag can)", tag=added))


def deals_kept(old: Analysis, new: Analysis) -> int | None:
    """How many deals `new`, a log of one game under the same tags, took from `old` as they were (the
    entries, the derived rows and the ledger before them stand as they stood, and so do the rows of the
    tags); None for any other log."""
    if len(old.games) != 1 or len(new.games) != 1 or old.games[0].game.header != new.games[0].game.header:
        return None
    was, now = old.games[0].deals, new.games[0].deals
    same = 0
    while same < min(len(was), len(now) - 1) and was[same] is now[same]:
        same += 1
    return same


def as_it_stood(db: sqlite_utils.Database, game: LiveGame) -> KeptLive:
    """The game's analysis and view at its current version: those kept for its text (the ones its last
    event made, in this process, from the same entries), else made again from its entries. Another game of
    the same entries shares the analysis, not the view: a view names its game."""
    text = db.execute("select raw from games where id = ?", [game.game_id]).fetchone()[0]
    found = kept_analysis(text, open_game=game.is_open)
    if isinstance(found, KeptLive) and found.live is not None and found.live.entries_json == game.entries_json:
        return found if found.view is None or found.view.game_id == game.game_id else replace(found, view=None)
    return KeptLive(**vars_of(live_analysis(live_log(game.entries), open_game=game.is_open)))


def _answer(game: LiveGame, event: Event, before: dict[tuple[int, str, str], dict[str, Any]],
            after: dict[tuple[int, str, str], dict[str, Any]], body: LiveView, own: int | None,
            not_judged: frozenset[int]) -> dict[str, Any]:
    """The answer to an event: the version it made, its entry's verdict, and what it changed elsewhere (the
    entries `not_judged`, by id, lie past a log error that stops their deal's replay)."""
    entry = body.entry(own) if own is not None else None
    return {"version": game.version + 1, "kind": event.kind, "entry": entry.number if entry else event.entry,
            "id": entry.id if entry else None, "line": entry.line if entry else None,
            "verdict": _verdict(entry) if entry else None,
            **changes(before, after, own, not_judged), "next": body.next}


def _verdict(entry: EntryView) -> dict[str, Any]:
    found = entry.json["findings"]
    return {"ok": not found, "errors": [f for f in found if f["rule"].startswith("E-")],
            "violations": [f for f in found if f["rule"].startswith("R-")], "words": entry.words,
            "words_said": entry.json["words_said"]}
