"""Text on one line: what a name, a tag or a path to go back to may not hold. The one definition the API's
schemas, the pages' forms and the language chooser share."""
from __future__ import annotations

import re

NOT_ON_ONE_LINE = r"\x00-\x1f\x7f-\x9f\u2028\u2029"
"""The characters one line of text never holds, as the inside of a regex class: the control characters
(Unicode's Cc: newlines, tabs, NUL, escapes) and the line and paragraph separators."""
ONE_LINE = rf"^[^{NOT_ON_ONE_LINE}]*$"
"""The pattern of one line of text, to be matched whole (`re.match`'s `$` would let a last newline through)."""
_ONE_LINE = re.compile(ONE_LINE)


def is_one_line(text: str) -> bool:
    """Whether `text` holds no control character and no line or paragraph separator.

    >>> is_one_line("Asha Rani"), is_one_line("Asha\\n"), is_one_line("a\\x00b"), is_one_line("a\\u2028b")
    (True, False, False, False)
    """
    return _ONE_LINE.fullmatch(text) is not None
