"""The table of a live game as the scorekeeper sees it: what comes next, the floor now, and what one
card can do on it (every outcome, legal or not: the scorekeeper records what happened)."""
from __future__ import annotations

from typing import Any, Iterator

from dataclasses import dataclass

from ..cards import Card
from ..engine import check, resolve
from ..legal import Search, shown_grouping
from ..ledger import provisional_note, rotation_reason
from ..moves import Build, Capture, HouseRef, Move, Throw, canonical, move_text
from ..notation import Deal, Hand, Play
from ..analysis import Analysis, GameAnalysis
from ..dispute import describe
from ..hands import against_hand_lines
from ..replay import DealReplay
from ..rules import Violation
from ..ruleset import VARIANTS, Ruleset
from ..said import Said, said_json
from ..seen import seen_again
from ..state import Known, State, start


@dataclass(frozen=True)
class Now:
    """A live game's last game as it stands: its analysis (last deal in progress) and its last deal
    replayed play by play (None before a deal with its floor and bid)."""

    analysis: GameAnalysis | None
    last: DealReplay | None

    @property
    def rules(self) -> Ruleset:
        return self.analysis.rules if self.analysis else VARIANTS["standard"]


def now_of(analysis: Analysis) -> Now:
    """The game now: the last game of a live log's analysis, and its last deal with the states around
    its plays."""
    if not analysis.games:
        return Now(None, None)
    last = analysis.games[-1]
    deal = last.deals[-1] if last.deals else None
    if deal is None or deal.replay.deal.floor is None or deal.replay.deal.bid is None:
        return Now(last, None)
    return Now(last, deal.stepped)


# ---------------------------------------------------------------- what comes next

def what_next(now: Now, *, closed: bool = False) -> dict[str, Any]:
    """What the scorekeeper records next: a deal (and who deals it), its bid, its floor, or a play (and
    whose), with the running lead and baazis. A closed game takes nothing more."""
    if closed:
        return {"kind": "closed"}
    analysis = now.analysis
    if analysis is None or not analysis.deals:
        return {"kind": "deal", "deal": 1, "dealer": None, "allowed_dealers": list(now.rules.seats),
                "why": Said("the first deal's dealer is free"), **_standing(None, now.rules)}
    last, row = analysis.deals[-1].replay, analysis.ledger[-1]
    standing = _standing(analysis, analysis.rules)
    if not last.in_progress:
        return {"kind": "deal", "deal": last.deal.number + 1, "dealer": row.next_dealer,
                "allowed_dealers": list(row.allowed_dealers), "why": rotation_reason(row, analysis.rules),
                **standing}
    return {**_in_deal(last.deal, analysis.rules, now.last), **standing}


def _standing(analysis: GameAnalysis | None, rules: Ruleset) -> dict[str, Any]:
    if analysis is None or not analysis.ledger:
        return {"lead": {"team": None, "points": 0}, "baazis": {t: 0 for t in rules.teams}}
    row = analysis.ledger[-1]
    standing = {"lead": {"team": row.lead.team, "points": row.lead.points}, "baazis": analysis.baazis}
    if row.unknown_from is not None:
        standing["provisional"] = provisional_note(row.unknown_from)
    return standing


def _in_deal(deal: Deal, rules: Ruleset, replay: DealReplay | None) -> dict[str, Any]:
    base = {"deal": deal.number, "dealer": deal.dealer,
            "missing": [name for name, line in (("bid", deal.bid), ("floor", deal.floor)) if line is None]}
    if deal.bid is None:
        return {"kind": "bid", "seat": rules.right_of(deal.dealer), **base}
    if deal.floor is None or replay is None:
        return {"kind": "floor", **base}
    state, stopped = deal_state(replay)
    plays = deal.plays
    seat = state.turn
    if stopped is not None and plays:  # the seat after the line it stopped at (a seat of this table)
        last = plays[-1].seat
        seat = rules.right_of(last if last in rules.seats else state.turn)
    out = {"kind": "play", "seat": seat, "play": len(plays) + 1, **base}
    if stopped is not None:
        out["stopped"] = {"rule": stopped.rule, "play": stopped.play, "line": stopped.line,
                          "message": stopped.message, "said": said_json(stopped.message)}
    return out


