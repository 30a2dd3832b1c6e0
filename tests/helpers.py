"""Paths and helpers the tests share: the project's root, its copy of the shared examples and spec."""
import pathlib

ROOT = pathlib.Path(__file__).resolve().parent.parent
DATA = ROOT / "tests" / "data"
"""The project's copy of ../shared/examples and ../shared/spec (tools/refresh-shared.py refreshes it)."""
EXAMPLES = DATA / "examples"
LOGS = pathlib.Path(__file__).resolve().parent / "logs"


def example_files(pattern: str = "*.seep") -> list[pathlib.Path]:
    return sorted(EXAMPLES.glob(pattern)) + sorted(LOGS.glob(pattern))
