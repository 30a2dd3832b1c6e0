"""One play of a deal as the table saw it: the floor before and after, the hands as known, the play in
words, what it broke and what the rules allowed instead. Pure values for the dispute view and its API."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Iterable

from .cards import Card
from .hands import HandKnowledge
from .legal import outcome_key, position_before
from .moves import Build, Capture, Group, HouseRef, Move, Throw, a_house, canonical, group_text, move_text
from .notation import Game
from .replay import DealReplay, Step, replay_deal
from .rules import RULES, Violation
from .ruleset import ruleset_for
from .state import State


def _cards(cards: Iterable[Card]) -> str:
    return " ".join(map(str, sorted(cards)))


def _group_words(group: Group) -> str:
    if len(group) == 1 and isinstance(group[0], HouseRef):
        return f"the {group[0].value}-house"
    return group_text(group)


def _and(parts: list[str]) -> str:
    return parts[0] if len(parts) == 1 else ", ".join(parts[:-1]) + " and " + parts[-1]


def describe(move: Move, seat: str, before: State) -> str:
    """The play in words: ``E builds a 9-house: 4c on the loose 5h``.

    >>> from seeplog.ruleset import VARIANTS
    >>> from seeplog.state import start
    >>> from seeplog.cards import parse_card as c
    >>> describe(Build(c("4c"), (c("5h"),), 9), "E", start(VARIANTS["standard"], (c("5h"),), "E", None))
    'E builds a 9-house: 4c on the loose 5h'
    """
    if isinstance(move, Throw):
        return f"{seat} throws {move.card} loose"
    if isinstance(move, Capture):
        groups = move.groups or ()
        return f"{seat} takes {_and([_group_words(g) for g in groups]) if groups else 'nothing'} with {move.card}"
    return _describe_build(move, seat, before)


def _describe_build(move: Build, seat: str, before: State) -> str:
    extras = f", with {_and([group_text(g) for g in move.extras])}" if move.extras else ""
    there = before.house(move.value)
    if move.broken is not None:
        verb = f"raises the {move.broken.value}-house to {move.value} with {move.card}"
        if there is not None and move.broken.value != move.value:
            verb += f", joining the {move.value}-house"
        return f"{seat} {verb}{extras}"
    if there is not None:
        what = "+".join(map(str, (move.card,) + move.loose))
        return f"{seat} adds {what} to the {move.value}-house, cementing it{extras}"
    loose = f" on the loose {'+'.join(map(str, move.loose))}" if move.loose else ""
    return f"{seat} builds {a_house(move.value)}: {move.card}{loose}{extras}"


@dataclass(frozen=True)
class Alternative:
    """One legal outcome of a card: its move (one grouping) in notation and in words."""

    text: str
    words: str
    card: str = ""
    groupings: int = 1
    """How many groupings of the same cards reach this outcome (each once its own line)."""
    played: bool = False
    """It takes or joins what the play made did (perhaps grouped otherwise)."""


@dataclass(frozen=True)
class PlayView:
    """Everything the dispute view shows of one play."""

    deal: int
    number: int
    plays: int
    """How many plays the replay reached in this deal."""
    step: Step
    words: str
    hands: dict[str, tuple[tuple[Card, ...], bool]]
    """Each seat's hand before the play as known: (cards, partial)."""
    legal: tuple[Alternative, ...]
    turn: str
    """The seat whose turn it was (the legal plays are that seat's)."""
    legal_complete: bool = True
    """False when a floor too large for the bounds left some outcomes unlisted."""

    @property
    def violations(self) -> tuple[Violation, ...]:
        return self.step.violations

    @property
    def text(self) -> str:
        return move_text(self.step.move)


