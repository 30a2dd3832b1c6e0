"""A fuzz run by hand: mutated example logs (tests/hostile_logs.py: Unicode of every general category, digits
of every script, huge numbers, lines moved, doubled, dropped and cut) through every reading of the command line
(validate, format, score, legal, live show) and, every --service-every-th log, through the upload and live
APIs (in process, on a store in memory). It prints the crashes by class (the exception and the innermost line
of seeplog it came from) and the 5xx answers by request, with the first log of each, and exits 1 if any.

    .venv/bin/python bench/fuzz.py [--logs 100000] [--seed 1] [--service-every 100] [--minutes 15]
"""
from __future__ import annotations

import argparse
import pathlib
import random
import shutil
import sys
import time
import traceback
from collections import Counter

ROOT = pathlib.Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from tests.hostile_logs import by_category, hostile_log, script_digits, through_library, through_service  # noqa: E402


def crash_class(exc: BaseException) -> str:
    """The exception's type and the innermost frame of seeplog's own code it passed through."""
    frames = [f for f in traceback.extract_tb(exc.__traceback__) if "/seeplog/" in f.filename]
    where = f"{pathlib.Path(frames[-1].filename).relative_to(ROOT)}:{frames[-1].lineno}" if frames else "?"
    return f"{type(exc).__name__} in {where}"


def service_client():
    from tests.web.helpers import make_app
    from tests.web.live_helpers import fast_store_folder

    folder = next(fast_store_folder())
    app = make_app(folder / "fuzz.db", MAX_CONTENT_LENGTH=1024 * 1024, MAX_FORM_MEMORY_SIZE=1024 * 1024)
    app.config["PROPAGATE_EXCEPTIONS"] = False
    return app.test_client(), folder


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--logs", type=int, default=10_000)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--service-every", type=int, default=100, help="0: the library only")
    parser.add_argument("--minutes", type=float, default=None, help="stop after this long (the count is printed)")
    args = parser.parse_args()
    rng = random.Random(f"fuzz-{args.seed}")
    by_category(), script_digits()  # built once, before the clock starts
    client, folder = service_client() if args.service_every else (None, None)
    crashes: Counter[str] = Counter()
    failures: Counter[str] = Counter()
    first: dict[str, str] = {}
    started = time.perf_counter()
    done = served = 0
    try:
        for done in range(1, args.logs + 1):
            text = hostile_log(rng)
            try:
                through_library(text, rng.randint(0, 60))
            except Exception as exc:  # noqa: BLE001 - every escape is what this run counts
                key = crash_class(exc)
                crashes[key] += 1
                first.setdefault(key, text)
            if client is not None and done % args.service_every == 0:
                served += 1
                for label, status in through_service(client, text):
                    key = f"{status} from {label}"
                    failures[key] += 1
                    first.setdefault(key, text)
            if done % 5000 == 0:
                print(f"{done:,} logs, {time.perf_counter() - started:.0f} s, {sum(crashes.values())} crashes, "
                      f"{sum(failures.values())} 5xx", flush=True)
            if args.minutes and time.perf_counter() - started > args.minutes * 60:
                break
    finally:
        if folder is not None:
            shutil.rmtree(folder, ignore_errors=True)
    elapsed = time.perf_counter() - started
    print(f"\n{done:,} mutated logs through the library, {served:,} of them through the upload and live APIs, "
          f"in {elapsed:.0f} s ({done / elapsed:.0f} logs/s); seed {args.seed}")
    print(f"crashes: {sum(crashes.values())} in {len(crashes)} classes; 5xx answers: {sum(failures.values())}")
    for key, count in (crashes + failures).most_common():
        print(f"\n{count:>7}  {key}\n         first log: {first[key][:300]!r}")
    return 1 if crashes or failures else 0


if __name__ == "__main__":
    sys.exit(main())
