"""The pages: the games list, upload, a game with its scoresheet, and its downloads."""
from __future__ import annotations

import json
from typing import Any

from flask import (Blueprint, Response, abort, current_app, flash, make_response, redirect, render_template,
                   request, send_from_directory, session, url_for)
from flask_babel import lazy_gettext as _l
from flask_wtf.csrf import CSRFError
from marshmallow import ValidationError

import seeplog
from seeplog.legal import MAX_LISTED
from seeplog.ruleset import VARIANTS
from seeplog.refusals import Refusal
from seeplog.said import Said

from ..api.errors import handle, reads_logs, wants_json
from ..catalog import gettext, locale_name
from ..cardviews import card_html
from ..refused_forms import page_forms, refusal_on, unchecked
from ..clubs.queries import seat_links
from ..db import get_db
from .exports import scoresheet_csv
from ..findings import sentence_of
from ..forms import ManageForm, UploadForm
from ..spreadsheets import csv_file
from .manage import check_token, delete_game, history, issue_token, replace_game
from .dealcontext import has_plays
from .playpage import play_page
from .fresh import list_etag, unchanged
from .queries import Filters, find_games, get_game
from .search import entered_filters, search_problems
from ..api.schemas import GameQuerySchema, PlayQuerySchema
from .limits import TooMuch
from .store import BadUpload, served_report, store, stored_analysis
from .uploads import from_bytes
from .viewmodels import findings_summary, game_page, game_row, title_of, unreached_line

bp = Blueprint("pages", __name__, static_folder="../static", static_url_path="/assets")
bp.add_app_template_filter(card_html, "card")


def stored_game(game_id: int) -> dict:
    row = get_game(get_db(), game_id)
    if row is None:
        abort(404, Said("there is no game {game}", game=game_id))
    return row


