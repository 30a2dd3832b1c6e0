"""The reader's locale and message catalog, looked up once a request. Flask-Babel looks both up again for every
sentence and every date it is asked for (about 16 µs each; a list page says some 150 of them)."""
from __future__ import annotations

from typing import Any

from babel.support import NullTranslations
from flask import g
from flask_babel import get_locale, get_translations


def catalog() -> NullTranslations:
    """This request's catalog."""
    found = g.get("_seeplog_catalog")
    if found is None:
        found = g._seeplog_catalog = get_translations()
    return found


def gettext(msgid: str, **params: Any) -> str:
    """A sentence in the reader's language, its %(name)s parameters filled in, as Flask-Babel's gettext says it."""
    text = catalog().ugettext(msgid)
    return text % params if params else text


def locale_name() -> str:
    """This request's locale ("hi")."""
    found = g.get("_seeplog_locale")
    if found is None:
        found = g._seeplog_locale = str(get_locale() or "en")
    return found  # type: ignore[no-any-return]
