"""gunicorn serving the app on 127.0.0.1 from the venv, with a temporary store; plain HTTP clients.

Shared by the multi-process tests and bench/reliability.py.
"""
from __future__ import annotations

import http.client
import os
import random
import re
import signal
import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
FIRST_PORT = int(os.environ.get("SEEPLOG_TEST_PORT", "5910"))
PORTS = range(FIRST_PORT, FIRST_PORT + 200)
"""Where the servers of the tests listen: SEEPLOG_TEST_PORT moves the range."""


def free_port() -> int:
    """A port of PORTS nothing listens on, tried in random order: test runs side by side (or pytest-xdist's
    workers) seldom choose the same one, and `serving` starts again on another where they do."""
    for port in random.sample(PORTS, len(PORTS)):
        with socket.socket() as probe:
            try:
                probe.bind(("127.0.0.1", port))
            except OSError:
                continue
            return port
    raise RuntimeError(f"no free port in {PORTS.start}-{PORTS.stop - 1}")


def free_ports(count: int) -> int:
    """The first of `count` ports in a row of PORTS that nothing listens on (random order, as free_port)."""
    for first in random.sample(PORTS[:-count + 1 or None], len(PORTS) - count + 1):
        probes = [socket.socket() for _ in range(count)]
        try:
            for n, probe in enumerate(probes):
                probe.bind(("127.0.0.1", first + n))
        except OSError:
            continue
        finally:
            for probe in probes:
                probe.close()
        return first
    raise RuntimeError(f"no {count} free ports in a row in {PORTS.start}-{PORTS.stop - 1}")


@dataclass
class Server:
    process: subprocess.Popen
    port: int
    log: Path

    def request(self, method: str, path: str, body: bytes | None = None, headers: dict[str, str] | None = None,
                timeout: float = 30) -> tuple[int, bytes]:
        conn = http.client.HTTPConnection("127.0.0.1", self.port, timeout=timeout)
        try:
            conn.request(method, path, body=body, headers=headers or {})
            response = conn.getresponse()
            return response.status, response.read()
        finally:
            conn.close()

    def upload(self, text: str, timeout: float = 30) -> tuple[int, bytes]:
        return self.request("POST", "/api/games", text.encode(), {"Content-Type": "text/plain"}, timeout)

    def errors(self) -> str:
        """What gunicorn wrote, but the access log."""
        return "\n".join(line for line in self.log.read_text(errors="replace").splitlines() if '" ' not in line)


def gunicorn_command(port: int, workers: int, args: tuple[str, ...] = ()) -> list[str]:
    return [sys.executable, "-m", "gunicorn", "-w", str(workers), "-b", f"127.0.0.1:{port}",
            "--access-logfile", "/dev/null", *args, "app:create_app()"]


@contextmanager
def serving(db: Path, workers: int = 4, wait: float = 60, env: dict[str, str] | None = None,
            args: tuple[str, ...] = ()) -> Iterator[Server]:
    """gunicorn (gunicorn.conf.py from the repository root) on a free port until it answers; stopped after."""
    server = listening(db, workers, wait, {"SEEPLOG_DB": str(db), "SEEPLOG_SECRET_KEY": "test", **(env or {})},
                       args)
    try:
        wait_until_served(server, wait)
        yield server
    finally:
        stop(server.process)


def listening(db: Path, workers: int, wait: float, env: dict[str, str], args: tuple[str, ...]) -> Server:
    """gunicorn started on a free port, and again on another where some other process took the port first
    (an answer on that port would be that process's)."""
    for _ in range(3):
        port = free_port()
        log = db.with_suffix(".gunicorn.log")
        with log.open("w") as out:
            process = subprocess.Popen(gunicorn_command(port, workers, args), cwd=ROOT, env={**os.environ, **env},
                                       stdout=out, stderr=subprocess.STDOUT, start_new_session=True)
        server = Server(process, port, log)
        try:
            listens = bound(server, wait)
        except RuntimeError:
            stop(process)
            raise
        if listens:
            return server
        stop(process)
    raise RuntimeError(f"gunicorn found no free port in three tries:\n{server.errors()}")


def bound(server: Server, wait: float) -> bool:
    """Whether gunicorn listens on its port (False: the port is taken)."""
    deadline = time.monotonic() + wait
    while time.monotonic() < deadline:
        written = server.log.read_text(errors="replace")
        if re.search(rf"Listening at: .*http://127\.0\.0\.1:{server.port}\b", written):
            return True
        if "Connection in use" in written:
            return False
        if server.process.poll() is not None:
            raise RuntimeError(f"gunicorn exited ({server.process.returncode}):\n{server.errors()}")
        time.sleep(0.05)
    raise RuntimeError(f"gunicorn did not listen within {wait} s:\n{server.errors()}")


def wait_until_served(server: Server, wait: float) -> None:
    deadline = time.monotonic() + wait
    while time.monotonic() < deadline:
        if server.process.poll() is not None:
            raise RuntimeError(f"gunicorn exited ({server.process.returncode}):\n{server.errors()}")
        try:
            if server.request("GET", "/api/games?per_page=1", timeout=5)[0] == 200:
                return
        except (OSError, http.client.HTTPException):
            pass
        time.sleep(0.1)
    raise RuntimeError(f"gunicorn did not answer within {wait} s:\n{server.errors()}")


def stop(process: subprocess.Popen) -> None:
    """SIGTERM to the master (it stops its workers), SIGKILL to the group if it lingers."""
    if process.poll() is None:
        process.send_signal(signal.SIGTERM)
        try:
            process.wait(timeout=15)
        except subprocess.TimeoutExpired:
            os.killpg(process.pid, signal.SIGKILL)
            process.wait()
