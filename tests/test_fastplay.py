"""The fast path for plain play lines reads exactly what the full reader reads."""
import random

import pytest

from seeplog.fastplay import fast_play
from seeplog.notation import SEATS_FOUR, SEATS_TWO, read_line
from seeplog.playout import random_game
from seeplog.ruleset import VARIANTS
from tests.conftest import example_files


def play_lines() -> list[str]:
    lines = [line for path in example_files() for line in path.read_text().splitlines()]
    lines += random_game(VARIANTS["standard"], 3, random.Random(5)).splitlines()
    return lines + ["N Jd x Jc 9s+2s", "S 2c+[10] =12", "E 3h+[9]+[10] =22", "W Qd x Qd", "N 5h+5h =10",
                    "N Kd x [10]+3s", "W Jc =11", "N 9h =9 9c 5d+4s", "E Ah+[10] =11 Js", "S Td x [10] [10]"]


@pytest.mark.parametrize("two", [False, True], ids=["four-player", "two-player"])
def test_the_fast_path_agrees_with_the_full_reader(two):
    seats = SEATS_TWO if two else SEATS_FOUR
    taken = 0
    for number, line in enumerate(play_lines(), start=1):
        fast = fast_play(line, number, seats)
        if fast is None:
            continue
        full = read_line(line, number, "two-player" if two else "standard")
        assert fast == full and fast.line == full.line, line
        assert (fast.columns, fast.seat_column) == (full.columns, full.seat_column), line
        taken += 1
    assert taken > 100


@pytest.mark.parametrize("line", ["N Jd x Jc {forced}", "n Jd x Jc", "N Jd X Jc", "N 10d", "N Jd  x Jc",
                                  "N Jd x Jc # note", "N Qh x Qh", "E 5h", "N 2s+[9]+[11] =22"])
def test_lines_the_fast_path_leaves_to_the_full_reader(line):
    assert fast_play(line, 1, SEATS_TWO) is None
