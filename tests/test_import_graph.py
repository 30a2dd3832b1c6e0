"""The import graph of seeplog's modules: no cycles, and no import inside a function of the package.

Functions of the command line (``__main__``) may import what only their command needs, to start
quickly; every other module, the web shell's included, imports at the top, so the graph read here is
the whole of its graph.
"""
from __future__ import annotations

import ast
import types
from pathlib import Path

PACKAGE = Path(__file__).resolve().parent.parent / "seeplog"
LAZY_ALLOWED = {"seeplog.__main__"}
"""Modules whose functions may import: the entry point, which loads per command."""


def module_name(path: Path) -> str:
    parts = path.relative_to(PACKAGE.parent).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def resolve(module: str, is_package: bool, node: ast.ImportFrom) -> list[str]:
    """The seeplog modules a ``from ... import`` names (a name may be a submodule)."""
    if node.level:
        base = module.split(".") if is_package else module.split(".")[:-1]
        base = base[:len(base) - node.level + 1]
        target = ".".join(base + ([node.module] if node.module else []))
    else:
        target = node.module or ""
    if not target.startswith("seeplog"):
        return []
    return [target] + [f"{target}.{alias.name}" for alias in node.names]


def imports(tree: ast.Module, module: str, is_package: bool, top_only: bool) -> set[str]:
    nodes = tree.body if top_only else list(ast.walk(tree))
    found: set[str] = set()
    for node in nodes:
        if isinstance(node, ast.If) and top_only:  # `if TYPE_CHECKING:` imports are not run
            continue
        if isinstance(node, ast.ImportFrom):
            found.update(resolve(module, is_package, node))
        elif isinstance(node, ast.Import):
            found.update(a.name for a in node.names if a.name.startswith("seeplog"))
    return found


def graph() -> dict[str, set[str]]:
    files = {module_name(p): p for p in PACKAGE.rglob("*.py")}
    edges = {}
    for module, path in files.items():
        tree = ast.parse(path.read_text(encoding="utf-8"))
        edges[module] = {m for m in imports(tree, module, path.name == "__init__.py", True)
                         if m in files and m != module}
    return edges


def function_imports(tree: ast.Module) -> list[tuple[int, str]]:
    """Imports of seeplog modules inside a function (``def``), with their lines."""
    found = []
    for node in ast.walk(tree):
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
            for inner in ast.walk(node):
                if isinstance(inner, ast.ImportFrom) and (inner.level or (inner.module or "").startswith("seeplog")):
                    found.append((inner.lineno, ast.unparse(inner)))
    return found


def cycle(edges: dict[str, set[str]]) -> list[str] | None:
    """One cycle of the graph, or None."""
    state: dict[str, int] = {}
    path: list[str] = []

    def visit(node: str) -> list[str] | None:
        state[node] = 1
        path.append(node)
        for nxt in sorted(edges[node]):
            if state.get(nxt) == 1:
                return path[path.index(nxt):] + [nxt]
            if nxt not in state:
                found = visit(nxt)
                if found:
                    return found
        state[node] = 2
        path.pop()
        return None

    for start in sorted(edges):
        if start not in state:
            found = visit(start)
            if found:
                return found
    return None


def test_the_import_graph_has_no_cycle():
    edges = graph()
    assert {"seeplog.report", "seeplog.replay", "seeplog.web.games.store"} <= set(edges)
    assert "seeplog.replay" in edges["seeplog.analysis"] and "seeplog.analysis" in edges["seeplog.report"]
    assert cycle(edges) is None, " -> ".join(cycle(edges) or [])


def test_the_cycle_finder_finds_a_cycle():
    assert cycle({"a": {"b"}, "b": {"c"}, "c": {"a"}}) == ["a", "b", "c", "a"]
    assert cycle({"a": {"b"}, "b": set()}) is None


def test_no_function_imports_a_module_of_the_package():
    found = {}
    for path in PACKAGE.rglob("*.py"):
        module = module_name(path)
        if module not in LAZY_ALLOWED:
            lines = function_imports(ast.parse(path.read_text(encoding="utf-8")))
            if lines:
                found[module] = lines
    assert found == {}


def test_nothing_outside_a_module_imports_its_private_names():
    root = PACKAGE.parent
    found = []
    for folder in ("seeplog", "tests", "bench"):
        for path in (root / folder).rglob("*.py"):
            for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
                if isinstance(node, ast.ImportFrom) and (node.level or (node.module or "").startswith("seeplog")):
                    found += [f"{path.relative_to(root)}:{node.lineno} {a.name}" for a in node.names
                              if a.name.startswith("_") and a.name != "__version__"]
    assert found == []


def test_the_package_imports_its_public_names_plainly():
    import seeplog

    tree = ast.parse((PACKAGE / "__init__.py").read_text(encoding="utf-8"))
    imported = {a.asname or a.name for node in tree.body if isinstance(node, ast.ImportFrom) and node.level == 1
                for a in node.names}
    assert sorted(seeplog.__all__) == sorted(imported)
    assert not any(isinstance(node, ast.FunctionDef) for node in tree.body)  # no module __getattr__
    assert all(getattr(seeplog, name) is not None for name in seeplog.__all__)
    assert isinstance(seeplog.report, types.ModuleType)  # the submodule: no function shadows it


FEATURES = ("seeplog.web.games", "seeplog.web.live", "seeplog.web.clubs")
"""The web shell's feature folders: stored games, live games, clubs and events."""
JOINERS = {"seeplog.web", "seeplog.web.factory", "seeplog.web.startup", "seeplog.web.commands"}
"""The web shell's modules that join the features together (the app, its start-up and its commands)."""


def part_of(module: str) -> str:
    """'library', 'shared' (the web shell's shared parts: db, tokens, the API's envelope…), a feature
    folder, or 'joiner'."""
    if not module.startswith("seeplog.web"):
        return "library"
    if module in JOINERS:
        return "joiner"
    return next((f for f in FEATURES if module == f or module.startswith(f + ".")), "shared")


def test_the_library_imports_nothing_of_the_web_shell():
    wrong = sorted(f"{m} imports {t}" for m, targets in graph().items() if part_of(m) == "library"
                   for t in targets if part_of(t) != "library")
    assert wrong == []


def test_the_web_shells_shared_parts_import_no_feature():
    wrong = sorted(f"{m} imports {t}" for m, targets in graph().items() if part_of(m) == "shared"
                   for t in targets if part_of(t) in FEATURES)
    assert wrong == []


def test_the_parts_are_told_apart():
    assert part_of("seeplog.live.table") == "library" and part_of("seeplog.web.db") == "shared"
    assert part_of("seeplog.web.api.errors") == "shared" and part_of("seeplog.web.live.store") == "seeplog.web.live"
    assert part_of("seeplog.web.factory") == "joiner"
