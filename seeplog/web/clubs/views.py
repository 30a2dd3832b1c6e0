"""What the player and partnership pages and their API show: records made JSON-ready, names attached."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import sqlite_utils
from flask import g, url_for

from seeplog.clubs.ratings import PARTNERSHIP, PLAYER, PROVISIONAL_BELOW, Rating, Team
from seeplog.clubs.records import Line, Partnership, Record

from .leaderboard import history, rated_count, ranked, rating_and_rank, rating_json, updating
from .players_store import Player
from . import pair_queries, record_queries
from .queries import player_names


@dataclass(frozen=True)
class Links:
    """The addresses of a request's player, partnership and game pages without their last part: url_for once
    per request (a page links hundreds of names)."""

    player: str
    partnership: str
    game: str

    def to_player(self, player_id: int) -> str:
        return f"{self.player}{player_id}"

    def to_partnership(self, players: Partnership) -> str:
        return f"{self.partnership}{partnership_slug(players)}"

    def to_game(self, game_id: int, game: int) -> str:
        return f"{self.game}{game_id}#game-{game}"


def links() -> Links:
    kept = g.get("clubs_links")
    if kept is None:
        kept = g.clubs_links = Links(url_for("clubs.player", player_id=0)[:-1],
                                     url_for("clubs.partnership", slug="0")[:-1],
                                     url_for("pages.game", game_id=0)[:-1])
    return kept  # type: ignore[no-any-return]


def player_url(player_id: int) -> str:
    """A player page's address."""
    return links().to_player(player_id)


def partnership_url(players: Partnership) -> str:
    return links().to_partnership(players)


def line_json(line: Line) -> dict[str, Any]:
    return {"games": line.games, "deals": line.deals, "baazis_won": line.won, "baazis_lost": line.lost,
            "card_points_per_deal": line.points_per_deal, "score_difference": line.score_difference}


def partnership_slug(players: Partnership) -> str:
    return "-".join(str(p) for p in players)


def record_json(record: Record, names: dict[int, str], owner: int | None = None,
                shown: int | None = None) -> dict[str, Any]:
    """The record made JSON-ready; with `shown`, only that many partners and opponents, the most played."""
    to = links()

    def team(players: Partnership) -> dict[str, Any]:
        return {"players": [{"id": p, "name": names.get(p, "?"), "url": to.to_player(p)} for p in players],
                "url": to.to_partnership(players) if len(set(players)) == len(players) else None}
    partners = sorted(record.partners.items(), key=lambda i: (-i[1].games, i[0]))[:shown]
    versus = sorted(record.head_to_head.items(), key=lambda i: (-i[1].games, i[0]))[:shown]
    return {**line_json(record.total), "sweeps": record.sweeps,
            "partners": [{"player": team((p,))["players"][0], **line_json(line),
                          "partnership_url": team(tuple(sorted((p, owner or p))))["url"]} for p, line in partners],
            "head_to_head": [{"opponents": team(opp), **line_json(line)} for opp, line in versus],
            "rules_broken": [{"rule": rule, "count": n} for rule, n in record.broken]}


def player_data(db: sqlite_utils.Database, player: Player, shown: int | None = None, page: int = 1,
                per_page: int | None = None) -> dict[str, Any]:
    """The player page's data: names, rating, record (added up by the store from its seats' rows), and page
    `page` of its games, `per_page` a page (None: all), the newest first (with `shown`: that many partners and
    opponents, the most played; `counts` says how many in all)."""
    record = record_queries.player_record(db, player.id)
    partners = sorted(record.partners, key=lambda p: (-record.partners[p].games, p))[:shown]
    versus = sorted(record.head_to_head, key=lambda t: (-record.head_to_head[t].games, t))[:shown]
    names = player_names(db, set(partners) | {p for team in versus for p in team})
    seats = record_queries.game_page(db, player.id, per_page, (page - 1) * (per_page or 0))
    counts = {"partners": len(record.partners), "head_to_head": len(record.head_to_head),
              "games": record_queries.game_count(db, player.id)}
    return {"id": player.id, "name": player.name, "aliases": player.aliases,
            "rating": rating_data(db, PLAYER, (player.id,)), "updating_from": updating(db),
            "record": record_json(record, names, player.id, shown), "counts": counts,
            "games": games_json(seats, {player.id}), "page": page, "per_page": per_page}


