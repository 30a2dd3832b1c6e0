"""The baazi ledger across deals and the dealer rotation (RULES.md §8)."""
from __future__ import annotations

from typing import NamedTuple

from .rules import Violation
from .said import Param, Said
from .ruleset import Ruleset


class Lead(NamedTuple):
    """Which team is ahead, and by how much (team None at 0). The ledger's values are NamedTuples: a few are
    made for every deal, and one builds in a third of the time of a frozen dataclass."""

    team: str | None = None
    points: int = 0

    def signed(self, rules: Ruleset) -> int:
        return 0 if self.team is None else (self.points if self.team == rules.teams[0] else -self.points)

    @staticmethod
    def of(signed: int, rules: Ruleset) -> Lead:
        if signed == 0:
            return Lead()
        return Lead(rules.teams[0] if signed > 0 else rules.teams[1], abs(signed))


class LedgerRow(NamedTuple):
    deal: int
    dealer: str
    score: dict[str, int] | None
    lead: Lead
    baazi: str | None
    next_dealer: str | None
    """None after a deal whose score cannot be known: any seat may deal (RULES.md §8.5); None too while a
    live game's deal is being played: its score, and so the next dealer, is not known yet."""
    allowed_dealers: tuple[str, ...]
    """The seats that may deal next (one under pagat rotation, a team under `Rotation "team"`, every seat
    after a deal whose score cannot be known, none yet while the deal is being played)."""
    unknown_from: int | None = None
    """The first deal of the game up to this one whose score cannot be known (None: the row is exact)."""
    unknown: bool = False
    """This deal's own score cannot be known (counted as 0)."""

    @property
    def provisional(self) -> bool:
        """The lead is not known for sure: this deal's score, or an earlier one's, cannot be known."""
        return self.unknown_from is not None


def provisional_note(unknown_from: int) -> Said:
    """Why rows are provisional, in a player's words (RULES.md §8.5; a `Said`)."""
    return Said("deal {deal}'s score is not known: the lead from here on is provisional", deal=unknown_from)


class DealResult(NamedTuple):
    """What the ledger needs of one deal."""

    number: int
    dealer: str | None
    """None when the log does not tell the dealer (an unreadable ``deal`` line): the rotation's seat."""
    score: dict[str, int] | None
    line: int
    unknown: bool = False
    """The score cannot be known: the replay stopped and there is no `score` line (RULES.md §8.5). A live
    game's deal still being played is not unknown."""
    in_progress: bool = False
    """A live game's deal still being played: no score yet, the lead stands, and no next dealer is named."""
    dealer_column: int = 1
    """Where the dealer stands on the deal line: an R-DEALER finding points at it."""


def settle(lead: Lead, score: dict[str, int] | None, rules: Ruleset) -> tuple[Lead, str | None]:
    """The lead after a deal's score, and the team that won a baazi on it."""
    if score is None:
        return lead, None
    a, b = rules.teams
    if rules.minimum_nine:
        below = [team for team in rules.teams if score[team] < 9]
        if len(below) == 2 and score[a] == score[b]:
            return Lead(), None  # both lose a baazi at once: neither wins one
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
    return rules.seats_of(team)


class Ledger:
    """The ledger kept deal by deal: `add` enters a deal's result and answers its row and its R-DEALER
    finding, if any (the first deal's dealer is free). Only the last row is kept.

    From a deal whose score cannot be known on, the rows are provisional and no dealer is judged: the
    recorded dealer is taken as dealt and the rotation goes on from it (RULES.md §8.5)."""

    def __init__(self, rules: Ruleset):
        self.rules = rules
        self.baazis = {team: 0 for team in rules.teams}
        """The baazis each team has won so far."""
        self.last: LedgerRow | None = None
        self._lead = Lead()
        self._unknown_from: int | None = None

    def add(self, result: DealResult) -> tuple[LedgerRow, tuple[Violation, ...]]:
        rules, last = self.rules, self.last
        dealer = result.dealer or _rotation_seat(last, rules)
        findings: tuple[Violation, ...] = ()
        if last is not None and self._unknown_from is None and dealer not in last.allowed_dealers:
            findings = (Violation("R-DEALER", _wrong_dealer(dealer, last.allowed_dealers), None, dealer,
                                  result.line, result.dealer_column),)
        if result.unknown and self._unknown_from is None:
            self._unknown_from = result.number
        lead, baazi = settle(self._lead, result.score, rules)
        self._lead = lead
        if baazi:
            self.baazis[baazi] += 1
        if result.unknown:
            named, allowed = None, rules.seats
        elif result.in_progress:
            named, allowed = None, ()
        else:
            named, allowed = next_dealers(dealer, lead, baazi, rules)
        self.last = LedgerRow(result.number, dealer, result.score, lead, baazi, named, allowed, self._unknown_from,
                              result.unknown)
        return self.last, findings


def _wrong_dealer(dealer: str, allowed: tuple[str, ...]) -> Said:
    """R-DEALER's sentence: the seat that dealt and the one or two seats the rotation names."""
    return Said("{dealer} deals, but the rotation names {names}", dealer=dealer, names=either(allowed))


def _rotation_seat(last: LedgerRow | None, rules: Ruleset) -> str:
    """The dealer of a deal whose line does not tell it: the seat the rotation names (after a deal whose
    score cannot be known, the dealer before, as nothing names another)."""
    if last is None:
        return rules.seats[0]
    return last.next_dealer or last.dealer


def rotation_reason(row: LedgerRow, rules: Ruleset) -> Said:
    """Why the rotation names the next dealer, in a sentence (a `Said`: pages say it in the reader's language)."""
    reason = _named_because(row, rules)
    if row.unknown_from is not None and not row.unknown:
        return Said("{reason} (the rotation goes on from the recorded dealer; with the lead provisional, no dealer "
                    "is judged)", reason=reason)
    return reason


def either(seats: tuple[str, ...] | list[str]) -> Param:
    """Seats of which one deals: "N", "N or S"."""
    if not seats:
        return ""
    names: Param = seats[0]
    for seat in seats[1:]:
        names = Said("{first} or {second}", first=names, second=seat)
    return names


def _named_because(row: LedgerRow, rules: Ruleset) -> Said:
    who = either(row.allowed_dealers)
    if row.unknown:
        return Said("deal {deal}'s score is not known, so any seat may deal", deal=row.deal)
    if row.baazi is not None:
        return Said("{team} won a baazi on deal {deal}, so {who} deals", team=row.baazi, deal=row.deal, who=who)
    if row.score is None:
        return Said("in progress")
    if row.lead.team is None:
        return Said("the lead is 0, so {dealer} deals again", dealer=row.dealer)
    lead: dict[str, Param] = {"team": row.lead.team, "points": row.lead.points, "who": who}
    if row.lead.team == rules.team_of(row.dealer):
        return Said("{team} leads by {points}, so the deal passes to {who}", **lead)
    return Said("{team} leads by {points}, so {who} deals", **lead)
