"""Which host names the service answers to, and the address of its absolute links.

`SEEPLOG_TRUSTED_HOSTS` (comma-separated; `.example.org` takes its subdomains too) is checked before the app
sees a request: another Host answers a plain 400 that needs no URL building (Flask's own check would leave
the error page unable to build its links). `SEEPLOG_PROXY_FIX=N` trusts the X-Forwarded-For, -Proto, -Host
and -Prefix headers of N reverse proxies (Werkzeug's ProxyFix). Absolute links (a live game's follow link
and its QR code) use the request's host only once it was checked; without the setting they use the address
the server listens on, never a header the client chose.
"""
from __future__ import annotations

import json
import os
from typing import Any, Callable, Iterable

from flask import current_app, request
from werkzeug.middleware.proxy_fix import ProxyFix
from werkzeug.sansio.utils import get_host, host_is_trusted

from .security import HEADERS

WSGIApp = Callable[[dict[str, Any], Any], Iterable[bytes]]
REFUSED = "this site does not answer to that host name"


def trusted_hosts_setting() -> list[str] | None:
    """SEEPLOG_TRUSTED_HOSTS as a list (None when unset)."""
    names = [n.strip() for n in os.environ.get("SEEPLOG_TRUSTED_HOSTS", "").split(",") if n.strip()]
    return names or None


def proxy_count_setting() -> int:
    """SEEPLOG_PROXY_FIX: how many reverse proxies stand in front (0 when unset)."""
    value = os.environ.get("SEEPLOG_PROXY_FIX", "").strip()
    if not value:
        return 0
    if not (value.isascii() and value.isdigit()) or int(value) > 10:
        raise ValueError(f"SEEPLOG_PROXY_FIX is the number of reverse proxies in front (0 to 10), not {value!r}")
    return int(value)


class TrustedHosts:
    """WSGI middleware: a request for a host not in `hosts` answers 400 before the app sees it."""

    def __init__(self, app: WSGIApp, hosts: list[str]):
        self.app, self.hosts = app, hosts

    def __call__(self, environ: dict[str, Any], start_response: Any) -> Iterable[bytes]:
        host = get_host(environ.get("wsgi.url_scheme", "http"), environ.get("HTTP_HOST"),
                        (environ.get("SERVER_NAME", ""), int(environ.get("SERVER_PORT") or 0) or None))
        if host_is_trusted(host, self.hosts):
            return self.app(environ, start_response)
        if environ.get("PATH_INFO", "").startswith("/api/"):
            body = json.dumps({"ok": False, "error": REFUSED, "errors": [], "status": 400}).encode()
            kind = "application/json"
        else:
            body, kind = f"400 Bad Request: {REFUSED}\n".encode(), "text/plain; charset=utf-8"
        start_response("400 Bad Request", [("Content-Type", kind), ("Content-Length", str(len(body))),
                                           *HEADERS.items()])
        return [body]


def guard_hosts(app: Any) -> None:
    """Wrap the app's WSGI callable: ProxyFix outside (when configured), then the trusted-hosts check."""
    hosts = app.config.get("TRUSTED_HOSTS")
    if hosts:
        app.wsgi_app = TrustedHosts(app.wsgi_app, hosts)
    proxies = app.config.get("PROXY_FIX", 0)
    if proxies:
        app.wsgi_app = ProxyFix(app.wsgi_app, x_for=proxies, x_proto=proxies, x_host=proxies, x_prefix=proxies)


def public_root() -> str:
    """The scheme and host of an absolute link (the path, script root included, follows it)."""
    if current_app.config.get("TRUSTED_HOSTS"):
        return f"{request.scheme}://{request.host}"
    env, scheme = request.environ, request.scheme
    host, port = env.get("SERVER_NAME") or "localhost", str(env.get("SERVER_PORT") or "")
    if ":" in host and not host.startswith("["):
        host = f"[{host}]"  # an IPv6 address
    default = {"http": "80", "https": "443"}.get(scheme)
    return f"{scheme}://{host}" + (f":{port}" if port and port != default else "")
