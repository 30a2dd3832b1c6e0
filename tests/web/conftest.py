"""The app on a temporary store, its test client and CLI runner (helpers: tests/web/helpers.py)."""
from __future__ import annotations

import pytest

from tests.web.helpers import make_app
from tests.web.live_helpers import fast_store_folder

fast_store = pytest.fixture(fast_store_folder, name="fast_store")
"""A folder for one test's store, in memory (`fast_store_folder`)."""
fast_module_store = pytest.fixture(fast_store_folder, scope="module", name="fast_module_store")
"""A folder in memory for the store a test module's tests share."""


@pytest.fixture
def app(tmp_path):
    return make_app(tmp_path / "seeplog.db")


@pytest.fixture
def client(app):
    return app.test_client()


@pytest.fixture
def runner(app):
    return app.test_cli_runner()
