"""Where a deal's plays can be stepped through, and the stable address of each play's page."""
from __future__ import annotations

from flask import url_for

from seeplog.stopped import plays_shown, stopping_error

__all__ = ["play_link", "plays_shown", "stopping_error"]


def play_link(game_id: int, game: int, deal: int, play: int, game_url: str | None = None) -> str:
    """The address of a play's page (``?game=N`` only for the 2nd and later game of a file).

    `game_url`, the game page's address, saves building it again for each play of a strip.
    """
    base = game_url or url_for("pages.game", game_id=game_id)
    return f"{base}/deals/{deal}/plays/{play}" + (f"?game={game}" if game > 1 else "")
