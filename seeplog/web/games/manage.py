"""Replacing and deleting a stored game with its manage token.

Storing a new game gives its uploader a secret token, shown once: a long random string of which only the
sha256 hash is kept, compared in constant time. With it the game can be replaced (it keeps its id; the
text it held goes to its history) or deleted (with its derived rows and history). An uploaded game attached
to an event as a table is the event's too: a replace must keep the table's two partnerships, and a delete waits
for the event's organiser to detach it (`clubs.event_uploads`).
"""
from __future__ import annotations

import json
from datetime import datetime, timezone
from functools import partial
from typing import Any

import sqlite_utils

from seeplog.analysis import analyse
from seeplog.refusals import Conflict, NotAllowed
from seeplog.report import report_json
from seeplog.said import Said

from ..clubs.event_uploads import AttachedGame, check_not_attached, check_still_seated
from ..published import withdraw
from ..db import after_commit, writing
from .store import SAMPLES, BadUpload, Stored, Upload, content_hash, put_derived, read, stored_id
from ..tokens import new_token, token_hash, token_matches


class TokenRefused(NotAllowed):
    """No token, or not the game's manage token."""


class SameLog(Conflict):
    """The replacement is a log already stored as another game."""

    def __init__(self, game_id: int):
        super().__init__(f"this log is already stored as game {game_id}")
        self.game_id = game_id


def _now() -> str:
    return datetime.now(timezone.utc).isoformat(timespec="seconds")


def issue_token(db: sqlite_utils.Database, game_id: int) -> str:
    """A new manage token for a game (any earlier one stops working); only its hash is stored."""
    token = new_token()
    with writing(db):
        db.table("game_tokens").upsert({"game_id": game_id, "token_hash": token_hash(token), "created": _now()},
                                       pk="game_id")
    return token


def check_token(db: sqlite_utils.Database, game_id: int, token: str | None) -> None:
    """:raises TokenRefused: unless `token` is the game's manage token (compared in constant time); a live game has
    none: its edit token changes it, through the live API."""
    if db.execute("select 1 from live_games where game_id = ?", [game_id]).fetchone():
        raise TokenRefused(Said("game {game} is a live game: it is changed with its edit token, on its keep page or "
                                "through /api/live/{game}", game=game_id))
    rows = list(db.query("select token_hash from game_tokens where game_id = ?", [game_id]))
    if not token_matches(token, rows[0]["token_hash"] if rows else None):
        raise TokenRefused(Said("this is not the game's manage token") if token else
                           Said("the game's manage token is needed (the one shown when it was uploaded)"))


def delete_game(db: sqlite_utils.Database, game_id: int) -> None:
    """Remove a game, its derived rows, its token and its history, in one transaction.

    :raises AttachedGame: when an uploaded game is an event's table (the event's organiser detaches it first).
    """
    with writing(db):
        check_not_attached(db, game_id)
        for table in ("game_tokens", "game_history"):
            db.execute(f"delete from {table} where game_id = ?", [game_id])
        db.execute("delete from games where id = ?", [game_id])  # derived rows follow it (cascade, trigger)
        after_commit(db, partial(withdraw, game_id))  # a live game's boards with it


def replace_game(db: sqlite_utils.Database, game_id: int, upload: Upload) -> Stored:
    """Put a new log in place of a stored game's: same id, the old text kept in its history. The game's own
    text again, under its own file name, changes nothing (no history entry).

    :raises BadUpload: when nothing in the new text can be read.
    :raises SameLog: when the new log is already stored as another game.
    :raises AttachedGame: when the game is an event's table and the new log no longer seats the table's two
        partnerships in one game of the event's variant (nothing is stored).
    """
    log = read(upload)
    digest = content_hash(upload.text)
    analysis = analyse(upload.text, log=log)
    doc = report_json(analysis)
    with writing(db):
        other = stored_id(db, digest)
        if other is not None and other != game_id:
            raise SameLog(other)
        old = db.table("games").get(game_id)
        if other == game_id and (old["raw"], old["filename"]) == (upload.raw, upload.filename):
            return Stored(game_id, False, doc)
        db.table("game_history").insert({"game_id": game_id, "raw": old["raw"], "format": old["format"],
                                   "filename": old["filename"], "uploaded": old["uploaded"], "replaced": _now()})
        now = _now()
        db.table("games").update(game_id, {"hash": digest, "raw": upload.raw, "format": upload.format,
                                     "filename": upload.filename, "uploaded": now})
        put_derived(db, {**old, "uploaded": now}, analysis)
        check_still_seated(db, game_id)  # read from the rows just written; a refusal takes them back
    return Stored(game_id, False, doc)


def already_stored(label: str, game_id: int) -> str:
    """What an upload of a log stored before says: where it is, and which token manages it."""
    return (f"{label} is already stored as #{game_id}: its manage token was shown when it was first uploaded "
            "(that token replaces or deletes it; no new one is given).")


def remove_samples(db: sqlite_utils.Database) -> list[int]:
    """Delete the sample games a fresh store started with (found by their text; one an event holds as a table
    stays), and the players only they named; the ids of the games deleted. The store then loads them no more
    (meta samples_loaded stands)."""
    gone = []
    for path in sorted(SAMPLES.glob("*.seep")):
        game_id = stored_id(db, content_hash(path.read_text(encoding="utf-8")))
        if game_id is None:
            continue
        named = [key for (key,) in db.execute("select name_key from seat_records where game_id = ?", [game_id])]
        try:
            delete_game(db, game_id)
        except AttachedGame:
            continue
        gone.append(game_id)
        with writing(db):
            drop_unseated(db, named)
    return gone


UNSEATED = """select distinct a.player_id from player_aliases a join club_players p on p.id = a.player_id
where a.key in (select value from json_each(?)) and p.merged_into is null
and not exists (select 1 from club_players m where m.merged_into = p.id)
and not exists (select 1 from event_pairs e where p.id in (e.first, e.second))
and not exists (select 1 from player_aliases o where o.origin = p.id and o.player_id != p.id)
and not exists (select 1 from player_aliases b join seat_records s on s.name_key = b.key where b.player_id = p.id)"""
"""The players of these name keys that no game seats any more and nothing else holds: no event's partnership,
no merge into or from them, no alias split from them."""


def drop_unseated(db: sqlite_utils.Database, keys: list[str]) -> None:
    """Remove the players of `keys` that no stored game names any more and nothing else holds (`UNSEATED`)."""
    for (player,) in db.execute(UNSEATED, [json.dumps(keys)]).fetchall():
        db.execute("delete from player_aliases where player_id = ?", [player])
        db.execute("delete from club_players where id = ?", [player])


def history(db: sqlite_utils.Database, game_id: int) -> list[dict[str, Any]]:
    """The texts a game held before, oldest first."""
    return list(db.query("select raw, format, filename, uploaded, replaced from game_history "
                         "where game_id = ? order by id", [game_id]))


__all__ = ["already_stored", "TokenRefused", "SameLog", "BadUpload", "issue_token", "check_token", "delete_game",
           "replace_game", "remove_samples", "history"]
