"""The sentences the pages' scripts say, in the reader's language: each script asks for its sentence in
English through `t("…")` (keep page modules) or `window.seeplogText("…")` (the other scripts), and the page
carries the translations in a JSON block (templates/base.html) that static/text.js reads. The sentences are
found in the scripts themselves, and `extract_scripts` hands them to the extraction (tools/messages.py), so a new
one is translated like any other: the catalogs hold them as they are, `{name}` placeholders and all."""
from __future__ import annotations

import re
from collections.abc import Iterator
from functools import cache
from pathlib import Path
from typing import IO, Any

from .catalog import gettext, locale_name

STATIC = Path(__file__).resolve().parent / "static"
ASKED = re.compile(r'\b(?:t|seeplogText)\("((?:[^"\\]|\\.)*)"')
"""A script's request for a sentence: its first argument, a double-quoted string."""


@cache
def script_sentences() -> tuple[str, ...]:
    """Every sentence a script of the pages asks for, in English, once each."""
    found: dict[str, None] = {}
    for script in sorted(STATIC.rglob("*.js")):
        for match in ASKED.finditer(script.read_text(encoding="utf-8")):
            found.setdefault(match.group(1), None)
    return tuple(found)


def extract_scripts(fileobj: IO[bytes], keywords: Any, comment_tags: Any,
                    options: Any) -> Iterator[tuple[int, str, str, list[str]]]:
    """pybabel's extractor for the scripts (babel.cfg): each sentence asked for, with its line."""
    text = fileobj.read().decode("utf-8")
    for match in ASKED.finditer(text):
        yield text.count("\n", 0, match.start()) + 1, "gettext", match.group(1), []


def script_translations() -> dict[str, str]:
    """Each script sentence's translation in the reader's language (none in English: the scripts say theirs)."""
    if locale_name() == "en":
        return {}
    return {text: gettext(text) for text in script_sentences()}
