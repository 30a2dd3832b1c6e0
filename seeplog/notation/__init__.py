"""The notation: text in, statements out, and statements back to text (NOTATION.md).

The first stage of seeplog's pipeline, text -> notation -> replay -> scoring -> views:

- `model`: the statement types (Log, Game, Deal, Play, ...), plain values.
- `lexer`: tokens and the cursor that reads them.
- `words`: cards, seats, numbers and moves read token by token, in every spelling NOTATION.md allows.
- `grammar`: one line read (`read_line`): canonical spelling recognised by compiled patterns of the
  grammar's productions, any other spelling read token by token (which also explains a bad line); both
  make the same statement (tests/test_fastplay.py holds them to that).
- `tags`: tag lines and their values.
- `reader`: whole files and single lines (`parse`, `read_line`, `split_lines`).
- `writer`: statements back to canonical text (`dumps`).
- `jsonform`: the JSON form of a log, both ways.
"""
from .reader import (KEYWORDS, KNOWN_TAGS, SEATS_FOUR, SEATS_TWO, TEAMS_FOUR, VARIANT_NAMES, BidLine, Deal,
                     DealStart, FloorCards, Game, Hand, Log, NotationError, Play, Redeal, ScoreLine, Statement, Tag,
                     Unreadable, parse, parse_strict, read_line, split_lines, tag_order)

__all__ = [
    "parse", "parse_strict", "read_line", "split_lines", "NotationError", "Log", "Game", "Deal", "Statement", "Tag",
    "DealStart", "Redeal", "Hand", "FloorCards", "BidLine", "Play", "ScoreLine", "Unreadable",
    "KNOWN_TAGS", "VARIANT_NAMES", "SEATS_FOUR", "SEATS_TWO", "TEAMS_FOUR", "KEYWORDS", "tag_order",
]
