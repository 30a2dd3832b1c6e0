"""The crash classes a fuzzer found, one test each, on the reproducer kept in tests/data/hostile/: every
command ends with its findings and exit status, never a traceback. (Classes 5 and 6, lone surrogates and deep
JSON nesting, reach only the service: tests/web/test_crash_classes.py.)"""
from __future__ import annotations

import subprocess
import sys

import pytest

from seeplog import analyse, parse, report_json
from seeplog.live.table import now_of, what_next
from seeplog.replay import replay_deal
from seeplog.ruleset import ruleset_for
from seeplog.stopped import plays_shown
from tests.helpers import DATA, ROOT

HOSTILE = DATA / "hostile"


def run(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "seeplog", *args], cwd=ROOT, capture_output=True, text=True,
                          timeout=120)


def assert_no_traceback(done: subprocess.CompletedProcess, *statuses: int) -> None:
    assert "Traceback" not in done.stderr, done.stderr[-2000:]
    assert done.returncode in statuses, (done.returncode, done.stderr[-2000:])


@pytest.mark.parametrize("command", [["validate"], ["format"], ["score"], ["legal", "--deal", "1", "--play", "1"],
                                     ["live", "show"]])
def test_class1_value_error_on_a_unicode_digit(command):
    """`E Ks x ²`: a word str.isdigit() accepts and int() refuses is an E- error at its column."""
    path = HOSTILE / "class1-unicode-digit.seep"
    log = parse(path.read_text(encoding="utf-8"))
    assert any(e.rule.startswith("E-") and (e.line, e.column) == (6, 8) for e in log.errors), log.errors
    done = run(command[0], str(path), *command[1:])
    assert_no_traceback(done, 0, 1, 2)


def test_class2_index_error_on_a_bare_hand_line_after_the_floor():
    """What comes next in a deal whose replay stopped before any play: the bidder plays first."""
    step = what_next(now_of(analyse((HOSTILE / "class2-bare-hand-after-floor.seep").read_text(encoding="utf-8"),
                                    open_game=True)))
    assert (step["kind"], step["seat"], step["play"]) == ("play", "W", 1)
    done = run("live", "show", str(HOSTILE / "class2-bare-hand-after-floor.seep"))
    assert_no_traceback(done, 2)  # its log error, as validate exits
    assert "next: play 1 of deal 1, W to play" in done.stdout


def test_class3_key_error_on_an_east_play_in_a_two_player_game():
    """A play by E at a two-player table is E-SEAT; what comes next names a seat of the table."""
    analysis = analyse((HOSTILE / "class3-two-player-east.seep").read_text(encoding="utf-8"), open_game=True)
    assert [e.rule for e in analysis.log.errors] == ["E-SEAT"]
    step = what_next(now_of(analysis))
    assert step["kind"] == "play" and step["seat"] in ("N", "S")
    done = run("live", "show", str(HOSTILE / "class3-two-player-east.seep"))
    assert_no_traceback(done, 2)  # E-SEAT, as validate exits
    assert "entry 5: E-SEAT" in done.stdout


def test_class4_assertion_error_on_a_deal_of_bid_score_then_floor():
    """A deal recorded by its bid and score (and a floor) has no plays to view: `legal` says so."""
    path = HOSTILE / "class4-bid-score-floor.seep"
    log = parse(path.read_text(encoding="utf-8"))
    game = log.games[0]
    assert plays_shown(replay_deal(game.deals[0], ruleset_for(game.tags))) == 0
    assert report_json(analyse(path.read_text(encoding="utf-8"), log=log))["games"][0]["deals"][0]["errors"] == []
    done = run("legal", str(path), "--deal", "1", "--play", "1")
    assert_no_traceback(done, 2)
    assert "play 1" in done.stderr


@pytest.mark.parametrize("command", ["show", "add"])
@pytest.mark.parametrize("kind", ["not-utf8", "missing", "folder"])
def test_live_commands_refuse_a_file_they_cannot_read(tmp_path, command, kind):
    path = tmp_path / "table.seep"
    if kind == "not-utf8":
        path.write_bytes(b'[Variant "standard"]\n[Event "Caf\xe9"]\n')
    elif kind == "folder":
        path.mkdir()
    extra = ["deal 1 dealer N"] if command == "add" else []
    done = run("live", command, str(path), *extra)
    assert_no_traceback(done, 2)
    assert str(path) in done.stderr
    if kind == "not-utf8":
        assert path.read_bytes() == b'[Variant "standard"]\n[Event "Caf\xe9"]\n'


@pytest.mark.parametrize("line", ["deal 0 dealer N", "deal -3 dealer N", "deal 99999999999999999999 dealer N",
                                  "deal ² dealer N"])
def test_live_add_refuses_a_deal_line_it_would_have_to_change(tmp_path, line):
    path = tmp_path / "table.seep"
    assert run("live", "new", str(path)).returncode == 0
    kept = path.read_bytes()
    done = run("live", "add", str(path), line)
    assert_no_traceback(done, 2)
    assert "E-SYNTAX" in done.stderr and "not recorded" in done.stderr
    assert path.read_bytes() == kept

