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
from seeplog.notation import Deal, read_line
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


def read_deal(lines: list[str], rules: Ruleset) -> Deal:
    return parse(f'[Variant "{rules.name}"]\n\n' + "\n".join(lines) + "\n").games[0].deals[0]


def findings(lines: list[str] | Deal, rules: Ruleset) -> Findings:
    """What the validator finds in a log of this one deal."""
    deal = read_deal(lines, rules) if isinstance(lines, list) else lines
    replayed = replay_deal(deal, rules, keep_steps=False)
    return Findings(replayed.violations, replayed.errors)


def cuts(deal: Deal) -> Iterator[tuple[int, str, Deal]]:
    """The deal's log cut after each play k (0: before the bid play), in two ways: "stop", the log ends
    there (E-INCOMPLETE); "error", play k+1 names a floor card again (E-CARD) and the rest is kept.
    (Cut from the statements read once: reading the lines again would only repeat the same reading.)"""
    statements = deal.statements
    first = statements.index(deal.plays[0])
    floor = deal.floor.cards[0]  # type: ignore[union-attr]
    for k, play in enumerate(deal.plays):
        yield k, "stop", Deal(statements[:first + k])
        seen_twice = read_line(f"{play.seat} {floor}", play.line)
        yield k, "error", Deal(statements[:first + k] + (seen_twice,) + statements[first + k + 1:])


def added_by_cuts(lines: list[str], rules: Ruleset) -> Iterator[tuple[int, str, Violation]]:
    """Every violation a cut log shows that the whole log does not show at the same play, and every cut
    whose log error is not the expected one (as a violation of rule "cut")."""
    deal = read_deal(lines, rules)
    whole = {(v.rule, v.play) for v in findings(deal, rules).violations}
    for k, how, cut in cuts(deal):
        found = findings(cut, rules)
        expected = ("E-INCOMPLETE", None) if how == "stop" else ("E-CARD", k + 1)
        if [(e.rule, e.play) for e in found.errors] != [expected]:
            yield k, how, Violation("cut", f"errors {[(e.rule, e.play) for e in found.errors]}, not {expected}")
        for violation in found.violations:
            if (violation.rule, violation.play) not in whole or (violation.play or 0) > k:
                yield k, how, violation
