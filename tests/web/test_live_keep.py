"""The keep-score page's route: the page of a live game, never its edit token; 404 for no such game."""
from __future__ import annotations

import re

from tests.web.live_helpers import Keeper

SCRIPT = re.compile(r"<script\b([^>]*)>(.*?)</script>", re.S)


def test_the_keep_page_serves_the_game_without_its_token(client):
    keeper = Keeper(client, players={"N": "Asha", "E": "Bilal"}, tags={"Event": "Friday <club>"})
    response = client.get(f"/live/{keeper.id}/keep")
    assert response.status_code == 200
    html = response.get_data(as_text=True)
    assert keeper.token not in html
    assert "token=" not in html.replace("#token=…", "")
    assert f'data-api="/api/live/{keeper.id}"' in html
    assert 'data-seats="N W S E"' in html and 'data-teams="NS EW"' in html
    assert "Friday &lt;club&gt;" in html and "<club>" not in html
    assert '<input id="line" name="line"' in html
    assert "&#34;N&#34;: &#34;Asha&#34;" in html  # the names, escaped inside their attribute


def test_the_keep_page_runs_no_inline_script(client):
    keeper = Keeper(client)
    html = client.get(f"/live/{keeper.id}/keep").get_data(as_text=True)
    scripts = SCRIPT.findall(html)
    assert [(re.search(r'src="([^"]+)"', attrs).group(1), 'type="module"' in attrs) for attrs, _ in scripts] == [
        ("/assets/text.js", False), ("/assets/live-keep.js", True), ("/assets/live-manage.js", True)]
    assert all(body.strip() == "" for _, body in scripts)
    assert not re.search(r"\son[a-z]+=", html)
    for path in ("/assets/live-keep.js", "/assets/live-keep.css", "/assets/live-manage.js", "/assets/live-manage.css"):
        response = client.get(path)
        assert response.status_code == 200
        response.close()


def imports_of(client, path: str) -> set[str]:
    """The paths a module served at `path` imports (relative imports, resolved against its folder)."""
    response = client.get(path)
    assert response.status_code == 200 and response.mimetype == "text/javascript", path
    folder = path.rsplit("/", 1)[0]
    found = set()
    for name in re.findall(r'^import\b[^;]*?from "(\./[^"]+)";', response.get_data(as_text=True), re.M | re.S):
        found.add(f"{folder}/{name[2:]}")
    response.close()
    return found


def test_every_module_the_page_imports_is_served_as_javascript_and_preloaded(client):
    keeper = Keeper(client)
    html = client.get(f"/live/{keeper.id}/keep").get_data(as_text=True)
    preloaded = set(re.findall(r'<link rel="modulepreload" href="([^"]+)">', html))
    seen, todo = set(), ["/assets/live-keep.js"]
    while todo:
        path = todo.pop()
        if path not in seen:
            seen.add(path)
            todo.extend(imports_of(client, path))
    assert "/assets/keep/queue.js" in seen and "/assets/keep/ahead.js" in seen
    assert preloaded == seen - {"/assets/live-keep.js"}


def test_a_game_that_does_not_exist_is_a_404_page(client):
    response = client.get("/live/424242/keep")
    assert response.status_code == 404
    assert response.mimetype == "text/html"
    assert "there is no live game 424242" in response.get_data(as_text=True)
    assert client.get("/live/0/keep").status_code == 404
    assert client.get(f"/live/{2 ** 64}/keep").status_code == 404


def test_a_two_player_game_has_two_seats_and_two_teams(client):
    keeper = Keeper(client, "two-player")
    html = client.get(f"/live/{keeper.id}/keep").get_data(as_text=True)
    assert 'data-seats="N S"' in html and 'data-teams="N S"' in html and 'data-plays="48"' in html


def test_a_closed_game_says_so_to_the_page(client):
    keeper = Keeper(client)
    assert keeper.send("/close").status_code == 201
    html = client.get(f"/live/{keeper.id}/keep").get_data(as_text=True)
    assert 'data-open="no"' in html


def test_the_keep_page_names_its_worker_served_under_live_and_asked_for_again_each_time(client):
    keeper = Keeper(client)
    html = client.get(f"/live/{keeper.id}/keep").get_data(as_text=True)
    assert 'data-worker="/live/keep-worker.js"' in html  # a worker's scope is within its folder: /live/<id>/keep
    worker = client.get("/live/keep-worker.js")
    assert worker.status_code == 200 and worker.mimetype == "text/javascript"
    assert worker.headers["Cache-Control"] == "no-cache"  # a new worker reaches the phones at once
    assert "script-src 'self'" in worker.headers["Content-Security-Policy"]
    source = worker.get_data(as_text=True)
    worker.close()
    assert 'addEventListener("fetch"' in source and 'const FILES = "/assets/";' in source
    page_file = client.get("/assets/live-keep.js")  # the files the worker keeps are there
    assert page_file.status_code == 200
    page_file.close()
