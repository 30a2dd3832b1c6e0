"""The JSON of a live game at one version: its log, entries with their findings, report, what comes next
and the floor. Built once per event and kept, so that followers' reads replay nothing."""
from __future__ import annotations

from typing import Any

from seeplog.dispute import describe
from seeplog.live import LiveLog, by_entry
from seeplog.livetable import Now, now_of, table, what_next
from seeplog.analysis import Analysis
from seeplog.report import violation_json
from seeplog.notation import (BidLine, DealStart, FloorCards, Hand, Log, Play, Redeal, ScoreLine, Tag,
                              Unreadable)

KIND = {Tag: "tag", DealStart: "deal", Redeal: "redeal", Hand: "hand", FloorCards: "floor", BidLine: "bid",
        Play: "play", ScoreLine: "score", Unreadable: "unreadable"}


def links(game_id: int) -> dict[str, str]:
    return {"self": f"/api/live/{game_id}", "entries": f"/api/live/{game_id}/entries",
            "history": f"/api/live/{game_id}/history", "outcomes": f"/api/live/{game_id}/outcomes",
            "game": f"/api/games/{game_id}", "scoresheet": f"/games/{game_id}", "follow": f"/live/{game_id}"}


def view(game_id: int, version: int, state: str, live: LiveLog, analysis: Analysis,
         doc: dict[str, Any]) -> dict[str, Any]:
    now = now_of(analysis)
    return {"id": game_id, "version": version, "state": state, "variant": now.rules.name,
            "log": live.text, "entries": entries_json(live, analysis, now), "report": doc,
            "next": what_next(now, closed=state == "closed"), "table": table(now), "links": links(game_id)}


def places(log: Log) -> dict[int, dict[str, Any]]:
    """Each log line's statement kind, and its deal and play (in the last game's numbering)."""
    out: dict[int, dict[str, Any]] = {}
    for game in log.games:
        for s in game.header:
            out[s.line] = {"kind": KIND.get(type(s), "unreadable"), "deal": None, "play": None, "seat": None}
        for deal in game.deals:
            numbers = {id(p): n for n, p in enumerate(deal.plays, start=1)}
            for s in deal.statements:
                out[s.line] = {"kind": "play" if id(s) in numbers else KIND.get(type(s), "unreadable"),
                               "deal": deal.number, "play": numbers.get(id(s)), "seat": getattr(s, "seat", None)}
    return out


def play_words(now: Now) -> dict[int, str]:
    """The plays of the last deal in words, by log line (the scorekeeper reads them back)."""
    if now.last is None:
        return {}
    return {step.statement.line: describe(step.move, step.seat, step.before) for step in now.last.steps}


def entries_json(live: LiveLog, analysis: Analysis, now: Now) -> list[dict[str, Any]]:
    found = by_entry(live, analysis)
    where = places(live.log)
    words = play_words(now)
    out = []
    for number, (entry, line) in enumerate(zip(live.entries, live.line_of), start=1):
        place = where.get(line, {"kind": "unreadable", "deal": None, "play": None, "seat": None})
        out.append({"number": number, "id": entry.id, "line": entry.text, "log_line": line, **place,
                    "words": words.get(line),
                    "findings": [violation_json(f) for f in found.get(number, [])]})
    return out

