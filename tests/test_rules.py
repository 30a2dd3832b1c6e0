"""Every rule and log error of RULES.md: at least one legal and one violating case, named after its ID."""
from __future__ import annotations

import random
import re
from dataclasses import replace

import pytest

from seeplog.playout import deal_lines, random_deal
from seeplog.rules import RULES
from seeplog.ruleset import VARIANTS
from tests.conftest import EXAMPLES
from tests.positions import findings, log_findings, position

STANDARD = VARIANTS["standard"]
PUNJAB = VARIANTS["thirty-punjab"]
BID = dict(played=0, bid=11)

# (rule, legal?, state, play line, rest of the hand, holders of Td/9s)
PLAY_CASES = [
    ("R-TURN", True, position("Kc Qd", turn="N"), "N 5h", "", None),
    ("R-TURN", False, position("Kc Qd", turn="N"), "W 5h", "", None),
    # pagat's forced capture: bid 11 over 2s 9s J K, holding 7 8 8 J
    ("R-CAPTURE-ALL", True, position("Kc Jh 9s 2s", **BID), "N Jd x Jh 9s+2s", "8h 8d 7c", None),
    ("R-CAPTURE-ALL", False, position("Kc Jh 9s 2s", **BID), "N Jd x 9s+2s", "8h 8d 7c", None),
    ("R-MUST-CAPTURE", False, position("Kc Jh 9s 2s", **BID), "N Jd", "8h 8d 7c", None),
    # RULES §5.1: a jack over 2 3 5 6 takes 2+3+6 or 5+6; either is legal, less is not
    ("R-CAPTURE-ALL", True, position("6s 5h 3d 2c"), "N Jd x 6s+3d+2c", "", None),
    ("R-CAPTURE-ALL", True, position("6s 5h 3d 2c"), "N Jd x 6s+5h", "", None),
    ("R-CAPTURE-ALL", False, position("9c 6s 5h 3d 2c"), "N Jd x 9c+2c", "", None),
    ("R-CAPTURE-ALL", False, position("9h 4d", ((13, "9s 4c", "W"),)), "N Kc x 9h+4d", "", None),
    ("R-CAPTURE-SUM", True, position("9s 4c"), "N 9h x 9s", "", None),
    ("R-CAPTURE-SUM", False, position("9s 4c"), "N Jd x 9s", "", None),
    ("R-CAPTURE-SUM", False, position("", ((11, "6s 5c", "W"),)), "N Qd x [11]", "", None),
    ("R-CAPTURE-HOUSE-SET", True, position("3s", ((10, "7h 3d", "W"),)), "N Td x [10]", "", None),
    ("R-CAPTURE-HOUSE-SET", False, position("3s", ((10, "7h 3d", "W"),)), "N Kd x [10]+3s", "", None),
    # a house inside a set is R-CAPTURE-HOUSE-SET alone, whatever the set adds up to
    ("R-CAPTURE-SUM", True, position("2s", ((10, "7h 3d", "W"),)), "N Kd x [10]+2s", "", None),
    ("R-MUST-CAPTURE", True, position("Kc Qd 5s"), "N Jd", "", None),
    ("R-MUST-CAPTURE", False, position("", ((11, "6s 5c", "W"),)), "N Jd", "", None),
    ("R-BID-PLAY", True, position("Kc 9h 5d 3c", **BID), "N 8s+3c =11", "Jd 6h", None),
    ("R-BID-PLAY", False, position("Kc 9h 5d 3c", **BID), "N 3s x 3c", "Jd 8s", None),
    ("R-BID-PLAY", False, position("Kc 9h 5d 3c", **BID), "N 5s+9h =14", "Jd 8s", None),
    ("R-BID-THROW", True, position("Kc Qd 8c 8d", **BID), "N Jd", "7s 7h 2h", None),
    ("R-BID-THROW", False, position("Kc 9h 5d 3c", **BID), "N Jd", "8s 6h 2h", None),
    ("R-HOUSE-VALUE", True, position("2s"), "N Jc+2s =13", "Kd", None),
    ("R-HOUSE-VALUE", False, position("7s"), "N Jc+7s =18", "Kd", None),
    ("R-HOUSE-SUM", True, position("4d 4c"), "N 3s+4d+4c =11", "Jh", None),
    ("R-HOUSE-SUM", False, position("4d 3d"), "N 3s+4d+3d =11", "Jh", None),
    ("R-HOUSE-SUM", False, position("6h 4d 2d"), "N 7s+4d =11 6h+2d", "Jh", None),
    ("R-HOUSE-AUTO", True, position("Js", ((10, "7h 3d", "W"),)), "N Ah+[10] =11 Js", "Jd", None),
    ("R-HOUSE-AUTO", False, position("Js", ((10, "7h 3d", "W"),)), "N Ah+[10] =11", "Jd", None),
    ("R-HOUSE-AUTO", True, position("Js", ((11, "7h 4d", "S"),)), "N 9d+2d =11", "Jc", None),
    ("R-HOUSE-HOLD", True, position("2d"), "N 9d+2d =11", "Jc", None),
    ("R-HOUSE-HOLD", False, position("2d"), "N 9d+2d =11", "5c", None),
    ("R-HOUSE-HOLD", True, position("2d", ((11, "7h 4d", "S"),)), "N 9d+2d =11", "5c", None),
    ("R-HOUSE-HOLD", False, position("2d", ((11, "7h 4d", "E"),)), "N 9d+2d =11", "5c", None),
    ("R-BREAK-LOOSE", True, position("3s", ((10, "7h 3d", "W"),)), "E 2c+[10] =12", "Qd", None),
    ("R-BREAK-LOOSE", False, position("3s", ((10, "7h 3d", "W"),), turn="E"), "E 2c+[10]+3s =12", "Qd", None),
    ("R-BREAK-CEMENTED", True, position("", ((12, "7s 5d", "S"),)), "N As+[12] =13", "Kd", None),
    ("R-BREAK-CEMENTED", False, position("", ((12, "Qh 7s 5d", "W"),)), "N As+[12] =13", "Kd", None),
    ("R-BREAK-OWN", True, position("", ((9, "5h 4c", "N"),), turn="W"), "W 4h+[9] =13", "Kd", None),
    ("R-BREAK-OWN", True, position("", ((9, "5h 4c", "N"),), turn="S"), "S 4h+[9] =13", "Kd", None),
    ("R-BREAK-OWN", False, position("", ((9, "5h 4c", "S"),), turn="S"), "S 4h+[9] =13", "Kd", None),
    ("R-OWNER-KEEP", True, position("Ad", ((9, "5h 4c", "S"),), turn="S"), "S 9d x [9]", "", None),
    ("R-OWNER-KEEP", True, position("Ad", ((9, "5h 4c", "S"),), turn="S"), "S 9d+Ad =10", "9c Tc", None),
    ("R-OWNER-KEEP", False, position("Ad", ((9, "5h 4c", "S"),), turn="S"), "S 9d+Ad =10", "Tc", None),
    ("R-HOUSE-LIMIT", True, position("Js Qc", ((9, "5h 4c", "W"), (10, "6h 4d", "E")),
                                     rules=replace(STANDARD, max_houses=2)), "N Qd x Qc", "", None),
    ("R-HOUSE-LIMIT", False, position("Js Qc", ((9, "5h 4c", "W"), (10, "6h 4d", "E")),
                                      rules=replace(STANDARD, max_houses=2)), "N Ac+Js =12 Qc", "Qd", None),
    ("R-PUNJAB-FIRST", True, position("7d 3s", rules=PUNJAB, built=frozenset({("N", 10)})),
     "N Td x 7d+3s", "", None),
    ("R-PUNJAB-FIRST", False, position("7d 3s", rules=PUNJAB), "N Td x 7d+3s", "", None),
    ("R-PUNJAB-FIRST", True, position("6d", rules=PUNJAB), "N 4s+6d =10", "Td", {"Td": "N"}),
    ("R-PUNJAB-FIRST", False, position("6d", rules=PUNJAB), "N 4s+6d =10", "Tc", {"Td": "W"}),
    ("E-FLOOR", True, position("Js"), "N Jd x Js", "", None),
    ("E-FLOOR", False, position("Js"), "N Jd x Jc", "", None),
    ("E-FLOOR", False, position("Js"), "N Qd x [12]", "", None),
    ("E-SHAPE", True, position("", ((12, "7s 5d", "W"),)), "N Qh =12", "Qd", None),
    ("E-SHAPE", False, position("Js"), "N Qh =12", "Qd", None),
    ("E-AMBIGUOUS", True, position("Kc 9s 2s"), "N Jd x", "", None),
    ("E-AMBIGUOUS", False, position("6s 5h 3d 2c"), "N Jd x", "", None),
]


