"""The JSON form of a log (schema/log.schema.json): the same statements as the notation, as data.

A JSON log is turned into notation text and read by `parse`, so both forms give the same report.
Moves stay in move notation (``"Jd x Jc 9s+2s"``); cards are card tokens (``"Td"``).

>>> text = from_json({"games": [{"tags": {"Variant": "standard"}, "deals": [
...     {"number": 1, "dealer": "N", "score": {"NS": {"cards": 40}, "EW": {"cards": 60, "sweeps": 50}}}]}]})
>>> print(text, end="")
[Variant "standard"]
<BLANKLINE>
deal 1 dealer N
score NS 40 EW 60+50
"""
from __future__ import annotations

from typing import Any

from ..moves import move_text
from .reader import (KNOWN_TAGS, BidLine, FloorCards, Hand, Log, Play, Redeal, ScoreLine, Tag,
                       Unreadable)
from .writer import annotated, cards_text, score_line_text


def _tag_line(name: str, value: str) -> str:
    escaped = str(value).replace("\\", "\\\\").replace('"', '\\"')
    return f'[{name} "{escaped}"]'


def _deal_lines(deal: dict[str, Any]) -> list[str]:
    lines = [annotated(f"deal {deal['number']} dealer {deal['dealer']}", deal.get("annotation"))]
    for redeal in deal.get("redeals", []):
        lines.append(f"redeal {redeal.get('seat') or 'floor'} {' '.join(redeal['cards'])}")
    for hand in deal.get("hands", []):
        lines.append(f"hand {hand['seat']} {' '.join(hand['cards'])}")
    if deal.get("floor") is not None:
        lines.append("floor " + " ".join(deal["floor"]))
    if deal.get("bid") is not None:
        lines.append(f"bid {deal['bid']['seat']} {deal['bid']['value']}")
    for play in deal.get("plays", []):
        lines.append(annotated(f"{play['seat']} {play['move']}", play.get("annotation")))
    if deal.get("score") is not None:
        lines.append(score_line_text((team, points["cards"], points.get("sweeps", 0))
                                     for team, points in deal["score"].items()))
    return lines


def from_json(doc: dict[str, Any]) -> str:
    """The notation text of a JSON log, one game after another; its shape is checked by the caller."""
    blocks = []
    for game in doc["games"]:
        lines = [_tag_line(name, value) for name, value in game.get("tags", {}).items()]
        for deal in game.get("deals", []):
            if lines:
                lines.append("")
            lines.extend(_deal_lines(deal))
        blocks.append("\n".join(lines))
    text = "\n\n".join(b for b in blocks if b)
    return text + "\n" if text else ""


def _deal_json(deal: Any) -> dict[str, Any]:
    out: dict[str, Any] = {"number": deal.number, "dealer": deal.dealer}
    if deal.start.annotation is not None:
        out["annotation"] = deal.start.annotation
    plays: list[dict[str, Any]] = []
    for statement in deal.statements[1:]:
        match statement:
            case Redeal(seat=seat, cards=cards):
                out.setdefault("redeals", []).append({"seat": seat, "cards": cards_text(cards).split()})
            case Hand(seat=seat, cards=cards):
                out.setdefault("hands", []).append({"seat": seat, "cards": cards_text(cards).split()})
            case FloorCards(cards=cards):
                out["floor"] = cards_text(cards).split()
            case BidLine(seat=seat, value=value):
                out["bid"] = {"seat": seat, "value": value}
            case Play(seat=seat, move=move, annotation=annotation):
                plays.append({"seat": seat, "move": move_text(move)} | (
                    {"annotation": annotation} if annotation is not None else {}))
            case ScoreLine(points=points):
                out["score"] = {team: {"cards": p, "sweeps": s} for team, p, s in points}
            case Unreadable(text=text, error=error):
                raise ValueError(f"line {error.line} cannot be read, so the log has no JSON form: {text}")
    if plays:
        out["plays"] = plays
    return out


def to_json(log: Log) -> dict[str, Any]:
    """The JSON form of a readable log (comments are dropped, as in the canonical text).

    :raises ValueError: when a line of the log cannot be read.
    """
    games = []
    for game in log.games:
        for statement in game.header:
            if isinstance(statement, Unreadable):
                raise ValueError(f"line {statement.line} cannot be read, so the log has no JSON form")
        tags = sorted((s for s in game.header if isinstance(s, Tag)),
                      key=lambda t: (KNOWN_TAGS.index(t.name) if t.name in KNOWN_TAGS else len(KNOWN_TAGS)))
        games.append({"tags": {t.name: t.value for t in tags}, "deals": [_deal_json(d) for d in game.deals]})
    return {"games": games}


__all__ = ["from_json", "to_json"]
