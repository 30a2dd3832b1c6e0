"""What the templates receive: small frozen view models built from a stored game, never raw states."""
from __future__ import annotations

import dataclasses
import json
from dataclasses import dataclass, replace
from typing import Any

from flask import url_for

from seeplog.analysis import GameAnalysis
from seeplog.replay import DealReplay
from seeplog.report import NO_GAME, located_findings, same_runs, violation_json
from seeplog.rules import RULES, Violation
from seeplog.scoresheet import ANY_DEALER, SheetRow, players, sheet_rows, team_values
from seeplog.text import marked_words
from seeplog.notation import Log

from ..cardviews import Team, Voiced, named, said_voiced
from ..catalog import gettext, ngettext
from ..dates import local_date
from ..saying import say, say_either
from .chart import LeadChart, lead_chart
from .playlinks import play_link, plays_shown
from .store import stored_analysis


@dataclass(frozen=True)
class Finding:
    kind: str
    """'violation' (R-...) or 'error' (E-...)."""
    rule: str
    summary: str
    deal: int | None
    play: int | None
    seat: str | None
    line: int | None
    message: str
    link: str | None
    """The play's dispute view."""
    column: int | None = None
    same_lines: tuple[int, ...] = ()
    """The later lines of a run of this finding on line after line (`seeplog.report.same_runs`), told once."""


@dataclass(frozen=True)
class LedgerLine:
    """A deal's row of the ledger as people read it, on the game sheet (`SheetLine`) and the live board."""

    deal: int
    dealer: str
    score: tuple[str, ...]
    """Each team's deal score, in the order of the game's teams ('–' for a deal without one)."""
    lead: str
    baazi: str
    next_dealer: str
    """The seat or seats that may deal next, in the reader's language ("W or E"; any seat after a deal whose
    score is not known)."""
    why: Voiced
    """Why those seats deal, shown as the rotation says it and heard in words."""
    provisional: str
    """Why the row's lead is provisional ('' for an exact row)."""


@dataclass(frozen=True)
class SheetLine(LedgerLine):
    """A deal's row of the game sheet: its ledger line, then its log line, bid, card points, sweeps and
    findings."""

    line: int
    bid: str
    cards: tuple[str, ...]
    sweeps: tuple[str, ...]
    flagged: int
    note: str
    """Why the score is the one recorded at the table (or missing); '' when computed from the plays."""
    steps: str | None = None
    """The link that steps through the deal's plays, from play 1."""


@dataclass(frozen=True)
class SheetNote:
    """A note under the scoresheet, said once for every deal it is true of."""

    deals: str
    """The deals it is true of, in the reader's language: "Deal 3:", "Deals 1–24:", "Deals 3, 5, 8–10:"."""
    text: str


@dataclass(frozen=True)
class GameSheet:
    number: int
    heading: str
    tags: tuple[tuple[str, str], ...]
    variant: str
    teams: tuple[Team, ...]
    rows: tuple[SheetLine, ...]
    baazis: tuple[tuple[str, int], ...]
    findings: tuple[Finding, ...]
    chart: LeadChart
    findings_more: int = 0
    """Findings of this part not listed (PAGE_FINDINGS are, and the report lists at most its limit)."""
    notes: tuple[SheetNote, ...] = ()
    """Why some deals' scores are the ones recorded at the table (marked *), each sentence once."""


@dataclass(frozen=True)
class LogLine:
    number: int
    text: str
    notes: tuple[tuple[str, str], ...]
    """Each finding on the line: its rule and its sentence."""
    kind: str
    """'' for a clean line, else 'violation' or 'error'."""
    parts: tuple[tuple[str, bool], ...] = ()
    """The text in pieces, those a finding's column points at marked (True): the word it found."""


@dataclass(frozen=True)
class GamePage:
    id: int
    title: str
    filename: str | None
    uploaded: str
    format: str
    status: int
    sheets: tuple[GameSheet, ...]
    log_errors: tuple[Finding, ...]
    lines: tuple[LogLine, ...]
    part: int = 1
    """Which slice of the log's deals the page shows (DEALS_PER_PAGE each), from 1."""
    parts: int = 1
    live: str | None = None
    """'open' or 'closed' for a game kept live, None for an upload."""
    lines_more: int = 0
    """Lines of this part not shown (PAGE_LINES are)."""


