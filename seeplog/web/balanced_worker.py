"""gunicorn's threaded worker, taking a new connection only when it is idle, or when its requests have run a
while: `worker_class = "seeplog.web.balanced_worker.BalancedThreadWorker"` (gunicorn.conf.py).

gunicorn's gthread worker accepts whatever arrives while it has threads free. Under load, a busy worker then
takes connections that an idle one would have served at once: its requests share one interpreter (the GIL),
each runs at a fraction of a core, and the tail latency grows (the player page's p95 under 8 connections:
39-72 ms with gthread, 25-41 ms with this worker, 20-30 ms with one request a worker). This worker leaves a
connection to the others while it is computing, and takes it after `SEEPLOG_ACCEPT_GRACE_MS` if they are
all busy too; so a slow client (which waits without a thread, or runs long) still never stalls the service.
"""
from __future__ import annotations

import os
import time

from gunicorn.workers.gthread import ThreadWorker

GRACE = float(os.environ.get("SEEPLOG_ACCEPT_GRACE_MS", "20")) / 1000
"""How long a worker with a request running leaves new connections to idle workers."""


class BalancedThreadWorker(ThreadWorker):
    last_accept = 0.0

    def running(self) -> int:
        """Connections in this worker's threads (not those waiting for their request or their next one)."""
        return int(self.nr_conns) - len(self.pending_conns) - len(self.keepalived_conns)

    def may_accept(self) -> bool:
        return self.running() == 0 or time.monotonic() - self.last_accept >= GRACE

    def set_accept_enabled(self, enabled: bool) -> None:
        super().set_accept_enabled(enabled and self.may_accept())

    def accept(self, listener) -> None:  # type: ignore[no-untyped-def]
        super().accept(listener)
        self.last_accept = time.monotonic()
        if not self.may_accept():
            super().set_accept_enabled(False)

    def wait_for_and_dispatch_events(self, timeout: float) -> None:
        if not self._accepting and self.nr_conns < self.worker_connections:
            # Look again when the grace has passed (the loop's own timeout is a second).
            timeout = min(timeout, max(GRACE - (time.monotonic() - self.last_accept), 0.001))
        super().wait_for_and_dispatch_events(timeout)
