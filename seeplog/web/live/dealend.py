"""The end of a deal as the follow page and the board fragment show it: the view's `ended` (the report's
scores of the deal just over, the cards left on the floor and who takes them, the lead, any baazi and the
next dealer) in words, in the reader's language, and small values. Nothing is added up here: every figure
is the report's."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from seeplog.cards import parse_card
from seeplog.ruleset import Ruleset
from seeplog.said import Said

from ..catalog import gettext, ngettext
from ..cardviews import EYE, CardFace, Voice, Voiced, faces, voiced
from ..saying import say, say_either


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
    taken: Voiced
    """What each team took: "NS 30 cards · EW 22 cards" (nothing for a deal recorded by its score)."""
    leftover: Voiced
    """The cards left on the floor and the team that takes them, in words."""
    leftover_cards: tuple[CardFace, ...]
    leftover_team: str
    standing: Voiced
    """The lead after the deal, any baazi it won, and the baazis so far."""
    next_dealer: Voiced


def figure(value: Any) -> str:
    return "–" if value is None else str(value)


def deal_end(ended: dict[str, Any] | None, rules: Ruleset, names: dict[str, str]) -> DealEnd | None:
    """The deal just over (the live view's `ended`), or None while a deal is being played."""
    if not ended:
        return None
    teams = tuple(TeamScore(t, *(figure((ended.get(k) or {}).get(t)) for k in ("card_points", "sweep_points",
                                                                               "score")))
                  for t in rules.teams)
    taken = {t: n for t, n in (ended.get("cards_taken") or {}).items() if t in rules.teams}
    left = ended.get("leftover")
    cards = faces(parse_card(c) for c in left["cards"]) if left else ()
    return DealEnd(ended["number"], teams, voiced(lambda voice: taken_words(taken, voice)),
                   voiced(lambda voice: leftover_words(left, names, voice)), cards, (left or {}).get("team") or "",
                   voiced(lambda voice: standing_after(ended, voice)),
                   voiced(lambda voice: next_dealers(ended, names, voice)))


def taken_words(taken: dict[str, int], voice: Voice = EYE) -> str:
    """The cards each team took: "NS 30 cards · EW 22 cards" (heard: "North–South 30 cards · ...")."""
    return " · ".join(ngettext("%(team)s %(num)s card", "%(team)s %(num)s cards", count, team=voice.team(team))
                      for team, count in taken.items())


def baazi_words(baazis: dict[str, int], voice: Voice = EYE) -> str:
    """The baazis so far: "baazis NS 1 – EW 0" ('' for none)."""
    if not baazis:
        return ""
    return gettext("baazis %(counts)s", counts=" – ".join(f"{voice.team(team)} {count}"
                                                          for team, count in baazis.items()))


def leftover_words(left: dict[str, Any] | None, names: dict[str, str], voice: Voice = EYE) -> str:
    if left is None:
        return gettext("Recorded by its score: no floor to take.")
    if not left["cards"]:
        return gettext("Nothing was left on the floor.")
    if not left.get("team"):  # a deal closed before anyone captured
        return gettext("Left on the floor, to no team (no card was captured):")
    return gettext("Left on the floor, to %(team)s, the team of the last capture (%(seat)s):",
                   team=voice.team(left["team"]), seat=voice.seat(left["seat"], names))


def standing_after(ended: dict[str, Any], voice: Voice = EYE) -> str:
    lead = ended["lead"]
    said = gettext("%(team)s leads by %(points)s", team=voice.team(lead["team"]), points=lead["points"]) \
        if lead.get("team") else gettext("The lead is 0")
    if ended.get("baazi"):
        said += " · " + say(Said("{team} won a baazi", team=voice.team(ended["baazi"])))
    baazis = baazi_words(ended.get("baazis") or {}, voice)
    return f"{said} · {baazis}" if baazis else said


def next_dealers(ended: dict[str, Any], names: dict[str, str], voice: Voice = EYE) -> str:
    dealers = ended.get("allowed_dealers") or []
    return say_either([voice.seat(s, names) for s in dealers]) if dealers else gettext("any seat")
