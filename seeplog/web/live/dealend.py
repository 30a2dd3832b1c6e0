"""The end of a deal as the follow page and the board fragment show it: the view's `ended` (the report's
scores of the deal just over, the cards left on the floor and who takes them, the lead, any baazi and the
next dealer) in words and small values. Nothing is added up here: every figure is the report's."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from seeplog.cards import parse_card
from seeplog.ruleset import Ruleset

from ..cardviews import CardFace, faces, named


@dataclass(frozen=True)
class TeamScore:
    team: str
    card_points: str
    sweep_points: str
    score: str


@dataclass(frozen=True)
class DealEnd:
    number: int
    teams: tuple[TeamScore, ...]
    taken: str
    """What each team took: "NS 30 cards · EW 22 cards" ('' for a deal recorded by its score)."""
    leftover: str
    """The cards left on the floor and the team that takes them, in words."""
    leftover_cards: tuple[CardFace, ...]
    leftover_team: str
    standing: str
    """The lead after the deal, any baazi it won, and the baazis so far."""
    next_dealer: str


def figure(value: Any) -> str:
    return "–" if value is None else str(value)


def deal_end(ended: dict[str, Any] | None, rules: Ruleset, names: dict[str, str]) -> DealEnd | None:
    """The deal just over (the live view's `ended`), or None while a deal is being played."""
    if not ended:
        return None
    teams = tuple(TeamScore(t, *(figure((ended.get(k) or {}).get(t)) for k in ("card_points", "sweep_points",
                                                                               "score")))
                  for t in rules.teams)
    taken = ended.get("cards_taken") or {}
    left = ended.get("leftover")
    cards = faces(parse_card(c) for c in left["cards"]) if left else ()
    return DealEnd(ended["number"], teams, " · ".join(f"{t} {taken[t]} cards" for t in rules.teams if t in taken),
                   leftover_words(left, names), cards, (left or {}).get("team") or "",
                   standing_after(ended), next_dealers(ended, names))


def leftover_words(left: dict[str, Any] | None, names: dict[str, str]) -> str:
    if left is None:
        return "Recorded by its score: no floor to take."
    if not left["cards"]:
        return "Nothing was left on the floor."
    return f"Left on the floor, to {left['team']}, the team of the last capture ({named(left['seat'], names)}):"


def standing_after(ended: dict[str, Any]) -> str:
    lead = ended["lead"]
    said = f"{lead['team']} leads by {lead['points']}" if lead.get("team") else "The lead is 0"
    if ended.get("baazi"):
        said += f" · {ended['baazi']} won a baazi"
    baazis = ended.get("baazis") or {}
    return said + (" · baazis " + " – ".join(f"{t} {n}" for t, n in baazis.items()) if baazis else "")


def next_dealers(ended: dict[str, Any], names: dict[str, str]) -> str:
    dealers = ended.get("allowed_dealers") or []
    return " or ".join(named(s, names) for s in dealers) if dealers else "any seat"
