#!/usr/bin/env python3
"""Copy the shared examples and spec (../shared/examples, ../shared/spec) into tests/data, the project's
own copy.

The tests read the copy, so a plain clone runs them; tests/test_shared_copy.py fails while the copy
differs from ../shared (where that folder is present). Run from anywhere:

    python tools/refresh-shared.py
"""
from __future__ import annotations

import pathlib
import shutil
import sys

ROOT = pathlib.Path(__file__).resolve().parent.parent
SHARED = ROOT.parent / "shared"
DATA = ROOT / "tests" / "data"
FOLDERS = ("examples", "spec")


def main() -> int:
    if not SHARED.is_dir():
        print(f"no shared folder at {SHARED}", file=sys.stderr)
        return 2
    for name in FOLDERS:
        copy = DATA / name
        if copy.exists():
            shutil.rmtree(copy)
        shutil.copytree(SHARED / name, copy)
        print(f"copied {sum(1 for _ in copy.iterdir())} files to {copy.relative_to(ROOT)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
