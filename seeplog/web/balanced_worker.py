"""gunicorn's threaded worker, taking a new connection only when it is idle, or when its requests have run a
while: `worker_class = "seeplog.web.balanced_worker.BalancedThreadWorker"` (gunicorn.conf.py).

gunicorn's gthread worker accepts whatever arrives while it has threads free. Under load, a busy worker then
takes connections that an idle one would have served at once: its requests share one interpreter (the GIL),
each runs at a fraction of a core, and the tail latency grows (the player page's p95 under 8 connections:
39-72 ms with gthread, 25-41 ms with this worker, 20-30 ms with one request a worker). This worker leaves a
connection to the others while it is computing, and takes it after `SEEPLOG_ACCEPT_GRACE_MS` if they are
all busy too; so a slow client (which waits without a thread, or runs long) still never stalls the service.

Writes first: with `SEEPLOG_WRITE_BIND` set (gunicorn.conf.py binds it too, and nginx sends the requests
that change something there: deploy/nginx-seeplog.conf), a worker accepts a connection of that listener
whenever it has a thread free, grace or not, and before any other waiting connection. A burst of reads
(nginx's micro-cache refreshes every followed game at the same second boundary) then queues behind a
scorekeeper's entry no more than the one request a worker is running.

A game's own worker: with `SEEPLOG_GAME_PORTS` (host:port, the first of as many ports as workers) each worker
takes a slot of its own (an exclusive lock on a file per port: a worker that stops lets its slot go to the one
that replaces it) and listens on that slot's port too; nginx sends the requests that keep one live game there,
by the game's number (deploy/nginx-seeplog.conf). Each entry of a game then reaches the worker that keeps the
game's analysis from its last entry, and derives from it instead of reading the whole log again (10 ms at the
340th entry against 3 ms). A worker that finds no slot free (workers started before others stopped, on a
reload) listens to the shared addresses alone. Connections to a game's worker go first, as the writes do.
"""
from __future__ import annotations

import errno
import fcntl
import os
import selectors
import socket
import tempfile
import time
from functools import cached_property
from typing import Any

from gunicorn.util import parse_address
from gunicorn.workers.gthread import ThreadWorker

GRACE = float(os.environ.get("SEEPLOG_ACCEPT_GRACE_MS", "20")) / 1000
"""How long a worker with a request running leaves new connections to idle workers."""
WRITE_BIND = os.environ.get("SEEPLOG_WRITE_BIND", "")
"""The address whose connections go first (the writes, as nginx routes them); '' for none."""


GAME_PORTS = os.environ.get("SEEPLOG_GAME_PORTS", "")
"""host:port, the first port of the workers' own (one a worker); '' for none."""


def slot_listener(first: str, slots: int) -> tuple[socket.socket, int] | None:
    """A listener on the port of the first free slot (of `slots` ports from `first`), and the locked file that
    holds the slot for as long as it is open; None when every slot is taken."""
    host, port = parse_address(first)
    for slot in range(slots):
        lock = os.path.join(tempfile.gettempdir(), f"seeplog-game-port-{host}-{port + slot}.lock")
        held = os.open(lock, os.O_RDWR | os.O_CREAT, 0o600)
        try:
            fcntl.flock(held, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            os.close(held)
            continue
        try:
            return socket.create_server((host, port + slot), backlog=2048), held
        except OSError:
            os.close(held)
            raise
    return None


def is_write_listener(listener: Any, bind: str = WRITE_BIND) -> bool:
    """The listener bound to `bind` (host:port or unix:path)."""
    if not bind:
        return False
    address = parse_address(bind)
    here = listener.getsockname()
    if isinstance(address, str):  # a unix socket
        return bool(listener.family == socket.AF_UNIX and here == address)
    if listener.family not in (socket.AF_INET, socket.AF_INET6):
        return False
    try:
        named = socket.getaddrinfo(address[0], address[1], listener.family, socket.SOCK_STREAM)
    except OSError:  # a name that does not resolve in this family names no listener of it
        return False
    return any(sockaddr[:2] == here[:2] for *_, sockaddr in named)


class BalancedThreadWorker(ThreadWorker):
    last_accept = 0.0
    listening: frozenset[Any] = frozenset()
    """The listeners registered with the poller now."""

    write_bind = WRITE_BIND
    game_ports = GAME_PORTS
    own: Any = None
    """This worker's own listener (a slot of `game_ports`), or None."""

    def init_process(self) -> None:
        if self.game_ports:
            found = slot_listener(self.game_ports, self.cfg.workers)
            if found is None:
                self.log.warning("no port of SEEPLOG_GAME_PORTS free: worker %s listens to the shared ones", self.pid)
            else:
                self.own, self.slot_lock = found
                self.sockets: list[Any] = [*self.sockets, self.own]
                self.log.info("worker %s listens on %s for its games", self.pid, self.own.getsockname()[:2])
        super().init_process()

    @cached_property
    def writes(self) -> frozenset[Any]:
        """The listeners whose connections go first: the writes', and this worker's own."""
        return frozenset(s for s in self.sockets if s is self.own or is_write_listener(s, self.write_bind))

    def running(self) -> int:
        """Connections in this worker's threads (not those waiting for their request or their next one)."""
        return int(self.nr_conns) - len(self.pending_conns) - len(self.keepalived_conns)

    def may_accept(self) -> bool:
        return self.running() == 0 or time.monotonic() - self.last_accept >= GRACE

    def set_accept_enabled(self, enabled: bool) -> None:
        """Listen to the writes whenever a thread is free, to the others while `may_accept` holds; gunicorn's
        loop calls this again (`_accepting` False) until the others are listened to."""
        others = enabled and self.may_accept()
        wanted = frozenset(s for s in self.sockets if others or (enabled and s in self.writes))
        for listener in self.listening - wanted:
            self.poller.unregister(listener)
        for listener in wanted - self.listening:
            listener.setblocking(False)
            self.poller.register(listener, selectors.EVENT_READ, self.accept)
        self.listening, self._accepting = wanted, others

    def accept(self, listener) -> None:  # type: ignore[no-untyped-def]
        super().accept(listener)
        self.last_accept = time.monotonic()
        self.set_accept_enabled(self.nr_conns < self.worker_connections)

    def wait_for_and_dispatch_events(self, timeout: float) -> None:
        if not self._accepting and self.nr_conns < self.worker_connections:
            # Look again when the grace has passed (the loop's own timeout is a second).
            timeout = min(timeout, max(GRACE - (time.monotonic() - self.last_accept), 0.001))
        try:
            events = self.poller.select(timeout)
        except OSError as e:
            if e.errno != errno.EINTR:
                raise
            return
        writes = self.writes
        write_waiting = any(key.fileobj in writes for key, _ in events)
        for key, _ in events:
            if write_waiting and key.data == self.accept and key.fileobj not in writes:
                continue  # a write is waiting: it goes first, the others are taken on the next round
            key.data(key.fileobj)
