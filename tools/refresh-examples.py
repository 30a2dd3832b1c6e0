#!/usr/bin/env python3
"""Copy the shared examples (../shared/examples) into tests/data/examples, the project's own copy.

The tests read the copy, so a plain clone runs them; tests/test_examples_copy.py fails while the copy
differs from ../shared/examples (where that folder is present). Run from anywhere:

    python tools/refresh-examples.py
"""
from __future__ import annotations

import pathlib
import shutil
import sys

ROOT = pathlib.Path(__file__).resolve().parent.parent
SHARED = ROOT.parent / "shared" / "examples"
COPY = ROOT / "tests" / "data" / "examples"


def main() -> int:
    if not SHARED.is_dir():
        print(f"no shared examples at {SHARED}", file=sys.stderr)
        return 2
    if COPY.exists():
        shutil.rmtree(COPY)
    shutil.copytree(SHARED, COPY)
    print(f"copied {sum(1 for _ in COPY.iterdir())} files to {COPY.relative_to(ROOT)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
