"""Findings in the reader's language: the library's sentences (`seeplog.said.Said`) made again from their
translated templates, and the rule catalogue's summaries and explanations. The JSON API keeps the English
`message`; only pages (and the page data their scripts read) say a finding in the reader's language."""
from __future__ import annotations

from typing import Any

from flask_babel import gettext

from seeplog.rules import RULES
from seeplog.said import N_, Said, retold

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


def rule_summary(rule: str) -> str:
    """The rule's summary in the reader's language ('' for an ID the catalogue does not know)."""
    known = RULES.get(rule)
    return gettext(known.summary) if known else ""


def rule_explanation(rule: str) -> str:
    known = RULES.get(rule)
    return gettext(known.explanation) if known else ""


def localised(finding: dict[str, Any]) -> dict[str, Any]:
    """A finding of the page data (its `rule` and `message`) with `said`: its sentence in the reader's
    language, for the page's scripts to show (the `message` stays the API's English)."""
    return {**finding, "said": said_here(finding.get("message") or "")}
