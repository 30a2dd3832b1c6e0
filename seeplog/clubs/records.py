"""A player's and a partnership's record: a pure view of their games' sides (one team in one game).

A partnership is the players of one team (two-player variants: the player alone), named by their ids in
order. Numbers: games, deals, baazis won and lost, card points per deal scored, sweeps, each partner's
record, head-to-head against each opposing partnership (baazis won-lost, score difference), rules broken.
"""
from __future__ import annotations

from collections import Counter, defaultdict
from collections.abc import Iterable
from dataclasses import dataclass, field

Partnership = tuple[int, ...]
"""The player ids of a team in one game, in order."""
GameKey = tuple[int, int]
"""A stored log's id and the game's number in it."""


@dataclass(frozen=True)
class Side:
    """One team in one game, with its totals from the game's derived rows."""

    game: GameKey
    date: str | None
    team: str
    players: Partnership
    """The team's players (seats no tag names left out)."""
    named: bool
    """Whether every seat of the team names a player."""
    deals: int
    scored: int
    """Deals whose score is known."""
    card_points: int
    score: int
    baazis: int
    """Baazis won."""
    sweeps: dict[int, int] = field(default_factory=dict)
    """Sweeps made, by player."""
    broken: dict[int, Counter[str]] = field(default_factory=dict)
    """Rules broken, by player: rule -> count."""


@dataclass(frozen=True)
class Match:
    side: Side
    opponent: Side


@dataclass
class Line:
    """Totals of some games: a record's head, a partner's line, a head-to-head line."""

    games: int = 0
    deals: int = 0
    won: int = 0
    lost: int = 0
    card_points: int = 0
    scored: int = 0
    score_difference: int = 0

    def add(self, match: Match) -> None:
        side, opponent = match.side, match.opponent
        self.count(side.deals, side.baazis, opponent.baazis, side.card_points, side.scored,
                   side.score - opponent.score)

    def count(self, deals: int, won: int, lost: int, card_points: int, scored: int, score_difference: int) -> None:
        """One game's figures of a side, added."""
        self.games += 1
        self.deals += deals
        self.won += won
        self.lost += lost
        self.card_points += card_points
        self.scored += scored
        self.score_difference += score_difference

    @property
    def points_per_deal(self) -> float | None:
        """Card points per deal whose score is known (None with none)."""
        return round(self.card_points / self.scored, 2) if self.scored else None


@dataclass
class Record:
    total: Line
    sweeps: int
    partners: dict[int, Line]
    """Four-player variants: each partner's record with this player."""
    head_to_head: dict[Partnership, Line]
    """Against each opposing partnership whose every seat names a player."""
    broken: list[tuple[str, int]]
    """Rules broken, most often first (then by rule)."""


def matches(sides: Iterable[Side]) -> list[Match]:
    """Each side facing the other side of its game (games with other than two sides are left out, and games
    with no deal yet: an event's table not yet played is no game played)."""
    by_game: dict[GameKey, list[Side]] = defaultdict(list)
    for side in sides:
        by_game[side.game].append(side)
    out = []
    for game_sides in by_game.values():
        if len(game_sides) == 2 and game_sides[0].deals > 0:
            a, b = game_sides
            out += [Match(a, b), Match(b, a)]
    return out


def player_record(player: int, all_matches: Iterable[Match]) -> Record:
    """The record of `player` from the matches of the games it played (others are ignored)."""
    own = [m for m in all_matches if player in m.side.players]
    record = _record(own, [player])
    for match in own:
        for partner in match.side.players:
            if partner != player:
                record.partners.setdefault(partner, Line()).add(match)
    return record


def partnership_record(partnership: Partnership, all_matches: Iterable[Match]) -> Record:
    """The record of the partnership (exactly these players as one team)."""
    own = [m for m in all_matches if m.side.named and m.side.players == partnership]
    return _record(own, list(partnership))


def _record(own: list[Match], players: list[int]) -> Record:
    total, broken = Line(), Counter[str]()
    versus: dict[Partnership, Line] = {}
    sweeps = 0
    for match in own:
        total.add(match)
        if match.opponent.named:
            versus.setdefault(match.opponent.players, Line()).add(match)
        for player in dict.fromkeys(players):  # a player at both seats of the team: its seats counted once
            sweeps += match.side.sweeps.get(player, 0)
            if player in match.side.broken:
                broken.update(match.side.broken[player])
    ranked = sorted(broken.items(), key=lambda item: (-item[1], item[0]))
    return Record(total, sweeps, {}, versus, ranked)