def legal_alternatives(step: Step, hands: HandKnowledge) -> tuple[tuple[Alternative, ...], bool]:
    """The outcomes the seat to move could have chosen, in notation and in words, sorted by text; and
    whether the list is complete."""
    turn = step.before.turn
    found = position_before(step.before, hands, step.number - 1).outcomes
    played = outcome_key(canonical(step.move))
    alternatives = sorted((Alternative(o.text, describe(o.move, turn, step.before), str(o.card), o.groupings,
                                       o.key == played) for card in found for o in card.outcomes),
                          key=lambda a: a.text)
    return tuple(alternatives), all(card.complete for card in found)


def _hands(step: Step, replay: DealReplay, hands: HandKnowledge) -> dict[str, tuple[tuple[Card, ...], bool]]:
    partial = not hands.complete
    out = {}
    for seat in replay.rules.seats:
        cards = hands.hand_of(seat, step.number - 1)
        first_four_unknown = step.number == 1 and seat == replay.bidder and hands.first_four is None
        out[seat] = (tuple(sorted(cards)), partial or first_four_unknown)
    return out


def find_deal(game: Game, number: int) -> DealReplay:
    """:raises LookupError: when the game has no such deal."""
    deal = next((d for d in game.deals if d.number == number), None)
    if deal is None:
        raise LookupError(f"there is no deal {number}")
    return replay_deal(deal, ruleset_for(game.tags))


def play_view(game: Game, deal_number: int, play_number: int) -> PlayView:
    """The view of play `play_number` of deal `deal_number`.

    :raises LookupError: when the deal is missing or its replay did not reach that play.
    """
    return replay_view(find_deal(game, deal_number), play_number)


def replay_view(replay: DealReplay, play_number: int) -> PlayView:
    """The view of play `play_number` of a deal already replayed (one replay serves a whole page).

    :raises LookupError: when the replay did not reach that play.
    """
    deal_number = replay.deal.number
    if not 1 <= play_number <= len(replay.steps):
        raise LookupError(f"deal {deal_number} has no play {play_number} that the replay reached "
                          f"(it reached {len(replay.steps)})")
    step = replay.steps[play_number - 1]
    hands = replay.hands
    assert hands is not None  # known whenever the replay made a step
    legal, complete = legal_alternatives(step, hands)
    return PlayView(deal_number, play_number, len(replay.steps), step, describe(step.move, step.seat, step.before),
                    _hands(step, replay, hands), legal, step.before.turn, complete)


# ---------------------------------------------------------------- JSON

def state_json(state: State) -> dict[str, Any]:
    return {
        "loose": [str(c) for c in state.loose],
        "houses": [{"value": h.value, "cards": [str(c) for c in h.cards], "owners": sorted(h.owners),
                    "cemented": h.cemented} for h in state.houses],
        "taken": {team: [str(c) for c in cards] for team, cards in state.taken.items()},
        "cards_taken": {team: len(cards) for team, cards in state.taken.items()},
        "sweeps": [{"play": s.play, "seat": s.seat, "card": str(s.card), "points": s.points} for s in state.sweeps],
        "turn": state.turn,
        "last_capturer": state.last_capturer,
    }


def play_json(view: PlayView) -> dict[str, Any]:
    step = view.step
    return {
        "deal": view.deal,
        "play": view.number,
        "plays": view.plays,
        "seat": step.seat,
        "turn": view.turn,
        "move": view.text,
        "words": view.words,
        "line": step.statement.line,
        "annotation": step.statement.annotation,
        "before": state_json(step.before),
        "after": state_json(step.after),
        "hands": {seat: {"cards": [str(c) for c in cards], "partial": partial}
                  for seat, (cards, partial) in view.hands.items()},
        "violations": [{"rule": v.rule, "message": v.message, "line": v.line, "column": v.column,
                        "explanation": RULES[v.rule].explanation} for v in view.violations],
        "legal": [a.text for a in view.legal],
        "legal_words": [a.words for a in view.legal],
        "legal_groupings": [a.groupings for a in view.legal],
        "legal_complete": view.legal_complete,
    }
