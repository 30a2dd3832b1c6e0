"""The library's fingerprint: what derived data (stored reports, derived tables, live views) is marked with.

It hashes every module file of the package, subpackages included, by path and content: a change to any
of them (or a module added, removed or renamed) gives another fingerprint, and data marked with the old
one is derived again. Templates and static files are left out: no derived data is built from them.
"""
from __future__ import annotations

import hashlib
from functools import lru_cache
from pathlib import Path

PACKAGE = Path(__file__).resolve().parent


def fingerprint(package: Path) -> str:
    """The hash of every `.py` file under `package`, each with its path relative to it."""
    digest = hashlib.sha256()
    for path in sorted(package.rglob("*.py")):
        digest.update(path.relative_to(package).as_posix().encode() + b"\0")
        digest.update(hashlib.sha256(path.read_bytes()).digest())
    return digest.hexdigest()[:16]


@lru_cache(maxsize=1)
def library_fingerprint() -> str:
    """The fingerprint of the installed library (read once per process)."""
    return fingerprint(PACKAGE)
