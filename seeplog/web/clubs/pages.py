"""The clubs pages: players, partnerships, the leaderboard, the administrator's changes, and events."""
from __future__ import annotations

from collections.abc import Callable
from typing import Any

from flask import Blueprint, Response, abort, current_app, flash, redirect, render_template, request, session, url_for
from flask_babel import lazy_gettext as _l
from flask_wtf.csrf import CSRFError
from marshmallow import ValidationError
from werkzeug.exceptions import HTTPException
from werkzeug.wrappers import Response as WerkzeugResponse

from seeplog.refusals import Refusal
from seeplog.said import Said

from ..catalog import gettext, locale_name, ngettext
from ..db import get_db
from ..api.errors import handle, wants_json
from ..api.schemas import QuerySchema
from ..findings import said_here
from ..live.qr import qr_svg
from .events_store import (BadEvent, NewEvent, NoEvent, check_organiser, create_event,
                           event_list, event_version, table_token)
from .event_rounds import next_round, open_tables
from ..saying import say_all
from .schemas import LeaderboardQuerySchema, PlayerQuerySchema
from .confirm_store import keep_confirm_tokens
from .events_view import event_json
from .game_lines import game_lines, partner_rows, versus_rows
from .history_chart import history_chart
from .forms import (AdminForm, AttachForm, DetachForm, EventNewForm, HandRoundForm, MergeForm, RenameForm, RoundForm,
                    SplitForm, WithdrawForm)
from ..refused_forms import page_forms, refusal_on, unchecked
from .ratings_store import state
from .players_store import (NoPartnership, NoPlayer, check_may_change, current_id, get_player,
                            list_players, merge_players, partnership_of, rename_player, split_alias)
from .views import leaderboard_json, partnership_data, partnership_slug, player_data

bp = Blueprint("clubs", __name__)
bp.add_app_template_filter(game_lines, "club_game_lines")
bp.add_app_template_filter(partner_rows, "club_partner_rows")
bp.add_app_template_filter(versus_rows, "club_versus_rows")
NO_STORE = {"Cache-Control": "no-store"}
"""For a page or answer that shows a token: no cache keeps it."""


@bp.get("/players")
def players():
    return render_template("clubs/players.html", players=list_players(get_db()))


@bp.get("/players/<int:player_id>")
def player(player_id: int):
    db = get_db()
    try:
        now = current_id(db, player_id)
    except NoPlayer as e:
        abort(404, e.message)
    if now != player_id:
        return redirect(url_for("clubs.player", player_id=now), 301)
    return player_page(player_id)


ADMIN_FORMS: dict[str, type[AdminForm]] = {"merge": MergeForm, "rename": RenameForm, "split": SplitForm}
"""The administrator's forms of a player page, by their key (their controls' ids begin with it)."""


def player_page(player_id: int, refused: tuple[str, AdminForm] | None = None) -> str:
    """A player's page; with `refused` (its key, the form), that form as it was sent, saying why it was refused."""
    db = get_db()
    data = player_data(db, get_player(db, player_id), shown_lines(), page_asked(PlayerQuerySchema), GAMES_PAGE)
    forms = page_forms(ADMIN_FORMS, refused)
    return render_template("clubs/player.html", p=data, chart=rating_chart(data), shown=shown_lines(),
                           refused=refused[0] if refused else None, **forms)


def parse_slug(slug: str) -> tuple[int, ...]:
    """A partnership's players from its URL part ("3-17"), each as the player it stands for now."""
    parts = slug.split("-")
    if not 1 <= len(parts) <= 2 or not all(p.isdigit() and len(p) < 12 for p in parts):
        abort(404, Said("'{slug}' names no partnership: give one or two player numbers joined by '-' (3-17)",
                        slug=slug))
    try:
        return partnership_of(get_db(), [int(p) for p in parts])
    except (NoPlayer, NoPartnership) as e:
        abort(404, e.message)


@bp.get("/partnerships/<slug>")
def partnership(slug: str):
    players = parse_slug(slug)
    if partnership_slug(players) != slug:
        return redirect(url_for("clubs.partnership", slug=partnership_slug(players)), 301)
    data = partnership_data(get_db(), players, shown_lines())
    return render_template("clubs/partnership.html", p=data, chart=rating_chart(data), shown=shown_lines())


