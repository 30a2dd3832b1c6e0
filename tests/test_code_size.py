"""Small modules and small functions: every module of the package under 400 lines, every function
(methods and nested functions included) under 45 lines, decorators and docstrings counted."""
from __future__ import annotations

import ast
from pathlib import Path

PACKAGE = Path(__file__).resolve().parent.parent / "seeplog"
MODULE_LINES = 400
FUNCTION_LINES = 45


def modules() -> list[Path]:
    return sorted(PACKAGE.rglob("*.py"))


def long_functions(path: Path, root: Path = PACKAGE.parent) -> list[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
    found = []
    for node in ast.walk(tree):
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
            start = min([node.lineno, *(d.lineno for d in node.decorator_list)])
            length = (node.end_lineno or node.lineno) - start + 1
            if length >= FUNCTION_LINES:
                found.append(f"{path.relative_to(root)}:{node.lineno} {node.name} ({length} lines)")
    return found


def test_the_package_has_modules_to_check():
    assert len(modules()) > 50 and PACKAGE / "analysis.py" in modules()


def test_every_module_is_under_400_lines():
    long = [f"{p.relative_to(PACKAGE.parent)} ({n} lines)" for p in modules()
            if (n := len(p.read_text(encoding="utf-8").splitlines())) >= MODULE_LINES]
    assert not long, "modules of 400 lines or more:\n" + "\n".join(long)


def test_every_function_is_under_45_lines():
    long = [item for path in modules() for item in long_functions(path)]
    assert not long, "functions of 45 lines or more:\n" + "\n".join(long)


def test_the_check_sees_a_long_function(tmp_path):
    body = "\n".join(f"    x{i} = {i}" for i in range(FUNCTION_LINES))
    sample = tmp_path / "sample.py"
    sample.write_text(f"def f():\n{body}\n", encoding="utf-8")
    assert long_functions(sample, tmp_path) == [f"sample.py:1 f ({FUNCTION_LINES + 1} lines)"]
    sample.write_text("@decorated\n" + f"def f():\n{body}\n".replace("    x0 = 0\n", ""), encoding="utf-8")
    assert long_functions(sample, tmp_path) == [f"sample.py:2 f ({FUNCTION_LINES + 1} lines)"]
