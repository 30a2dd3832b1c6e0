"""The follow page's play strips: each deal of a live game with the address of each of its plays."""
from __future__ import annotations

from typing import Any

from .view import LiveView


def deal_strips(view: LiveView) -> list[dict[str, Any]]:
    """Each deal with plays, for the follow page's strips: its game, number and the links of its plays."""
    games = view.report["games"]
    strips = []
    for number, game in enumerate(games, start=1):
        suffix = f"?game={number}" if number > 1 else ""
        for deal in game["deals"]:
            if deal["plays"]:
                links = [f"/live/{view.game_id}/deals/{deal['number']}/plays/{p}{suffix}"
                         for p in range(1, deal["plays"] + 1)]
                strips.append({"game": number, "games": len(games), "deal": deal["number"], "links": links})
    return strips
