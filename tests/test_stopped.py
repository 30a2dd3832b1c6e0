"""Which plays can be viewed, and the play where a replay stopped: the log errors of the dispute view
(issue 12, points 5 and 6), in the library."""
import pytest

import seeplog
from seeplog.__main__ import main
from seeplog.replay import replay_game
from seeplog.stopped import is_stop, plays_shown, stopped_play
from tests.helpers import EXAMPLES


def replay_of(name: str, deal: int):
    game = seeplog.parse((EXAMPLES / name).read_text()).games[0]
    return next(r for r in replay_game(game) if r.deal.number == deal)


@pytest.mark.parametrize("name, deal, reached", [
    ("e-syntax.seep", 1, 24), ("e-card.seep", 2, 14), ("e-floor.seep", 2, 17), ("e-ambiguous.seep", 2, 0),
    ("e-incomplete.seep", 1, 22)])
def test_the_play_after_the_last_reached_can_be_viewed(name, deal, reached):
    replay = replay_of(name, deal)
    assert replay.played == reached and plays_shown(replay) == reached + 1
    assert is_stop(replay, reached + 1) and not is_stop(replay, reached)


def test_a_complete_deal_has_no_stopped_play():
    replay = replay_of("game-standard-2.seep", 1)
    assert plays_shown(replay) == 48 and not is_stop(replay, 48)
    with pytest.raises(LookupError):
        stopped_play(replay)


def test_an_ambiguous_capture_lists_the_captures_it_could_mean():
    stop = stopped_play(replay_of("e-ambiguous.seep", 2))  # E Kc x over Qh 6s 6c Ah
    assert stop.error.rule == "E-AMBIGUOUS" and stop.number == 1
    assert [a.text for a in stop.meant] == ["Kc x 6s+6c+Ah", "Kc x Qh+Ah"]
    assert stop.meant[1].words == "E takes Qh+Ah with Kc"
    assert {a.text for a in stop.meant} <= {a.text for a in stop.legal}


def test_a_floor_error_shows_what_of_the_same_rank_is_there():
    stop = stopped_play(replay_of("e-floor.seep", 2))  # N Jh x Jd, with Js loose
    assert stop.error.rule == "E-FLOOR" and [str(c) for c in stop.near] == ["Js"]
    assert [str(c) for c in stop.before.loose] == ["Js"]


def test_a_house_named_but_missing_shows_the_cards_of_its_value():
    text = ("deal 1 dealer N\nfloor 9c 5s 3s Ah\nbid W 9\nW 9s x [9]\n")
    replay = replay_game(seeplog.parse(text).games[0])[0]
    stop = stopped_play(replay)
    assert stop.error.rule == "E-FLOOR" and [str(c) for c in stop.near] == ["9c"]


@pytest.mark.parametrize("name, deal, turn", [("e-syntax.seep", 1, "S"), ("e-card.seep", 2, "W")])
def test_syntax_and_card_errors_show_the_legal_plays_of_the_seat_to_move(name, deal, turn):
    stop = stopped_play(replay_of(name, deal))
    assert stop.turn == turn and stop.legal
    assert all(a.words.startswith(turn + " ") for a in stop.legal)
    # RULES.md §3: a log error reveals the hands only up to where it stops the replay, so the hand to move
    # is every card not seen before it, not the cards the lines after the error show.
    assert not stop.hand_known and len(stop.hand) > 12


def test_after_the_last_recorded_play_the_hand_is_every_card_not_yet_seen():
    stop = stopped_play(replay_of("e-incomplete.seep", 1))
    assert stop.error is None and not stop.hand_known and stop.turn == "W"
    seen = set(stop.before.loose) | {c for cards in stop.before.taken.values() for c in cards}
    played = {p.move.card for p in replay_of("e-incomplete.seep", 1).deal.plays}
    assert not (seen | played) & set(stop.hand) and len(stop.hand) > 13
    assert stop.legal