@dataclass(frozen=True)
class GameRow:
    id: int
    title: str
    date: str
    event: str
    variant: str
    players: str
    result: str
    flagged: int
    status: int
    games: int
    filename: str
    """The uploaded file's name ('pasted log' for a paste), so that look-alike rows can be told apart."""
    uploaded: str
    """When it was uploaded, ``YYYY-MM-DD HH:MM`` UTC."""
    live: str | None = None
    """'open' or 'closed' for a game kept live, None for an upload."""


def title_of(row: dict[str, Any]) -> str:
    tags = json.loads(row["tags"])
    return tags.get("Event") or row.get("filename") or gettext("Game %(number)s", number=row["id"])


def game_row(row: dict[str, Any]) -> GameRow:
    names = json.loads(row["players"])
    return GameRow(row["id"], title_of(row), row["date"] or json.loads(row["tags"]).get("Date", ""), row["event"] or "",
                   row["variant"],
                   ", ".join(named(seat, names) for seat in names),
                   row["result"], row["violation_count"] + row["error_count"], row["status"], row["game_count"],
                   row.get("filename") or (gettext("kept live") if row.get("live") else gettext("pasted log")),
                   (row.get("uploaded") or "")[:16].replace("T", " "),
                   row.get("live"))


def _named(seat: str | None, names: dict[str, str]) -> str:
    if not seat:
        return "–"
    return named(seat, names)


def _pair(values: dict[str, int] | None, teams: tuple[str, ...]) -> tuple[str, ...]:
    return team_values(values, teams, "–")


def ledger_line(row: SheetRow, names: dict[str, str], teams: tuple[str, ...]) -> LedgerLine:
    """A deal's row of the ledger in the reader's language, seats by their players' names; the deal of a live
    game being played only "in progress"."""
    if row.in_progress:
        return LedgerLine(row.deal, _named(row.dealer, names), ("…",) * len(teams), "", "", "",
                          Voiced(gettext("in progress"), gettext("in progress")), "")
    nxt = say_either([_named(s, names) for s in row.next_dealers]) if row.next_dealers else gettext(ANY_DEALER)
    return LedgerLine(row.deal, _named(row.dealer, names), _pair(row.score, teams), row.lead, row.baazi or "", nxt,
                      said_voiced(row.why, names), say(row.provisional))


def sheet_line(row: SheetRow, line: int, names: dict[str, str], teams: tuple[str, ...],
               steps: str | None = None) -> SheetLine:
    bid = f"{_named(row.bidder, names)} {row.bid}" if row.bid is not None else "–"
    return SheetLine(**vars(ledger_line(row, names, teams)), line=line, bid=bid, cards=_pair(row.card_points, teams),
                     sweeps=_pair(row.sweep_points, teams), flagged=row.flagged, note=say(row.note), steps=steps)


def sheet_notes(rows: tuple[SheetLine, ...]) -> tuple[SheetNote, ...]:
    """The rows' notes, each sentence once with the deals it is true of, in the order they first appear: forty
    deals by their score alone make one note, not forty."""
    deals: dict[str, list[int]] = {}
    for row in rows:
        if row.note:
            deals.setdefault(row.note, []).append(row.deal)
    return tuple(SheetNote(ngettext("Deal %(deals)s:", "Deals %(deals)s:", len(numbers), deals=number_runs(numbers)),
                           note) for note, numbers in deals.items())


def number_runs(numbers: list[int]) -> str:
    """Numbers in order, three or more in a row joined as a range: [1, 2, 3, 5, 7, 8] -> "1–3, 5, 7, 8"."""
    runs: list[list[int]] = []
    for n in numbers:
        if runs and n == runs[-1][-1] + 1:
            runs[-1].append(n)
        else:
            runs.append([n])
    return ", ".join(f"{run[0]}–{run[-1]}" if len(run) > 2 else ", ".join(map(str, run)) for run in runs)


def finding(f: dict[str, Any], game_id: int, game: int, deal: int | None, reached: int | None = None) -> Finding:
    """A finding as the pages list it, linked to its play's page when the play has one (`reached`: how many
    plays of the deal have pages, when known; a play after the one a log error stopped the replay at has none)."""
    play: int | None = f.get("play")
    linked = deal is not None and play and (reached is None or play <= reached)
    link = play_link(game_id, game, deal, play) if linked and deal is not None and play else None
    rule = RULES.get(f["rule"])
    return Finding("error" if f["rule"].startswith("E-") else "violation", f["rule"],
                   rule.summary if rule else "", deal, f.get("play"), f.get("seat"), f.get("line"),
                   f["message"], link, f.get("column"))


