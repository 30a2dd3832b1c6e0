"""The baazi ledger across deals and the dealer rotation (RULES.md §8)."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Iterable

from .rules import Violation
from .ruleset import Ruleset


@dataclass(frozen=True)
class Lead:
    """Which team is ahead, and by how much (team None at 0)."""

    team: str | None = None
    points: int = 0

    def signed(self, rules: Ruleset) -> int:
        return 0 if self.team is None else (self.points if self.team == rules.teams[0] else -self.points)

    @staticmethod
    def of(signed: int, rules: Ruleset) -> Lead:
        if signed == 0:
            return Lead()
        return Lead(rules.teams[0] if signed > 0 else rules.teams[1], abs(signed))


@dataclass(frozen=True)
class LedgerRow:
    deal: int
    dealer: str
    score: dict[str, int] | None
    lead: Lead
    baazi: str | None
    next_dealer: str
    allowed_dealers: tuple[str, ...]
    """The seats that may deal next (one under pagat rotation, a team under `Rotation "team"`)."""


@dataclass(frozen=True)
class DealResult:
    """What the ledger needs of one deal."""

    number: int
    dealer: str | None
    """None when the log does not tell the dealer (an unreadable ``deal`` line): the rotation's seat."""
    score: dict[str, int] | None
    line: int


def settle(lead: Lead, score: dict[str, int] | None, rules: Ruleset) -> tuple[Lead, str | None]:
    """The lead after a deal's score, and the team that won a baazi on it."""
    if score is None:
        return lead, None
    a, b = rules.teams
    if rules.minimum_nine:
        below = [team for team in rules.teams if score[team] < 9]
        if below:
            loser = min(below, key=lambda t: score[t])
            return Lead(), b if loser == a else a
    signed = lead.signed(rules) + score[a] - score[b]
    if abs(signed) >= rules.baazi_target:
        return Lead(), a if signed > 0 else b
    return Lead.of(signed, rules), None


def next_dealers(dealer: str, lead: Lead, baazi: str | None, rules: Ruleset) -> tuple[str, tuple[str, ...]]:
    """The seat the pagat rotation names, and the seats the game's rotation allows."""
    team = rules.team_of(dealer)
    if baazi is not None:
        seat = dealer if baazi != team else rules.right_of(dealer)
        named = rules.partner(seat) or [s for s in rules.seats if rules.team_of(s) != baazi][0]
        loser = next(t for t in rules.teams if t != baazi)
        return named, _team_or(named, loser, rules)
    named = rules.right_of(dealer) if lead.team == team else dealer
    if lead.team is None:
        return named, (dealer,)
    behind = next(t for t in rules.teams if t != lead.team)
    return named, _team_or(named, behind, rules)


def _team_or(named: str, team: str, rules: Ruleset) -> tuple[str, ...]:
    if rules.rotation != "team":
        return (named,)
    return tuple(s for s in rules.seats if rules.team_of(s) == team)


def ledger(results: Iterable[DealResult], rules: Ruleset) -> tuple[list[LedgerRow], dict[str, int], list[Violation]]:
    """The ledger rows, the baazis per team, and R-DEALER findings (the first deal's dealer is free)."""
    rows: list[LedgerRow] = []
    baazis = {team: 0 for team in rules.teams}
    findings: list[Violation] = []
    lead = Lead()
    for result in results:
        dealer = result.dealer or (rows[-1].next_dealer if rows else rules.seats[0])
        if rows and dealer not in rows[-1].allowed_dealers:
            names = " or ".join(rows[-1].allowed_dealers)
            findings.append(Violation("R-DEALER", f"{dealer} deals, but the rotation names {names}",
                                      None, dealer, result.line, 1))
        lead, baazi = settle(lead, result.score, rules)
        if baazi:
            baazis[baazi] += 1
        named, allowed = next_dealers(dealer, lead, baazi, rules)
        rows.append(LedgerRow(result.number, dealer, result.score, lead, baazi, named, allowed))
    return rows, baazis, findings
