"""RULES.md §6, Punjab thirty: the holder of Td (9s) is the seat dealt it in this deal, also at the bid play,
before the rest of the cards are dealt: the seat that plays it later, or whose `hand` line shows it. A
possible alternative that would itself break R-PUNJAB-FIRST is no alternative."""
from __future__ import annotations

import pytest

from seeplog.analysis import analyse
from seeplog.report import report_json

FLOOR = ["deal 1 dealer E", "floor Kh 7c 6d 2c", "bid N 10"]
FIRST_FOUR = "hand N Th 4s 3h Ah"
LATER = ["W 5s", "S 5h", "E 5d"]
"""Plays 2 to 4, so that N's next play is play 5."""


def findings(lines: list[str], key: str = "Td") -> list[tuple[str, int | None]]:
    text = '[Variant "thirty-punjab"]\n\n' + "\n".join(lines).replace("Td", key) + "\n"
    deal = report_json(analyse(text))["games"][0]["deals"][0]
    return [(v["rule"], v["play"]) for v in deal["violations"]]


BUILD = "N 4s+6d =10"
"""N's bid play: the first 10-house of the deal."""


@pytest.mark.parametrize("how, lines", [
    ("a later play", FLOOR + [BUILD] + LATER[:1] + ["S 5h", "E 5d", "N 3s", "W Td"]),
    ("a hand line", FLOOR[:1] + ["hand W Td"] + FLOOR[1:] + [BUILD, "W 5s"]),
])
def test_the_first_10_house_at_the_bid_play_is_the_td_holders_and_w_holds_it(how, lines):
    assert ("R-PUNJAB-FIRST", 1) in findings(lines), how


@pytest.mark.parametrize("how, lines", [
    ("a later play", FLOOR + [BUILD] + LATER + ["N Td"]),
    ("a hand line", FLOOR[:1] + ["hand N Td 4s 3h Ah 5c 5h 8s 8h 8d 8c Qs Qh"] + FLOOR[1:] + [BUILD, "W 5s"]),
])
def test_the_bidder_dealt_td_after_the_first_four_may_build_the_first_10_house(how, lines):
    assert ("R-PUNJAB-FIRST", 1) not in findings(lines), how


THROW = [FLOOR[0], FIRST_FOUR] + FLOOR[1:] + ["N Th"]
"""N throws the bid card Th; the one other play of 10 N's first four allow is the first 10-house, 4s+6d."""


@pytest.mark.parametrize("how, lines", [
    ("a later play", THROW + LATER + ["N 3h", "W Td"]),
    ("a hand line", THROW[:2] + ["hand W Td"] + THROW[2:] + ["W 5s"]),
])
def test_a_first_10_house_that_another_seat_holds_td_for_is_no_alternative_to_the_bid_throw(how, lines):
    assert "R-BID-THROW" not in [rule for rule, _ in findings(lines)], how


def test_when_the_bidder_is_dealt_td_later_the_10_house_was_an_alternative():
    assert ("R-BID-THROW", 1) in findings(THROW + LATER + ["N Td"])


@pytest.mark.parametrize("holder, flagged", [("W", True), ("N", False)])
def test_likewise_9s_and_the_first_9_house(holder, flagged):
    lines = ["deal 1 dealer E", f"hand {holder} 9s", "floor Kh 7c 6d 2c", "bid N 9", "N 3s+6d =9", "W 5s"]
    if holder == "N":
        lines[1] = "hand N 9s 3s 4h Ah 5c 5h 8s 8h 8d 8c Qs Qh"
    assert (("R-PUNJAB-FIRST", 1) in findings(lines, "9s")) is flagged
