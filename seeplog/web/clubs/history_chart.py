"""A rating's history as the points of a small line chart (an inline SVG draws it): one point per baazi."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any

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
    description = (f"Rating after each of {len(values)} baazis: from {values[0]:.1f} to {values[-1]:.1f}, "
                   f"lowest {min(values):.1f}, highest {max(values):.1f}")
    return HistoryChart(WIDTH, HEIGHT, points, y(0.0), round(low, 1), round(high, 1), len(values), description)
