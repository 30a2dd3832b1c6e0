"""A rating's history as the points of a small line chart (an inline SVG draws it): one point per baazi."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from flask_babel import format_decimal

from ..catalog import ngettext

WIDTH, HEIGHT, PAD = 560, 160, 24


@dataclass(frozen=True)
class HistoryChart:
    width: int
    height: int
    points: str
    """The polyline's points, "x,y x,y ..."."""
    zero: float | None
    """The y of a rating of 0, when it is inside the chart."""
    low: float
    high: float
    count: int
    description: str
    """What the chart shows, in a sentence in the reader's language."""


def history_chart(history: list[tuple[Any, float]]) -> HistoryChart | None:
    """The chart of ratings after each baazi (None with fewer than two)."""
    if len(history) < 2:
        return None
    values = [v for _, v in history]
    low, high = min(values + [0.0]), max(values + [0.0])
    span = (high - low) or 1.0

    def x(i: int) -> float:
        return PAD + i * (WIDTH - 2 * PAD) / (len(values) - 1)

    def y(v: float) -> float:
        return round(HEIGHT - PAD - (v - low) * (HEIGHT - 2 * PAD) / span, 1)
    points = " ".join(f"{x(i):.1f},{y(v)}" for i, v in enumerate(values))
    return HistoryChart(WIDTH, HEIGHT, points, y(0.0), round(low, 1), round(high, 1), len(values), describe(values))


def describe(values: list[float]) -> str:
    """The chart in a sentence, its ratings written as the page writes them (one decimal)."""
    first, last, lowest, highest = (format_decimal(v, format="#,##0.0") for v in
                                    (values[0], values[-1], min(values), max(values)))
    return ngettext("Rating after %(num)s baazi: from %(first)s to %(last)s, lowest %(lowest)s, highest %(highest)s",
                    "Rating after each of %(num)s baazis: from %(first)s to %(last)s, lowest %(lowest)s, "
                    "highest %(highest)s", len(values), first=first, last=last, lowest=lowest, highest=highest)