@pytest.mark.parametrize("rule, legal, state, line, hand, holders", PLAY_CASES,
                         ids=[f"{c[0]}-{'legal' if c[1] else 'violating'}-{c[3]}" for c in PLAY_CASES])
def test_play_rule(rule, legal, state, line, hand, holders):
    found = findings(state, line, hand, holders)
    assert (rule not in found) if legal else (rule in found), found


# ---------------------------------------------------------------- rules of a whole deal or game

def _deal(variant: str, seed: int, *, score: bool = False) -> list[str]:
    rules = VARIANTS[variant]
    played = random_deal(rules, "N", random.Random(seed), hand_line=True)
    return deal_lines(1, "N", played, with_score=score)


def _log(lines: list[str], variant: str = "standard") -> str:
    return f'[Variant "{variant}"]\n\n' + "\n".join(lines) + "\n"


def _swap(lines: list[str], pattern: str, new: str) -> list[str]:
    i = next(i for i, line in enumerate(lines) if re.match(pattern, line))
    return lines[:i] + [new] + lines[i + 1:]


def _play_index(lines: list[str], number: int) -> int:
    first = next(i for i, line in enumerate(lines) if line.startswith("bid "))
    return first + number


SCORE_ONLY = "deal 1 dealer N\nscore NS 60 EW 40\n\ndeal 2 dealer {dealer}\nscore NS 50 EW 50"


