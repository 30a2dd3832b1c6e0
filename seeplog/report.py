"""A game analysed whole (replays, scores, ledger) and the JSON report of REPORT.md."""
from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any, Callable, Iterable

from .ledger import DealResult, LedgerRow, ledger
from .notation import Game, Log
from .replay import DealReplay, replay_deal
from .rules import Violation
from .ruleset import Ruleset, ruleset_for
from .scoring import DealScore, score_deal


@dataclass(frozen=True)
class DealAnalysis:
    replay: DealReplay
    score: DealScore | None
    violations: tuple[Violation, ...]
    """Every R- finding of the deal: the replay's, the score's and the rotation's."""

    @property
    def errors(self) -> tuple[Violation, ...]:
        return self.replay.errors


@dataclass(frozen=True)
class GameAnalysis:
    game: Game
    rules: Ruleset
    deals: tuple[DealAnalysis, ...]
    ledger: tuple[LedgerRow, ...]
    baazis: dict[str, int]

    @property
    def violations(self) -> list[Violation]:
        return [v for d in self.deals for v in d.violations]

    @property
    def game_errors(self) -> list[Violation]:
        """Log errors outside any deal (the header's unreadable lines)."""
        return [Violation(e.rule, e.msg, None, None, e.line, e.column) for e in self.game.errors]

    @property
    def errors(self) -> list[Violation]:
        return self.game_errors + [e for d in self.deals for e in d.errors]


def analyse(game: Game, *, keep_steps: bool = False, open_deal: bool = False,
            replayer: Callable[..., DealReplay] | None = None) -> GameAnalysis:
    """Replay and score every deal of a game, then keep its ledger (and the state around every play,
    with `keep_steps`, for the play pages and the dispute view). With `open_deal`, the last deal is still
    being played (a live game): judged on what is known so far, not E-INCOMPLETE. `replayer` is
    `replay_deal` or a function that gives the same answer (one that remembers deals replayed before)."""
    rules = ruleset_for(game.tags)
    last = len(game.deals) - 1
    replay = replayer or replay_deal
    replays = [replay(deal, rules, keep_steps=keep_steps, in_progress=open_deal and i == last)
               for i, deal in enumerate(game.deals)]
    scored = [score_deal(r) for r in replays]
    results = [DealResult(r.deal.number, r.deal.dealer if r.deal.start.dealer_known else None,
                          s.score if s else None, r.deal.start.line, s is None and not r.in_progress)
               for r, (s, _) in zip(replays, scored)]
    rows, baazis, dealer_findings = ledger(results, rules)
    by_deal: dict[int, list[Violation]] = {}
    deal_at = {r.line: i for i, r in enumerate(results)}
    for finding in dealer_findings:
        assert finding.line is not None  # the ledger's findings stand at a deal's line
        by_deal.setdefault(deal_at[finding.line], []).append(finding)
    deals = tuple(DealAnalysis(r, s, tuple(by_deal.get(i, [])) + r.violations + tuple(extra))
                  for i, (r, (s, extra)) in enumerate(zip(replays, scored)))
    return GameAnalysis(game, rules, deals, tuple(rows), baazis)


# ---------------------------------------------------------------- JSON

def violation_json(v: Violation) -> dict[str, Any]:
    return {"rule": v.rule, "play": v.play, "seat": v.seat, "line": v.line, "column": v.column,
            "message": v.message}


def deal_json(deal: DealAnalysis, dealer: str | None = None) -> dict[str, Any]:
    """A deal's entry; `dealer` is the ledger's (the rotation's seat where the log does not tell it)."""
    replay, score = deal.replay, deal.score
    return {
        "number": replay.deal.number,
        "dealer": dealer or replay.deal.dealer,
        "bidder": replay.bidder,
        "bid": replay.bid,
        "plays": len(replay.deal.plays),
        "complete": replay.complete,
        "card_points": score.card_points if score else None,
        "sweep_points": score.sweep_points if score else None,
        "score": score.score if score else None,
        "cards_taken": score.cards_taken if score else None,
        "sweeps": [{"play": s.play, "seat": s.seat, "points": s.points} for s in (score.sweeps if score else ())],
        "violations": [violation_json(v) for v in deal.violations],
        "errors": [violation_json(e) for e in deal.errors],
        "score_only": replay.score_only,
        "partial_checks": list(replay.partial_checks),
        "in_progress": replay.in_progress,
    }


