"""Downloads of a stored game: the canonical log, the JSON report, the scoresheet as CSV."""
from __future__ import annotations

from typing import Any

from seeplog.analysis import Analysis, GameAnalysis
from seeplog.scoresheet import next_dealer_text, players, sheet_rows

from ..cardviews import named
from ..spreadsheets import SheetWriter

TEAM_KINDS = ("card points", "sweeps", "score")
"""Each team's figures of a deal: its card points (not the cards it took), sweep points and score."""


def scoresheet_csv(whole: Analysis) -> str:
    """One header, then one row per deal of every game of the log, with the game's number, event, date and
    players; the dealer and bidder are given by seat and by name. Team columns are named after the teams
    when every game has the same teams; otherwise they are numbered ("card points 1") and the "team 1"... columns
    name each game's teams."""
    games = whole.games
    team_sets = {tuple(a.rules.teams) for a in games}
    same = len(team_sets) <= 1
    width = max((len(t) for t in team_sets), default=0)
    labels = list(next(iter(team_sets))) if same and team_sets else [str(i) for i in range(1, width + 1)]
    writer = SheetWriter()
    writer.writerow(["game", "event", "date", "players", "deal", "dealer", "dealer name", "bidder", "bidder name",
                     "bid"] + [f"{kind} {label}" for kind in TEAM_KINDS for label in labels]
                    + ["lead", "baazi", "next dealer", "flagged", "note", "provisional"]
                    + ([] if same else [f"team {label}" for label in labels]))
    for number, analysis in enumerate(games, start=1):
        write_game(writer, number, analysis, width, same)
    return writer.text()


def write_game(writer: SheetWriter, number: int, analysis: GameAnalysis, width: int, same: bool) -> None:
    """The rows of one game's deals; teams padded to `width` columns."""
    teams, names, tags = list(analysis.rules.teams), players(analysis), analysis.game.tags
    pad = [""] * (width - len(teams))
    seated = ", ".join(named(seat, names) for seat in names)
    for row in sheet_rows(analysis):
        team_values: list[object] = []
        for value in (row.card_points, row.sweep_points, row.score):
            team_values += ["" if value is None else value[t] for t in teams]
            team_values += pad
        # a deal without a bid names no bidder, as the scoresheet shows '–'
        bid = ["", "", ""] if row.bid is None else [row.bidder, names.get(row.bidder, row.bidder), row.bid]
        fixed: list[Any] = [number, tags.get("Event", ""), tags.get("Date", ""), seated, row.deal, row.dealer,
                           names.get(row.dealer, row.dealer), *bid]
        writer.writerow(fixed + team_values
                        + [row.lead, row.baazi or "", next_dealer_text(row), row.flagged, row.note, row.provisional]
                        + ([] if same else teams + pad))