def deal_state(replay: DealReplay) -> tuple[State, Any]:
    """The state after the deal's last play replayed (kept steps), and the log error that stopped it."""
    deal = replay.deal
    if replay.steps:
        state = replay.steps[-1].after
    else:
        state = start(replay.rules, deal.floor.cards, deal.bid.seat, deal.bid.value)  # type: ignore[union-attr]
    return state, (replay.errors[0] if replay.errors else None)


# ---------------------------------------------------------------- the floor now

def table(now: Now) -> dict[str, Any] | None:
    """The last deal's floor (loose cards, houses with value, owners, cemented), the cards seen in it so
    far, the cards each team has taken, and whether it was recorded by its score alone (`by_score`: no plays,
    a score line); None before the first deal."""
    if now.analysis is None or not now.analysis.deals:
        return None
    rules = now.rules
    deal = now.analysis.deals[-1].replay.deal
    seen = seen_cards(deal)
    out: dict[str, Any] = {"deal": deal.number, "dealer": deal.dealer, "bid": deal.bid.value if deal.bid else None,
                           "bidder": deal.bid.seat if deal.bid else rules.right_of(deal.dealer),
                           "seen": [str(c) for c in sorted(seen)], "floor": None,
                           "by_score": deal.score is not None and not deal.plays}
    if now.last is not None:
        state, _ = deal_state(now.last)
        out["floor"] = floor_json(state)
        out["taken"] = {team: len(cards) for team, cards in state.taken.items()}
        out["turn"] = state.turn
    return out


def floor_json(state: State) -> dict[str, Any]:
    return {"loose": [str(c) for c in state.loose],
            "houses": [{"value": h.value, "cards": [str(c) for c in h.cards], "owners": sorted(h.owners),
                        "cemented": h.cemented} for h in state.houses]}


def seen_cards(deal: Deal) -> set[Card]:
    """The cards this deal has shown: the floor, the recorded hands and every card played."""
    seen = set(deal.floor.cards) if deal.floor else set()
    for hand in deal.of(Hand):
        seen.update(hand.cards)
    seen.update(p.move.card for p in deal.plays if type(p) is Play)
    return seen


# ---------------------------------------------------------------- what one card can do

SINGLE_CAPTURES = 64
"""At most this many one-group captures are offered for a card (a legal floor has a handful)."""


def single_captures(state: State, card: Card, limit: int = SINGLE_CAPTURES) -> Iterator[Capture]:
    """Captures of one group each (the house of the card's value, or one set of loose cards adding up to
    it): with the maximal captures, every capture a player could make, taking all or not. Bounded: at most
    `limit` of them, found by a subset-sum walk that never looks past the value."""
    if state.house(card.value) is not None:
        yield Capture(card, ((HouseRef(card.value),),))
    budget = [SET_STEPS]
    for found, group in enumerate(_sets(state.loose, card.value, 0, budget), start=1):
        yield Capture(card, (group,))
        if found >= limit:
            return


SET_STEPS = 20_000
"""At most this many steps of the subset-sum walk for one card (a hostile floor of many small cards)."""


def _sets(cards: tuple[Card, ...], target: int, start: int, budget: list[int]) -> Iterator[tuple[Card, ...]]:
    """The sets of `cards` (from `start`) adding up to `target`, while `budget` lasts."""
    for i in range(start, len(cards)):
        budget[0] -= 1
        if budget[0] < 0:
            return
        card = cards[i]
        if card.value == target:
            yield (card,)
        elif card.value < target:
            for rest in _sets(cards, target - card.value, i + 1, budget):
                yield (card,) + rest


