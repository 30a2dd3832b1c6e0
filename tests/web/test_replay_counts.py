"""Each command and page replays a log at most once: every deal once, none twice; a page and an API call of
the same log read one analysis, built once (the play pages add the states around the plays of their deal)."""
from __future__ import annotations

import sys
from collections import Counter

import pytest

import seeplog.analysis
import seeplog.replay
import seeplog.web.live.derive
import seeplog.web.live.pages
from seeplog.analysis import keep
from seeplog.web.db import get_db
from seeplog.web.live.store import as_it_stood, load
from seeplog.__main__ import main
from tests.helpers import EXAMPLES

from tests.web.helpers import example, make_app
from tests.web.live_helpers import Keeper, statement_lines

LOG = "game-standard-2.seep"
DEALS = len(seeplog.parse((EXAMPLES / LOG).read_text(encoding="utf-8")).games[0].deals)


@pytest.fixture
def replays(monkeypatch) -> Counter:
    """A count of the replays of each deal (by its first line), whichever module calls `replay_deal`."""
    counted: Counter = Counter()
    original = seeplog.replay.replay_deal

    def counting(deal, rules, **options):
        counted[deal.start.line] += 1
        return original(deal, rules, **options)

    for name, module in list(sys.modules.items()):
        if name.startswith("seeplog") and getattr(module, "replay_deal", None) is original:
            monkeypatch.setattr(module, "replay_deal", counting)
    seeplog.analysis.forget_analyses()
    yield counted
    seeplog.analysis.forget_analyses()


@pytest.fixture
def builds(monkeypatch) -> list[str]:
    """The texts the analysis was built for, whoever asked."""
    built: list[str] = []
    original = seeplog.analysis.build

    def counting(text, **options):
        built.append(text)
        return original(text, **options)

    monkeypatch.setattr(seeplog.analysis, "build", counting)
    seeplog.analysis.forget_analyses()
    yield built
    seeplog.analysis.forget_analyses()


def replayed_once(counted: Counter) -> bool:
    return len(counted) == DEALS and set(counted.values()) == {1}


@pytest.fixture
def client(tmp_path):
    return make_app(tmp_path / "counts.db").test_client()


def stored(client) -> int:
    return client.post("/api/games", data=example(LOG), content_type="text/plain").json["id"]


def cold(counted: Counter) -> None:
    """As in another worker: no analysis kept, no replay counted."""
    seeplog.analysis.forget_analyses()
    counted.clear()


@pytest.mark.parametrize("command", [["validate"], ["validate", "--json"], ["score"]])
def test_a_command_replays_each_deal_once(replays, command, capsys):
    main(command + [str(EXAMPLES / LOG)])
    assert "E-" not in capsys.readouterr().err and replayed_once(replays)


def test_storing_an_upload_replays_each_deal_once(replays, client):
    stored(client)
    assert replayed_once(replays)


def test_the_game_page_replays_each_deal_once(replays, client):
    game_id = stored(client)
    cold(replays)
    assert client.get(f"/games/{game_id}").status_code == 200
    assert replayed_once(replays)


def with_steps_once(counted: Counter, deal_line: int) -> bool:
    """Every deal replayed once, and the shown deal once more with the states around its plays."""
    return len(counted) == DEALS and counted[deal_line] == 2 and set(
        n for line, n in counted.items() if line != deal_line) == {1}


def first_deal_line() -> int:
    return seeplog.parse((EXAMPLES / LOG).read_text(encoding="utf-8")).games[0].deals[0].start.line


@pytest.mark.parametrize("path", ["/games/{}/deals/1/plays/5", "/api/games/{}/deals/1/plays/5"])
def test_the_play_page_and_api_replay_each_deal_once_and_theirs_once_more(replays, client, path):
    game_id = stored(client)
    cold(replays)
    assert client.get(path.format(game_id)).status_code == 200
    assert with_steps_once(replays, first_deal_line())
    replays.clear()
    assert client.get(path.format(game_id).replace("plays/5", "plays/6")).status_code == 200
    assert not replays


