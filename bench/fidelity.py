"""Rules fidelity on generated games (issue 9): random legal deals must validate clean.

A benchmark-size run of the property tests of tests/test_playouts.py. For each variant it

1. generates --deals random legal deals (every play drawn from the legal plays of the true hands),
   writes each WITHOUT the bidder's hand line and validates it: every violation or log error found is
   a false accusation;
2. cuts the first --cut-deals of them after every play, as the end of the log (E-INCOMPLETE) or a log
   error (E-CARD, the rest of the log kept) would, every other deal with its hand line: a violation
   the cut adds to the plays before it is a false accusation too.

It prints the counts per variant as it goes, and exits 1 when anything was found.

    .venv/bin/python bench/fidelity.py [--deals 20000] [--cut-deals 2000] [--seed 1] [--variants ...]
"""
from __future__ import annotations

import argparse
import pathlib
import random
import sys
import time
from collections import Counter

ROOT = pathlib.Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from seeplog.ruleset import VARIANTS  # noqa: E402
from tests.fidelity import added_by_cuts, findings, legal_deal, without_hand_lines  # noqa: E402


def run_variant(variant: str, deals: int, cut_deals: int, seed: int) -> dict:
    rules = VARIANTS[variant]
    rng = random.Random(f"fidelity-{seed}-{variant}")
    found: Counter[str] = Counter()
    flagged_deals = cut_checks = 0
    cut_found: Counter[str] = Counter()
    example = None
    started = time.perf_counter()
    for number in range(deals):
        lines = legal_deal(rules, rng)
        bare = without_hand_lines(lines)
        result = findings(bare, rules)
        if result.violations or result.errors:
            flagged_deals += 1
            found.update(v.rule for v in result.violations + result.errors)
            example = example or "\n".join(bare)
        if number < cut_deals:
            for k, how, violation in added_by_cuts(lines if number % 2 else bare, rules):
                cut_found[violation.rule] += 1
                example = example or f"cut after play {k} ({how}): {violation}"
            cut_checks += 2 * 48
    return {"variant": variant, "deals": deals, "flagged": flagged_deals, "found": found,
            "cut_deals": min(cut_deals, deals), "cuts": cut_checks, "cut_found": cut_found, "example": example,
            "seconds": time.perf_counter() - started}


def line(row: dict) -> str:
    found = sum(row["found"].values())
    cut_found = sum(row["cut_found"].values())
    return (f"{row['variant']:<14} {row['deals']:>7,} {row['flagged']:>9,} {found:>11,}   "
            f"{row['cut_deals']:>7,} {row['cuts']:>9,} {cut_found:>11,}   {row['seconds']:8.0f}")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--deals", type=int, default=20_000, help="legal deals per variant, without hand lines")
    parser.add_argument("--cut-deals", type=int, default=2_000, help="of those, deals cut after every play")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--variants", nargs="*", default=list(VARIANTS), choices=list(VARIANTS))
    args = parser.parse_args(argv)
    print(f"command: python bench/fidelity.py --deals {args.deals} --cut-deals {args.cut_deals} --seed {args.seed}")
    print(f"{'variant':<14} {'deals':>7} {'flagged':>9} {'violations':>11}   {'cut':>7} {'cut logs':>9} "
          f"{'added':>11}   {'seconds':>8}")
    print("-" * 96, flush=True)
    bad = False
    for variant in args.variants:
        row = run_variant(variant, args.deals, args.cut_deals, args.seed)
        print(line(row), flush=True)
        if row["found"] or row["cut_found"]:
            bad = True
            print(f"  found: {dict(row['found'])}; added by cuts: {dict(row['cut_found'])}")
            print("  first case:\n    " + row["example"].replace("\n", "\n    "), flush=True)
    print("deals: legal deals validated without hand lines; flagged: deals with any violation or log error; "
          "violations: findings in them;\ncut: deals cut after every play (2 cut logs a play: the log ends, "
          "or a log error with the rest kept); added: violations a cut added before it")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