def ledger_json(row: LedgerRow, rules: Ruleset) -> dict[str, Any]:
    out: dict[str, Any] = {"deal": row.deal, "dealer": row.dealer, "score": row.score,
                           "lead": {"team": row.lead.team, "points": row.lead.points},
                           "baazi": row.baazi, "next_dealer": row.next_dealer}
    if rules.rotation == "team":
        out["allowed_dealers"] = list(row.allowed_dealers)
    if row.provisional:
        out["provisional"] = True
    return out


def game_json(analysis: GameAnalysis) -> dict[str, Any]:
    return {
        "tags": dict(analysis.game.tags),
        "variant": analysis.rules.name,
        "deals": [deal_json(d, row.dealer) for d, row in zip(analysis.deals, analysis.ledger)],
        "ledger": [ledger_json(r, analysis.rules) for r in analysis.ledger],
        "baazis": analysis.baazis,
        "errors": [violation_json(e) for e in analysis.game_errors],
    }


@dataclass(frozen=True)
class LogAnalysis:
    """Every game of a log analysed, once: the report, the scoresheet, the stored rows and the pages
    are views of it."""

    log: Log
    games: tuple[GameAnalysis, ...]


def analyse_log(log: Log, *, open_game: bool = False) -> LogAnalysis:
    """Every game analysed; with `open_game` (a live game still being kept), the last deal of the last
    game is in progress."""
    last = len(log.games) - 1
    return LogAnalysis(log, tuple(analyse(g, open_deal=open_game and i == last) for i, g in enumerate(log.games)))


def report(log: Log, *, open_game: bool = False) -> dict[str, Any]:
    """The validation report of REPORT.md for a parsed log; a log with no game at all is an error. With
    `open_game` (a live game still being kept), the last deal of the last game is in progress.

    Each game is analysed once and its analysis let go once its report is made (`report_json` is the
    report of an analysis kept for other views too)."""
    last = len(log.games) - 1
    return _report_of(analyse(g, open_deal=open_game and i == last) for i, g in enumerate(log.games))


def report_json(analysis: LogAnalysis) -> dict[str, Any]:
    """The report of REPORT.md: a view of the log's analysis."""
    return _report_of(analysis.games)


def _report_of(games: Iterable[GameAnalysis]) -> dict[str, Any]:
    doc: dict[str, Any] = {"games": [game_json(g) for g in games]}
    if not doc["games"]:
        doc["errors"] = [{"rule": "E-SYNTAX", "play": None, "seat": None, "line": 1, "column": 1,
                          "message": "the log holds no game: expected tags or a 'deal' line"}]
    return doc


NOT_A_LOG = ("this is a validation report, not a log: validate or upload the .seep log (or the JSON log of "
             "schema/log.schema.json) it was made from")


def is_report(doc: Any) -> bool:
    """A document in the shape of this module's report (a deal with violations, or a game's ledger), which
    a log never has."""
    games = doc.get("games") if isinstance(doc, dict) else None
    if not isinstance(games, list):
        return False
    return any(isinstance(g, dict) and ("ledger" in g or "baazis" in g or any(
        isinstance(d, dict) and "violations" in d for d in g.get("deals") or [])) for g in games)


def is_report_text(text: str) -> bool:
    """Text that is a JSON validation report (text nested too deeply to read is none)."""
    try:
        return is_report(json.loads(text.lstrip("\ufeff")))
    except (ValueError, RecursionError):
        return False


def exit_status(doc: dict[str, Any]) -> int:
    """0: clean; 1: violations but no errors; 2: any error."""
    games = doc.get("games", [])
    if doc.get("errors") or any(g["errors"] or any(d["errors"] for d in g["deals"]) for g in games):
        return 2
    return 1 if any(d["violations"] for g in games for d in g["deals"]) else 0
