"""Storing live games: every event in one write transaction, with the game's `games` row rewritten in it.

The events (`live_events`) are the truth; the entries, the log, the report and the view that followers
read are derived from them at each event and kept with the game, so reading a live game replays nothing:
the API answers the view's stored JSON, the pages read the typed view kept with the analysis (`typed_view`).
"""
from __future__ import annotations

import itertools
import json
import uuid
from dataclasses import dataclass, fields, replace
from functools import cached_property
from datetime import datetime, timezone
from typing import Any

import sqlite_utils

from seeplog.analysis import Analysis, keep, kept_analysis
from seeplog.live.entries import (Entry, EntryRefused, Event, LiveAnalysis, LiveLog, changes, check_target,
                                  finding_keys, is_tag_line, live_analysis, live_log, misfits, read_in_place, retag)
from seeplog.refusals import BadInput, Conflict, NotAllowed, NotFound, Refused
from seeplog.report import report_json
from seeplog.ruleset import SEAT_TAGS, find_ruleset
from seeplog.notation import Tag
from seeplog.notation.writer import statement_text

from .view import EntryView, LiveView, view
from ..tokens import new_token, token_hash, token_matches
from ..db import writing
from ..games.manage import delete_game
from ..games.store import insert_derived, put_derived, set_rank, summary
from .retag import retag_lines


MAX_ENTRIES = 5000
"""Entries a live game takes (about 90 deals): every entry lays the whole log out again."""
MAX_ID = 2 ** 63 - 1


BEARER_REALM = "seeplog live game"
"""The kind of token a live game's edits need (its edit token, sent as a bearer token)."""


def now() -> str:
    return datetime.now(timezone.utc).isoformat(timespec="milliseconds")


# ---------------------------------------------------------------- reading

@dataclass(frozen=True)
class LiveGame:
    game_id: int
    version: int
    state: str
    token_hash: str
    entries_json: str
    """The entries as stored: ``[[id, line], ...]``."""
    view: str
    """The JSON the game's GET answers at this version ('' when it was not asked for)."""

    @property
    def is_open(self) -> bool:
        return self.state == "open"

    @cached_property
    def entries(self) -> tuple[Entry, ...]:
        return tuple(Entry(i, text) for i, text in json.loads(self.entries_json))


def load(db: sqlite_utils.Database, game_id: int, *, view: bool = True) -> LiveGame | None:
    """A live game as stored; its view (the larger part, by far, of a long game) only when asked for."""
    if not 0 < game_id <= MAX_ID:
        return None
    row = db.execute(f"select game_id, version, state, token_hash, entries, {'view' if view else chr(39) * 2} "
                     "from live_games where game_id = ?", [game_id]).fetchone()
    return LiveGame(*row) if row else None


def current_version(db: sqlite_utils.Database, game_id: int) -> int | None:
    if not 0 < game_id <= MAX_ID:
        return None
    row = db.execute("select version from live_games where game_id = ?", [game_id]).fetchone()
    return row[0] if row else None


def history(db: sqlite_utils.Database, game_id: int, since: int = 0) -> list[dict[str, Any]]:
    """Every event after version `since`, oldest first."""
    return [{"version": r["version"], "kind": r["kind"], "at": r["at"], "entry": r["entry"],
             "line": "\n".join(json.loads(r["lines"])) or None, "typed": r["typed"], "note": r["note"],
             "client_id": r["client_id"]}
            for r in db.query("select * from live_events where game_id = ? and version > ? order by version",
                              [game_id, since])]


# ---------------------------------------------------------------- writing

def header_lines(variant: str, players: dict[str, str], tags: dict[str, str]) -> tuple[str, ...]:
    """The tag lines a live game starts with: the variant, the players' names, the other tags."""
    named = {"Variant": variant, **{SEAT_TAGS[s]: n for s, n in players.items()},
             **{k: v for k, v in tags.items() if k != "Variant"}}
    return tuple(statement_text(Tag(name, value)) for name, value in named.items())


