"""Storing logs: the raw text as it came, and tables derived from it by replay for querying."""
from __future__ import annotations

import hashlib
import json
from dataclasses import dataclass, field
from datetime import datetime, timezone
from pathlib import Path
from typing import Any

import sqlite_utils

import seeplog
from seeplog.jsonform import from_json
from seeplog.notation import DealStart, Game, Log, Tag
from seeplog.report import exit_status, report
from seeplog.ruleset import ruleset_for
from seeplog.scoresheet import SEAT_TAGS

SAMPLES = Path(__file__).resolve().parent / "samples"
DERIVED = ("game_tags", "players", "deals", "deal_scores", "violations", "ledger")


class BadUpload(ValueError):
    """Input that cannot be stored: not UTF-8, not JSON of the log schema, or nothing in it reads as Seep."""

    def __init__(self, message: str, errors: list[dict[str, Any]] | None = None):
        super().__init__(message)
        self.message = message
        self.errors = errors or []


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
        where = f" (line {errors[0]['line']}: {errors[0]['message']})" if errors else ""
        raise BadUpload("nothing in this text reads as a Seep log: expected tags such as "
                            f"[Variant \"standard\"] and 'deal N dealer SEAT' lines{where}", errors)
    return log


def store(db: sqlite_utils.Database, upload: Upload) -> Stored:
    """Store an upload in one transaction, or find the same log already stored.

    :raises BadUpload: when nothing in it can be read.
    """
    digest = content_hash(upload.text)
    found = list(db.query("select id from games where hash = ?", [digest]))
    if found:
        return Stored(found[0]["id"], False)
    log = read(upload)
    doc = report(log)
    now = datetime.now(timezone.utc).isoformat(timespec="seconds")
    row = {"hash": digest, "raw": upload.raw, "format": upload.format, "filename": upload.filename,
           "uploaded": now, **summary(upload.text, log, doc)}
    with db.atomic():
        game_id = db["games"].insert(row).last_pk
        insert_derived(db, game_id, log, doc)
    return Stored(int(game_id), True, doc)


def summary(text: str, log: Log, doc: dict[str, Any], canonical: str | None = None) -> dict[str, Any]:
    """The games row's derived columns (`canonical`: the log's canonical text, when the caller has it)."""
    first = log.games[0] if log.games else None
    tags = first.tags if first else {}
    counts = [len(d["violations"]) for g in doc["games"] for d in g["deals"]]
    errors = sum(len(g["errors"]) + sum(len(d["errors"]) for d in g["deals"]) for g in doc["games"])
    return {"text": text, "canonical": seeplog.dumps(log) if canonical is None else canonical, "tags": json.dumps(tags, ensure_ascii=False),
            "variant": ruleset_for(tags).name if first else "standard", "event": tags.get("Event"),
            "site": tags.get("Site"), "date": tags.get("Date"),
            "players": json.dumps(seat_names(first) if first else {}, ensure_ascii=False),
            "game_count": len(log.games), "deal_count": sum(len(g.deals) for g in log.games),
            "violation_count": sum(counts), "error_count": errors + len(doc.get("errors", [])),
            "status": exit_status(doc), "result": result_text(doc)}


def seat_names(game: Game) -> dict[str, str]:
    """Each seat's player, as the tags name them (the seat letter where they do not); no replay needed."""
    return {seat: game.tags.get(SEAT_TAGS[seat], seat) for seat in ruleset_for(game.tags).seats}


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


def insert_derived(db: sqlite_utils.Database, game_id: int, log: Log, doc: dict[str, Any]) -> None:
    for name, rows in derived_rows(game_id, log, doc).items():
        if rows:
            db[name].insert_all(rows)


