"""One deal of a stored log as the play pages and the play API read it: replayed once, with its findings and the
numbers of its plays that have pages."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from flask import url_for

from seeplog.replay import DealReplay
from seeplog.rules import Violation
from seeplog.said import Said
from seeplog.scoresheet import players

from .playlinks import play_link, plays_shown, stopping_error
from .store import stored_analysis


@dataclass(frozen=True)
class DealContext:
    """One deal of a stored log, replayed once for the whole page."""

    game_id: int
    game_number: int
    games: int
    replay: DealReplay
    names: dict[str, str]
    deals: tuple[int, ...]
    """The numbers of the game's deals whose plays have pages."""
    game_url: str
    game_errors: tuple[Violation, ...] = ()
    """The game's log errors outside its deals."""

    def link(self, play: int, deal: int | None = None) -> str:
        return play_link(self.game_id, self.game_number, deal or self.replay.deal.number, play, self.game_url)

    def at(self, play: int | None) -> tuple[Violation, ...]:
        return tuple(v for v in self.replay.violations + self.replay.errors if v.play == play)

    @property
    def stop(self) -> Violation | None:
        return stopping_error(self.replay)

    @property
    def plays(self) -> int:
        return plays_shown(self.replay)


def deal_context(row: dict[str, Any], game_number: int, deal_number: int) -> DealContext:
    """One deal of the stored game's analysis, with the states around its plays.

    :raises LookupError: when the log has no such game or deal."""
    analysis = stored_analysis(row)
    games = analysis.games
    if not 1 <= game_number <= len(games):
        raise LookupError(Said("there is no game {game} in this log (it holds {count})", game=game_number,
                                count=len(games)))
    game = games[game_number - 1]
    deal = analysis.deal(game_number, deal_number)
    if deal is None:
        raise LookupError(Said("there is no deal {deal}", deal=deal_number))
    deals = tuple(d.replay.deal.number for d in game.deals if plays_shown(d.replay))
    return DealContext(row["id"], game_number, len(games), deal.stepped, players(game), deals,
                       url_for("pages.game", game_id=row["id"]), tuple(game.game_errors))


def has_plays(row: dict[str, Any], game_number: int, deal_number: int) -> bool:
    """Whether the stored game's deal has a play to show (a deal recorded by its score alone has none)."""
    deal = stored_analysis(row).deal(game_number, deal_number)
    return deal is not None and plays_shown(deal.replay) > 0
