"""The position before one play, read from the analysis of a log: the floor, the seat to move, its hand
as known then, and its legal plays (`python -m seeplog legal`)."""
from __future__ import annotations

from dataclasses import dataclass

from .analysis import Analysis
from .cards import Card
from .legal import CardOutcomes, legal_outcomes, outcome_lines
from .state import State
from .stopped import is_stop, plays_shown, stopped_play


@dataclass(frozen=True)
class LegalAt:
    """The position before a play: the floor, the seat to move, its hand as known, its legal plays."""

    before: State
    seat: str
    hand: tuple[Card, ...]
    hand_known: bool
    """False when the log shows none of the hand: `hand` is then every card not yet seen."""
    outcomes: tuple[CardOutcomes, ...]

    @property
    def plays(self) -> tuple[str, ...]:
        """The lines of the list: one legal play per outcome, other groupings counted in a comment."""
        return tuple(outcome_lines(self.outcomes))

    def header(self) -> list[str]:
        """Comment lines (``#``) above the list: the floor, the hand, whose plays these are."""
        floor = self.before
        loose = " ".join(map(str, floor.loose)) or "no loose card"
        houses = "; ".join(f"[{h.value}] {' '.join(map(str, h.cards))} ({'cemented, ' if h.cemented else ''}"
                           f"{' '.join(sorted(h.owners))})" for h in floor.houses)
        hand = " ".join(map(str, self.hand))
        count = sum(len(c.outcomes) for c in self.outcomes)
        known = "as known from the log" if self.hand_known else "not shown by the log: every card not yet seen"
        return [f"# floor: {loose}" + (f"; houses: {houses}" if houses else ""),
                f"# hand of {self.seat} ({known}): {hand}",
                f"# {count} legal play{'s' if count != 1 else ''} of {self.seat}:"]


def legal_at(analysis: Analysis, game: int, deal: int, play: int) -> LegalAt:
    """The legal plays of the seat to move before play `play` of deal `deal`, hand as known then. Play
    `play` may be the one where the replay stopped, or the one after the last recorded.

    :raises LookupError: when the game, deal or play is not there, or cannot be viewed.
    """
    if not 1 <= game <= len(analysis.games):
        raise LookupError(f"there is no game {game}")
    found = analysis.deal(game, deal)
    if found is None:
        raise LookupError(f"there is no deal {deal}")
    replayed = found.stepped
    if is_stop(replayed, play):
        stop = stopped_play(replayed)
        return LegalAt(stop.before, stop.turn, stop.hand, stop.hand_known, stop.outcomes)
    if not 1 <= play <= len(replayed.steps):
        raise LookupError(f"deal {deal} has no play {play} that can be viewed (it has {plays_shown(replayed)})")
    before = replayed.steps[play - 1].before
    hands = replayed.hands
    assert hands is not None  # known whenever the replay made a step
    known = hands.known(play - 1, before.turn)
    return LegalAt(before, before.turn, tuple(sorted(known.hand)), True, legal_outcomes(before, before.turn, known))
