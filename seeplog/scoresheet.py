"""The scoresheet of a game as rows, for the text scoresheet, the web page and CSV."""
from __future__ import annotations

from dataclasses import dataclass

from .report import GameAnalysis

SEAT_TAGS = {"N": "North", "W": "West", "S": "South", "E": "East"}


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
    next_dealer: str
    flagged: int
    note: str
    """'recorded' for a deal whose score was written down, not computed; '' otherwise."""


def players(analysis: GameAnalysis) -> dict[str, str]:
    tags = analysis.game.tags
    return {seat: tags.get(SEAT_TAGS[seat], seat) for seat in analysis.rules.seats}


def sheet_rows(analysis: GameAnalysis) -> list[SheetRow]:
    rows = []
    for deal, row in zip(analysis.deals, analysis.ledger):
        score, replay = deal.score, deal.replay
        lead = f"{row.lead.team} {row.lead.points}" if row.lead.team else "0"
        rows.append(SheetRow(
            replay.deal.number, row.dealer, replay.bidder, replay.bid,
            score.card_points if score else None, score.sweep_points if score else None,
            score.score if score else None, lead, row.baazi, " or ".join(row.allowed_dealers)
            if len(row.allowed_dealers) > 1 else row.next_dealer,
            len(deal.violations) + len(deal.errors),
            "recorded" if score is not None and score.cards_taken is None else ""))
    return rows


def _pair(values: dict[str, int] | None, teams: tuple[str, ...]) -> str:
    return "-" if values is None else " / ".join(str(values[t]) for t in teams)


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
    for r in sheet_rows(analysis):
        bid = f"{r.bidder} {r.bid}" if r.bid is not None else "-"
        body.append((str(r.deal), r.dealer, bid, _pair(r.card_points, teams), _pair(r.sweep_points, teams),
                     _pair(r.score, teams) + (" *" if r.note else ""), r.lead, r.baazi or "-", r.next_dealer,
                     str(r.flagged) if r.flagged else ""))
    widths = [max(len(row[i]) for row in body) for i in range(len(columns))]
    lines = head + ["  ".join(cell.ljust(w) for cell, w in zip(row, widths)).rstrip() for row in body]
    lines.append("")
    lines.append("baazis: " + ", ".join(f"{t} {n}" for t, n in analysis.baazis.items()))
    if any(r.note for r in sheet_rows(analysis)):
        lines.append("* score as recorded at the table")
    return "\n".join(lines)
