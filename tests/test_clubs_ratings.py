"""Ratings: openskill's Plackett-Luce update checked by hand on one baazi; order, determinism, provisional
marks, and the command line."""
from __future__ import annotations

import math
import subprocess
import sys
from pathlib import Path

from seeplog.clubs.ratings import Baazi, partnership_ratings, player_ratings, player_ratings_with_history

EXAMPLES = Path(__file__).parent / "data" / "examples"


def one_baazi_by_hand() -> tuple[float, float, float]:
    """Winner's mu, loser's mu, and both sigmas after one baazi of two new players (Weng-Lin 2011,
    Plackett-Luce, openskill's defaults: mu 25, sigma 25/3, beta 25/6, tau 25/300 added before the match)."""
    mu, sigma, beta, tau = 25.0, 25 / 3, 25 / 6, 25 / 300
    var = sigma ** 2 + tau ** 2
    c = math.sqrt(2 * var + 2 * beta ** 2)
    p_win = 0.5  # equal mus
    winner = mu + var / c * (1 - p_win)
    loser = mu - var / c * p_win
    delta = math.sqrt(var) / c * var / c ** 2 * p_win * (1 - p_win)
    return winner, loser, math.sqrt(var) * math.sqrt(1 - delta)


def test_one_baazi_between_two_players_by_hand():
    [first, second] = player_ratings([Baazi(("2026-01-01", 1, 1, 1), ("a",), ("b",))])
    winner, loser, sigma = one_baazi_by_hand()
    assert first.who == ("a",) and first.won == 1 and first.baazis == 1
    assert math.isclose(first.mu, winner, rel_tol=1e-9) and math.isclose(second.mu, loser, rel_tol=1e-9)
    assert math.isclose(first.sigma, sigma, rel_tol=1e-9) and math.isclose(second.sigma, sigma, rel_tol=1e-9)
    assert round(winner, 4) == 27.6354 and round(sigma, 4) == 8.0659
    assert first.provisional and math.isclose(first.ordinal, winner - 3 * sigma)


def test_baazis_are_taken_in_order_whatever_order_they_come_in():
    baazis = [Baazi(("2026-01-0%d" % (i % 9 + 1), i, 1, 1), ("a", "b") if i % 3 else ("c", "d"),
                    ("c", "d") if i % 3 else ("a", "b")) for i in range(30)]
    forward, backward = player_ratings(baazis), player_ratings(list(reversed(baazis)))
    assert forward == backward == player_ratings(baazis)
    assert [r.who for r in forward][:2] == [("a",), ("b",)] and not forward[0].provisional
    assert {r.who for r in partnership_ratings(baazis)} == {("a", "b"), ("c", "d")}


def test_unnamed_teams_are_not_rated():
    assert player_ratings([Baazi(("", 1, 1, 1), (), ("a",)), Baazi(("", 1, 1, 2), ("a",), ("a",))]) == []


def test_the_command_line_prints_both_tables():
    files = [str(EXAMPLES / f"game-standard-{n}.seep") for n in (1, 2, 3)]
    out = subprocess.run([sys.executable, "-m", "seeplog", "ratings", *files], capture_output=True, text=True,
                         check=True).stdout
    players, partnerships = out.split("\n\nPartnerships\n")
    assert players.startswith("Players\n") and "(provisional)" in players
    assert len(players.splitlines()) == 2 + 9 and "Divya & Omkar" in partnerships
    missing = subprocess.run([sys.executable, "-m", "seeplog", "ratings", "no-such.seep"], capture_output=True,
                             text=True)
    assert missing.returncode == 2 and "no-such.seep" in missing.stderr


def test_the_history_ends_at_the_rating():
    baazis = [Baazi(("2026-01-0%d" % d, d, 1, 1), ("a",), ("b",)) for d in (3, 1, 2)]
    table, history = player_ratings_with_history(baazis)
    assert [order[0] for order, _ in history[("a",)]] == ["2026-01-01", "2026-01-02", "2026-01-03"]
    values = [v for _, v in history[("a",)]]
    assert values == sorted(values) and math.isclose(values[-1], table[0].ordinal)
    winner, _, sigma = one_baazi_by_hand()
    assert math.isclose(values[0], winner - 3 * sigma, rel_tol=1e-9)


def test_a_two_player_game_rates_players_not_partnerships():
    baazis = [Baazi(("2026-01-01", 1, 1, 1), ("a",), ("b",)), Baazi(("2026-01-02", 2, 1, 1), ("a", "c"), ("b", "d"))]
    assert {r.who for r in player_ratings(baazis)} == {("a",), ("b",), ("c",), ("d",)}
    assert [r.who for r in partnership_ratings(baazis)] == [("a", "c"), ("b", "d")]
    assert [r.baazis for r in partnership_ratings(baazis)] == [1, 1]
