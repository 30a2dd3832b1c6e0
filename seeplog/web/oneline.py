"""Text on one line: what a name, a tag, a file name or a path to go back to may not hold. The one definition the
API's schemas, the pages' forms, the uploads' file names and the language chooser share."""
from __future__ import annotations

import re

NOT_ON_ONE_LINE = r"\x00-\x1f\x7f-\x9f\u2028\u2029\u202a-\u202e\u2066-\u2069"
"""The characters one line of text never holds, as the inside of a regex class: the control characters
(Unicode's Cc: newlines, tabs, NUL, escapes), the line and paragraph separators, and the controls of writing
direction (embeddings, overrides, isolates: a name holding one can turn the text after it around, so that a
bid of 13 reads 31)."""
ONE_LINE = rf"^[^{NOT_ON_ONE_LINE}]*$"
"""The pattern of one line of text, to be matched whole (`re.match`'s `$` would let a last newline through)."""
_ONE_LINE = re.compile(ONE_LINE)
_OFF_THE_LINE = re.compile(f"[{NOT_ON_ONE_LINE}]")
FILE_NAME_LENGTH = 200
"""The most characters of an upload's file name kept."""


def is_one_line(text: str) -> bool:
    """Whether `text` holds no control character and no line or paragraph separator.

    >>> is_one_line("Asha Rani"), is_one_line("Asha\\n"), is_one_line("a\\x00b"), is_one_line("a\\u2028b")
    (True, False, False, False)
    >>> is_one_line("\\u202eW"), is_one_line("\\u2067a\\u2069"), is_one_line("\\u0986\\u09b6\\u09be")
    (False, False, True)
    """
    return _ONE_LINE.fullmatch(text) is not None


def file_name(name: str | None) -> str | None:
    """An upload's file name as kept: its control characters and separators removed, cut to `FILE_NAME_LENGTH`
    characters; None when nothing is left.

    >>> file_name("game\\x01 1\\t.seep"), file_name("\\x00"), len(file_name("x" * 500))
    ('game 1.seep', None, 200)
    """
    return _OFF_THE_LINE.sub("", name or "")[:FILE_NAME_LENGTH] or None
