"""Opponent confirmation of each deal's score: the scorekeeper's team enters the deal, the opposing team
confirms its score or refuses it with a reason. Answers are only added; the last one of a deal stands,
and only while the deal's score is the one it answered (a score corrected since waits for an answer again).
"""
from __future__ import annotations

import unicodedata
from collections.abc import Iterable, Mapping
from dataclasses import dataclass

from seeplog.refusals import Conflict, NotAllowed, Refused
from seeplog.said import Said

VERDICTS = ("confirmed", "refused")
VERDICT_WORDS = {"confirmed": Said("confirmed"), "refused": Said("refused")}
"""Each verdict as a sentence says it, in the reader's language."""
REASON_LENGTH = 300
UNSEEN = frozenset(("Cc", "Cf", "Zl", "Zp", "Zs"))
"""The characters a reason may hold that show nothing: controls, format characters (the zero-width ones), spaces."""


@dataclass(frozen=True)
class Answer:
    """One team's answer to one deal's score."""

    deal: int
    team: str
    verdict: str
    score: Mapping[str, int]
    reason: str | None = None
    via: str = "keeper"
    """Who gave it: 'keeper' (the scorekeeper's phone), 'link' (the opponents' confirm link) or 'director' (a
    ruling that the score stands, with the organiser token)."""
    at: str = ""


@dataclass(frozen=True)
class DealCheck:
    """Where a deal's confirmation stands: 'confirmed', 'refused' or 'missing' (no answer to its score
    now; `changed` when an answer was given to a score corrected since)."""

    deal: int
    score: Mapping[str, int]
    status: str
    answer: Answer | None = None
    changed: bool = False


def confirming_team(teams: tuple[str, ...]) -> str:
    """The team that confirms: the scorekeeper keeps for the first team (North-South, or North), the other
    confirms, as the opponents confirm at a bridge table."""
    return teams[-1]


def deal_checks(scores: Iterable[tuple[int, Mapping[str, int]]], answers: Iterable[Answer]) -> list[DealCheck]:
    """Each scored deal's confirmation, in the order of `scores` ((deal, score) of each deal whose score is
    known); `answers` oldest first."""
    last: dict[int, Answer] = {}
    for given in answers:
        last[given.deal] = given
    out = []
    for deal, score in scores:
        answer = last.get(deal)
        if answer is None:
            out.append(DealCheck(deal, score, "missing"))
        elif dict(answer.score) != dict(score):
            out.append(DealCheck(deal, score, "missing", answer, changed=True))
        else:
            out.append(DealCheck(deal, score, answer.verdict, answer))
    return out


def says_nothing(reason: str | None) -> bool:
    """Whether a reason is missing: nothing left once its spaces and invisible characters (zero-width, say) are
    taken out."""
    return all(ch.isspace() or unicodedata.category(ch) in UNSEEN for ch in reason or "")


def check_answer(answer: Answer, teams: tuple[str, ...], scores: Mapping[int, Mapping[str, int]],
                 link_team: str | None = None) -> None:
    """Refuse an answer that cannot stand: by the scorekeeper's team or a team not at the table, from a
    link of another team (`link_team`), to a deal not over, a refusal without a reason.

    :raises NotAllowed: the wrong team. :raises Conflict: a deal not over (or not there).
    :raises Refused: a verdict not known, a refusal without its reason.
    """
    opponents = confirming_team(teams)
    if answer.team not in teams:
        raise NotAllowed(Said("there is no team {team} at this table ({teams})", team=answer.team,
                              teams=", ".join(teams)))
    if answer.team != opponents:
        raise NotAllowed(Said("{team} keeps this table's score: the opponents, {opponents}, confirm it",
                              team=answer.team, opponents=opponents))
    if link_team is not None and answer.team != link_team:
        raise NotAllowed(Said("this confirm link is {link_team}'s, not {team}'s", link_team=link_team,
                              team=answer.team))
    if answer.verdict not in VERDICTS:
        raise Refused(Said("a verdict is {verdicts}, not {verdict}", verdicts=" or ".join(VERDICTS),
                           verdict=repr(answer.verdict)),
                      [{"field": "verdict", "message": Said("confirmed or refused")}])
    if answer.via == "director":
        check_ruling(answer)
    if answer.verdict == "refused" and says_nothing(answer.reason):
        raise Refused(Said("say why the score is refused: a refusal needs its reason"),
                      [{"field": "reason", "message": Said("give the reason")}])
    if answer.deal not in scores:
        over = ", ".join(str(d) for d in sorted(scores)) or Said("none yet")
        raise Conflict(Said("deal {deal} is not over (or not recorded): a deal is confirmed once its score is in "
                            "(deals over: {over})", deal=answer.deal, over=over))


def score_words(score: Mapping[str, int]) -> str:
    """A deal's score as a sentence names it: 'NS 60 – EW 40'."""
    return " – ".join(f"{team} {points}" for team, points in score.items())


def check_score_named(answer: Answer, named: Mapping[str, int] | None, now: DealCheck | None) -> None:
    """An answer to the score its page showed (`named`), the deal's answer `now` as it stands: refused when the
    score was corrected meanwhile; a director's ruling names its score, and answers a refusal of that score.

    :raises Refused: a ruling naming no score; a score naming other teams than the table's. :raises Conflict:
        another score now; no refusal to rule on.
    """
    if named is None and answer.via == "director":
        raise Refused(Said("name the score the ruling is on (score: the score of the refusal, per team)"),
                      [{"field": "score", "message": Said("the score ruled on")}])
    if named is not None and set(named) != set(answer.score):
        raise Refused(Said("a score names each team of the table ({teams}) with its points",
                           teams=", ".join(answer.score)), [{"field": "score", "message": Said("each team's points")}])
    if named is not None and dict(named) != dict(answer.score):
        raise Conflict(Said("deal {deal}'s score is {now} now, not {named}: it was corrected meanwhile; nothing is "
                            "stored, see the deal as it stands", deal=answer.deal, now=score_words(answer.score),
                            named=score_words(named)))
    if answer.via == "director" and (now is None or now.status != "refused"):
        raise Conflict(Said("deal {deal}'s score {score} is not refused: a ruling answers the opponents' refusal of "
                            "the score, and there is none to rule on", deal=answer.deal,
                            score=score_words(answer.score)))


def ruled_already(answer: Answer, now: DealCheck) -> bool:
    """Whether `answer`, a director's ruling, is the one that stands on its deal `now` (the same score and
    reason): a ruling sent again whose first answer was lost."""
    ruled = now.answer
    return (answer.via == "director" and now.status == "confirmed" and ruled is not None and ruled.via == "director"
            and dict(ruled.score) == dict(answer.score) and ruled.reason == answer.reason)


def check_ruling(answer: Answer) -> None:
    """A director's ruling: that a deal's score stands (a score they find wrong is corrected, not refused), and
    why, in a word the table reads.

    :raises Refused:
    """
    if answer.verdict != "confirmed":
        raise Refused(Said("a director rules that a score stands (confirmed); a wrong score is corrected: correct "
                           "its entry"), [{"field": "verdict", "message": Said("confirmed")}])
    if says_nothing(answer.reason):
        raise Refused(Said("say why the score stands: a ruling needs its reason"),
                      [{"field": "reason", "message": Said("give the reason")}])
