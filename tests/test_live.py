"""The live-game model of seeplog.live.entries and seeplog.live.table: events folded into entries, entries laid out
as a canonical log, one line read in its place, the deal in progress, and what comes next."""
from __future__ import annotations

import pytest

import seeplog
from seeplog.live.entries import Entry, EntryRefused, Event, fold, layout, live_log, read_in_place
from seeplog.live.table import now_of, what_next
from seeplog.analysis import analyse
from seeplog.report import report_json
from tests.helpers import EXAMPLES


def entries(*lines: str) -> list[Entry]:
    return [Entry(i, line) for i, line in enumerate(lines, start=1)]


def test_fold_applies_every_kind_of_event_and_never_reuses_an_id():
    events = [Event("create", lines=('[Variant "standard"]',)), Event("append", 2, ("deal 1 dealer N",)),
              Event("append", 3, ("floor Kh Jc 9s 2s",)), Event("insert", 3, ("hand W Jd 8h 8d 7c",)),
              Event("replace", 4, ("floor Kh Jc 9s 3s",)), Event("append", 5, ("bid W 11",)),
              Event("delete", 3), Event("undo", 4), Event("close")]
    folded = fold(events)
    assert [e.text for e in folded] == ['[Variant "standard"]', "deal 1 dealer N", "floor Kh Jc 9s 3s"]
    assert [e.id for e in folded] == [1, 2, 5]


def test_layout_is_the_canonical_layout_of_a_log():
    texts = ["[Event \"Club\"]", "[Variant \"standard\"]", "deal 1 dealer N", "score NS 40 EW 60",
             "deal 2 dealer N", "score NS 50 EW 50", "[Variant \"thirty\"]", "deal 1 dealer E"]
    text, lines = layout(texts)
    assert text == ('[Variant "standard"]\n[Event "Club"]\n\ndeal 1 dealer N\nscore NS 40 EW 60\n\n'
                    'deal 2 dealer N\nscore NS 50 EW 50\n\n[Variant "thirty"]\n\ndeal 1 dealer E\n')
    assert lines == (2, 1, 4, 5, 7, 8, 10, 12)
    assert seeplog.dumps(seeplog.parse(text)) == text


@pytest.mark.parametrize("name", ["game-standard-1", "game-two-player-2", "two-games", "r-owner-keep"])
def test_the_statement_lines_of_a_canonical_log_lay_out_as_the_log(name):
    text = (EXAMPLES / f"{name}.seep").read_text(encoding="utf-8")
    assert layout([line for line in text.splitlines() if line])[0] == text


def test_a_shorthand_capture_is_written_out_in_the_log():
    live = live_log(entries("deal 1 dealer N", "floor Kh Jc 9s 2s", "bid W 11", "W Jd x"))
    assert live.text.splitlines()[-1] == "W Jd x Jc 9s+2s"
    assert live.entries[-1].text == "W Jd x"


def test_a_line_is_read_in_its_place_and_written_canonically():
    before = entries('[Variant "standard"]', "deal 1 dealer N", "floor Kh Jc 9s 2s", "bid W 11")
    line, (text, log) = read_in_place(before + [Entry(9, "")], 4, "w JD x 2S+9s  jc # first")
    assert line == "W Jd x Jc 9s+2s" and text.endswith("\nw JD x 2S+9s  jc # first\n")
    assert log.games[0].deals[0].plays[0].line == 6
    with pytest.raises(EntryRefused) as refused:
        read_in_place(before + [Entry(9, "")], 4, "floor Ah 2h 3h 4h")
    assert refused.value.error.rule == "E-SYNTAX" and "second floor" in refused.value.error.msg
    with pytest.raises(EntryRefused) as refused:
        read_in_place([Entry(1, ""), *before[1:]], 0, "N 5h")
    assert "belongs to a deal" in refused.value.error.msg
    two = entries('[Variant "two-player"]', "deal 1 dealer N")
    with pytest.raises(EntryRefused) as refused:
        read_in_place(two + [Entry(9, "")], 2, "bid W 11")
    assert refused.value.error.rule == "E-SEAT"


