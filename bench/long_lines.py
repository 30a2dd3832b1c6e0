"""How long reading a log takes when one line is 10 MB, for several shapes of line.

    python bench/long_lines.py
"""
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from seeplog import parse  # noqa: E402

LONG = 10 * 1024 * 1024
SHAPES = {
    "word": "W " + "Z" * LONG,
    "cards": "hand W " + "Ks Kh Kd Kc " * (LONG // 12),
    "pluses": "W 2s+" + "3s+" * (LONG // 3) + " =11",
    "houses": "W Kh x " + "[9] " * (LONG // 4),
    "annotation": "W 5h {" + "a" * LONG + "}",
    "comment": "W 5h # " + "a" * LONG,
    "spaces": "W 5h" + " " * LONG + "x",
    "braces": "W 5h " + "{" * LONG,
    "quotes": "W " + '"' * LONG,
    "brackets": "W Kh x " + "[" * LONG,
    "tag": '[Event "' + "a" * LONG + '"]',
    "escapes": '[Event "' + '\\"' * (LONG // 2) + '"]',
}


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
