"""The one line reader: what its patterns recognise in canonical spelling is exactly what reading the line
token by token gives (statement, line, columns), so either way a line is read the same."""
import random
import re

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from seeplog import parse
from seeplog.notation.grammar import Table, canonical_statement, read_tokens
from seeplog.notation import SEATS_FOUR, SEATS_TWO, read_line
from seeplog.playout import random_game
from seeplog.ruleset import VARIANTS
from seeplog.notation import Play
from tests.helpers import example_files

ODD_LINES = ["N Jd x Jc 9s+2s", "S 2c+[10] =12", "E 3h+[9]+[10] =22", "W Qd x Qd", "N 5h+5h =10",
             "N Kd x [10]+3s", "W Jc =11", "N 9h =9 9c 5d+4s", "E Ah+[10] =11 Js", "S Td x [10] [10]",
             "deal 12 dealer E", "deal 0 dealer N", "bid W 8", "bid E 14", "floor Ks Kh Kd Kh",
             "floor Ks Kh Kd", "hand S Ks", "hand W Ks Ks", "redeal floor Td 3h 2h Ah", "redeal E 8s 7c 2h 2c"]


def lines() -> list[str]:
    found = [line for path in example_files() for line in path.read_text().splitlines()]
    for variant in VARIANTS.values():
        found += random_game(variant, 2, random.Random(5)).splitlines()
    return found + ODD_LINES


@pytest.mark.parametrize("two", [False, True], ids=["four-player", "two-player"])
def test_the_patterns_read_canonical_lines_as_the_tokens_do(two):
    seats = SEATS_TWO if two else SEATS_FOUR
    taken = set()
    for number, line in enumerate(lines(), start=1):
        fast = canonical_statement(line, number, seats)
        if fast is None:
            continue
        full = read_tokens(line, number, Table("two-player" if two else "standard"))
        assert fast == full and fast.line == full.line and type(fast) is type(full), line
        if isinstance(fast, Play):
            assert (dict(fast.columns), fast.seat_column) == (dict(full.columns), full.seat_column), line
        taken.add(type(fast).__name__)
    assert taken == {"Play", "DealStart", "FloorCards", "BidLine", "Hand", "Redeal"}


@pytest.mark.parametrize("line", ["N Jd x Jc {forced}", "n Jd x Jc", "N Jd X Jc", "N 10d", "N Jd  x Jc",
                                  "N Jd x Jc # note", "N Qh x Qh", "E 5h", "N 2s+[9]+[11] =22",
                                  "deal 1 dealer N {at home}", "floor Ks Kh Kd Ks", "bid E 11", "hand W Ks Ks"])
def test_lines_the_patterns_leave_to_the_tokens(line):
    assert canonical_statement(line, 1, SEATS_TWO) is None


@pytest.mark.parametrize("line, rule, column", [
    ("N ? 6d", "E-SYNTAX", 3), ("N As?", "E-SYNTAX", 3), ("N @", "E-SYNTAX", 3), ("N 5h x 2s+?", "E-SYNTAX", 11),
    ("N Zz", "E-CARD", 3), ("N 1s", "E-CARD", 3), ("N 11h", "E-CARD", 3), ("N 5h x Zz", "E-CARD", 8),
    ("floor Kc Qd ? 8d", "E-SYNTAX", 13), ("floor Kc Qd 1d 8d", "E-CARD", 13),
])
def test_a_word_where_a_card_is_expected_is_read_alike_on_both_paths(line, rule, column):
    """NOTATION.md, Cards: letters, digits and suit symbols that make no card are E-CARD, anything else
    E-SYNTAX; the patterns leave such lines to the token-by-token reading, which says so with the column."""
    assert canonical_statement(line, 1, SEATS_FOUR) is None
    statement = read_line(line, 1)
    assert (statement.error.rule, statement.error.column) == (rule, column)
    [error] = parse(f"deal 1 dealer E\n{line}\n").errors
    assert (error.rule, error.line, error.column) == (rule, 2, column)


# ---------------------------------------------------------------- property: generated and re-spelled logs

def _respell(line: str, rng: random.Random) -> str:
    """The same statement spelled leniently (NOTATION.md): any case, 10 for T, spaces around + and =,
    runs of spaces and tabs, a trailing comment."""
    words = []
    for word in line.split(" "):
        if rng.random() < 0.3:
            word = re.sub(r"T(?=[shdc])", "10", word)
        if rng.random() < 0.3:
            word = word.replace("+", " + ")
        if rng.random() < 0.3 and word.startswith("=") and len(word) > 1:
            word = "= " + word[1:]
        words.append("".join(c.swapcase() if rng.random() < 0.4 else c for c in word))
    spaced = "".join(word + rng.choice([" ", " ", "  ", "\t"]) for word in words).rstrip()
    return rng.choice(["", " ", "  "]) + spaced + rng.choice(["", "  ", " # noted"])


def _agree(line: str, number: int, variant) -> object:
    """`line` read token by token; where the patterns take the line, they read the same, columns included."""
    full = read_tokens(line, number, Table(variant.name))
    fast = canonical_statement(line, number, SEATS_TWO if variant.players == 2 else SEATS_FOUR)
    assert read_line(line, number, variant.name) == full
    if fast is not None:
        assert fast == full and type(fast) is type(full) and fast.line == full.line, line
        if isinstance(fast, Play):
            assert (dict(fast.columns), fast.seat_column) == (dict(full.columns), full.seat_column), line
    return full, fast


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(variant=st.sampled_from(sorted(VARIANTS)), seed=st.integers(0, 2**32 - 1), respelling=st.randoms())
def test_the_patterns_read_generated_lines_as_the_tokens_and_respelled_lines_read_alike(variant, seed, respelling):
    rules = VARIANTS[variant]
    for number, line in enumerate(random_game(rules, 1, random.Random(seed)).splitlines(), start=1):
        if not line.strip() or line.startswith("["):
            continue
        canonical, fast = _agree(line, number, rules)
        assert fast is not None, f"a canonical line the patterns leave to the tokens: {line}"
        respelled = _respell(line, respelling)
        lenient, _ = _agree(respelled, number, rules)
        assert lenient == canonical and type(lenient) is type(canonical), (line, respelled)
