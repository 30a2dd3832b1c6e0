"""Malformed input: each bad line gives the right ID at the right line and column, says what was expected,
and the rest of the file is still read.

Every case edits one line of a clean example log (or writes a whole file) and reads it the way the command
line does (bytes that are not UTF-8 included). The deals the edit does not touch must report exactly what
they report in the clean file.
"""
from __future__ import annotations

import time
from dataclasses import dataclass

import pytest

from seeplog import analyse, dumps, parse, report_json
from seeplog.__main__ import decode_lenient
from tests.helpers import EXAMPLES

STANDARD = "game-standard-2.seep"
"""Deal 3 of this game starts on line 116 (floor 117, bid 118, play k on line 118 + k) and has a score
line, so the ledger stays the same when its replay stops."""
TWO_PLAYER = "game-two-player-1.seep"
MB10 = 10 * 1024 * 1024


@dataclass(frozen=True)
class Case:
    id: str
    op: str
    """replace, after or before the anchor line; file: `new` is the whole file."""
    anchor: str
    new: str | bytes
    rule: str
    column: int
    says: str
    """Words the message must hold."""
    deal: int | None = 3
    """The deal the bad line stands in; None outside any deal."""
    play: int | None = None
    rest: str = "same"
    """same: every other deal reads as in the clean file; skip: the deal is not read, the deals after it
    are; none: nothing else to read."""
    base: str = STANDARD
    canonical: bool = True
    """The canonical form of the edited file is the edited file (the bad line written as it stands)."""


def c(id: str, op: str, anchor: str, new: str | bytes, rule: str, column: int, says: str, **kw) -> Case:
    return Case(id, op, anchor, new, rule, column, says, **kw)


P1, P3, P4, P5, P6, P22, P37 = ("E 6c+5c =11", "W Qh", "S Ks x Kd", "E Ac+Qh =13", "N Jc x [11]",
                                "N 2d+[10] =12 Qc", "E Jd x [11] {sweep}")
FLOOR, BID, SCORE, DEAL, TAGS_END = ("floor Kd 8d 5c 2c", "bid E 11", "score NS 57 EW 43+50", "deal 3 dealer S",
                                     '[BaaziTarget "50"]')
HEADER = {"deal": None}

