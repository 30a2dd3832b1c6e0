"""Stepping back through a live game from its follow page: every play of every deal, as the stored game's
play page shows it (the floor before and after, the findings), with its links kept on the live pages and
"back to live" one tap away."""
from __future__ import annotations

import dataclasses
import re

from flask import Blueprint, abort, redirect, render_template, request
from marshmallow import ValidationError

from seeplog.legal import MAX_LISTED
from seeplog.said import Said

from ..db import get_db
from ..findings import sentence_of
from .pages import stored_live
from ..games.playpage import PlayPage, play_page
from ..games.queries import get_game
from ..games.viewmodels import unreached_line
from ..api.schemas import PlayQuerySchema

bp = Blueprint("live_steps", __name__)

STORED_PLAY = re.compile(r"^/games/(\d+)/deals/(\d+)/plays/(\d+)(\?game=\d+)?$")


def live_link(link: str) -> str:
    """A stored play page's address as the live step page's (the same deal, play and game of the file)."""
    found = STORED_PLAY.match(link)
    if not found:
        return link
    game_id, deal, play, game = found.groups()
    return f"/live/{game_id}/deals/{deal}/plays/{play}{game or ''}"


def on_live(page: PlayPage) -> PlayPage:
    """The play page with its strip and step links leading to the live step pages."""
    strip = tuple(dataclasses.replace(item, link=live_link(item.link)) for item in page.strip)
    nav = page.nav

    def maybe(link: str | None) -> str | None:
        return live_link(link) if link else None

    def deal(pair: tuple[int, str] | None) -> tuple[int, str] | None:
        return (pair[0], live_link(pair[1])) if pair else None

    nav = dataclasses.replace(nav, first=maybe(nav.first), prev=maybe(nav.prev), next=maybe(nav.next),
                              last=maybe(nav.last), prev_deal=deal(nav.prev_deal), next_deal=deal(nav.next_deal))
    if nav.next is None and nav.next_deal is None:  # the last play known: the next step is the game now
        nav = dataclasses.replace(nav, next=f"/live/{page.game_id}")
    return dataclasses.replace(page, strip=strip, nav=nav)


@bp.get("/live/<int:game_id>/deals/<int(min=0):deal>/plays/<int(min=0):play>")
def step(game_id: int, deal: int, play: int):
    """One play of a live game, stepped back to from the follow page (``?game=N`` for a later game)."""
    live = stored_live(game_id)
    try:
        number = PlayQuerySchema().load({"game": request.args.get("game", "1")})["game"]
    except ValidationError:
        abort(400, Said("?game= takes the number of a game in the file (1, 2, ...), not {given}",
                        given=repr(request.args["game"][:24])))
    row = get_game(get_db(), game_id)
    if row is None:
        abort(404, Said("there is no live game {game}", game=game_id))
    try:
        page = on_live(play_page(row, number, deal, play))
    except LookupError as exc:
        if line := unreached_line(row, number, deal, play):  # a play after a log error stopped the replay
            return redirect(line)
        abort(404, sentence_of(exc))
    state = live.state
    return render_template("live_step.html", page=page, state=state, follow=f"/live/{game_id}",
                           max_listed=MAX_LISTED), 200, {"Cache-Control": "no-cache"}