def test_an_open_games_last_deal_is_in_progress_not_incomplete():
    text = '[Variant "standard"]\n\ndeal 1 dealer N\nfloor Kh Jc 9s 2s\nbid W 11\nW Jd x Jc 9s+2s\n'
    closed = report_json(analyse(text))["games"][0]["deals"][0]
    live = report_json(analyse(text, open_game=True))["games"][0]["deals"][0]
    assert [e["rule"] for e in closed["errors"]] == ["E-INCOMPLETE"] and not closed["in_progress"]
    assert live["errors"] == [] and live["in_progress"] and not live["complete"] and live["score"] is None
    bare = report_json(analyse("deal 1 dealer N\nfloor Kh Jc 9s 2s\n", open_game=True))["games"][0]["deals"][0]
    assert bare["errors"] == [] and bare["in_progress"]
    scored = report_json(analyse(text + "score NS 40 EW 60\n", open_game=True))["games"][0]["deals"][0]
    assert [e["rule"] for e in scored["errors"]] == ["E-INCOMPLETE"] and not scored["in_progress"]


def test_only_the_last_deal_is_in_progress():
    text = "deal 1 dealer N\nfloor Kh Jc 9s 2s\nbid W 11\nW Jd x Jc 9s+2s\n\ndeal 2 dealer N\n"
    deals = report_json(analyse(text, open_game=True))["games"][0]["deals"]
    assert [e["rule"] for e in deals[0]["errors"]] == ["E-INCOMPLETE"] and deals[1]["in_progress"]


def test_a_deal_with_every_play_line_written_is_over_though_a_log_error_stopped_it():
    """Play 47 of the last deal corrected to a line the floor cannot take (E-FLOOR): the deal has its 48
    lines, so it is over as it would be in an uploaded log (its score not known), and the next entry is the
    next deal, not a 49th play."""
    lines = (EXAMPLES / "game-standard-1.seep").read_text().splitlines()
    last_deal = max(i for i, line in enumerate(lines) if line.startswith("deal "))
    plays = [i for i in range(last_deal, len(lines)) if lines[i][:2] in ("N ", "W ", "S ", "E ")]
    assert len(plays) == 48
    lines[plays[46]] = lines[plays[46]][:2] + "9d x 9h"
    text = "\n".join(lines) + "\n"
    live, uploaded = analyse(text, open_game=True), analyse(text)
    deal = report_json(live)["games"][0]["deals"][-1]
    assert not deal["in_progress"] and [e["rule"] for e in deal["errors"]] == ["E-FLOOR"]
    assert deal == report_json(uploaded)["games"][0]["deals"][-1]
    step = what_next(now_of(live))
    assert (step["kind"], step["deal"], step["dealer"]) == ("deal", 4, None)  # any seat: deal 3's score unknown
    lines[plays[47]:plays[47] + 1] = []  # without its 48th line, the deal is still being played
    step = what_next(now_of(analyse("\n".join(lines) + "\n", open_game=True)))
    assert (step["kind"], step["play"], step["stopped"]["rule"]) == ("play", 48, "E-FLOOR")


@pytest.mark.parametrize("lines, kind, seat", [
    ([], "deal", None),
    (["deal 1 dealer N"], "bid", "W"),
    (["deal 1 dealer N", "bid W 11"], "floor", None),
    (["deal 1 dealer N", "bid W 11", "floor Kh Jc 9s 2s"], "play", "W"),
    (["deal 1 dealer N", "bid W 11", "floor Kh Jc 9s 2s", "W Jd x Jc 9s+2s"], "play", "S"),
    (["deal 1 dealer N", "score NS 40 EW 60"], "deal", "N"),
    (["deal 1 dealer N", "score NS 60 EW 40"], "deal", "W"),
])
def test_what_comes_next(lines, kind, seat):
    analysis = analyse("\n".join(['[Variant "standard"]', *lines]) + "\n", open_game=True)
    step = what_next(now_of(analysis))
    assert step["kind"] == kind
    assert (step["dealer"] if kind == "deal" else step.get("seat")) == seat
    assert what_next(now_of(analysis), closed=True) == {"kind": "closed"}