def derived_rows(game_id: int, log: Log, doc: dict[str, Any]) -> dict[str, list[dict[str, Any]]]:
    out: dict[str, list[dict[str, Any]]] = {name: [] for name in DERIVED}
    for error in doc.get("errors", []):
        out["violations"].append(_finding(game_id, None, None, None, error))
    for index, (game, gdoc) in enumerate(zip(log.games, doc["games"]), start=1):
        key = {"game_id": game_id, "game": index}
        out["game_tags"] += [{**key, "name": n, "value": v} for n, v in game.tags.items()]
        out["players"] += [{**key, "seat": s, "name": n} for s, n in seat_names(game).items()]
        out["violations"] += [_finding(game_id, index, None, None, e) for e in gdoc["errors"]]
        for position, (deal, d, row) in enumerate(zip(game.deals, gdoc["deals"], gdoc["ledger"]), start=1):
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
    for finding in d["violations"] + d["errors"]:
        out["violations"].append(_finding(key["game_id"], key["game"], key["position"], d["number"], finding))
    out["ledger"].append({**key, "deal": row["deal"], "dealer": row["dealer"], "lead_team": row["lead"]["team"],
                          "lead_points": row["lead"]["points"], "baazi": row["baazi"],
                          "next_dealer": row["next_dealer"]})


def _finding(game_id: int, game: int | None, position: int | None, deal: int | None,
             f: dict[str, Any]) -> dict[str, Any]:
    return {"game_id": game_id, "game": game, "position": position, "deal": deal,
            "kind": "error" if f["rule"].startswith("E-") else "violation", "rule": f["rule"],
            "play": f.get("play"), "seat": f.get("seat"), "line": f.get("line"), "column": f.get("column"),
            "message": f["message"]}


def rebuild(db: sqlite_utils.Database) -> int:
    """Recompute every derived column and table from the stored text, in one transaction."""
    ids = [r["id"] for r in db.query("select id from games order by id")]
    with db.atomic():
        for name in DERIVED:
            db.execute(f"delete from {name}")
        for game_id in ids:
            stored = db["games"].get(game_id)
            text = notation_text(stored["raw"], stored["format"])
            log = seeplog.parse(text)
            doc = report(log, open_game=is_live_open(db, game_id))
            db["games"].update(game_id, summary(text, log, doc))
            insert_derived(db, game_id, log, doc)
        from .live_store import refresh_views
        refresh_views(db)
        db["meta"].upsert({"key": "derived_with", "value": seeplog_version()}, pk="key")
    return len(ids)


def is_live_open(db: sqlite_utils.Database, game_id: int) -> bool:
    """Whether the game is a live game still being kept (its last deal then is in progress)."""
    row = db.execute("select state from live_games where game_id = ?", [game_id]).fetchone()
    return row is not None and row[0] == "open"


def notation_text(raw: str, form: str) -> str:
    """The notation text seeplog reads for a stored upload."""
    return from_json(json.loads(raw)) if form == "json" else raw


def seeplog_version() -> str:
    """A fingerprint of the library that derived the tables: its source files' hash."""
    digest = hashlib.sha256()
    for path in sorted(Path(seeplog.__file__).parent.glob("*.py")):
        digest.update(path.read_bytes())
    return digest.hexdigest()[:16]


def load_samples(db: sqlite_utils.Database, folder: Path = SAMPLES) -> list[Stored]:
    """Store the sample logs (skipping any already stored)."""
    stored = []
    for path in sorted(folder.glob("*.seep")):
        text = path.read_text(encoding="utf-8")
        stored.append(store(db, Upload(text, text, "seep", path.name)))
    return stored


def prepare(db: sqlite_utils.Database, *, samples: bool) -> None:
    """At start: load the samples into a store that never had games, and re-derive after a library change."""
    meta = {r["key"]: r["value"] for r in db.query("select key, value from meta")}
    if not db["games"].count:
        db["meta"].upsert({"key": "derived_with", "value": seeplog_version()}, pk="key")
        meta["derived_with"] = seeplog_version()
    if samples and "samples_loaded" not in meta and not db["games"].count:
        load_samples(db)
        db["meta"].upsert({"key": "samples_loaded", "value": "1"}, pk="key")
    if meta.get("derived_with") != seeplog_version():
        rebuild(db)
