"""An event's standings: partnerships ranked by baazis won, then baazi difference, then card-point
difference (partnerships equal on all three share a rank). A table whose game has a deal of unknown score
(RULES.md §8.5) counts as the ledger counts it, and makes both partnerships' rows provisional."""
from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

ORDER = "baazis won, then baazi difference (won − lost), then card-point difference (for − against)"


@dataclass(frozen=True)
class TableResult:
    """One table of one round, as its game's derived rows give it so far (b None: a bye)."""

    round: int
    a: int
    b: int | None
    baazis: tuple[int, int]
    card_points: tuple[int, int]
    provisional: bool = False
    """A deal's score is not known (RULES.md §8.5): the table's numbers may change."""
    deals: int = 0


@dataclass
class Standing:
    pair: int
    played: int = 0
    byes: int = 0
    won: int = 0
    lost: int = 0
    points_for: int = 0
    points_against: int = 0
    provisional: bool = False
    rank: int = 0

    @property
    def baazi_difference(self) -> int:
        return self.won - self.lost

    @property
    def card_point_difference(self) -> int:
        return self.points_for - self.points_against

    def key(self) -> tuple[int, int, int]:
        return (-self.won, -self.baazi_difference, -self.card_point_difference)


def standings(pairs: Iterable[int], results: Iterable[TableResult]) -> list[Standing]:
    """Every partnership's line, best first, each with its rank (ties share it; order then by number)."""
    table = {p: Standing(p) for p in pairs}
    for r in results:
        if r.b is None:
            table[r.a].byes += 1
            continue
        for me, i in ((r.a, 0), (r.b, 1)):
            line = table[me]
            line.played += 1 if r.deals else 0
            line.won += r.baazis[i]
            line.lost += r.baazis[1 - i]
            line.points_for += r.card_points[i]
            line.points_against += r.card_points[1 - i]
            line.provisional = line.provisional or r.provisional
    ranked = sorted(table.values(), key=lambda s: (s.key(), s.pair))
    for index, line in enumerate(ranked):
        same = index and ranked[index - 1].key() == line.key()
        line.rank = ranked[index - 1].rank if same else index + 1
    return ranked
