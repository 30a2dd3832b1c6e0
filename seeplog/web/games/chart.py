"""The running-lead chart as numbers for an inline SVG: one point per deal, the first team's lead up."""
from __future__ import annotations

import itertools
from collections.abc import Iterator
from dataclasses import dataclass

from seeplog.analysis import GameAnalysis
from seeplog.ledger import LedgerRow, provisional_note
from seeplog.ruleset import Ruleset

from ..catalog import gettext
from ..saying import say, say_all

WIDTH, HEIGHT, LEFT, RIGHT, TOP, BOTTOM = 560, 220, 56, 16, 16, 28
DIGIT, GAP = 7, 4
"""The width of a digit of a deal's number under the x axis (11px type) and the least space between two numbers,
in the chart's units: the numbers scale with the chart, so what fits here fits on a phone and on paper."""


@dataclass(frozen=True)
class Point:
    x: float
    y: float
    deal: int
    label: str
    baazi: str | None
    provisional: bool = False
    numbered: bool = True
    """Whether its deal's number is written under the x axis (with many deals, every 2nd, 5th, 10th... is)."""


@dataclass(frozen=True)
class Tick:
    y: float
    label: str


@dataclass(frozen=True)
class LeadChart:
    width: int
    height: int
    left: int
    right: float
    up_team: str
    down_team: str
    points: tuple[Point, ...]
    path: str
    """An SVG path: from 0 through each exact deal's lead, back to 0 after a baazi."""
    provisional_path: str
    """The same through the provisional deals, from the last exact point ('' when every row is exact)."""
    zero: float
    ticks: tuple[Tick, ...]
    target: int
    description: str


def lead_chart(analysis: GameAnalysis) -> LeadChart:
    """The lead after each deal; a deal that wins a baazi is drawn where its score took the lead (at or past
    the target, or short of it for a minimum-nine baazi, labelled why), then the lead starts at 0."""
    rules = analysis.rules
    up, down = rules.teams
    target = rules.baazi_target
    values, labels, lead = [], [], 0
    for row in analysis.ledger:
        reached = lead + (row.score[up] - row.score[down] if row.score else 0)
        values.append(reached if row.baazi else row.lead.signed(rules))
        label = gettext("deal %(deal)s: %(what)s", deal=row.deal, what=_label(row, reached, rules))
        labels.append(gettext("%(label)s (provisional)", label=label) if row.provisional else label)
        lead = row.lead.signed(rules)
    span = max([target] + [abs(v) for v in values])
    inner_h, right = HEIGHT - TOP - BOTTOM, WIDTH - RIGHT
    step = (right - LEFT) / max(len(values), 1)

    def y(v: float) -> float:
        return round(TOP + inner_h / 2 - v / span * inner_h / 2, 1)

    numbered = _numbered([row.deal for row in analysis.ledger], step)
    points = [Point(round(LEFT + step * (i + 0.5), 1), y(v), row.deal, label, row.baazi, row.provisional, shown)
              for i, (row, v, label, shown) in enumerate(zip(analysis.ledger, values, labels, numbered))]
    exact = [p for p in points if not p.provisional]
    path = _through(f"M{LEFT},{y(0)}", exact, y(0))
    provisional_path = ""
    if len(exact) < len(points):
        last = exact[-1] if exact else None
        start = f"M{LEFT},{y(0)}" if last is None else f"M{last.x},{y(0) if last.baazi else last.y}"
        provisional_path = _through(start, points[len(exact):], y(0))
    ticks = tuple(Tick(y(v), f"{up if v > 0 else down if v < 0 else ''} {abs(v)}".strip())
                  for v in (span, span // 2, 0, -(span // 2), -span))
    description = "; ".join(p.label for p in points) or gettext("no deals")
    unknown = next((row.unknown_from for row in analysis.ledger if row.unknown_from is not None), None)
    if unknown is not None:
        description += f"; {say(provisional_note(unknown))}"
    return LeadChart(WIDTH, HEIGHT, LEFT, right, up, down, tuple(points), path, provisional_path, y(0), ticks,
                     target, gettext("Running lead, %(up)s up and %(down)s down, baazi at %(target)s: %(deals)s.",
                                     up=up, down=down, target=target, deals=description))


def _numbered(deals: list[int], step: float) -> list[bool]:
    """Which deals' numbers the x axis shows, `step` apart: all when they fit side by side, else every 2nd, 5th,
    10th, 20th... (the multiples of it, or every so many deals when their numbers skip), so that none run
    together."""
    width = len(str(max(deals, default=1))) * DIGIT + GAP
    every = next(k for k in _round_numbers() if step * k >= width)
    consecutive = all(b == a + 1 for a, b in zip(deals, deals[1:]))
    return [(deal if consecutive else i + 1) % every == 0 for i, deal in enumerate(deals)]


def _round_numbers() -> Iterator[int]:
    """1, 2, 5, 10, 20, 50, 100, ..."""
    for power in itertools.count():
        for first in (1, 2, 5):
            yield first * 10 ** power


def _through(start: str, points: list[Point], zero: float) -> str:
    """An SVG path from `start` through the points, back to 0 after each baazi."""
    path = start
    for p in points:
        path += f" L{p.x},{p.y}" + (f" M{p.x},{zero}" if p.baazi else "")
    return path


def _label(row: LedgerRow, reached: int, rules: Ruleset) -> str:
    """What the deal did to the lead; a baazi says why it was won."""
    if not row.baazi:
        if row.lead.team:
            return gettext("%(team)s leads by %(points)s", team=row.lead.team, points=row.lead.points)
        return gettext("level")
    if abs(reached) >= rules.baazi_target:
        return gettext("%(team)s wins a baazi: the lead reached %(lead)s", team=row.baazi, lead=abs(reached))
    short = [t for t in rules.teams if row.score and row.score[t] < 9]
    scored = say_all([gettext("%(team)s scored %(points)s", team=t, points=row.score[t]) for t in short]) \
        if row.score else ""
    return gettext("%(team)s wins a baazi by the minimum of nine: %(scored)s, under 9 (lead %(lead)s)",
                   team=row.baazi, scored=scored, lead=_lead(reached, rules))


def _lead(signed: int, rules: Ruleset) -> str:
    up, down = rules.teams
    return f"{up if signed > 0 else down} {abs(signed)}" if signed else "0"
