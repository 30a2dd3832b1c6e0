"""An event's standings: partnerships ranked by baazis won, then baazi difference, then card-point
difference (partnerships equal on all three share a rank). A table whose game has a deal of unknown score
(RULES.md §8.5) counts as the ledger counts it, and makes both partnerships' rows provisional; so does one
with a deal whose score stands in doubt (a score written down whose card points do not add up, R-SCORE-TOTAL,
or one the opponents refused), counted as written until it is corrected."""
from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field

ORDER = "baazis won, then baazi difference (won − lost), then card-point difference (for − against)"

UNKNOWN, SCORE_TOTAL, REFUSED = "unknown-score", "score-total", "refused-score"
WHY = {UNKNOWN: "a deal's score is not known (RULES.md §8.5)",
       SCORE_TOTAL: "a score written down whose card points do not add up (R-SCORE-TOTAL)",
       REFUSED: "the opponents refused a deal's score"}
"""Why a table is provisional, in the order a reader is told."""


def why_order(reasons: Iterable[str]) -> list[str]:
    """The reasons in WHY's order."""
    return [w for w in WHY if w in set(reasons)]


@dataclass(frozen=True)
class TableResult:
    """One table of one round, as its game's derived rows give it so far (b None: a bye)."""

    round: int
    a: int
    b: int | None
    baazis: tuple[int, int]
    card_points: tuple[int, int]
    provisional: bool = False
    """A deal's score is not known or stands in doubt (`why` says which): the table's numbers may change."""
    deals: int = 0
    why: frozenset[str] = frozenset()
    """The reasons it is provisional (keys of WHY)."""


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
    why: set[str] = field(default_factory=set)
    """The reasons its row is provisional (keys of WHY)."""
    withdrawn_from: int | None = None
    """The first round it was not paired in, having withdrawn from the event (None: it plays on); its results
    stand and it is ranked with them."""

    @property
    def baazi_difference(self) -> int:
        return self.won - self.lost

    @property
    def card_point_difference(self) -> int:
        return self.points_for - self.points_against

    def key(self) -> tuple[int, int, int]:
        return (-self.won, -self.baazi_difference, -self.card_point_difference)


def standings(pairs: Iterable[int], results: Iterable[TableResult],
              withdrawn: Mapping[int, int] | None = None) -> list[Standing]:
    """Every partnership's line, best first, each with its rank (ties share it; order then by number);
    `withdrawn`: each withdrawn partnership's first round not paired, marked on its line."""
    table = {p: Standing(p, withdrawn_from=(withdrawn or {}).get(p)) for p in pairs}
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
            line.why |= r.why
    ranked = sorted(table.values(), key=lambda s: (s.key(), s.pair))
    for index, line in enumerate(ranked):
        same = index and ranked[index - 1].key() == line.key()
        line.rank = ranked[index - 1].rank if same else index + 1
    return ranked