def typed_finding(v: Violation, game_id: int, game: int, deal: int | None, reached: int | None = None) -> Finding:
    return finding(violation_json(v), game_id, game, deal, reached)


def game_sheet(game_id: int, number: int, analysis: GameAnalysis, game_errors: bool = True,
               listed: int | None = None) -> GameSheet:
    """The scoresheet of a game (or of some of its deals), with its findings (and the game's own log
    errors, with `game_errors`): `listed` of them at most (PAGE_FINDINGS), the rest counted."""
    names = players(analysis)
    teams = analysis.rules.teams
    tags = analysis.game.tags
    lines = [d.replay.deal.start.line for d in analysis.deals]
    rows = tuple(sheet_line(r, line, names, teams, _steps_link(game_id, number, d.replay))
                 for r, line, d in zip(sheet_rows(analysis), lines, analysis.deals))
    team_list = tuple(Team(t, " & ".join(names[s] for s in analysis.rules.seats_of(t))) for t in teams)
    found: list[tuple[Violation, int | None, int | None]] = [
        (v, d.replay.deal.number, reached) for d in analysis.deals if d.violations or d.errors
        for reached in (plays_shown(d.replay),) for v in d.violations + d.errors]
    found += [(v, None, None) for v in analysis.game_errors] if game_errors else []
    runs = same_runs(found, lambda x: (x[0].line, (x[0].rule, x[0].message, x[0].column, x[1])))
    findings = tuple(replace(typed_finding(v, game_id, number, deal, reached),
                             same_lines=tuple(w.line for w, _, _ in run[1:] if w.line))
                     for run in runs[:PAGE_FINDINGS if listed is None else listed] for v, deal, reached in run[:1])
    more = len(runs) - len(findings)
    heading = " · ".join(x for x in (tags.get("Event"), tags.get("Round"), local_date(tags.get("Date"))) if x) \
        or gettext("Seep game")
    return GameSheet(number, heading, tuple(tags.items()), analysis.rules.name, team_list, rows,
                     tuple(analysis.baazis.items()), findings, lead_chart(analysis), more, sheet_notes(rows))


PAGE_FINDINGS = 250
"""Findings a game page lists, all its games together (the rest are counted: a page stays small whatever
the log)."""
PAGE_CHARS = 600_000
"""Characters of the log a game page shows (lines after them are counted, not shown)."""
PAGE_LINE_CHARS = 2_000
"""Characters of one log line a game page shows (a longer line is cut, with an ellipsis)."""
PAGE_LINES = 20_000
"""Log lines a game page shows (a part of 200 deals has about 11,000)."""


def _steps_link(game_id: int, game: int, replay: DealReplay) -> str | None:
    """Play 1 of the deal, when it has a page."""
    return play_link(game_id, game, replay.deal.number, 1) if plays_shown(replay) else None


def log_lines(text: str, findings: list[Finding], first: int = 1, last: int | None = None,
              most: int | None = None) -> tuple[LogLine, ...]:
    """The lines `first` to `last` of the log (`most` of them at most), each with its findings."""
    by_line: dict[int, list[Finding]] = {}
    for f in findings:
        for at in (f.line, *f.same_lines) if f.line else ():
            by_line.setdefault(at, []).append(f)
    out = []
    lines = text.lstrip("\ufeff").splitlines()
    end = last if most is None else min(last or len(lines), first - 1 + most)
    chars = 0
    for number, line in enumerate(lines[first - 1:end], start=first):
        chars += min(len(line), PAGE_LINE_CHARS)
        if chars > PAGE_CHARS:
            break
        found = by_line.get(number, [])
        kind = "error" if any(f.kind == "error" for f in found) else ("violation" if found else "")
        shown = line if len(line) <= PAGE_LINE_CHARS else line[:PAGE_LINE_CHARS] + "…"
        parts = marked_words(shown, [f.column for f in found if f.column])
        said = tuple((f.rule, f.message) for f in found if f.line == number)  # a run's sentence on its first line
        out.append(LogLine(number, shown, said, kind, parts))
    return tuple(out)


def is_open(row: dict[str, Any]) -> bool:
    """A live game still being kept: its last deal is in progress, not E-INCOMPLETE."""
    return row.get("live") == "open"


