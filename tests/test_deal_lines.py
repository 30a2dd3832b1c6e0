"""A broken `deal` line still starts its deal; a deal with a bid and a score but no plays is score-only;
the scoresheet says why a deal's score is the one recorded (issue 12, points 1, 3 and 4)."""
import csv
import io

import pytest

import seeplog
from seeplog.__main__ import main
from seeplog.analysis import analyse_game
from seeplog.scoresheet import scoresheet_text, sheet_rows
from tests.helpers import EXAMPLES

TYPOS = ("deal 1 dealer N\nscore NS 40 EW 60\n\n"
         "deal 2 dealer North\nscore NS 55 EW 45\n\n"
         "deal 3 dealer N\nscore NS 50 EW 50\n\n"
         "deal 8\nscore NS 30 EW 70\n")


def test_a_deal_line_with_a_typo_keeps_its_deal_and_reports_it():
    log = seeplog.parse(TYPOS)
    deals = log.games[0].deals
    assert [d.number for d in deals] == [1, 2, 3, 8]
    north, bare = log.errors
    assert (north.rule, north.line, north.column) == ("E-SEAT", 4, 15)
    assert "seats are N W S E" in north.msg and "deal 2 dealer N" in north.msg
    assert (bare.rule, bare.line) == ("E-SYNTAX", 10)
    assert "'deal N dealer SEAT'" in bare.msg


def test_the_broken_deals_score_lines_count_in_the_ledger():
    doc = seeplog.report_json(seeplog.analyse(TYPOS))
    game = doc["games"][0]
    assert [d["score"] for d in game["deals"]] == [
        {"NS": 40, "EW": 60}, {"NS": 55, "EW": 45}, {"NS": 50, "EW": 50}, {"NS": 30, "EW": 70}]
    assert [r["lead"] for r in game["ledger"]] == [
        {"team": "EW", "points": 20}, {"team": "EW", "points": 10}, {"team": "EW", "points": 10},
        {"team": "EW", "points": 50}]
    assert [e["rule"] for e in game["deals"][1]["errors"]] == ["E-SEAT"]
    assert [e["rule"] for e in game["deals"][3]["errors"]] == ["E-SYNTAX"]
    # deal 8 names no dealer: the seat the rotation names deals it, and no R-DEALER is invented
    assert game["deals"][3]["dealer"] == game["ledger"][2]["next_dealer"] == game["ledger"][3]["dealer"]
    assert not any(v["rule"] == "R-DEALER" for d in game["deals"] for v in d["violations"])


def test_the_report_with_broken_deal_lines_matches_the_schema():
    jsonschema = pytest.importorskip("jsonschema")
    import json
    from pathlib import Path
    schema = json.loads((Path(__file__).parent.parent / "schema" / "report.schema.json").read_text())
    jsonschema.validate(seeplog.report_json(seeplog.analyse(TYPOS)), schema)


def test_broken_deals_are_rows_marked_with_their_error(capsys, tmp_path):
    rows = sheet_rows(analyse_game(seeplog.parse(TYPOS).games[0]))
    assert [r.deal for r in rows] == [1, 2, 3, 8]
    assert rows[1].note == "score as recorded at the table: the deal line could not be read (E-SEAT, line 4)"
    assert rows[3].note == "score as recorded at the table: the deal line could not be read (E-SYNTAX, line 10)"
    path = tmp_path / "typos.seep"
    path.write_text(TYPOS)
    assert main(["score", str(path)]) == 2
    out = capsys.readouterr().out
    assert [line.split()[0] for line in out.splitlines() if line[:1].isdigit()] == ["1", "2", "3", "8"]
    assert "* deal 2: score as recorded at the table: the deal line could not be read (E-SEAT, line 4)" in out
    assert "EW 50" in out and "baazis: NS 0, EW 0" in out


def test_broken_deals_are_in_the_csv():
    from seeplog.web.games.exports import scoresheet_csv
    rows = list(csv.DictReader(io.StringIO(scoresheet_csv(seeplog.analyse(TYPOS)))))
    assert [r["deal"] for r in rows] == ["1", "2", "3", "8"]
    assert rows[1]["score NS"] == "55" and "E-SEAT" in rows[1]["note"]


def test_a_deal_line_is_written_back_as_it_stood():
    assert seeplog.dumps(seeplog.parse(TYPOS)).count("deal 2 dealer North") == 1


def test_a_deal_with_a_bid_and_a_score_but_no_plays_is_score_only():
    text = "deal 1 dealer N\nscore NS 40 EW 60\n\ndeal 2 dealer N\nbid W 11\nscore NS 55 EW 45\n"
    doc = seeplog.report_json(seeplog.analyse(text))
    deal = doc["games"][0]["deals"][1]
    assert deal["errors"] == [] and deal["violations"] == []
    assert deal["score_only"] is True and deal["bid"] == 11 and deal["bidder"] == "W"
    assert deal["score"] == {"NS": 55, "EW": 45}
    row = sheet_rows(analyse_game(seeplog.parse(text).games[0]))[1]
    assert (row.bidder, row.bid, row.note) == ("W", 11, "score as recorded at the table (no plays logged)")


def test_a_score_only_deal_still_has_its_bid_checked():
    doc = seeplog.report_json(seeplog.analyse("deal 1 dealer N\nbid S 14\nscore NS 40 EW 60\n"))
    assert {v["rule"] for v in doc["games"][0]["deals"][0]["violations"]} == {"R-BID-RANGE", "R-TURN"}


@pytest.mark.parametrize("note, lines", [("", ""), ("", "hand W Ks Kd\n"), ("", "redeal W 8h 7c 3d 2s\n"),
                                         (" {dealt, then lost}", "")])
def test_a_deal_line_alone_is_incomplete(note, lines):
    """NOTATION.md: a deal needs its floor, bid and plays, or a score line; one with neither is E-INCOMPLETE
    (its score unknown), whether another deal follows or the log ends."""
    for text in (f"deal 1 dealer N{note}\n{lines}deal 2 dealer N\nscore NS 50 EW 50\n",
                 f"deal 1 dealer N\nscore NS 50 EW 50\ndeal 2 dealer W{note}\n{lines}"):
        doc = seeplog.report_json(seeplog.analyse(text))
        bare = next(d for d in doc["games"][0]["deals"] if d["score"] is None)
        assert [(e["rule"], e["message"]) for e in bare["errors"]] == [
            ("E-INCOMPLETE", f"deal {bare['number']} has only its deal line: no floor, bid and plays, and no score "
                             "line")], text
    other = seeplog.report_json(seeplog.analyse("deal 1 dealer N\nscore NS 50 EW 50\n"))
    assert other["games"][0]["deals"][0]["errors"] == []


def test_a_bid_without_plays_or_score_is_still_incomplete():
    doc = seeplog.report_json(seeplog.analyse("deal 1 dealer N\nbid W 11\n"))
    assert [e["rule"] for e in doc["games"][0]["deals"][0]["errors"]] == ["E-INCOMPLETE"]


@pytest.mark.parametrize("name, note", [
    ("e-card.seep", "score as recorded at the table: the replay stopped at play 15 (E-CARD)"),
    ("e-incomplete.seep", "score as recorded at the table: the log stops after 22 of 48 plays"),
])
def test_the_footnote_says_what_happened_to_a_deal_that_logged_plays(name, note):
    analysis = analyse_game(seeplog.parse((EXAMPLES / name).read_text()).games[0])
    notes = [r.note for r in sheet_rows(analysis) if r.note]
    assert note in notes
    assert "no plays logged" not in scoresheet_text(analysis)
