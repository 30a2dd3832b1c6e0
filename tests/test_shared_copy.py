"""The project's copy of the shared examples and spec (tests/data) is the shared folder, file for file."""
import filecmp

import pytest

from tests.helpers import DATA, EXAMPLES, ROOT

SHARED = ROOT.parent / "shared"


def test_the_copy_holds_the_examples_and_the_spec():
    assert len(list(EXAMPLES.glob("*.seep"))) >= 44
    assert {p.stem for p in EXAMPLES.glob("*.seep")} == {p.stem for p in EXAMPLES.glob("*.json")}
    assert {p.name for p in (DATA / "spec").iterdir()} >= {"RULES.md", "NOTATION.md", "REPORT.md"}


@pytest.mark.skipif(not SHARED.is_dir(), reason="no ../shared beside this clone to compare with")
@pytest.mark.parametrize("folder", ["examples", "spec"])
def test_the_copy_equals_the_shared_folder(folder):
    shared, copy = SHARED / folder, DATA / folder
    names = sorted(p.name for p in shared.iterdir())
    assert sorted(p.name for p in copy.iterdir()) == names, "run python tools/refresh-shared.py"
    match, mismatch, errors = filecmp.cmpfiles(shared, copy, names, shallow=False)
    assert not mismatch and not errors, f"{mismatch + errors} differ: run python tools/refresh-shared.py"
