"""The pages' languages (Flask-Babel): English, Hindi and Punjabi in Gurmukhi.

The reader picks one with the chooser on every page (POST /language, kept in the `lang` cookie, so no
address changes); without the cookie the browser's Accept-Language decides. Catalogs live in
seeplog/web/translations/; their .mo files are compiled from the committed .po files by the build
(setup.py, .ci/setup, `pybabel compile`), and a checkout compiles a missing or stale one at start-up.
"""
from __future__ import annotations

from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

from flask import Blueprint, Flask, redirect, request, url_for
from flask_babel import Babel, format_decimal
from jinja2.runtime import Context
from jinja2.utils import pass_context
from markupsafe import Markup

from .catalog import LANGUAGES, catalog, locale_name
from .dates import init_dates
from .forms import tag_title, tag_value, variant_title
from .findings import finding_translations, rule_explanation, rule_summary, said_here
from .oneline import is_one_line
from .scripttext import script_translations
from .spoken import heard, notation_words, oblique_translations, seat_translations, shown_heard, spoken, variant_sides

COOKIE = "lang"
YEAR = 365 * 24 * 3600
TRANSLATIONS = Path(__file__).resolve().parent / "translations"

bp = Blueprint("language", __name__)


def chosen_language() -> str:
    """The reader's language: the cookie's, else the best of Accept-Language, else English."""
    kept = request.cookies.get(COOKIE)
    if kept in LANGUAGES:
        return kept
    return request.accept_languages.best_match(list(LANGUAGES), default="en") or "en"


def _same_site_path(target: str | None) -> str:
    """`target` when it is a path on this site, else the games list. A path starts with one "/" and holds no
    control character (Werkzeug drops a tab, so "/\t/evil.example" would go to another host; a newline cannot be
    sent in a header) and no backslash (which browsers read as "/"), and has no scheme or host."""
    if (target and target.startswith("/") and not target.startswith("//") and "\\" not in target
            and is_one_line(target) and not any(urlsplit(target)[:2])):  # no scheme, no host
        return target
    return url_for("pages.index")


@bp.post("/language")
def choose():
    """Keep the chosen language in a cookie and go back to the page it was chosen on."""
    code = request.form.get("lang", "")
    response = redirect(_same_site_path(request.form.get("next")), code=303)
    if code in LANGUAGES:
        response.set_cookie(COOKIE, code, max_age=YEAR, samesite="Lax", httponly=True,
                            secure=request.is_secure)
    return response


def compile_catalogs(folder: Path = TRANSLATIONS) -> None:
    """Compile each .po whose .mo is missing or older (a checkout; a wheel ships them compiled)."""
    from babel.messages.mofile import write_mo
    from babel.messages.pofile import read_po

    for po in folder.glob("*/LC_MESSAGES/messages.po"):
        mo = po.with_suffix(".mo")
        if mo.exists() and mo.stat().st_mtime >= po.stat().st_mtime:
            continue
        with po.open("rb") as source:
            catalog = read_po(source)
        try:
            with mo.open("wb") as target:
                write_mo(target, catalog)
        except OSError:  # a read-only install: its build compiled them
            return


def page_strings(findings: bool = False) -> dict[str, str]:
    """What the page carries for its scripts (#page-strings): their sentences, the seats' words and the cards' oblique
    forms in the reader's language, and on a page whose scripts show the live API's findings (`findings`), the
    findings' templates too."""
    scripts = {**script_translations(), **seat_translations(), **oblique_translations()}
    return {**scripts, **finding_translations()} if findings else scripts


def decimal1(value: float) -> str:
    """A number to one decimal in the reader's locale; one that rounds to zero is 0.0, never -0.0."""
    return format_decimal(round(value, 1) + 0.0, format="#,##0.0")


def init_languages(app: Flask) -> None:
    """Attach Flask-Babel, the chooser's route and what every template needs to draw the chooser."""
    compile_catalogs()
    app.config.setdefault("BABEL_TRANSLATION_DIRECTORIES", str(TRANSLATIONS))
    Babel(app, locale_selector=chosen_language)
    _gettext_once_a_request(app)
    app.register_blueprint(bp)
    init_dates(app)
    app.jinja_env.filters["number"] = format_decimal
    app.jinja_env.filters["decimal1"] = decimal1
    app.jinja_env.filters.update(said=said_here, spoken=spoken, heard=heard, words=notation_words,
                                 shown_heard=shown_heard, rule_summary=rule_summary,
                                 rule_explanation=rule_explanation, variant_title=variant_title, tag_title=tag_title,
                                 tag_value=tag_value, variant_sides=variant_sides)

    @app.context_processor
    def language_choices():
        return {"languages": LANGUAGES, "language": locale_name(), "page_strings": page_strings}

    @app.after_request
    def vary_on_language(response):
        if response.mimetype == "text/html":
            response.vary.add("Cookie")
            response.vary.add("Accept-Language")
        return response


def _gettext_once_a_request(app: Flask) -> None:
    """The templates' gettext callables (those Flask-Babel installs), reading the request's catalog once."""
    app.jinja_env.install_gettext_callables(  # type: ignore[attr-defined]  # added by jinja2.ext.i18n
        gettext=lambda s: catalog().ugettext(s),
        ngettext=lambda s, p, n: catalog().ungettext(s, p, n),
        pgettext=lambda c, s: catalog().upgettext(c, s),
        npgettext=lambda c, s, p, n: catalog().unpgettext(c, s, p, n),
        newstyle=True)
    app.jinja_env.globals["gettext"] = app.jinja_env.globals["_"] = _said_here


@pass_context
def _said_here(context: Context, string: str, **variables: Any) -> str:
    """A template's `_()` and `{% trans %}`: what jinja2's new-style gettext does (the sentence escaped, then its
    %(name)s filled in), without its two layers of calls (an alias, then the callable through the context):
    a live board says some 30 sentences at every entry."""
    said = catalog().ugettext(string)
    return (Markup(said) if context.eval_ctx.autoescape else said) % variables