def create(db: sqlite_utils.Database, variant: str, players: dict[str, str], tags: dict[str, str],
           token: str | None = None) -> tuple[int, str]:
    """A new open live game; its id and its edit token (kept only as a digest): `token`, or a new one.

    :raises BadInput: a tag the notation cannot read, as `[MaxHouses "two"]`, or a seat the variant lacks.
    """
    seats = find_ruleset(variant).seats
    strangers = [seat for seat in players if seat not in seats]
    if strangers:
        raise BadInput(f"a {variant} game has the seats {' '.join(seats)}, not {' '.join(strangers)}",
                       [{"field": "players", "message": f"no seat {s} at this table"} for s in strangers])
    token = token or new_token()
    lines = header_lines(variant, players, tags)
    entries = tuple(Entry(i, line) for i, line in enumerate(lines, start=1))
    live = live_log(entries)
    if live.log.errors:
        raise BadInput("a tag cannot be read: " + "; ".join(e.msg for e in live.log.errors),
                       [{"field": "tags", "message": e.msg} for e in live.log.errors])
    analysis = live_analysis(live, open_game=True)
    doc = report_json(analysis)
    at = now()
    with writing(db):
        game_id = db.table("games").insert({"hash": live_hash(uuid.uuid4().hex, 1), "raw": live.text, "format": "seep",
                                      "filename": None, "uploaded": at[:19] + "+00:00",
                                      **summary(analysis, doc)}).last_pk
        assert isinstance(game_id, int)
        rank = set_rank(db, game_id, {"date": live.log.games[0].tags.get("Date"), "uploaded": at})
        insert_derived(db, game_id, rank, analysis, doc)
        body = view(game_id, 1, "open", live, analysis, doc)
        db.execute("insert into live_games (game_id, token_hash, version, state, created, updated, entries, view) "
                   "values (?, ?, 1, 'open', ?, ?, ?, ?)",
                   [game_id, token_hash(token), at, at, live.entries_json, body.json_text()])
        db.execute("insert into live_events (game_id, version, kind, entry, lines, at) values (?, 1, 'create', "
                   "null, ?, ?)", [game_id, json.dumps(lines), at])
    keep(KeptLive(**vars_of(analysis), view=body))
    return int(game_id), token


@dataclass(frozen=True)
class Request:
    """One event a scorekeeper sends."""

    kind: str
    version: int
    line: str | None = None
    entry: int | None = None
    note: str | None = None
    client_id: str | None = None
    problem: dict[str, str] | None = None
    """What is wrong with the request's shape, answered 422 once the game and the token are known good."""
    tags: tuple[tuple[str, str], ...] = ()
    """A retag's tags, (name, value) each."""


def record(db: sqlite_utils.Database, game_id: int, token: str, req: Request) -> tuple[dict[str, Any], bool]:
    """Store one event in one transaction; the answer, and False when it is a retry answered again.

    :raises NotFound: no such game. :raises NotAllowed: a wrong token.
    :raises Conflict: a closed game or a stale version.
    :raises Refused: an entry that is not there, a line that cannot be read or stand there.
    """
    with writing(db):
        game = load(db, game_id, view=False)
        if game is None:
            raise NotFound(f"there is no live game {game_id}")
        if not token_matches(token, game.token_hash):
            raise NotAllowed("this edit token does not keep this game", realm=BEARER_REALM)
        if req.client_id:
            earlier = db.execute("select answer from live_events where game_id = ? and client_id = ?",
                                 [game_id, req.client_id]).fetchone()
            if earlier is not None:
                return json.loads(earlier[0]), False
        if req.problem is not None:
            raise Refused(req.problem["message"], [req.problem])
        if not game.is_open and req.kind not in ("reopen", "retag"):
            raise Conflict("the game is closed: it takes no more entries (reopen it first)",
                           extra={"version": game.version})
        if game.is_open and req.kind == "reopen":
            raise Conflict("the game is open already", extra={"version": game.version})
        if req.version != game.version:
            raise _stale(db, game, req.version)
        answer = _apply(db, game, req)
    return answer, True


def _stale(db: sqlite_utils.Database, game: LiveGame, seen: int) -> Conflict:
    unseen = history(db, game.game_id, max(0, seen))
    entries = [{"number": n, "id": e.id, "line": e.text} for n, e in enumerate(game.entries, start=1)]
    return Conflict(f"the game is at version {game.version}, not {seen}: another entry came first; "
                    "here is what changed", extra={"version": game.version, "events": unseen,
                                                   "entries": entries})


def lines_written(db: sqlite_utils.Database, game_id: int) -> int:
    """How many lines the game's events have written: the last entry id given (ids are never reused)."""
    return db.execute("select coalesce(sum(json_array_length(lines)), 0) from live_events where game_id = ?",
                      [game_id]).fetchone()[0]


