"""The leaderboard and a rating's history, read from the ratings kept in the store (ratings_store keeps them
up to date as games are stored, corrected or deleted and players merged or split): a page reads rows by an
index, it never rates a baazi."""
from __future__ import annotations

from typing import Any

import sqlite_utils

from seeplog.clubs.ratings import PLAYER, Rating, Team, slug

from .ratings_store import state, team_of

RATED = "select who, mu, sigma, baazis, won from ratings where kind = ?"


def rating_of(row: Any) -> Rating:
    return Rating(team_of(row[0]), row[1], row[2], row[3], row[4])


def ranked(db: sqlite_utils.Database, kind: str, start: int, count: int) -> list[Rating]:
    """`count` ratings of `kind` from rank `start` + 1, best first (ties: mu, then the team's text)."""
    return [rating_of(r) for r in db.execute(f"{RATED} order by ordinal desc, mu desc, who limit ? offset ?",
                                             [kind, count, start])]


def rated_count(db: sqlite_utils.Database, kind: str) -> int:
    return int(db.execute("select n from rating_counts where kind = ?", [kind]).fetchone()[0])


def rating_and_rank(db: sqlite_utils.Database, kind: str, who: Team) -> tuple[Rating, int | None] | None:
    """The rating of one player or partnership and a player's rank (None before its first rated baazi). A
    partnership's rank is not counted (None): a club has tens of thousands of them, and counting those ahead
    reads that many index entries at each view."""
    row = db.execute(f"{RATED} and who = ?", [kind, slug(who)]).fetchone()
    if row is None:
        return None
    rating = rating_of(row)
    if kind != PLAYER:
        return rating, None
    ahead = db.execute("select count(*) from ratings where kind = ? and (ordinal > ? or ordinal = ? and "
                       "(mu > ? or mu = ? and who < ?))",
                       [kind, rating.ordinal, rating.ordinal, rating.mu, rating.mu, slug(who)]).fetchone()[0]
    return rating, int(ahead) + 1


def history(db: sqlite_utils.Database, kind: str, who: Team) -> list[dict[str, Any]]:
    """The rating after each of its baazis, in order: date, game (its log's id) and the rating (mu - 3 sigma)."""
    return [{"date": r[0] or None, "game_id": r[1], "rating": round(r[2] - 3 * r[3], 2)} for r in db.execute(
        "select date, game_id, mu, sigma from rating_history where kind = ? and who = ? "
        "order by date, game_id, game, position", [kind, slug(who)])]


def updating(db: sqlite_utils.Database) -> str | None:
    """While the kept ratings are being brought up to date off the request path: the date they are made
    again from ('' for the first baazi); None when they are up to date."""
    stale = state(db).stale_from
    return None if stale is None else stale[0]


def rating_json(rating: Rating) -> dict[str, Any]:
    return {"ordinal": round(rating.ordinal, 2), "mu": round(rating.mu, 2), "sigma": round(rating.sigma, 2),
            "baazis": rating.baazis, "won": rating.won, "provisional": rating.provisional}

