"""Error messages that tell the user what to write (issue 12, point 14)."""
import json

import pytest

import seeplog
from seeplog import analyse, report_json
from seeplog.__main__ import main
from seeplog.notation import read_line
from tests.helpers import EXAMPLES


def test_a_bare_house_value_says_houses_are_written_in_brackets():
    error = read_line("S 9h x 9", 4).error
    assert (error.rule, error.column) == ("E-CARD", 8)
    assert error.msg == "'9' is not a card: a house is written in brackets, [9]"


def test_score_total_names_the_expected_total():
    doc = seeplog.report_json(seeplog.analyse("deal 1 dealer N\nscore NS 10 EW 20\n"))
    finding = doc["games"][0]["deals"][0]["violations"][0]
    assert finding["rule"] == "R-SCORE-TOTAL"
    assert finding["message"] == "recorded card points NS 10 EW 20 add up to 30, not to the standard total of 100"


def test_a_satthi_written_at_half_its_worth_says_it_scores_sixty():
    doc = seeplog.report_json(seeplog.analyse('[Variant "thirty"]\n\ndeal 1 dealer N\nscore NS 30 EW 0\n'))
    [finding] = doc["games"][0]["deals"][0]["violations"]
    assert finding["rule"] == "R-SCORE-TOTAL"
    assert finding["message"] == "recorded card points NS 30 EW 0: a team that takes all 30 card points scores 60 " \
        "(satthi)"


def test_a_report_given_as_a_log_is_named_for_what_it_is(tmp_path, capsys):
    path = tmp_path / "report.json"
    path.write_text(json.dumps(seeplog.report_json(seeplog.analyse((EXAMPLES / "e-card.seep").read_text()))))
    assert main(["validate", str(path)]) == 2
    out = capsys.readouterr().out
    assert out.startswith(f"{path}: this is a validation report, not a log") and "E-SYNTAX" not in out
    assert main(["score", str(path)]) == 2
    assert "this is a validation report, not a log" in capsys.readouterr().err


def test_a_missing_file_says_no_such_file(tmp_path, capsys):
    missing = tmp_path / "nope.seep"
    assert main(["validate", str(missing)]) == 2
    assert capsys.readouterr().out == f"{missing}: no such file\n"
    assert main(["score", str(missing)]) == 2
    assert capsys.readouterr().err == f"{missing}: no such file\n"
    assert main(["validate", "--json", str(missing)]) == 2
    assert json.loads(capsys.readouterr().out)["errors"][0]["message"] == "no such file"


def test_houses_take_the_right_article():
    from seeplog.cards import parse_card as c
    from seeplog.dispute import describe
    from seeplog.moves import Build, a_house
    from seeplog.ruleset import VARIANTS
    from seeplog.state import start
    assert [a_house(v) for v in (9, 10, 11, 12, 13, 8, 18)] == [
        "a 9-house", "a 10-house", "an 11-house", "a 12-house", "a 13-house", "an 8-house", "an 18-house"]
    before = start(VARIANTS["standard"], (c("5h"), c("Kd")), "E", None)
    assert describe(Build(c("6c"), (c("5h"),), 11), "E", before) == "E builds an 11-house: 6c on the loose 5h"


def test_a_flagged_play_does_not_say_its_rule_three_times():
    from seeplog.rules import RULES
    from seeplog.web.games.playpage import unrepeated
    rule = RULES["R-HOUSE-VALUE"]
    shown = unrepeated("a house of 18: houses are 9 to 13", rule.summary)
    assert shown == "a house of 18"
    assert rule.explanation.lower().rstrip(".") != rule.summary.lower()
    assert "a house has a value from 9 to 13" not in rule.explanation.lower()
    assert unrepeated("Kc takes 5h: it must take 8s too", "Take everything you can") == \
        "Kc takes 5h: it must take 8s too"


def _deal_messages(text: str) -> list[tuple[str, str]]:
    deal = seeplog.report_json(seeplog.analyse(text))["games"][0]["deals"][0]
    return [(f["rule"], f["message"]) for f in deal["errors"] + deal["violations"]]


def test_a_deal_that_stops_after_one_play_says_play_in_the_singular():
    head = "deal 1 dealer N\nfloor 6s 5c 2d 8h\nbid W 11\nW Jd x 6s+5c\n"
    assert _deal_messages(head) == [("E-INCOMPLETE", "the deal stops after 1 play of 48")]
    assert _deal_messages(head + "S 3h\n") == [("E-INCOMPLETE", "the deal stops after 2 plays of 48")]


def test_punjab_first_says_an_11_house_with_its_article():
    log = '[Variant "thirty-punjab"]\n\ndeal 1 dealer E\nhand N Jd 9s 4h 4c\nfloor Kh 7c 2d 3c\nbid N 11\n{play}\n'
    assert ("R-PUNJAB-FIRST", "9s joins an 11-house before N built a 9-house") in _deal_messages(
        log.format(play="N 9s+2d =11"))
    assert ("R-PUNJAB-FIRST", "9s joins a 12-house before N built a 9-house") in _deal_messages(
        log.format(play="N 9s+3c =12"))


def test_an_x_after_a_house_play_says_a_play_is_a_capture_or_a_house_play_not_a_second_x():
    error = read_line("W Jd =11 x 6s", 4).error
    assert (error.rule, error.column) == ("E-SYNTAX", 10)
    assert error.msg == ("'x' after the house value: a play is a capture ('C x G G …') or a house play "
                         "('C+I =V G G …'), not both")
    assert read_line("W Jd x x 6s", 4).error.msg == "a second 'x': a capture is 'C x G G …', with one 'x'"


