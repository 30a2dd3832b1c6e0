"""One play of a deal as the table saw it: the floor before and after, the hands as known, the play in
words, what it broke and what the rules allowed instead. Pure values for the dispute view and its API."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from .cards import Card
from .hands import HandKnowledge
from .legal import outcome_key, position_before
from .moves import Build, Capture, Group, HouseRef, Move, Throw, a_house, canonical, group_text, move_text
from .notation import Game
from .replay import DealReplay, Step, replay_deal
from .rules import RULES, Violation
from .ruleset import ruleset_for
from .state import State
from .said import Param, Said


def listed(parts: list[Param]) -> Param:
    """Parts said as one: "Kc, 9d and the 13-house"."""
    if len(parts) < 2:
        return parts[0] if parts else ""
    some = parts[0]
    for part in parts[1:-1]:
        some = Said("{first}, {second}", first=some, second=part)
    return Said("{some} and {last}", some=some, last=parts[-1])


def _group_words(group: Group) -> Param:
    if len(group) == 1 and isinstance(group[0], HouseRef):
        return Said("the {value}-house", value=group[0].value)
    return group_text(group)


def describe(move: Move, seat: str, before: State) -> Said:
    """The play in words: ``E builds a 9-house: 4c on the loose 5h`` (a `Said`: pages say it in the reader's
    language).

    >>> from seeplog.ruleset import VARIANTS
    >>> from seeplog.state import start
    >>> from seeplog.cards import parse_card as c
    >>> describe(Build(c("4c"), (c("5h"),), 9), "E", start(VARIANTS["standard"], (c("5h"),), "E", None))
    'E builds a 9-house: 4c on the loose 5h'
    """
    card = str(move.card)
    if isinstance(move, Throw):
        return Said("{seat} throws {card} loose", seat=seat, card=card)
    if isinstance(move, Capture):
        groups = move.groups or ()
        if not groups:
            return Said("{seat} takes nothing with {card}", seat=seat, card=card)
        return Said("{seat} takes {taken} with {card}", seat=seat, taken=listed([_group_words(g) for g in groups]),
                    card=card)
    play = _describe_build(move, seat, before)
    if move.extras:
        return Said("{play}, with {extras}", play=play, extras=listed([group_text(g) for g in move.extras]))
    return play


def _describe_build(move: Build, seat: str, before: State) -> Said:
    there = before.house(move.value)
    said: dict[str, Param] = {"seat": seat, "card": str(move.card), "value": move.value}
    if move.broken is not None:
        joining = there is not None and move.broken.value != move.value
        if joining:
            return Said("{seat} raises the {old}-house to {value} with {card}, joining the {value}-house", **said,
                        old=move.broken.value)
        return Said("{seat} raises the {old}-house to {value} with {card}", **said, old=move.broken.value)
    if there is not None:
        return Said("{seat} adds {cards} to the {value}-house, cementing it", **said,
                    cards="+".join(map(str, (move.card,) + move.loose)))
    house = a_house(move.value)
    if move.loose:
        return Said("{seat} builds {house}: {card} on the loose {loose}", **said, house=house,
                    loose="+".join(map(str, move.loose)))
    return Said("{seat} builds {house}: {card}", **said, house=house)


def swept(play: Said) -> Said:
    """The play, said with the sweep it made."""
    return Said("{play}; a sweep", play=play)


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
        raise LookupError(Said("there is no deal {deal}", deal=number))
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
        raise LookupError(Said("deal {deal} has no play {play} that the replay reached (it reached {reached})",
                               deal=deal_number, play=play_number, reached=len(replay.steps)))
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
