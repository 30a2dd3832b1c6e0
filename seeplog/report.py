"""The JSON report of REPORT.md: a view of a log's analysis (`seeplog.analysis`)."""
from __future__ import annotations

import json
from collections.abc import Callable, Iterator, Sequence
from typing import Any, TypeVar

from .analysis import Analysis, DealAnalysis, GameAnalysis, analyse_deal, game_errors
from .ledger import Ledger, LedgerRow
from .notation import Deal, Game, split_lines
from .notation.reader import read_by_deal
from .rules import Violation
from .said import Said
from .ruleset import Ruleset, ruleset_for


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
    rules, rows = analysis.rules, analysis.ledger
    return _game_entry(analysis.game, rules, [deal_json(d, row.dealer) for d, row in zip(analysis.deals, rows)],
                       [ledger_json(r, rules) for r in rows], analysis.baazis)


def _game_entry(game: Game, rules: Ruleset, deals: list[dict[str, Any]], rows: list[dict[str, Any]],
                baazis: dict[str, int]) -> dict[str, Any]:
    return {"tags": dict(game.tags), "variant": rules.name, "deals": deals, "ledger": rows, "baazis": baazis,
            "errors": [violation_json(e) for e in game_errors(game)]}


NO_GAME = {"rule": "E-SYNTAX", "play": None, "seat": None, "line": 1, "column": 1,
           "message": Said("the log holds no game: expected tags or a 'deal' line")}


def report_json(analysis: Analysis) -> dict[str, Any]:
    """The report of REPORT.md of a log's analysis; a log with no game at all is an error. (While a live
    game is open, its last deal is in progress.)"""
    doc: dict[str, Any] = {"games": [game_json(g) for g in analysis.games]}
    if not doc["games"]:
        doc["errors"] = [dict(NO_GAME)]
    return doc


def validation_report(text: str) -> dict[str, Any]:
    """The report of a log's text, as `report_json(build(text))`, made one deal at a time: each deal is
    read, replayed and scored, its entries are made and the rest of it is let go before the next deal is
    read, so that a long log needs memory for its report, not for every play of every deal at once (the
    command line's ``validate``)."""
    games: list[_GameReport] = []
    for piece in read_by_deal(split_lines(text)):
        if type(piece) is Game:
            games.append(_GameReport(piece))
        else:
            games[-1].add(piece)  # type: ignore[arg-type]
    doc: dict[str, Any] = {"games": [g.entry() for g in games]}
    if not games:
        doc["errors"] = [dict(NO_GAME)]
    return doc


class _GameReport:
    """A game's entries in the report, made deal by deal as its deals are read."""

    def __init__(self, game: Game):
        self.game = game
        self.rules = ruleset_for(game.tags)
        self.book = Ledger(self.rules)
        self.deals: list[dict[str, Any]] = []
        self.rows: list[dict[str, Any]] = []

    def add(self, deal: Deal) -> None:
        analysis, row = analyse_deal(deal, self.rules, self.book)
        self.deals.append(deal_json(analysis, row.dealer))
        self.rows.append(ledger_json(row, self.rules))

    def entry(self) -> dict[str, Any]:
        return _game_entry(self.game, self.rules, self.deals, self.rows, self.book.baazis)


def located_findings(doc: dict[str, Any]) -> Iterator[tuple[int | None, int | None, dict[str, Any]]]:
    """Every finding of a report with the game (from 1) and the deal number it belongs to: the log's
    errors (None, None), then game by game its own errors (game, None) and each deal's errors and
    violations."""
    for error in doc.get("errors", []):
        yield None, None, error
    for number, game in enumerate(doc["games"], start=1):
        for error in game["errors"]:
            yield number, None, error
        for deal in game["deals"]:
            for found in deal["errors"] + deal["violations"]:
                yield number, deal["number"], found


SAME_RUN = 3
"""A run of this many findings or more, one after another with the same rule and sentence on line after line
(every line of a deal whose deal line is missing), is told as its first and the lines of the rest."""

F = TypeVar("F")


def same_runs(found: Sequence[F], said: Callable[[F], tuple[int | None, object]]) -> list[list[F]]:
    """The findings in runs (`said`: a finding's line, and what it says: its rule and sentence): those on line
    after line (each the line after the last: a run's lines are its first to its last) that say the same, SAME_RUN
    or more of them, make one run; any other finding is a run of its own."""
    runs: list[list[F]] = []
    last: tuple[int | None, object] | None = None
    for f in found:
        this = said(f)
        if last is not None and this[0] and last[0] and this[0] == last[0] + 1 and this[1] == last[1]:
            runs[-1].append(f)
        else:
            runs.append([f])
        last = this
    return [piece for run in runs for piece in ([run] if len(run) >= SAME_RUN else [[f] for f in run])]


def findings(doc: dict[str, Any]) -> Iterator[dict[str, Any]]:
    """Every finding of a report (errors and violations, the log's, the games' and the deals')."""
    return (found for _, _, found in located_findings(doc))


NOT_A_LOG = Said("this is a validation report, not a log: validate or upload the .seep log (or the JSON log of "
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
