"""Validation speed: seeplog plays per second against python-chess plies per second (issue 3).

A benchmark script, not a test. It

1. generates a corpus of random legal Seep deals (seeded, spread over the five variants, games of
   several deals each) as one log text, before any timing;
2. times ``report_json(build(text))`` (the analysis built anew, not taken from the cache) over that
   text: reading, the replay of every play
   through the rules validator, scoring and the ledger;
3. generates random legal chess games (seeded, SAN movetext, the seven standard headers) as PGN of the
   same total size in bytes, before any timing;
4. times ``chess.pgn.read_game`` over that text (it parses every SAN move against the board, so every
   move is validated), counting the plies of the main lines and checking ``game.errors`` is empty;
5. prints the sizes, the best time of ``--repeat`` runs of each, plays/s against plies/s and the ratio.

``--process`` compares whole processes instead, as a user meets them: ``python -m seeplog validate
--json FILE`` (start-up, imports, reading, the report, JSON out) against ``python bench/read_pgn.py
FILE`` on the PGN corpus of the same size, run in turn, the median of ``--repeat`` runs of each, by
wall-clock and by CPU seconds (user + system of each child, from ``os.wait4``: a loaded machine moves
them far less than wall-clock time). Their bytecode is compiled first, as an installed package has it
(pip compiles it; a checkout run with PYTHONDONTWRITEBYTECODE, as on the development machines, would
compile seeplog's sources again on every run): ``compileall`` writes seeplog's and python-chess's into a
temporary PYTHONPYCACHEPREFIX, which both commands then read, and one untimed run of each compiles what
else they import; that run also measures each command's maximum resident set size (GNU time), printed
with seeplog's per deal.

The targets: seeplog >= 1.5x python-chess in-process (issue 3); as whole processes >= 1.75x, and less
than 10 KB a deal on a 10,000-deal corpus (issue 24: ``--process --deals 10000``; ``--per-game 9999``
makes games of 9,999 deals, the most a game may number).

    .venv/bin/pip install -r requirements-bench.txt
    .venv/bin/python bench/validate_speed.py [--deals 1000] [--per-game 5] [--repeat 5] [--seed 1] [--profile]
                                             [--process]

The generated corpora are cached in the system's temp directory, keyed by their parameters
(``--no-cache`` regenerates them). ``--profile`` (or bench/profile_validate.py) runs cProfile on the
seeplog part instead of the comparison.
"""
from __future__ import annotations

import argparse
import hashlib
import io
import os
import pathlib
import platform
import random
import shlex
import statistics
import subprocess
import sys
import tempfile
import time

ROOT = pathlib.Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

import seeplog  # noqa: E402
from seeplog.analysis import build  # noqa: E402
from seeplog.notation.grammar import clear_caches  # noqa: E402
from seeplog.playout import random_game  # noqa: E402

VARIANT_ORDER = ("standard", "two-player", "juneja", "thirty", "thirty-punjab")
CORPUS_FORMAT = 1
"""Bump when the way the corpora are generated changes, so stale caches are not reused."""


# ---------------------------------------------------------------- the Seep corpus

def seep_corpus(deals: int, seed: int, per_game: int = 5) -> tuple[str, int]:
    """One log text of `deals` random legal deals: games of `per_game` deals, the variants in turn.

    Returns the text and the number of games."""
    rng = random.Random(seed)
    games: list[str] = []
    left, number = deals, 0
    while left > 0:
        count = min(per_game, left)
        variant = VARIANT_ORDER[number % len(VARIANT_ORDER)]
        number += 1
        tags = {"Event": "seeplog benchmark", "Round": str(number)}
        games.append(random_game(seeplog.VARIANTS[variant], count, rng, tags=tags, with_score=False))
        left -= count
    return "\n".join(games), len(games)


# ---------------------------------------------------------------- the PGN corpus

def _pgn_game(moves: list, number: int, result: str) -> str:
    import chess.pgn
    game = chess.pgn.Game()
    game.headers["Event"] = "python-chess benchmark"
    game.headers["Site"] = "?"
    game.headers["Date"] = "2024.01.01"
    game.headers["Round"] = str(number)
    game.headers["White"] = "Random A"
    game.headers["Black"] = "Random B"
    game.headers["Result"] = result
    game.add_line(moves)
    return game.accept(chess.pgn.StringExporter(headers=True, variations=False, comments=False))


