"""Downloads of a stored game: the canonical log, the JSON report, the scoresheet as CSV."""
from __future__ import annotations

import csv
import io

import seeplog
from seeplog.report import analyse
from seeplog.scoresheet import sheet_rows


def scoresheet_csv(text: str, *, open_game: bool = False) -> str:
    """One row per deal of every game of the log; team columns are named after the teams. With
    `open_game` (a live game being kept), the last deal is in progress."""
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\r\n")
    games = seeplog.parse(text).games
    for number, game in enumerate(games, start=1):
        analysis = analyse(game, open_deal=open_game and number == len(games))
        teams = analysis.rules.teams
        writer.writerow(["game", "deal", "dealer", "bidder", "bid"]
                        + [f"{kind} {t}" for kind in ("cards", "sweeps", "score") for t in teams]
                        + ["lead", "baazi", "next dealer", "flagged", "note"])
        for row in sheet_rows(analysis):
            values = [row.card_points, row.sweep_points, row.score]
            writer.writerow([number, row.deal, row.dealer, row.bidder, "" if row.bid is None else row.bid]
                            + ["" if v is None else v[t] for v in values for t in teams]
                            + [row.lead, row.baazi or "", row.next_dealer, row.flagged, row.note])
    return out.getvalue()