def _event(now: tuple[Entry, ...], req: Request, serial: int) -> tuple[Event, list[Entry], int | None]:
    """The event a request makes on the entries `now`, the entries after it, and the 0-based place of the
    line it writes (with the id `serial`, as `seeplog.live.entries.fold` numbers it)."""
    entries = list(now)
    line = req.line or ""
    if req.kind in ("append", "insert") and len(entries) >= MAX_ENTRIES:
        raise Refused(f"the game holds {MAX_ENTRIES} entries, as many as a live game takes: "
                      "close it and start another")
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
    problem = check_target(event, len(entries))
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


def _apply(db: sqlite_utils.Database, game: LiveGame, req: Request) -> dict[str, Any]:
    old = as_it_stood(db, game)
    assert old.live is not None
    read = None
    event, entries, at = _event(old.live.entries, req, lines_written(db, game.game_id) + 1)
    if at is not None:
        try:
            canonical, read = read_in_place(entries, at, req.line or "", old.live)
        except EntryRefused as refused:
            e = refused.error
            raise Refused(f"the line cannot be recorded: {e.msg}",
                          [{"rule": e.rule, "message": e.msg, "line": e.line, "column": e.column}]) from None
        entries[at] = Entry(entries[at].id, canonical)
        event = Event(event.kind, event.entry, (canonical,))
    state = {"close": "closed", "reopen": "open"}.get(event.kind, game.state)
    live = live_log(entries, old.live, read)
    if _touches_header(old.live, event):
        _refuse_misfits(old.live, live, entries[at].id if at is not None else None)
    analysis = live_analysis(live, open_game=state == "open", before=old)
    doc = report_json(analysis)
    same = deals_kept(old, analysis)
    since = analysis.games[0].deals[same].replay.deal.start.line if same else None
    body = view(game.game_id, game.version + 1, state, live, analysis, doc, old.view, since)
    answer = _answer(game, event, finding_keys(old.live, old), finding_keys(live, analysis), body,
                     entries[at].id if at is not None else None)
    _write(db, game, req, event, (live, analysis, body, same), answer, state)
    keep(KeptLive(**vars_of(analysis), view=body))
    return answer


def vars_of(analysis: LiveAnalysis) -> dict[str, Any]:
    return {f.name: getattr(analysis, f.name) for f in fields(LiveAnalysis)}


def _touches_header(was: LiveLog, event: Event) -> bool:
    """The event writes or takes away a tag line (the variant, say)."""
    old = was.entries[event.entry - 1].text if event.kind in ("replace", "delete", "undo") and event.entry else ""
    return any(is_tag_line(text) for text in (*event.lines, old))


def _refuse_misfits(before: LiveLog, after: LiveLog, own: int | None) -> None:
    """A header change that leaves other entries unreadable is refused (422): the entries must fit it."""
    found = misfits(before, after, own)
    if found:
        number, error = found[0]
        raise Refused(f"the game's entries do not fit this change: entry {number} would read "
                      f"{error.rule}: {error.msg}; correct that entry first",
                      [{"rule": e.rule, "message": f"entry {n}: {e.msg}", "line": n, "column": e.column}
                       for n, e in found[:20]])


def deals_kept(old: Analysis, new: Analysis) -> int:
    """How many deals `new`, a log of one game under the same tags, took from `old` as they were (the
    entries, the derived rows and the ledger before them stand as they stood); 0 for any other log."""
    if len(old.games) != 1 or len(new.games) != 1 or old.games[0].game.header != new.games[0].game.header:
        return 0
    was, now = old.games[0].deals, new.games[0].deals
    same = 0
    while same < min(len(was), len(now) - 1) and was[same] is now[same]:
        same += 1
    return same


def as_it_stood(db: sqlite_utils.Database, game: LiveGame) -> KeptLive:
    """The game's analysis and view at its current version: those kept for its text (the ones its last
    event made, in this process, from the same entries), else made again from its entries."""
    text = db.execute("select raw from games where id = ?", [game.game_id]).fetchone()[0]
    found = kept_analysis(text, open_game=game.is_open)
    if isinstance(found, KeptLive) and found.live is not None and found.live.entries_json == game.entries_json:
        return found
    return KeptLive(**vars_of(live_analysis(live_log(game.entries), open_game=game.is_open)))


