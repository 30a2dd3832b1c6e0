"""Where a deal's plays can be stepped through, and the stable address of each play's page."""
from __future__ import annotations

from flask import url_for

from seeplog.replay import DealReplay
from seeplog.rules import Violation


def play_link(game_id: int, game: int, deal: int, play: int, game_url: str | None = None) -> str:
    """The address of a play's page (``?game=N`` only for the 2nd and later game of a file).

    `game_url`, the game page's address, saves building it again for each play of a strip.
    """
    base = game_url or url_for("pages.game", game_id=game_id)
    return f"{base}/deals/{deal}/plays/{play}" + (f"?game={game}" if game > 1 else "")


def stopping_error(replay: DealReplay) -> Violation | None:
    """The log error the replay stopped at, when it names the play after the last one reached.

    Its page shows the floor as it was and the line as written.
    """
    deal, reached = replay.deal, replay.played
    if deal.floor is None or deal.bid is None:
        return None
    return next((e for e in replay.errors if e.play == reached + 1), None)


def plays_shown(replay: DealReplay) -> int:
    """How many plays of the deal have a page: those the replay reached, and the one it stopped at."""
    return replay.played + (stopping_error(replay) is not None)