def test_the_report_api_reads_the_analysis_the_upload_built(replays, client):
    game_id = stored(client)
    replays.clear()
    assert client.get(f"/api/games/{game_id}/report").json["games"][0]["deals"]
    assert not replays


def test_a_page_view_and_an_api_call_of_one_log_build_its_analysis_once(builds, client):
    game_id = stored(client)
    assert len(builds) == 1
    seeplog.analysis.forget_analyses()
    builds.clear()
    for url in (f"/games/{game_id}", f"/api/games/{game_id}/report", f"/games/{game_id}/deals/1/plays/5",
                f"/api/games/{game_id}/deals/2/plays/3", f"/games/{game_id}.csv", f"/games/{game_id}.json"):
        assert client.get(url).status_code == 200, url
    assert len(builds) == 1


def test_a_report_made_by_another_version_is_made_again_with_one_replay(replays, client, tmp_path):
    game_id = stored(client)
    with client.application.app_context():
        from seeplog.web.db import get_db
        get_db().execute("update games set derived_with = 'older' where id = ?", [game_id])
        get_db().conn.commit()
    for url in (f"/api/games/{game_id}/report", f"/games/{game_id}"):
        cold(replays)
        assert client.get(url).status_code == 200
        assert replayed_once(replays), url


def kept_live(client) -> int:
    """A live game of the example's first deals, kept through the API (its id)."""
    from tests.web.live_helpers import Keeper, statement_lines
    lines = statement_lines((EXAMPLES / LOG).read_text(encoding="utf-8"))
    keeper = Keeper(client)
    keeper.add_all([line for line in lines if not line.startswith("[")][:60])
    return keeper.id


LIVE_PAGES = ["/live/{}/board", "/live/{}/board?parts=floor,plays", "/live/{}", "/live/{}/keep", "/live/{}/started"]


@pytest.mark.parametrize("path", LIVE_PAGES)
def test_the_live_pages_replay_nothing(replays, client, path):
    game_id = kept_live(client)
    replays.clear()
    assert client.get(path.format(game_id)).status_code == 200
    assert not replays


FOLLOW_PAGES = LIVE_PAGES[:3]
"""The pages followers poll: drawn from the view stored with the version (seeplog/web/live/followed.py)."""


@pytest.mark.parametrize("path", FOLLOW_PAGES)
def test_a_follow_page_in_another_worker_replays_nothing(replays, builds, client, path):
    game_id = kept_live(client)
    cold(replays)
    assert client.get(path.format(game_id)).status_code == 200
    assert not replays and not builds


@pytest.mark.parametrize("path", LIVE_PAGES[3:])
def test_a_live_page_in_another_worker_replays_each_deal_once_then_nothing(replays, builds, client, path):
    game_id = kept_live(client)
    cold(replays)
    assert client.get(path.format(game_id)).status_code == 200
    assert set(replays.values()) == {1}  # the deal on the table too: once, with the states around its plays
    replays.clear()
    for again in LIVE_PAGES:
        assert client.get(again.format(game_id)).status_code == 200, again
    assert not replays and not builds


def test_a_board_not_changed_answers_304_touching_no_view(replays, builds, client, monkeypatch):
    game_id = kept_live(client)
    tag = client.get(f"/live/{game_id}/board").headers["ETag"]
    cold(replays)

    def untouched(*args, **kwargs):
        raise AssertionError("the 304 path read the game's view")

    monkeypatch.setattr(seeplog.web.live.pages, "typed_view", untouched)
    monkeypatch.setattr(seeplog.web.live.pages, "load", untouched)
    assert client.get(f"/live/{game_id}/board", headers={"If-None-Match": tag}).status_code == 304
    assert not replays and not builds


def test_a_page_reads_the_kept_view_of_the_same_entries_at_the_version_now(replays, client):
    """Another worker undid an entry: this one keeps the view of the same entries at an earlier version."""
    from tests.web.live_helpers import Keeper
    keeper = Keeper(client)
    with client.application.app_context():
        earlier = as_it_stood(get_db(), load(get_db(), keeper.id, view=False))
    assert earlier.view is not None and earlier.view.version == 1
    assert keeper.add("deal 1 dealer N").status_code == 201
    assert keeper.send("/undo").status_code == 201 and keeper.version == 3
    keep(earlier)
    replays.clear()
    board = client.get(f"/live/{keeper.id}/board")
    assert board.headers["ETag"] == f'"live-{keeper.id}-3-en"' and not replays
    assert client.get(f"/live/{keeper.id}/board", headers={"If-None-Match": board.headers["ETag"]}).status_code == 304


