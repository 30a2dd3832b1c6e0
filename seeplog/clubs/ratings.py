"""Ratings: a pure function of the baazis of the games, in order (by date, then game), with openskill's
Plackett-Luce model (Weng-Lin; MIT licence). Each baazi is a match between the two teams (two-player: the
two players): the team that won it ranks first. The same baazis always give the same table.

A player's rating treats the team as its players; a partnership's rating treats the team as one entity.
A rating is shown as its ordinal (mu - 3 sigma: the skill it is fairly sure of) with sigma, its
uncertainty; fewer than PROVISIONAL_BELOW baazis mark it provisional.
"""
from __future__ import annotations

from collections.abc import Hashable, Iterable
from dataclasses import dataclass
from typing import Any

from openskill.models import PlackettLuce

PROVISIONAL_BELOW = 10

Team = tuple[Hashable, ...]


@dataclass(frozen=True)
class Baazi:
    """One baazi won: where it stands in the order of play, and the two teams (winner first)."""

    order: tuple[Any, ...]
    """(date or "", game id, game number, deal position): ratings take baazis in this order."""
    winner: Team
    loser: Team


@dataclass(frozen=True)
class Rating:
    who: Team
    """A player (a team of one) or a partnership."""
    mu: float
    sigma: float
    baazis: int
    won: int

    @property
    def ordinal(self) -> float:
        return self.mu - 3 * self.sigma

    @property
    def provisional(self) -> bool:
        return self.baazis < PROVISIONAL_BELOW


def rated(baazis: Iterable[Baazi]) -> list[Baazi]:
    """The baazis a rating can take, in order: both teams named, no one on both sides."""
    return sorted((b for b in baazis if b.winner and b.loser and not set(b.winner) & set(b.loser)),
                  key=lambda b: b.order)


History = dict[Team, list[tuple[Any, float]]]
"""Each one's rating (its ordinal) after each of its baazis, with that baazi's order."""


def player_ratings(baazis: Iterable[Baazi]) -> list[Rating]:
    """Every player's rating, best first."""
    return player_ratings_with_history(baazis)[0]


def player_ratings_with_history(baazis: Iterable[Baazi]) -> tuple[list[Rating], History]:
    """Every player's rating, best first, and each player's rating after each of its baazis."""
    ordered = rated(baazis)
    return _ratings([([(p,) for p in b.winner], [(p,) for p in b.loser]) for b in ordered],
                    [b.order for b in ordered])


def partnership_ratings(baazis: Iterable[Baazi]) -> list[Rating]:
    """Every partnership's rating (the team as one entity), best first."""
    ordered = rated(baazis)
    return _ratings([([b.winner], [b.loser]) for b in ordered], [b.order for b in ordered])[0]


def _ratings(matches: list[tuple[list[Team], list[Team]]], orders: list[Any]) -> tuple[list[Rating], History]:
    model = PlackettLuce()
    history: History = {}
    current: dict[Team, Any] = {}
    played: dict[Team, int] = {}
    won: dict[Team, int] = {}
    for (winners, losers), order in zip(matches, orders):
        teams = [[current.setdefault(w, model.rating()) for w in side] for side in (winners, losers)]
        new = model.rate(teams, ranks=[1, 2])
        for side, ratings, wins in ((winners, new[0], 1), (losers, new[1], 0)):
            for who, rating in zip(side, ratings):
                current[who] = rating
                history.setdefault(who, []).append((order, rating.mu - 3 * rating.sigma))
                played[who] = played.get(who, 0) + 1
                won[who] = won.get(who, 0) + wins
    table = [Rating(who, r.mu, r.sigma, played[who], won[who]) for who, r in current.items()]
    return sorted(table, key=lambda r: (-r.ordinal, -r.mu, str(r.who))), history
