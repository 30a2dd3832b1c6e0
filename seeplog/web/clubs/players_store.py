"""The players in the store: find one, and the administrator's changes (merge, rename, split an alias off).

Only the alias -> player mapping is written; every page reads the games' derived rows through it, so a
change shows everywhere at once.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import sqlite_utils

from seeplog.refusals import Conflict, NotAllowed, NotFound
from seeplog.clubs.players import (PlayerChange, check_merge, check_rename, check_split, display_name,
                                   name_key)
from seeplog.said import Said

from ..db import writing
from ..tokens import new_token, token_hash, token_matches
from .links import now


class NoPlayer(NotFound):
    """No player has this id."""


class NoPartnership(NotFound):
    """A partnership that names one player twice."""


class PlayersMet(Conflict):
    """Two players a merge would make one player sitting twice: at one game, or in one event's partnerships."""


class AdminRefused(NotAllowed):
    """No administrator token, or not one (nor the organiser token of an event that covers the players concerned)."""


@dataclass(frozen=True)
class Player:
    id: int
    name: str
    aliases: list[dict[str, str]]
    """Each name of the player: {"key", "name"} (its first spelling seen)."""
    merged_into: int | None = None


def get_player(db: sqlite_utils.Database, player_id: int) -> Player:
    """:raises NoPlayer:"""
    row = db.execute("select id, name, merged_into from club_players where id = ?", [player_id]).fetchone()
    if row is None:
        raise NoPlayer(Said("there is no player {player}", player=player_id))
    aliases = [{"key": r["key"], "name": r["name"]} for r in
               db.query("select key, name from player_aliases where player_id = ? order by key", [player_id])]
    return Player(row[0], row[1], aliases, row[2])


def current_id(db: sqlite_utils.Database, player_id: int) -> int:
    """The player an id stands for now: itself, or the player it was merged into (followed to the end).

    :raises NoPlayer:
    """
    seen = set()
    while True:
        row = db.execute("select merged_into from club_players where id = ?", [player_id]).fetchone()
        if row is None:
            raise NoPlayer(Said("there is no player {player}", player=player_id))
        if row[0] is None or player_id in seen:
            return player_id
        seen.add(player_id)
        player_id = row[0]


def partnership_of(db: sqlite_utils.Database, players: list[int]) -> tuple[int, ...]:
    """A partnership's players as they stand now (merges followed), in order.

    :raises NoPlayer: :raises NoPartnership: when two of them are one player: a partnership is two.
    """
    now = tuple(sorted(current_id(db, p) for p in players))
    if len(set(now)) < len(now):
        raise NoPartnership(Said("'{slug}' names player {player} twice (a merged player counts as the one it was "
                                 "merged into): a partnership is two different players",
                                 slug="-".join(str(p) for p in players), player=now[0]))
    return now


def list_players(db: sqlite_utils.Database) -> list[dict[str, Any]]:
    """Every player (merged ones aside) with the number of games its names played, by name: as its page's record
    counts them (an event's table not yet played is no game played: `seeplog.clubs.records.matches`)."""
    return list(db.query(
        "select c.id, c.name, count(distinct case when s.deals > 0 then s.game_id || '.' || s.game end) as games "
        "from club_players c join player_aliases a on a.player_id = c.id "
        "left join seat_records s on s.name_key = a.key "
        "where c.merged_into is null group by c.id order by c.name collate nocase, c.id"))


def player_of_name(db: sqlite_utils.Database, name: str) -> int | None:
    row = db.execute("select player_id from player_aliases where key = ?", [name_key(name)]).fetchone()
    return None if row is None else int(row[0])


def merge_players(db: sqlite_utils.Database, source: int, target: int) -> Player:
    """Move every name of `source` to `target`; `source` then leads to `target`.

    :raises PlayerChange: when they are the same player. :raises NoPlayer: :raises PlayersMet: (`check_apart`)
    """
    check_merge(source, target)
    with writing(db):
        now = current_id(db, source), current_id(db, target)
        check_merge(source, target, now)
        source, target = now
        check_apart(db, source, target)
        db.execute("update player_aliases set player_id = ? where player_id = ?", [target, source])
        db.execute("update club_players set merged_into = ? where id = ?", [target, source])
    return get_player(db, target)


SHARED_GAME = """select a.game_id, a.name, a.seat, b.name, b.seat from player_aliases x
join players a on a.name_key = x.key join players b on b.game_id = a.game_id and b.game = a.game
join player_aliases y on y.key = b.name_key where x.player_id = ? and y.player_id = ? order by a.game_id limit 1"""
"""The first game two players (by their names now) both sat in: its id and each one's name and seat there."""

