"""CSV files for spreadsheets (a game's scoresheet, an event's standings): UTF-8 with a byte order mark, so
that Excel shows Devanagari and Gurmukhi names as written, and no text cell a spreadsheet would run as a
formula (CSV injection: OWASP's advice, a cell that starts with = + - @, a tab or a carriage return is
prefixed with ')."""
from __future__ import annotations

import csv
import io
from collections.abc import Iterable
from typing import Any

BOM = "\ufeff"
FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")
"""How a cell a spreadsheet reads as a formula starts."""


def inert(value: Any) -> Any:
    """A cell's value as a spreadsheet should show it: text that would start a formula after a ', so that it
    shows as written ("'=1+2" shows =1+2); numbers (a negative difference too) as they are.

    >>> inert("=1+2 & @SUM(A1)"), inert("Asha"), inert(-12)
    ("'=1+2 & @SUM(A1)", 'Asha', -12)
    """
    return "'" + value if isinstance(value, str) and value.startswith(FORMULA_STARTS) else value


class SheetWriter:
    """Rows written as CSV (CRLF line ends, as RFC 4180 has them), every cell `inert`."""

    def __init__(self) -> None:
        self._out = io.StringIO()
        self._writer = csv.writer(self._out, lineterminator="\r\n")

    def writerow(self, row: Iterable[Any]) -> None:
        self._writer.writerow([inert(value) for value in row])

    def text(self) -> str:
        """The rows written so far (no byte order mark: `csv_file` adds it to the file served)."""
        return self._out.getvalue()


def csv_file(text: str) -> str:
    """The text of a CSV download: `text` after a byte order mark (Excel reads the file as UTF-8 only then)."""
    return BOM + text