CASES = [
    # cards
    c("bad-card", "replace", P1, "E 6c+5z =11", "E-CARD", 6, "'5z' is not a card: expected a rank", play=1),
    c("bad-card-rank", "replace", P1, "E 6c+11c =11", "E-CARD", 6, "'11c' is not a card", play=1),
    c("x-joined-to-card", "replace", P6, "N Jcx [11]", "E-CARD", 3, "'x' stands alone", play=6),
    c("x-joined-to-taken-card", "replace", P6, "N Jc xKd", "E-SYNTAX", 6,
      "unexpected 'xKd' after the card: 'x' stands alone, with a space after it", play=6),
    c("card-twice-in-play", "replace", P4, "S Ks x Kd Kd", "E-CARD", 11, "Kd is named twice", play=4),
    c("floor-card-twice", "replace", FLOOR, "floor Kd 8d 5c Kd", "E-CARD", 16, "Kd is named twice"),
    # NOTATION.md, Cards: a word of letters, digits and suit symbols is E-CARD, anything else E-SYNTAX
    c("card-of-letters", "replace", P3, "W Zz", "E-CARD", 3, "'Zz' is not a card", play=3),
    c("card-rank-one", "replace", P3, "W 1s", "E-CARD", 3, "'1s' is not a card", play=3),
    c("card-no-suit", "replace", P3, "W Tx", "E-CARD", 3, "'Tx' is not a card", play=3),
    c("question-mark-for-card", "replace", P3, "W ? Qh", "E-SYNTAX", 3, "expected the played card", play=3),
    c("at-sign-for-card", "replace", P3, "W @", "E-SYNTAX", 3, "found '@'", play=3),
    c("card-with-question-mark", "replace", P3, "W Qh?", "E-SYNTAX", 3, "found 'Qh?'", play=3),
    c("question-mark-in-capture", "replace", P4, "S Ks x ?", "E-SYNTAX", 8, "expected a card", play=4),
    c("question-mark-on-floor", "replace", FLOOR, "floor Kd 8d ? 2c", "E-SYNTAX", 13, "expected a card"),
    # house plays
    c("missing-house-value", "replace", P1, "E 6c+5c", "E-SYNTAX", 8,
      "expected '=' and the house value after the house play's cards at the end of the line", play=1),
    c("eq-without-value", "replace", P1, "E 6c+5c =", "E-SYNTAX", 10,
      "expected the house value after '=' at the end of the line", play=1),
    c("eq-value-not-a-number", "replace", P1, "E 6c+5c =eleven", "E-SYNTAX", 10,
      "expected the house value after '=', found 'eleven'", play=1),
    c("house-in-extra-group", "replace", P22, "N 2d+[10] =12 Qc+[9]", "E-SYNTAX", 18,
      "an extra group is loose cards only", play=22),
    c("house-alone-as-extra-group", "replace", P22, "N 2d+[10] =12 [9]", "E-SYNTAX", 15,
      "an extra group is loose cards only", play=22),
    c("two-houses-broken", "replace", P22, "N 2d+[10]+[9] =12 Qc", "E-SYNTAX", 11,
      "a house play breaks at most one house", play=22),
    c("two-eq", "replace", P1, "E 6c+5c =11 =11", "E-SYNTAX", 13, "'=' belongs to a house play", play=1),
    c("stray-plus-before-eq", "replace", P1, "E 6c+5c+ =11", "E-SYNTAX", 10,
      "expected a card or a house [V] after '+', found '='", play=1),
    c("double-plus", "replace", P1, "E 6c++5c =11", "E-SYNTAX", 6,
      "expected a card or a house [V] after '+', found '+'", play=1),
    c("plus-before-card", "replace", P1, "E +6c =11", "E-SYNTAX", 3, "expected the played card, found '+'",
      play=1),
    # captures
    c("stray-plus-in-capture", "replace", P4, "S Ks x + Kd", "E-SYNTAX", 8,
      "a '+' stands between two cards or houses", play=4),
    c("trailing-plus", "replace", P4, "S Ks x Kd +", "E-SYNTAX", 12,
      "expected a card or a house [V] after '+' at the end of the line", play=4),
    c("two-x", "replace", P6, "N Jc x x [11]", "E-SYNTAX", 8, "a second 'x'", play=6),
    c("empty-house", "replace", P6, "N Jc x []", "E-SYNTAX", 8, "expected a house value inside '[ ]'", play=6),
    c("house-not-closed", "replace", P6, "N Jc x [11", "E-SYNTAX", 8, "a house is written [V]", play=6),
    c("house-of-cards", "replace", P6, "N Jc x [9+2]", "E-SYNTAX", 8, "a house is named by its value alone",
      play=6),
    c("eq-in-capture", "replace", P4, "S Ks x Kd =13", "E-SYNTAX", 11, "'=' belongs to a house play", play=4),
    c("seat-run-into-its-card", "replace", P3, "WQh", "E-SYNTAX", 1,
      "unknown keyword 'WQh': a seat and its card are two words, as in 'W Qh'"),
    c("card-after-card", "replace", P3, "W Qh Qs", "E-SYNTAX", 6, "expected 'x' before 'Qs'", play=3),
    c("word-dealer-in-a-play", "replace", P3, "W Qh dealer", "E-SYNTAX", 6, "unexpected 'dealer' after the card",
      play=3),
    # annotations
    c("unterminated-annotation", "replace", P37, "E Jd x [11] {sweep", "E-SYNTAX", 13,
      "an annotation opened with '{' is not closed with '}'", play=37),
    c("annotation-on-floor-line", "replace", FLOOR, "floor Kd 8d 5c 2c {x}", "E-SYNTAX", 19,
      "annotations follow a 'deal' line or a play"),
    # seats and teams
    c("bad-seat", "replace", P3, "X Qh", "E-SEAT", 1, "'X' is not a seat: expected N, W, S or E", play=3),
    c("missing-seat", "replace", P1, "6c+5c =11", "E-SYNTAX", 1, "a play starts with its seat: expected a seat",
      play=1),
    c("four-player-seat-in-two-player-game", "replace", "S 3s", "W 3s", "E-SEAT", 1,
      "W is not a seat at a two-player table: expected N or S", deal=2, play=48, base=TWO_PLAYER),
    c("teams-in-two-player-score", "after", "S 3s", "score NS 40 EW 60", "E-SEAT", 7,
      "NS is not a seat at a two-player table: expected N or S", deal=2, base=TWO_PLAYER),
    c("score-wrong-team", "replace", SCORE, "score NS 57 NE 43+50", "E-SEAT", 13,
      "'NE' is not a team: expected NS or EW"),
    c("score-team-twice", "replace", SCORE, "score NS 57 NS 43+50", "E-SYNTAX", 13, "NS is scored twice: expected EW"),
    c("score-seat-at-four-player-table", "replace", SCORE, "score N 57 S 43+50", "E-SEAT", 7,
      "N is not a team at a four-player table: expected NS or EW"),
    c("score-missing-sweeps", "replace", SCORE, "score NS 57 EW 43+", "E-SYNTAX", 19,
      "expected EW's sweep points after '+' at the end of the line"),
    c("score-missing-team", "replace", SCORE, "score NS 57", "E-SYNTAX", 12,
      "expected a team (NS or EW) at the end of the line"),
    # deal lines, floors, bids, redeals, hands
    c("unknown-keyword", "replace", FLOOR, "flor Kd 8d 5c 2c", "E-SYNTAX", 1, "unknown keyword 'flor': expected"),
    c("floor-three-cards", "replace", FLOOR, "floor Kd 8d 5c", "E-SYNTAX", 15, "expected 4 floor cards, found 3"),
    c("floor-five-cards", "replace", FLOOR, "floor Kd 8d 5c 2c 3h", "E-SYNTAX", 19,
      "expected 4 floor cards, found more"),
    c("second-floor-line", "after", FLOOR, FLOOR, "E-SYNTAX", 1, "a second floor line in deal 3"),
    c("second-bid-line", "after", BID, "bid E 12", "E-SYNTAX", 1, "a second bid line in deal 3"),
    c("bid-without-value", "replace", BID, "bid E", "E-SYNTAX", 6,
      "expected the bid value (9 to 13) at the end of the line"),
    c("bid-value-too-long", "replace", BID, "bid E 99999", "E-SYNTAX", 7,
      "expected the bid value (9 to 13), found '99999': a number here has four digits at most"),
    c("bid-value-not-a-number", "replace", BID, "bid E eleven", "E-SYNTAX", 7,
      "expected the bid value (9 to 13), found 'eleven'"),
    c("redeal-three-cards", "before", FLOOR, "redeal E 8d 5h 5c", "E-SYNTAX", 18, "expected 4 cards shown, found 3"),
    c("hand-without-cards", "before", FLOOR, "hand E", "E-SYNTAX", 7,
      "expected the cards of the hand at the end of the line"),
    c("deal-without-dealer", "replace", DEAL, "deal 3", "E-SYNTAX", 7,
      "expected 'dealer' and the dealer's seat at the end of the line"),
    c("deal-dealer-without-seat", "replace", DEAL, "deal 3 dealer", "E-SYNTAX", 14,
      "expected the dealer (N, W, S or E) at the end of the line"),
    c("deal-bad-dealer", "replace", DEAL, "deal 3 dealer X", "E-SEAT", 15, "'X' is not the dealer"),
    c("deal-number-not-a-number", "replace", DEAL, "deal three dealer S", "E-SYNTAX", 6,
      "expected the deal number (1, 2, …): a deal line is 'deal N dealer SEAT', found 'three'"),
    c("deal-number-zero", "replace", DEAL, "deal 0 dealer S", "E-SYNTAX", 6, "the numbers start at 1"),
    c("deal-keyword-misspelt", "replace", DEAL, "dael 3 dealer S", "E-SYNTAX", 1, "unknown keyword 'dael'"),
    # outside deals: plays and tags
    c("play-before-any-deal", "after", TAGS_END, "W 5h", "E-SYNTAX", 1,
      "this line belongs to a deal: expected a 'deal N dealer SEAT' line before it", **HEADER),
    c("unquoted-tag", "after", TAGS_END, "[Round 3]", "E-SYNTAX", 8,
      "expected a quoted value after the tag name Round", **HEADER),
    c("tag-not-closed", "after", TAGS_END, '[Round "3"', "E-SYNTAX", 11, "expected ']' to close the tag",
      **HEADER),
    c("tag-value-not-closed", "after", TAGS_END, '[Round "3]', "E-SYNTAX", 8, "the tag value is not closed",
      **HEADER),
    c("tag-without-name", "after", TAGS_END, '[ "3"]', "E-SYNTAX", 3, "expected a tag name after '['", **HEADER),
    c("empty-brackets", "after", TAGS_END, "[]", "E-SYNTAX", 2, "expected a tag name after '['", **HEADER),
    c("tag-junk-after", "after", TAGS_END, '[Round "3"] x', "E-SYNTAX", 13,
      "unexpected 'x' after the tag: expected the end of the line", **HEADER),
    c("unknown-variant", "replace", '[Variant "standard"]', '[Variant "canasta"]', "E-SYNTAX", 10,
      "unknown variant 'canasta': expected one of standard, two-player", canonical=False, **HEADER),
    c("impossible-date", "replace", '[Date "2026-08-05"]', '[Date "2026-02-30"]', "E-SYNTAX", 7,
      "a date is written YYYY-MM-DD (a real day)", canonical=False, **HEADER),
    c("date-format", "replace", '[Date "2026-08-05"]', '[Date "05/08/2026"]', "E-SYNTAX", 7,
      "a date is written YYYY-MM-DD", canonical=False, **HEADER),
    c("baazi-target-not-a-number", "after", TAGS_END, '[BaaziTarget "fifty"]', "E-SYNTAX", 14,
      "BaaziTarget is a whole number above 0, not 'fifty'", **HEADER),
    c("unknown-rotation", "after", TAGS_END, '[Rotation "clockwise"]', "E-SYNTAX", 11,
      "unknown rotation 'clockwise': expected pagat or team", **HEADER),
    c("second-variant-tag", "after", TAGS_END, '[Variant "juneja"]', "E-SYNTAX", 1,
      "a second Variant tag in this game", **HEADER),
    # what the bytes and the layout of a line can do
    c("non-utf8-byte", "replace", P1, b"E 6c+5c =11 # caf\xe9", "E-SYNTAX", 18,
      "byte 0xe9 is not UTF-8 text", play=1),
    c("non-utf8-byte-after-suit-symbol", "replace", P1, b"E 6c+5c =11 # \xe2\x99\xa0 \xff", "E-SYNTAX", 17,
      "byte 0xff is not UTF-8 text", play=1),
    c("ten-megabyte-line", "replace", P5, "E " + "Z" * MB10, "E-CARD", 3, "is not a card", play=5),
    c("ten-megabyte-unclosed-annotation", "replace", P5, "E Ac+Qh =13 {" + "a" * MB10, "E-SYNTAX", 13,
      "is not closed with '}'", play=5),
    c("tab-counts-one-column", "replace", P1, "E\t6c+5z =11", "E-CARD", 6, "'5z' is not a card", play=1),
    c("indented-line", "replace", P1, "   E 6c+5z =11", "E-CARD", 9, "'5z' is not a card", play=1),
    c("empty-file", "file", "", b"", "E-SYNTAX", 1, "the log holds no game", deal=None, rest="none"),
    c("comments-only-file", "file", "", b"# nothing yet\n\n   \n", "E-SYNTAX", 1, "the log holds no game",
      deal=None, rest="none"),
]


