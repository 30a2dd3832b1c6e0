"""Each named seat of each game of a log, with its team's figures in that game and the game's seats: the
rows the player page adds up (the store keeps them beside the other derived rows, written with them from the
one analysis; schema/migrations/0012_seat_records.sql).

A seat's name and those of its partner and opponents are kept as name keys, not players: merging, renaming
or splitting players changes which player a key stands for, never these rows.
"""
from __future__ import annotations

import json
from typing import Any

from seeplog.analysis import Analysis, GameAnalysis
from seeplog.scoresheet import seat_names

from .players import seat_keys


def names(analysed: GameAnalysis) -> list[tuple[str, str]]:
    """Each seat and its name as the seat tags write it (the seat's letter where none does)."""
    return list(seat_names(analysed.game.tags, analysed.rules.seats).items())


def team_totals(deals: list[dict[str, Any]], ledger: list[dict[str, Any]], team: str) -> dict[str, int]:
    """A team's figures over a game's deals (of its report): deals whose score is known, card points and
    score over those, baazis won."""
    scored = [d for d in deals if d["score"] is not None and team in d["score"]]
    return {"scored": len(scored), "card_points": sum(d["card_points"][team] for d in scored),
            "score": sum(d["score"][team] for d in scored),
            "won": sum(1 for row in ledger if row["baazi"] == team)}


def seat_records(analysis: Analysis, doc: dict[str, Any]) -> list[dict[str, Any]]:
    """The rows of every seat a tag names of every game of the analysed log (its report `doc`), without the
    log's id.

    A game's date is its Date tag, else the log's (its first game's); the opponents' columns are None when
    the game has not exactly two teams; `seats` lists the game's seats in letter order, each as [seat, team,
    name as written, name key].
    """
    first = analysis.games[0].game.tags if analysis.games else {}
    variant = analysis.games[0].rules.name if analysis.games else "standard"
    out = []
    for index, (analysed, gdoc) in enumerate(zip(analysis.games, doc["games"]), start=1):
        tags, rules = analysed.game.tags, analysed.rules
        keys = seat_keys(tags, rules.seats)
        teams: dict[str, list[str]] = {}
        for seat in rules.seats:
            teams.setdefault(rules.team_of(seat), []).append(seat)
        totals = {team: team_totals(gdoc["deals"], gdoc["ledger"], team) for team in teams}
        date = tags["Date"] if "Date" in tags else first.get("Date")
        seats = json.dumps([[seat, rules.team_of(seat), name, keys[seat]] for seat, name in sorted(names(analysed))],
                           ensure_ascii=False, separators=(",", ":"))
        for seat in rules.seats:
            if keys[seat] is None:
                continue
            team = rules.team_of(seat)
            others = [t for t in teams if t != team]
            against = sorted(teams[others[0]]) if len(others) == 1 else None
            mates = [s for s in teams[team] if s != seat]
            out.append({
                "game": index, "seat": seat, "team": team, "name_key": keys[seat],
                "partner_key": keys[mates[0]] if mates else None,
                "opponent_key": keys[against[0]] if against else None,
                "opponent2_key": keys[against[1]] if against and len(against) > 1 else None,
                "team_named": all(keys[s] is not None for s in teams[team]),
                "opponents_named": None if against is None else all(keys[s] is not None for s in against),
                "date": date, "variant": variant, "deals": len(gdoc["deals"]), **totals[team],
                "lost": totals[others[0]]["won"] if against else None,
                "score_against": totals[others[0]]["score"] if against else None,
                "sweeps": sum(1 for d in gdoc["deals"] for s in d["sweeps"] if s["seat"] == seat), "seats": seats})
    return out
