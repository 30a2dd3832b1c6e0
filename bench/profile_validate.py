"""cProfile on seeplog's part of bench/validate_speed.py: the same seeded corpus, one profiled
``report_json(build(text))``, and the top functions by cumulative and by own time.

    .venv/bin/python bench/profile_validate.py [--deals 1000] [--seed 1] [--top 25]

The same as ``bench/validate_speed.py --profile``; python-chess is not needed.
"""
from __future__ import annotations

import pathlib
import sys

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent))

from validate_speed import main  # noqa: E402

if __name__ == "__main__":
    main([*sys.argv[1:], "--profile"])