SHOWN = 25
"""Lines of a page's partners and head-to-head tables shown unless ?all=1 (and twice as many games): a
player of a big club has hundreds; the API gives them all."""


GAMES_PAGE = 20
"""Games a player page shows, the newest first, with links to the pages of older ones."""


def page_asked(schema: type[QuerySchema]) -> int:
    """The page of a list a request asks for (`?page=`), read by the API's schema of that list as the games list
    page reads its own (ASCII digits, 2.0 as 2, empty as not given); 400 for anything else (abc, -1, 0)."""
    try:
        return int(schema().load({"page": request.args["page"]} if "page" in request.args else {})["page"])
    except ValidationError:
        abort(400, Said("page= is a whole number from 1"))


def shown_lines() -> int | None:
    return None if request.args.get("all") == "1" else SHOWN


def rating_chart(data: dict[str, Any]) -> Any:
    """The chart of a player's or partnership's rating after each of its baazis (None with fewer than two)."""
    return history_chart([(h["date"], h["rating"]) for h in data["rating"]["history"]]) if data["rating"] else None


def admin_change(player_id: int, key: str, change: Callable[[Any], Any], done: Any,
                 players: Callable[[Any], list[int]] | None = None) -> Any:
    """Check the form of `key` and its token (an administrator's, or the organiser's of an event of the
    `players` concerned), make the change, and go to the player's page; a refused form comes back on the
    player's page, saying why, with what was typed."""
    form = ADMIN_FORMS[key]()
    status = 400
    if form.validate():
        try:
            check_may_change(get_db(), form.token.data, players(form) if players else [player_id])
            result = change(form)
        except Refusal as e:
            status = refusal_on(form, e)
        else:
            flash(str(done) % {"name": getattr(result, "name", "")}, "ok")
            return redirect(url_for("clubs.player", player_id=result.id if result else player_id), 303)
    try:
        return player_page(player_id, (key, form)), status, NO_STORE  # the token as typed
    except NoPlayer as e:  # the page's player is no more (merged meanwhile)
        abort(404, e.message)


@bp.post("/players/<int:player_id>/merge")
def merge(player_id: int):
    return admin_change(player_id, "merge", lambda form: merge_players(get_db(), player_id, form.into.data or 0),
                        _l("Merged: every name is now %(name)s's."), lambda form: [player_id, form.into.data or 0])


@bp.post("/players/<int:player_id>/rename")
def rename(player_id: int):
    return admin_change(player_id, "rename", lambda form: rename_player(get_db(), player_id, form.name.data or ""),
                        _l("Renamed to %(name)s."))


@bp.post("/players/<int:player_id>/split")
def split(player_id: int):
    return admin_change(player_id, "split", lambda form: split_alias(get_db(), player_id, form.alias.data or ""),
                        _l("Split off: %(name)s is a player of its own."))


@bp.get("/leaderboard")
def leaderboard():
    page = page_asked(LeaderboardQuerySchema)
    db = get_db()
    now = state(db)
    key = (current_app.config["DATABASE"], now.version, now.stale_from, page, locale_name())
    if "_flashes" in session:  # a message for this visitor alone: not from, nor into, the kept pages
        return render_template("clubs/leaderboard.html", board=leaderboard_json(db, page))
    html = BOARDS.get(key)
    if html is None:
        html = render_template("clubs/leaderboard.html", board=leaderboard_json(db, page))
        if len(BOARDS) >= 64:
            BOARDS.clear()
        BOARDS[key] = html
    return html


BOARDS: dict[tuple[Any, ...], str] = {}
"""Leaderboard pages as rendered, per store, ratings version (it moves with every kept rating and player's
name), work under way, page and language: the same for every visitor who reads that language until the
ratings change."""


@bp.get("/events")
def events():
    return render_template("clubs/events.html", events=event_list(get_db()))


@bp.route("/events/new", methods=["GET", "POST"])
def event_new():
    """Create an event; its page then shows the organiser token once."""
    form = EventNewForm()
    if not form.validate_on_submit():
        return render_template("clubs/event_new.html", form=form), 400 if form.is_submitted() else 200
    new = NewEvent(form.name.data or "", form.variant.data or "standard", form.pairs(), form.date.data or None,
                   form.place.data or None, form.target.data or None, form.format.data or "round-robin")
    try:
        event_id, token = create_event(get_db(), new)
    except BadEvent as e:
        form.form_errors.append(said_here(e.message))
        return render_template("clubs/event_new.html", form=form), 400
    # The token goes in the fragment, which no request carries (game-token.js shows it once): never in a cookie.
    return redirect(url_for("clubs.event", event_id=event_id) + f"#token={token}", 303), NO_STORE


