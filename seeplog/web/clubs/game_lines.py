"""The long lists of the player and partnership pages as HTML: the games, the partners' and the head-to-head
lines. Made here rather than in the template: a page of a busy player shows fifty games of four linked names
each and fifty lines of records, and the template's loops (a translation looked up on each line) cost most of
the page's rendering."""
from __future__ import annotations

from typing import Any

from markupsafe import Markup, escape

from ..catalog import gettext as _
from ..dates import local_date
from ..forms import variant_title


def seat_html(seat: dict[str, Any], made: dict[tuple[str, str | None], str]) -> str:
    """A seat's name, linked to its player; `made` keeps those made on the page (a name comes back often)."""
    key = (seat["name"], seat["url"])
    html = made.get(key)
    if html is None:
        name = escape(seat["name"])
        html = made[key] = f'<a href="{escape(seat["url"])}">{name}</a>' if seat["url"] else str(name)
    return html


def game_line_html(line: dict[str, Any], title: str, undated: str, made: dict[tuple[str, str | None], str],
                   variants: dict[str, str], unplayed: str = "") -> str:
    """One game of `views.games_json`: its link, variant and teams (the side of the page's own players marked);
    `title` is "game %(game)s" in the reader's language, `undated` the word for a game without a date;
    `variants` keeps the variants' names made on the page; `unplayed` follows the variant of a game with no deal
    yet."""
    number = f".{line['game']}" if line["game"] > 1 else ""
    teams = " · ".join(f'<span class="{"own" if team == line.get("side") else ""}">{escape(team)}: '
                       + " &amp; ".join(seat_html(s, made) for s in seats) + "</span>"
                       for team, seats in line["teams"].items())
    named = title % {"game": f"{line['game_id']}{number}"}
    day = local_date(line["date"]) if line["date"] else undated
    variant = variants.get(line["variant"])
    if variant is None:
        variant = variants[line["variant"]] = str(escape(variant_title(line["variant"])))
    return (f'\n  <li><a class="game-link" href="{escape(line["url"])}">{escape(day)} · '
            f'{escape(named)}</a>\n    <span class="hint">{variant}{unplayed if not line["deals"] else ""}</span><br>\n'
            f'    {teams}\n  </li>')


def game_lines(games: list[dict[str, Any]]) -> Markup:
    """The list items of `games`, escaped."""
    title, undated = _("game %(game)s"), _("undated")  # once a page: a look-up costs as much as a line
    made: dict[tuple[str, str | None], str] = {}
    variants: dict[str, str] = {}
    unplayed = f" · {escape(_('no deals'))}"
    return Markup("".join(game_line_html(line, title, undated, made, variants, unplayed) for line in games))


def figures_html(line: dict[str, Any]) -> str:
    """A record line's games, baazis won–lost and score difference cells."""
    return (f'<td class="num">{int(line["games"])}</td>\n      <td class="num">{int(line["baazis_won"])}–'
            f'{int(line["baazis_lost"])}</td><td class="num">{int(line["score_difference"]):+d}</td>')


def partner_rows(lines: list[dict[str, Any]]) -> Markup:
    """The rows of a record's partners table (`views.record_json`'s partners); each row's link to the partnership
    is heard with the partner's name ("partnership with Asha"), a list of the page's links saying it alone."""
    word, with_name = escape(_("partnership")), _("with %(name)s")  # each looked up once, not a line
    return Markup("".join(
        f'\n    <tr><td><a href="{escape(line["player"]["url"])}">{escape(line["player"]["name"])}</a></td>'
        f'{figures_html(line)}\n      <td><a href="{escape(line["partnership_url"])}">{word}'
        f'<span class="sr-only"> {escape(with_name % {"name": line["player"]["name"]})}</span></a></td></tr>'
        for line in lines))


def versus_rows(lines: list[dict[str, Any]]) -> Markup:
    """The rows of a record's head-to-head table: the opposing partnership (its names joined by ' & ', a link
    to its page unless it is one player twice)."""
    return Markup("".join(f'\n    <tr><td>{team_html(line["opponents"])}</td>{figures_html(line)}</tr>'
                          for line in lines))


def team_html(team: dict[str, Any]) -> Markup:
    names = escape(" & ".join(p["name"] for p in team["players"]))
    return Markup(f'<a href="{escape(team["url"])}">{names}</a>') if team["url"] else names
