"""A live game's refusals as the scorekeeper reads them: a sentence of the reader that names a line of the log
(the deal's first score line, the tag already set) names that line's entry instead, the number the keep page
and the live API show (the log's lines, blank lines between deals included, are not)."""
from __future__ import annotations

import re
from collections.abc import Callable, Sequence

from ..said import Param, Said

BY_ENTRY: dict[str, Callable[[dict[str, Param]], Said]] = {
    "a second floor line in deal {deal} (the first is on line {first})":
        lambda f: Said("a second floor line in deal {deal} (the first is entry {first})", **f),
    "a second bid line in deal {deal} (the first is on line {first})":
        lambda f: Said("a second bid line in deal {deal} (the first is entry {first})", **f),
    "a second score line in deal {deal} (the first is on line {first})":
        lambda f: Said("a second score line in deal {deal} (the first is entry {first})", **f),
    "a second {name} tag in this game (line {line} already says {value})":
        lambda f: Said("a second {name} tag in this game (entry {line} already says {value})", **f),
}
"""Each reader's sentence that names a log line, and the same sentence naming that line's entry."""

LINE_FIELD = re.compile(r"line \{(\w+)\}")


def by_entry(message: str, line_of: Sequence[int]) -> str:
    """`message` naming entries where it names log lines; `line_of` is each entry's line in the log read.
    Any other message, or one naming a line no entry stands on, as it is.

    >>> said = Said("a second score line in deal {deal} (the first is on line {first})", deal=2, first=12)
    >>> by_entry(said, (1, 2, 4, 5, 7, 8, 10, 12)), by_entry("no line here", ())
    ('a second score line in deal 2 (the first is entry 8)', 'no line here')
    """
    if not isinstance(message, Said) or message.template not in BY_ENTRY:
        return message
    fields = message.fields
    for name in LINE_FIELD.findall(message.template):
        if fields[name] not in line_of:
            return message
        fields[name] = line_of.index(fields[name]) + 1
    return BY_ENTRY[message.template](fields)