def known_event(event_id: int) -> dict[str, Any]:
    try:
        return event_json(get_db(), event_id)
    except NoEvent as e:
        abort(404, e.message)


def event_tag(event_id: int) -> str | None:
    """The event's standings fragment's entity tag: its version, in the reader's language."""
    version = event_version(get_db(), event_id)
    return f"{version}-{locale_name()}" if version is not None else None


@bp.get("/events/<int:event_id>")
def event(event_id: int):
    return event_page(event_id), NO_STORE  # the token by script


ORGANISER_FORMS: dict[str, type[RoundForm]] = {"round": RoundForm, "keep": RoundForm, "hand": HandRoundForm,
                                               "attach": AttachForm, "detach": DetachForm, "withdraw": WithdrawForm,
                                               "reinstate": WithdrawForm}
"""The organiser's forms of an event page, by their key (their controls' ids begin with it)."""


def event_page(event_id: int, refused: tuple[str, RoundForm] | None = None, data: dict[str, Any] | None = None,
               **shown: Any) -> str:
    """An event's page (`data`: the event, when already read); with `refused` (its key, the form), that form as
    it was sent, saying why it was refused; `shown`: what the organiser's view adds (the keep links)."""
    forms = page_forms(ORGANISER_FORMS, refused)
    return render_template("clubs/event.html", e=data or known_event(event_id), forms=forms, form=forms["keep"],
                           refused=refused[0] if refused else None, etag=event_tag(event_id),
                           playing=still_playing(event_id),
                           **{"keep": None, **shown})


@bp.get("/events/<int:event_id>/live")
def event_live(event_id: int):
    """The standings and rounds as an HTML fragment; poll it with If-None-Match (304 while nothing changed)."""
    version = event_tag(event_id)
    if version is None:
        abort(404, Said("there is no event {event}", event=event_id))
    headers = {"ETag": f'"{version}"', "Cache-Control": "no-cache"}
    if request.if_none_match.contains_weak(version):
        return Response(status=304, headers=headers)
    html = render_template("clubs/_event_live.html", e=known_event(event_id), keep=None,
                           playing=still_playing(event_id))
    return Response(html, mimetype="text/html", headers=headers)


def organiser_change(event_id: int, key: str, change: Callable[[Any, str], Any]) -> Any:
    """Check the event's form of `key` and its organiser token, then `change(form, token)`; a refused form
    comes back on the event page, saying why, with what was typed (nothing changed)."""
    known_event(event_id)
    form = ORGANISER_FORMS[key]()
    status = 400
    if form.validate():
        try:
            check_organiser(get_db(), event_id, form.token.data)
            return change(form, form.token.data or "")
        except Refusal as e:
            status = refusal_on(form, e)
    return event_page(event_id, (key, form)), status, NO_STORE


@bp.post("/events/<int:event_id>/rounds")
def event_round(event_id: int):
    """Make the next round (organiser token); the event page then says so (the keep links: "Organiser")."""
    return organiser_change(event_id, "round",
                            lambda form, token: round_made(event_id, *next_round(get_db(), event_id, token)))


def played_tables(tables: list[dict[str, Any]]) -> int:
    """The tables of a new round that are played (not a bye)."""
    return sum(1 for t in tables if t["pair_b"] is not None)


def round_made(event_id: int, number: int, tables: list[dict[str, Any]], by_hand: bool = False) -> WerkzeugResponse:
    """Back to the event page, saying what the new round `number` made: its tables, its bye, where its keep
    links are."""
    made = (ngettext("Round %(round)s entered by hand: %(num)s table.",
                     "Round %(round)s entered by hand: %(num)s tables.", played_tables(tables), round=number)
            if by_hand else ngettext("Round %(round)s made: %(num)s table.", "Round %(round)s made: %(num)s tables.",
                                     played_tables(tables), round=number))
    for bye in (t["pair_a"] for t in tables if t["pair_b"] is None):  # more than one when a partnership withdrew
        made += " " + gettext("Partnership %(number)s has a bye.", number=bye)
    playing = still_playing(event_id, before=number)
    flash(" ".join(x for x in (made, playing, gettext("Each table's keep link: under Organiser.")) if x), "ok")
    return redirect(url_for("clubs.event", event_id=event_id), 303)  # no fragment: the page focuses the message


