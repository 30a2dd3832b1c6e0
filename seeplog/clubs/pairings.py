"""Round-robin pairings by the circle method: every partnership meets every other once.

Partnerships are numbered 1..n. With an odd n a bye (None) joins them, so each round one partnership sits
out, and each sits out once. A round is a list of tables (a, b), b None for the bye (at the end).
"""
from __future__ import annotations

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
