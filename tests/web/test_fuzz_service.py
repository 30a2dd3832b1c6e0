"""Mutated example logs through the service: uploaded as text (with its pages and downloads) and sent line by
line to a live game (with its board, outcomes and undo). Whatever the text, no answer is a 5xx. Hypothesis with
a bounded budget (SEEPLOG_FUZZ_SERVICE_EXAMPLES)."""
from __future__ import annotations

import os

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tests.hostile_logs import hostile_log, through_service
from tests.test_fuzz import Drawn
from tests.web.helpers import make_app

EXAMPLES = int(os.environ.get("SEEPLOG_FUZZ_SERVICE_EXAMPLES", "40"))


@pytest.fixture(scope="module")
def service(fast_module_store):
    app = make_app(fast_module_store / "seeplog.db")
    app.config["PROPAGATE_EXCEPTIONS"] = False  # an exception answers 500, as in production
    return app.test_client()


@pytest.mark.slow
def test_no_answer_of_the_upload_and_live_apis_is_a_5xx(service):
    @given(st.data())
    @settings(max_examples=EXAMPLES, deadline=None, derandomize=True, database=None,
              suppress_health_check=list(HealthCheck))
    def no_5xx(data):
        text = hostile_log(Drawn(data))
        assert through_service(service, text) == [], text

    no_5xx()
