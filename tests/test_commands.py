"""The `score` and `legal` commands."""
from seeplog.__main__ import main
from tests.helpers import EXAMPLES


def run(capsys, *argv: str) -> tuple[int, str]:
    status = main(list(argv))
    return status, capsys.readouterr().out


def listed(out: str) -> list[str]:
    """The plays the legal command lists (below its '#' lines)."""
    return [line for line in out.splitlines() if not line.startswith("#")]


def test_score_prints_a_row_per_deal_with_the_ledger(capsys):
    status, out = run(capsys, "score", str(EXAMPLES / "game-standard-1.seep"))
    assert status == 0
    rows = [line.split() for line in out.splitlines() if line[:1].isdigit()]
    assert rows[0][:4] == ["1", "N", "W", "13"]
    assert "143 / 257" in out and "baazis: NS 0, EW 1" in out
    assert [r[0] for r in rows] == ["1", "2", "3"]
    assert "* deal 2: score as recorded at the table (no plays logged)" in out


def test_score_shows_flagged_plays_and_exits_1(capsys):
    status, out = run(capsys, "score", str(EXAMPLES / "r-capture-all.seep"))
    assert status == 1
    deal_two = next(line for line in out.splitlines() if line.startswith("2 "))
    assert deal_two.rstrip().endswith("R-CAPTURE-ALL")


def test_legal_lists_the_sorted_canonical_plays(capsys):
    status, out = run(capsys, "legal", str(EXAMPLES / "r-capture-all.seep"), "--deal", "2", "--play", "48")
    assert status == 0 and listed(out) == ["Kc x [13] Td+3s"]
    assert out.splitlines()[:3] == ["# floor: Td 6c 3s 2d; houses: [13] 6s 7d (E)",
                                    "# hand of E (as known from the log): Kc", "# 1 legal play of E:"]


def test_legal_at_the_bid_play_uses_the_first_four(capsys):
    status, out = run(capsys, "legal", str(EXAMPLES / "r-bid-throw.seep"), "--deal", "1", "--play", "1")
    plays = listed(out)
    assert status == 0 and plays == sorted(plays) and "Tc" not in plays
    assert plays == ["8d+2c =10"]  # hand Ks Tc 8d As over Kh Jh 2c Ad, bid 10


def test_legal_for_a_play_the_replay_did_not_reach(capsys):
    status = main(["legal", str(EXAMPLES / "e-floor.seep"), "--deal", "2", "--play", "40"])
    assert status == 2 and "no play 40 that can be viewed (the last that can be is play 18)" in capsys.readouterr().err


def test_legal_beyond_the_plays_says_which_is_the_last_that_can_be_viewed(capsys, tmp_path):
    text = (EXAMPLES / "r-house-hold.seep").read_text(encoding="utf-8")
    path = tmp_path / "eight.seep"
    path.write_text(text[:text.index("N Ks x [13]\n")], encoding="utf-8")  # eight plays, the deal not over
    assert main(["legal", str(path), "--deal", "1", "--play", "9"]) == 0  # the seat to move after the last
    capsys.readouterr()
    assert main(["legal", str(path), "--deal", "1", "--play", "10"]) == 2
    assert capsys.readouterr().err == (f"{path}: deal 1 has no play 10 that can be viewed "
                                       "(the last that can be is play 9)\n")


def test_legal_after_the_last_recorded_play_gives_the_seat_to_move(capsys):
    status, out = run(capsys, "legal", str(EXAMPLES / "e-incomplete.seep"), "--deal", "1", "--play", "23")
    lines = out.splitlines()
    assert status == 0 and lines[0] == "# floor: 4d; houses: [11] Jd Jh (cemented, S)"
    assert lines[1].startswith("# hand of W (not shown by the log: every card not yet seen): ")
    assert "4d x 4d" not in out and "2c" in listed(out)


def test_legal_has_help_for_its_options(capsys):
    import pytest
    with pytest.raises(SystemExit):
        main(["legal", "--help"])
    out = capsys.readouterr().out
    for option in ("--game N", "--deal N", "--play K"):
        assert option in out
    assert "which game of the file" in out and "the position is the one just before it" in out
