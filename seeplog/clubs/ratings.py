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
    """The baazis a rating can take, in order: both teams named, no one twice (on both sides, or twice on one
    side: two names of one player after a merge)."""
    return sorted((b for b in baazis if b.winner and b.loser
                   and len(set(b.winner + b.loser)) == len(b.winner) + len(b.loser)), key=lambda b: b.order)


History = dict[Team, list[tuple[Any, float]]]
"""Each one's rating (its ordinal) after each of its baazis, with that baazi's order."""

PLAYER, PARTNERSHIP = "player", "partnership"
Who = tuple[str, Team]
"""(PLAYER, (player,)) or (PARTNERSHIP, team): whom a rating belongs to."""


@dataclass(frozen=True)
class Step:
    """One rating after one baazi: what a kept table of ratings and their history holds, row by row."""

    kind: str
    order: tuple[Any, ...]
    rating: Rating
    """The rating after the baazi (its `who`: whose rating it is)."""


def kinds_of(b: Baazi) -> list[tuple[str, tuple[list[Team], list[Team]]]]:
    """Whom one baazi rates: each player, and the two partnerships (not in a two-player game, where each team
    is one player: that player's rating is the player's own)."""
    players: tuple[list[Team], list[Team]] = ([(p,) for p in b.winner], [(p,) for p in b.loser])
    kinds = [(PLAYER, players)]
    if len(b.winner) > 1 and len(b.loser) > 1:
        kinds.append((PARTNERSHIP, ([b.winner], [b.loser])))
    return kinds


def rate_steps(baazis: Iterable[Baazi], start: dict[Who, Rating] | None = None) -> list[Step]:
    """Rate the baazis in order, each player and each partnership from its rating in `start` (a new rating
    when absent): every rating after every baazi. From the ratings after the baazis before some point, the
    steps of the baazis from that point on are the same as those of rating every baazi from scratch."""
    model = PlackettLuce()
    current = dict(start or {})
    # the model's own value of each rating in `current`, kept (making one again costs)
    skill = {who: model.rating(mu=r.mu, sigma=r.sigma) for who, r in current.items()}
    steps: list[Step] = []
    for b in rated(baazis):
        for kind, sides in kinds_of(b):
            teams = [[skill.get((kind, w)) or model.rating() for w in side] for side in sides]
            new = model.rate(teams, ranks=[1, 2])
            for side, ratings, wins in ((sides[0], new[0], 1), (sides[1], new[1], 0)):
                for who, rating in zip(side, ratings):
                    old = current.get((kind, who))
                    played, won = (old.baazis, old.won) if old else (0, 0)
                    skill[(kind, who)] = rating
                    current[(kind, who)] = now = Rating(who, rating.mu, rating.sigma, played + 1, won + wins)
                    steps.append(Step(kind, b.order, now))
    return steps


def slug(who: Team) -> str:
    """A team as text ("3-17"): how ratings of equal worth are ordered."""
    return "-".join(str(p) for p in who)


def table_of(steps: Iterable[Step], kind: str) -> tuple[list[Rating], History]:
    """The ratings after the last step of each one of `kind`, best first, and each one's history."""
    last: dict[Team, Step] = {}
    history: History = {}
    for step in steps:
        if step.kind == kind:
            last[step.rating.who] = step
            history.setdefault(step.rating.who, []).append((step.order, step.rating.ordinal))
    table = [s.rating for s in last.values()]
    return sorted(table, key=lambda r: (-r.ordinal, -r.mu, slug(r.who))), history


def player_ratings(baazis: Iterable[Baazi]) -> list[Rating]:
    """Every player's rating, best first."""
    return player_ratings_with_history(baazis)[0]


def player_ratings_with_history(baazis: Iterable[Baazi]) -> tuple[list[Rating], History]:
    """Every player's rating, best first, and each player's rating after each of its baazis."""
    return table_of(rate_steps(baazis), PLAYER)


def partnership_ratings(baazis: Iterable[Baazi]) -> list[Rating]:
    """Every partnership's rating (the team as one entity), best first."""
    return table_of(rate_steps(baazis), PARTNERSHIP)[0]
