"""The reader's locale and message catalog, looked up once a request. Flask-Babel looks both up again for every
sentence and every date it is asked for (about 16 µs each; a list page says some 150 of them)."""
from __future__ import annotations

from typing import Any

from babel.support import NullTranslations
from flask import g, has_app_context
from flask_babel import get_locale, get_translations


def catalog() -> NullTranslations:
    """This request's catalog (outside the app, Flask-Babel's: the English sentences)."""
    if not has_app_context():
        return get_translations()
    found = g.get("_seeplog_catalog")
    if found is None:
        found = g._seeplog_catalog = get_translations()
    return found


def gettext(msgid: str, **params: Any) -> str:
    """A sentence in the reader's language, its %(name)s parameters filled in, as Flask-Babel's gettext says it."""
    text = catalog().ugettext(msgid)
    return text % params if params else text


def locale_name() -> str:
    """This request's locale ("hi"; outside the app, Flask-Babel's default)."""
    if not has_app_context():
        return str(get_locale() or "en")
    found = g.get("_seeplog_locale")
    if found is None:
        found = g._seeplog_locale = str(get_locale() or "en")
    return found  # type: ignore[no-any-return]


def ngettext(singular: str, plural: str, num: int, **params: Any) -> str:
    """The singular or plural sentence for `num` in the reader's language, as Flask-Babel's ngettext says it
    (%(num)s filled in too)."""
    return catalog().ungettext(singular, plural, num) % {"num": num, **params}
