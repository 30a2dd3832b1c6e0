"""Host names: no request header is written into a page; SEEPLOG_TRUSTED_HOSTS refuses other hosts with a
plain 400 (never a 500 from the error page); SEEPLOG_PROXY_FIX trusts the reverse proxy's X-Forwarded- headers."""
from __future__ import annotations

import pytest

from app import create_app
from tests.web.helpers import assert_envelope, make_app, upload
from tests.web.live_helpers import Keeper

MARK = "evil-x9q.example"
HEADERS = {"Host": MARK, "X-Forwarded-Host": MARK, "X-Forwarded-Proto": "https", "X-Forwarded-For": "203.0.113.9",
           "Referer": f"http://{MARK}/", "User-Agent": MARK, "X-Original-URL": f"/{MARK}", "Forwarded": f"host={MARK}"}


def pages(client) -> list[str]:
    game_id = upload(client, "game-standard-1.seep")
    keeper = Keeper(client)
    keeper.add_all(["deal 1 dealer N", "floor Kh Jc 9s 2s", "bid W 13"])
    return ["/", "/upload", f"/games/{game_id}", f"/games/{game_id}/deals/1/plays/5", f"/games/{game_id}.seep",
            f"/games/{game_id}.json", "/live/new", f"/live/{keeper.id}", f"/live/{keeper.id}/started",
            f"/live/{keeper.id}/keep", f"/live/{keeper.id}/board", f"/api/live/{keeper.id}", "/api/games",
            "/api/openapi.json", "/api/docs", "/no-such-page", "/games/999999"]


def test_no_request_header_is_written_into_a_page(client):
    for path in pages(client):
        response = client.get(path, headers=HEADERS)
        assert response.status_code < 500, path
        assert MARK not in response.get_data(as_text=True), path
        assert all(MARK not in value for _, value in response.headers.items()), path


def test_the_started_page_links_to_the_address_the_server_listens_on(client):
    keeper = Keeper(client)
    html = client.get(f"/live/{keeper.id}/started", headers={"Host": MARK}).get_data(as_text=True)
    assert f"http://localhost/live/{keeper.id}" in html and MARK not in html


@pytest.fixture
def guarded(tmp_path):
    return make_app(tmp_path / "seeplog.db", TRUSTED_HOSTS=["club.example", ".seep.example"]).test_client()


def test_an_untrusted_host_is_refused_before_the_app(guarded):
    assert_envelope(guarded.get("/api/games", headers={"Host": MARK}), 400)
    for path in ("/", "/upload", "/no-such-page", "/live/new"):
        response = guarded.get(path, headers={"Host": MARK})
        assert response.status_code == 400 and MARK not in response.get_data(as_text=True)
        assert response.headers["X-Content-Type-Options"] == "nosniff"
    refused = guarded.post("/api/games", data=b"deal 1 dealer N\n", content_type="text/plain",
                           headers={"Host": MARK})
    assert refused.status_code == 400
    assert guarded.get("/api/games", headers={"Host": "club.example"}).json["total"] == 0


def test_a_trusted_host_is_served_and_names_the_links(guarded):
    assert guarded.get("/", headers={"Host": "club.example"}).status_code == 200
    assert guarded.get("/", headers={"Host": "table.seep.example:8443"}).status_code == 200
    game = guarded.post("/api/live", json={"variant": "standard"}, headers={"Host": "club.example"}).json
    html = guarded.get(f"/live/{game['id']}/started", headers={"Host": "club.example"}).get_data(as_text=True)
    assert f"http://club.example/live/{game['id']}" in html


def test_behind_a_proxy_the_forwarded_host_and_scheme_count(tmp_path, monkeypatch):
    monkeypatch.setenv("SEEPLOG_TRUSTED_HOSTS", "club.example")
    monkeypatch.setenv("SEEPLOG_PROXY_FIX", "1")
    app = create_app({"TESTING": True, "DATABASE": str(tmp_path / "s.db"), "LOAD_SAMPLES": False,
                      "SECRET_KEY": "test"})
    client = app.test_client()
    proxied = {"Host": "127.0.0.1:8000", "X-Forwarded-Host": "club.example", "X-Forwarded-Proto": "https"}
    game = client.post("/api/live", json={"variant": "standard"}, headers=proxied).json
    html = client.get(f"/live/{game['id']}/started", headers=proxied).get_data(as_text=True)
    assert f"https://club.example/live/{game['id']}" in html
    assert client.get("/", headers={**proxied, "X-Forwarded-Host": MARK}).status_code == 400
    assert client.get("/", headers={"Host": "127.0.0.1:8000"}).status_code == 400


def test_a_proxy_count_that_is_no_number_stops_the_start(tmp_path, monkeypatch):
    monkeypatch.setenv("SEEPLOG_PROXY_FIX", "yes")
    with pytest.raises(ValueError, match="SEEPLOG_PROXY_FIX"):
        create_app({"TESTING": True, "DATABASE": str(tmp_path / "s.db"), "LOAD_SAMPLES": False, "SECRET_KEY": "t"})