def test_the_outcomes_of_a_card_name_what_each_other_outcome_breaks():
    from seeplog.cards import parse_card
    from seeplog.live.table import outcomes
    from seeplog.ruleset import VARIANTS
    from seeplog.state import Known, State
    state = State(VARIANTS["standard"], loose=tuple(sorted(parse_card(c) for c in "Ah 2s 3d 4h 5c".split())), turn="S",
                  played=5)
    found = {o["move"]: o for o in outcomes(state, "S", parse_card("5s"), Known(frozenset(), False))}
    assert found["5s x 5c 4h+Ah 3d+2s"]["legal"]
    assert [v["rule"] for v in found["5s x 5c"]["violations"]] == ["R-CAPTURE-ALL"]
    assert [v["rule"] for v in found["5s"]["violations"]] == ["R-MUST-CAPTURE"]
    assert found["5s x 5c"]["line"] == "S 5s x 5c" and found["5s x 5c"]["kind"] == "capture"
    assert list(found)[0] == "5s x 5c 4h+Ah 3d+2s"  # the legal ones first


def test_one_group_captures_are_bounded_on_a_floor_of_many_small_cards():
    from seeplog.cards import DECK, parse_card
    from seeplog.live.table import SINGLE_CAPTURES, single_captures
    from seeplog.ruleset import VARIANTS
    from seeplog.state import State
    many = tuple(c for c in DECK if c.value <= 4) * 3
    found = list(single_captures(State(VARIANTS["standard"], loose=many), parse_card("Kh")))
    assert 0 < len(found) <= SINGLE_CAPTURES
    assert all(sum(c.value for c in capture.groups[0]) == 13 for capture in found)


def test_retag_replaces_a_header_tag_or_adds_one_before_the_first_deal_and_reopen_changes_no_entry():
    events = [Event("create", None, ('[Variant "standard"]', '[North "Asah"]', '[Event "Club"]')),
              Event("append", 4, ("deal 1 dealer N",)), Event("close"), Event("reopen"),
              Event("retag", None, ('[North "Asha"]', '[Round "2"]')), Event("append", 6, ("floor Kh Jc 9s 2s",))]
    entries = fold(events)
    assert [e.text for e in entries] == ['[Variant "standard"]', '[North "Asha"]', '[Event "Club"]', '[Round "2"]',
                                         "deal 1 dealer N", "floor Kh Jc 9s 2s"]
    assert [e.id for e in entries] == [1, 5, 3, 6, 4, 7]  # the lines written, numbered in order
    text, _ = layout([e.text for e in entries])
    assert text.startswith('[Variant "standard"]\n[North "Asha"]\n[Event "Club"]\n[Round "2"]\n\ndeal 1')


def test_a_log_laid_out_on_from_the_last_is_the_log_laid_out_whole():
    import random

    from seeplog.live.entries import Entry, layout, live_log
    from seeplog.playout import random_game
    from seeplog.ruleset import VARIANTS

    rng = random.Random("laid-out")
    lines = [line for line in random_game(VARIANTS["standard"], 3, rng).splitlines() if line.strip()]
    odd = ['[Event "later"]', "deal 9 dealer W", "W 5h", "score NS 40 EW 60", "deal x"]
    entries: list[Entry] = []
    live = None
    for number, line in enumerate(lines + odd + lines[1:40], start=1):
        for change in ("append", "undo", "append"):
            if change == "append":
                entries.append(Entry(number, line))
            else:
                entries.pop()
            live = live_log(entries, live)
            again = live_log(entries)
            assert (live.text, live.line_of, live.log) == (again.text, again.line_of, again.log)
            assert layout([e.text for e in entries])[1] == live.line_of
