"""Pairings of an event's partnerships, numbered 1..n. A round is a list of tables (a, b), b None for the bye
(at the end).

Round-robin by the circle method: every partnership meets every other once; with an odd n a bye (None)
joins them, so each round one partnership sits out, and each sits out once.

A partnership withdrawn from the event is paired no more (`without_withdrawn`, `swiss_round`'s `withdrawn`):
in a round-robin round its scheduled opponent has a bye; a Swiss round leaves it out.

Swiss by standings with no rematch (`swiss_round`). Partnerships have no colours: the chess pairing libraries
are built around colour preferences, and the colourless one on PyPI (swisspair) pairs at random within a score
group from a compiled wheel; this small deterministic search does it.
"""
from __future__ import annotations

from collections.abc import Collection, Sequence

from seeplog.said import Said

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


def without_withdrawn(tables: Sequence[Table], withdrawn: Collection[int]) -> list[Table]:
    """A round's tables once the `withdrawn` partnerships have left: a withdrawn partnership's opponent has a
    bye, a table of two withdrawn ones and a withdrawn one's bye go. The tables played first, then the byes.

    >>> without_withdrawn([(1, 6), (2, 5), (3, 4)], {5})
    [(1, 6), (3, 4), (2, None)]
    """
    kept = [(a, b) for a, b in tables if a not in withdrawn and (b is None or b not in withdrawn)]
    freed: list[Table] = [(p, None) for a, b in tables if (a in withdrawn) != (b in withdrawn)
                          for p in (a, b) if p is not None and p not in withdrawn]
    return [t for t in kept if t[1] is not None] + [t for t in kept if t[1] is None] + freed


def played(tables: Sequence[Table], met: Collection[frozenset[int]]) -> bool:
    """Whether a round of the schedule was played: one of its meetings is among those played (`met`)."""
    return any(frozenset(t) in met for t in tables if t[1] is not None)


def next_scheduled(schedule: Sequence[Sequence[Table]], met: Collection[frozenset[int]],
                   withdrawn: Collection[int]) -> list[Table] | None:
    """The round-robin's next round: the first round of the `schedule` none of whose meetings were played
    (`met`) that still seats two partnerships once the `withdrawn` have left (`without_withdrawn`); a round
    whose every table had a withdrawn partnership is passed over. None when no such round is left.

    >>> schedule = [[(1, 4), (2, 3)], [(1, 3), (4, 2)], [(1, 2), (3, 4)]]
    >>> next_scheduled(schedule, {frozenset((1, 4)), frozenset((2, 3))}, {2})
    [(1, 3), (4, None)]
    >>> next_scheduled(schedule, set(), {1, 2}), next_scheduled(schedule, set(), {1, 3})
    ([(3, 4)], [(4, 2)])
    """
    for tables in schedule:
        if played(tables, met):
            continue
        left = without_withdrawn(tables, withdrawn)
        if any(b is not None for _, b in left):
            return left
    return None


def byes_of(tables: Sequence[Table]) -> list[int]:
    """The partnerships a round gives a bye, in its order."""
    return [a for a, b in tables if b is None]


def meetings(rounds: list[list[Table]]) -> set[frozenset[int]]:
    """The pairs of partnerships that meet in `rounds` (byes aside)."""
    return {frozenset((a, b)) for tables in rounds for a, b in tables if b is not None}


class NoPairing(ValueError):
    """No round can be paired without a rematch."""


SEARCH_BUDGET = 5_000
"""Tries each Swiss search may take before it gives up (at most a few hundred milliseconds; the search from the
top of the standings needs many only late in a long event, where the second one takes over)."""


def swiss_round(ranked: Sequence[int], met: Collection[frozenset[int]], byes: Collection[int] = (),
                withdrawn: Collection[int] = ()) -> list[Table]:
    """The next Swiss round from the standings: partnerships in standings order (best first), each paired from
    the top with the next-placed one it has not met; the `withdrawn` ones are left out. With an odd number the
    lowest-placed partnership that has had no bye sits out (the bye comes last). When that order would force a
    rematch further down, the search steps back and takes the nearest pairing that avoids it. Late in a long
    event, when that search runs out of its budget, a second search pairs the partnership with the fewest
    opponents left first (tables then in standings order).

    :raises NoPairing: when no pairing without a rematch exists (or none is found within `SEARCH_BUDGET`).
    """
    ranked = [p for p in ranked if p not in withdrawn]
    if len(ranked) < 2:
        raise NoPairing(Said("a Swiss round needs at least two partnerships, not {count}", count=len(ranked)))
    for constrained in (False, True):
        search = _Search(ranked, met, constrained)
        for bye in _bye_candidates(ranked, byes):
            tables = search.pair([p for p in ranked if p != bye])
            if tables is not None:
                return _in_standings_order(tables, ranked) + ([(bye, None)] if bye is not None else [])
        if not search.exhausted:
            raise NoPairing(Said("every way of pairing this round repeats a pairing already played"))
    raise NoPairing(Said("no pairing without a rematch was found within the search's budget"))


def _in_standings_order(tables: list[Table], ranked: Sequence[int]) -> list[Table]:
    """Each table with its better-placed partnership first, the tables by that partnership's place."""
    place = {p: i for i, p in enumerate(ranked)}
    seated = [(a, b) if b is None or place[a] < place[b] else (b, a) for a, b in tables]
    return sorted(seated, key=lambda t: place[t[0]])


def _bye_candidates(ranked: Sequence[int], byes: Collection[int]) -> list[int | None]:
    """Who may sit out, most fitting first: nobody when the number is even; else the lowest-placed first,
    those who have had no bye before those who have."""
    if len(ranked) % 2 == 0:
        return [None]
    lowest_first: list[int | None] = list(reversed(ranked))
    return [p for p in lowest_first if p not in byes] + [p for p in lowest_first if p in byes]


class _Search:
    """Depth-first pairing, bounded by `SEARCH_BUDGET` steps: from the top of the standings, or (constrained)
    the partnership with the fewest opponents left first."""

    def __init__(self, ranked: Sequence[int], met: Collection[frozenset[int]], constrained: bool = False) -> None:
        self.allowed = {p: {q for q in ranked if q != p and frozenset((p, q)) not in met} for p in ranked}
        """Each partnership's possible opponents: those it has not met."""
        self.constrained = constrained
        self.steps = 0
        self.exhausted = False

    def pair(self, order: list[int]) -> list[Table] | None:
        if not order:
            return []
        left = set(order)
        options = {p: len(self.allowed[p] & left) for p in order}
        if self.exhausted or not all(options.values()):
            return None
        top = min(order, key=lambda p: options[p]) if self.constrained else order[0]
        others = [p for p in order if p != top]
        for opponent in others:
            if opponent not in self.allowed[top]:
                continue
            self.steps += 1
            if self.steps > SEARCH_BUDGET:
                self.exhausted = True
                return None
            rest = self.pair([p for p in others if p != opponent])
            if rest is not None:
                return [(top, opponent), *rest]
        return None
