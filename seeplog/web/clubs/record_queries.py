"""A player's record added up by the store from its seats' rows (`seat_records`, by the index on the name
key): totals, partners, head-to-head, rules broken and a page of games, each one indexed query, whatever the
number of games the player has.

As the library's `seeplog.clubs.records.player_record` counts them: a side is one team in one game whose
seat names the player (counted once when it names the player twice), among the games of two teams;
partners are the team's other named players; head-to-head lines are against opposing teams whose every seat
names a player, as the sorted ids of their players.
"""
from __future__ import annotations

import json
from typing import Any

import sqlite_utils

from seeplog.clubs.records import Line, Partnership, Record

from .queries import SEAT_KEYS

OWN_SEATS = """select s.* from player_aliases a join seat_records s on s.name_key = a.key where a.player_id = ?"""
"""The rows of every seat that names the player (by the table's key: a name's rows lie together)."""

SIDES = f"""select s.game_id, s.game, s.team, pa.player_id, s.opponents_named, o1.player_id, o2.player_id,
s.deals, s.won, s.lost, s.card_points, s.scored, s.score - s.score_against, s.sweeps from ({OWN_SEATS}) s
left join player_aliases pa on pa.key = s.partner_key left join player_aliases o1 on o1.key = s.opponent_key
left join player_aliases o2 on o2.key = s.opponent2_key where s.lost is not null and s.deals > 0"""
"""The player's seats in the games of two teams that have a deal (an event's table not yet played is no game
played): the side's game and team, the partner, whether every seat of the opposing team names a player and
their players, the team's figures, the seat's sweeps."""

BROKEN = f"""select v.rule, count(*) from ({OWN_SEATS}) s join violations v on v.game_id = s.game_id
and v.game = s.game and v.seat = s.seat where s.lost is not null and v.kind = 'violation' group by v.rule"""

GAMES = f"""select game_id, game, date, variant, max(deals), seats from ({OWN_SEATS}) group by game_id, game
order by coalesce(date, '') desc, game_id desc, game desc limit ? offset ?"""
"""A page of the player's games (of any number of teams), newest first."""

GAME_COUNT = f"select count(*) from (select distinct game_id, game from ({OWN_SEATS}))"


def player_record(db: sqlite_utils.Database, player: int) -> Record:
    """The player's record, as `seeplog.clubs.records.player_record` makes it from every side."""
    total, sweeps, seen = Line(), 0, set()
    partners: dict[int, Line] = {}
    versus: dict[Partnership, Line] = {}
    for game_id, game, team, partner, named, first, second, *figures, swept in db.execute(SIDES, [player]):
        sweeps += swept
        if (game_id, game, team) in seen:  # the player at both seats of the team: one side
            continue
        seen.add((game_id, game, team))
        lines = [total] + ([partners.setdefault(partner, Line())] if partner not in (None, player) else [])
        if named:
            lines.append(versus.setdefault(tuple(sorted(p for p in (first, second) if p is not None)), Line()))
        for line in lines:
            line.count(*figures)
    broken = sorted(((rule, n) for rule, n in db.execute(BROKEN, [player])), key=lambda i: (-i[1], i[0]))
    return Record(total, sweeps, partners, versus, broken)


def game_page(db: sqlite_utils.Database, player: int, count: int | None, start: int = 0) -> list[dict[str, Any]]:
    """Every seat of `count` of the player's games (None: all) from the `start`-th newest (see `seat_lines`)."""
    return seat_lines(db, db.execute(GAMES, [player, -1 if count is None else count, start]).fetchall())


def seat_lines(db: sqlite_utils.Database, games: list[tuple[Any, ...]]) -> list[dict[str, Any]]:
    """Every seat of the `games` ((game_id, game, date, variant, deals, seats) each, `seats` as seat records
    keep them), as the players rows give them: team, name as written, player and its name, date, variant and
    the game's number of deals."""
    seats = [(game, json.loads(text)) for *game, text in games]
    keys = sorted({key for _, listed in seats for *_, key in listed if key is not None})
    players = {r[0]: r[1:] for r in db.execute(
        "select a.key, a.player_id, c.name from player_aliases a join club_players c on c.id = a.player_id "
        "where a.key in (select value from json_each(?))", [json.dumps(keys)])}
    return [dict(zip(SEAT_KEYS, (game_id, game, seat, team, name, *players.get(key, (None, None)), date, variant,
                                 deals)))
            for (game_id, game, date, variant, deals), listed in seats for seat, team, name, key in listed]


def game_count(db: sqlite_utils.Database, player: int) -> int:
    return int(db.execute(GAME_COUNT, [player]).fetchone()[0])
