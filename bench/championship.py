"""A championship weekend on one box: T live tables written and F followers polling, over real HTTP.

    .venv/bin/python bench/championship.py [--tables 100] [--followers 2000] [--seconds 60]
    .venv/bin/python bench/championship.py --find-knee [--seconds 30]
    .venv/bin/python bench/championship.py --nginx --tables 20 --followers 2000   # followers through nginx
    .venv/bin/python bench/championship.py --nginx --followers-with wrk -T 1000 -F 20000   # followers sent by wrk

Starts the service under gunicorn with the production config (gunicorn.conf.py) on a temporary store, on
127.0.0.1 only. Every table's live game is started first, 16 at a time, as a round's tables are made before
play begins, and (with followers) its board asked once, its first follower's look; then the run: each table is
its own client and appends a random legal game (seeplog.playout) one entry every 3 s (±20 % jitter). Each
follower polls one table's board every 2 s with If-None-Match. After D seconds it prints writes/s, write
latency p50/p95/p99, poll p95, the 304 ratio, errors by status, and the CPU seconds of the server (master and
workers) and of this client, then checks that every entry sent is stored once. With --nginx the followers poll
through nginx (deploy/nginx-seeplog.conf: the boards published as files, which nginx serves, and its
micro-cache; --no-publish, the micro-cache alone), the tables write through it too (as deployed), and the
origin's follower requests/s are counted from nginx's log of what reached it; nginx's CPU seconds are printed. The run
starts once every worker has compiled its templates (gunicorn.conf.py's post_worker_init) and the tables
are made. With --followers-with wrk the followers are sent by wrk (bench/wrk_followers.py), which
can send 10,000 polls a second where this Python client cannot.
--find-knee raises T (F = 20 T) until write p95 passes 100 ms or errors appear; it prints the largest T that
held. The clients run on the same cores as the server: a figure to read with the load average, not a test.
"""
from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import re
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time
import uuid
from collections import Counter
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))

from seeplog.playout import random_game  # noqa: E402
from seeplog.ruleset import VARIANTS  # noqa: E402
from wrk_followers import WrkFollowers, follow_with_wrk  # noqa: E402

ENTRY_EVERY, POLL_EVERY, JITTER = 3.0, 2.0, 0.2
FOLLOWER_CONNECTIONS = 256
"""Followers share at most this many keep-alive connections (each follower is a poller, not a socket)."""
REQUEST_TIMEOUT = 30.0


# ---------------------------------------------------------------- a small keep-alive HTTP/1.1 client

class Connection:
    """One keep-alive connection to 127.0.0.1:port; reopened when the server closes it."""

    def __init__(self, port: int):
        self.port = port
        self.reader: asyncio.StreamReader | None = None
        self.writer: asyncio.StreamWriter | None = None

    async def request(self, method: str, path: str, body: dict | None = None,
                      headers: dict[str, str] | None = None) -> tuple[int, dict[str, str], bytes]:
        """Send one request (once more on a fresh connection if the kept one was closed under it)."""
        for attempt in (1, 2):
            try:
                if self.writer is None:
                    self.reader, self.writer = await asyncio.open_connection("127.0.0.1", self.port)
                return await asyncio.wait_for(self._exchange(method, path, body, headers or {}), REQUEST_TIMEOUT)
            except (ConnectionError, asyncio.IncompleteReadError, OSError):
                self.close()
                if attempt == 2:
                    raise
        raise AssertionError("unreachable")

    async def _exchange(self, method: str, path: str, body: dict | None,
                        headers: dict[str, str]) -> tuple[int, dict[str, str], bytes]:
        assert self.reader is not None and self.writer is not None
        data = json.dumps(body).encode() if body is not None else b""
        head = [f"{method} {path} HTTP/1.1", f"Host: 127.0.0.1:{self.port}", f"Content-Length: {len(data)}"]
        if body is not None:
            head.append("Content-Type: application/json")
        head += [f"{k}: {v}" for k, v in headers.items()]
        self.writer.write(("\r\n".join(head) + "\r\n\r\n").encode() + data)
        await self.writer.drain()
        status_line = await self.reader.readuntil(b"\r\n")
        if not status_line:
            raise ConnectionError("closed")
        status = int(status_line.split()[1])
        got: dict[str, str] = {}
        while (line := await self.reader.readuntil(b"\r\n")) != b"\r\n":
            name, _, value = line.decode("latin-1").partition(":")
            got[name.strip().lower()] = value.strip()
        payload = await self.reader.readexactly(int(got.get("content-length", "0")))
        if got.get("connection", "").lower() == "close":
            self.close()
        return status, got, payload

    def close(self) -> None:
        if self.writer is not None:
            self.writer.close()
        self.reader = self.writer = None


