"""The `score` and `legal` commands."""
from seeplog.__main__ import main
from tests.conftest import EXAMPLES


def run(capsys, *argv: str) -> tuple[int, str]:
    status = main(list(argv))
    return status, capsys.readouterr().out


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
    assert deal_two.rstrip().endswith("1")


def test_legal_lists_the_sorted_canonical_plays(capsys):
    status, out = run(capsys, "legal", str(EXAMPLES / "r-capture-all.seep"), "--deal", "2", "--play", "48")
    assert status == 0 and out.splitlines() == ["Kc x [13] Td+3s"]


def test_legal_at_the_bid_play_uses_the_first_four(capsys):
    status, out = run(capsys, "legal", str(EXAMPLES / "r-bid-throw.seep"), "--deal", "1", "--play", "1")
    plays = out.splitlines()
    assert status == 0 and plays == sorted(plays) and "Tc" not in plays
    assert plays == ["8d+2c =10"]  # hand Ks Tc 8d As over Kh Jh 2c Ad, bid 10


def test_legal_for_a_play_the_replay_did_not_reach(capsys):
    status = main(["legal", str(EXAMPLES / "e-floor.seep"), "--deal", "2", "--play", "40"])
    assert status == 2 and "no play 40" in capsys.readouterr().err
