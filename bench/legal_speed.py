"""How long the legal outcomes take as the loose cards grow (issue 14, point 9).

    .venv/bin/python bench/legal_speed.py [--repeat 5]

For 8, 10, 12 and 14 loose cards of low values (the floors with the most groupings: every small card
combines with the others), with a twelve-card hand of every value from 2 to K, prints: the time of every
legal outcome of the hand (median of the runs), the slowest single card, the number of outcomes, and the
number of groupings they stand for (each grouping was one line before outcomes were grouped).
A figure to watch, not a test.
"""
from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from seeplog.cards import parse_card  # noqa: E402
from seeplog.legal import card_outcomes, legal_outcomes, packings  # noqa: E402
from seeplog.ruleset import VARIANTS  # noqa: E402
from seeplog.state import Known, start  # noqa: E402

LOOSE = "As Ah Ad Ac 2s 2h 2d 3s 3h 3d 4s 4h 5s 5h 6s 6h".split()
HAND = "2c 3c 4d 5d 6d 7s 8s 9s Ts Js Qs Ks".split()


def floor_of(n: int):
    return start(VARIANTS["standard"], tuple(parse_card(c) for c in LOOSE[:n]), "W", None)._replace(played=4)


def timed(fn) -> float:
    packings.cache_clear()
    started = time.perf_counter()
    fn()
    return (time.perf_counter() - started) * 1000


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--repeat", type=int, default=5)
    args = parser.parse_args()
    known = Known(frozenset(parse_card(c) for c in HAND))
    print(f"{'loose':>5} {'whole hand ms':>14} {'slowest card ms':>16} {'outcomes':>9} {'groupings':>10} complete")
    for n in (8, 10, 12, 14):
        state = floor_of(n)
        whole = statistics.median(timed(lambda: legal_outcomes(state, "W", known)) for _ in range(args.repeat))
        slowest = max(statistics.median(timed(lambda: card_outcomes(state, "W", known, card))
                                        for _ in range(args.repeat)) for card in known.hand)
        found = legal_outcomes(state, "W", known)
        outcomes = sum(len(c.outcomes) for c in found)
        groupings = sum(o.groupings for c in found for o in c.outcomes)
        print(f"{n:>5} {whole:14.1f} {slowest:16.1f} {outcomes:>9,} {groupings:>10,} "
              f"{all(c.complete for c in found)}")


if __name__ == "__main__":
    main()