def edited(case: Case) -> tuple[bytes, int]:
    """The edited file and the number of the bad line."""
    if case.op == "file":
        return case.new, 1  # type: ignore[return-value]
    lines = (EXAMPLES / case.base).read_bytes().split(b"\n")
    anchor = case.anchor.encode()
    at = [i for i, line in enumerate(lines) if line == anchor]
    assert len(at) == 1, f"{case.anchor!r} is not one line of {case.base}"
    index = at[0] + (1 if case.op == "after" else 0)
    new = case.new if isinstance(case.new, bytes) else case.new.encode()
    lines[index:index + (case.op == "replace")] = [new]
    return b"\n".join(lines), index + 1


def all_findings(doc: dict) -> list[dict]:
    found = list(doc.get("errors", []))
    for game in doc["games"]:
        found += game["errors"] + [f for d in game["deals"] for f in d["errors"] + d["violations"]]
    return found


def deals_by_number(doc: dict) -> dict[int, dict]:
    return {d["number"]: d for d in doc["games"][0]["deals"]}


def check_rest(case: Case, doc: dict) -> None:
    clean = report_json(analyse((EXAMPLES / case.base).read_text(encoding="utf-8")))
    before, after = deals_by_number(clean), deals_by_number(doc)
    if case.rest == "same":
        assert set(after) == set(before)
        for number, deal in before.items():
            if number != case.deal:
                assert after[number] == deal, f"deal {number} reads differently"
        rows = zip(clean["games"][0]["ledger"], doc["games"][0]["ledger"], strict=True)
        # Deal 3 of the standard game has a score line, so even its ledger row stays; the two-player
        # game's touched deal has none, so only the rows before it must.
        kept = [(r, s) for r, s in rows if case.base == STANDARD or r["deal"] < (case.deal or 99)]
        assert kept and all(r == s for r, s in kept)
    elif case.rest == "skip":
        assert case.deal not in after and set(after) == set(before) - {case.deal}
        for number in after:
            if number < case.deal:  # type: ignore[operator]
                assert after[number] == before[number]
            else:
                assert after[number]["errors"] == [] and after[number]["plays"] == before[number]["plays"]
                assert after[number]["score"] == before[number]["score"]