@bp.get("/")
def index():
    try:
        args = GameQuerySchema().load(request.args.to_dict())  # the API's filters, read alike
    except ValidationError as exc:
        return refused_search(exc.messages)  # type: ignore[arg-type]  # a query's: messages by parameter
    filters = Filters(**args)
    etag = list_etag(get_db(), locale_name())
    if "_flashes" not in session and (same := unchanged(etag)):
        return same
    rows, total = find_games(get_db(), filters)
    response = make_response(render_template(
        "index.html", games=[game_row(r) for r in rows], total=total, filters=filters, problems=[],
        pages=-(-total // filters.per_page), page_url=page_url, variants=tuple(VARIANTS)))
    response.set_etag(etag)
    return response


def refused_search(messages: dict[str, list[str]]) -> tuple[str, int]:
    """The list page for a search it cannot make: why, beside the filters as sent, and no games (a list of
    every game would read as the search's answer)."""
    problems = search_problems(messages, request.args)
    return render_template("index.html", games=[], total=0, filters=entered_filters(request.args), problems=problems,
                           refused={name for p in problems for name in p.filters}, pages=0, page_url=page_url,
                           variants=tuple(VARIANTS)), 400


def page_url(page: int) -> str:
    args: dict[str, Any] = {**request.args.to_dict(), "page": page}
    return url_for("pages.index", **args)


@bp.get("/games")
@bp.get("/games/")
def games():
    """The list of games is the home page: an address cut back from a game's (/games/7) leads there, its
    filters kept."""
    return redirect(url_for("pages.index", **request.args.to_dict()))


@bp.get("/favicon.ico")
def favicon():
    """The site icon (an SVG) where browsers look for it by default."""
    return bp.send_static_file("favicon.svg")


SWAGGER_UI_FILES = ("swagger-ui.css", "swagger-ui-bundle.js")


@bp.get("/api/docs")
def api_docs():
    """A readable reference of the JSON API: Swagger UI over the OpenAPI document."""
    return render_template("api_docs.html")


@bp.get("/api")
@bp.get("/api/")
def api_home():
    """The API's own address leads to its reference."""
    return redirect(url_for("pages.api_docs"))


@bp.get("/api/docs/assets/<filename>")
def api_docs_asset(filename: str):
    """Swagger UI's files (version 5, which reads OpenAPI 3.1), from the flask-swagger-ui package (no CDN)."""
    from importlib.resources import files

    if filename not in SWAGGER_UI_FILES:
        abort(404, Said("there is no file {file}", file=filename))
    return send_from_directory(str(files("flask_swagger_ui") / "dist"), filename, max_age=86400)


NO_STORE = {"Cache-Control": "no-store"}
"""For an answer that shows a secret token: no cache keeps it."""


@bp.route("/upload", methods=["GET", "POST"])
@reads_logs
def upload():
    form = UploadForm()
    if not form.validate_on_submit():
        return render_template("upload.html", form=form, results=[])
    results = [upload_one(name, data) for name, data in form.uploads()]
    if not results:
        flash(gettext("Choose a file or paste a log first."), "error")
    elif len(results) == 1 and results[0]["id"]:
        flash(results[0]["message"], "ok")
        # The token goes in the fragment, which no request carries (game-token.js shows it): never in the
        # session cookie, which is signed, not encrypted.
        token = f"#token={results[0]['token']}" if results[0]["token"] else ""
        return redirect(url_for("pages.game", game_id=results[0]["id"]) + token), 302, NO_STORE
    return render_template("upload.html", form=form, results=results), 400 if results and not any(
        r["id"] for r in results) else 200, NO_STORE


def upload_one(name: str | None, data: bytes) -> dict:
    label = name or gettext("pasted log")
    try:
        stored = store(get_db(), from_bytes(data, name), current_app.config["UPLOAD_LIMITS"])
    except BadUpload as exc:
        return {"name": label, "id": None, "message": exc.message, "errors": exc.errors, "findings": None}
    except TooMuch as exc:
        return {"name": label, "id": None, "message": exc.message, "errors": [], "findings": None}
    message = gettext("Stored %(name)s.", name=label) if stored.created else gettext(
        "%(name)s is already stored as #%(game)s: its manage token was shown when it was first uploaded (that "
        "token replaces or deletes it; no new one is given).", name=label, game=stored.id)
    token = issue_token(get_db(), stored.id) if stored.created else None
    doc = stored.report or served_report(stored_game(stored.id), current_app.config["UPLOAD_LIMITS"])
    return {"name": label, "id": stored.id, "message": message, "errors": [], "token": token,
            "findings": findings_summary(stored.id, doc)}


@bp.post("/games/<int:game_id>/replace")
@reads_logs
def replace(game_id: int):
    """Replace a game's log with its manage token (same id; the old text goes to its history)."""
    row = stored_game(game_id)
    form = ManageForm()
    new = form.upload() if form.validate_on_submit() else None
    try:
        check_token(get_db(), game_id, form.token.data)
        if new is None:
            raise BadUpload(Said("choose a file or paste the new log"))
        replace_game(get_db(), game_id, from_bytes(new[1], new[0]))
    except Refusal as exc:
        status = say_refused(form, exc, _l("Not replaced: %(reason)s."))
        keep_sent_file(form, new)
        return game_view(row, ("replace", form)), status, NO_STORE  # the token as typed
    flash(gettext("Replaced: the game keeps its id; the text it held is kept in its history."), "ok")
    return redirect(url_for("pages.game", game_id=game_id)), 303


@bp.post("/games/<int:game_id>/delete")
def delete(game_id: int):
    """Delete a game with its manage token."""
    row = stored_game(game_id)
    form = ManageForm()
    try:
        check_token(get_db(), game_id, form.token.data)
        delete_game(get_db(), game_id)
    except Refusal as exc:
        status = say_refused(form, exc, _l("Not deleted: %(reason)s."))
        return game_view(row, ("delete", form)), status, NO_STORE
    flash(gettext("Deleted %(title)s (game %(game)s).", title=title_of(row), game=game_id), "ok")
    return redirect(url_for("pages.index")), 303


MANAGE_FORMS = {"replace": ManageForm, "delete": ManageForm}
"""The game page's forms, by their key (their controls' ids begin with it)."""

PREFILL_MOST = 100_000
"""The longest log (in characters) the Replace form opens on; a longer one is corrected from its download (the
page holds the log twice otherwise)."""


@bp.get("/games/<int:game_id>")
def game(game_id: int):
    return game_view(stored_game(game_id)), NO_STORE  # token by script


def game_view(row: dict, refused: tuple[str, ManageForm] | None = None) -> str:
    """A game's page; with `refused` (its key, the form), that form as it was sent, saying why it was refused."""
    forms = page_forms(MANAGE_FORMS, refused)
    long_log = len(row["raw"]) > PREFILL_MOST
    if not long_log and not (refused and refused[0] == "replace"):
        forms["replace"].text.data = row["raw"]  # Replace opens on the current log, to be corrected in place
    return render_template("game.html", page=game_page(row, request.args.get("part", 1, type=int)),
                           limit=current_app.config["MAX_CONTENT_LENGTH"], long_log=long_log,
                           refused=refused[0] if refused else None, history=history(get_db(), row["id"]),
                           seat_links=seat_links(get_db(), row["id"]), **forms)


def say_refused(form: ManageForm, refusal: Refusal, verdict: Any) -> int:
    """Say a refusal on the form, above it in `verdict`'s words (a refused token beside the token); its status."""
    status = refusal_on(form, refusal)
    if form.form_errors:
        form.form_errors[-1] = str(verdict) % {"reason": form.form_errors[-1]}
    return status


def keep_sent_file(form: ManageForm, sent: tuple[str | None, bytes] | None) -> None:
    """Put a refused replacement's file in the text box, and say so, to be corrected there and sent again (a
    page cannot choose a file for its reader), where it is text and not too long to correct there."""
    if not sent or sent[0] is None or len(sent[1]) > PREFILL_MOST:
        return
    try:
        form.text.data = sent[1].decode("utf-8-sig")
    except UnicodeDecodeError:
        return
    form.form_errors.append(gettext("The text of %(file)s is in the box below, to be corrected there and sent "
                                    "again.", file=sent[0]))


@bp.errorhandler(CSRFError)
def unchecked_form(error: CSRFError) -> Any:
    """A form of these pages whose check code was refused (it expires an hour after its page was opened): its
    page again, the form as it was sent with a new check code, saying why; nothing changed. Any other request,
    or a game that is no more, gets the error page."""
    if wants_json() or request.endpoint not in ("pages.upload", "pages.replace", "pages.delete"):
        return handle(error)
    if request.endpoint == "pages.upload":
        status = unchecked(form := UploadForm(), error)
        if any(getattr(f, "filename", "") for f in form.files.data or []):
            form.form_errors.append(gettext("Choose the files again: a page cannot keep them."))
        return render_template("upload.html", form=form, results=[]), status, NO_STORE
    row = get_game(get_db(), (request.view_args or {}).get("game_id", 0))
    if row is None:
        return handle(error)
    status = unchecked(form := ManageForm(), error)
    key = request.endpoint.removeprefix("pages.")
    if key == "replace":
        keep_sent_file(form, form.upload())
    return game_view(row, (key, form)), status, NO_STORE


@bp.get("/games/<int:game_id>/deals/<int(min=0):deal>/plays/<int(min=0):play>")
def deal_play(game_id: int, deal: int, play: int):
    """One play as the table saw it: the dispute view (``?game=N`` for the Nth game of the file)."""
    try:
        number = PlayQuerySchema().load({"game": request.args.get("game", "1")})["game"]
    except ValidationError:
        abort(400, Said("?game= takes the number of a game in the file (1, 2, ...), not {given}",
                        given=repr(request.args["game"][:24])))
    row = stored_game(game_id)
    try:
        page = play_page(row, number, deal, play)
    except LookupError as exc:
        if line := unreached_line(row, number, deal, play):  # a flagged play after the replay stopped: its line
            return redirect(line)
        abort(404, sentence_of(exc))
    return render_template("play.html", page=page, max_listed=MAX_LISTED)


@bp.get("/games/<int:game_id>/deals/<int(min=0):deal>")
@bp.get("/games/<int:game_id>/deals/<int(min=0):deal>/plays")
def deal_start(game_id: int, deal: int):
    """An address cut back from a play's leads to its deal's first play; a deal with no play to show (recorded
    by its score, or not in the log) to the game."""
    number = request.args.get("game", 1, type=int)
    if not has_plays(stored_game(game_id), number, deal):
        return redirect(url_for("pages.game", game_id=game_id))
    values: dict[str, Any] = {**request.args.to_dict(), "game_id": game_id, "deal": deal, "play": 1}
    return redirect(url_for("pages.deal_play", **values))


@bp.get("/games/<int:game_id>/deals")
def deals(game_id: int):
    """An address cut back from a deal's leads to the game."""
    return redirect(url_for("pages.game", game_id=game_id))


@bp.get("/games/<int:game_id>.seep")
def export_seep(game_id: int):
    text = seeplog.dumps(stored_analysis(stored_game(game_id)).log)
    return download(text, f"game-{game_id}.seep", "text/plain; charset=utf-8")


@bp.get("/games/<int:game_id>.json")
def export_report(game_id: int):
    doc = served_report(stored_game(game_id), current_app.config["UPLOAD_LIMITS"])
    return download(json.dumps(doc, ensure_ascii=False, separators=(",", ":")) + "\n", f"game-{game_id}.json",
                    "application/json; charset=utf-8")


@bp.get("/games/<int:game_id>.csv")
def export_csv(game_id: int):
    return download(csv_file(scoresheet_csv(stored_analysis(stored_game(game_id)))),
                    f"game-{game_id}-scoresheet.csv", "text/csv; charset=utf-8")


def download(body: str, filename: str, content_type: str) -> Response:
    """An attachment; `content_type` names its charset once (Flask adds none to a full content type)."""
    return Response(body, content_type=content_type,
                    headers={"Content-Disposition": f'attachment; filename="{filename}"'})
