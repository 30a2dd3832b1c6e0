"""Storing live games: every event in one write transaction, with the game's `games` row rewritten in it.

The events (`live_events`) are the truth; the entries, the log, the report and the view that followers
read are derived from them at each event and kept with the game, so reading a live game replays nothing:
the API answers the view's stored JSON, the pages read the typed view kept with the analysis (`typed_view`).
"""
from __future__ import annotations

import json
import uuid
from dataclasses import dataclass, replace
from functools import cached_property, partial
from datetime import datetime, timezone
from typing import Any

import sqlite_utils

from seeplog.analysis import keep
from seeplog.live.entries import Entry, live_analysis, live_log
from seeplog.refusals import BadInput, Conflict, NotAllowed, NotFound, Refused
from seeplog.report import report_json
from seeplog.ruleset import SEAT_TAGS, find_ruleset
from seeplog.notation import Tag
from seeplog.notation.writer import statement_text
from seeplog.said import Said

from .derive import KeptLive, Made, as_it_stood, derive, vars_of
from ..published import changed
from .followed import packed, unpacked
from .view import LiveView, view
from ..tokens import new_token, token_hash, token_matches
from ..db import after_commit, writing
from ..games.manage import delete_game
from ..clubs.event_live import check_not_table, check_reopenable
from ..games.store import insert_derived, put_derived, set_rank, summary


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
    tags_fixed: bool = False
    """Its tags were set by an event (a table of it): no event changes them (`derive.check_tags_kept`)."""

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
    row = db.execute(f"select game_id, version, state, token_hash, entries, {'view' if view else chr(39) * 2}, "
                     "tags_fixed from live_games where game_id = ?", [game_id]).fetchone()
    if row is None:
        return None
    game, version, state, token, entries, view_json, tags_fixed = row
    return LiveGame(game, version, state, token, entries, view_json, bool(tags_fixed))


def followed_view(db: sqlite_utils.Database, game_id: int) -> LiveView | None:
    """The game's view trimmed for the follow pages, as stored with its current version (None where it is
    not stored, or by another version of the library)."""
    if not 0 < game_id <= MAX_ID:
        return None
    row = db.execute("select version, board from live_games where game_id = ?", [game_id]).fetchone()
    view = unpacked(row[1]) if row else None
    return view if view is not None and view.version == row[0] else None


def current_version(db: sqlite_utils.Database, game_id: int) -> int | None:
    if not 0 < game_id <= MAX_ID:
        return None
    row = db.execute("select version from live_games where game_id = ?", [game_id]).fetchone()
    return row[0] if row else None


def history(db: sqlite_utils.Database, game_id: int, since: int = 0) -> list[dict[str, Any]]:
    """Every event after version `since`, oldest first."""
    return [{"version": r["version"], "kind": r["kind"], "at": r["at"], "entry": r["entry"],
             "line": "\n".join(json.loads(r["lines"])) or None, "was": was_of(r["answer"]), "typed": r["typed"],
             "note": r["note"], "client_id": r["client_id"]}
            for r in db.query("select * from live_events where game_id = ? and version > ? order by version",
                              [game_id, since])]


def was_of(answer: str | None) -> dict[str, Any] | None:
    """The entry a correction found (its answer's `was`), or None: another event, or one stored before the
    answers kept it."""
    return json.loads(answer).get("was") if answer else None


def recent_corrections(db: sqlite_utils.Database, game_id: int, most: int = 3) -> list[dict[str, Any]]:
    """The game's last `most` corrections of an entry, newest first (an undo takes back the last entry, which
    followers are told as it happens): the version, kind, line written, what it found (`was`), note, time."""
    rows = db.execute("select version, kind, lines, answer, note, at from live_events where game_id = ? and kind in "
                      "('replace', 'insert', 'delete') order by version desc limit ?", [game_id, most]).fetchall()
    out = []
    for version, kind, lines, answer, note, at in rows:
        found = json.loads(answer) if answer else {}
        out.append({"version": version, "kind": kind, "line": "\n".join(json.loads(lines)) or None,
                    "was": found.get("was"), "place": found.get("place"), "note": note, "at": at})
    return out


# ---------------------------------------------------------------- writing

def header_lines(variant: str, players: dict[str, str], tags: dict[str, str]) -> tuple[str, ...]:
    """The tag lines a live game starts with: the variant, the players' names, the other tags."""
    named = {"Variant": variant, **{SEAT_TAGS[s]: n for s, n in players.items()},
             **{k: v for k, v in tags.items() if k != "Variant"}}
    return tuple(statement_text(Tag(name, value)) for name, value in named.items())


