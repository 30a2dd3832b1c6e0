"""Mutated example logs through the reader, the validator, the writer and the legal plays: whatever the text,
each gives its findings and no exception escapes. Hypothesis with a bounded budget (SEEPLOG_FUZZ_EXAMPLES)."""
from __future__ import annotations

import os

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from seeplog import analyse, dumps, parse, report_json
from seeplog.dispute import replay_view
from seeplog.legal import legal_outcomes
from seeplog.replay import hand_knowledge, replay_deal
from seeplog.ruleset import ruleset_for
from seeplog.scoresheet import scoresheet_text
from seeplog.analysis import analyse_game
from tests.helpers import example_files
from tests.hostile_logs import by_category, hostile_log, script_digits, through_library

EXAMPLES = int(os.environ.get("SEEPLOG_FUZZ_EXAMPLES", "300"))
LOGS = [p.read_text(encoding="utf-8") for p in example_files()]

HOSTILE = ["١", "１", "²", "٣", "9" * 5000, "[", "]", "{", "}", "\"", "+", "=", "x", " x ", "#", "\ufeff", "\r", "\t",
           "\u00a0", "\u2003", "\ud800", "\udcff", "\x00", "deal 1 dealer N", "floor", "hand", "bid", "redeal",
           "score NS 50 EW 50", '[BaaziTarget "', '[MaxHouses "', "[Variant \"thirty-punjab\"]", "=13", "[13]",
           "[1١]", "[9１]", " =1١", "10♠", "Td", "Ks x", "[Date \"٢٠٢٦-01-01\"]", "{" * 50, "[" * 50]


LOOKALIKE_DIGITS = ["١", "٣", "۵", "１", "９", "²", "³", "①", "߁", "𝟗"]
"""Characters that str.isdigit() or the regex \\d take for digits, but are no ASCII digits."""
LONG = [10, 19, 20, 400, 5000]


@st.composite
def mutated_log(draw) -> str:
    """An example log with a few edits: text cut out, hostile text put in, lines doubled, dropped or swapped."""
    lines = draw(st.sampled_from(LOGS)).split("\n")
    for _ in range(draw(st.integers(1, 6))):
        if not lines:
            lines = [""]
        i = draw(st.integers(0, len(lines) - 1))
        line = lines[i]
        at = draw(st.integers(0, len(line)))
        kind = draw(st.sampled_from(["insert", "cut", "double", "drop", "swap", "replace", "text", "digit",
                                     "number"]))
        digits = [k for k, ch in enumerate(line) if ch.isascii() and ch.isdigit()]
        if kind in ("digit", "number") and digits:
            k = draw(st.sampled_from(digits))
            new = draw(st.sampled_from(LOOKALIKE_DIGITS)) if kind == "digit" else "9" * draw(st.sampled_from(LONG))
            lines[i] = line[:k] + new + line[k + 1:]
        elif kind == "insert":
            lines[i] = line[:at] + draw(st.sampled_from(HOSTILE)) + line[at:]
        elif kind == "text":
            lines[i] = line[:at] + draw(st.text(max_size=12)) + line[at:]
        elif kind == "cut":
            lines[i] = line[:at] + line[at + draw(st.integers(1, 8)):]
        elif kind == "double":
            lines.insert(i, line)
        elif kind == "drop":
            del lines[i]
        elif kind == "swap":
            j = draw(st.integers(0, len(lines) - 1))
            lines[i], lines[j] = lines[j], lines[i]
        else:
            words = line.split(" ")
            k = draw(st.integers(0, len(words) - 1))
            words[k] = draw(st.sampled_from(HOSTILE + words))
            lines[i] = " ".join(words)
    return "\n".join(lines)


@given(mutated_log(), st.integers(0, 60))
@settings(max_examples=EXAMPLES, deadline=None, derandomize=True, database=None,
          suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
def test_no_exception_escapes_the_reader_the_validator_or_the_legal_plays(text, pick):
    log = parse(text)
    assert all(e.rule.startswith("E-") and e.line >= 1 for e in log.errors)
    doc = report_json(analyse(text, log=log))
    assert set(doc) >= {"games"}
    dumps(log)
    parse(dumps(log))
    for game in log.games:
        scoresheet_text(analyse_game(game))
        rules = ruleset_for(game.tags)
        for deal in game.deals[:2]:
            replayed = replay_deal(deal, rules)
            if replayed.steps:
                step = replayed.steps[pick % len(replayed.steps)]
                hands = hand_knowledge(deal, rules, replayed.bidder)
                legal_outcomes(step.before, step.before.turn, hands.known(step.number - 1, step.before.turn))
                replay_view(replayed, step.number)


class Drawn:
    """A Hypothesis draw as the chooser of tests.hostile_logs.mutate (so that Hypothesis can shrink a find)."""

    def __init__(self, data):
        self.data = data

    def randint(self, a: int, b: int) -> int:
        return self.data.draw(st.integers(a, b))

    def choice(self, seq):
        return self.data.draw(st.sampled_from(seq))


@given(st.data(), st.integers(0, 60))
@settings(max_examples=EXAMPLES, deadline=None, derandomize=True, database=None,
          suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
def test_no_exception_escapes_on_unicode_of_every_category_and_digits_of_every_script(data, pick):
    """Every reading the command line makes (validate, format, score, legal, live show) of a mutated example."""
    through_library(hostile_log(Drawn(data)), pick)


def test_the_mutations_reach_every_category_and_every_script():
    categories = by_category()
    assert {"Lu", "Ll", "Nd", "No", "Mn", "Zs", "Cc", "Cf", "Cs", "Co", "Cn", "So", "Sm", "Pd"} <= set(categories)
    digits = script_digits()
    assert {"١", "۵", "१", "১", "๓", "１", "𝟗", "²", "①"} <= set(digits) and len(digits) > 600