def log_cases():
    deal = _deal("standard", 7)
    scored = _deal("standard", 8, score=True)
    bid_line = next(line for line in deal if line.startswith("bid "))
    bidder, bid = bid_line.split()[1], int(bid_line.split()[2])
    hand = next(line for line in deal if line.startswith("hand "))
    unheld = next(v for v in range(9, 14) if v not in {_value(t) for t in hand.split()[2:]})
    floor_card = next(line for line in deal if line.startswith("floor ")).split()[1]
    fifth = _play_index(deal, 5)
    others = [line.split()[1].split("+")[0] for line in deal[_play_index(deal, 2):]
              if not line.startswith(bidder + " ")][:4]  # the cards played (a house play names more)
    yield "R-DEALER", True, SCORE_ONLY.format(dealer="W")
    yield "R-DEALER", False, SCORE_ONLY.format(dealer="N")
    yield "R-REDEAL", True, "deal 1 dealer N\nredeal W 8d 5h 5c 3s\nscore NS 50 EW 50"
    yield "R-REDEAL", False, "deal 1 dealer N\nredeal W Ts 9s 6h 3s\nscore NS 50 EW 50"
    yield "R-REDEAL", True, _log(["deal 1 dealer N", "redeal floor Td 3h 2h Ah", "score NS 10 EW 20"], "thirty")
    yield "R-REDEAL", False, _log(["deal 1 dealer N", "redeal floor 8d 3h 2h Ah", "score NS 10 EW 20"], "thirty")
    yield "R-BID-RANGE", True, _log(deal)
    yield "R-BID-RANGE", False, _log(_swap(deal, "bid ", f"bid {bidder} 8"))
    yield "R-BID-HOLD", True, _log(deal)
    yield "R-BID-HOLD", False, _log(_swap(deal, "bid ", f"bid {bidder} {unheld}"))
    yield "R-TURN", False, _log(_swap(deal, "bid ", f"bid {STANDARD.right_of(bidder)} {bid}"))
    yield "R-HOUSE-LEFT", True, _log(deal)
    yield "R-HOUSE-LEFT", False, (EXAMPLES / "r-house-left.seep").read_text()
    yield "R-SCORE-CLAIM", True, _log(scored)
    yield "R-SCORE-CLAIM", False, _log(scored[:-1] + ["score NS 1 EW 99"])
    yield "R-SCORE-TOTAL", True, "deal 1 dealer N\nscore NS 40 EW 60+50"
    yield "R-SCORE-TOTAL", False, "deal 1 dealer N\nscore NS 40 EW 62"
    yield "E-SYNTAX", True, "deal 1 dealer N\nscore NS 40 EW 60"
    yield "E-SYNTAX", False, "deal 1 dealer N\nscore NS 40 EW sixty"
    yield "E-CARD", True, _log(deal)
    yield "E-CARD", False, _log(deal[:fifth] + [f"{deal[fifth].split()[0]} {floor_card}"] + deal[fifth + 1:])
    yield "E-CARD", False, "deal 1 dealer N\nfloor Zs 9h 5d 3c\nbid W 11"
    yield "E-SEAT", True, _log(["deal 1 dealer S", "score N 40 S 60"], "two-player")
    yield "E-SEAT", False, _log(["deal 1 dealer E", "score N 40 S 60"], "two-player")
    yield "E-HAND", True, _log(deal)
    yield "E-HAND", False, _log(_swap(deal, "hand ", f"hand {bidder} {' '.join(others)}"))
    yield "E-INCOMPLETE", True, _log(deal)
    yield "E-INCOMPLETE", False, _log(deal[:-10])


def _value(card: str) -> int:
    return "A23456789TJQK".index(card[0].upper()) + 1


LOG_CASES = list(log_cases())


@pytest.mark.parametrize("rule, legal, text", LOG_CASES,
                         ids=[f"{c[0]}-{'legal' if c[1] else 'violating'}-{i}" for i, c in enumerate(LOG_CASES)])
def test_log_rule(rule, legal, text):
    found = log_findings(text)
    assert (rule not in found) if legal else (rule in found), found
