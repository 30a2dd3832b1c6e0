"""Downloads of a stored game: the canonical log, the JSON report, the scoresheet as CSV."""
from __future__ import annotations

import csv
import io

from seeplog.analysis import Analysis
from seeplog.scoresheet import players, sheet_rows

from .cardviews import named


def scoresheet_csv(whole: Analysis) -> str:
    """One row per deal of every game of the log, with the game's event, date and players; team columns
    are named after the teams, and the dealer and bidder are given by seat and by name."""
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\r\n")
    for number, analysis in enumerate(whole.games, start=1):
        game = analysis.game
        teams, names, tags = analysis.rules.teams, players(analysis), game.tags
        writer.writerow(["game", "event", "date", "players", "deal", "dealer", "dealer name", "bidder",
                         "bidder name", "bid"]
                        + [f"{kind} {t}" for kind in ("cards", "sweeps", "score") for t in teams]
                        + ["lead", "baazi", "next dealer", "flagged", "note", "provisional"])
        seated = ", ".join(named(seat, names) for seat in names)
        for row in sheet_rows(analysis):
            values = [row.card_points, row.sweep_points, row.score]
            writer.writerow([number, tags.get("Event", ""), tags.get("Date", ""), seated, row.deal, row.dealer,
                             names.get(row.dealer, row.dealer), row.bidder, names.get(row.bidder, row.bidder),
                             "" if row.bid is None else row.bid]
                            + ["" if v is None else v[t] for v in values for t in teams]
                            + [row.lead, row.baazi or "", row.next_dealer, row.flagged, row.note,
                               row.provisional])
    return out.getvalue()
