"""The live game's pages: its board (a fragment the pages poll), the follow page and the start page."""
from __future__ import annotations

from functools import partial

from typing import Any

from flask import Blueprint, Response, abort, current_app, redirect, render_template, request, url_for
from flask_wtf.csrf import CSRFError
from markupsafe import Markup

from seeplog.refusals import BadInput
from seeplog.ruleset import VARIANTS

from ..api.errors import handle, wants_json
from ..refused_forms import unchecked
from ..published import publish
from ..catalog import gettext, locale_name, speaking
from ..db import get_db
from ..findings import said_here
from ..forms import LiveNewForm
from seeplog.kept import Kept
from seeplog.said import Said
from .api import etag, follow_headers
from .board import PARTS, RECENT_PLAYS, board, follow_header, parse_parts
from .strips import deal_strips
from .store import LiveGame, create, current_version, followed_view, load, recent_corrections, typed_view
from .view import LiveView
from ..hosts import public_root
from .qr import qr_svg

bp = Blueprint("live_pages", __name__)


def stored_live(game_id: int) -> LiveGame:
    """A live game as stored, without the JSON of its view (the API's answer, which the pages do not read)."""
    game = load(get_db(), game_id, view=False)
    if game is None:
        abort(404, Said("there is no live game {game}", game=game_id))
    return game


def live_view(game_id: int) -> LiveView:
    """A live game's typed view at its current version (kept with its analysis: nothing is replayed when
    it is kept)."""
    return typed_view(get_db(), stored_live(game_id))


def follow_view(game_id: int) -> LiveView:
    """What the follow pages draw: the view stored trimmed with the game's version (any worker reads it at
    once), else the typed view."""
    return followed_view(get_db(), game_id) or live_view(game_id)


def not_modified(game_id: int) -> Response | None:
    """A 304 when If-None-Match names the live game's current version in the reader's language (a 404 when
    there is no such game): a follower's poll costs one small read while nothing changed."""
    version = current_version(get_db(), game_id)
    if version is None:
        abort(404, Said("there is no live game {game}", game=game_id))
    if request.if_none_match.contains_weak(etag(game_id, version, locale_name())):
        return Response(status=304, headers=page_headers(game_id, version))
    return None


def page_headers(game_id: int, version: int) -> dict[str, str]:
    """A follow page's headers: its version's in the reader's language."""
    return follow_headers(game_id, version, locale_name())


BOARDS: Kept[Markup] = Kept(2048)
"""Each worker's rendered boards by store, game, version, parts and language: the followers of a game cost one
rendering per version, not one per poll (a board is 12-15 KB: 2,048 of them, about 30 MB)."""


def board_html(view: LiveView, parts: tuple[str, ...] = PARTS) -> Markup:
    """The board fragment of a live game (rendered once per version in each worker)."""
    key = (current_app.config["DATABASE"], view.game_id, view.version, parts, locale_name())
    def drawn() -> Markup:
        fixes = recent_corrections(get_db(), view.game_id) if "fixes" in parts or "heard" in parts else []
        return Markup(render_template("_live_board.html", board=board(view, fixes), parts=parts, recent=RECENT_PLAYS))

    return BOARDS.get(key, drawn)


@bp.get("/live/<int:game_id>/board")
def board_fragment(game_id: int):
    """The board as an HTML fragment; ``parts=next,end,floor,plays,flagged,ledger,heard`` (any of them, default
    all; `heard` is hidden: what the follow page tells a listener). Poll it with If-None-Match: 304 while the
    game's version is the same."""
    parts = parse_parts(request.args.get("parts"))
    if parts is None:
        abort(400, Said("parts= takes a comma list of {parts}", parts=", ".join(PARTS)))
    if (unchanged := not_modified(game_id)) is not None:
        return unchanged
    view = follow_view(game_id)
    html = board_html(view, parts)
    if parts == PARTS and request.headers.get(PUBLISH_AS) == locale_name():
        publish(game_id, view.version, locale_name(), html, partial(current_version, get_db(), game_id))
    return Response(html, mimetype="text/html", headers=page_headers(game_id, view.version))


