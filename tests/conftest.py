"""Shared helpers are in tests/helpers.py (imported, never from a conftest); no fixture is shared here.

Where Playwright or chromium is absent, the browser test modules are not collected, so that
`pytest -m "not browser"` runs with requirements.txt and requirements-dev.txt alone. Under CI (CI=true)
they are always collected: there a missing browser fails the run instead of shrinking it.
"""
from __future__ import annotations

import os

from tests.helpers import browser_missing

BROWSER_MODULES = "web/test_browser*.py"
MISSING = None if os.environ.get("CI") else browser_missing()
collect_ignore_glob = [BROWSER_MODULES] if MISSING else []


def pytest_report_header() -> str | None:
    return f"browser tests ({BROWSER_MODULES}) not collected: {MISSING}" if MISSING else None