FOLLOWED = ["/live/{}/board", "/live/{}/board?parts=floor,plays", "/live/{}", "/api/live/{}"]


@pytest.mark.parametrize("path", FOLLOWED)
def test_a_follower_read_may_be_kept_one_second_by_any_cache(client, path):
    game_id = kept_live(client)
    response = client.get(path.format(game_id))
    version = client.get(f"/api/live/{game_id}").json["version"]
    language = "" if path.startswith("/api/") else "-en"  # a page is in the reader's language; the JSON is not
    assert response.status_code == 200 and response.headers["ETag"] == f'"live-{game_id}-{version}{language}"'
    assert response.headers["Cache-Control"] == "public, max-age=1" and "Set-Cookie" not in response.headers


@pytest.mark.parametrize("path", FOLLOWED)
def test_a_304_renders_no_template_and_replays_nothing(replays, client, path, monkeypatch):
    from flask import template_rendered
    from seeplog.web.live import api as live_api, pages as live_pages

    game_id = kept_live(client)
    tag = client.get(path.format(game_id)).headers["ETag"]
    replays.clear()
    rendered: list[str] = []

    def refuse(*args):
        raise AssertionError("the game was loaded for a 304")

    monkeypatch.setattr(live_pages, "load", refuse)
    monkeypatch.setattr(live_api, "load", refuse)
    with template_rendered.connected_to(lambda sender, template, context, **extra: rendered.append(template.name),
                                        client.application):
        same = client.get(path.format(game_id), headers={"If-None-Match": tag})
    assert same.status_code == 304 and same.get_data() == b"" and same.headers["ETag"] == tag
    assert same.headers["Cache-Control"] == "public, max-age=1"
    assert not replays and not rendered


def test_a_board_is_rendered_once_per_version(client):
    from flask import template_rendered
    from tests.web.live_helpers import Keeper

    keeper = Keeper(client)
    keeper.add_all(["deal 1 dealer E", "floor Kh Jh 2c Ad", "bid N 10"])
    rendered: list[str] = []
    with template_rendered.connected_to(lambda sender, template, context, **extra: rendered.append(template.name),
                                        client.application):
        first, again = (client.get(f"/live/{keeper.id}/board").get_data(as_text=True) for _ in range(2))
        assert first == again and rendered == ["_live_board.html"]
        keeper.add("N Kd x Kh")
        changed = client.get(f"/live/{keeper.id}/board").get_data(as_text=True)
    assert rendered == ["_live_board.html"] * 2 and changed != first and "Kd" in changed


@pytest.mark.slow
def test_a_championship_of_live_tables_keeps_each_tables_analysis(tmp_path, monkeypatch):
    """More live games than the analyses kept for pages (a championship's tables, each entry reaching any
    worker): the next entry of each still derives from its kept analysis, instead of reading its whole log
    again from its entries."""
    lines = [line for line in statement_lines((EXAMPLES / LOG).read_text(encoding="utf-8"))
             if not line.startswith("[")]
    second = [n for n, line in enumerate(lines) if line.startswith("deal ")][1]
    client = make_app(tmp_path / "tables.db").test_client()
    tables = [Keeper(client, tags={"Event": f"table {n}"}) for n in range(seeplog.analysis.ANALYSES_KEPT + 8)]
    for table in tables:
        table.add_all(lines[:second + 3])  # a deal played, the next one begun
    read_whole = []
    original = seeplog.web.live.derive.live_log

    def counting(entries, *before, **options):
        if not before:
            read_whole.append(entries)
        return original(entries, *before, **options)

    monkeypatch.setattr(seeplog.web.live.derive, "live_log", counting)
    for table in tables:
        assert table.add(lines[second + 3]).status_code == 201
    assert read_whole == []