def random_chess_moves(rng: random.Random, max_plies: int) -> tuple[list, str]:
    """A random legal game: uniform among the legal moves until it ends or reaches `max_plies`."""
    import chess
    board = chess.Board()
    moves = []
    while len(moves) < max_plies and not board.is_game_over():
        move = rng.choice(list(board.legal_moves))
        board.push(move)
        moves.append(move)
    return moves, board.result()


def pgn_corpus(target_bytes: int, seed: int, max_plies: int = 160) -> tuple[str, int]:
    """PGN games of random legal play, whose total size is `target_bytes` as nearly as whole plies allow.

    Games are added while they fit; the last one is cut to the longest prefix that fits (result "*"),
    so the text is at most `target_bytes` and short of it by less than one move. Returns the text and
    the number of games."""
    rng = random.Random(seed)
    games: list[str] = []
    size = 0
    sep = len("\n\n")
    while True:
        moves, result = random_chess_moves(rng, max_plies)
        text = _pgn_game(moves, len(games) + 1, result)
        extra = len(text.encode()) + (sep if games else 0)
        if size + extra <= target_bytes:
            games.append(text)
            size += extra
            continue
        # The last game: the longest prefix of `moves` that still fits.
        lo, hi = 0, len(moves)
        best = None
        while lo <= hi:
            mid = (lo + hi) // 2
            cut = _pgn_game(moves[:mid], len(games) + 1, "*")
            if size + len(cut.encode()) + (sep if games else 0) <= target_bytes:
                best, lo = cut, mid + 1
            else:
                hi = mid - 1
        if best is not None:
            games.append(best)
        break
    return "\n\n".join(games), len(games)


# ---------------------------------------------------------------- caching

def _cached(name: str, key: str, make, use_cache: bool):
    """`make()` -> (text, count), kept in the temp directory under a name holding a hash of `key`."""
    digest = hashlib.sha256(key.encode()).hexdigest()[:16]
    path = pathlib.Path(tempfile.gettempdir()) / f"seeplog-bench-{name}-{digest}.txt"
    if use_cache and path.exists():
        head, _, text = path.read_text(encoding="utf-8").partition("\n")
        return text, int(head), path, True
    text, count = make()
    if use_cache:
        tmp = path.with_suffix(f".{os.getpid()}.tmp")
        tmp.write_text(f"{count}\n{text}", encoding="utf-8")
        os.replace(tmp, path)
    return text, count, path, False


def load_seep(deals: int, seed: int, use_cache: bool = True, per_game: int = 5):
    key = f"seep/{CORPUS_FORMAT}/deals={deals}/seed={seed}/per_game={per_game}"
    return _cached("seep", key, lambda: seep_corpus(deals, seed, per_game), use_cache)


def load_pgn(target_bytes: int, seed: int, use_cache: bool = True):
    import chess
    key = f"pgn/{CORPUS_FORMAT}/bytes={target_bytes}/seed={seed}/max_plies=160/chess={chess.__version__}"
    return _cached("pgn", key, lambda: pgn_corpus(target_bytes, seed), use_cache)


# ---------------------------------------------------------------- the timed parts

def run_seeplog(text: str) -> dict:
    clear_caches()  # each repeat reads the corpus cold: no line is remembered from an earlier repeat
    return seeplog.report_json(build(text))


def run_chess(text: str) -> tuple[int, int, int]:
    """Read every game of `text`: (games, plies of the main lines, games with errors)."""
    import chess.pgn
    stream = io.StringIO(text)
    games = plies = bad = 0
    while True:
        game = chess.pgn.read_game(stream)
        if game is None:
            break
        games += 1
        plies += sum(1 for _ in game.mainline_moves())
        if game.errors:
            bad += 1
    return games, plies, bad


def best_of_both(repeat: int, first, second) -> tuple[tuple[float, object], tuple[float, object]]:
    """The shortest of `repeat` wall-clock timings of each of two calls, taken in turn (first, second,
    first, ...) so that both see the same moments of a shared machine; and each one's last result."""
    best, results = [float("inf"), float("inf")], [None, None]
    for _ in range(repeat):
        for i, call in enumerate((first, second)):
            start = time.perf_counter()
            results[i] = call()
            best[i] = min(best[i], time.perf_counter() - start)
    return (best[0], results[0]), (best[1], results[1])


class Runs:
    """The timed runs of one command: wall-clock and CPU seconds of each, and its maximum resident set size."""

    def __init__(self) -> None:
        self.times: list[float] = []
        self.cpu: list[float] = []
        self.max_rss_kb: int | None = None
        self.output = ""

    @property
    def median(self) -> float:
        return statistics.median(self.times)

    @property
    def median_cpu(self) -> float:
        return statistics.median(self.cpu)


