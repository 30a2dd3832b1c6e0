"""RULES.md §8.5, a score that cannot be known: the deal counts as 0, its row and every later row of the
game are provisional, the next dealer after it is free and no R-DEALER is judged after it; a `score` line
for the deal makes the rows exact again. And the revised E-INCOMPLETE: a deal whose replay a log error
stops has that error alone."""
from __future__ import annotations

import csv
import io

import seeplog
from seeplog.live.table import now_of, what_next
from seeplog.analysis import analyse, analyse_game
from seeplog.report import report_json
from seeplog.scoresheet import ANY_DEALER, next_dealer_text, scoresheet_text, sheet_rows
from seeplog.web.games.chart import lead_chart
from seeplog.web.games.exports import scoresheet_csv
from seeplog.web.live.board import ledger_of
from seeplog.ruleset import VARIANTS
from tests.helpers import EXAMPLES

CUT = (EXAMPLES / "provisional.seep").read_text(encoding="utf-8")
"""Deal 2 is cut after 12 plays and has no score line; deals 3, 4 and 5 go on (S, S, N deal)."""
DEAL_2_SCORE = "score NS 20 EW 80\n"
"""A score for deal 2 under which the rotation names every recorded dealer after it (EW wins a baazi)."""


def with_deal_2_score(text: str) -> str:
    return text.replace("\n\ndeal 3 dealer S", f"\n{DEAL_2_SCORE}\ndeal 3 dealer S")


def game_of(text: str, **kwargs) -> dict:
    return report_json(analyse(text, **kwargs))["games"][0]


def rules_of(game: dict) -> list[str]:
    return [v["rule"] for d in game["deals"] for v in d["violations"]]


def test_a_game_cut_in_deal_2_that_goes_on_three_deals_is_provisional_from_deal_2():
    game = game_of(CUT)
    assert [r.get("provisional") for r in game["ledger"]] == [None, True, True, True, True]
    assert "provisional" not in game["ledger"][0]
    deal_2 = game["ledger"][1]
    assert deal_2["score"] is None and deal_2["next_dealer"] is None
    assert deal_2["lead"] == game["ledger"][0]["lead"]  # counted as 0
    assert "R-DEALER" not in rules_of(game)  # deal 3's dealer S is taken as dealt
    assert [r["next_dealer"] for r in game["ledger"][2:]] == ["S", "N", "E"]  # the rotation goes on from S


def test_the_same_game_with_deal_2s_score_line_is_exact_again():
    text = with_deal_2_score(CUT)
    game = game_of(text)
    assert all("provisional" not in r for r in game["ledger"])
    assert game["ledger"][1]["score"] == {"NS": 20, "EW": 80} and game["ledger"][1]["baazi"] == "EW"
    assert [r["next_dealer"] for r in game["ledger"]] == ["N", "S", "S", "N", "E"]
    assert "R-DEALER" not in rules_of(game)
    assert game["baazis"] == {"NS": 1, "EW": 2}
    sheet = scoresheet_text(analyse_game(seeplog.parse(text).games[0]))
    assert "provisional" not in sheet and ANY_DEALER not in sheet


def test_an_exact_game_still_has_its_dealers_judged():
    wrong = with_deal_2_score(CUT).replace("deal 3 dealer S", "deal 3 dealer W")
    game = game_of(wrong)
    assert "R-DEALER" in [v["rule"] for v in game["deals"][2]["violations"]]  # (and R-TURN: E bids)
    cut = game_of(CUT.replace("deal 3 dealer S", "deal 3 dealer W").replace("deal 5 dealer N", "deal 5 dealer E"))
    assert "R-DEALER" not in rules_of(cut)


def test_a_dealer_before_the_unknown_score_is_still_judged():
    game = game_of(CUT.replace("deal 2 dealer N", "deal 2 dealer W"))
    assert "R-DEALER" in [v["rule"] for v in game["deals"][1]["violations"]]
    assert game["ledger"][1]["provisional"] is True


def test_the_scoresheet_says_which_rows_are_provisional_and_why():
    analysis = analyse_game(seeplog.parse(CUT).games[0])
    rows = sheet_rows(analysis)
    assert [bool(r.provisional) for r in rows] == [False, True, True, True, True]
    assert rows[1].provisional == "deal 2's score is not known: the lead from here on is provisional"
    assert rows[1].next_dealers == () and rows[2].next_dealers == ("S",)
    assert next_dealer_text(rows[1]) == ANY_DEALER and next_dealer_text(rows[2]) == "S"
    text = scoresheet_text(analysis)
    assert "EW 8 provisional" in text and "any seat may deal" in text
    assert text.endswith("provisional (deals 2 to 5): deal 2's score is not known: the lead from here on is "
                         "provisional; the dealers after it are not judged")
    sheet = list(csv.DictReader(io.StringIO(scoresheet_csv(analyse(CUT)))))
    assert [r["provisional"] != "" for r in sheet] == [False, True, True, True, True]
    assert sheet[1]["next dealer"] == ANY_DEALER and "not known" in sheet[4]["provisional"]


