"""Where a deal's confirmation stands: the last answer of a deal counts, and only for the score it answered."""
from __future__ import annotations

import pytest

from seeplog.clubs.confirmations import Answer, check_answer, check_score_named, confirming_team, deal_checks
from seeplog.refusals import Conflict, NotAllowed, Refused

TEAMS = ("NS", "EW")


def test_the_last_answer_stands_while_the_score_is_the_one_it_answered():
    scores = [(1, {"NS": 57, "EW": 43}), (2, {"NS": 30, "EW": 70}), (3, {"NS": 50, "EW": 50})]
    answers = [Answer(1, "EW", "refused", {"NS": 57, "EW": 43}, "miscounted"),
               Answer(1, "EW", "confirmed", {"NS": 57, "EW": 43}),
               Answer(2, "EW", "refused", {"NS": 40, "EW": 60}, "wrong")]
    found = deal_checks(scores, answers)
    assert [(c.deal, c.status, c.changed) for c in found] == [(1, "confirmed", False), (2, "missing", True),
                                                              (3, "missing", False)]
    assert found[1].answer is not None and found[1].answer.reason == "wrong"


def test_the_opponents_of_the_first_team_confirm():
    assert confirming_team(TEAMS) == "EW" and confirming_team(("N", "S")) == "S"


@pytest.mark.parametrize("answer, link, refusal", [
    (Answer(1, "NS", "confirmed", {}), None, NotAllowed),
    (Answer(1, "N", "confirmed", {}), None, NotAllowed),
    (Answer(2, "EW", "confirmed", {}), None, Conflict),
    (Answer(1, "EW", "refused", {}, " "), None, Refused),
    (Answer(1, "EW", "perhaps", {}), None, Refused),
    (Answer(1, "EW", "refused", {}, "miscounted", "director"), None, Refused),
    (Answer(1, "EW", "confirmed", {}, "  ", "director"), None, Refused),
])
def test_answers_that_cannot_stand_are_refused(answer, link, refusal):
    with pytest.raises(refusal):
        check_answer(answer, TEAMS, {1: {"NS": 57, "EW": 43}}, link)
    check_answer(Answer(1, "EW", "confirmed", {}), TEAMS, {1: {"NS": 57, "EW": 43}}, "EW")


def test_a_directors_ruling_that_the_score_stands_with_its_reason_stands_over_a_refusal():
    check_answer(Answer(1, "EW", "confirmed", {}, "counted again at the table", "director"), TEAMS,
                 {1: {"NS": 57, "EW": 43}})
    answers = [Answer(1, "EW", "refused", {"NS": 57, "EW": 43}, "miscounted", "link"),
               Answer(1, "EW", "confirmed", {"NS": 57, "EW": 43}, "counted again", "director")]
    assert [(c.status, c.answer and c.answer.via) for c in deal_checks([(1, {"NS": 57, "EW": 43})], answers)] == [
        ("confirmed", "director")]


def test_a_directors_refusal_is_told_a_director_does_not_refuse_with_or_without_a_reason():
    """An empty reason was answered 'a refusal needs its reason'; given one, 'a director cannot refuse'."""
    for reason in ("", "miscounted"):
        with pytest.raises(Refused) as refused:
            check_answer(Answer(1, "EW", "refused", {}, reason, "director"), TEAMS, {1: {"NS": 57, "EW": 43}})
        assert "a director rules that a score stands" in str(refused.value)


@pytest.mark.parametrize("reason", ["\u200b", " \u200c\u200d\u2060 ", "\ufeff\u00a0", "\u2028"])
def test_a_reason_that_shows_nothing_is_no_reason(reason):
    """A zero-width space passed for a refusal's reason, and for a ruling's."""
    for answer in (Answer(1, "EW", "refused", {}, reason), Answer(1, "EW", "confirmed", {}, reason, "director")):
        with pytest.raises(Refused):
            check_answer(answer, TEAMS, {1: {"NS": 57, "EW": 43}})
    check_answer(Answer(1, "EW", "refused", {}, "\u200bmiscounted"), TEAMS, {1: {"NS": 57, "EW": 43}})


def test_a_ruling_names_its_score_and_stands_only_over_a_refusal_of_it():
    score = {"NS": 57, "EW": 43}
    refused = deal_checks([(1, score)], [Answer(1, "EW", "refused", score, "miscounted", "link")])[0]
    waiting = deal_checks([(1, score)], [])[0]
    ruling = Answer(1, "EW", "confirmed", score, "counted again", "director")
    check_score_named(ruling, {"EW": 43, "NS": 57}, refused)
    with pytest.raises(Refused):
        check_score_named(ruling, None, refused)
    for named, now in (({"NS": 60, "EW": 40}, refused), (score, waiting), (score, None)):
        with pytest.raises(Conflict):
            check_score_named(ruling, named, now)
    check_score_named(Answer(1, "EW", "confirmed", score), None, waiting)  # the opponents may name no score
    with pytest.raises(Conflict):
        check_score_named(Answer(1, "EW", "confirmed", score), {"NS": 60, "EW": 40}, waiting)


def test_a_score_naming_other_teams_than_the_tables_is_refused_not_called_a_correction():
    answer = Answer(1, "EW", "confirmed", {"NS": 60, "EW": 40}, reason="counted", via="director")
    for named in ({"NS": 60}, {"N": 60, "S": 40}, {"NS": 60, "EW": 40, "XY": 0}):
        with pytest.raises(Refused) as refused:
            check_score_named(answer, named, None)
        assert refused.value.errors[0]["field"] == "score", named
    with pytest.raises(Conflict):
        check_score_named(answer, {"NS": 50, "EW": 50}, None)
