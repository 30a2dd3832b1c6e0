"""An uploaded game that is an event's table: the partnerships its seat tags seat, and what its uploader's manage
token may no longer do alone. A replace must keep the table's two partnerships in one game of the event's variant
(a correction: the standings follow it); a delete waits for the event's organiser to detach the game."""
from __future__ import annotations

from dataclasses import dataclass

import sqlite_utils

from seeplog.refusals import Conflict
from seeplog.ruleset import find_ruleset
from seeplog.said import Said

from .players_store import current_id


class AttachedGame(Conflict):
    """A change by the uploader that would take an event table's result away: 409."""


def team_size(variant: str) -> int:
    return 2 if find_ruleset(variant).players == 4 else 1


@dataclass(frozen=True)
class Side:
    """One side of a stored game as its seat tags name it."""

    team: str
    """NS or EW (two-player: N or S)."""
    who: str
    """The names of its seat tags, "Asha & Ravi" ('' for none)."""
    pair: int | None
    """The event's partnership whose players these are (merges followed); None: none of the event's."""


def game_sides(db: sqlite_utils.Database, event_id: int, variant: str, game_id: int) -> tuple[Side, Side]:
    """The two sides of the first game of stored game `game_id` (North–South then East–West; two-player: North then
    South), each with the partnership of event `event_id` it seats."""
    pairs = {}
    for number, *ids in db.execute("select number, first, second from event_pairs where event_id = ?", [event_id]):
        pairs[frozenset(current_id(db, p) for p in ids if p is not None)] = number
    names: dict[str, list[str]] = {}
    players: dict[str, set[int]] = {}
    for team, name, key in db.execute("select team, name, name_key from players where game_id = ? and game = 1 "
                                      "order by seat", [game_id]):
        names.setdefault(team, []).append(name)
        alias = db.execute("select player_id from player_aliases where key = ?", [key]).fetchone()
        players.setdefault(team, set()).add(current_id(db, alias[0]) if alias else -1)
    first, second = (Side(team, " & ".join(names.get(team, [])), pairs.get(frozenset(players.get(team, ()))))
                     for team in (("NS", "EW") if team_size(variant) == 2 else ("N", "S")))
    return first, second


@dataclass(frozen=True)
class HeldBy:
    """An event table holding an uploaded game."""

    event_id: int
    name: str
    variant: str
    round: int
    number: int
    pair_a: int
    pair_b: int

    def said(self, game_id: int) -> Said:
        return Said("game {game} is table {table} of round {round} of event {event} ({name})", game=game_id,
                    table=self.number, round=self.round, event=self.event_id, name=self.name)


def tables_of(db: sqlite_utils.Database, game_id: int, live: bool) -> list[HeldBy]:
    """The event tables a game is, among the `live` games' (an event's own) or the uploaded ones' (attached)."""
    return [HeldBy(*row) for row in db.execute(
        "select e.id, e.name, e.variant, t.round, t.number, t.pair_a, t.pair_b from event_tables t "
        f"join events e on e.id = t.event_id where t.game_id = ? and t.pair_b is not null and {'' if live else 'not'} "
        "exists (select 1 from live_games l where l.game_id = t.game_id) order by e.id, t.round", [game_id])]


def held_by(db: sqlite_utils.Database, game_id: int) -> list[HeldBy]:
    """The event tables an uploaded game is (one at most, as attaching allows; a live game's are the event's own)."""
    return tables_of(db, game_id, live=False)


def check_not_attached(db: sqlite_utils.Database, game_id: int) -> None:
    """:raises AttachedGame: when the game is an event's table (its organiser detaches it first)."""
    for table in held_by(db, game_id):
        raise AttachedGame(Said("{table}: the event's organiser must detach it from the event before it is deleted",
                                table=table.said(game_id)))


def check_still_seated(db: sqlite_utils.Database, game_id: int) -> None:
    """After a replace has written the game's new rows (inside its transaction): each event table the game is
    still seats its two partnerships, the sides following the new log (North–South first).

    :raises AttachedGame: naming the event, round and table, when the new log does not (the caller's
        transaction is rolled back).
    """
    for table in held_by(db, game_id):
        problem = unseated(db, table, game_id)
        if problem is not None:
            raise AttachedGame(Said(
                "{table} between partnerships {a} and {b}, but {problem}: a replacement keeps the table's two "
                "partnerships in one game of the {variant} variant (or the event's organiser detaches the game first)",
                table=table.said(game_id), a=table.pair_a, b=table.pair_b, problem=problem, variant=table.variant))
        north_south, _ = game_sides(db, table.event_id, table.variant, game_id)
        if north_south.pair != table.pair_a:  # the same two, sides swapped: the table follows the log
            db.execute("update event_tables set pair_a = ?, pair_b = ? where event_id = ? and round = ? and "
                       "number = ?", [table.pair_b, table.pair_a, table.event_id, table.round, table.number])


def unseated(db: sqlite_utils.Database, table: HeldBy, game_id: int) -> Said | None:
    """What keeps the game's stored log from being `table` (None: nothing)."""
    variant, count = db.execute("select variant, game_count from games where id = ?", [game_id]).fetchone()
    if count != 1:
        return Said("the new log holds {count} games", count=count)
    if variant != table.variant:
        return Said("the new log is of the {variant} variant", variant=variant)
    first, second = game_sides(db, table.event_id, variant, game_id)
    for side in (first, second):
        if side.pair is None:
            return Said("the new log's {team} ({who}) is no partnership of the event", team=side.team,
                        who=side.who or Said("nobody"))
        if side.pair not in (table.pair_a, table.pair_b):
            return Said("the new log's {team} ({who}) is partnership {pair}, not at this table", team=side.team,
                        who=side.who, pair=side.pair)
    if first.pair == second.pair and first.pair is not None:
        return Said("both sides of the new log are partnership {pair}", pair=first.pair)
    return None