@pytest.mark.parametrize("case", CASES, ids=[case.id for case in CASES])
def test_malformed_line(case: Case) -> None:
    data, line = edited(case)
    started = time.perf_counter()
    analysis = analyse(decode_lenient(data))
    doc = report_json(analysis)
    assert time.perf_counter() - started < 10
    here = [f for f in all_findings(doc) if f["line"] == line and f["rule"].startswith("E-")
            and f["rule"] != "E-INCOMPLETE"]
    assert len(here) == 1, here
    error = here[0]
    assert (error["rule"], error["column"]) == (case.rule, case.column), error["message"]
    assert case.says in error["message"]
    assert len(error["message"]) < 200
    if case.play is not None:
        assert error["play"] == case.play
    if case.rest != "none":
        in_deal = [f for d in doc["games"][0]["deals"] if d["number"] == case.deal for f in d["errors"]]
        assert (error in in_deal) == (case.deal is not None and case.rest == "same")
        check_rest(case, doc)
    if case.canonical and isinstance(case.new, str):
        assert dumps(analysis.log) == data.decode()


def test_the_table_has_thirty_kinds() -> None:
    assert len(CASES) >= 30 and len({case.id for case in CASES}) == len(CASES)


def test_a_bad_play_still_counts_as_a_play() -> None:
    """The replay stops at the unreadable play 3; play 4 is not judged as if it were play 3."""
    data, _ = edited(next(case for case in CASES if case.id == "bad-seat"))
    deal = deals_by_number(report_json(analyse(data.decode())))[3]
    assert deal["plays"] == 48 and not deal["complete"]
    assert [v["rule"] for v in deal["violations"]] == []


def test_every_bad_line_of_a_file_is_reported_at_once() -> None:
    text = (EXAMPLES / STANDARD).read_text()
    for bad in (P1, P22, SCORE):
        text = text.replace(bad + "\n", bad.replace(" ", " ?", 1) + "\n")
    errors = parse(text).errors
    assert [(e.line, e.column) for e in errors] == [(119, 3), (140, 3), (167, 7)]