# ---------------------------------------------------------------- the run

@dataclass
class Figures:
    write_ms: list[float] = field(default_factory=list)
    start_ms: list[float] = field(default_factory=list)
    """Each table's start of its game, before the run."""
    poll_ms: list[float] = field(default_factory=list)
    polls: Counter = field(default_factory=Counter)
    errors: Counter = field(default_factory=Counter)
    sent: dict[int, list[str]] = field(default_factory=dict)
    """Each table's lines, as stored by a 201."""
    wrk: WrkFollowers | None = None
    """The followers' figures, when wrk sent them."""


def entry_lines(rng: random.Random, entries: int) -> list[str]:
    """At least `entries` statement lines of a random legal standard game (its tags left out)."""
    text = random_game(VARIANTS["standard"], max(1, entries // 40 + 1), rng)
    lines = [line for line in text.splitlines() if line.strip() and not line.startswith(("[", "#"))]
    return lines


@dataclass(frozen=True)
class Started:
    """A table's game, started before the run: its id, version and the headers that keep it."""

    game_id: int
    version: int
    auth: dict[str, str]


async def start_games(port: int, tables: int, figures: Figures, at_once: int = 16) -> list[Started | None]:
    """Each table's game started through the live API, `at_once` at a time, before the run: a round's tables
    are made before its play begins (by the director, or each scorekeeper on arriving), and a burst of T
    starts is not the steady state of T tables writing. Their latency is kept apart (`start_ms`)."""
    gate = asyncio.Semaphore(at_once)

    async def one() -> Started | None:
        async with gate:
            conn = Connection(port)
            try:
                t0 = time.perf_counter()
                status, _, body = await conn.request("POST", "/api/live", {"variant": "standard"})
                figures.start_ms.append((time.perf_counter() - t0) * 1000)
            except (OSError, asyncio.TimeoutError, asyncio.IncompleteReadError) as error:
                figures.errors[f"start {type(error).__name__}"] += 1
                return None
            finally:
                conn.close()
        if status != 201:
            figures.errors[f"start {status}"] += 1
            return None
        started = json.loads(body)
        return Started(started["id"], started["version"], {"Authorization": f"Bearer {started['edit_token']}"})

    return list(await asyncio.gather(*(one() for _ in range(tables))))


async def first_followers(port: int, started: list[Started | None], figures: Figures, at_once: int = 16) -> None:
    """Each table's board asked once, `at_once` at a time, before the run: its first follower opening it as the
    round begins (with published boards, that first ask draws and publishes it; later ones never reach the
    service, however many followers come)."""
    gate = asyncio.Semaphore(at_once)

    async def one(game: Started) -> None:
        async with gate:
            conn = Connection(port)
            try:
                status, _, _ = await conn.request("GET", f"/live/{game.game_id}/board")
            except (OSError, asyncio.TimeoutError, asyncio.IncompleteReadError) as error:
                figures.errors[f"first poll {type(error).__name__}"] += 1
                return
            finally:
                conn.close()
        if status != 200:
            figures.errors[f"first poll {status}"] += 1

    await asyncio.gather(*(one(game) for game in started if game is not None))


async def table(port: int, seconds: float, rng: random.Random, lines: list[str], figures: Figures,
                game: Started) -> None:
    conn = Connection(port)
    version = game.version
    figures.sent[game.game_id] = []
    try:
        end = time.monotonic() + seconds
        await asyncio.sleep(rng.uniform(0, ENTRY_EVERY))
        for line in lines:
            if time.monotonic() >= end:
                break
            body_ = {"version": version, "line": line, "client_id": uuid.uuid4().hex}
            t0 = time.perf_counter()
            status, _, body = await conn.request("POST", f"/api/live/{game.game_id}/entries", body_, game.auth)
            figures.write_ms.append((time.perf_counter() - t0) * 1000)
            if status != 201:
                figures.errors[f"entry {status}"] += 1
                return
            version = json.loads(body)["version"]
            figures.sent[game.game_id].append(line)
            await asyncio.sleep(ENTRY_EVERY * rng.uniform(1 - JITTER, 1 + JITTER))
    except (OSError, asyncio.TimeoutError, asyncio.IncompleteReadError) as error:
        figures.errors[f"table {type(error).__name__}"] += 1
    finally:
        conn.close()


async def follower(pool: asyncio.Queue, game_id: int, seconds: float, rng: random.Random,
                   figures: Figures) -> None:
    tag = None
    end = time.monotonic() + seconds
    await asyncio.sleep(rng.uniform(0, POLL_EVERY))
    while time.monotonic() < end:
        conn = await pool.get()
        try:
            t0 = time.perf_counter()
            status, headers, _ = await conn.request("GET", f"/live/{game_id}/board",
                                                    headers={"If-None-Match": tag} if tag else None)
            figures.poll_ms.append((time.perf_counter() - t0) * 1000)
            figures.polls[status] += 1
            if status == 200:
                tag = headers.get("etag", tag)
            elif status != 304:
                figures.errors[f"poll {status}"] += 1
        except (OSError, asyncio.TimeoutError, asyncio.IncompleteReadError) as error:
            figures.errors[f"poll {type(error).__name__}"] += 1
        finally:
            pool.put_nowait(conn)
        await asyncio.sleep(POLL_EVERY * rng.uniform(1 - JITTER, 1 + JITTER))


def table_scripts(tables: int, seconds: float, seed: int) -> list[tuple[random.Random, list[str]]]:
    """Each table's random generator and the lines it will send (its random game), made before the run:
    a game's playout costs the load generator more CPU than sending it."""
    rng = random.Random(seed)
    tables_rng = [random.Random(rng.random()) for _ in range(tables)]
    return [(r, entry_lines(r, int(seconds / ENTRY_EVERY) + 2)) for r in tables_rng]


async def run_load(write_port: int, follow_port: int, scripts: list[tuple[random.Random, list[str]]],
                   started: list[Started | None], followers: int, seconds: float, seed: int, figures: Figures,
                   wrk_folder: Path | None = None) -> Figures:
    rng = random.Random(seed + 1)
    tables = [(r, lines, game) for (r, lines), game in zip(scripts, started) if game is not None]
    games = [game.game_id for _, _, game in tables]
    writers = [asyncio.create_task(table(write_port, seconds, r, lines, figures, game)) for r, lines, game in tables]
    if wrk_folder is not None and followers and games:
        figures.wrk, *_ = await asyncio.gather(
            follow_with_wrk(follow_port, games, followers, seconds, wrk_folder, POLL_EVERY), *writers)
        return figures
    pool: asyncio.Queue = asyncio.Queue()
    connections = [Connection(follow_port) for _ in range(min(followers, FOLLOWER_CONNECTIONS))]
    for conn in connections:
        pool.put_nowait(conn)
    readers = [asyncio.create_task(follower(pool, games[i % len(games)], seconds, random.Random(rng.random()),
                                            figures)) for i in range(followers if games else 0)]
    await asyncio.gather(*writers, *readers)
    for conn in connections:
        conn.close()
    return figures


async def stored_once(port: int, figures: Figures) -> list[str]:
    """The tables whose stored entries are not exactly the lines sent, once each, in order."""
    conn, wrong = Connection(port), []
    for game_id, lines in figures.sent.items():
        status, _, body = await conn.request("GET", f"/api/live/{game_id}")
        entries = [e["line"] for e in json.loads(body)["entries"] if not e["line"].startswith("[")] \
            if status == 200 else None  # the start's tag entries are not the table's
        if entries != lines:
            wrong.append(f"game {game_id}: {len(entries or [])} stored, {len(lines)} sent")
    conn.close()
    return wrong


# ---------------------------------------------------------------- the server

def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


GAME_PORTS = 4
"""The ports deploy/nginx-seeplog.conf lists for the games' own workers (8101-8104)."""


def free_ports(count: int = GAME_PORTS) -> int:
    """The first of `count` consecutive free ports."""
    while True:
        first = free_port()
        if first + count > 65535:
            continue
        try:
            taken = []
            for port in range(first, first + count):
                s = socket.socket()
                taken.append(s)
                s.bind(("127.0.0.1", port))
            return first
        except OSError:
            continue
        finally:
            for s in taken:
                s.close()


def wait_for(port: int, process: subprocess.Popen, seconds: float = 60.0) -> None:
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        if process.poll() is not None:
            raise SystemExit(f"the server stopped at start (exit {process.returncode})")
        try:
            socket.create_connection(("127.0.0.1", port), timeout=0.5).close()
            return
        except OSError:
            time.sleep(0.1)
    raise SystemExit(f"nothing answers on 127.0.0.1:{port}")


def boards_folder(folder: Path) -> Path:
    """Where a run's boards are published: in memory (/dev/shm) where the machine has it, as README advises
    (on ext4 a file renamed over another is written out at once: 350 µs against 18 µs on tmpfs)."""
    shm = Path("/dev/shm")
    return shm / f"{folder.name}-boards" if shm.is_dir() else folder / "boards"


def start_gunicorn(folder: Path, port: int, writes: int | None = None, publish: bool = False,
                   access_log: bool = True, games: int | None = None) -> subprocess.Popen:
    """The service under gunicorn.conf.py on `port`, with `writes` its address for writes first, with
    `publish` its boards published in `boards_folder(folder)` (for nginx to serve), and with `access_log` its access
    log in `folder`/access.log (behind nginx, nginx logs what reached the service); with `games` the first of
    the workers' own ports (SEEPLOG_GAME_PORTS)."""
    env = {**os.environ, "SEEPLOG_DB": str(folder / "store.db"), "SEEPLOG_BIND": f"127.0.0.1:{port}",
           "SEEPLOG_SAMPLES": "0", "SEEPLOG_SECRET_KEY": "championship-bench",
           "SEEPLOG_ACCESS_LOG": str(folder / "access.log") if access_log else "",
           "SEEPLOG_WRITE_BIND": f"127.0.0.1:{writes}" if writes else "",
           "SEEPLOG_PUBLISH_BOARDS": str(boards_folder(folder)) if publish else "",
           "SEEPLOG_GAME_PORTS": f"127.0.0.1:{games}" if games else ""}
    gunicorn = shutil.which("gunicorn", path=str(Path(sys.executable).parent)) or "gunicorn"
    with open(folder / "server.log", "wb") as log:  # the server keeps its own copy of the file
        process = subprocess.Popen([gunicorn, "-c", str(ROOT / "gunicorn.conf.py"), "app:create_app()"], cwd=ROOT,
                                   env=env, stdout=subprocess.DEVNULL, stderr=log)
    wait_for(port, process)
    workers_ready(folder / "server.log", int(os.environ.get("SEEPLOG_WORKERS", "4")), process)
    return process


def workers_ready(log: Path, workers: int, process: subprocess.Popen, seconds: float = 60.0) -> None:
    """Wait until every worker has said it is ready (gunicorn.conf.py's post_worker_init): the port answers
    as soon as the master listens, while its workers still compile their templates."""
    end = time.monotonic() + seconds
    while log.read_text(errors="replace").count(" ready: ") < workers:
        if process.poll() is not None or time.monotonic() > end:
            raise SystemExit(f"the server's workers did not start: see {log}")
        time.sleep(0.1)


def nginx_config(folder: Path, listen: int, origin: int, writes: int | None = None, games: int | None = None) -> Path:
    """A whole nginx.conf around the repository's deploy/nginx-seeplog.conf, its ports and paths made local
    (without `writes`, the changes go to the origin's one address, as with SEEPLOG_WRITE_BIND unset)."""
    site = (ROOT / "deploy" / "nginx-seeplog.conf").read_text(encoding="utf-8")
    site = site.replace("/var/cache/nginx/seeplog", str(folder / "cache"))
    site = site.replace("/run/seeplog/boards", str(boards_folder(folder)))
    for slot in range(GAME_PORTS):  # without `games`, ports nothing listens on: the writes' address takes them
        site = site.replace(f"server 127.0.0.1:{8101 + slot};", f"server 127.0.0.1:{(games or 1) + slot};")
    site = site.replace("server 127.0.0.1:8000", f"server 127.0.0.1:{origin}")
    site = site.replace("server 127.0.0.1:8001", f"server 127.0.0.1:{writes or origin}")
    site = re.sub(r"listen \d+;", f"listen 127.0.0.1:{listen};", site)
    (folder / "seeplog.conf").write_text(site, encoding="utf-8")
    conf = folder / "nginx.conf"
    conf.write_text(f"""worker_processes 1;
pid {folder}/nginx.pid;
error_log {folder}/nginx-error.log;
events {{ worker_connections 4096; }}
http {{
    log_format origin '$upstream_addr $request_method $uri';
    access_log {folder}/origin.log origin if=$upstream_addr;   # what reached the service
    client_body_temp_path {folder}/body;
    proxy_temp_path {folder}/proxy;
    fastcgi_temp_path {folder}/fastcgi;
    uwsgi_temp_path {folder}/uwsgi;
    scgi_temp_path {folder}/scgi;
    include {folder}/seeplog.conf;
}}
""", encoding="utf-8")
    return conf


def start_nginx(folder: Path, listen: int, origin: int, writes: int | None = None,
                games: int | None = None) -> subprocess.Popen:
    nginx = shutil.which("nginx") or "/usr/sbin/nginx"
    if not Path(nginx).exists():
        raise SystemExit("nginx is not installed (Debian: apt-get install -y nginx-light); see requirements-bench.txt")
    conf = nginx_config(folder, listen, origin, writes, games)
    for name in ("cache", "body", "proxy", "fastcgi", "uwsgi", "scgi"):  # its workers may run as another user
        (folder / name).mkdir(mode=0o777, exist_ok=True)
        (folder / name).chmod(0o777)
    folder.chmod(0o755)
    with open(folder / "nginx.log", "wb") as log:
        process = subprocess.Popen([nginx, "-p", str(folder), "-c", str(conf), "-g", "daemon off;"], stderr=log)
    wait_for(listen, process)
    return process


def cpu_seconds(pid: int) -> float:
    """CPU seconds of a process and its children, the ones reaped (workers replaced) and the ones alive."""
    tick = os.sysconf("SC_CLK_TCK")

    def stat(p: int) -> list[str]:
        text = Path(f"/proc/{p}/stat").read_text()
        return text[text.rindex(")") + 2:].split()

    fields = stat(pid)
    total = sum(int(x) for x in fields[11:15])  # utime stime cutime cstime
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                child = stat(int(entry.name))
            except (OSError, ValueError):
                continue
            if int(child[1]) == pid:
                total += int(child[11]) + int(child[12])
    return total / tick


def stop(process: subprocess.Popen) -> None:
    process.send_signal(signal.SIGTERM)
    try:
        process.wait(30)
    except subprocess.TimeoutExpired:
        process.kill()
        process.wait()


# ---------------------------------------------------------------- figures

def pct(values: list[float], p: float) -> float:
    if not values:
        return float("nan")
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(round(p / 100 * (len(ordered) - 1))))]


