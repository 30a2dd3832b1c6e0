"""Writing logs back in canonical form (NOTATION.md, Canonical form)."""
from __future__ import annotations

from typing import Iterable

from ..cards import Card
from ..moves import move_text
from .reader import (BidLine, DealStart, FloorCards, Game, Hand, Log, Play, Redeal, ScoreLine, Statement, Tag,
                       Unreadable, tag_order)


def cards_text(cards: Iterable[Card]) -> str:
    return " ".join(map(str, sorted(cards)))


def annotated(text: str, annotation: str | None) -> str:
    """A line with its annotation in braces, if it has one."""
    return text if annotation is None else f"{text} {{{annotation}}}"


def score_line_text(points: Iterable[tuple[str, int, int]]) -> str:
    """The canonical score line of (team, card points, sweep points), ``+0`` sweeps left out.

    >>> score_line_text([("NS", 40, 50), ("EW", 60, 0)])
    'score NS 40+50 EW 60'
    """
    return "score " + " ".join(f"{team} {cards}" + (f"+{sweeps}" if sweeps > 0 else "")
                               for team, cards, sweeps in points)


def statement_text(statement: Statement) -> str:
    """The canonical line of one statement; an unreadable line as it stands."""
    match statement:
        case Tag(name=name, value=value):
            escaped = value.replace("\\", "\\\\").replace('"', '\\"')
            return f'[{name} "{escaped}"]'
        case DealStart(number=number, dealer=dealer, annotation=annotation):
            return annotated(f"deal {number} dealer {dealer}", annotation)
        case Redeal(seat=seat, cards=cards):
            return f"redeal {seat or 'floor'} {cards_text(cards)}"
        case Hand(seat=seat, cards=cards):
            return f"hand {seat} {cards_text(cards)}"
        case FloorCards(cards=cards):
            return f"floor {cards_text(cards)}"
        case BidLine(seat=seat, value=value):
            return f"bid {seat} {value}"
        case Play(seat=seat, move=move, annotation=annotation):
            return annotated(f"{seat} {move_text(move)}", annotation)
        case ScoreLine(points=points):
            return score_line_text(points)
        case Unreadable(text=text):
            return text
    raise TypeError(f"not a statement: {statement!r}")


def block_lines(statements: Iterable[Statement]) -> list[str]:
    """The lines of a deal (or of a skipped block); a recovered ``deal`` line is written as it stood."""
    return [statement_text(s) for s in statements if not (isinstance(s, DealStart) and s.recovered)]


def game_lines(game: Game) -> list[str]:
    """The header, then each deal (and each skipped block, in place) after a blank line."""
    lines = [statement_text(s) for s in sorted(game.header, key=tag_order)]
    skipped = sorted(game.skipped, key=lambda b: b[0])
    blocks = [block_lines(d.statements) for d in game.deals]
    for at, block in reversed(skipped):
        blocks.insert(at, block_lines(block))
    for block_text in blocks:
        if lines:
            lines.append("")
        lines.extend(block_text)
    return lines


def dumps(log: Log) -> str:
    """The text of a log in canonical form, its moves as written (`seeplog.canonical.dumps` also writes
    out the shorthand captures the replay settles).

    >>> from seeplog.notation import parse
    >>> dumps(parse("deal 1 dealer n  # first\\nscore ew 60+50 ns 40"))
    'deal 1 dealer N\\nscore NS 40 EW 60+50\\n'
    """
    blocks = ["\n".join(game_lines(game)) for game in log.games]
    text = "\n\n".join(b for b in blocks if b)
    return text + "\n" if text else ""