def test_the_legal_command_and_the_library_agree_at_the_stop(capsys):
    assert main(["legal", str(EXAMPLES / "e-ambiguous.seep"), "--deal", "2", "--play", "1"]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[0] == "# floor: Qh 6s 6c Ah"
    stop = stopped_play(replay_of("e-ambiguous.seep", 2))
    assert [line.split("  #")[0] for line in out[-len(stop.legal) - 1:-1]] == [a.text for a in stop.legal]
    assert out[-1].startswith("# recorded, line ") and "E-AMBIGUOUS" in out[-1]
    assert main(["legal", str(EXAMPLES / "e-ambiguous.seep"), "--deal", "2", "--play", "2"]) == 2



def _with_line_after(text: str, deal: int, plays: int, line: str) -> str:
    """The log with `line` written after play `plays` of deal `deal` (after its bid line for 0)."""
    game = seeplog.parse(text).games[0]
    found = game.deals[deal - 1]
    after = found.plays[plays - 1].line if plays else found.bid.line
    lines = text.splitlines()
    return "\n".join(lines[:after] + [line] + lines[after:]) + "\n"


@pytest.mark.parametrize("line", ["hello there", "redeal W 8h 5c 3d", "hand E 8h @", "floor 2h 3h 4h 5h"])
def test_E_SYNTAX_any_unreadable_line_stops_the_replay_of_its_deal_there(line):
    """RULES.md §10: a line that cannot be read stops the replay of its deal, whatever kind of line it is:
    the plays after it are not judged, and the error stands alone (no E-INCOMPLETE)."""
    text = _with_line_after((EXAMPLES / "game-standard-2.seep").read_text(), 1, 10, line)
    replay = replay_game(seeplog.parse(text).games[0])[0]
    assert replay.played == 10 and replay.final is None
    assert [e.rule for e in replay.errors] == ["E-SYNTAX"]
    assert all(v.play <= 10 for v in replay.violations)


def test_E_SYNTAX_an_unreadable_line_after_the_last_play_leaves_the_deal_played():
    text = _with_line_after((EXAMPLES / "game-standard-2.seep").read_text(), 1, 48, "hello there")
    replay = replay_game(seeplog.parse(text).games[0])[0]
    assert replay.played == 48 and replay.final is not None and [e.rule for e in replay.errors] == ["E-SYNTAX"]


def test_E_SYNTAX_an_unreadable_score_line_of_a_score_only_deal_stands_alone():
    replay = replay_game(seeplog.parse("deal 1 dealer N\nscore NS 50\n").games[0])[0]
    assert [(e.rule, e.line) for e in replay.errors] == [("E-SYNTAX", 2)]


@pytest.mark.parametrize(("lines", "wrong"), [
    (("flor Kc 9d 5d 4h", "bid W 13", "W Ks x Kc+9d+4h"), 2), (("floor Kc 9d 5d 4h", "bod W 13", "W Ks x Kc+9d+4h"), 3),
    (("scroe NS 40 EW 60",), 2), (("W Ks x Kc+9d+4h", "flor Kc 9d 5d 4h"), 3)])
def test_E_SYNTAX_a_misspelt_keyword_stands_alone(lines, wrong):
    """An unreadable line stops the deal however its keyword is misspelt: its error alone, not also
    E-INCOMPLETE for the floor, bid or score line it was meant to be (RULES.md, the E-INCOMPLETE row)."""
    replay = replay_game(seeplog.parse("\n".join(("deal 1 dealer N", *lines)) + "\n").games[0])[0]
    assert [(e.rule, e.line) for e in replay.errors] == [("E-SYNTAX", wrong)]


def test_E_HAND_a_bid_play_out_of_turn_is_not_judged_against_the_bidders_first_four():
    """The bidder's first four say nothing of another seat's cards: a first play by the wrong seat is R-TURN."""
    text = "deal 1 dealer N\nhand W Ks Js 8c 3c\nfloor Kc 9d 5d 4h\nbid W 13\nS 5c x 5d\n"
    replay = replay_game(seeplog.parse(text).games[0])[0]
    assert [e.rule for e in replay.errors] == ["E-INCOMPLETE"]
    assert [v.rule for v in replay.violations] == ["R-TURN", "R-BID-PLAY"]
    wrong = replay_game(seeplog.parse(text.replace("S 5c x 5d", "W 5c x 5d")).games[0])[0]
    assert [e.rule for e in wrong.errors] == ["E-HAND"] and "W's first four" in wrong.errors[0].message


def test_at_the_bid_play_the_recorded_first_four_are_the_hand():
    # The log stops at the disputed bid play: the bidder's legal plays are those of the four recorded cards.
    text = "deal 1 dealer N\nhand W Jd 4c 9h 8s\nfloor 2s 3h 5h 6c\nbid W 11\nW Jd x\n"
    stop = stopped_play(replay_game(seeplog.parse(text).games[0])[0])
    assert stop.error.rule == "E-AMBIGUOUS" and stop.hand_known
    assert sorted(map(str, stop.hand)) == ["4c", "8s", "9h", "Jd"]
    assert sorted(a.text for a in stop.legal) == ["4c+5h+2s =11", "8s+3h =11 6c+5h", "9h+2s =11 6c+5h",
                                                 "Jd x 6c+3h+2s", "Jd x 6c+5h"]
    ahead = stopped_play(replay_game(seeplog.parse(text.rsplit("W Jd", 1)[0]).games[0])[0])
    assert ahead.error is None and ahead.hand_known and len(ahead.legal) == 5


def test_a_whole_recorded_hand_is_the_hand_after_the_last_play():
    text = ("deal 1 dealer N\nhand W Jd 4c 9h 8s\nhand W 2c 3c 5c 7c Ad 2d 3d 7d\nfloor 2s 3h 5h 6c\nbid W 11\n"
            "W Jd x 6c+5h\nS Kc\nE Qh\nN Ah\n")
    stop = stopped_play(replay_game(seeplog.parse(text).games[0])[0])
    assert stop.error is None and stop.turn == "W" and stop.hand_known
    assert len(stop.hand) == 11 and "Jd" not in map(str, stop.hand)
