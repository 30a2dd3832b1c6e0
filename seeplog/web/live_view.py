"""The JSON of a live game at one version: its log, entries with their findings, report, what comes next
and the floor. Built once per event and kept, so that followers' reads replay nothing."""
from __future__ import annotations

from typing import Any

from seeplog.dispute import describe
from seeplog.live import LiveLog, by_entry
from seeplog.livetable import Now, leftover, now_of, table, what_next
from seeplog.report import GameAnalysis
from seeplog.notation import (BidLine, DealStart, FloorCards, Hand, Log, Play, Redeal, ScoreLine, Tag,
                              Unreadable)

KIND = {Tag: "tag", DealStart: "deal", Redeal: "redeal", Hand: "hand", FloorCards: "floor", BidLine: "bid",
        Play: "play", ScoreLine: "score", Unreadable: "unreadable"}


def links(game_id: int) -> dict[str, str]:
    return {"self": f"/api/live/{game_id}", "entries": f"/api/live/{game_id}/entries",
            "history": f"/api/live/{game_id}/history", "outcomes": f"/api/live/{game_id}/outcomes",
            "game": f"/api/games/{game_id}", "scoresheet": f"/games/{game_id}", "follow": f"/live/{game_id}"}


def view(game_id: int, version: int, state: str, live: LiveLog, analyses: tuple[GameAnalysis, ...],
         doc: dict[str, Any]) -> dict[str, Any]:
    now = now_of(live.log, analyses[-1] if analyses else None)
    step = what_next(now, closed=state == "closed")
    return {"id": game_id, "version": version, "state": state, "variant": now.rules.name,
            "log": live.text, "entries": entries_json(live, doc, now), "report": doc,
            "next": step, "table": table(now), "ended": deal_end(doc, now, step), "links": links(game_id)}


END_FIELDS = ("number", "dealer", "bidder", "bid", "plays", "complete", "card_points", "sweep_points", "score",
              "cards_taken", "sweeps")


def deal_end(doc: dict[str, Any], now: Now, step: dict[str, Any]) -> dict[str, Any] | None:
    """The last deal once it is over (its last play or its score is in), as the report scores it: card
    points, sweeps, the cards left on the floor and who takes them, the lead and any baazi after it, and
    who deals next. None while a deal is being played or before the first."""
    games = doc["games"]
    if step["kind"] not in ("deal", "closed") or not games or not games[-1]["deals"]:
        return None
    game = games[-1]
    deal, row = game["deals"][-1], game["ledger"][-1]
    if deal.get("in_progress"):
        return None
    return {**{k: deal.get(k) for k in END_FIELDS}, "leftover": leftover(now), "lead": row["lead"],
            "baazi": row["baazi"], "baazis": game["baazis"], "next_dealer": row["next_dealer"],
            "allowed_dealers": row.get("allowed_dealers") or ([row["next_dealer"]] if row["next_dealer"] else [])}


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


def entries_json(live: LiveLog, doc: dict[str, Any], now: Now) -> list[dict[str, Any]]:
    found = by_entry(live, doc)
    where = places(live.log)
    words = play_words(now)
    out = []
    for number, (entry, line) in enumerate(zip(live.entries, live.line_of), start=1):
        place = where.get(line, {"kind": "unreadable", "deal": None, "play": None, "seat": None})
        out.append({"number": number, "id": entry.id, "line": entry.text, "log_line": line, **place,
                    "words": words.get(line), "findings": found.get(number, [])})
    return out

