"""Storing logs: the raw text as it came, and tables derived from it by replay for querying."""
from __future__ import annotations

import hashlib
import json
import re
from dataclasses import dataclass, field
from datetime import date, datetime, timezone
from pathlib import Path
from typing import Any, cast

import sqlite_utils

import seeplog
from seeplog.refusals import BadInput
from seeplog.notation import DealStart, Log, Tag
from seeplog.notation.jsonform import from_json
from seeplog.canonical import dumps
from seeplog.analysis import Analysis, analyse
from seeplog.fingerprint import library_fingerprint
from seeplog.report import exit_status, report_json
from seeplog.said import Said
from seeplog.clubs.players import seat_keys
from seeplog.clubs.seat_records import seat_records
from seeplog.scoresheet import players

from ..clubs.links import link_players
from ..db import writing
from .limits import (DEFAULTS, Limits, check_deal_lines, check_limits, check_report_size, check_tag_lines,
                     listed_at_most)

SAMPLES = Path(__file__).resolve().parent.parent / "samples"
DERIVED = ("game_tags", "players", "deals", "deal_scores", "violations", "ledger", "sweeps", "seat_records",
           "game_variants", "games_text", "games_grams")
BY_RANK = {"games_text": "rowid", "games_grams": "rank"}
"""The derived tables keyed by the game's rank (the list's text search), not by its id."""
PER_DEAL = frozenset({"deals", "deal_scores", "violations", "ledger", "sweeps"})
"""The derived tables with a row per deal (a position), and the findings (with none outside a deal)."""


class BadUpload(BadInput):
    """Input that cannot be stored: not UTF-8, not JSON of the log schema, or nothing in it reads as Seep."""


@dataclass(frozen=True)
class Upload:
    """A log as it came in: its raw text, and the notation text seeplog reads."""

    raw: str
    text: str
    format: str = "seep"
    filename: str | None = None


@dataclass(frozen=True)
class Stored:
    id: int
    created: bool
    """False when the same log was already stored."""
    report: dict[str, Any] = field(default_factory=dict)


def content_hash(text: str) -> str:
    """The hash that makes a log the same log: line endings, a BOM and outer blank lines aside."""
    norm = text.lstrip("\ufeff").replace("\r\n", "\n").replace("\r", "\n").strip("\n")
    return hashlib.sha256(norm.encode("utf-8")).hexdigest()


def is_readable(log: Log) -> bool:
    """Whether anything in the log could be read: a tag or a deal line."""
    return any(isinstance(s, Tag) for g in log.games for s in g.header) or any(g.deals for g in log.games)


def read(upload: Upload) -> Log:
    """The parsed log of an upload.

    :raises BadUpload: when no line of it reads as Seep notation.
    """
    log = seeplog.parse(upload.text)
    if not is_readable(log):
        errors = [{"message": e.msg, "rule": e.rule, "line": e.line, "column": e.column} for e in log.errors[:20]]
        raise BadUpload(Said("nothing in this text reads as a Seep log: expected tags such as [Variant \"standard\"] "
                             "and 'deal N dealer SEAT' lines (line {line}: {problem})", line=log.errors[0].line,
                             problem=log.errors[0].msg) if errors else
                        Said("nothing in this text reads as a Seep log: expected tags such as [Variant \"standard\"] "
                             "and 'deal N dealer SEAT' lines"), errors)
    return log


def stored_id(db: sqlite_utils.Database, digest: str) -> int | None:
    found = list(db.query("select id from games where hash = ?", [digest]))
    return int(found[0]["id"]) if found else None


def store(db: sqlite_utils.Database, upload: Upload, limits: Limits = DEFAULTS) -> Stored:
    """Store an upload in one transaction, or find the same log already stored.

    The log is read and replayed before the write lock is taken; the hash is checked again under
    the lock, so of several processes storing the same log at once one stores it, the others find it.

    :raises BadUpload: when nothing in it can be read.
    :raises TooMuch: when it holds more than `limits` allow.
    """
    digest = content_hash(upload.text)
    known = stored_id(db, digest)
    if known is not None:
        return Stored(known, False)
    check_deal_lines(upload.text, limits)
    check_tag_lines(upload.text, limits)
    log = read(upload)
    check_limits(log, limits)
    analysis = analyse(upload.text, log=log)
    doc = listed_at_most(report_json(analysis), limits.findings)
    now = datetime.now(timezone.utc).isoformat(timespec="seconds")
    row = {"hash": digest, "raw": upload.raw, "format": upload.format, "filename": upload.filename,
           "uploaded": now, **summary(analysis, doc)}
    check_report_size(doc, limits)
    with writing(db):
        known = stored_id(db, digest)
        if known is not None:
            return Stored(known, False)
        game_id = cast(int, db.table("games").insert(row).last_pk)  # the new row's integer key
        rank = set_rank(db, game_id, row)
        insert_derived(db, game_id, rank, analysis, doc)
    return Stored(game_id, True, doc)


