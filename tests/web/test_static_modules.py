"""The site's scripts stay small: no static JS file over 400 lines, and no function of the keep-score
page's modules over 45 lines (counted from its opening line to its closing brace at the same indent)."""
from __future__ import annotations

import re
from pathlib import Path

import pytest

STATIC = Path(__file__).resolve().parents[2] / "seeplog" / "web" / "static"
SCRIPTS = sorted(STATIC.rglob("*.js"))
KEEP = [STATIC / "live-keep.js", *sorted((STATIC / "keep").glob("*.js"))]
OPENS = re.compile(r"^(\s*)(?:export\s+)?(?:async\s+)?(?:function\s+(\w+)|(?!(?:if|for|while|switch|catch)\b)(\w+))"
                   r"\s*\([^;]*\)\s*\{\s*$")


def functions(path: Path) -> list[tuple[str, int]]:
    """(name, lines) of each function or method declared on a line of its own in the file."""
    lines = path.read_text(encoding="utf-8").splitlines()
    found = []
    for start, line in enumerate(lines):
        opened = OPENS.match(line)
        if opened:
            close = opened.group(1) + "}"
            end = next(i for i in range(start + 1, len(lines)) if lines[i] == close)
            found.append((opened.group(2) or opened.group(3), end - start + 1))
    return found


def test_the_scripts_and_their_functions_are_found():
    assert STATIC / "live-keep.js" in SCRIPTS and len(KEEP) > 10
    names = {name for path in KEEP for name, _ in functions(path)}
    assert {"render", "ahead", "sendFirst", "showOutcomes", "renderEntries", "start"} <= names


@pytest.mark.parametrize("path", SCRIPTS, ids=lambda p: str(p.relative_to(STATIC)))
def test_no_script_is_over_400_lines(path):
    assert len(path.read_text(encoding="utf-8").splitlines()) <= 400


@pytest.mark.parametrize("path", KEEP, ids=lambda p: str(p.relative_to(STATIC)))
def test_no_function_of_the_keep_page_is_over_45_lines(path):
    assert [(name, n) for name, n in functions(path) if n > 45] == []