@dataclass
class Result:
    tables: int
    followers: int
    figures: Figures
    seconds: float
    server_cpu: float
    client_cpu: float
    wrong: list[str]
    origin_follow_requests: int | None = None
    proxy_cpu: float | None = None
    writes_first: bool = False
    """The writes went to the service's address for writes first (through nginx)."""
    published: bool = False
    """The boards were published as files that nginx served."""
    game_ports: bool = False
    """Each game's entries went to its own worker (SEEPLOG_GAME_PORTS)."""

    @property
    def write_p95(self) -> float:
        return pct(self.figures.write_ms, 95)

    @property
    def held(self) -> bool:
        w = self.figures.wrk
        followers_ok = w is None or (w.other_status == 0 and w.socket_errors == 0)
        return not self.figures.errors and not self.wrong and self.write_p95 < 100 and followers_ok


def run(tables: int, followers: int, seconds: float, *, seed: int = 1, through_nginx: bool = False,
        wrk: bool = False, writes_first: bool = True, publish: bool = True, game_ports: bool = True) -> Result:
    """One run; through nginx, the writes go to the service's address for writes first unless
    `writes_first` is False (the anchor: one accept queue for all), the boards are published for nginx
    to serve unless `publish` is False (the anchor: every board from the micro-cache), and each game's entries
    go to its own worker unless `game_ports` is False (the anchor: to any worker)."""
    with tempfile.TemporaryDirectory(prefix="seeplog-championship-") as tmp:
        folder = Path(tmp)
        origin = free_port()
        writes = free_port() if through_nginx and writes_first else None
        games = free_ports() if through_nginx and game_ports else None
        server = start_gunicorn(folder, origin, writes, publish=through_nginx and publish,
                                access_log=not through_nginx, games=games)
        proxy = start_nginx(folder, free_port(), origin, writes, games) if through_nginx else None
        try:
            front = _listen_port(folder) if proxy else origin  # with nginx, the tables write through it too
            scripts = table_scripts(tables, seconds, seed)
            figures = Figures()
            started = run_apart(start_games, front, tables, figures)
            if followers:
                run_apart(first_followers, front, started, figures)
            access_log = folder / ("origin.log" if through_nginx else "access.log")
            logged = access_log.stat().st_size if access_log.exists() else 0
            cpu0, client0 = cpu_seconds(server.pid), _client_cpu()
            proxy0 = cpu_seconds(proxy.pid) if proxy else 0.0
            run_apart(run_load, front, front, scripts, started, followers, seconds, seed, figures,
                      folder if wrk else None)
            cpu, client = cpu_seconds(server.pid) - cpu0, _client_cpu() - client0
            proxy_cpu = cpu_seconds(proxy.pid) - proxy0 if proxy else None
            wrong = run_apart(stored_once, origin, figures)
        finally:
            if proxy:
                stop(proxy)
            stop(server)
            shutil.rmtree(boards_folder(folder), ignore_errors=True)
        origin_polls = _board_requests(access_log, logged)
    return Result(tables, followers, figures, seconds, cpu, client, wrong, origin_polls, proxy_cpu, bool(writes),
                  through_nginx and publish, bool(games))