PUBLISH_AS = "X-Publish-Board"
"""The header by which the proxy in front says it serves this reader the published board of that language
(deploy/nginx-seeplog.conf): the board is published when it is the reader's language here too."""


def republish(game_id: int, languages: tuple[str, ...], view: LiveView) -> None:
    """Publish a game's board again in `languages` from `view`, the view a change made in this worker."""
    version_now = partial(current_version, get_db(), game_id)
    for language in languages:
        with speaking(language):
            publish(game_id, view.version, language, board_html(view), version_now)


@bp.get("/live/<int:game_id>")
def follow(game_id: int):
    """The follow page: the board, kept up to date by live-follow.js polling the board fragment (304 while
    If-None-Match names the game's version)."""
    if (unchanged := not_modified(game_id)) is not None:
        return unchanged
    view = follow_view(game_id)
    return render_template("live_follow.html", game=follow_header(view), board_html=board_html(view),
                           etag=etag(game_id, view.version, locale_name()), strips=deal_strips(view)), \
        200, page_headers(game_id, view.version)


@bp.get("/live")
@bp.get("/live/")
def live_home():
    """An address cut back from a live game's (/live/12) leads to the page that starts one."""
    return redirect(url_for("live_pages.start"))


@bp.route("/live/new", methods=["GET", "POST"])
def start():
    """Start a live game; then the scorekeeper's edit link (shown this once) and the follow link to share."""
    form = LiveNewForm()
    if not form.validate_on_submit():
        status = 400 if form.is_submitted() else 200
        return render_template("live_new.html", form=form, seats=seats_of_variants()), status
    try:
        game_id, token = create(get_db(), form.variant.data, form.players(), form.tags())
    except BadInput as error:
        form.form_errors.append(said_here(error.message))
        return render_template("live_new.html", form=form, seats=seats_of_variants()), 400
    page = started_page(game_id, form.event.data or f"Live game {game_id}", token)
    return render_template("live_started.html", page=page), 201, {"Cache-Control": "no-store"}


@bp.errorhandler(CSRFError)
def unchecked_start(error: CSRFError) -> Any:
    """The start form of a page left open an hour (its check code expired): the form again as it was filled in,
    with a new check code, saying why; no game was started. Any other request gets the error page."""
    if request.endpoint != "live_pages.start" or wants_json():
        return handle(error)
    status = unchecked(form := LiveNewForm(), error)
    return render_template("live_new.html", form=form, seats=seats_of_variants()), status


@bp.get("/live/<int:game_id>/started")
def started(game_id: int):
    """The page after the start, again: live-new.js moves the start's answer here (the token in the
    fragment, which the server never sees), so that a reload shows it instead of starting a second game."""
    page = started_page(game_id, follow_header(live_view(game_id)).title, None)
    return render_template("live_started.html", page=page), 200, {"Cache-Control": "no-store"}


def started_page(game_id: int, title: str, token: str | None) -> dict[str, object]:
    """What the started page shows: the scorekeeper's link (only in the start's own answer: the token is
    kept nowhere readable), the follow link and its QR code."""
    root = public_root()  # never the request's Host unless SEEPLOG_TRUSTED_HOSTS checked it
    follow_url = root + url_for("live_pages.follow", game_id=game_id)
    keep_url = f"{root}{request.script_root}/live/{game_id}/keep"
    return {"id": game_id, "title": title, "keep_base": keep_url,
            "keep_url": f"{keep_url}#token={token}" if token else None,
            "started_url": url_for("live_pages.started", game_id=game_id),
            "follow_url": follow_url,
            "qr": qr_svg(follow_url, gettext("QR code of the follow link %(url)s", url=follow_url))}


def seats_of_variants() -> dict[str, str]:
    """Each variant's seats, for the start page's script to show only the seats a variant has."""
    return {name: " ".join(rules.seats) for name, rules in VARIANTS.items()}
