"""NOTATION.md, Cards: where a card is expected, a word of letters and digits of any script and suit
symbols that is not a card is E-CARD, anything else E-SYNTAX, with its line and column; numbers are read in
the digits 0-9 only. And no text at all makes the reader or the validator raise."""
from __future__ import annotations

import os

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import seeplog
from seeplog.analysis import analyse
from seeplog.report import report_json
from tests.helpers import example_files

WORDS = ["Кs", "٣s", "²h", "Ⅹs", "Kſ", "١١", "²", "Ⅻ", "K♠x"]
"""Card-like words that are no card: a Cyrillic K, an Arabic-Indic 3, a superscript 2, a Roman numeral ten, a
long s (whose upper case is S), Arabic-Indic 11 (no house without brackets), a superscript alone, a Roman
twelve, a suit symbol and a letter."""

HEAD = "deal 1 dealer N\n"
PLACES = {
    "play": (HEAD + "floor Ks Qc Tc 4c\nbid W 13\nW Kd x Ks\nS {w}\n", 5, 3),
    "capture list": (HEAD + "floor Ks Qc Tc 4c\nbid W 13\nW Kd x {w}\n", 4, 8),
    "capture group": (HEAD + "floor Ks Qc Tc 4c\nbid W 13\nW Kd x 9c+{w}\n", 4, 11),
    "house play": (HEAD + "floor Ks Qc Tc 4c\nbid W 13\nW Kd x Ks\nS 2h+{w} =10\n", 5, 6),
    "floor": (HEAD + "floor Ks Qc {w} 4c\n", 2, 13),
    "hand": (HEAD + "hand W Kd {w} 3h\n", 2, 11),
    "bid card": (HEAD + "floor Ks Qc Tc 4c\nbid W 13\nW {w}\n", 4, 3),
    "redeal": (HEAD + "redeal W 8d {w} 5c 3s\n", 2, 13),
}


@pytest.mark.parametrize("place", PLACES)
@pytest.mark.parametrize("word", WORDS)
def test_a_card_like_word_of_any_script_is_e_card_where_a_card_is_expected(place, word):
    text, line, column = PLACES[place]
    [error] = seeplog.parse(text.format(w=word)).errors
    assert (error.rule, error.line, error.column) == ("E-CARD", line, column), error.msg
    report_json(analyse(text.format(w=word)))


@pytest.mark.parametrize("place", PLACES)
@pytest.mark.parametrize("word", ["?", "@", "As?", "½!", "٣-"])
def test_anything_else_where_a_card_is_expected_is_e_syntax(place, word):
    text, line, _ = PLACES[place]
    [error] = seeplog.parse(text.format(w=word)).errors
    assert (error.rule, error.line) == ("E-SYNTAX", line), error.msg


def test_the_crash_of_the_issue_is_an_e_card():
    [error] = seeplog.parse("deal 1 dealer N\nfloor Ks Qc Tc 4c\nbid W 13\nW Ks x ²\n").errors
    assert (error.rule, error.line, error.column) == ("E-CARD", 4, 8)


@pytest.mark.parametrize("line, rule, column", [
    ("W Kd x " + "9" * 5001, "E-CARD", 8),
    ("W Kd+" + "9" * 5001 + " =13", "E-CARD", 6),
    ("W Kd x [" + "9" * 5001 + "]", "E-SYNTAX", 9),
    ("W Kd+4c =" + "1" * 5001, "E-SYNTAX", 10),
    ("W Kd+4c =١٣", "E-SYNTAX", 10),
    ("W Kd x [١١]", "E-SYNTAX", 9),
])
def test_long_or_foreign_numbers_in_a_move_are_errors_at_their_column(line, rule, column):
    [error] = seeplog.parse(f"deal 1 dealer N\nfloor Ks Qc Tc 4c\nbid W 13\n{line}\n").errors
    assert (error.rule, error.line, error.column) == (rule, 4, column), error.msg


@pytest.mark.parametrize("number", ["٣", "²", "0", "10000", "9" * 5001, "-1", "1.0", "Ⅲ"])
def test_a_deal_number_is_1_to_9999_in_the_digits_0_to_9(number):
    errors = seeplog.parse(f"deal {number} dealer N\nscore NS 40 EW 60\n").errors
    assert [(e.rule, e.line, e.column) for e in errors] == [("E-SYNTAX", 1, 6)]


def test_a_tag_count_of_many_leading_zeros_is_read():
    log = seeplog.parse('[BaaziTarget "' + "0" * 5000 + '70"]\ndeal 1 dealer N\nscore NS 40 EW 60\n')
    assert log.errors == [] and log.games[0].tags["BaaziTarget"] == "70"
    [error] = seeplog.parse('[BaaziTarget "' + "0" * 5000 + '"]\n').errors
    assert error.rule == "E-SYNTAX" and "above 0" in error.msg


# ---------------------------------------------------------------- no text makes them raise

EXAMPLES = int(os.environ.get("SEEPLOG_FUZZ_EXAMPLES", "300"))
PIECES = ["deal", "dealer", "redeal", "floor", "hand", "bid", "score", "N", "W", "S", "E", "NS", "EW", "x", "+",
          "=", "[", "]", "{", "}", "#", '"', "\n", " ", "\t", "\r", "\ufeff", "\ufe0f", "Ks", "Td", "9s", "10♦",
          "Кs", "٣s", "²h", "Ⅹs", "Kſ", "[11]", "[١١]", "=13", "9" * 5001, "0" * 5001, '[Variant "thirty-punjab"]',
          '[Variant "two-player"]', '[BaaziTarget "', '[MaxHouses "', '[Rotation "team"]', "1", "2", "13", "9999"]
LINES = [line for path in example_files()[:6] for line in path.read_text(encoding="utf-8").splitlines()]

any_text = st.one_of(
    st.text(max_size=200),
    st.lists(st.sampled_from(PIECES) | st.text(max_size=3), max_size=60).map("".join),
    st.lists(st.sampled_from(LINES) | st.text(max_size=20), max_size=40).map("\n".join),
)


@given(any_text)
@settings(max_examples=EXAMPLES, deadline=None, derandomize=True, database=None,
          suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
def test_no_text_at_all_makes_parse_or_the_report_raise(text):
    log = seeplog.parse(text)
    assert all(e.rule in ("E-SYNTAX", "E-CARD", "E-SEAT") and e.line >= 1 and e.column >= 1 for e in log.errors)
    doc = report_json(analyse(text, log=log))
    assert "games" in doc
    for game in doc["games"]:
        assert all(r["next_dealer"] is None or r["next_dealer"] in "NWSE" for r in game["ledger"])
