"""Read every game of a PGN file with python-chess, as a whole process: the chess side of the
whole-process comparison in bench/validate_speed.py (``--process``). Prints the plies read.

    .venv/bin/python bench/read_pgn.py FILE.pgn
"""
import sys

import chess.pgn


def main(path: str) -> int:
    plies = bad = 0
    with open(path, encoding="utf-8") as handle:
        while (game := chess.pgn.read_game(handle)) is not None:
            plies += sum(1 for _ in game.mainline_moves())
            bad += bool(game.errors)
    print(plies)
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1]))