def still_playing(event_id: int, before: int | None = None) -> str:
    """Which tables (of the rounds before round `before`) still play, in the reader's language ('' for none)."""
    rounds: dict[int, list[str]] = {}
    for r, n in open_tables(get_db(), event_id):
        if before is None or r < before:
            rounds.setdefault(r, []).append(str(n))
    where = "; ".join(ngettext("round %(round)s, table %(tables)s", "round %(round)s, tables %(tables)s",
                               len(tables), round=r, tables=say_all(tables)) for r, tables in rounds.items())
    count = sum(len(tables) for tables in rounds.values())
    return ngettext("%(num)s table still plays: %(where)s.", "%(num)s tables still play: %(where)s.", count,
                    where=where) if count else ""


@bp.post("/events/<int:event_id>/organise")
def event_organise(event_id: int):
    """The organiser's view: the event with every table's keep link (made again from the organiser token)."""
    return organiser_change(event_id, "keep", lambda form, token: (organiser_view(event_id, token), 200, NO_STORE))


def organiser_view(event_id: int, token: str) -> str:
    """The event page with every live table's keep link and confirm link, and the director's view's."""
    data = known_event(event_id)
    keep = {(r["round"], t["number"]): url_for("live_keep.keep", game_id=t["game_id"], _external=True)
            + "#token=" + table_token(token, event_id, r["round"], t["number"])
            for r in data["rounds"] for t in r["tables"] if t.get("live")}  # not an upload attached, nor deleted
    cards = [{"round": r["round"], "table": t, "keep_url": keep[(r["round"], t["number"])],
              "qr": qr_svg(keep[(r["round"], t["number"])],
                           gettext("QR code of table %(table)s's keep link", table=t["number"]))}
             for r in data["rounds"][-1:] for t in r["tables"] if t.get("live")]
    confirm = confirm_links(event_id, token)
    for c in cards:
        c["confirm_url"] = confirm[c["table"]["game_id"]]
        c["confirm_qr"] = qr_svg(c["confirm_url"],
                                 gettext("QR code of table %(table)s's confirm link", table=c["table"]["number"]))
    director = url_for("director.director_page", event_id=event_id) + f"#token={token}"
    return event_page(event_id, data=data, keep=keep, confirm=confirm, cards=cards, director=director)


def confirm_links(event_id: int, token: str) -> dict[int, str]:
    """Each live table's confirm link for the opponents, by game."""
    links = keep_confirm_tokens(get_db(), event_id, token)
    return {game: url_for("director.confirm_page", game_id=game, _external=True) + f"#token={link}"
            for game, link in links.items()}


FORM_KEYS = {"clubs.merge": "merge", "clubs.rename": "rename", "clubs.split": "split", "clubs.event_round": "round",
             "clubs.event_organise": "keep", "event_organise.by_hand": "hand", "event_organise.attach": "attach",
             "event_organise.detach": "detach", "event_organise.withdraw": "withdraw",
             "event_organise.reinstate": "reinstate", "clubs.event_new": "new"}
"""The administrator's and organiser's forms, by their route: their key on their page."""


def unchecked_form(error: CSRFError) -> Any:
    """A form of these pages whose check code was refused (it expires an hour after its page was opened: a page
    left open on a phone): its page again, the form as typed with a new check code, saying why; nothing changed.
    Any other request, or a page that is no more, gets the error page."""
    key, args = FORM_KEYS.get(request.endpoint or ""), request.view_args or {}
    if key is None or wants_json():
        return handle(error)
    try:
        if key in ADMIN_FORMS:
            status = unchecked(form := ADMIN_FORMS[key](), error)
            return player_page(args["player_id"], (key, form)), status, NO_STORE
        if key in ORGANISER_FORMS:
            status = unchecked(form := ORGANISER_FORMS[key](), error)
            return event_page(args["event_id"], (key, form)), status, NO_STORE
        status = unchecked(form := EventNewForm(), error)
        return render_template("clubs/event_new.html", form=form), status
    except (HTTPException, Refusal):  # the player or the event is no more
        pass
    return handle(error)


bp.register_error_handler(CSRFError, unchecked_form)
