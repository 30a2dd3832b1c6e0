import pathlib

import pytest

ROOT = pathlib.Path(__file__).resolve().parent.parent
EXAMPLES = ROOT / "tests" / "data" / "examples"
"""The project's copy of ../shared/examples (tools/refresh-examples.py refreshes it)."""
LOGS = pathlib.Path(__file__).resolve().parent / "logs"


def example_files(pattern: str = "*.seep") -> list[pathlib.Path]:
    return sorted(EXAMPLES.glob(pattern)) + sorted(LOGS.glob(pattern))


@pytest.fixture
def examples_dir() -> pathlib.Path:
    return EXAMPLES