def create(db: sqlite_utils.Database, variant: str, players: dict[str, str], tags: dict[str, str],
           token: str | None = None, *, tags_fixed: bool = False) -> tuple[int, str]:
    """A new open live game; its id and its edit token (kept only as a digest): `token`, or a new one.
    `tags_fixed`: the tags are an event's (its table), and no later event may change them.

    :raises BadInput: a tag the notation cannot read, as `[MaxHouses "two"]`, or a seat the variant lacks.
    """
    seats = find_ruleset(variant).seats
    strangers = [seat for seat in players if seat not in seats]
    if strangers:
        raise BadInput(Said("a {variant} game has the seats {seats}, not {strangers}", variant=variant,
                            seats=" ".join(seats), strangers=" ".join(strangers)),
                       [{"field": "players", "message": Said("no seat {seat} at this table", seat=s)}
                        for s in strangers])
    token = token or new_token()
    lines = header_lines(variant, players, tags)
    entries = tuple(Entry(i, line) for i, line in enumerate(lines, start=1))
    live = live_log(entries)
    if live.log.errors:
        raise BadInput(Said("a tag cannot be read: {problems}", problems="; ".join(e.msg for e in live.log.errors)),
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
        db.execute("insert into live_games (game_id, token_hash, version, state, created, updated, entries, view, "
                   "board, tags_fixed) values (?, ?, 1, 'open', ?, ?, ?, ?, ?, ?)",
                   [game_id, token_hash(token), at, at, live.entries_json, body.json_text(), packed(body),
                    int(tags_fixed)])
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
    entry_id: int | None = None
    """The id of the entry meant (the one `entry` names; the last one for an undo): checked before anything is
    stored."""
    director: bool = False
    """Sent by the event's director (organiser token), not the table's edit token alone: a reopen of a table the
    director closed, or that a later Swiss round was paired from (`clubs.event_live.check_reopenable`)."""


def record(db: sqlite_utils.Database, game_id: int, token: str, req: Request) -> tuple[dict[str, Any], bool]:
    """Store one event in one transaction; the answer, and False when it is a retry answered again.

    The event is derived first, from the game as committed (`derive`), outside the store's write lock; the
    write transaction checks the request again (an event that came in between makes it stale: 409) and
    writes what was derived, so the lock is held for the writes alone. Called inside a transaction (the
    director's correction), it derives in that transaction.

    :raises NotFound: no such game. :raises NotAllowed: a wrong token.
    :raises Conflict: a closed game or a stale version; a reopen of an event's table with its edit token alone,
        once the director closed it or a later Swiss round was paired from it (`EventTable`).
    :raises Refused: an entry that is not there, a line that cannot be read or stand there.
    """
    ahead = None if db.conn.in_transaction else _derived_ahead(db, game_id, token, req)
    if isinstance(ahead, dict):
        return ahead, False
    with writing(db):
        game = _checked(db, game_id, token, req)
        if isinstance(game, dict):
            return game, False
        made = ahead if ahead is not None and ahead.made_from(game) else derive(db, game, req)
        after_commit(db, partial(keep, made.kept, made.before))  # before the steps `_write` asks for, which read it
        _write(db, game, req, made)
    return made.answer, True


def _derived_ahead(db: sqlite_utils.Database, game_id: int, token: str, req: Request) -> Made | dict[str, Any]:
    """The event derived from one snapshot of the store, read in a read transaction (no lock held); or
    the answer stored for a retry."""
    db.execute("BEGIN")
    try:
        game = _checked(db, game_id, token, req)
        return game if isinstance(game, dict) else derive(db, game, req)
    finally:
        db.execute("COMMIT")


def _checked(db: sqlite_utils.Database, game_id: int, token: str, req: Request) -> LiveGame | dict[str, Any]:
    """The game, when `req` may be made on it; the answer stored for a retry (its client_id seen).

    :raises NotFound: :raises NotAllowed: :raises Conflict: :raises Refused: as `record` says.
    """
    game = load(db, game_id, view=False)
    if game is None:
        raise NotFound(Said("there is no live game {game}", game=game_id))
    if not token_matches(token, game.token_hash):
        raise NotAllowed(Said("this edit token does not keep this game"), realm=BEARER_REALM)
    if req.client_id:
        earlier = db.execute("select kind, entry, typed, note, lines, answer from live_events "
                             "where game_id = ? and client_id = ?", [game_id, req.client_id]).fetchone()
        if earlier is not None:
            return _answered_before(tuple(earlier), req)
    if req.problem is not None:
        raise Refused(req.problem["message"], [req.problem])
    if not game.is_open and req.kind not in ("reopen", "retag"):
        raise Conflict(Said("the game is closed: it takes no more entries (reopen it first)"),
                       extra={"version": game.version})
    if game.is_open and req.kind == "reopen":
        raise Conflict(Said("the game is open already"), extra={"version": game.version})
    if req.kind == "reopen" and not req.director:
        check_reopenable(db, game_id)
    if req.version != game.version:
        raise _stale(db, game, req.version)
    if req.entry_id is not None:
        _check_meant(game, req, req.entry_id)
    return game


def _check_meant(game: LiveGame, req: Request, meant: int) -> None:
    """Nothing stored where the entry the request names is not the one it means (by id): an entry was
    inserted or deleted before it since the sender read the numbers, or it was itself corrected or deleted.

    :raises Conflict: with where the meant entry is now (`moved`) and the entries now.
    """
    number = len(game.entries) if req.kind == "undo" else req.entry or 0
    if 1 <= number <= len(game.entries) and game.entries[number - 1].id == meant:
        return
    now = next((n for n, e in enumerate(game.entries, start=1) if e.id == meant), None)
    if now is None:
        said = Said("the entry meant (id {id}) is no longer in the game: nothing was stored", id=meant)
    else:
        said = Said("entry {entry} is another entry now: the one meant (id {id}) is entry {now}; nothing was stored",
                    entry=number, id=meant, now=now)
    raise Conflict(said, extra={"version": game.version, "events": [], "entries": _numbered(game),
                                "moved": {"id": meant, "entry": now}})


def _numbered(game: LiveGame) -> list[dict[str, Any]]:
    return [{"number": n, "id": e.id, "line": e.text} for n, e in enumerate(game.entries, start=1)]


def _answered_before(event: tuple[Any, ...], req: Request) -> dict[str, Any]:
    """The answer stored with the event that `req`'s client_id made, for a retry of the same request.

    :raises Refused: the client_id made an event of another request (its kind, line, entry, note or tags).
    """
    kind, entry, typed, note, lines, answer = event
    tags = [statement_text(Tag(name, value)) for name, value in req.tags]
    if (req.kind, req.line, req.note) != (kind, typed, note) or req.entry not in (None, entry) \
            or (kind == "retag" and json.loads(lines) != tags):
        raise Refused(Said("the client_id {client_id} was sent before with another request: send each new "
                           "request with a client_id of its own", client_id=req.client_id or ""),
                      [{"field": "client_id", "message": Said("used for another request")}])
    return json.loads(answer)  # type: ignore[no-any-return]


def _stale(db: sqlite_utils.Database, game: LiveGame, seen: int) -> Conflict:
    """409 for a version the game has left (what changed since), or one it has never been at."""
    unseen = history(db, game.game_id, max(0, seen))
    entries = _numbered(game)
    if seen > game.version:
        said = Said("the game is at version {version}; it has never been at version {seen}: send the version "
                    "its last answer gave", version=game.version, seen=seen)
    else:
        said = Said("the game is at version {version}, not {seen}: another entry came first; here is what changed",
                    version=game.version, seen=seen)
    return Conflict(said, extra={"version": game.version, "events": unseen, "entries": entries})


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


def _write(db: sqlite_utils.Database, game: LiveGame, req: Request, made: Made) -> None:
    """Store the event, the game's entries and view, and its derived rows (of the deals after the `same`
    first ones, which stand as they were)."""
    at, version = now(), game.version + 1
    event = made.event
    db.execute("insert into live_events (game_id, version, kind, entry, lines, typed, note, client_id, answer, at) "
               "values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
               [game.game_id, version, event.kind, event.entry, json.dumps(event.lines), req.line, req.note,
                req.client_id, json.dumps(made.answer), at])
    db.execute("update live_games set version = ?, state = ?, updated = ?, entries = ?, view = ?, board = ? "
               "where game_id = ?", [version, made.state, at, made.live.entries_json, made.view_json,
                                     made.board, game.game_id])
    stored = db.execute("select id, rank, uploaded, hash from games where id = ?", [game.game_id]).fetchone()
    db.execute("update games set raw = ?, hash = ? where id = ?",
               [made.live.text, live_hash(stored[3].split(":")[1], version), game.game_id])
    put_derived(db, {"id": stored[0], "rank": stored[1], "uploaded": stored[2]}, made.analysis,
                doc=made.body.report, canonical=made.live.text, first=None if made.same is None else made.same + 1)
    after_commit(db, partial(changed, game.game_id, made.body))  # its published boards drawn again


def delete(db: sqlite_utils.Database, game_id: int, token: str) -> None:
    """Delete a live game with its edit token: its events, entries and `games` row; no other game's rows.

    :raises NotFound: no such game. :raises NotAllowed: a wrong token. :raises EventTable: an event's table.
    """
    with writing(db):
        game = load(db, game_id)
        if game is None:
            raise NotFound(Said("there is no live game {game}", game=game_id))
        if not token_matches(token, game.token_hash):
            raise NotAllowed(Said("this edit token does not keep this game"), realm=BEARER_REALM)
        check_not_table(db, game_id)
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
        db.execute("update live_games set view = ?, board = ? where game_id = ?",
                   [body.json_text(), packed(body), row["game_id"]])
    return len(rows)


def live_hash(nonce: str, version: int) -> str:
    """A live game's `games.hash`: never the hash of an upload (an upload of the same text is another
    game), and new at every version, so that what is kept by hash (a page built) is built again; the
    game's random nonce keeps a later game that reuses a deleted game's id from matching it."""
    return f"live:{nonce}:{version}"