GNU_TIME = "/usr/bin/time"
"""GNU time (Debian's package `time`) measures a command's maximum resident set size. (This process's own
``wait4`` would not: a child started from it counts this process's size, which it had until its exec, in
its maximum.)"""


def run_timed(command: list[str], env: dict[str, str] | None) -> tuple[float, float, str]:
    """One run of `command`: its wall-clock seconds, its CPU seconds (user + system, from ``os.wait4``:
    what the machine's load moves least) and its standard output; exits if it fails."""
    with tempfile.TemporaryFile("w+") as out, tempfile.TemporaryFile("w+") as err:
        start = time.perf_counter()
        child = subprocess.Popen(command, stdout=out, stderr=err, text=True, cwd=ROOT, env=env)
        _, status, usage = os.wait4(child.pid, 0)
        elapsed = time.perf_counter() - start
        child.returncode = os.waitstatus_to_exitcode(status)
        out.seek(0)
        err.seek(0)
        if child.returncode != 0:
            sys.exit(f"{shlex.join(command)} exited {child.returncode}: {err.read()[-500:]}")
        return elapsed, usage.ru_utime + usage.ru_stime, out.read()


def max_rss_kb(command: list[str], env: dict[str, str] | None) -> int | None:
    """The command's maximum resident set size in KB, measured by GNU time (None without it)."""
    if not os.path.exists(GNU_TIME):
        return None
    with tempfile.NamedTemporaryFile("r") as report:
        subprocess.run([GNU_TIME, "-f", "%M", "-o", report.name, *command], check=True, cwd=ROOT, env=env,
                       stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        return int(report.read().split()[-1])


def median_of_both(repeat: int, first: list[str], second: list[str],
                   env: dict[str, str] | None = None) -> tuple[Runs, Runs]:
    """`repeat` timed runs of each of two commands, in turn, after one untimed run of each under GNU time
    (which measures its memory and compiles what bytecode is left to compile); the last standard output
    of each is kept."""
    runs = (Runs(), Runs())
    for command, kept in zip((first, second), runs):
        kept.max_rss_kb = max_rss_kb(command, env)
    for _ in range(repeat):
        for command, kept in zip((first, second), runs):
            elapsed, cpu, kept.output = run_timed(command, env)
            kept.times.append(elapsed)
            kept.cpu.append(cpu)
    return runs


# ---------------------------------------------------------------- the command

def _args(argv: list[str] | None = None) -> argparse.Namespace:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--deals", type=int, default=1000, help="Seep deals in the corpus (default 1000)")
    p.add_argument("--per-game", type=int, default=5,
                   help="deals in each game of the corpus (default 5; at most 9,999, NOTATION.md's last deal number)")
    p.add_argument("--repeat", type=int, default=5, help="timed runs of each; the best is kept (default 5)")
    p.add_argument("--seed", type=int, default=1, help="seed of both generators (default 1)")
    p.add_argument("--no-cache", action="store_true", help="regenerate the corpora, do not keep them")
    p.add_argument("--profile", action="store_true", help="profile the seeplog part with cProfile instead")
    p.add_argument("--process", action="store_true",
                   help="time whole processes (the validate command against a PGN-reading script), median")
    p.add_argument("--top", type=int, default=25, help="functions listed by --profile (default 25)")
    return p.parse_args(argv)


def _say(msg: str) -> None:
    print(msg, file=sys.stderr, flush=True)


def prepare_seep(args: argparse.Namespace) -> tuple[str, int]:
    start = time.perf_counter()
    text, games, path, hit = load_seep(args.deals, args.seed, not args.no_cache, args.per_game)
    how = f"cached in {path}" if hit else f"generated in {time.perf_counter() - start:.1f} s"
    _say(f"Seep corpus: {args.deals} deals in {games} games, {len(text.encode())} bytes ({how})")
    return text, games


def check_seep(doc: dict, deals: int) -> int:
    """The plays the report counted; exits if the corpus does not hold exactly `deals` clean deals."""
    found = [d for g in doc["games"] for d in g["deals"]]
    plays = sum(d["plays"] for d in found)
    status = seeplog.exit_status(doc)
    if len(found) != deals or plays != 48 * deals or status != 0:
        sys.exit(f"the Seep corpus is not {deals} clean deals of 48 plays: {len(found)} deals, "
                 f"{plays} plays, exit status {status} (stale cache? try --no-cache)")
    return plays


def profile(args: argparse.Namespace) -> None:
    import cProfile
    import pstats
    text, _ = prepare_seep(args)
    print(f"Python {platform.python_version()} ({platform.python_implementation()}), {platform.platform()}")
    print("command: python " + shlex.join(sys.argv))
    run_seeplog(text)  # warm-up (imports, caches), not profiled
    profiler = cProfile.Profile()
    start = time.perf_counter()
    profiler.enable()
    doc = run_seeplog(text)
    profiler.disable()
    elapsed = time.perf_counter() - start
    plays = check_seep(doc, args.deals)
    print(f"report_json(build(text)): {args.deals} deals, {plays} plays, "
          f"{elapsed:.2f} s under cProfile")
    for order, title in (("cumulative", "cumulative time"), ("tottime", "total (own) time")):
        print(f"\n==== top {args.top} functions by {title} ====")
        out = io.StringIO()
        pstats.Stats(profiler, stream=out).strip_dirs().sort_stats(order).print_stats(args.top)
        print(out.getvalue().split("\n", 4)[-1].strip("\n"))


def main(argv: list[str] | None = None) -> None:
    args = _args(argv)
    if min(args.deals, args.repeat, args.per_game) < 1 or args.per_game > 9999:
        sys.exit("--deals, --per-game and --repeat must be at least 1, and --per-game at most 9999")
    if args.profile:
        profile(args)
        return
    try:
        import chess
        import chess.pgn  # noqa: F401
    except ImportError:
        sys.exit("python-chess is missing: .venv/bin/pip install -r requirements-bench.txt")

    seep_text, seep_games = prepare_seep(args)
    seep_bytes = len(seep_text.encode())
    start = time.perf_counter()
    pgn_text, pgn_games, path, hit = load_pgn(seep_bytes, args.seed, not args.no_cache)
    how = f"cached in {path}" if hit else f"generated in {time.perf_counter() - start:.1f} s"
    pgn_bytes = len(pgn_text.encode())
    _say(f"PGN corpus: {pgn_games} games, {pgn_bytes} bytes ({how})")
    if args.process:
        compare_processes(args, seep_text, pgn_text, seep_games, pgn_games)
        return

    _say(f"timing seeplog and python-chess in turn, best of {args.repeat} each ...")
    (seep_time, doc), (chess_time, chess_result) = best_of_both(
        args.repeat, lambda: run_seeplog(seep_text), lambda: run_chess(pgn_text))
    plays = check_seep(doc, args.deals)
    games_read, plies, bad = chess_result
    if games_read != pgn_games or bad:
        sys.exit(f"python-chess read {games_read} of {pgn_games} games, {bad} with errors")

    seep_rate, chess_rate = plays / seep_time, plies / chess_time
    ratio = seep_rate / chess_rate
    rows = [
        ("", "seeplog", "python-chess"),
        ("corpus bytes", f"{seep_bytes:,}", f"{pgn_bytes:,}"),
        ("games", f"{seep_games:,}", f"{pgn_games:,}"),
        ("deals", f"{args.deals:,}", "-"),
        ("plays / plies", f"{plays:,}", f"{plies:,}"),
        (f"best of {args.repeat} (s)", f"{seep_time:.3f}", f"{chess_time:.3f}"),
        ("plays/s / plies/s", f"{seep_rate:,.0f}", f"{chess_rate:,.0f}"),
        ("bytes/s", f"{seep_bytes / seep_time:,.0f}", f"{pgn_bytes / chess_time:,.0f}"),
        ("us per play / ply", f"{1e6 / seep_rate:.1f}", f"{1e6 / chess_rate:.1f}"),
    ]
    width = [max(len(r[i]) for r in rows) for i in range(3)]
    print(f"Python {platform.python_version()} ({platform.python_implementation()}), {platform.platform()}, "
          f"python-chess {chess.__version__}")
    print("command: python " + shlex.join(sys.argv))
    print(f"seed {args.seed}; seeplog: report_json(build(text)) = read + replay of every play + scores + ledger; "
          f"python-chess: pgn.read_game over the text, SAN checked against the board")
    for i, (name, a, b) in enumerate(rows):
        print(f"{name:<{width[0]}}  {a:>{width[1]}}  {b:>{width[2]}}")
        if i == 0:
            print("-" * (sum(width) + 4))
    verdict = "meets" if ratio >= 1.5 else "is below"
    print(f"ratio seeplog/python-chess (plays/s / plies/s): {ratio:.2f}x -- {verdict} the 1.5x target")


def bytecode_env(cache: pathlib.Path) -> dict[str, str]:
    """The environment of both commands: bytecode read from `cache`, a temporary folder (so that no tree
    is written to), as an installed package reads what pip compiled (a checkout run with
    PYTHONDONTWRITEBYTECODE would compile seeplog's sources again on every run)."""
    env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
    env["PYTHONPYCACHEPREFIX"] = str(cache)
    return env


def compile_packages(env: dict[str, str]) -> None:
    """seeplog's and python-chess's bytecode compiled into the environment's cache, as pip compiles an
    installed package's."""
    import chess
    folders = [str(ROOT / "seeplog"), os.path.dirname(chess.__file__)]
    subprocess.run([sys.executable, "-m", "compileall", "-q", *folders], check=True, env=env,
                   stdout=subprocess.DEVNULL)


def compare_processes(args: argparse.Namespace, seep_text: str, pgn_text: str, seep_games: int,
                      pgn_games: int) -> None:
    """The whole-process comparison: both corpora written to files, each read by its own command."""
    import json
    with tempfile.TemporaryDirectory() as tmp:
        seep_file, pgn_file = pathlib.Path(tmp, "corpus.seep"), pathlib.Path(tmp, "corpus.pgn")
        seep_file.write_text(seep_text, encoding="utf-8")
        pgn_file.write_text(pgn_text, encoding="utf-8")
        seep_cmd = [sys.executable, "-m", "seeplog", "validate", "--json", str(seep_file)]
        chess_cmd = [sys.executable, str(ROOT / "bench" / "read_pgn.py"), str(pgn_file)]
        env = bytecode_env(pathlib.Path(tmp, "pycache"))
        compile_packages(env)
        load_before = os.getloadavg()
        _say(f"timing both commands in turn, median of {args.repeat} each ...")
        seep, chess_runs = median_of_both(args.repeat, seep_cmd, chess_cmd, env)
    plays, plies = check_seep(json.loads(seep.output), args.deals), int(chess_runs.output)
    print(f"Python {platform.python_version()}, {platform.platform()}, {os.cpu_count()} CPUs; load average "
          f"{_load(load_before)} before, {_load(os.getloadavg())} after")
    print("command: python " + shlex.join(sys.argv))
    print("bytecode: seeplog and python-chess compiled by compileall into a temporary PYTHONPYCACHEPREFIX "
          "(as pip compiles an installed package), then one untimed run of each")
    print(f"seeplog:      python -m seeplog validate --json  {len(seep_text.encode()):>10,} bytes, "
          f"{seep_games} games, {plays:,} plays: {_runs_text(seep, plays, 'plays')}")
    print(f"python-chess: python bench/read_pgn.py           {len(pgn_text.encode()):>10,} bytes, "
          f"{pgn_games} games, {plies:,} plies: {_runs_text(chess_runs, plies, 'plies')}")
    by_wall = (plays / seep.median) / (plies / chess_runs.median)
    by_cpu = (plays / seep.median_cpu) / (plies / chess_runs.median_cpu)
    pairs = sorted((plays / s) / (plies / c) for s, c in zip(seep.cpu, chess_runs.cpu))
    for name, ratio in (("wall-clock seconds", by_wall), ("CPU seconds (user + system)", by_cpu)):
        print(f"whole-process ratio by {name} (plays/s / plies/s): {ratio:.2f}x -- "
              f"{'meets' if ratio >= 1.75 else 'is below'} the 1.75x target")
    print(f"  by CPU seconds, run by run (each seeplog run against the python-chess run after it): "
          f"{pairs[0]:.2f}x to {pairs[-1]:.2f}x")
    if seep.max_rss_kb is None:
        print(f"memory not measured: {GNU_TIME} is missing (Debian's package `time`)")
        return
    per_deal = seep.max_rss_kb / args.deals
    print(f"seeplog's memory: {per_deal:.1f} KB a deal (max RSS / {args.deals:,} deals) -- "
          f"{'meets' if per_deal < 10 else 'is above'} the 10 KB target"
          + ("" if args.deals >= 10_000 else " (the target is set on 10,000 deals: --deals 10000)"))


def _load(load: tuple[float, float, float]) -> str:
    return " ".join(f"{x:.2f}" for x in load)


def _runs_text(runs: Runs, count: int, unit: str) -> str:
    rss = "" if runs.max_rss_kb is None else f", max RSS {runs.max_rss_kb / 1024:.1f} MB"
    return (f"median {runs.median:.3f} s wall, {runs.median_cpu:.3f} s CPU{rss}; "
            f"{count / runs.median:,.0f} {unit}/s by wall, {count / runs.median_cpu:,.0f} by CPU")


if __name__ == "__main__":
    main()