def kind_name(move: Move) -> str:
    if type(move) is Throw:
        return "throw"
    if type(move) is Capture:
        return "capture"
    return "break" if type(move) is Build and move.broken is not None else "house"


def outcomes(state: State, seat: str, card: Card, known: Known,
             log_error: Violation | None = None) -> list[dict[str, Any]]:
    """Every outcome of `seat` playing `card` on this floor: each capture choice, each house it can make,
    join or raise, and the throw; the legal ones first, each other one with the rules it breaks. With a
    `log_error` (the card seen already, say: `next_play_error`), none is legal and each names that error
    alone: the replay stops at it, and judges no rule."""
    found: dict[str, dict[str, Any]] = {}
    search = EverySearch(state, seat, known, card)
    every = [(move, count) for move, count in search.candidates()] + [(m, 1) for m in single_captures(state, card)]
    for move, count in every:
        move = shown_grouping(canonical(move), count)
        text = move_text(move)
        if text in found:
            continue
        resolved, error = resolve(state, move)
        if error is not None:
            continue
        broken = (log_error,) if log_error is not None else check(state, seat, resolved, known)
        words = describe(resolved, seat, state)
        found[text] = {"move": text, "line": f"{seat} {text}", "kind": kind_name(move), "legal": not broken,
                       "words": words, "words_said": said_json(words),
                       "violations": [{"rule": v.rule, "message": v.message, "said": said_json(v.message)}
                                      for v in broken]}
    order = {"capture": 0, "house": 1, "break": 2, "throw": 3}
    return sorted(found.values(), key=lambda o: (not o["legal"], order[o["kind"]], o["move"]))


class EverySearch(Search):
    """The legal-play lister's candidates of one card, with no class of plays left out for a rule it breaks
    (the scorekeeper may have seen any of them played)."""

    def barred(self, move: Move) -> bool:
        return False


def known_for(replay: DealReplay, seat: str, card: Card) -> Known:
    """What is known of `seat`'s hand at the next play of a deal in progress (RULES.md §3): it holds `card`
    and what the log shows it holds; a card not seen yet may be in it, and a card seen elsewhere is not."""
    if replay.hands is None:
        return Known(frozenset({card}), False)
    known = replay.hands.known(replay.played, seat)
    return known._replace(hand=frozenset(known.hand) | {card},
                          unseen=frozenset(c for c in known.unseen if c != card))


def next_play_error(replay: DealReplay, seat: str, card: Card) -> Violation | None:
    """The log error that stops a deal in progress if `seat` plays `card` next, as the replay would find it:
    a card seen already in the deal (E-CARD), or one a recorded hand line contradicts (E-HAND); else None."""
    deal, number = replay.deal, len(replay.deal.plays) + 1
    seen: dict[Card, str | int] = dict.fromkeys(deal.floor.cards, "floor") if deal.floor else {}
    for index, statement in enumerate(deal.plays, start=1):
        if type(statement) is Play:
            seen.setdefault(statement.move.card, index)
    if card in seen:
        return Violation("E-CARD", seen_again(Play(seat, Throw(card)), seen), number, seat)
    said = against_hand_lines(replay.hands, seat, card, number) if replay.hands is not None else None
    return Violation("E-HAND", said, number, seat) if said is not None else None


# ---------------------------------------------------------------- the end of a deal

def leftover(now: Now) -> dict[str, Any] | None:
    """The cards left on the floor after the last deal's last play and who takes them: the team of the
    last seat to capture (RULES.md, the last-capture rule). None while the deal is being played, or when
    it has no plays replayed (a deal recorded by its score)."""
    replay = now.last
    if replay is None or not replay.steps or now.analysis is None or now.analysis.deals[-1].replay.in_progress:
        return None
    state = replay.steps[-1].after
    cards = [str(c) for c in state.loose] + [str(c) for h in state.houses for c in h.cards]
    seat = state.last_capturer
    return {"cards": cards, "seat": seat, "team": now.rules.team_of(seat) if seat and cards else None}
