"""Opponent confirmation in the store: the answers to each deal's score of an event's table, given on the
scorekeeper's phone (the table's edit token) or by the opponents' confirm link (a token the organiser
token makes, kept as a hash); where each deal's confirmation stands, read from the game's derived rows."""
from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any

import sqlite_utils

from seeplog.clubs.confirmations import (VERDICT_WORDS, Answer, DealCheck, check_answer, check_score_named,
                                         confirming_team, deal_checks, ruled_already, says_nothing)
from seeplog.refusals import Conflict, NotAllowed, NotFound
from seeplog.ruleset import find_ruleset
from seeplog.said import Said

from ..db import writing
from ..tokens import derived_token, token_hash, token_matches
from .links import now

REALM = "seeplog confirm"


@dataclass(frozen=True)
class EventTable:
    """An event's table whose game is a live game."""

    event_id: int
    round: int
    number: int
    game_id: int
    teams: tuple[str, ...]


def event_table(db: sqlite_utils.Database, game_id: int) -> EventTable:
    """:raises NotFound: no live game `game_id`, or one that is no event's table."""
    row = db.execute("select t.event_id, t.round, t.number, g.variant from event_tables t "
                     "join games g on g.id = t.game_id join live_games l on l.game_id = t.game_id "
                     "where t.game_id = ?", [game_id]).fetchone()
    if row is None:
        raise NotFound(Said("live game {game} is no event's table: its deals are not confirmed", game=game_id))
    return EventTable(row[0], row[1], row[2], game_id, find_ruleset(row[3]).teams)


def is_table(db: sqlite_utils.Database, game_id: int) -> bool:
    """Whether a live game is an event's table (its deals are confirmed)."""
    return db.execute("select 1 from event_tables where game_id = ?", [game_id]).fetchone() is not None


def scored_deals(db: sqlite_utils.Database, game_id: int) -> dict[int, dict[str, int]]:
    """Each deal of the game whose score is known (it is over), by number: its score per team, in the
    order of the variant's teams (NS before EW)."""
    out: dict[int, dict[str, int]] = {}
    for number, team, score in db.execute(
            "select d.number, s.team, s.score from deals d join deal_scores s on s.game_id = d.game_id "
            "and s.game = d.game and s.position = d.position where d.game_id = ? and d.game = 1 "
            "order by d.position, s.team", [game_id]):
        out.setdefault(number, {})[team] = score
    variant = db.execute("select variant from games where id = ?", [game_id]).fetchone()
    teams = find_ruleset(variant[0]).teams if variant else ()
    return {n: {t: score[t] for t in teams if t in score} for n, score in out.items()}


def answers(db: sqlite_utils.Database, game_id: int) -> list[Answer]:
    return [Answer(r[0], r[1], r[2], json.loads(r[3]), r[4], r[5], r[6]) for r in db.execute(
        "select deal, team, verdict, score, reason, via, at from deal_answers where game_id = ? order by id",
        [game_id])]


def checks(db: sqlite_utils.Database, game_id: int) -> list[DealCheck]:
    """Where each scored deal's confirmation stands."""
    return deal_checks(scored_deals(db, game_id).items(), answers(db, game_id))


def checks_of_table(db: sqlite_utils.Database, game_id: int) -> list[DealCheck]:
    """:raises NotFound: a game that is no event's table."""
    event_table(db, game_id)
    return checks(db, game_id)


def confirm_token(organiser_token: str, event_id: int, game_id: int) -> str:
    """A table's confirm token (the opponents' link): made from the organiser token, so it can be shown
    again at any time."""
    return derived_token(organiser_token, f"seeplog event {event_id} table game {game_id} confirm")


def keep_confirm_tokens(db: sqlite_utils.Database, event_id: int, organiser_token: str) -> dict[int, str]:
    """Every live table's confirm token by game (the organiser's token checked by the caller); the hash of
    each one not kept yet is kept now."""
    games = [r[0] for r in db.execute("select t.game_id from event_tables t join live_games l "
                                      "on l.game_id = t.game_id where t.event_id = ?", [event_id])]
    tokens = {g: confirm_token(organiser_token, event_id, g) for g in games}
    known = {r[0] for r in db.execute("select c.game_id from confirm_tokens c join event_tables t "
                                      "on t.game_id = c.game_id where t.event_id = ?", [event_id])}
    if set(games) - known:
        with writing(db):
            for game in set(games) - known:
                db.execute("insert or ignore into confirm_tokens values (?, ?)", [game, token_hash(tokens[game])])
    return tokens


def answerer(db: sqlite_utils.Database, table: EventTable, token: str) -> str:
    """Who a token speaks for at the table: 'keeper' (its edit token), 'link' (its confirm token), 'director'
    (the event's organiser token).

    :raises NotAllowed:"""
    edit = db.execute("select token_hash from live_games where game_id = ?", [table.game_id]).fetchone()
    link = db.execute("select token_hash from confirm_tokens where game_id = ?", [table.game_id]).fetchone()
    organiser = db.execute("select token_hash from events where id = ?", [table.event_id]).fetchone()
    for who, kept in (("keeper", edit), ("link", link), ("director", organiser)):
        if token_matches(token, kept[0] if kept else None):
            return who
    raise NotAllowed(Said("this token is not the table's edit token, its confirm link's, nor the event's organiser "
                          "token"), realm=REALM)


