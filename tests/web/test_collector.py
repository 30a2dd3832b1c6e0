"""A served process tunes its garbage collector once, after start-up (seeplog/web/collector.py)."""
from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

from seeplog.web.collector import MIDDLE, OLDER, YOUNG

ROOT = Path(__file__).resolve().parents[2]
PROBE = """
import gc, json, os, sys
from seeplog.web.collector import tune_collector
from seeplog.web.factory import create_app
before = gc.get_threshold()
create_app({"DATABASE": sys.argv[1], "SECRET_KEY": "t", "LOAD_SAMPLES": False, "REBUILD_IN_BACKGROUND": False})
made = {"before": before, "after": gc.get_threshold(), "frozen": gc.get_freeze_count(), "again": tune_collector()}
pid = os.fork()
if pid == 0:
    os._exit(0 if tune_collector() else 1)
made["child"] = os.waitpid(pid, 0)[1] == 0
print(json.dumps(made))
"""


def probe(tmp_path, **env) -> dict:
    done = subprocess.run([sys.executable, "-c", PROBE, str(tmp_path / "s.db")], cwd=ROOT, capture_output=True,
                          text=True, env={**os.environ, **env}, timeout=120)
    assert done.returncode == 0, done.stderr
    return json.loads(done.stdout.splitlines()[-1])


def test_the_app_raises_the_thresholds_and_freezes_start_up_once_per_process(tmp_path):
    made = probe(tmp_path)
    assert made["before"] == [700, 10, 10] and made["after"] == [YOUNG, MIDDLE, OLDER]
    assert made["frozen"] > 10_000  # the modules and the app, never walked again
    assert made["again"] is False  # a second app in the same process leaves it
    assert made["child"] is True  # a forked worker tunes its own


def test_the_setting_leaves_cpythons_defaults(tmp_path):
    made = probe(tmp_path, SEEPLOG_TUNE_GC="0")
    assert made["after"] == [700, 10, 10] and made["frozen"] == 0
