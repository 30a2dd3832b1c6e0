"""The position before one play, read from the analysis of a log: the floor, the seat to move, its hand
as known then, and its legal plays (`python -m seeplog legal`)."""
from __future__ import annotations

from .analysis import Analysis
from .legal import LegalAt, position_before
from .said import Said
from .stopped import is_stop, plays_shown, stopped_play


def legal_at(analysis: Analysis, game: int, deal: int, play: int) -> LegalAt:
    """The legal plays of the seat to move before play `play` of deal `deal`, hand as known then. Play
    `play` may be the one where the replay stopped, or the one after the last recorded.

    :raises LookupError: when the game, deal or play is not there, or cannot be viewed.
    """
    if not 1 <= game <= len(analysis.games):
        raise LookupError(Said("there is no game {game}", game=game))
    found = analysis.deal(game, deal)
    if found is None:
        raise LookupError(Said("there is no deal {deal}", deal=deal))
    replayed = found.stepped
    if is_stop(replayed, play):
        return stopped_play(replayed)
    if not 1 <= play <= len(replayed.steps):
        raise LookupError(beyond(deal, play, plays_shown(replayed)))
    hands = replayed.hands
    assert hands is not None  # known whenever the replay made a step
    return position_before(replayed.steps[play - 1].before, hands, play - 1)


def beyond(deal: int, play: int, shown: int) -> Said:
    """Why play `play` of a deal cannot be viewed, where plays 1 to `shown` can: those the replay reached,
    and the one where it stopped or the one after the last recorded."""
    if not shown:
        return Said("deal {deal} has no play {play} that can be viewed (it has {plays})", deal=deal, play=play,
                    plays=shown)
    return Said("deal {deal} has no play {play} that can be viewed (the last that can be is play {last})", deal=deal,
                play=play, last=shown)