ISO_DAY = re.compile(r"[0-9]{4}-[0-9]{2}-[0-9]{2}")


def tag_day(value: str | None) -> date | None:
    """A Date tag as a day, when it is one (YYYY-MM-DD)."""
    if value is None or not ISO_DAY.fullmatch(value):
        return None
    try:
        return date.fromisoformat(value)
    except ValueError:
        return None


def rank_of(game_id: int, day: date) -> int:
    """The list's sort key in one integer: the day, then the id (newest first is rank descending).

    One integer, unique, lets one index order the list and lets the text search (an FTS5 table
    whose rowid is the rank) hand its matches over already in list order. The same formula is in
    schema/migrations/0002_listing.sql.
    """
    return (day.toordinal() << 32) + game_id


def set_rank(db: sqlite_utils.Database, game_id: int, row: dict[str, Any]) -> int:
    """The games row's rank and whether it is dated by its Date tag (else by its upload day)."""
    day = tag_day(row["date"])
    rank = rank_of(game_id, day or date.fromisoformat(row["uploaded"][:10]))
    db.execute("update games set rank = ?, dated = ? where id = ?", [rank, day is not None, game_id])
    return rank


def summary(whole: Analysis, doc: dict[str, Any], canonical: str | None = None) -> dict[str, Any]:
    """The games row's derived columns: a view of the log's analysis and its report `doc` (and its
    canonical text, when the caller knows it)."""
    log, text = whole.log, whole.text
    analysis = whole.games[0] if whole.games else None
    tags = analysis.game.tags if analysis else {}
    counts = [len(d["violations"]) for g in doc["games"] for d in g["deals"]]
    errors = sum(len(g["errors"]) + sum(len(d["errors"]) for d in g["deals"]) for g in doc["games"])
    return {"derived_with": library_fingerprint(), "text": text,
            "canonical": dumps(log) if canonical is None else canonical,
            "tags": json.dumps(tags, ensure_ascii=False),
            "variant": analysis.rules.name if analysis else "standard", "event": tags.get("Event"),
            "site": tags.get("Site"), "date": tags.get("Date"),
            "players": json.dumps(players(analysis) if analysis else {}, ensure_ascii=False),
            "game_count": len(log.games), "deal_count": sum(len(g.deals) for g in log.games),
            "violation_count": sum(counts), "error_count": errors + len(doc.get("errors", [])),
            "status": exit_status(doc), "result": result_text(doc),
            "report": json.dumps(doc, ensure_ascii=False, separators=(",", ":"))}


def result_text(doc: dict[str, Any]) -> str:
    """The result of the log's games: baazis won, and the lead after the last deal."""
    parts = []
    for game in doc["games"]:
        text = " – ".join(f"{team} {n}" for team, n in game["baazis"].items())
        lead = game["ledger"][-1]["lead"] if game["ledger"] else {"team": None}
        if lead["team"]:
            text += f", {lead['team']} +{lead['points']}"
        parts.append(text)
    return "; ".join(parts)


def insert_derived(db: sqlite_utils.Database, game_id: int, rank: int, analysis: Analysis,
                   doc: dict[str, Any], first: int | None = None, searched: tuple[Any, ...] | None = None) -> None:
    """The rows of the derived tables; with `first`, only the rows of the deals from position `first` on
    and the findings outside any deal (those of the game's tags and of its deals before stand as they are).
    `searched` is what the text search held for the game before ((rank, players, event, site), None for
    none): the same is kept as it is, another is replaced."""
    rows = derived_rows(game_id, analysis, doc, first or 1)
    rows["seat_records"] = [{"game_id": game_id, **r} for r in seat_records(analysis, doc)]  # the whole game's
    if first is not None:
        db.execute("delete from seat_records where game_id = ?", [game_id])
        for name, table_rows in rows.items():
            if table_rows and name in PER_DEAL | {"seat_records"}:
                insert_rows(db, name, table_rows)
        return
    rows["game_variants"] = [{"variant": v, "rank": rank, "game_id": game_id}
                             for v in sorted({g.rules.name for g in analysis.games})]
    names = [r["name"] for r in rows["players"]]
    values = {tag: [r["value"] for r in rows["game_tags"] if r["name"] == tag] for tag in ("Event", "Site")}
    text = {"players": "\n".join(names), "event": "\n".join(values["Event"]), "site": "\n".join(values["Site"])}
    if searched != (rank, *text.values()):
        if searched is not None:
            for name, column in BY_RANK.items():
                db.execute(f"delete from {name} where {column} = ?", [searched[0]])
        rows["games_text"] = [{"rowid": rank, **text}]
        rows["games_grams"] = text_grams(rank, text)
    for name, table_rows in rows.items():
        if table_rows:
            insert_rows(db, name, table_rows)
    link_players(db, rows["players"])