def test_a_house_play_written_with_a_floor_card_first_says_to_write_the_played_card_first():
    head = "deal 1 dealer N\nfloor 6s 5c 2d 3h\nbid W 11\n"
    assert _deal_messages(head + "W 5c+6h =11\n") == [
        ("E-CARD", "5c is on the floor: a house play names the card played first (W 6h+5c =11)")]
    assert _deal_messages(head + "W 5c+6h =11 9h+2d\n")[0] == (
        "E-CARD", "5c is on the floor: a house play names the card played first (W 6h+5c =11 9h+2d)")
    assert _deal_messages(head + "W 3h+6h+2c =11\n") == [
        ("E-CARD", "3h is on the floor: a house play names the card played first")]
    # every card of the main group seen already: nothing to suggest
    assert _deal_messages(head + "W 5c+6s =11\n") == [("E-CARD", "5c was already seen in this deal (floor)")]
    # a card thrown at an earlier play, named first: the same suggestion
    assert _deal_messages(head + "W Jd x 6s+5c\nS 8c\nE 8c+2h =10\n")[-1] == (
        "E-CARD", "8c was already seen in this deal (play 2): a house play names the card played first (E 2h+8c =10)")
    assert _deal_messages(head + "W Jd x 6s+5c\nS 8c\nE 8c\n")[-1] == (
        "E-CARD", "8c was already seen in this deal (play 2)")


@pytest.mark.parametrize("lines, line, column, said", [
    (["hand W Ks Js 8c 3c", "floor Kc 9d 5d Ks"], 3, 16, "Ks is in W's recorded hand and on the floor"),
    (["hand W Ks Js 8c 3c", "floor Kc 9d 5d K♠"], 3, 16, "Ks is in W's recorded hand and on the floor"),
    (["floor Kc 9d 5d 4h", "hand  W  Js 9d"], 3, 13, "9d is on the floor and in W's recorded hand"),
    (["hand W Ks Js 8c 3c", "hand S 5c Ks", "floor Kc 9d 5d 4h"], 3, 11, "Ks is in W's recorded hand and in S's"),
])
def test_a_card_in_two_places_is_pointed_at_where_it_stands_the_second_time(lines, line, column, said):
    report = report_json(analyse("deal 1 dealer N\n" + "\n".join(lines) + "\nbid W 13\n"))
    [error] = report["games"][0]["deals"][0]["errors"]
    assert (error["rule"], error["line"], error["column"], error["message"]) == ("E-CARD", line, column, said)


def test_a_play_after_a_tag_line_in_mid_deal_names_the_tag_that_began_a_new_game():
    """NOTATION.md: a tag line after deals starts a new game; the plays after it, in no deal now, say so."""
    log = seeplog.parse('[Variant "standard"]\n\ndeal 1 dealer N\nfloor Kc 9d 5d 4h\nbid W 13\nW Ks x Kc 9d+4h\n'
                        '[Scorer "Asha"]\nS 8c\n')
    assert [(e.line, e.msg) for e in log.errors] == [
        (8, "this line belongs to a deal, but the tag line on line 7 began a new game (a tag line after deals does): "
            "expected a 'deal N dealer SEAT' line before it")]
    before_any = seeplog.parse('[Variant "standard"]\nS 8c\n').errors
    assert [e.msg for e in before_any] == [
        "this line belongs to a deal: expected a 'deal N dealer SEAT' line before it"]


def test_a_white_suit_symbol_is_e_card_and_names_the_card_it_would_be():
    """NOTATION.md: the suit symbols are ♠ ♥ ♦ ♣; J♡ is a word of a letter and a suit symbol that is no card."""
    error = read_line("W J♡ x", 4).error
    assert (error.rule, error.column) == ("E-CARD", 3)
    assert error.msg == "'J♡' is not a card: the suit symbols are ♠ ♥ ♦ ♣ (or s h d c); write Jh"
    assert read_line("hand W 10♤ 2♧", 2).error.msg.endswith("write Ts")


@pytest.mark.parametrize("deal_line, bid_line, dealer_at, value_at", [
    ("deal 2 dealer E", "bid S 8", 15, 7),  # canonical lines (the fast reader)
    ("deal 2 dealer  E", "bid  S   8", 16, 10),  # spaced out (the grammar's reader)
    ("deal 2 dealer e", "bid s 8", 15, 7),
])
def test_a_deal_or_bid_finding_points_at_its_seat_or_value(deal_line, bid_line, dealer_at, value_at):
    """R-DEALER points at the dealer named, R-BID-RANGE and R-BID-HOLD at the bid, R-TURN at the play's seat
    (the command line's caret stands there)."""
    text = f"deal 1 dealer N\nscore NS 60 EW 40\n\n{deal_line}\nfloor Kh Jc 9s 2s\n{bid_line}\nW 3h\n"
    found = {v.rule: v.column for v in analyse(text).games[0].deals[1].violations}
    assert (found["R-DEALER"], found["R-BID-RANGE"]) == (dealer_at, value_at)
    held = analyse("deal 1 dealer N\nhand W Ks Js 8c 3c\nfloor Kc 9d 5d 4h\nbid W 10\nS 4c\n").games[0].deals[0]
    assert {v.rule: v.column for v in held.violations}["R-BID-HOLD"] == 7
    assert {v.rule: v.column for v in held.violations}["R-TURN"] == 1
