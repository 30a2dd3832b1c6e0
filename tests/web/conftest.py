"""The app on a temporary store, its test client and CLI runner (helpers: tests/web/helpers.py)."""
from __future__ import annotations

import pytest

from tests.web.helpers import make_app


@pytest.fixture
def app(tmp_path):
    return make_app(tmp_path / "seeplog.db")


@pytest.fixture
def client(app):
    return app.test_client()


@pytest.fixture
def runner(app):
    return app.test_cli_runner()
