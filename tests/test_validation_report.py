"""The command line's report, made one deal at a time (`report.validation_report`), is the report of the
log's whole analysis (`report_json(build(text))`), and holds much less memory than it."""
from __future__ import annotations

import gc
import random
import tracemalloc

import pytest

from seeplog import VARIANTS
from seeplog.analysis import build
from seeplog.notation import reader
from seeplog.notation.grammar import clear_caches
from seeplog.notation.reader import split_lines
from seeplog.playout import random_game
from seeplog.report import report_json, validation_report
from tests.helpers import example_files
from tests.hostile_logs import example_logs, mutate


@pytest.mark.parametrize("path", example_files(), ids=lambda p: p.name)
def test_the_report_of_every_example_is_that_of_its_analysis(path):
    text = path.read_text(encoding="utf-8")
    assert validation_report(text) == report_json(build(text))


@pytest.mark.parametrize("seed", range(150))
def test_the_report_of_a_mutated_log_is_that_of_its_analysis(seed):
    rng = random.Random(seed)
    text = mutate(rng.choice(example_logs()), rng)
    assert validation_report(text) == report_json(build(text))


@pytest.mark.parametrize("text", ["", "\n", "# only a comment\n", '[Event "x"]', '[Event "x"]\n\n[Event "y"]\n'])
def test_logs_with_no_deal(text):
    assert validation_report(text) == report_json(build(text))


def test_games_of_several_deals_each_get_their_own_ledger():
    rng = random.Random(3)
    text = "\n".join(random_game(VARIANTS[name], 3, rng) for name in ("standard", "two-player", "thirty"))
    doc = validation_report(text)
    assert [len(g["deals"]) for g in doc["games"]] == [3, 3, 3]
    assert doc == report_json(build(text))


@pytest.mark.parametrize("size", [1, 2, 3, 7, 40])
def test_lines_split_a_part_at_a_time_are_the_lines_of_the_whole(monkeypatch, size):
    text = "\ufeffdeal 1\r\nfloor\rbid\n\nN 5h\r\n\r\n\ufeffW 6h\r\rE\n" * 5 + "last"
    whole = list(split_lines(text))
    monkeypatch.setattr(reader, "LINES_AT_ONCE", size)
    assert list(split_lines(text)) == whole
    assert list(split_lines(text + "\r\n")) == whole
    assert [line for _, line in whole][:3] == ["deal 1", "floor", "bid"]


def test_a_long_game_is_reported_in_a_fraction_of_the_memory_of_its_whole_analysis():
    text = random_game(VARIANTS["standard"], 30, random.Random(5))
    peaks = []
    for report in (lambda: report_json(build(text)), lambda: validation_report(text)):
        clear_caches()  # each reads every line anew
        gc.collect()  # no garbage of earlier tests is collected while one is measured
        tracemalloc.start()
        report()
        peaks.append(tracemalloc.get_traced_memory()[1])
        tracemalloc.stop()
    whole, streamed = peaks
    assert streamed < whole / 2, (whole, streamed)


@pytest.mark.parametrize("given, said", [(b"deal 1 dealer N", "analyse takes the log's text as a str, not bytes: "
                                                               "decode the bytes first"),
                                          (None, "analyse takes the log's text as a str, not NoneType")])
def test_analyse_says_it_takes_text(given, said):
    from seeplog import analyse
    with pytest.raises(TypeError) as raised:
        analyse(given)
    assert str(raised.value) == said
