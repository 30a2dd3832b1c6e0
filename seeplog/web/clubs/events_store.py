"""Events in the store: create one (with its organiser token), its partnerships, its round-robin rounds
whose tables are live games, and the results of those games as the standings need them."""
from __future__ import annotations

import hashlib
from dataclasses import dataclass
from collections.abc import Mapping
from typing import Any

import sqlite_utils

from seeplog.refusals import BadInput, Conflict, NotAllowed, NotFound
from seeplog.clubs.pairings import Table, next_scheduled, played, round_robin
from seeplog.clubs.players import UNNAMED, display_name, name_key
from seeplog.clubs.standings import REFUSED, SCORE_TOTAL, UNKNOWN, TableResult
from seeplog.notation import parse
from seeplog.said import Said

from ..db import writing
from ..live.store import create as create_live, header_lines
from ..tokens import derived_token, new_token, token_hash, token_matches
from .confirm_store import answers_version, checks, confirm_token
from .event_uploads import team_size
from .event_withdrawals import withdrawals_version, withdrawn
from .links import link_players, now


class NoEvent(NotFound):
    """No event has this id."""


class EventRefused(NotAllowed):
    """No organiser token, or not the event's."""


class EventChange(Conflict):
    """A change the event cannot take (every round already made, for instance): 409."""


@dataclass(frozen=True)
class NewEvent:
    name: str
    variant: str
    pairs: list[list[str]]
    """Each partnership's players' names (two in a four-player variant, one in a two-player one)."""
    date: str | None = None
    place: str | None = None
    baazi_target: int | None = None
    format: str = "round-robin"


def player_for(db: sqlite_utils.Database, name: str) -> int:
    """The player a name stands for, made when it is new (inside a write transaction)."""
    link_players(db, [{"name": name, "name_key": name_key(name)}])
    return int(db.execute("select player_id from player_aliases where key = ?", [name_key(name)]).fetchone()[0])


class BadEvent(BadInput):
    """An event whose tables could not be started (a name or tag the notation cannot read): 400."""


def event_tags(name: str, date: str | None, place: str | None, target: int | None, round_table: str) -> dict[str, str]:
    """The tags of one of the event's tables."""
    tags = (("Event", name), ("Date", date), ("Site", place), ("Round", round_table),
            ("BaaziTarget", str(target) if target else None))
    return {k: v for k, v in tags if v}


def check_event(new: NewEvent) -> None:
    """:raises BadEvent: when a table's header (its tags, any partnership's names) would not read."""
    if not display_name(new.name):
        raise BadEvent(Said("the event's name is empty: give it a name"))
    names = [n for names in new.pairs for n in names]
    if any(name_key(n) in UNNAMED for n in names):
        raise BadEvent(Said("a partnership's name names nobody: give each player a name (not empty, '?' or '-')"))
    check_players_once(new.pairs)
    tags = event_tags(new.name, new.date, new.place, new.baazi_target, "1.1")
    for name in names or [""]:
        lines = header_lines(new.variant, {"N": name} if name else {}, tags)
        errors = parse("\n".join(lines)).errors
        if errors:
            raise BadEvent(Said("a table's tags cannot be read: {problems}", problems="; ".join(e.msg for e in errors)))


def check_players_once(pairs: list[list[str]]) -> None:
    """Each player is in one partnership, once; names that differ only in case and spacing are one player's
    (`name_key`), as the seat tags link them. The API and the new event form both check with it.

    :raises BadEvent: naming the first player named again, its field that partnership's index.
    """
    seen: dict[str, tuple[int, str]] = {}
    for index, names in enumerate(pairs):
        for name in names:
            key = name_key(name)
            if key in seen:
                raise named_twice(*seen[key], index)
            seen[key] = (index, display_name(name))


def named_twice(first: int, name: str, again: int) -> BadEvent:
    """The refusal of a player named in partnership `first` (an index), then again in partnership `again`."""
    said = Said("'{name}' is named twice in partnership {pair}: a partnership is two different players", name=name,
                pair=first + 1) if first == again else \
        Said("'{name}' is in partnerships {first} and {again}: each player is in one partnership", name=name,
             first=first + 1, again=again + 1)
    return BadEvent(said, [{"field": f"partnerships.{again}", "message": said}])


