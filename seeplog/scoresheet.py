"""The scoresheet of a game as rows, for the text scoresheet, the web page and CSV."""
from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Mapping
from dataclasses import dataclass

from .analysis import DealAnalysis, GameAnalysis
from .ledger import provisional_note, rotation_reason
from .ruleset import SEAT_TAGS
from .said import N_, Param, Said

ANY_DEALER = N_("any seat may deal")
"""The next dealer after a deal whose score is not known (RULES.md §8.5)."""


@dataclass(frozen=True)
class SheetRow:
    deal: int
    dealer: str
    bidder: str
    bid: int | None
    card_points: dict[str, int] | None
    sweep_points: dict[str, int] | None
    score: dict[str, int] | None
    lead: str
    baazi: str | None
    next_dealers: tuple[str, ...]
    """The seats that may deal next: the one the rotation names, or a team's under `Rotation "team"`; none
    after a deal whose score is not known, when any seat may deal (RULES.md §8.5)."""
    why: Said
    """Why those seats deal (`ledger.rotation_reason`)."""
    flagged: int
    note: str
    """What happened to a deal whose score is not computed from its plays ('' when it is): the score
    as recorded at the table and why (no plays logged, the replay stopped at an error, …)."""
    provisional: str = ""
    """Why the row's lead is provisional, in a sentence ('' for an exact row)."""
    in_progress: bool = False
    """The deal of a live game still being played."""


def seat_names(tags: Mapping[str, str], seats: Iterable[str]) -> dict[str, str]:
    """Each seat's player as the tags name them; the seat itself where they do not (or name it blank)."""
    return {seat: (tags.get(SEAT_TAGS[seat]) or "").strip() or seat for seat in seats}


def players(analysis: GameAnalysis) -> dict[str, str]:
    return seat_names(analysis.game.tags, analysis.rules.seats)


def sheet_rows(analysis: GameAnalysis, *, start: int = 0) -> tuple[SheetRow, ...]:
    """The rows of a game's deals, from its `start`th deal on (from 0)."""
    rows = []
    for deal, row in zip(analysis.deals[start:], analysis.ledger[start:]):
        score, replay = deal.score, deal.replay
        lead = f"{row.lead.team} {row.lead.points}" if row.lead.team else "0"
        rows.append(SheetRow(
            replay.deal.number, row.dealer, replay.bidder, replay.bid,
            score.card_points if score else None, score.sweep_points if score else None,
            score.score if score else None, lead, row.baazi,
            next_dealers=() if row.unknown else row.allowed_dealers, why=rotation_reason(row, analysis.rules),
            flagged=len(deal.violations) + len(deal.errors), note=deal_note(deal),
            provisional=provisional_note(row.unknown_from) if row.unknown_from is not None else "",
            in_progress=replay.in_progress))
    return tuple(rows)


def next_dealer_text(row: SheetRow) -> str:
    """The seats that may deal next as plain text: "N", "W or E", ANY_DEALER, or '' while the deal is played."""
    if row.in_progress:
        return ""
    return " or ".join(row.next_dealers) if row.next_dealers else ANY_DEALER


def deal_note(deal: DealAnalysis) -> str:
    """Why a deal's score is the one recorded at the table (or missing), in a sentence (a `Said`); '' when
    computed.

    The deal line's own error comes first, then a deal without plays, then the error that stopped the
    replay, then a log that stops early."""
    score, replay = deal.score, deal.replay
    if score is not None and score.cards_taken is not None:
        return ""
    what = Said("score as recorded at the table") if score is not None else Said("no score")
    start = replay.deal.start
    line_error = next((e for e in deal.errors if e.line == start.line), None) if start.recovered else None
    stop = next((e for e in deal.errors if e is not line_error), None)
    plays: dict[str, Param] = {"played": replay.played, "plays": replay.rules.plays_per_deal}
    if line_error is not None and (replay.score_only or stop is None):
        return Said("{what}: the deal line could not be read ({rule}, line {line})", what=what,
                    rule=line_error.rule, line=line_error.line or 0)
    if replay.in_progress and not deal.errors:
        return Said("in progress: {played} of {plays} plays so far", **plays)
    if replay.score_only:
        return Said("{what} (no plays logged)", what=what)
    if stop is not None and stop.rule != "E-INCOMPLETE":
        if stop.play:
            return Said("{what}: the replay stopped at play {play} ({rule})", what=what, play=stop.play,
                        rule=stop.rule)
        return Said("{what}: the replay stopped at line {line} ({rule})", what=what, line=stop.line or 0,
                    rule=stop.rule)
    return Said("{what}: the log stops after {played} of {plays} plays", what=what, **plays)


def team_values(values: dict[str, int] | None, teams: tuple[str, ...], missing: str = "-") -> tuple[str, ...]:
    """Each team's value as text, in the order of `teams`; `missing` for each when there are none."""
    return tuple(missing if values is None else str(values[t]) for t in teams)


def _pair(values: dict[str, int] | None, teams: tuple[str, ...]) -> str:
    return "-" if values is None else " / ".join(team_values(values, teams))


def scoresheet_text(analysis: GameAnalysis) -> str:
    """A plain-text scoresheet: one line per deal, then the baazis."""
    teams = analysis.rules.teams
    tags = analysis.game.tags
    head = [f"{tags.get('Event', 'Seep game')}  {tags.get('Date', '')}".rstrip(),
            f"variant {analysis.rules.name}; " + ", ".join(f"{s} {n}" for s, n in players(analysis).items()),
            ""]
    columns = ("deal", "dealer", "bid", f"cards {'/'.join(teams)}", "sweeps", "score", "lead", "baazi",
               "next", "flags")
    body = [columns]
    rows = sheet_rows(analysis)
    for r, deal in zip(rows, analysis.deals):
        bid = f"{r.bidder} {r.bid}" if r.bid is not None else "-"
        body.append((str(r.deal), r.dealer, bid, _pair(r.card_points, teams), _pair(r.sweep_points, teams),
                     _pair(r.score, teams) + (" *" if r.note else ""), r.lead + (" provisional" if r.provisional
                                                                                 else ""),
                     r.baazi or "-", next_dealer_text(r), flag_text(deal)))
    widths = [max(len(row[i]) for row in body) for i in range(len(columns))]
    lines = head + ["  ".join(cell.ljust(w) for cell, w in zip(row, widths)).rstrip() for row in body]
    lines.append("")
    lines.append("baazis: " + ", ".join(f"{t} {n}" for t, n in analysis.baazis.items()))
    lines.extend(f"* deal {r.deal}: {r.note}" for r in rows if r.note)
    lines.extend(provisional_lines(rows))
    return "\n".join(lines)


def flag_text(deal: DealAnalysis) -> str:
    """A deal's findings by rule, in the order first found: "R-TURN x2, E-CARD" ('' for none)."""
    counts = Counter(f.rule for f in deal.errors + deal.violations)
    return ", ".join(rule if n == 1 else f"{rule} x{n}" for rule, n in counts.items())


def provisional_lines(rows: tuple[SheetRow, ...]) -> list[str]:
    """The sentence that says which rows are provisional and why (none for an exact sheet)."""
    marked = [r for r in rows if r.provisional]
    if not marked:
        return []
    which = f"deal {marked[0].deal}" if len(marked) == 1 else f"deals {marked[0].deal} to {marked[-1].deal}"
    return [f"provisional ({which}): {marked[0].provisional}; the dealers after it are not judged"]
