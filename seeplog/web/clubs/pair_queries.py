"""A partnership's record added up by the store from its players' seat records (`seat_records`): as
`seeplog.clubs.records.partnership_record` counts them, the sides in games of two teams whose every seat
names a player and whose players are exactly the partnership's (two-player variants: the player alone)."""
from __future__ import annotations

from typing import Any

import sqlite_utils

from seeplog.clubs.records import Line, Partnership, Record

from .record_queries import seat_lines

SEATS = """select s.game_id, s.game, s.team, s.opponents_named, o1.player_id, o2.player_id, s.deals, s.won, s.lost,
s.card_points, s.scored, s.score - s.score_against, s.sweeps, s.date, s.variant, s.seats, s.seat
from player_aliases a join seat_records s on s.name_key = a.key
left join player_aliases pa on pa.key = s.partner_key
left join player_aliases o1 on o1.key = s.opponent_key left join player_aliases o2 on o2.key = s.opponent2_key
where s.lost is not null and s.deals > 0 and s.team_named and {which}"""

TWO = "a.player_id in (?, ?) and pa.player_id = case when a.player_id = ? then ? else ? end"
"""The seats of either player whose partner is the other (both seats of a team the one player sits twice in)."""
ALONE = "a.player_id = ? and s.partner_key is null"
"""The seats of a one-seat team (every seat of the team named, and no partner) of the player."""

BROKEN = f"""select v.rule, count(*) from ({SEATS}) s join violations v on v.game_id = s.game_id and v.game = s.game
and v.seat = s.seat where v.kind = 'violation' group by v.rule"""


def which(players: Partnership) -> tuple[str, list[int]]:
    """The condition on a seat of the partnership, and its arguments."""
    if len(players) == 1:
        return ALONE, [players[0]]
    a, b = players
    return TWO, [a, b, a, b, a]


def partnership_record(db: sqlite_utils.Database, players: Partnership,
                       shown: int | None) -> tuple[Record, list[dict[str, Any]], int]:
    """The partnership's record, `shown` of its games (None: all), the newest first, as seat lines
    (`record_queries.seat_lines`), and how many games it has."""
    condition, args = which(players)
    total, sweeps = Line(), 0
    versus: dict[Partnership, Line] = {}
    games: dict[tuple[int, int, str], tuple[Any, ...]] = {}
    for game_id, game, team, named, first, second, *figures, swept, date, variant, seats, _ in db.execute(
            SEATS.format(which=condition), args):
        sweeps += swept
        if (game_id, game, team) in games:  # the other seat of the side
            continue
        games[(game_id, game, team)] = (game_id, game, date, variant, figures[0], seats)
        total.count(*figures)
        if named:
            versus.setdefault(tuple(sorted(p for p in (first, second) if p is not None)), Line()).count(*figures)
    broken = sorted(db.execute(BROKEN.format(which=condition), args).fetchall(), key=lambda i: (-i[1], i[0]))
    distinct = {(g[0], g[1]): g for g in games.values()}  # a game with the partnership on both sides: once
    newest = sorted(distinct.values(), key=lambda g: (g[2] or "", g[0], g[1]), reverse=True)[:shown]
    record = Record(total, sweeps, {}, versus, [(rule, n) for rule, n in broken])
    return record, seat_lines(db, newest), len(distinct)
