"""Conditional GET for the games list (its page and its API): an ETag made from what the answer depends
on, known before any row is read, so that a client asking again with If-None-Match gets a 304 for one
small query (the store's games_version, schema/migrations/0013), not a page counted and drawn again.

The list shows the games' rows and their live state; every change of either changes a games row, and so
games_version. The rest is the address, the reader's language (the page), and what is deployed (the
library, the templates and the catalogs).
"""
from __future__ import annotations

import hashlib
from functools import lru_cache

import sqlite_utils
from flask import Response, request

from seeplog.fingerprint import library_fingerprint

from ..languages import TRANSLATIONS
from ..shipped import folder
from .queries import store_version


@lru_cache(maxsize=1)
def deployed() -> str:
    """What is deployed, as the pages are made of it: the library's fingerprint and the newest change of a
    template or a catalog."""
    newest = max((entry.stat().st_mtime for root in (folder("templates"), TRANSLATIONS)
                  for entry in root.rglob("*") if entry.is_file()), default=0.0)
    return f"{library_fingerprint()}:{newest}"


def list_etag(db: sqlite_utils.Database, *also: str) -> str:
    """The list answer's entity tag for this request's address (and `also`, what else it depends on)."""
    parts = (*store_version(db), deployed(), request.full_path, *also)
    return hashlib.blake2b(repr(parts).encode(), digest_size=12).hexdigest()


def unchanged(etag: str) -> Response | None:
    """A 304 when the client holds this answer already (If-None-Match), else None."""
    if not request.if_none_match.contains_weak(etag):
        return None
    response = Response(status=304)
    response.set_etag(etag)
    return response