def record_answer(db: sqlite_utils.Database, game_id: int, token: str, args: dict[str, Any]) -> DealCheck:
    """Store a team's answer to a deal's score; where that deal's confirmation stands after it.

    :raises NotFound: :raises NotAllowed: :raises Conflict: :raises Refused: (nothing stored)
    """
    with writing(db):
        table = event_table(db, game_id)
        via = answerer(db, table, token)
        opponents = confirming_team(table.teams)
        scores = scored_deals(db, game_id)
        reason = None if says_nothing(args.get("reason")) else args["reason"].strip()
        answer = Answer(args["deal"], args.get("team") or opponents, args["verdict"],
                        scores.get(args["deal"], {}), reason, via, now())
        check_answer(answer, table.teams, scores, opponents if via == "link" else None)
        stands = next((c for c in checks(db, game_id) if c.deal == answer.deal), None)
        if stands is not None and ruled_already(answer, stands):
            return stands  # the same ruling sent again (its first answer lost): stored once
        check_score_named(answer, args.get("score"), stands)
        check_not_over(db, game_id, answer)
        version = db.execute("select version from live_games where game_id = ?", [game_id]).fetchone()[0]
        db.execute("insert into deal_answers (game_id, deal, team, verdict, score, reason, via, version, at) "
                   "values (?, ?, ?, ?, ?, ?, ?, ?, ?)",
                   [game_id, answer.deal, answer.team, answer.verdict, json.dumps(answer.score), reason, via,
                    version, answer.at])
    return next(c for c in checks(db, game_id) if c.deal == answer.deal)


def check_not_over(db: sqlite_utils.Database, game_id: int, answer: Answer) -> None:
    """The keeper's phone may answer for the opponents (the one-tap prompt), but not over an answer they gave
    through their own link to the same score; and the director's ruling on a score stands over both.

    :raises Conflict:"""
    row = db.execute("select verdict, score, via from deal_answers where game_id = ? and deal = ? and team = ? "
                     "order by id desc limit 1", [game_id, answer.deal, answer.team]).fetchone()
    if row is None or json.loads(row[1]) != answer.score or answer.via == "director":
        return
    if row[2] == "director":
        raise Conflict(Said("the director ruled that deal {deal}'s score stands: the ruling is final while the score "
                            "is the same", deal=answer.deal))
    if row[2] == "link" and answer.via == "keeper":
        raise Conflict(Said("{team} answered deal {deal} through their own confirm link ({verdict}): their answer "
                            "stands, and this phone cannot change it", team=answer.team, deal=answer.deal,
                            verdict=VERDICT_WORDS.get(row[0], row[0])))


def answers_version(db: sqlite_utils.Database, event_id: int) -> str:
    """What changes whenever an answer is given at one of the event's tables."""
    row = db.execute("select count(*), coalesce(max(a.id), 0) from deal_answers a join event_tables t "
                     "on t.game_id = a.game_id where t.event_id = ?", [event_id]).fetchone()
    return f"{row[0]}.{row[1]}"


def table_answers_version(db: sqlite_utils.Database, game_id: int) -> str:
    """What changes whenever a table's confirmations may: an answer given, or the game's scores (its version)."""
    row = db.execute("select count(*), coalesce(max(id), 0) from deal_answers where game_id = ?", [game_id]).fetchone()
    live = db.execute("select version from live_games where game_id = ?", [game_id]).fetchone()
    return f"confirm-{game_id}-{live[0] if live else 0}-{row[0]}.{row[1]}"


def check_json(check: DealCheck) -> dict[str, Any]:
    answer = check.answer
    return {"deal": check.deal, "score": dict(check.score), "status": check.status, "changed": check.changed,
            "team": answer.team if answer else None, "reason": answer.reason if answer else None,
            "via": answer.via if answer else None, "at": answer.at if answer else None}


def confirm_counts(db: sqlite_utils.Database, game_id: int) -> dict[str, int]:
    """How many of a game's scored deals are confirmed, refused, and waiting for an answer."""
    found = checks(db, game_id)
    return {status: sum(c.status == status for c in found) for status in ("confirmed", "refused", "missing")}


def confirmations_json(db: sqlite_utils.Database, game_id: int) -> dict[str, Any]:
    """The game's confirmations: who confirms, and each scored deal's state.

    :raises NotFound:"""
    table = event_table(db, game_id)
    found = checks(db, game_id)
    return {"game_id": game_id, "event_id": table.event_id, "round": table.round, "table": table.number,
            "team": confirming_team(table.teams), "keeper_team": table.teams[0],
            "confirmed": sum(c.status == "confirmed" for c in found),
            "refused": sum(c.status == "refused" for c in found),
            "missing": sum(c.status == "missing" for c in found),
            "deals": [check_json(c) for c in found]}
