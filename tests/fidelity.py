"""Rules fidelity on generated games (issue 9): what the property tests and bench/fidelity.py share.

A legal deal, written with or without the bidder's hand line, must validate clean; and cutting its log
after any play, as the end of the log or a log error would, must never add a violation to the plays
before the cut (RULES.md §3: a log that stops early shows the hands only up to where it stops).
"""
from __future__ import annotations

import random
from collections.abc import Iterator
from dataclasses import dataclass

from seeplog import parse
from seeplog.playout import deal_lines, random_deal
from seeplog.replay import replay_deal
from seeplog.rules import Violation
from seeplog.ruleset import Ruleset


@dataclass(frozen=True)
class Findings:
    violations: tuple[Violation, ...]
    errors: tuple[Violation, ...]


def legal_deal(rules: Ruleset, rng: random.Random) -> list[str]:
    """The lines of one random legal deal (from its `deal` line), with the bidder's hand line."""
    dealer = rng.choice(rules.seats)
    return deal_lines(1, dealer, random_deal(rules, dealer, rng, hand_line=True))


def without_hand_lines(lines: list[str]) -> list[str]:
    return [line for line in lines if not line.startswith("hand ")]


def findings(lines: list[str], rules: Ruleset) -> Findings:
    """What the validator finds in a log of this one deal."""
    text = f'[Variant "{rules.name}"]\n\n' + "\n".join(lines) + "\n"
    replayed = replay_deal(parse(text).games[0].deals[0], rules, keep_steps=False)
    return Findings(replayed.violations, replayed.errors)


def cuts(lines: list[str]) -> Iterator[tuple[int, str, list[str]]]:
    """The deal's log cut after each play k (0: before the bid play), in two ways: "stop", the log ends
    there (E-INCOMPLETE); "error", play k+1 names a floor card again (E-CARD) and the rest is kept."""
    first = next(i for i, line in enumerate(lines) if line.startswith("bid ")) + 1
    floor = next(line for line in lines if line.startswith("floor ")).split()[1]
    plays = len(lines) - first
    for k in range(plays):
        yield k, "stop", lines[:first + k]
        seat = lines[first + k].split()[0]
        yield k, "error", lines[:first + k] + [f"{seat} {floor}"] + lines[first + k + 1:]


def added_by_cuts(lines: list[str], rules: Ruleset) -> Iterator[tuple[int, str, Violation]]:
    """Every violation a cut log shows that the whole log does not show at the same play, and every cut
    whose log error is not the expected one (as a violation of rule "cut")."""
    whole = {(v.rule, v.play) for v in findings(lines, rules).violations}
    for k, how, cut in cuts(lines):
        found = findings(cut, rules)
        expected = ("E-INCOMPLETE", None) if how == "stop" else ("E-CARD", k + 1)
        if [(e.rule, e.play) for e in found.errors] != [expected]:
            yield k, how, Violation("cut", f"errors {[(e.rule, e.play) for e in found.errors]}, not {expected}")
        for violation in found.violations:
            if (violation.rule, violation.play) not in whole or (violation.play or 0) > k:
                yield k, how, violation
