"""Live boards published as files, for the reverse proxy in front to serve (`SEEPLOG_PUBLISH_BOARDS`): a
follower's poll of a board then never reaches the service, which draws each board once per version and
language (deploy/nginx-seeplog.conf serves `/live/<id>/board` from `<folder>/<id>.<language>.html`, and asks
the service when there is no such file).

No board of an older version is ever left in place of a newer one:
- a board is published by writing a file beside its place, renaming it into place, then reading the game's
  version again: a board of a version that is no longer the game's is taken back at once (`publish`);
- every change of a live game, once it has committed, publishes its boards again in the languages they were
  published in, or withdraws them (`changed`).
Whatever order a change and a publication take, what is left is the current version's board or none. A
worker that stops between a commit and the boards drawn again could leave an old board: the service
empties the folder when a worker starts (`clear`).

Each file's modification time is its version, in seconds after the epoch: nginx's ETag is made of the time
and the size, so two versions of a board never share one (a real clock gives two entries of the same second
the same time, and two boards of the same size the same ETag).
"""
from __future__ import annotations

import os
import threading
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING

from flask import current_app, has_app_context

from .catalog import LANGUAGES

if TYPE_CHECKING:
    from .live.view import LiveView

REPUBLISH: list[Callable[[int, tuple[str, ...], "LiveView"], None]] = []
"""What draws a changed game's board again at once in the languages it was published in, from the view the
change made (the live pages register it)."""


def folder() -> Path | None:
    """The folder boards are published in (None: they are not)."""
    if not has_app_context():
        return None
    found = current_app.config.get("PUBLISH_BOARDS")
    return Path(found) if found else None


def board_file(where: Path, game_id: int, language: str) -> Path:
    return where / f"{game_id}.{language}.html"


def withdraw(game_id: int) -> None:
    """Take a game's published boards away (a game deleted)."""
    where = folder()
    if where is None:
        return
    for language in LANGUAGES:
        board_file(where, game_id, language).unlink(missing_ok=True)


def changed(game_id: int, view: LiveView) -> None:
    """After a change of a live game has committed: its published boards drawn again from `view`, the view the
    change made, each renamed over the one before (a follower never finds none meanwhile), or withdrawn where
    they cannot be."""
    where = folder()
    if where is None:
        return
    languages = tuple(language for language in LANGUAGES if board_file(where, game_id, language).exists())
    if not languages:
        return
    if not REPUBLISH:
        withdraw(game_id)
        return
    try:
        for republish in REPUBLISH:
            republish(game_id, languages, view)
    except BaseException:
        withdraw(game_id)  # an old board is not left in place of one that could not be drawn
        raise


def publish(game_id: int, version: int, language: str, html: str, version_now: Callable[[], int | None]) -> bool:
    """Publish the board of a game at `version` in `language`; False when the game has moved on meanwhile, as
    `version_now` reads it after the file is in place (no file is then left)."""
    where = folder()
    if where is None:
        return False
    target = board_file(where, game_id, language)
    beside = where / f".{game_id}.{language}.{os.getpid()}.{threading.get_ident()}"
    beside.write_text(html, encoding="utf-8")
    os.utime(beside, (version, version))
    os.replace(beside, target)
    if version_now() == version:
        return True
    target.unlink(missing_ok=True)
    return False


def clear(where: Path) -> None:
    """Make the folder, and empty it of boards (at the service's start)."""
    where.mkdir(parents=True, exist_ok=True)
    for path in where.iterdir():
        if path.suffix == ".html" or path.name.startswith("."):
            path.unlink(missing_ok=True)