DEALS_PER_PAGE = 200
"""Deals one game page shows: a long log is shown in parts, each with its scoresheet rows and lines."""


def game_page(row: dict[str, Any], part: int = 1) -> GamePage:
    """The page of a stored log, or of one part of it (`part` is clamped to the parts there are): a view
    of the log's analysis."""
    analysis = stored_analysis(row)
    game_id, log = row["id"], analysis.log
    spans = [(i, k) for i, g in enumerate(log.games) for k in range(len(g.deals))]
    parts = max(1, -(-len(spans) // DEALS_PER_PAGE))
    part = min(max(part, 1), parts)
    window = spans[(part - 1) * DEALS_PER_PAGE:part * DEALS_PER_PAGE]
    shown = sorted({i for i, _ in window}) if window else list(range(len(log.games)))
    sheets: list[GameSheet] = []
    for i in shown:
        deals = [k for j, k in window if j == i]
        low, high = (deals[0], deals[-1] + 1) if deals else (0, 0)
        whole = analysis.games[i]
        part_of = replace(whole, deals=whole.deals[low:high], ledger=whole.ledger[low:high])
        listed = PAGE_FINDINGS - sum(len(s.findings) for s in sheets)
        sheets.append(game_sheet(game_id, i + 1, part_of, low == 0, max(0, listed)))
    log_errors = () if log.games else (finding(NO_GAME, game_id, 1, None),)
    everything = [f for s in sheets for f in s.findings] + list(log_errors)
    first, last = _line_span(log, spans, part, parts)
    lines = log_lines(analysis.text, everything, first, last, PAGE_LINES)
    return GamePage(game_id, title_of(row), row["filename"], row["uploaded"], row["format"], row["status"],
                    tuple(sheets), log_errors[:PAGE_FINDINGS], lines, part, parts, row.get("live"),
                    _lines_in(analysis.text, first, last) - len(lines))


def unreached_line(row: dict[str, Any], game: int, deal: int, play: int) -> str | None:
    """The game page's address of a play the log records but the replay did not reach (a log error stopped it
    before): its line, on the part of the page that shows it; None for any other play."""
    analysis = stored_analysis(row)
    found = analysis.deal(game, deal)
    plays = found.replay.deal.plays if found else ()
    if found is None or not plays_shown(found.replay) < play <= len(plays):
        return None
    index = sum(len(g.deals) for g in analysis.games[:game - 1]) + analysis.games[game - 1].deals.index(found)
    part = index // DEALS_PER_PAGE + 1
    page = url_for("pages.game", game_id=row["id"], part=part) if part > 1 else url_for("pages.game",
                                                                                       game_id=row["id"])
    return f"{page}#L{plays[play - 1].line}"


def _lines_in(text: str, first: int, last: int | None) -> int:
    total = text.lstrip("\ufeff").count("\n") + (not text.endswith("\n"))
    return (last if last is not None else total) - first + 1


def _line_span(log: Log, spans: list[tuple[int, int]], part: int, parts: int) -> tuple[int, int | None]:
    """The log lines a part shows: from its first deal (its game's tags with it) to the next part's."""
    def start(index: int) -> int:
        game, deal = spans[index]
        header = log.games[game].header
        line = log.games[game].deals[deal].start.line
        return min([s.line for s in header if s.line] + [line]) if deal == 0 else line
    first = 1 if part == 1 else start((part - 1) * DEALS_PER_PAGE)
    last = start(part * DEALS_PER_PAGE) - 1 if part < parts else None
    return first, last


@dataclass(frozen=True)
class FindingsSummary:
    """An upload's findings for the upload page: counts, and the first few, each linked."""

    violations: int
    errors: int
    first: tuple[Finding, ...]


def findings_summary(game_id: int, doc: dict[str, Any], few: int = 3) -> FindingsSummary:
    """The counts of a report's violations and errors, and its first `few` findings linked to their play (or,
    for one outside any play, to its line of the log)."""
    found = [finding(f, game_id, game or 1, deal) for game, deal, f in located_findings(doc)]
    page = url_for("pages.game", game_id=game_id)
    first = tuple(f if f.link else dataclasses.replace(f, link=f"{page}#L{f.line}" if f.line else page)
                  for f in sorted(found, key=lambda f: f.line or 0)[:few])
    return FindingsSummary(sum(f.kind == "violation" for f in found), sum(f.kind == "error" for f in found), first)