SHARED_EVENT = """with recursive
s(id) as (select ? union select c.id from club_players c join s on c.merged_into = s.id),
t(id) as (select ? union select c.id from club_players c join t on c.merged_into = t.id)
select e.id, e.name from events e
where exists (select 1 from event_pairs p where p.event_id = e.id and (p.first in s or p.second in s))
and exists (select 1 from event_pairs p where p.event_id = e.id and (p.first in t or p.second in t))
order by e.id limit 1"""
"""The first event whose partnerships name both players (by any id merged into either)."""


def check_apart(db: sqlite_utils.Database, source: int, target: int) -> None:
    """:raises PlayersMet: when the two players sat in one game, or are both in one event's partnerships: one
    player could not, so they are two, and a merge would seat one player twice."""
    game = db.execute(SHARED_GAME, [source, target]).fetchone()
    if game:
        raise PlayersMet(Said("{first} ({first_seat}) and {second} ({second_seat}) both sat in game {game}: one player "
                              "cannot sit at a table twice, so they are two players and cannot be merged",
                              first=game[1], first_seat=game[2], second=game[3], second_seat=game[4], game=game[0]))
    event = db.execute(SHARED_EVENT, [source, target]).fetchone()
    if event:
        raise PlayersMet(Said("players {source} and {target} are both in the partnerships of event {event} ({name}): "
                              "a player is in one partnership of an event, so they are two players and cannot be "
                              "merged", source=source, target=target, event=event[0], name=event[1]))


def rename_player(db: sqlite_utils.Database, player_id: int, name: str) -> Player:
    """:raises PlayerChange: for an empty or overlong name, or another player's. :raises NoPlayer:"""
    shown = check_rename(name)
    with writing(db):
        player_id = current_id(db, player_id)
        check_name_free(db, player_id, shown)
        db.execute("update club_players set name = ? where id = ?", [shown, player_id])
        db.execute("insert or ignore into player_aliases (key, name, player_id, origin) values (?, ?, ?, ?)",
                   [name_key(shown), shown, player_id, player_id])  # a game naming it later is this player's
    return get_player(db, player_id)


def check_name_free(db: sqlite_utils.Database, player_id: int, name: str) -> None:
    """:raises PlayerChange: when another player (not merged) is shown by that name, or has it among its names:
    two players shown alike could not be told apart."""
    key = name_key(name)
    for other, shown in db.execute("select id, name from club_players where merged_into is null and id != ?",
                                   [player_id]).fetchall():
        if name_key(shown) == key:
            raise PlayerChange(Said("player {other} is named {name} already: two players shown alike cannot be "
                                    "told apart (merge them if they are one)", other=other, name=shown))
    row = db.execute("select player_id from player_aliases where key = ? and player_id != ?",
                     [key, player_id]).fetchone()
    holder = current_id(db, row[0]) if row is not None else player_id
    if holder != player_id:
        raise PlayerChange(Said("{name} is a name of player {other} already: two players shown alike cannot be "
                                "told apart (merge them if they are one)", name=name, other=holder))


def split_alias(db: sqlite_utils.Database, player_id: int, alias: str) -> Player:
    """Take one name off a player: it goes back to its own player when a merge brought it (that player is no
    longer merged: its page, event partnerships and ratings are its own again), else it becomes a player of its
    own (named by it). The player it now is.

    :raises PlayerChange: when it is not one of the player's names, or its only one. :raises NoPlayer:
    """
    key = name_key(alias)
    with writing(db):
        player = get_player(db, current_id(db, player_id))
        check_split(key, [a["key"] for a in player.aliases])
        check_not_own(db, key, player)
        own = merged_owner(db, key, player.id)
        if own is None:
            own = db.execute("insert into club_players (name, created) values (?, ?)",
                             [display_name(alias_name(player, key)), now()]).lastrowid
        db.execute("update club_players set merged_into = null where id = ?", [own])
        db.execute("update player_aliases set player_id = ?, origin = ? where key = ?", [own, own, key])
    assert own is not None
    return get_player(db, own)