def partnership_data(db: sqlite_utils.Database, players: Partnership, shown: int | None = None) -> dict[str, Any]:
    """The partnership page's data: its record (added up by the store from its players' seat records) and
    games (those where exactly these players were a team; with `shown`: that many opponents, the most
    played, and twice as many games, the newest)."""
    record, seats, games = pair_queries.partnership_record(db, players, shown and 2 * shown)
    versus = sorted(record.head_to_head, key=lambda t: (-record.head_to_head[t].games, t))[:shown]
    names = player_names(db, set(players) | {p for team in versus for p in team})
    return {"players": [{"id": p, "name": names.get(p, "?"), "url": player_url(p)}
                        for p in players],
            "record": record_json(record, names, shown=shown),
            "counts": {"partners": 0, "head_to_head": len(record.head_to_head), "games": games},
            "rating": rating_data(db, PARTNERSHIP, players), "updating_from": updating(db),
            "games": games_json(seats, set(players)), "per_page": None}


def games_json(seats: list[dict[str, Any]], own: set[int], shown: int | None = None) -> list[dict[str, Any]]:
    """One line per game, newest first (with `shown`, that many): its date, teams (names linked to players),
    and the side of `own`; `deals`, how many deals it has (0: a table or live game not yet played)."""
    by_game: dict[tuple[int, int], list[dict[str, Any]]] = {}
    for s in seats:
        by_game.setdefault((s["game_id"], s["game"]), []).append(s)
    newest = sorted(by_game, key=lambda key: (by_game[key][0]["date"] or "", *key), reverse=True)[:shown]
    to = links()
    out = []
    for game_id, game in newest:
        line: dict[str, Any] = {"game_id": game_id, "game": game, "date": by_game[(game_id, game)][0]["date"],
                                "variant": by_game[(game_id, game)][0]["variant"],
                                "deals": by_game[(game_id, game)][0]["deals"], "teams": {},
                                "url": to.to_game(game_id, game)}
        for s in by_game[(game_id, game)]:
            line["teams"].setdefault(s["team"], []).append(
                {"seat": s["seat"], "name": s["player_name"] or s["name"], "player_id": s["player_id"],
                 "url": to.to_player(s["player_id"]) if s["player_id"] else None})
            if s["player_id"] in own:
                line["side"] = s["team"]
        out.append(line)
    return out


LEADERBOARD_PAGE = 100
"""Rows of each table a leaderboard page shows."""


def leaderboard_json(db: sqlite_utils.Database, page: int = 1) -> dict[str, Any]:
    """Players and partnerships by rating, best first, each with its rank, names and links: LEADERBOARD_PAGE
    rows of each from page `page` (1, 2, ...)."""
    start = (page - 1) * LEADERBOARD_PAGE
    shown = {kind: ranked(db, kind, start, LEADERBOARD_PAGE) for kind in (PLAYER, PARTNERSHIP)}
    names = player_names(db, {p for rows in shown.values() for r in rows for p in r.who if isinstance(p, int)})

    def rows(ratings: list[Rating]) -> list[dict[str, Any]]:
        out = []
        for rank, rating in enumerate(ratings, start=start + 1):
            players = [p for p in rating.who if isinstance(p, int)]
            out.append({"rank": rank, **rating_json(rating),
                        "players": [{"id": p, "name": names.get(p, "?"), "url": player_url(p)} for p in players],
                        "url": partnership_url(tuple(players))})
        return out
    return {"provisional_below": PROVISIONAL_BELOW, "page": page, "per_page": LEADERBOARD_PAGE,
            "updating_from": updating(db),
            "total_players": rated_count(db, PLAYER), "total_partnerships": rated_count(db, PARTNERSHIP),
            "players": rows(shown[PLAYER]), "partnerships": rows(shown[PARTNERSHIP])}


def rating_data(db: sqlite_utils.Database, kind: str, who: Team) -> dict[str, Any] | None:
    """A player's or partnership's rating and rank on the leaderboard, and its rating after each baazi (None
    before its first rated baazi)."""
    found = rating_and_rank(db, kind, who)
    if found is None:
        return None
    rating, rank = found
    return {"rank": rank, **rating_json(rating), "history": history(db, kind, who)}