def insert_rows(db: sqlite_utils.Database, table: str, rows: list[dict[str, Any]]) -> None:
    """Rows of one derived table, by one statement run once a row. sqlite-utils' insert_all would read the
    table's schema and open a savepoint at every call: a dozen statements more an entry, each a moment inside
    the write lock where another thread may take the worker's GIL. A list or dict value is stored as JSON, as
    sqlite-utils stores it."""
    columns = list(dict.fromkeys(column for row in rows for column in row))
    names = ", ".join(f'"{column}"' for column in columns)
    db.conn.executemany(f'insert into "{table}" ({names}) values ({", ".join("?" * len(columns))})',
                        [tuple(_stored(row.get(column)) for column in columns) for row in rows])


def update_row(db: sqlite_utils.Database, table: str, key: int, values: dict[str, Any]) -> None:
    """One row's columns, by one statement (see insert_rows)."""
    assignments = ", ".join(f'"{column}" = ?' for column in values)
    db.execute(f'update "{table}" set {assignments} where id = ?', [*map(_stored, values.values()), key])


def _stored(value: Any) -> Any:
    return json.dumps(value, ensure_ascii=False) if isinstance(value, (list, dict, tuple)) else value


GRAM_FIELDS = {"players": 1, "event": 2, "site": 4}
"""The bit of each searched field in games_grams.fields (schema/migrations/0008_list_indexes.sql)."""
_ASCII_LOWER = str.maketrans("ABCDEFGHIJKLMNOPQRSTUVWXYZ", "abcdefghijklmnopqrstuvwxyz")


def fold(text: str) -> str:
    """Lower case as SQLite's lower() and LIKE fold it: ASCII letters only."""
    return text.translate(_ASCII_LOWER)


def text_grams(rank: int, text: dict[str, str]) -> list[dict[str, Any]]:
    """games_grams' rows of one game: each distinct piece of one or two characters of its searched text,
    with the fields it occurs in (the short text filters read them)."""
    fields: dict[str, int] = {}
    for name, value in text.items():
        body = fold(value)
        for i in range(len(body)):
            for piece in (body[i], body[i:i + 2]):
                fields[piece] = fields.get(piece, 0) | GRAM_FIELDS[name]
    return [{"gram": gram, "rank": rank, "fields": bits} for gram, bits in fields.items()]


def derived_rows(game_id: int, analysis: Analysis, doc: dict[str, Any],
                 first: int = 1) -> dict[str, list[dict[str, Any]]]:
    """The rows of the derived tables: a view of the log's analysis and its report `doc` (the rows of the
    deals from position `first` on)."""
    out: dict[str, list[dict[str, Any]]] = {name: [] for name in DERIVED}
    for error in doc.get("errors", []):
        out["violations"].append(_finding(game_id, None, None, None, error))
    for index, (analysed, gdoc) in enumerate(zip(analysis.games, doc["games"]), start=1):
        key, game = {"game_id": game_id, "game": index}, analysed.game
        out["game_tags"] += [{**key, "name": n, "value": v} for n, v in game.tags.items()]
        keys, rules = seat_keys(game.tags, analysed.rules.seats), analysed.rules
        out["players"] += [{**key, "seat": s, "name": n, "name_key": keys[s], "team": rules.team_of(s)}
                           for s, n in players(analysed).items()]
        out["violations"] += [_finding(game_id, index, None, None, e) for e in gdoc["errors"]]
        for position, (deal, d, row) in enumerate(zip(game.deals[first - 1:], gdoc["deals"][first - 1:],
                                                      gdoc["ledger"][first - 1:]), start=first):
            _deal_rows(out, {**key, "position": position}, deal.start, d, row)
    return out