def run_apart(coroutine_function, *args):
    """asyncio.run in a thread of its own: the calling thread may already run a loop (Playwright's sync API
    leaves one running in a test session), and asyncio.run refuses to start inside it."""
    with ThreadPoolExecutor(max_workers=1) as pool:
        return pool.submit(lambda: asyncio.run(coroutine_function(*args))).result()


def _listen_port(folder: Path) -> int:
    return int(re.search(r"listen 127\.0\.0\.1:(\d+);", (folder / "seeplog.conf").read_text()).group(1))


def _client_cpu() -> float:
    t = os.times()
    return t.user + t.system


def _board_requests(log: Path, since: int = 0) -> int:
    """Board requests the origin logged after byte `since` of its access log."""
    if not log.exists():
        return 0
    with open(log, "rb") as read:
        read.seek(since)
        return sum(1 for line in read.read().decode(errors="replace").splitlines() if "/board" in line)


def report(result: Result) -> None:
    f, s = result.figures, result.seconds
    polls = sum(f.polls.values()) if f.wrk is None else f.wrk.polls
    load = " ".join(f"{x:.2f}" for x in os.getloadavg())
    print(f"T={result.tables} tables, F={result.followers} followers, {s:.1f} s (load average {load}, "
          f"{os.cpu_count()} cores, clients on the same box)")
    print(f"  writes: {len(f.write_ms)} ({len(f.write_ms) / s:.1f}/s); latency ms p50 {pct(f.write_ms, 50):.1f} "
          f"p95 {pct(f.write_ms, 95):.1f} p99 {pct(f.write_ms, 99):.1f}; writes first: "
          f"{'yes' if result.writes_first else 'no'}; boards published: {'yes' if result.published else 'no'}; "
          f"a game's own worker: {'yes' if result.game_ports else 'no'}")
    print(f"  starts, before the run: {len(f.start_ms)} games, 16 at a time; latency ms p50 {pct(f.start_ms, 50):.1f} "
          f"p95 {pct(f.start_ms, 95):.1f}")
    asked = result.followers / POLL_EVERY
    if f.wrk is None:
        print(f"  polls: {polls} ({polls / s:.1f}/s of {asked:.0f} asked); p95 {pct(f.poll_ms, 95):.1f} ms; "
              f"304 ratio {f.polls[304] / polls if polls else 0:.3f}")
    else:
        w = f.wrk
        print(f"  polls (wrk): {polls} ({polls / s:.1f}/s of {asked:.0f} asked); latency ms p50 {w.p50_ms:.1f} "
              f"p95 {w.p95_ms:.1f} "
              f"p99 {w.p99_ms:.1f}; 304 ratio {w.not_modified / polls if polls else 0:.3f}; "
              f"other statuses {w.other_status}{f' (the last {w.last_other})' if w.other_status else ''}, "
              f"socket errors {w.socket_errors}; wrk CPU {w.cpu:.1f} s")
    if result.origin_follow_requests is not None:
        print(f"  origin board requests: {result.origin_follow_requests} "
              f"({result.origin_follow_requests / s:.1f}/s) for {polls / s:.1f} follower polls/s")
    print(f"  errors by status: {dict(f.errors) or 'none'}; stored once: "
          f"{'yes' if not result.wrong else result.wrong[:5]}")
    writes = len(f.write_ms)
    proxy = f", nginx {result.proxy_cpu:.1f}" if result.proxy_cpu is not None else ""
    print(f"  CPU seconds: server {result.server_cpu:.1f} ({result.server_cpu / s:.2f} cores; "
          f"{1000 * result.server_cpu / max(1, writes + polls_at_origin(result)):.2f} ms a request it served), "
          f"Python client {result.client_cpu:.1f}{proxy}; bytecode compiled: "
          f"{'no (PYTHONDONTWRITEBYTECODE)' if sys.dont_write_bytecode else 'as usual'}")