def test_the_running_lead_chart_draws_the_provisional_deals_apart():
    chart = lead_chart(analyse_game(seeplog.parse(CUT).games[0]))
    assert [p.provisional for p in chart.points] == [False, True, True, True, True]
    assert chart.provisional_path.startswith(f"M{chart.points[0].x},{chart.points[0].y}")
    assert chart.points[1].label == "deal 2: EW leads by 8 (provisional)"
    assert "deal 2's score is not known" in chart.description
    exact = lead_chart(analyse_game(seeplog.parse(with_deal_2_score(CUT)).games[0]))
    assert exact.provisional_path == "" and not any(p.provisional for p in exact.points)


# ---------------------------------------------------------------- a live game

LIVE_DEAL_2 = "deal 2 dealer N\nfloor Jd Tc 9c 7s\nbid W 9\nW 2c+7s =9 9c\nS 8s\n"


def deal_1() -> str:
    return CUT[:CUT.index("deal 2 dealer N")]


def test_a_live_deal_still_being_entered_is_in_progress_not_unknown():
    text = deal_1() + LIVE_DEAL_2
    game = game_of(text, open_game=True)
    assert game["deals"][1]["in_progress"] and game["deals"][1]["errors"] == []
    assert all("provisional" not in r for r in game["ledger"])
    assert game["ledger"][0]["next_dealer"] is not None and game["ledger"][1]["next_dealer"] is None
    rows = sheet_rows(analyse(text, open_game=True).games[0])
    assert next_dealer_text(rows[1]) == "" and next_dealer_text(rows[0]) != ""
    step = what_next(now_of(analyse(text, open_game=True)))
    assert step["kind"] == "play" and "provisional" not in step


def test_a_live_game_whose_deal_2_is_closed_without_its_plays():
    text = deal_1() + LIVE_DEAL_2 + "\ndeal 3 dealer S\n"
    game = game_of(text, open_game=True)
    assert not game["deals"][1]["in_progress"] and game["deals"][2]["in_progress"]
    assert [e["rule"] for e in game["deals"][1]["errors"]] == ["E-INCOMPLETE"]
    assert [r.get("provisional") for r in game["ledger"]] == [None, True, True]
    assert game["ledger"][1]["next_dealer"] is None and "R-DEALER" not in rules_of(game)
    step = what_next(now_of(analyse(text, open_game=True)))
    assert step["kind"] == "bid" and step["seat"] == "E"
    assert step["provisional"] == "deal 2's score is not known: the lead from here on is provisional"
    board = ledger_of(sheet_rows(analyse(text, open_game=True).games[0]), {s: s for s in "NWSE"},
                     VARIANTS["standard"].teams)
    assert board[1].next_dealer == ANY_DEALER
    assert board[1].why.shown == "deal 2's score is not known, so any seat may deal"
    assert board[1].provisional and board[2].why.shown == "in progress"


def test_what_comes_next_after_a_provisional_deal_names_the_rotations_seat_and_says_why():
    text = deal_1() + LIVE_DEAL_2 + "\ndeal 3 dealer S\nscore NS 57 EW 43+50\n"
    step = what_next(now_of(analyse(text, open_game=True)))
    assert step["kind"] == "deal" and step["deal"] == 4 and step["dealer"] == "S"
    assert "no dealer is judged" in step["why"] and "not known" in step["provisional"]


def test_the_live_command_line_says_any_seat_may_deal_after_an_unknown_score(tmp_path, capsys):
    from seeplog.__main__ import main
    path = tmp_path / "table.seep"
    assert main(["live", "new", str(path)]) == 0
    lines = [line for line in (deal_1() + LIVE_DEAL_2).splitlines() if line and not line.startswith("[")]
    main(["live", "add", str(path), *lines, "deal 3 dealer S"])
    assert main(["live", "show", str(path)]) == 2  # deal 2, left after two plays, is E-INCOMPLETE
    out = capsys.readouterr().out
    assert "(deal 2's score is not known: the lead from here on is provisional)" in out


# ---------------------------------------------------------------- E-INCOMPLETE, revised

def test_an_unreadable_floor_line_is_its_own_error_alone_and_leaves_the_score_unknown():
    text = "deal 1 dealer N\nfloor Kc 9d 5d ?h\nbid W 13\nW Ks\n\ndeal 2 dealer E\nscore NS 40 EW 60\n"
    game = game_of(text)
    assert [e["rule"] for e in game["deals"][0]["errors"]] == ["E-SYNTAX"]
    assert rules_of(game) == [] and game["ledger"][0]["next_dealer"] is None
    assert [r.get("provisional") for r in game["ledger"]] == [True, True]


def test_an_unknown_card_on_the_floor_or_bid_line_is_its_own_error_alone():
    for bad in ("floor Kc 9d 5d Zz\nbid W 13\n", "floor Kc 9d 5d 4h\nbid W Ks\n", "floor Kc 9d 5d Кs\n"):
        errors = game_of(f"deal 1 dealer N\n{bad}W Ks\nS 2h\n")["deals"][0]["errors"]
        assert [e["rule"] for e in errors] in (["E-CARD"], ["E-SYNTAX"]), bad


def test_a_missing_floor_line_is_still_e_incomplete():
    errors = game_of("deal 1 dealer N\nbid W 13\nW Ks\n")["deals"][0]["errors"]
    assert [(e["rule"], e["message"]) for e in errors] == [("E-INCOMPLETE", "deal 1 has no floor line")]
