"""The library fingerprint that marks derived data: any module file of the package, subpackages included,
changes it."""
from __future__ import annotations

import shutil

from seeplog.fingerprint import PACKAGE, fingerprint, library_fingerprint


def test_the_library_fingerprint_is_that_of_the_package_folder():
    assert library_fingerprint() == fingerprint(PACKAGE)
    assert len(library_fingerprint()) == 16


def test_a_change_to_any_module_file_changes_the_fingerprint(tmp_path):
    copy = tmp_path / "seeplog"
    shutil.copytree(PACKAGE, copy, ignore=shutil.ignore_patterns("__pycache__"))
    before = fingerprint(copy)
    assert before == fingerprint(PACKAGE)
    modules = sorted(copy.rglob("*.py"))
    assert any(p.parent.name == "notation" for p in modules) and any(p.parent.name == "web" for p in modules)
    for path in modules:
        text = path.read_bytes()
        path.write_bytes(text + b"\n# changed\n")
        assert fingerprint(copy) != before, path.relative_to(copy)
        path.write_bytes(text)
    assert fingerprint(copy) == before


def test_a_module_added_or_renamed_changes_the_fingerprint(tmp_path):
    copy = tmp_path / "seeplog"
    shutil.copytree(PACKAGE, copy, ignore=shutil.ignore_patterns("__pycache__"))
    before = fingerprint(copy)
    (copy / "notation" / "extra.py").write_text("")
    added = fingerprint(copy)
    assert added != before
    (copy / "notation" / "extra.py").rename(copy / "notation" / "other.py")
    assert fingerprint(copy) not in (before, added)