def pair_players(db: sqlite_utils.Database, pairs: list[list[str]]) -> list[list[int]]:
    """Each partnership's players, made when new (inside a write transaction).

    :raises BadEvent: when two names are one player's (an administrator merged them), its field the index of
        the partnership of the second.
    """
    seen: dict[int, str] = {}
    out: list[list[int]] = []
    for index, names in enumerate(pairs):
        out.append([])
        for name in names:
            player = player_for(db, name)
            if player in seen:
                said = Said("'{first}' and '{again}' are one player ({player}): each player is in one partnership, "
                            "once", first=seen[player], again=display_name(name), player=player)
                raise BadEvent(said, [{"field": f"partnerships.{index}", "message": said}])
            seen[player] = display_name(name)
            out[-1].append(player)
    return out


def create_event(db: sqlite_utils.Database, new: NewEvent) -> tuple[int, str]:
    """Store the event and its partnerships; its id and organiser token (shown once).

    :raises BadEvent: when a table's tags could not be read, or two names are one player's.
    """
    check_event(new)
    token = new_token()
    with writing(db):
        cursor = db.execute(
            "insert into events (name, date, place, variant, baazi_target, format, token_hash, created) "
            "values (?, ?, ?, ?, ?, ?, ?, ?)", [display_name(new.name), new.date, new.place, new.variant,
                                                new.baazi_target, new.format, token_hash(token), now()])
        event_id = cursor.lastrowid
        for number, ids in enumerate(pair_players(db, new.pairs), start=1):
            first, second, *_ = [*ids, None]
            db.execute("insert into event_pairs values (?, ?, ?, ?)", [event_id, number, first, second])
    assert event_id is not None
    return event_id, token


def get_event(db: sqlite_utils.Database, event_id: int) -> dict[str, Any]:
    """:raises NoEvent:"""
    row = db.execute("select id, name, date, place, variant, baazi_target, format, token_hash, created "
                     "from events where id = ?", [event_id]).fetchone()
    if row is None:
        raise NoEvent(Said("there is no event {event}", event=event_id))
    keys = ("id", "name", "date", "place", "variant", "baazi_target", "format", "token_hash", "created")
    return dict(zip(keys, row))


def event_list(db: sqlite_utils.Database) -> list[dict[str, Any]]:
    """Every event, the latest date first (undated last), then the newest."""
    return list(db.query("select id, name, date, place, variant, format from events "
                         "order by coalesce(date, '') desc, id desc"))


def check_organiser(db: sqlite_utils.Database, event_id: int, token: str | None) -> None:
    """:raises NoEvent: :raises EventRefused: unless `token` is the event's organiser token."""
    event = get_event(db, event_id)
    if not token_matches(token, event["token_hash"]):
        raise EventRefused(Said("this is not the event's organiser token") if token else
                           Said("the event's organiser token is needed (the one shown when it was created)"))


def event_pairs(db: sqlite_utils.Database, event_id: int) -> list[dict[str, Any]]:
    """The partnerships: number and players (id and name as shown now, following merges)."""
    out = []
    for r in db.query("select number, first, second from event_pairs where event_id = ? order by number",
                      [event_id]):
        ids = [p for p in (r["first"], r["second"]) if p is not None]
        out.append({"number": r["number"], "players": [_player(db, p) for p in ids]})
    return out


def _player(db: sqlite_utils.Database, player_id: int) -> dict[str, Any]:
    """A player as it stands now: a merged one is the player it was merged into."""
    while True:
        row = db.execute("select id, name, merged_into from club_players where id = ?", [player_id]).fetchone()
        if row[2] is None:
            return {"id": row[0], "name": row[1]}
        player_id = row[2]


def event_tables(db: sqlite_utils.Database, event_id: int) -> list[dict[str, Any]]:
    """Each table of each round; `live` says whether its game is kept live (not an upload attached), `open` whether
    that game is still open (the table plays on)."""
    return list(db.query("select t.round, t.number, t.pair_a, t.pair_b, t.game_id, l.game_id is not null as live, "
                         "coalesce(l.state = 'open', 0) as open "
                         "from event_tables t left join live_games l on l.game_id = t.game_id where t.event_id = ? "
                         "order by t.round, t.number", [event_id]))


def seat_name(db: sqlite_utils.Database, player: dict[str, Any]) -> str:
    """The name a table's seat tag gives a player: its display name when that is one of its names, else
    its first name seen (so that the game links back to the same player)."""
    key = name_key(player["name"])
    row = db.execute("select player_id from player_aliases where key = ?", [key]).fetchone()
    if row is not None and row[0] == player["id"]:
        return str(player["name"])
    return str(db.execute("select name from player_aliases where player_id = ? order by key limit 1",
                          [player["id"]]).fetchone()[0])


