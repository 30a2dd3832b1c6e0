"""A serving process made ready before its first request: gunicorn's `post_worker_init` (gunicorn.conf.py)
calls `warm` in each worker once its app is made.

Jinja compiles a template the first time it is rendered: 50-180 ms for the live pages on the development
machine, paid by the first follower (or scorekeeper) each worker serves after every start and every
restart (`max_requests`), and felt as a write's tail latency on a busy machine. Compiled here, the
32 templates cost a worker about 0.4 s of CPU before it takes a request.
"""
from __future__ import annotations

import gc

from flask import Flask


def warm(app: Flask) -> int:
    """Compile every page template into the app's template cache; how many. What this made is frozen
    with the rest of start-up's objects (seeplog/web/collector.py) when the collector is tuned."""
    names = [name for name in app.jinja_env.list_templates() if name.endswith((".html", ".svg", ".txt"))]
    for name in names:
        app.jinja_env.get_template(name)
    if app.config.get("TUNE_GC"):
        gc.freeze()
    return len(names)
