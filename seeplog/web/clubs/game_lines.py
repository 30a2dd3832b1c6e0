"""The games list of the player and partnership pages as HTML: made here rather than in the template, as a
page of a busy player shows fifty games of four linked names each and the template's loops cost most of the
page's rendering."""
from __future__ import annotations

from typing import Any

from flask_babel import gettext as _
from markupsafe import Markup, escape

from ..dates import local_date


def seat_html(seat: dict[str, Any]) -> str:
    name = escape(seat["name"])
    return f'<a href="{escape(seat["url"])}">{name}</a>' if seat["url"] else str(name)


def game_line_html(line: dict[str, Any]) -> str:
    """One game of `views.games_json`: its link, variant and teams (the side of the page's own players marked)."""
    number = f".{line['game']}" if line["game"] > 1 else ""
    teams = " · ".join(f'<span class="{"own" if team == line.get("side") else ""}">{escape(team)}: '
                       + " &amp; ".join(seat_html(s) for s in seats) + "</span>"
                       for team, seats in line["teams"].items())
    title = _("game %(game)s", game=f"{line['game_id']}{number}")
    date = local_date(line["date"]) if line["date"] else _("undated")
    return (f'\n  <li><a class="game-link" href="{escape(line["url"])}">{escape(date)} · '
            f'{escape(title)}</a>\n    <span class="hint">{escape(line["variant"])}</span><br>\n'
            f'    {teams}\n  </li>')


def game_lines(games: list[dict[str, Any]]) -> Markup:
    """The list items of `games`, escaped."""
    return Markup("".join(game_line_html(line) for line in games))
