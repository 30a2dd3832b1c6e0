"""The championship bench's short run (bench/championship.py): 20 tables and 200 followers for 20 s under
gunicorn's production config. No timing is asserted: every request answers, and every entry is stored once."""
from __future__ import annotations

import importlib.util
import sys
from pathlib import Path

import pytest

BENCH = Path(__file__).resolve().parents[2] / "bench" / "championship.py"


def championship():
    spec = importlib.util.spec_from_file_location("championship_bench", BENCH)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # its dataclasses look their module up
    spec.loader.exec_module(module)
    return module


@pytest.mark.slow
def test_a_short_championship_stores_every_entry_once_without_an_error():
    bench = championship()
    result = bench.run(20, 200, 20.0, seed=24)
    figures = result.figures
    assert not figures.errors, figures.errors
    assert not result.wrong, result.wrong
    assert len(figures.sent) == 20 and all(figures.sent.values())
    assert sum(len(lines) for lines in figures.sent.values()) == len(figures.write_ms)
    assert figures.polls[200] >= 20 and set(figures.polls) <= {200, 304}

