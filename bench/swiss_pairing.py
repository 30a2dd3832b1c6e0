"""Swiss pairing's speed (seeplog/clubs/pairings.py): events of 8 to 64 partnerships, each round paired from
standings of random results until no pairing without a rematch is left (or --rounds); prints, per size, the
rounds paired, the slowest round and what stopped the event. Not a test.

    .venv/bin/python bench/swiss_pairing.py [--seeds 3] [--rounds 0]
"""
from __future__ import annotations

import argparse
import os
import platform
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from seeplog.clubs.pairings import NoPairing, Table, meetings, swiss_round  # noqa: E402
from seeplog.clubs.standings import TableResult, standings  # noqa: E402


def results_of(tables: list[Table], rng: random.Random) -> list[TableResult]:
    out = []
    for a, b in tables:
        if b is None:
            out.append(TableResult(0, a, None, (0, 0), (0, 0)))
        else:
            won = rng.randint(0, 2)
            out.append(TableResult(0, a, b, (won, 2 - won), (rng.randint(100, 300), rng.randint(100, 300)), deals=5))
    return out


def event(size: int, seed: int, most: int) -> tuple[int, float, str]:
    """Rounds paired, the slowest round's seconds, and why the event stopped."""
    rng, results, rounds, slowest = random.Random(seed * 1000 + size), [], [], 0.0
    while not most or len(rounds) < most:
        ranked = [s.pair for s in standings(range(1, size + 1), results)]
        start = time.perf_counter()
        try:
            tables = swiss_round(ranked, meetings(rounds), {a for t in rounds for a, b in t if b is None})
        except NoPairing as e:
            return len(rounds), max(slowest, time.perf_counter() - start), str(e)
        slowest = max(slowest, time.perf_counter() - start)
        rounds.append(tables)
        results += results_of(tables, rng)
    return len(rounds), slowest, "the rounds asked for"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seeds", type=int, default=3)
    parser.add_argument("--rounds", type=int, default=0, help="stop after this many rounds (0: until none is left)")
    args = parser.parse_args()
    print(f"{platform.python_implementation()} {platform.python_version()} on {platform.machine()}, "
          f"load average {os.getloadavg()[0]:.2f}")
    for size in (8, 16, 17, 32, 33, 48, 64):
        for seed in range(args.seeds):
            paired, slowest, why = event(size, seed, args.rounds)
            print(f"{size:3d} partnerships, seed {seed}: {paired:3d} rounds, slowest {slowest * 1000:7.1f} ms; "
                  f"stopped: {why}")


if __name__ == "__main__":
    main()
