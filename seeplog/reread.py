"""Reading a log again after a change to some of its lines: only from the deal the change touched on.

A live game's entry changes one line (or adds or removes one) of a long log. The reader reads a log line by
line, each deal on its own under its game's tags, so the deals that end before the first line that changed
read the same: `reread` keeps them and reads the rest, giving what `parse` of the whole new text gives.
"""
from __future__ import annotations

from bisect import bisect_right

from .notation import Game, Log, Statement, parse
from .notation.reader import parse_lines


def first_changed_line(old: str, new: str) -> int | None:
    """The first line (from 1) at which two texts differ, or None when they are the same."""
    if old == new:
        return None
    low, high = 0, min(len(old), len(new))
    while low < high:  # the longest common start, by halves: each comparison runs in C
        middle = (low + high + 1) // 2
        if old[:middle] == new[:middle]:
            low = middle
        else:
            high = middle - 1
    return old.count("\n", 0, low) + 1


def reread(old_text: str, old: Log, text: str) -> Log:
    """`parse(text)`, where `old` is `parse(old_text)`: the deals of the last game that another deal
    follows before the first changed line are kept (less one, whose deal line a broken deal line after it
    would number from), and only the header and the lines from there on are read."""
    line = first_changed_line(old_text, text)
    if line is None:
        return old
    kept = _kept_deals(old, line)
    if kept == 0 or "\r" in text or "\ufeff" in text:
        return parse(text)
    game = old.games[-1]
    lines = text.split("\n")
    if lines[-1] == "":
        lines.pop()
    first = game.deals[kept].start.line
    numbered = [(s.line, lines[s.line - 1]) for s in sorted(game.header, key=lambda s: s.line)]
    numbered += [(n, lines[n - 1]) for n in range(first, len(lines) + 1)]
    tail = parse_lines(numbered)
    again = tail.games[0]
    if again.skipped or not again.deals or again.deals[0] != game.deals[kept]:
        return parse(text)
    spliced = Game(again.header, game.deals[:kept] + again.deals, ())
    return Log(old.games[:-1] + (spliced,) + tail.games[1:])


def _kept_deals(old: Log, line: int) -> int:
    """How many deals of the last game can be kept when the text changes from `line` on (0: read it all)."""
    if not old.games:
        return 0
    game = old.games[-1]
    if game.skipped or any(s.line >= line for s in game.header):
        return 0
    # a deal is read the same when the next deal starts before the change (a line changed right after a
    # deal's last line may join it: a play appended, or the next deal line rewritten as a play)
    before = sum(1 for deal in game.deals[1:] if deal.start.line < line)
    kept = before - 1
    if kept < 1 or game.deals[kept].start.recovered:
        return 0
    return kept


def statement_at(log: Log, line: int) -> Statement | None:
    """The statement standing on a line of the log, found without walking the whole log."""
    for game in reversed(log.games):
        starts = [deal.start.line for deal in game.deals]
        at = bisect_right(starts, line) - 1
        if at >= 0:
            found = next((s for s in game.deals[at].statements if s.line == line), None)
            if found is not None:
                return found
        found = next((s for s in game.header if s.line == line), None)
        if found is None:
            found = next((s for _, block in game.skipped for s in block if s.line == line), None)
        if found is not None:
            return found
    return None
