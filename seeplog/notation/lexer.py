"""Tokens of one log line, read lazily with their columns, and the failure a bad line raises.

Tokens are read one at a time and reading stops at the first problem, so a very long line costs
no more than the part of it read before that problem.
"""
from __future__ import annotations

import re
from typing import NamedTuple

from ..said import Said

TOKEN = re.compile(r"""
    (?P<space>\s+)
  | (?P<comment>\#)
  | (?P<annotation>\{[^}]*\})
  | (?P<open>\{)
  | (?P<string>"[^"\\]*+(?:\\.[^"\\]*+)*+")
  | (?P<house>\[[^\]\[]*\])
  | (?P<plus>\+)
  | (?P<eq>=)
  | (?P<word>[^\s+=\[\]{}"\#]+)
  | (?P<other>.)
""", re.VERBOSE | re.DOTALL)

SHOWN = 24
"""How many characters of a token a message quotes."""


class Token(NamedTuple):
    kind: str
    """space, comment, annotation, open, string, house, plus, eq, word or other."""
    text: str
    column: int
    """1-based column of the token's first character."""

    @property
    def end(self) -> int:
        """The column just after the token."""
        return self.column + len(self.text)


def show(text: str) -> str:
    """A token quoted for a message, shortened when long.

    >>> show("5h"), show("x" * 30)
    ("'5h'", "'xxxxxxxxxxxxxxxxxxxxxxxx…'")
    """
    return repr(text) if len(text) <= SHOWN else repr(text[:SHOWN] + "…")


class Fail(Exception):
    """A bad line: raised while reading it, turned into an `Unreadable` statement."""

    def __init__(self, rule: str, msg: str, column: int, width: int = 1):
        super().__init__(msg)
        self.rule, self.msg, self.column, self.width = rule, msg, column, width


class Cursor:
    """Reads the tokens of one line left to right; blanks are skipped and ``#`` ends the line."""

    def __init__(self, text: str, line: int = 0):
        self.text = text
        self.line = line
        """The line's number in its log, given to the statement read from it."""
        self.pos = 0
        self.last_end = 1
        """The column just after the last token taken (1 before any)."""
        self._next: Token | None = None
        self._scanned = False

    def peek(self) -> Token | None:
        """The next token, or None at the end of the line (or at a comment)."""
        if not self._scanned:
            self._next, self._scanned = self._scan(), True
        return self._next

    def _scan(self) -> Token | None:
        while True:
            m = TOKEN.match(self.text, self.pos)
            if m is None or m.lastgroup == "comment":
                return None
            if m.lastgroup != "space":
                return Token(m.lastgroup or "other", m.group(), m.start() + 1)
            self.pos = m.end()

    def take(self) -> Token | None:
        token = self.peek()
        if token is not None:
            self.pos, self.last_end = token.end - 1, token.end
            self._scanned = False
        return token

    def at(self, kind: str, text: str | None = None) -> bool:
        """Whether the next token is of this kind (and, if given, this text in any case)."""
        token = self.peek()
        return token is not None and token.kind == kind and (text is None or token.text.lower() == text)

    def fail(self, msg: str, token: Token | None = None, rule: str = "E-SYNTAX") -> Fail:
        """A failure at a token, or just after the last token taken when there is none."""
        if token is None:
            return Fail(rule, msg, self.last_end)
        return Fail(rule, msg, token.column, max(1, len(token.text)))

    def expect(self, expected: str) -> Token:
        """The next token; at the end of the line, a failure saying what was expected there."""
        token = self.take()
        if token is None:
            raise self.fail(Said("expected {expected} at the end of the line", expected=expected))
        return token

    def word(self, expected: str) -> Token:
        token = self.expect(expected)
        if token.kind != "word":
            raise self.fail(Said("expected {expected}, found {found}", expected=expected, found=show(token.text)),
                            token)
        return token
