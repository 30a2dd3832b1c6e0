"""A live game at one version, as a typed value: its log, entries with their findings, report, what comes
next and the floor; its JSON is what GET /api/live/<id> answers. Built once per event, from the analysis
(and from the view of the version before, for the entries the event left as they were), and kept."""
from __future__ import annotations

import json
from bisect import bisect_left, bisect_right
from dataclasses import dataclass
from functools import cached_property
from typing import Any

from seeplog.analysis import Analysis, DealAnalysis
from seeplog.dispute import describe, swept
from seeplog.live.entries import LiveLog, by_entry
from seeplog.live.table import Now, leftover, now_of, table, what_next
from seeplog.notation import (BidLine, DealStart, FloorCards, Hand, Log, Play, Redeal, ScoreLine, Tag,
                              Unreadable)
from seeplog.report import violation_json
from seeplog.rules import Violation
from seeplog.said import Said, said_json
from seeplog.scoresheet import SheetRow, sheet_rows

KIND = {Tag: "tag", DealStart: "deal", Redeal: "redeal", Hand: "hand", FloorCards: "floor", BidLine: "bid",
        Play: "play", ScoreLine: "score", Unreadable: "unreadable"}


def links(game_id: int) -> dict[str, str]:
    return {"self": f"/api/live/{game_id}", "entries": f"/api/live/{game_id}/entries",
            "history": f"/api/live/{game_id}/history", "outcomes": f"/api/live/{game_id}/outcomes",
            "game": f"/api/games/{game_id}", "scoresheet": f"/games/{game_id}", "follow": f"/live/{game_id}"}


@dataclass(frozen=True)
class Place:
    """Where a log line stands: its statement's kind, and its deal, play and seat (in its game)."""

    kind: str
    deal: int | None = None
    play: int | None = None
    seat: str | None = None


NOWHERE = Place("unreadable")


@dataclass(frozen=True)
class EntryView:
    """One entry of the game: its line, where it stands, the play in words, and its findings."""

    number: int
    id: int
    line: str
    log_line: int
    place: Place
    words: str | None
    """The play in words (a `Said`; None for a line that is no play replayed)."""
    findings: tuple[Violation, ...]

    @cached_property
    def json(self) -> dict[str, Any]:
        place = self.place
        return {"number": self.number, "id": self.id, "line": self.line, "log_line": self.log_line,
                "kind": place.kind, "deal": place.deal, "play": place.play, "seat": place.seat,
                "words": self.words, "words_said": said_json(self.words or ""),
                "findings": [{**violation_json(f), "said": said_json(f.message)} for f in self.findings]}

    @cached_property
    def json_text(self) -> str:
        return json.dumps(self.json, ensure_ascii=False)


@dataclass(frozen=True)
class LiveView:
    game_id: int
    version: int
    state: str
    variant: str
    log: str
    entries: tuple[EntryView, ...]
    report: dict[str, Any]
    """The report of REPORT.md."""
    next: dict[str, Any]
    table: dict[str, Any] | None
    ended: dict[str, Any] | None = None
    """The last deal once it is over, as the report scores it (`deal_end`); None while one is played."""
    sheet: tuple[SheetRow, ...] = ()
    """The last game's rows of the scoresheet, made from its analysis: the board's ledger."""

    def entry(self, entry_id: int) -> EntryView | None:
        return next((e for e in self.entries if e.id == entry_id), None)

    @property
    def deal_on_table(self) -> int | None:
        """The deal of the last entry in a deal (None before the first deal line)."""
        return next((e.place.deal for e in reversed(self.entries) if e.place.deal is not None), None)

    def json_text(self) -> str:
        """The JSON of the view, made of each entry's (kept from the version before where it is the same)."""
        head = json.dumps({"id": self.game_id, "version": self.version, "state": self.state,
                           "variant": self.variant, "log": self.log}, ensure_ascii=False)
        tail = json.dumps({"report": self.report, "next": self.next, "table": self.table, "ended": self.ended,
                           "links": links(self.game_id)}, ensure_ascii=False)
        return f'{head[:-1]}, "entries": [{", ".join(e.json_text for e in self.entries)}], {tail[1:]}'


def view(game_id: int, version: int, state: str, live: LiveLog, analysis: Analysis, doc: dict[str, Any],
         before: LiveView | None = None, since: int | None = None) -> LiveView:
    """The view of the game; `before` is the view of the version before, whose entries standing on the
    same lines before line `since` are kept as they were (the event left their deals as they were)."""
    now = now_of(analysis)
    step = with_why_said(what_next(now, closed=state == "closed"))
    return LiveView(game_id, version, state, now.rules.name, live.text,
                    entry_views(live, analysis, now, before, since), doc, step, table(now), deal_end(doc, now, step),
                    sheet_of(now, before, since))


def sheet_of(now: Now, before: LiveView | None, since: int | None) -> tuple[SheetRow, ...]:
    """The last game's scoresheet rows; those of the deals before line `since` kept from `before` (the event
    left them, and the ledger up to them, as they were)."""
    game = now.analysis
    if game is None:
        return ()
    kept = before.sheet[:bisect_left(game.deals, since, key=_start)] if before is not None and since else ()
    return kept + sheet_rows(game, start=len(kept))


def _start(deal: DealAnalysis) -> int:
    return deal.replay.deal.start.line


def with_why_said(step: dict[str, Any]) -> dict[str, Any]:
    """What comes next, with why a seat deals also as a sentence (`why_said`) for the keep page to say in the
    reader's language."""
    return {**step, "why_said": said_json(step["why"])} if isinstance(step.get("why"), Said) else step


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


def entry_views(live: LiveLog, analysis: Analysis, now: Now, before: LiveView | None = None,
                since: int | None = None) -> tuple[EntryView, ...]:
    found = by_entry(live, analysis)
    words = play_words(now)
    out = []
    for number, (entry, line) in enumerate(zip(live.entries, live.line_of), start=1):
        kept = before.entries[number - 1] if before is not None and since and number <= len(before.entries) else None
        if kept is not None and line < since and kept.log_line == line and kept.id == entry.id:  # type: ignore[operator]
            out.append(kept)
        else:
            out.append(EntryView(number, entry.id, entry.text, line, place_of(live.log, line), words.get(line),
                                 tuple(found.get(number, ()))))
    return tuple(out)


def place_of(log: Log, line: int) -> Place:
    """Where a log line stands (in the numbering of its game)."""
    for game in reversed(log.games):
        starts = [deal.start.line for deal in game.deals]
        at = bisect_right(starts, line) - 1
        header = next((s for s in game.header if s.line == line), None)
        if header is not None:
            return Place(KIND.get(type(header), "unreadable"))
        if at < 0:
            continue
        deal = game.deals[at]
        statement = next((s for s in deal.statements if s.line == line), None)
        if statement is not None:
            play = next((n for n, p in enumerate(deal.plays, start=1) if p is statement), None)
            return Place("play" if play else KIND.get(type(statement), "unreadable"), deal.number, play,
                         getattr(statement, "seat", None))
    return NOWHERE


def play_words(now: Now) -> dict[int, str]:
    """The plays of the last deal in words, by log line (the scorekeeper reads them back); a sweep said."""
    if now.last is None:
        return {}
    return {step.statement.line: _with_sweep(describe(step.move, step.seat, step.before),
                                             len(step.after.sweeps) > len(step.before.sweeps))
            for step in now.last.steps}


def _with_sweep(said: Said, sweep: bool) -> Said:
    return swept(said) if sweep else said