def table_token(organiser_token: str, event_id: int, round_number: int, table: int) -> str:
    """A table's edit token: made from the organiser token, so the organiser can show it again at any time."""
    return derived_token(organiser_token, f"seeplog event {event_id} round {round_number} table {table}")


def round_robin_next(db: sqlite_utils.Database, event_id: int, count: int, gone: Mapping[int, int]) -> list[Table]:
    """The round-robin's next round (`pairings.next_scheduled`: its first round not played that still seats two
    partnerships), without the withdrawn partnerships `gone` (their scheduled opponents have a bye).

    :raises EventChange: when every round has been played, or no round left seats two partnerships playing on.
    """
    rounds = round_robin(count)
    if count - len(gone) < 2:
        raise EventChange(Said("fewer than two partnerships play on ({count} of {all} withdrawn): reinstate one to "
                               "pair a round", count=len(gone), all=count))
    met = {frozenset(row) for row in db.execute(
        "select t.pair_a, t.pair_b from event_tables t join event_rounds r on r.event_id = t.event_id and "
        "r.round = t.round where t.event_id = ? and r.pairing = 'round-robin' and t.pair_b is not null", [event_id])}
    found = next_scheduled(rounds, met, gone)
    if found is not None:
        return found
    if all(played(tables, met) for tables in rounds):
        raise EventChange(Said("every round of this round-robin has been made ({rounds} for {count} partnerships)",
                               rounds=len(rounds), count=count))
    raise EventChange(Said("every round of the round-robin left pairs a withdrawn partnership: no two partnerships "
                           "playing on are left to meet (reinstate one, or enter a round by hand)"))


def next_round_number(db: sqlite_utils.Database, event_id: int) -> int:
    return int(db.execute("select coalesce(max(round), 0) + 1 from event_rounds where event_id = ?",
                          [event_id]).fetchone()[0])


def make_round(db: sqlite_utils.Database, event_id: int, organiser_token: str, pairing: list[Table] | None = None,
               how: str = "round-robin", gone: Mapping[int, int] | None = None) -> tuple[int, list[dict[str, Any]]]:
    """The next round, paired as `pairing` says (the round-robin's next when None) with the withdrawals `gone`
    (those stored when None): its tables, each a new live game named for the event whose edit token the
    organiser token makes (`table_token`), its confirm link's token kept at once (`confirm_token`). The round
    number and each table with its edit and confirm tokens.

    :raises EventChange: when every round of the round-robin has been made, or a partnership was withdrawn or
        reinstated while the round was paired.
    """
    event, pairs = get_event(db, event_id), event_pairs(db, event_id)
    gone = withdrawn(db, event_id) if gone is None else gone
    pairing = round_robin_next(db, event_id, len(pairs), gone) if pairing is None else pairing
    number = next_round_number(db, event_id)
    players = {p["number"]: p["players"] for p in pairs}
    with writing(db):  # the tables' games too: a round refused here leaves none behind
        if db.execute("select 1 from event_rounds where event_id = ? and round = ?", [event_id, number]).fetchone():
            raise EventChange(Said("round {round} was made meanwhile", round=number))
        if withdrawn(db, event_id) != dict(gone):
            raise EventChange(Said("a partnership was withdrawn or reinstated while round {round} was paired: make "
                                   "it again", round=number))
        tables = [_new_table(db, event, organiser_token, number, table, a, b, players)
                  for table, (a, b) in enumerate(pairing, start=1)]
        db.execute("insert into event_rounds (event_id, round, pairing) values (?, ?, ?)", [event_id, number, how])
        for t in tables:
            db.execute("insert into event_tables values (?, ?, ?, ?, ?, ?)",
                       [event_id, number, t["number"], t["pair_a"], t["pair_b"], t["game_id"]])
            if t["confirm_token"]:
                db.execute("insert or ignore into confirm_tokens values (?, ?)",
                           [t["game_id"], token_hash(str(t["confirm_token"]))])
    return number, tables


