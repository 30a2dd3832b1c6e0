"""The library's fingerprint: what derived data (stored reports, derived tables, live views) is marked with.

It hashes every module file of the package, subpackages included, by path and content: a change to any
of them (or a module added, removed or renamed) gives another fingerprint, and data marked with the old
one is derived again. Templates and static files are left out: no derived data is built from them.
"""
from __future__ import annotations

import os
from functools import lru_cache

PACKAGE = os.path.dirname(os.path.abspath(__file__))
"""The package's folder (os.path, not pathlib: every command loads this module, and pathlib takes a few
milliseconds of its start-up)."""


def fingerprint(package: str | os.PathLike[str]) -> str:
    """The hash of every `.py` file under `package`, each with its path relative to it."""
    import hashlib  # here, not at the top: every command loads this module, and few of them hash (2 ms)
    digest = hashlib.sha256()
    for relative, path in sorted(_modules(os.fspath(package))):
        digest.update(relative.encode() + b"\0")
        with open(path, "rb") as handle:
            digest.update(hashlib.sha256(handle.read()).digest())
    return digest.hexdigest()[:16]


def _modules(package: str) -> list[tuple[str, str]]:
    """Each `.py` file under `package`: its path relative to it (with '/'), and its path."""
    found = []
    for folder, _, names in os.walk(package):
        for name in names:
            if name.endswith(".py"):
                path = os.path.join(folder, name)
                found.append((os.path.relpath(path, package).replace(os.sep, "/"), path))
    return found


@lru_cache(maxsize=1)
def library_fingerprint() -> str:
    """The fingerprint of the installed library (read once per process)."""
    return fingerprint(PACKAGE)