def polls_at_origin(result: Result) -> int:
    if result.origin_follow_requests is not None:
        return result.origin_follow_requests
    return sum(result.figures.polls.values())


def find_knee(seconds: float, start: int, most: int, through_nginx: bool, wrk: bool = False,
              writes_first: bool = True, publish: bool = True, game_ports: bool = True) -> None:
    """Double T from `start` until a run does not hold, then halve the gap between the last T that held
    and the first that did not, down to a tenth of it."""
    held, failed, tables = 0, None, start
    while tables <= most:
        result = run(tables, 20 * tables, seconds, through_nginx=through_nginx, wrk=wrk, writes_first=writes_first,
                     publish=publish, game_ports=game_ports)
        report(result)
        if result.held:
            held = tables
        else:
            failed = tables
        if failed is None:
            tables *= 2
        elif failed - held <= max(1, held // 10):
            break
        else:
            tables = (held + failed) // 2
    print(f"knee: the largest T that held (write p95 < 100 ms, no error, every entry stored once) is "
          f"{held or 'none'}; {'the first that did not: ' + str(failed) if failed else 'none failed up to --most'}"
          f" (F = 20 T, {seconds:.0f} s a run{', followers through nginx' if through_nginx else ''})")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tables", "-T", type=int, default=100)
    parser.add_argument("--followers", "-F", type=int, default=None, help="default 20 T")
    parser.add_argument("--seconds", "-D", type=float, default=30.0)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--nginx", action="store_true", help="the followers poll through nginx's micro-cache")
    parser.add_argument("--followers-with", choices=("python", "wrk"), default="python",
                        help="who sends the followers' polls: this script's asyncio client, or wrk")
    parser.add_argument("--no-writes-first", dest="writes_first", action="store_false",
                        help="through nginx, send the writes to the service's one address with the reads (the anchor)")
    parser.add_argument("--no-publish", dest="publish", action="store_false",
                        help="through nginx, serve the boards from the micro-cache alone, not as published files "
                             "(the anchor)")
    parser.add_argument("--no-game-ports", dest="game_ports", action="store_false",
                        help="through nginx, send each game's entries to any worker, not to its own (the anchor)")
    parser.add_argument("--find-knee", action="store_true")
    parser.add_argument("--start", type=int, default=25, help="--find-knee's first T")
    parser.add_argument("--most", type=int, default=3200, help="--find-knee's largest T")
    args = parser.parse_args()
    if not 1 <= args.tables <= 5000 or not 1 <= args.seconds <= 3600:
        parser.error("1 ≤ T ≤ 5000 and 1 ≤ D ≤ 3600")
    if args.find_knee:
        find_knee(args.seconds, args.start, args.most, args.nginx, args.followers_with == "wrk", args.writes_first,
                  args.publish, args.game_ports)
        return
    followers = 20 * args.tables if args.followers is None else args.followers
    if not 0 <= followers <= 100_000:
        parser.error("0 ≤ F ≤ 100000")
    result = run(args.tables, followers, args.seconds, seed=args.seed, through_nginx=args.nginx,
                 wrk=args.followers_with == "wrk", writes_first=args.writes_first, publish=args.publish,
                 game_ports=args.game_ports)
    report(result)
    if result.figures.errors or result.wrong or not result.held and result.figures.wrk is not None \
            and (result.figures.wrk.other_status or result.figures.wrk.socket_errors):
        raise SystemExit(1)


if __name__ == "__main__":
    main()
