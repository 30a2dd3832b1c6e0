"""How long reading a log takes when one line is 10 MB, for several shapes of line.

    python bench/long_lines.py
"""
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from seeplog import parse  # noqa: E402
from tests.test_notation import long_lines  # noqa: E402

SHAPES = long_lines()


def main() -> None:
    print(f"{'shape':<12} {'seconds':>8}  first error")
    for name, line in SHAPES.items():
        text = "deal 1 dealer N\n" + line + "\ndeal 2 dealer W\nscore NS 40 EW 60\n"
        started = time.perf_counter()
        log = parse(text)
        elapsed = time.perf_counter() - started
        first = log.errors[0] if log.errors else None
        print(f"{name:<12} {elapsed:8.2f}  {first.rule + ' ' + first.msg[:50] if first else '-'}")


if __name__ == "__main__":
    main()
