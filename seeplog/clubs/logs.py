"""Ratings from log files (the command line's `seeplog ratings`): each seat's player is its name key,
shown by its first spelling; each game's order is its Date tag, then its file and place in it."""
from __future__ import annotations

from collections.abc import Iterable

from seeplog.analysis import GameAnalysis, analyse
from seeplog.ruleset import SEAT_TAGS

from .players import display_name, seat_keys
from .ratings import Baazi, Rating, partnership_ratings, player_ratings
from .records import Partnership


def game_baazis(order: tuple[str, int, int], analysis: GameAnalysis, names: dict[str, str]) -> list[Baazi]:
    """The baazis of one analysed game; `names` gathers each name key's first spelling."""
    rules, tags = analysis.rules, analysis.game.tags
    keys = seat_keys(tags, rules.seats)
    teams: dict[str, list[str | None]] = {team: [] for team in rules.teams}
    for seat in rules.seats:
        teams[rules.team_of(seat)].append(keys[seat])
        if keys[seat] is not None:
            names.setdefault(keys[seat] or "", display_name(tags[SEAT_TAGS[seat]]))
    team_of = {team: () if None in members else tuple(sorted(m for m in members if m))
               for team, members in teams.items()}
    out = []
    for position, row in enumerate(analysis.ledger, start=1):
        if row.baazi is not None:
            loser = next(t for t in rules.teams if t != row.baazi)
            out.append(Baazi((*order, position), team_of[row.baazi], team_of[loser]))
    return out


def logs_ratings(texts: Iterable[str]) -> tuple[list[Rating], list[Rating], dict[str, str]]:
    """Players' and partnerships' ratings of the games of the logs' texts, and each name key's first spelling."""
    names: dict[str, str] = {}
    baazis = []
    for index, text in enumerate(texts):
        for number, analysis in enumerate(analyse(text).games, start=1):
            date = analysis.game.tags.get("Date", "")
            baazis += game_baazis((date, index, number), analysis, names)
    return player_ratings(baazis), partnership_ratings(baazis), names


def ratings_text(players: list[Rating], partnerships: list[Rating], names: dict[str, str]) -> str:
    """The two tables as text: rank, rating (mu - 3 sigma), sigma, baazis won/played, who; provisional marked."""
    def who(team: Partnership | tuple[object, ...]) -> str:
        return " & ".join(names.get(str(k), str(k)) for k in team)

    def table(title: str, rows: list[Rating]) -> list[str]:
        lines = [title, f"{'#':>3}  {'rating':>7}  {'sigma':>6}  {'baazis':>7}  who"]
        for rank, r in enumerate(rows, start=1):
            mark = "  (provisional)" if r.provisional else ""
            record = f"{r.won}/{r.baazis}"
            lines.append(f"{rank:>3}  {r.ordinal:>7.2f}  {r.sigma:>6.2f}  {record:>7}  {who(r.who)}{mark}")
        return lines
    return "\n".join(table("Players", players) + [""] + table("Partnerships", partnerships)) + "\n"
