"""The garbage collector of a serving process: tuned once its start-up is done, for the live write path.

A worker keeps large values for as long as they are asked for: the analyses and views of the games it
served (the one cache of `seeplog.analysis`; a long live game is hundreds of thousands of objects). With
CPython's default thresholds (700, 10, 10) a collection of the oldest generation, which walks every one
of them, falls now and then on a request: the 5,000th entry of a live game took 25-35 ms at the median
but up to 146 ms at the 95th percentile, most of it the collector (69 ms with it off). So:

- `gc.freeze()` once the app is made: what start-up built (the modules, the app, the library's tables,
  a process's whole state inherited from gunicorn's master) lives as long as the process, and is never
  walked again. Done once per process (the pid is kept), so that a test run making many apps does not
  freeze each one.
- A generation-0 threshold of `YOUNG` allocations (from 700), and a full collection after `OLDER`
  collections of the middle generation (from 10): fewer, not larger, walks of what is kept. Safe for
  memory: reference counting still frees at once everything that is not in a cycle (nearly all of a
  request's garbage), and cycles wait at most for `YOUNG` more allocations (a few MB) before they are
  freed. The collector stays on.

`SEEPLOG_TUNE_GC=0` (or the app setting `TUNE_GC` False) leaves the interpreter's defaults.
"""
from __future__ import annotations

import gc
import os

YOUNG = 20_000
"""Allocations (less frees) of container objects before generation 0 is collected (CPython: 700)."""
MIDDLE = 10
"""Collections of generation 0 before generation 1 is collected (CPython's own)."""
OLDER = 50
"""Collections of generation 1 before a full collection is considered (CPython: 10); CPython also waits
until what came to the oldest generation since the last one is a quarter of it."""

_tuned_in: int | None = None
"""The process that tuned its collector (a worker forked after its master tuned its own tunes again)."""


def tune_collector() -> bool:
    """Raise the thresholds and freeze what exists now, once per process; whether it was done now."""
    global _tuned_in
    if _tuned_in == os.getpid():
        return False
    gc.set_threshold(YOUNG, MIDDLE, OLDER)
    gc.collect()  # what start-up left as garbage is freed, not frozen
    gc.freeze()
    _tuned_in = os.getpid()
    return True
