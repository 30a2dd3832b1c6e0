"""Paths and helpers the tests share: the project's root, its copy of the shared examples and spec."""
import importlib.util
import os
import pathlib
import shutil

ROOT = pathlib.Path(__file__).resolve().parent.parent
DATA = ROOT / "tests" / "data"
"""The project's copy of ../shared/examples and ../shared/spec (tools/refresh-shared.py refreshes it)."""
EXAMPLES = DATA / "examples"
LOGS = pathlib.Path(__file__).resolve().parent / "logs"


def example_files(pattern: str = "*.seep") -> list[pathlib.Path]:
    return sorted(EXAMPLES.glob(pattern)) + sorted(LOGS.glob(pattern))


CHROMIUM = shutil.which("chromium") or "/usr/bin/chromium"


def browser_missing() -> str | None:
    """Why the browser tests cannot run here (Playwright or chromium absent), or None when they can."""
    if importlib.util.find_spec("pytest_playwright") is None:
        return "Playwright is not installed (pip install -r requirements-browser.txt)"
    if not os.path.exists(CHROMIUM):
        return "chromium is not installed (.ci/setup installs it)"
    return None
