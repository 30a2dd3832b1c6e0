"""The project's copy of the shared examples (tests/data/examples) is the shared folder, file for file."""
import filecmp

import pytest

from tests.conftest import EXAMPLES, ROOT

SHARED = ROOT.parent / "shared" / "examples"


def test_the_copy_holds_the_examples():
    assert len(list(EXAMPLES.glob("*.seep"))) >= 44
    assert {p.stem for p in EXAMPLES.glob("*.seep")} == {p.stem for p in EXAMPLES.glob("*.json")}


@pytest.mark.skipif(not SHARED.is_dir(), reason="no ../shared/examples beside this clone to compare with")
def test_the_copy_equals_the_shared_examples():
    names = sorted(p.name for p in SHARED.iterdir())
    assert sorted(p.name for p in EXAMPLES.iterdir()) == names, "run python tools/refresh-examples.py"
    match, mismatch, errors = filecmp.cmpfiles(SHARED, EXAMPLES, names, shallow=False)
    assert not mismatch and not errors, f"{mismatch + errors} differ: run python tools/refresh-examples.py"
