"""Scoring a deal (RULES.md §7, §9): card points, the most-cards bonus, sweeps and satthi."""
from __future__ import annotations

from typing import NamedTuple

from .notation import ScoreLine
from .replay import DealReplay
from .rules import Violation
from .said import Param, Said
from .ruleset import Ruleset
from .state import State, Sweep


class DealScore(NamedTuple):
    """A deal's score (a NamedTuple, like the ledger's values: one or two are made for every deal)."""

    card_points: dict[str, int]
    sweep_points: dict[str, int]
    cards_taken: dict[str, int] | None = None
    """How many cards each team took; None when the score was recorded, not computed."""
    sweeps: tuple[Sweep, ...] = ()

    @property
    def score(self) -> dict[str, int]:
        return {team: self.card_points[team] + self.sweep_points[team] for team in self.card_points}


def card_points(state: State, rules: Ruleset) -> dict[str, int]:
    """Card points per team, the most-cards bonus and satthi included."""
    value = rules.points_of
    points = {team: sum(map(value.__getitem__, cards)) for team, cards in state.taken.items()}
    for team, cards in state.taken.items():
        if len(cards) > 26:
            points[team] += rules.most_cards_bonus
    if rules.satthi:
        points = {team: 2 * p if p == rules.total else p for team, p in points.items()}
    return points


def computed_score(final: State) -> DealScore:
    rules = final.rules
    sweeps = {team: 0 for team in rules.teams}
    for sweep in final.sweeps:
        sweeps[rules.team_of(sweep.seat)] += sweep.points
    taken = {team: len(cards) for team, cards in final.taken.items()}
    return DealScore(card_points(final, rules), sweeps, taken, final.sweeps)


def recorded_score(line: ScoreLine) -> DealScore:
    return DealScore({t: p for t, p, _ in line.points}, {t: s for t, _, s in line.points})


def score_text(score: DealScore) -> str:
    return " ".join(f"{t} {score.card_points[t]}+{score.sweep_points[t]}" for t in score.card_points)


def score_deal(replay: DealReplay) -> tuple[DealScore | None, list[Violation]]:
    """The deal's score (computed when the deal was replayed whole, else as recorded) and the R-SCORE findings."""
    line = replay.deal.score
    recorded = recorded_score(line) if line else None
    if replay.final is not None:
        computed = computed_score(replay.final)
        if recorded and (recorded.card_points, recorded.sweep_points) != (computed.card_points, computed.sweep_points):
            assert line is not None  # what was recorded was read from it
            said = Said("recorded {recorded}, computed {computed}", recorded=score_text(recorded),
                        computed=score_text(computed))
            return computed, [Violation("R-SCORE-CLAIM", said, None, None, line.line, 1)]
        return computed, []
    if recorded and replay.score_only and not _adds_up(recorded, replay.rules):
        assert line is not None  # what was recorded was read from it
        points = " ".join(f"{t} {p}" for t, p in recorded.card_points.items())
        if _satthi_halved(recorded, replay.rules):
            said = Said("recorded card points {points}: a team that takes all {total} card points scores "
                        "{satthi} (satthi)", points=points, total=replay.rules.total, satthi=2 * replay.rules.total)
        else:
            said = Said("recorded card points {points} add up to {total}, not to {expected}", points=points,
                        total=sum(recorded.card_points.values()), expected=_expected_total(replay.rules))
        return recorded, [Violation("R-SCORE-TOTAL", said, None, None, line.line, 1)]
    return recorded, []


def _expected_total(rules: Ruleset) -> Said:
    """The totals a deal's card points may add up to, in words: ``the standard total of 100 (90 when the
    cards split 26-26)``."""
    fields: dict[str, Param] = {"variant": rules.name, "total": rules.total,
                                "split": rules.total - rules.most_cards_bonus, "satthi": 2 * rules.total}
    if rules.most_cards_bonus and rules.satthi:
        return Said("the {variant} total of {total} ({split} when the cards split 26-26); or 0 and {satthi} "
                    "for a satthi", **fields)
    if rules.most_cards_bonus:
        return Said("the {variant} total of {total} ({split} when the cards split 26-26)", **fields)
    if rules.satthi:
        return Said("the {variant} total of {total}; or 0 and {satthi} for a satthi", **fields)
    return Said("the {variant} total of {total}", **fields)


def _adds_up(score: DealScore, rules: Ruleset) -> bool:
    """The variant's total; less the most-cards bonus when the cards split 26-26; 0 and 60 for satthi (0 and 30
    is a satthi written at half its worth, RULES.md §7)."""
    points = sorted(score.card_points.values())
    if _satthi_halved(score, rules):
        return False
    return sum(points) in (rules.total, rules.total - rules.most_cards_bonus) or (
        rules.satthi and points == [0, 2 * rules.total])


def _satthi_halved(score: DealScore, rules: Ruleset) -> bool:
    return rules.satthi and sorted(score.card_points.values()) == [0, rules.total]
