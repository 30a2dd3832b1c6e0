"""Pairings of an event's partnerships, numbered 1..n. A round is a list of tables (a, b), b None for the bye
(at the end).

Round-robin by the circle method: every partnership meets every other once; with an odd n a bye (None)
joins them, so each round one partnership sits out, and each sits out once.

Swiss by standings with no rematch (`swiss_round`). Partnerships have no colours: the chess pairing libraries
are built around colour preferences, and the colourless one on PyPI (swisspair) pairs at random within a score
group from a compiled wheel; this small deterministic search does it.
"""
from __future__ import annotations

from collections.abc import Collection, Sequence

Table = tuple[int, int | None]


def round_robin(count: int) -> list[list[Table]]:
    """Every round of a round-robin of `count` partnerships (count - 1 rounds, count rounds when odd).

    :raises ValueError: for fewer than two partnerships.
    """
    if count < 2:
        raise ValueError(f"a round-robin needs at least two partnerships, not {count}")
    seats: list[int | None] = [*range(1, count + 1)] + ([None] if count % 2 else [])
    size = len(seats)
    rounds: list[list[Table]] = []
    for _ in range(size - 1):
        pairs = [(seats[i], seats[size - 1 - i]) for i in range(size // 2)]
        played: list[Table] = [(a, b) for a, b in pairs if a is not None and b is not None]
        byes: list[Table] = [(p, None) for a, b in pairs if a is None or b is None for p in (a, b) if p is not None]
        rounds.append(played + byes)
        seats = [seats[0], seats[-1], *seats[1:-1]]  # the first stays; the others turn one place
    return rounds


def meetings(rounds: list[list[Table]]) -> set[frozenset[int]]:
    """The pairs of partnerships that meet in `rounds` (byes aside)."""
    return {frozenset((a, b)) for tables in rounds for a, b in tables if b is not None}


class NoPairing(ValueError):
    """No round can be paired without a rematch."""


SEARCH_BUDGET = 200_000
"""Steps the Swiss search may take before it gives up (it never needs many outside contrived cases)."""


def swiss_round(ranked: Sequence[int], met: Collection[frozenset[int]], byes: Collection[int] = ()) -> list[Table]:
    """The next Swiss round from the standings: partnerships in standings order (best first), each paired from
    the top with the next-placed one it has not met. With an odd number the lowest-placed partnership that has
    had no bye sits out (the bye comes last). When that order would force a rematch further down, the search
    steps back and takes the nearest pairing that avoids it.

    :raises NoPairing: when no pairing without a rematch exists (or none is found within `SEARCH_BUDGET`).
    """
    if len(ranked) < 2:
        raise NoPairing(f"a Swiss round needs at least two partnerships, not {len(ranked)}")
    search = _Search(met)
    for bye in _bye_candidates(ranked, byes):
        rest = [p for p in ranked if p != bye]
        tables = search.pair(rest)
        if tables is not None:
            return tables + ([(bye, None)] if bye is not None else [])
    if search.exhausted:
        raise NoPairing("no pairing without a rematch was found within the search's budget")
    raise NoPairing("every way of pairing this round repeats a pairing already played")


def _bye_candidates(ranked: Sequence[int], byes: Collection[int]) -> list[int | None]:
    """Who may sit out, most fitting first: nobody when the number is even; else the lowest-placed first,
    those who have had no bye before those who have."""
    if len(ranked) % 2 == 0:
        return [None]
    lowest_first: list[int | None] = list(reversed(ranked))
    return [p for p in lowest_first if p not in byes] + [p for p in lowest_first if p in byes]


class _Search:
    """Depth-first pairing from the top of the standings, bounded by `SEARCH_BUDGET` steps."""

    def __init__(self, met: Collection[frozenset[int]]) -> None:
        self.met = set(met)
        self.steps = 0
        self.exhausted = False

    def may_meet(self, a: int, b: int) -> bool:
        return frozenset((a, b)) not in self.met

    def pair(self, order: list[int]) -> list[Table] | None:
        if not order:
            return []
        if self.exhausted or not all(any(self.may_meet(p, q) for q in order if q != p) for p in order):
            return None
        top, others = order[0], order[1:]
        for opponent in others:
            self.steps += 1
            if self.steps > SEARCH_BUDGET:
                self.exhausted = True
                return None
            if not self.may_meet(top, opponent):
                continue
            rest = self.pair([p for p in others if p != opponent])
            if rest is not None:
                return [(top, opponent), *rest]
        return None
