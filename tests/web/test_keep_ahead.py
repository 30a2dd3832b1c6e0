"""The tables the keep-score page walks through its waiting entries (seeplog/web/live/ahead.py) say what
the library's `what_next` says: who bids after each dealer, who plays at each play, and what follows the
last play; and the page carries them."""
from __future__ import annotations

import html
import json
import random
import re

import pytest

from seeplog.live.table import now_of, what_next
from seeplog.analysis import analyse
from seeplog.playout import deal_lines, random_deal
from seeplog.ruleset import VARIANTS
from seeplog.web.live.ahead import steps_ahead
from tests.web.live_helpers import Keeper


def next_after(variant: str, lines: list[str]) -> dict:
    return what_next(now_of(analyse("\n".join([f'[Variant "{variant}"]', *lines]) + "\n", open_game=True)))


@pytest.mark.parametrize("variant", ["standard", "two-player"])
def test_the_step_after_a_deal_line_is_the_librarys_for_every_dealer(variant):
    rules = VARIANTS[variant]
    tables = steps_ahead(rules)
    for dealer in rules.seats:
        step = next_after(variant, [f"deal 1 dealer {dealer}"])
        assert {**tables["dealt"], "seat": tables["bidder"][dealer]} == {
            k: step[k] for k in ("kind", "missing", "seat")}


@pytest.mark.parametrize(("variant", "seed"), [("standard", 3), ("standard", 4), ("two-player", 5)])
def test_the_seat_at_each_play_and_the_step_after_the_last_are_the_librarys(variant, seed):
    rules = VARIANTS[variant]
    tables = steps_ahead(rules)
    dealer = rules.seats[seed % len(rules.seats)]
    lines = deal_lines(1, dealer, random_deal(rules, dealer, random.Random(seed)))
    head = [line for line in lines if line.split()[0] not in rules.seats]
    plays = lines[len(head):]
    bidder = next(line.split()[1] for line in head if line.startswith("bid "))
    assert len(plays) == len(tables["plays"][bidder]) == rules.plays_per_deal
    for k in range(0, rules.plays_per_deal, 5):
        step = next_after(variant, head + plays[:k])
        assert (step["kind"], step["play"], step["seat"]) == ("play", k + 1, tables["plays"][bidder][k])
    last = next_after(variant, lines)
    assert last["kind"] == tables["after_deal"]["kind"] == "deal" and last["deal"] == 2
    assert set(last["allowed_dealers"]) <= set(tables["after_deal"]["allowed_dealers"])


def test_a_play_by_another_seat_is_followed_by_the_seat_after_it_as_the_library_says():
    rules = VARIANTS["standard"]
    tables = steps_ahead(rules)
    lines = deal_lines(1, "N", random_deal(rules, "N", random.Random(7)))
    head = [line for line in lines if line.split()[0] not in rules.seats]
    plays = lines[len(head):]
    in_turn = plays[0].split()[0]
    other = next(seat for seat in rules.seats if seat != in_turn)
    step = next_after("standard", head + [f"{other} {plays[0].split(' ', 1)[1]}"])
    chain = next(chain for chain in tables["plays"].values() if chain[0] == other)
    assert (step["play"], step["seat"]) == (2, chain[1])


def test_the_keep_page_carries_the_tables_of_its_variant(client):
    keeper = Keeper(client, "two-player")
    page = client.get(f"/live/{keeper.id}/keep").get_data(as_text=True)
    carried = json.loads(html.unescape(re.search(r'data-ahead="([^"]*)"', page).group(1)))
    assert carried == steps_ahead(VARIANTS["two-player"])
    assert carried["plays"]["N"][:3] == ["N", "S", "N"]
