"""Hostile logs: numbers too long for int(), digits outside ASCII, deep nesting. The reader reports each as an
E- entry with its line and column, and every command ends with its exit status, never a traceback."""
from __future__ import annotations

import json
import subprocess
import sys

import pytest

from seeplog import analyse, parse, report_json
from seeplog.ruleset import ruleset_for
from tests.helpers import EXAMPLES, ROOT

BASE = (EXAMPLES / "game-standard-1.seep").read_text()
HUGE = "9" * 5000

HOSTILE = {
    "baazi-target-5000-digits": BASE.replace('[Variant "standard"]', f'[Variant "standard"]\n[BaaziTarget "{HUGE}"]'),
    "max-houses-5000-digits": BASE.replace('[Variant "standard"]', f'[Variant "standard"]\n[MaxHouses "{HUGE}"]'),
    "max-houses-superscript": BASE.replace('[Variant "standard"]', '[Variant "standard"]\n[MaxHouses "²"]'),
    "house-arabic-indic-digit": BASE.replace("E Td x [10] {sweep}", "E Td x [1١] {sweep}"),
    "house-fullwidth-digit": BASE.replace("E Td x [10] {sweep}", "E Td x [1０] {sweep}"),
    "build-value-fullwidth": BASE.replace("S 2c+8c =10", "S 2c+8c =1０"),
    "deal-number-arabic-indic": BASE.replace("deal 1 dealer N", "deal ١ dealer N"),
    "date-arabic-indic": BASE.replace('[Date "2026-01-03"]', '[Date "٢٠٢٦-01-03"]'),
    "nested-braces": '{"a":' * 20000,
}


@pytest.mark.parametrize("text", HOSTILE.values(), ids=HOSTILE.keys())
def test_the_reader_reports_hostile_input_as_log_errors(text):
    log = parse(text)
    assert log.errors and all(e.rule.startswith("E-") and e.line >= 1 and e.column >= 1 for e in log.errors)
    doc = report_json(analyse(text, log=log))
    found = doc.get("errors", []) + [e for g in doc["games"] for e in g["errors"] + [
        e for d in g["deals"] for e in d["errors"]]]
    assert found and all(e["rule"].startswith("E-") for e in found)


@pytest.mark.parametrize("name", ["baazi-target-5000-digits", "house-arabic-indic-digit", "house-fullwidth-digit",
                                  "nested-braces"])
@pytest.mark.parametrize("command", [["validate"], ["validate", "--json"], ["format"], ["score"]])
def test_every_command_ends_cleanly_on_hostile_input(tmp_path, name, command):
    path = tmp_path / f"{name}.seep"
    path.write_text(HOSTILE[name], encoding="utf-8")
    done = subprocess.run([sys.executable, "-m", "seeplog", *command, str(path)], cwd=ROOT, capture_output=True,
                          timeout=120)
    assert done.returncode == 2, done.stderr[-2000:]
    assert b"Traceback" not in done.stderr
    if command == ["validate", "--json"]:
        assert json.loads(done.stdout)
    elif command != ["score"]:  # score prints the scoresheet; its exit status tells of the errors
        assert b"E-SYNTAX" in done.stderr + done.stdout


def test_ruleset_ignores_numbers_it_cannot_read():
    """The tags of a log that did not read are still handed over; the unreadable ones fall back to the default."""
    default = ruleset_for({})
    for value in (HUGE, "²", "0", "-3", "١٢"):
        assert ruleset_for({"BaaziTarget": value, "MaxHouses": value}) == default
    assert ruleset_for({"BaaziTarget": "999999999"}).baazi_target == 999_999_999
