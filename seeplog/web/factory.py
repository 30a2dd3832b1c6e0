"""The web service's app: `flask --app seeplog.web.factory run` serves it (from an installed package or a
checkout); in a checkout, the root's app.py gives the same app to `flask --app app` and to gunicorn."""
from __future__ import annotations

import io
import os
import secrets
from pathlib import Path
from typing import Any

from flask import Flask

from . import register
from .collector import tune_collector
from .db import init_db
from .published import clear
from .hosts import guard_hosts, proxy_count_setting, trusted_hosts_setting
from .shipped import folder
from .startup import prepare, rebuild_in_background
from .clubs.ratings_store import no_thread, resume as resume_ratings
from .games.limits import Limits


def _secret_key(instance: Path) -> str:
    """SEEPLOG_SECRET_KEY, or a key kept in the instance folder so forms survive a restart."""
    if os.environ.get("SEEPLOG_SECRET_KEY"):
        return os.environ["SEEPLOG_SECRET_KEY"]
    path = instance / "secret_key"
    if not path.exists():
        instance.mkdir(parents=True, exist_ok=True)
        path.write_text(secrets.token_hex(32))
    return path.read_text().strip()


class ChunkedLimit:
    """WSGI middleware: a body sent without Content-Length (chunked) is read here, up to the limit.

    Werkzeug stops reading such a body at MAX_CONTENT_LENGTH without raising, so the app would see
    it cut short. Here it is read in full when it fits and handed on with its length; when it does
    not, it is handed on declaring more than the limit, which Werkzeug answers with 413.
    """

    def __init__(self, app: Flask):
        self.app, self.wsgi_app = app, app.wsgi_app

    def __call__(self, environ: dict[str, Any], start_response: Any) -> Any:
        limit = self.app.config.get("MAX_CONTENT_LENGTH")
        chunked = "chunked" in environ.get("HTTP_TRANSFER_ENCODING", "").lower()
        if limit is not None and chunked and environ.get("wsgi.input_terminated"):
            body = read_at_most(environ["wsgi.input"], limit + 1)
            if len(body) > limit:  # read on (a little), so that the client can finish and see the 413
                read_at_most(environ["wsgi.input"], DRAIN * limit, keep=False)
            environ.pop("HTTP_TRANSFER_ENCODING", None)
            environ["CONTENT_LENGTH"] = str(len(body))
            environ["wsgi.input"] = io.BytesIO(body)
        return self.wsgi_app(environ, start_response)


DRAIN = 8
"""How many times the limit a body over it is read on and dropped before the 413 is sent."""


def read_at_most(stream: Any, size: int, keep: bool = True) -> bytes:
    chunks, left = [], size
    while left > 0:
        chunk = stream.read(min(left, 64 * 1024))
        if not chunk:
            break
        if keep:
            chunks.append(chunk)
        left -= len(chunk)
    return b"".join(chunks)


def _env_int(name: str, default: int) -> int:
    return int(os.environ.get(name) or default)


def settings(instance_path: str) -> dict[str, Any]:
    """The app's settings from the environment (SEEPLOG_*), before a test's own."""
    limit = _env_int("SEEPLOG_MAX_UPLOAD", 1024 * 1024)
    return dict(
        DATABASE=os.environ.get("SEEPLOG_DB") or os.path.join(instance_path, "seeplog.db"),
        MAX_CONTENT_LENGTH=limit,
        MAX_FORM_MEMORY_SIZE=limit,
        UPLOAD_LIMITS=Limits.from_settings(_env_int),
        LOAD_SAMPLES=os.environ.get("SEEPLOG_SAMPLES", "1") != "0",
        TRUSTED_HOSTS=trusted_hosts_setting(),
        PROXY_FIX=proxy_count_setting(),
        REBUILD_IN_BACKGROUND=True,
        TUNE_GC=os.environ.get("SEEPLOG_TUNE_GC", "1") != "0",
        PUBLISH_BOARDS=os.environ.get("SEEPLOG_PUBLISH_BOARDS") or None,
        API_TITLE="seeplog",
        API_VERSION="1",
        OPENAPI_VERSION="3.1.0",
        OPENAPI_URL_PREFIX="/api",
        OPENAPI_JSON_PATH="openapi.json",
        JSON_SORT_KEYS=False,
    )


def create_app(test_config: dict[str, Any] | None = None) -> Flask:
    """The app: store in SEEPLOG_DB (default instance/seeplog.db), samples loaded into an empty store
    unless SEEPLOG_SAMPLES=0.

    `REBUILD_IN_BACKGROUND` False leaves a store derived by another library version as it is (gunicorn's
    master process prepares the store with it before it forks the workers).
    """
    app = Flask("seeplog", instance_relative_config=True, template_folder=folder("templates"))
    app.config.from_mapping(settings(app.instance_path))
    if test_config is not None:
        app.config.from_mapping(test_config)
    app.config.setdefault("SECRET_KEY", None)
    if not app.config["SECRET_KEY"]:
        app.config["SECRET_KEY"] = _secret_key(Path(app.instance_path))
    app.json.sort_keys = False  # type: ignore[attr-defined]

    register(app)
    db = init_db(app.config["DATABASE"])
    try:
        with no_thread():  # the kept ratings' long work: in a worker, below
            prepare(db, samples=app.config["LOAD_SAMPLES"])
    finally:
        db.close()
    if app.config["PUBLISH_BOARDS"]:
        clear(Path(app.config["PUBLISH_BOARDS"]))  # a board a stopped worker left is not served
    if app.config["REBUILD_IN_BACKGROUND"]:
        app.extensions["seeplog_rebuild"] = rebuild_in_background(app.config["DATABASE"])
        resume_ratings(app.config["DATABASE"])
    app.wsgi_app = ChunkedLimit(app)  # type: ignore[method-assign]
    guard_hosts(app)
    if app.config["TUNE_GC"]:
        tune_collector()  # the last step: what start-up built is frozen (seeplog/web/collector.py)
    return app
