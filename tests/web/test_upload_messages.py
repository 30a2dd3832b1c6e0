"""A JSON report uploaded as a log is refused, saying what it is (issue 12, point 14)."""
import io
import json

import seeplog
from tests.helpers import EXAMPLES
from tests.web.helpers import csrf_token


def test_a_report_uploaded_as_a_log_is_refused_with_that_reason(client):
    doc = seeplog.report_json(seeplog.analyse((EXAMPLES / "e-card.seep").read_text()))
    response = client.post("/api/games", data=json.dumps(doc), content_type="application/json")
    assert response.status_code == 400
    assert "this is a validation report, not a log" in response.json["error"]


def test_the_upload_page_says_a_report_is_not_a_log(client):
    doc = seeplog.report_json(seeplog.analyse((EXAMPLES / "e-card.seep").read_text()))
    response = client.post("/upload", data={"csrf_token": csrf_token(client), "files": [
        (io.BytesIO(json.dumps(doc).encode()), "report.json")]}, content_type="multipart/form-data")
    assert response.status_code == 400 and "this is a validation report, not a log" in response.get_data(as_text=True)
