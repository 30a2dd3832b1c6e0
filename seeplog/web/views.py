"""The pages: the games list, upload, a game with its scoresheet, and its downloads."""
from __future__ import annotations

import json

from flask import Blueprint, Response, abort, current_app, flash, redirect, render_template, request, url_for
from marshmallow import ValidationError

import seeplog
from seeplog.legal import MAX_LISTED

from .cardviews import card_html
from .db import get_db
from .exports import scoresheet_csv
from .forms import UploadForm
from .playpage import play_page
from .queries import Filters, find_games, get_game
from .schemas import GameFormSchema, PlayQuerySchema
from .store import BadUpload, store
from .uploads import from_bytes
from .viewmodels import game_page, game_row

bp = Blueprint("pages", __name__, static_folder="static", static_url_path="/assets")
bp.add_app_template_filter(card_html, "card")


def stored_game(game_id: int) -> dict:
    row = get_game(get_db(), game_id)
    if row is None:
        abort(404, f"there is no game {game_id}")
    return row


@bp.get("/")
def index():
    try:
        args = GameFormSchema().load({k: v for k, v in request.args.items() if v != ""})
    except ValidationError as exc:
        args, errors = {}, exc.messages
    else:
        errors = {}
    filters = Filters(**args)
    rows, total = find_games(get_db(), filters)
    return render_template("index.html", games=[game_row(r) for r in rows], total=total, filters=filters,
                           errors=errors, pages=-(-total // filters.per_page), page_url=page_url)


def page_url(page: int) -> str:
    return url_for("pages.index", **{**request.args.to_dict(), "page": page})


@bp.route("/upload", methods=["GET", "POST"])
def upload():
    form = UploadForm()
    if not form.validate_on_submit():
        return render_template("upload.html", form=form, results=[])
    results = [upload_one(name, data) for name, data in form.uploads()]
    if not results:
        flash("Choose a file or paste a log first.", "error")
    elif len(results) == 1 and results[0]["id"]:
        flash(results[0]["message"], "ok")
        return redirect(url_for("pages.game", game_id=results[0]["id"]))
    return render_template("upload.html", form=form, results=results), 400 if results and not any(
        r["id"] for r in results) else 200


def upload_one(name: str | None, data: bytes) -> dict:
    label = name or "pasted log"
    try:
        stored = store(get_db(), from_bytes(data, name))
    except BadUpload as exc:
        return {"name": label, "id": None, "message": exc.message, "errors": exc.errors}
    message = (f"Stored {label}." if stored.created else f"{label} was already stored; here it is.")
    return {"name": label, "id": stored.id, "message": message, "errors": []}


@bp.get("/games/<int:game_id>")
def game(game_id: int):
    page = game_page(stored_game(game_id))
    return render_template("game.html", page=page, limit=current_app.config["MAX_CONTENT_LENGTH"])


@bp.get("/games/<int:game_id>/deals/<int:deal>/plays/<int:play>")
def deal_play(game_id: int, deal: int, play: int):
    """One play as the table saw it: the dispute view (``?game=N`` for the Nth game of the file)."""
    try:
        number = PlayQuerySchema().load({"game": request.args.get("game", "1")})["game"]
    except ValidationError:
        abort(400, f"?game= takes the number of a game in the file (1, 2, ...), not {request.args['game'][:24]!r}")
    try:
        page = play_page(stored_game(game_id), number, deal, play)
    except LookupError as exc:
        abort(404, str(exc))
    return render_template("play.html", page=page, max_listed=MAX_LISTED)


@bp.get("/games/<int:game_id>.seep")
def export_seep(game_id: int):
    text = seeplog.dumps(seeplog.parse(stored_game(game_id)["text"]))
    return download(text, f"game-{game_id}.seep", "text/plain; charset=utf-8")


@bp.get("/games/<int:game_id>.json")
def export_report(game_id: int):
    doc = seeplog.report(seeplog.parse(stored_game(game_id)["text"]))
    return download(json.dumps(doc, ensure_ascii=False, indent=2) + "\n", f"game-{game_id}.json",
                    "application/json")


@bp.get("/games/<int:game_id>.csv")
def export_csv(game_id: int):
    return download(scoresheet_csv(stored_game(game_id)["text"]), f"game-{game_id}-scoresheet.csv",
                    "text/csv; charset=utf-8")


def download(body: str, filename: str, mimetype: str) -> Response:
    return Response(body, mimetype=mimetype, headers={"Content-Disposition": f'attachment; filename="{filename}"'})
