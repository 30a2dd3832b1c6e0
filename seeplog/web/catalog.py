"""The reader's locale and message catalog, looked up once a request. Flask-Babel looks both up again for every
sentence and every date it is asked for (about 16 µs each; a list page says some 150 of them)."""
from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

from babel.support import NullTranslations
from flask import g, has_app_context
from flask_babel import force_locale, get_locale, get_translations

LANGUAGES = {"en": "English", "hi": "हिन्दी", "pa": "ਪੰਜਾਬੀ"}
"""Each language's code and its name in itself, as the chooser shows it."""


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


def pgettext(context: str, msgid: str) -> str:
    """A word in the reader's language, as said in `context` (a msgid that means two things)."""
    return catalog().upgettext(context, msgid)


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


ENGLISH = NullTranslations()
"""The sentences as written: English, whoever reads."""


def english_ngettext(singular: str, plural: str, num: int, **params: Any) -> str:
    """`ngettext` in English whatever the reader's language: for the JSON API's sentences, which stay English (as
    its errors do). Its sentences are not extracted for the pages' catalogs."""
    return ENGLISH.ungettext(singular, plural, num) % {"num": num, **params}


@contextmanager
def speaking(language: str) -> Iterator[None]:
    """Within it, this request says everything in `language` (a live board published in each reader's
    language by the request that changed the game); the request's own language after it."""
    kept = {name: g.pop(name, None) for name in ("_seeplog_catalog", "_seeplog_locale")}
    try:
        with force_locale(language):
            yield
    finally:
        for name, value in kept.items():
            g.pop(name, None)
            if value is not None:
                setattr(g, name, value)
