"""Tag lines: ``[Name "value"]``, the values of the known tags checked, and their canonical order."""
from __future__ import annotations

import re

from .lexer import Fail, show
from ..said import Said
from ..ruleset import MAX_COUNT, SEAT_TAGS, VARIANTS, count_of
from .model import Statement, Tag

KNOWN_TAGS = ("Variant", *SEAT_TAGS.values(), "Event", "Site", "Date",
              "Round", "Scorer", "BaaziTarget", "MaxHouses", "Rotation")
KNOWN_BY_LOWER = {name.lower(): name for name in KNOWN_TAGS}
"""Each known tag name by its lower-case spelling: known names are read in any case."""
VARIANT_NAMES = tuple(VARIANTS)
"""The values the Variant tag takes (NOTATION.md): the variants' own names, not their aliases."""


TAG = re.compile(r"""\s*\[\s*(?P<name>[^\s"\]]*)\s*(?P<value>"[^"\\]*+(?:\\.[^"\\]*+)*+")?\s*(?P<close>\])?\s*""")
TAG_NAME = re.compile(r"[A-Za-z][A-Za-z0-9_-]*")
ESCAPED = re.compile(r'\\([\\"])')
"""An escape in a tag value: a backslash before a quote or a backslash."""


CURLY = str.maketrans({"\u201c": '"', "\u201d": '"'})
"""Typographic quotes, as a word processor writes them: read as the notation's quotes around a tag's value."""


def read_tag(text: str, line: int = 0) -> Tag:
    """``[Name "value"]`` on line `line`; known tag names in any case, their values checked. A value in
    typographic quotes (“value”, a log pasted from a word processor) is read as in straight ones."""
    m = TAG.match(text)
    assert m is not None
    if (m.group("value") is None or m.group("close") is None) and ("\u201c" in text or "\u201d" in text):
        straight = text.translate(CURLY)  # one character for one: the columns stand
        again = TAG.match(straight)
        if again is not None and again.group("value") is not None and again.group("close") is not None:
            text, m = straight, again
    name = m.group("name")
    if not TAG_NAME.fullmatch(name):
        said = Said("expected a tag name after '[' (letters, digits, '-', '_'), found {found}", found=show(name)) \
            if name else Said("expected a tag name after '[' (letters, digits, '-', '_')")
        raise Fail("E-SYNTAX", said, m.start("name") + 1, max(1, len(name)))
    if m.group("value") is None:
        return _tag_problem(text, m, name)
    if m.group("close") is None:
        said = Said("expected ']' to close the tag, found {found} (a '\"' inside a value is written \\\")",
                    found=show(text[m.end():m.end() + 1])) if m.end() < len(text) else \
            Said("expected ']' to close the tag at the end of the line (a '\"' inside a value is written \\\")")
        raise Fail("E-SYNTAX", said, m.end() + 1)
    rest = text[m.end():]
    if rest and not rest.startswith("#"):
        raise Fail("E-SYNTAX", Said("unexpected {found} after the tag: expected the end of the line",
                                    found=show(rest.split()[0])), m.end() + 1, len(rest.split()[0]))
    name = KNOWN_BY_LOWER.get(name.lower(), name)
    value = unescape(m.group("value")[1:-1])
    return Tag(name, tag_value(name, value, m.start("value") + 1), line=line)


def unescape(text: str) -> str:
    r"""A tag value as meant: ``\"`` is a quote and ``\\`` a backslash; any other backslash stands as written
    (``C:\new`` is not ``C:new``).

    >>> unescape(r'say \"hi\" \\o/ C:\new')
    'say "hi" \\o/ C:\\new'
    """
    return ESCAPED.sub(r"\1", text) if "\\" in text else text



def _tag_problem(text: str, m: re.Match[str], name: str) -> Tag:
    at = m.end("name")
    while at < len(text) and text[at].isspace():
        at += 1
    if at < len(text) and text[at] == '"':
        raise Fail("E-SYNTAX", Said("the tag value is not closed with '\"'"), at + 1)
    said = Said("expected a quoted value after the tag name {name}, as [{name} \"…\"], found {found}", name=name,
                found=show(text[at:].split()[0])) if at < len(text) and text[at:].split() else \
        Said("expected a quoted value after the tag name {name}, as [{name} \"…\"]", name=name)
    raise Fail("E-SYNTAX", said, at + 1)


def tag_value(name: str, value: str, column: int) -> str:
    """The value of a known tag, checked and in canonical form (variant names lower-case, numbers plain)."""
    problem = None
    if name == "Variant" and value.lower() not in VARIANT_NAMES:
        problem = Said("unknown variant {value}: expected one of {names}", value=show(value),
                       names=", ".join(VARIANT_NAMES))
    elif name in ("BaaziTarget", "MaxHouses") and count_of(value) is None:
        problem = Said("{name} is a whole number from 1 to {most}, not {value}", name=name, most=f"{MAX_COUNT:,}",
                       value=show(value)) if value.isascii() and value.isdigit() and value.strip("0") else \
            Said("{name} is a whole number above 0, not {value}", name=name, value=show(value))
    elif name == "Rotation" and value.lower() not in ("pagat", "team"):
        problem = Said("unknown rotation {value}: expected pagat or team", value=show(value))
    elif name == "Date" and not is_date(value):
        problem = Said("a date is written YYYY-MM-DD (a real day), not {value}", value=show(value))
    if problem:
        raise Fail("E-SYNTAX", problem, column, len(value) + 2)
    if name in ("Variant", "Rotation"):
        return value.lower()
    return str(count_of(value)) if name in ("BaaziTarget", "MaxHouses") else value


def is_date(value: str) -> bool:
    if not re.fullmatch(r"[0-9]{4}-[0-9]{2}-[0-9]{2}", value):
        return False
    import datetime  # here, not at the top: a log without a Date tag does not load it (the command's start-up)
    try:
        datetime.date.fromisoformat(value)
    except ValueError:
        return False
    return True


def tag_order(statement: Statement) -> tuple[int, int]:
    """Canonical header order: the known tags in the order of NOTATION.md, then other tags, then the rest."""
    if isinstance(statement, Tag) and statement.name in KNOWN_TAGS:
        return (0, KNOWN_TAGS.index(statement.name))
    return (1 if isinstance(statement, Tag) else 2, 0)
