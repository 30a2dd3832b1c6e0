"""gunicorn's settings for seeplog, read from the working directory by `gunicorn 'app:create_app()'`.

Threaded workers (gunicorn's gthread, balanced: seeplog/web/balanced_worker.py): a slow client holds one
thread, not a whole worker, and a worker with a request running leaves new connections to idle workers for
a moment. Every setting can be changed by its environment variable or on the command line
(`gunicorn -w 8 'app:create_app()'`).
"""
import os

bind = [os.environ.get("SEEPLOG_BIND", "127.0.0.1:8000")]
# Writes first: a second address whose connections every worker takes before the others (behind nginx,
# which sends it the requests that change something: deploy/nginx-seeplog.conf); e.g. 127.0.0.1:8001.
if os.environ.get("SEEPLOG_WRITE_BIND"):
    bind.append(os.environ["SEEPLOG_WRITE_BIND"])
# A game's own worker: with SEEPLOG_GAME_PORTS (e.g. 127.0.0.1:8101, the first of one port a worker) each
# worker listens on a port of its own too, and nginx sends each live game's entries to one of them by the
# game's number (seeplog/web/balanced_worker.py reads it; deploy/nginx-seeplog.conf lists the ports).
workers = int(os.environ.get("SEEPLOG_WORKERS", "4"))
# gthread takes any connection while it has a thread free, and a busy worker's requests then share its one
# interpreter while another worker idles (player page p95 under 8 connections 40-72 ms; balanced 25-41 ms).
worker_class = "seeplog.web.balanced_worker.BalancedThreadWorker"
# A slow client (one that sends its request slowly) holds a thread while it sends: a worker serves
# others as long as it has threads left. Threads are cheap; past `worker_connections` connections a
# worker accepts no more and the others take them. Against many slow clients at once, put a
# reverse proxy that buffers requests (nginx does by default) in front.
threads = int(os.environ.get("SEEPLOG_THREADS", "16"))
worker_connections = 2 * threads

# A worker whose main loop stops answering the master this long is killed and replaced.
timeout = 30
graceful_timeout = 20
# No keep-alive: each request comes on a connection of its own, so the next request goes to whichever
# worker accepts first (an idle one). With keep-alive, a client's connection stays on the worker that took
# it, and under load the connections sit unevenly (bench/clubs_speed.py: a 4-worker service used 0.5-1.4
# of 2 cores). Keep-alive towards phones is the reverse proxy's work (deploy/nginx-seeplog.conf).
keepalive = int(os.environ.get("SEEPLOG_KEEPALIVE", "0"))

# What one request may send before the app sees it (the app's own upload limit is SEEPLOG_MAX_UPLOAD).
limit_request_line = 8190
limit_request_fields = 100
limit_request_field_size = 8190

# The app is not preloaded: each worker makes its own after the fork, and create_app tunes that worker's
# garbage collector as its last step (seeplog/web/collector.py: start-up's objects frozen, higher
# thresholds, for the live write path's tail latency); SEEPLOG_TUNE_GC=0 leaves CPython's defaults.

# Workers are replaced now and then, so that a slow leak cannot grow without end; seldom, because a new
# worker starts with empty caches (at 5,000 requests a busy worker was replaced every minute or so).
max_requests = 100_000
max_requests_jitter = 10_000

# Each request logged (to standard output); SEEPLOG_ACCESS_LOG names a file, or, empty, logs none: behind a
# reverse proxy that logs every request (deploy/nginx-seeplog.conf), a second log costs the service about a
# fifteenth of its CPU on a live entry.
accesslog = os.environ.get("SEEPLOG_ACCESS_LOG", "-") or None
errorlog = "-"
# No runtime control socket: its default path is shared by every gunicorn of the user.
control_socket_disable = True


def on_starting(server):
    """Migrate the store and load the samples once, in the master, before any worker starts.

    The workers find the store ready; a store derived by another library version is re-derived by
    one worker in the background (seeplog/web/startup.py), not here, so that the start never waits.
    """
    from app import create_app

    create_app({"REBUILD_IN_BACKGROUND": False})


def post_worker_init(worker):
    """Each worker compiles the page templates before its first request (seeplog/web/warm.py)."""
    from seeplog.web.warm import warm

    compiled = warm(worker.wsgi)
    worker.log.info("worker %s ready: %s templates compiled", worker.pid, compiled)