def check_not_own(db: sqlite_utils.Database, key: str, player: Player) -> None:
    """:raises PlayerChange: when name `key` is the player's own (made for it): split off would make another
    player of it, and this player's id (its page, its event partnerships, its ratings) would be left to the
    names merged into it. Those are what a split takes off."""
    origin = db.execute("select origin from player_aliases where key = ?", [key]).fetchone()
    if origin is not None and origin[0] == player.id:
        others = [a["name"] for a in player.aliases if a["key"] != key]
        raise PlayerChange(Said("'{name}' is this player's own name, which it keeps: split off a name merged into "
                                "it instead ({names})", name=alias_name(player, key), names=", ".join(others)))


def alias_name(player: Player, key: str) -> str:
    """The player's name of key `key`, spelt as first seen."""
    return next(a["name"] for a in player.aliases if a["key"] == key)


def merged_owner(db: sqlite_utils.Database, key: str, holder: int) -> int | None:
    """The own player of name `key` when a merge brought the name to `holder` (that player merged into it,
    directly or through others); None when the name is the holder's own, or its own player is not known."""
    row = db.execute("select a.origin from player_aliases a join club_players c on c.id = a.origin "
                     "where a.key = ? and c.merged_into is not null", [key]).fetchone()
    return int(row[0]) if row is not None and current_id(db, row[0]) == holder else None


def issue_admin_token(db: sqlite_utils.Database) -> str:
    """A new administrator token (shown once; only its hash is kept)."""
    token = new_token()
    with writing(db):
        db.execute("insert into admin_tokens (token_hash, created) values (?, ?)", [token_hash(token), now()])
    return token


def check_admin(db: sqlite_utils.Database, token: str | None) -> None:
    """:raises AdminRefused: unless `token` is an administrator token (its hash looked up, then compared in
    constant time)."""
    row = db.execute("select token_hash from admin_tokens where token_hash = ?", [token_hash(token or "")]).fetchone()
    if not token_matches(token, row[0] if row else None):
        raise AdminRefused(Said("this is not an administrator token") if token else
                           Said("an administrator token is needed (flask --app app admin-token makes one)"))


def check_may_change(db: sqlite_utils.Database, token: str | None, players: list[int]) -> None:
    """An administrator may change any player; an event's organiser, with its organiser token, a player of that
    event's partnerships whose every game is a table of that event (or who has no game yet).

    :raises AdminRefused: otherwise, saying why. :raises NoPlayer:
    """
    try:
        check_admin(db, token)
        return
    except AdminRefused:
        event_id = organiser_event(db, token)
        if event_id is None:
            raise
    for player in dict.fromkeys(current_id(db, p) for p in players):
        check_organiser_covers(db, event_id, player)


def organiser_event(db: sqlite_utils.Database, token: str | None) -> int | None:
    """The event whose organiser token `token` is (None: no event's)."""
    row = db.execute("select id, token_hash from events where token_hash = ?", [token_hash(token or "")]).fetchone()
    return int(row[0]) if row is not None and token_matches(token, row[1]) else None


def check_organiser_covers(db: sqlite_utils.Database, event_id: int, player: int) -> None:
    """:raises AdminRefused: unless `player` (as it stands now) is in the event's partnerships, in no other
    event's (anyone may make an event naming any players), and has sat in no game that is not one of the
    event's tables."""
    if player not in event_players(db, event_id):
        raise AdminRefused(Said("player {player} is not in this event's partnerships: an organiser token changes only "
                                "its event's players, any other only an administrator (an administrator token: "
                                "flask --app app admin-token)", player=player))
    other = next((e for (e,) in db.execute("select distinct event_id from event_pairs where event_id != ? "
                                           "order by event_id", [event_id]).fetchall()
                  if player in event_players(db, e)), None)
    if other is not None:
        raise AdminRefused(Said("player {player} is in the partnerships of another event too (event {event}): only "
                                "an administrator can change them (an administrator token: flask --app app "
                                "admin-token)", player=player, event=other))
    outside = db.execute(
        "select p.game_id from player_aliases a join players p on p.name_key = a.key where a.player_id = ? and "
        "p.game_id not in (select game_id from event_tables where event_id = ? and game_id is not null) "
        "order by p.game_id limit 1", [player, event_id]).fetchone()
    if outside:
        raise AdminRefused(Said("player {player} has games outside this event (game {game}): only an administrator can "
                                "change them (an administrator token: flask --app app admin-token)", player=player,
                                game=outside[0]))


def event_players(db: sqlite_utils.Database, event_id: int) -> set[int]:
    """The players of an event's partnerships, as they stand now (merged ones as the player they became)."""
    ids = [p for r in db.execute("select first, second from event_pairs where event_id = ?", [event_id]).fetchall()
           for p in r if p is not None]
    return {current_id(db, p) for p in ids}
