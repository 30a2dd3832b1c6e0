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



@pytest.mark.slow
def test_followers_sent_by_wrk_through_nginx_are_counted_and_kept_off_the_origin():
    bench = championship()
    result = bench.run(5, 400, 8.0, seed=24, through_nginx=True, wrk=True)
    followers = result.figures.wrk
    assert not result.figures.errors and not result.wrong
    assert followers is not None and followers.other_status == 0 and followers.socket_errors == 0
    assert followers.ok >= 5 and followers.not_modified > followers.ok  # a table changes every 3 s, polls every 2 s
    assert result.origin_follow_requests is not None and result.origin_follow_requests < followers.polls / 4
