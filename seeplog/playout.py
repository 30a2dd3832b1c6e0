"""Random legal deals and games: every play chosen among `legal_moves`, written as a log.

Used by the property tests, the benchmark and the sample games. Pass a seeded `random.Random`.
"""
from __future__ import annotations

import random
from dataclasses import dataclass

from .cards import DECK, Card
from .engine import Known, apply, finish, resolve
from .ledger import Lead, next_dealers, settle
from .legal import legal_moves
from .moves import move_text
from .notation.writer import score_line_text
from .ruleset import HALF_PLAYS, KEY_CARDS, Ruleset
from .scoring import computed_score
from .state import State, start


@dataclass(frozen=True)
class PlayedDeal:
    lines: tuple[str, ...]
    final: State


def _first_four(deck: list[Card], rules: Ruleset, rng: random.Random, bidder: str,
                lines: list[str]) -> tuple[list[Card], list[Card], list[Card]]:
    """Shuffle until the bidder can bid (and, in thirty variants, the floor holds neither Td nor 9s)."""
    while True:
        rng.shuffle(deck)
        four, floor = deck[:4], deck[4:8]
        if not any(c.value >= 9 for c in four):
            lines.append(f"redeal {bidder} {' '.join(map(str, sorted(four)))}")
        elif rules.floor_redeal and any(c in KEY_CARDS for c in floor):
            lines.append(f"redeal floor {' '.join(map(str, sorted(floor)))}")
        else:
            return four, floor, deck[8:]


def _hands(rules: Ruleset, bidder: str, four: list[Card], rest: list[Card]) -> dict[str, list[list[Card]]]:
    """Each seat's hands: one of 12 (four players) or two of 12 (two players); the bidder's starts with `four`."""
    seats = [bidder] + [s for s in _order(rules, bidder)[1:]]
    halves = 1 if rules.players == 4 else 2
    hands: dict[str, list[list[Card]]] = {s: [[] for _ in range(halves)] for s in seats}
    hands[bidder][0] = list(four)
    pool = iter(rest)
    for half in range(halves):
        for seat in seats:
            while len(hands[seat][half]) < 12:
                hands[seat][half].append(next(pool))
    return hands


def _order(rules: Ruleset, first: str) -> list[str]:
    seats = list(rules.seats)
    i = seats.index(first)
    return seats[i:] + seats[:i]


class DeadEnd(Exception):
    """The seat to play has no legal play (Punjab's first-house rule can leave the holder of Td so)."""


def random_deal(rules: Ruleset, dealer: str, rng: random.Random, *, hand_line: bool = False,
                attempts: int = 100) -> PlayedDeal:
    """One legal deal, every play drawn at random from the legal plays; a deal that ends in a dead end
    (no legal play) is dealt again."""
    for _ in range(attempts):
        try:
            return _random_deal(rules, dealer, rng, hand_line)
        except DeadEnd:
            continue
    raise RuntimeError(f"no legal deal in {attempts} attempts")


def _random_deal(rules: Ruleset, dealer: str, rng: random.Random, hand_line: bool) -> PlayedDeal:
    bidder = rules.right_of(dealer)
    lines: list[str] = []
    four, floor, rest = _first_four(list(DECK), rules, rng, bidder, lines)
    hands = _hands(rules, bidder, four, rest)
    bid = rng.choice(sorted({c.value for c in four if c.value >= 9}))
    if hand_line:
        lines.append(f"hand {bidder} {' '.join(map(str, sorted(four)))}")
    lines += [f"floor {' '.join(map(str, sorted(floor)))}", f"bid {bidder} {bid}"]
    state = start(rules, tuple(floor), bidder, bid)
    held = {s: list(h[0]) for s, h in hands.items()}
    for number in range(1, rules.plays_per_deal + 1):
        if rules.players == 2 and number == HALF_PLAYS + 1:
            held = {s: list(h[1]) for s, h in hands.items()}
        seat = state.turn
        holders = {c: s for s, cards in held.items() for c in cards if c in KEY_CARDS}
        # Every play is drawn from the true hand (the bid play from the first four): the log, with or
        # without its hand line, must then validate clean (RULES.md §3).
        moves = legal_moves(state, seat, Known(frozenset(four if number == 1 else held[seat]), True, holders))
        if not moves:
            raise DeadEnd(f"no legal play for {seat} at play {number}")
        move = rng.choice(moves)
        lines.append(f"{seat} {move_text(move)}")
        resolved, _ = resolve(state, move)
        state = apply(state, seat, resolved)
        held[seat].remove(move.card)
    final = finish(state)
    return PlayedDeal(tuple(lines), final)


def deal_lines(number: int, dealer: str, played: PlayedDeal, *, with_score: bool = False) -> list[str]:
    lines = [f"deal {number} dealer {dealer}", *played.lines]
    if with_score:
        score = computed_score(played.final)
        lines.append(score_line_text((t, score.card_points[t], score.sweep_points[t])
                                     for t in played.final.rules.teams))
    return lines


def random_game(rules: Ruleset, deals: int, rng: random.Random, *, tags: dict[str, str] | None = None,
                with_score: bool = False, hand_lines: bool | None = None) -> str:
    """A log of `deals` random legal deals, dealt as the rotation names (the first dealer at random), each
    with the bidder's first four on a hand line where `hand_lines` (None: for about half the deals)."""
    head = [f'[{k} "{v}"]' for k, v in {"Variant": rules.name, **(tags or {})}.items()]
    blocks = ["\n".join(head)]
    dealer, lead = rng.choice(rules.seats), Lead()
    for number in range(1, deals + 1):
        hand_line = rng.random() < 0.5 if hand_lines is None else hand_lines
        played = random_deal(rules, dealer, rng, hand_line=hand_line)
        blocks.append("\n".join(deal_lines(number, dealer, played, with_score=with_score)))
        lead, baazi = settle(lead, computed_score(played.final).score, rules)
        dealer, _ = next_dealers(dealer, lead, baazi, rules)
    return "\n\n".join(blocks) + "\n"