def typed_view(db: sqlite_utils.Database, game: LiveGame) -> LiveView:
    """The game's typed view now, for its pages: the one kept with its analysis (by its last event or an
    earlier request in this process), else made from the analysis of its entries, and kept."""
    kept = as_it_stood(db, game)
    body = kept.view
    if body is not None and body.state == game.state:
        # the same entries at a later version (an undo back to them): the same view but for its number
        return body if body.version == game.version else replace(body, version=game.version)
    assert kept.live is not None
    body = view(game.game_id, game.version, game.state, kept.live, kept, report_json(kept))
    keep(replace(kept, view=body))
    return body


def _answer(game: LiveGame, event: Event, before: dict[tuple[int, str, str], dict[str, Any]],
            after: dict[tuple[int, str, str], dict[str, Any]], body: LiveView, own: int | None) -> dict[str, Any]:
    """The answer to an event: the version it made, its entry's verdict, and what it changed elsewhere."""
    entry = body.entry(own) if own is not None else None
    return {"version": game.version + 1, "kind": event.kind, "entry": entry.number if entry else event.entry,
            "line": entry.line if entry else None,
            "verdict": _verdict(entry) if entry else None,
            **changes(before, after, own), "next": body.next}


def _verdict(entry: EntryView) -> dict[str, Any]:
    found = entry.json["findings"]
    return {"ok": not found, "errors": [f for f in found if f["rule"].startswith("E-")], "words": entry.words,
            "violations": [f for f in found if f["rule"].startswith("R-")], "sentence": entry.json["sentence"]}


def _write(db: sqlite_utils.Database, game: LiveGame, req: Request, event: Event,
           made: tuple[LiveLog, LiveAnalysis, LiveView, int], answer: dict[str, Any], state: str) -> None:
    """Store the event, the game's entries and view, and its derived rows (of the deals after the `same`
    first ones, which stand as they were)."""
    live, analysis, body, same = made
    at, version = now(), game.version + 1
    db.execute("insert into live_events (game_id, version, kind, entry, lines, typed, note, client_id, answer, at) "
               "values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
               [game.game_id, version, event.kind, event.entry, json.dumps(event.lines), req.line, req.note,
                req.client_id, json.dumps(answer), at])
    db.execute("update live_games set version = ?, state = ?, updated = ?, entries = ?, view = ? where game_id = ?",
               [version, state, at, live.entries_json, body.json_text(), game.game_id])
    stored = db.execute("select id, rank, uploaded, hash from games where id = ?", [game.game_id]).fetchone()
    db.execute("update games set raw = ?, hash = ? where id = ?",
               [live.text, live_hash(stored[3].split(":")[1], version), game.game_id])
    put_derived(db, {"id": stored[0], "rank": stored[1], "uploaded": stored[2]}, analysis, doc=body.report,
                canonical=live.text, first=same + 1)


def delete(db: sqlite_utils.Database, game_id: int, token: str) -> None:
    """Delete a live game with its edit token: its events, entries and `games` row; no other game's rows.

    :raises NotFound: no such game. :raises NotAllowed: a wrong token.
    """
    with writing(db):
        game = load(db, game_id)
        if game is None:
            raise NotFound(f"there is no live game {game_id}")
        if not token_matches(token, game.token_hash):
            raise NotAllowed("this edit token does not keep this game", realm=BEARER_REALM)
        delete_game(db, game_id)


def refresh_views(db: sqlite_utils.Database) -> int:
    """Build every live game's view again from its entries (after a library change, with the derived
    tables); how many there were."""
    rows = list(db.query("select game_id, version, state, entries from live_games"))
    for row in rows:
        entries = tuple(Entry(i, text) for i, text in json.loads(row["entries"]))
        live = live_log(entries)
        analysis = live_analysis(live, open_game=row["state"] == "open")
        body = view(row["game_id"], row["version"], row["state"], live, analysis, report_json(analysis))
        db.execute("update live_games set view = ? where game_id = ?", [body.json_text(), row["game_id"]])
    return len(rows)


def live_hash(nonce: str, version: int) -> str:
    """A live game's `games.hash`: never the hash of an upload (an upload of the same text is another
    game), and new at every version, so that what is kept by hash (a page built) is built again; the
    game's random nonce keeps a later game that reuses a deleted game's id from matching it."""
    return f"live:{nonce}:{version}"


