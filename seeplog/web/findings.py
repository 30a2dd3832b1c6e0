"""Findings in the reader's language: the library's sentences (`seeplog.said.Said`) made again from their
translated templates, and the rule catalogue's summaries and explanations. The JSON API keeps the English
`message`; only pages (and the page data their scripts read) say a finding in the reader's language."""
from __future__ import annotations

import ast
from functools import cache
from pathlib import Path

from seeplog.rules import RULES
from seeplog.said import N_, Said, retold

from .catalog import gettext, locale_name

SHORTENED = frozenset({N_("a house of {value}")})
"""The templates of findings the play page shortens, less their last clause (it says the rule's summary again)."""


def said_here(text: str) -> str:
    """A finding's sentence in the reader's language (English for a text that is no `Said`, as one read back
    from a stored report). Plain text: the page escapes it."""
    if not isinstance(text, Said):
        return text
    try:
        return retold(text, gettext)
    except (KeyError, IndexError, ValueError):  # a translation that lost a placeholder: the English stands
        return str(text)


def sentence_of(error: Exception) -> str:
    """An exception's sentence, kept a `Said` when it was raised with one (`str()` makes it plain English)."""
    first = error.args[0] if error.args else None
    return first if isinstance(first, Said) else str(error)


def rule_summary(rule: str) -> str:
    """The rule's summary in the reader's language ('' for an ID the catalogue does not know)."""
    known = RULES.get(rule)
    return gettext(known.summary) if known else ""


def rule_explanation(rule: str) -> str:
    known = RULES.get(rule)
    return gettext(known.explanation) if known else ""


LIBRARY = Path(__file__).resolve().parents[1]


@cache
def said_templates() -> tuple[str, ...]:
    """Every template of a sentence the service says as a `Said` (the first argument of each `Said(...)` in
    its modules): the library's findings and the web shell's refusals, once each, in the order met."""
    found: dict[str, None] = {}
    for module in sorted(LIBRARY.rglob("*.py")):
        for node in ast.walk(ast.parse(module.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id == "Said" \
                    and node.args and isinstance(node.args[0], ast.Constant) and isinstance(node.args[0].value, str):
                found.setdefault(node.args[0].value, None)
    return tuple(found)


def finding_translations() -> dict[str, str]:
    """The findings' and refusals' templates in the reader's language, for the scripts of a page that shows
    them from the API (whose `said` gives each one's template and parameters); none in English."""
    if locale_name() == "en":
        return {}
    return {template: gettext(template) for template in said_templates()}
