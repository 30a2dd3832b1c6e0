"""seeplog's web service: `flask --app app run` serves it at http://127.0.0.1:5000/."""
from __future__ import annotations

import os
import secrets
from pathlib import Path
from typing import Any

from flask import Flask


def _secret_key(instance: Path) -> str:
    """SEEPLOG_SECRET_KEY, or a key kept in the instance folder so forms survive a restart."""
    if os.environ.get("SEEPLOG_SECRET_KEY"):
        return os.environ["SEEPLOG_SECRET_KEY"]
    path = instance / "secret_key"
    if not path.exists():
        instance.mkdir(parents=True, exist_ok=True)
        path.write_text(secrets.token_hex(32))
    return path.read_text().strip()


def create_app(test_config: dict[str, Any] | None = None) -> Flask:
    """The app: store in SEEPLOG_DB (default instance/seeplog.db), samples loaded into an empty store."""
    app = Flask(__name__, instance_relative_config=True)
    limit = int(os.environ.get("SEEPLOG_MAX_UPLOAD", 1024 * 1024))
    app.config.from_mapping(
        DATABASE=os.environ.get("SEEPLOG_DB") or os.path.join(app.instance_path, "seeplog.db"),
        MAX_CONTENT_LENGTH=limit,
        MAX_FORM_MEMORY_SIZE=limit,
        LOAD_SAMPLES=True,
        API_TITLE="seeplog",
        API_VERSION="1",
        OPENAPI_VERSION="3.1.0",
        OPENAPI_URL_PREFIX="/api",
        OPENAPI_JSON_PATH="openapi.json",
        JSON_SORT_KEYS=False,
    )
    if test_config is not None:
        app.config.from_mapping(test_config)
    app.config.setdefault("SECRET_KEY", None)
    if not app.config["SECRET_KEY"]:
        app.config["SECRET_KEY"] = _secret_key(Path(app.instance_path))
    app.json.sort_keys = False  # type: ignore[attr-defined]

    from seeplog.web import register
    from seeplog.web.db import init_db
    from seeplog.web.store import prepare

    register(app)
    db = init_db(app.config["DATABASE"])
    prepare(db, samples=app.config["LOAD_SAMPLES"])
    db.close()
    return app