def _deal_rows(out: dict[str, list[dict[str, Any]]], key: dict[str, Any], start: DealStart,
               d: dict[str, Any], row: dict[str, Any]) -> None:
    out["deals"].append({**key, "number": d["number"], "dealer": d["dealer"], "bidder": d["bidder"], "bid": d["bid"],
                         "plays": d["plays"], "complete": d["complete"], "score_only": d["score_only"],
                         "line": start.line})
    if d["score"] is not None:
        for team in d["score"]:
            out["deal_scores"].append({**key, "team": team, "card_points": d["card_points"][team],
                                       "sweep_points": d["sweep_points"][team], "score": d["score"][team],
                                       "cards_taken": (d["cards_taken"] or {}).get(team)})
    out["sweeps"] += [{**key, "play": s["play"], "seat": s["seat"], "points": s["points"]} for s in d["sweeps"]]
    for finding in d["violations"] + d["errors"]:
        out["violations"].append(_finding(key["game_id"], key["game"], key["position"], d["number"], finding))
    out["ledger"].append({**key, "deal": row["deal"], "dealer": row["dealer"], "lead_team": row["lead"]["team"],
                          "lead_points": row["lead"]["points"], "baazi": row["baazi"],
                          "next_dealer": row["next_dealer"] or ""})  # '': any seat may deal (RULES.md §8.5)


def _finding(game_id: int, game: int | None, position: int | None, deal: int | None,
             f: dict[str, Any]) -> dict[str, Any]:
    return {"game_id": game_id, "game": game, "position": position, "deal": deal,
            "kind": "error" if f["rule"].startswith("E-") else "violation", "rule": f["rule"],
            "play": f.get("play"), "seat": f.get("seat"), "line": f.get("line"), "column": f.get("column"),
            "message": f["message"]}


def derive_again(db: sqlite_utils.Database, game_id: int) -> None:
    """One game's derived columns and rows, again from its stored text (inside a write transaction)."""
    stored = db.table("games").get(game_id)
    text = notation_text(stored["raw"], stored["format"])
    put_derived(db, stored, analyse(text, open_game=is_live_open(db, game_id)))


def put_derived(db: sqlite_utils.Database, stored: dict[str, Any], analysis: Analysis, *,
                doc: dict[str, Any] | None = None, canonical: str | None = None, first: int | None = None) -> None:
    """Replace a stored game's derived columns and rows by those of the analysed text (inside a write
    transaction); `stored` is its games row as it was. `doc` (its report) and `canonical` (its canonical
    text) are given when the caller has them; with `first`, the log is one game whose tags and deals
    before position `first` are as they were, and only the rows of its deals from there on are written again
    (a live entry: the tags' rows, its players' and its place in the search stand)."""
    game_id = stored["id"]
    doc = report_json(analysis) if doc is None else doc
    row = summary(analysis, doc, canonical)
    if first is not None:
        db.execute("delete from violations where game_id = ? and (position >= ? or position is null)",
                   [game_id, first])
        for name in PER_DEAL - {"violations"}:
            db.execute(f"delete from {name} where game_id = ? and position >= ?", [game_id, first])
        update_row(db, "games", game_id, row)
        insert_derived(db, game_id, stored["rank"], analysis, doc, first)
        return
    searched = db.execute("select rowid, players, event, site from games_text where rowid = ?",
                          [stored["rank"]]).fetchone()
    for name in DERIVED:
        if name not in BY_RANK:
            db.execute(f"delete from {name} where game_id = ?", [game_id])
    update_row(db, "games", game_id, row)
    rank = set_rank(db, game_id, {**row, "uploaded": stored["uploaded"]})
    insert_derived(db, game_id, rank, analysis, doc, searched=tuple(searched) if searched else None)


def set_meta(db: sqlite_utils.Database, key: str, value: str) -> None:
    db.execute("insert into meta (key, value) values (?, ?) on conflict (key) do update set value = excluded.value",
               [key, value])


def stored_analysis(row: dict[str, Any]) -> Analysis:
    """The analysis of a stored game's text (a live game still being kept: its last deal in progress),
    the one every page and API answer of the game reads."""
    return analyse(row["text"], open_game=row.get("live") == "open")


def served_report(row: dict[str, Any], limits: Limits) -> dict[str, Any]:
    """A stored game's report as the service sends it: of its analysis, with `limits.findings` findings
    listed per game at most."""
    return listed_at_most(report_json(stored_analysis(row)), limits.findings)


def is_live_open(db: sqlite_utils.Database, game_id: int) -> bool:
    """Whether the game is a live game still being kept (its last deal then is in progress)."""
    row = db.execute("select state from live_games where game_id = ?", [game_id]).fetchone()
    return row is not None and row[0] == "open"


def notation_text(raw: str, form: str) -> str:
    """The notation text seeplog reads for a stored upload."""
    return from_json(json.loads(raw)) if form == "json" else raw


def load_samples(db: sqlite_utils.Database, folder: Path = SAMPLES) -> list[Stored]:
    """Store the sample logs (skipping any already stored)."""
    stored = []
    for path in sorted(folder.glob("*.seep")):
        text = path.read_text(encoding="utf-8")
        stored.append(store(db, Upload(text, text, "seep", path.name)))
    return stored