def _new_table(db: sqlite_utils.Database, event: dict[str, Any], organiser_token: str, number: int, table: int,
               a: int, b: int | None, players: dict[int, list[dict[str, Any]]]) -> dict[str, Any]:
    """Table `table` of round `number`: partnership `a` against `b` at a new live game (none for a bye), with
    its edit and confirm tokens."""
    game_id, token, confirm = None, None, None
    if b is not None:
        seats = ("N", "S", "W", "E") if team_size(event["variant"]) == 2 else ("N", "S")
        names = [seat_name(db, p) for pair in (a, b) for p in players[pair]]
        tags = event_tags(event["name"], event["date"], event["place"], event["baazi_target"], f"{number}.{table}")
        token = table_token(organiser_token, event["id"], number, table)
        game_id, _ = create_live(db, event["variant"], dict(zip(seats, names)), tags, token, tags_fixed=True)
        confirm = confirm_token(organiser_token, event["id"], game_id)
    return {"round": number, "number": table, "pair_a": a, "pair_b": b, "game_id": game_id,
            "edit_token": token, "confirm_token": confirm}


def table_results(db: sqlite_utils.Database, event_id: int, variant: str) -> list[TableResult]:
    """Each table's result so far, from its game's derived rows (ledger, deal_scores, deals, violations,
    live_games) and the answers to its deals' scores."""
    teams = ("NS", "EW") if team_size(variant) == 2 else ("N", "S")
    out = []
    for t in event_tables(db, event_id):
        if t["pair_b"] is None or t["game_id"] is None:
            out.append(TableResult(t["round"], t["pair_a"], t["pair_b"], (0, 0), (0, 0)))
        else:
            out.append(game_result(db, t, teams))
    return out


def game_result(db: sqlite_utils.Database, table: dict[str, Any], teams: tuple[str, str]) -> TableResult:
    """A played table's result: its baazis and card points so far (the deal in play left out), provisional
    while a deal's score is not known (RULES.md §8.5), does not add up (R-SCORE-TOTAL) or was refused."""
    gid = table["game_id"]
    baazis = dict(db.execute("select baazi, count(*) from ledger where game_id = ? and game = 1 and baazi is "
                             "not null group by baazi", [gid]).fetchall())
    points = dict(db.execute("select team, sum(card_points) from deal_scores where game_id = ? and game = 1 "
                             "group by team", [gid]).fetchall())
    deals = [r[0] for r in db.execute(
        "select exists (select 1 from deal_scores s where s.game_id = d.game_id and s.game = d.game and "
        "s.position = d.position) from deals d where d.game_id = ? and d.game = 1 order by d.position", [gid])]
    live = db.execute("select state from live_games where game_id = ?", [gid]).fetchone()
    in_play = live is not None and live[0] == "open" and deals and not deals[-1]
    settled = deals[:-1] if in_play else deals
    why = {UNKNOWN} if not all(settled) else set()
    if db.execute("select 1 from violations where game_id = ? and game = 1 and rule = 'R-SCORE-TOTAL'",
                  [gid]).fetchone():
        why.add(SCORE_TOTAL)
    if any(c.status == "refused" for c in checks(db, gid)):
        why.add(REFUSED)
    return TableResult(table["round"], table["pair_a"], table["pair_b"],
                       (baazis.get(teams[0], 0), baazis.get(teams[1], 0)),
                       (points.get(teams[0], 0), points.get(teams[1], 0)),
                       provisional=bool(why), deals=sum(settled), why=frozenset(why))


def event_version(db: sqlite_utils.Database, event_id: int) -> str | None:
    """What changes whenever the event's standings or tables may: its tables and their games' versions,
    the answers to their deals' scores and its withdrawals (None: no such event)."""
    if db.execute("select 1 from events where id = ?", [event_id]).fetchone() is None:
        return None
    row = db.execute("select count(*), coalesce(sum(coalesce(l.version, 0)), 0), "
                     "coalesce(group_concat(t.game_id || '.' || coalesce(l.version, g.hash, 0)), '') "
                     "from event_tables t left join live_games l on l.game_id = t.game_id "
                     "left join games g on g.id = t.game_id where t.event_id = ?", [event_id]).fetchone()
    names = db.execute("select coalesce(group_concat(c.id || c.name || coalesce(c.merged_into, '')), '') "
                       "from event_pairs p join club_players c on c.id in (p.first, p.second) "
                       "where p.event_id = ?", [event_id]).fetchone()[0]
    answered, gone = answers_version(db, event_id), withdrawals_version(db, event_id)
    return hashlib.sha256(f"{row[0]}|{row[1]}|{row[2]}|{names}|{answered}|{gone}".encode()).hexdigest()[:20]
