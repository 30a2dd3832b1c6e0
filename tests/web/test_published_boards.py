"""Boards published as files for the proxy to serve (seeplog/web/published.py, SEEPLOG_PUBLISH_BOARDS): a board
is published once the proxy asks for it in a language, drawn again in that language by the change that makes the
next version, withdrawn with its game, and never left behind by a newer version."""
from __future__ import annotations

import os
from functools import partial

import pytest

import seeplog.web.live.pages

from seeplog.web.db import after_commit, get_db, writing
from seeplog.web.live.store import current_version
from seeplog.web.published import clear, publish
from tests.web.helpers import make_app
from tests.web.live_helpers import Keeper

LINES = ["deal 1 dealer N", "floor Kh Jc 9s 2s", "bid W 11"]


@pytest.fixture
def boards(tmp_path):
    return tmp_path / "boards"


@pytest.fixture
def app(boards, fast_store):
    return make_app(fast_store / "published.db", PUBLISH_BOARDS=str(boards))


@pytest.fixture
def client(app):
    return app.test_client()


def ask_as_proxy(client, game_id: int, language: str = "en", **headers):
    """The board as the proxy asks for it when it has no file: saying which language's file it looks for."""
    return client.get(f"/live/{game_id}/board", headers={"X-Publish-Board": language, **headers})


def test_a_board_the_proxy_asks_for_is_published_with_its_version_as_its_time(client, boards):
    game = Keeper(client)
    answer = ask_as_proxy(client, game.id)
    assert answer.status_code == 200
    published = boards / f"{game.id}.en.html"
    assert published.read_text(encoding="utf-8") == answer.get_data(as_text=True)
    assert published.stat().st_mtime == game.version  # nginx's ETag (time and size) is new at every version


def test_a_board_is_published_only_in_the_language_the_proxy_looks_it_up_by(client, boards):
    game = Keeper(client)
    ask_as_proxy(client, game.id, "hi", **{"Accept-Language": "en"})  # the reader here reads English
    client.get(f"/live/{game.id}/board")  # not through the proxy
    client.get(f"/live/{game.id}/board?parts=floor,ledger", headers={"X-Publish-Board": "en"})  # a part of it
    assert not list(boards.glob("*.html"))
    ask_as_proxy(client, game.id, "hi", **{"Accept-Language": "hi"})
    assert [p.name for p in boards.glob("*.html")] == [f"{game.id}.hi.html"]


def test_an_entry_draws_the_published_boards_again_in_their_languages(client, boards):
    game = Keeper(client)
    ask_as_proxy(client, game.id, "en")
    ask_as_proxy(client, game.id, "pa", **{"Accept-Language": "pa"})
    game.add_all(LINES)
    for language in ("en", "pa"):
        published = boards / f"{game.id}.{language}.html"
        assert published.stat().st_mtime == game.version
        drawn = client.get(f"/live/{game.id}/board", headers={"Accept-Language": language}).get_data(as_text=True)
        assert published.read_text(encoding="utf-8") == drawn
    assert 'data-version="%d"' % game.version in (boards / f"{game.id}.en.html").read_text(encoding="utf-8")
    assert not (boards / f"{game.id}.hi.html").exists()  # nobody asked for it


def test_a_correction_and_an_undo_draw_it_again(client, boards):
    game = Keeper(client)
    game.add_all(LINES)
    ask_as_proxy(client, game.id)
    assert game.send("/undo").status_code == 201
    assert game.send(replace=4, line="floor Kh Jc 9s 3s", note="misread").status_code == 201
    published = boards / f"{game.id}.en.html"
    assert published.stat().st_mtime == game.version
    assert published.read_text(encoding="utf-8") == client.get(f"/live/{game.id}/board").get_data(as_text=True)
    assert 'data-version="%d"' % game.version in published.read_text(encoding="utf-8")


def test_a_deleted_game_takes_its_boards_with_it(client, boards):
    game = Keeper(client)
    ask_as_proxy(client, game.id)
    other = Keeper(client)
    ask_as_proxy(client, other.id)
    assert client.delete(f"/api/live/{game.id}", headers=game.auth).status_code == 204
    assert [p.name for p in boards.glob("*.html")] == [f"{other.id}.en.html"]


def test_a_board_of_a_version_the_game_has_left_is_not_left_published(app, client, boards):
    game = Keeper(client)
    old = game.version
    game.add(LINES[0])
    with app.test_request_context():
        version_now = partial(current_version, get_db(), game.id)
        assert publish(game.id, old, "en", "<div>an older board</div>", version_now) is False
        assert not (boards / f"{game.id}.en.html").exists()
        assert publish(game.id, game.version, "en", "<div>the board now</div>", version_now) is True
    assert (boards / f"{game.id}.en.html").exists()


def test_the_boards_wait_for_the_commit(app, client, boards):
    """What a change does to the published boards waits for its commit (a board drawn from the version before
    meanwhile is then replaced); a change rolled back does nothing to them."""
    game = Keeper(client)
    ask_as_proxy(client, game.id)
    published = boards / f"{game.id}.en.html"
    with app.test_request_context():
        db = get_db()
        seen = []
        with pytest.raises(RuntimeError):
            with writing(db):
                after_commit(db, lambda: seen.append("rolled back"))
                raise RuntimeError("the change fails")
        with writing(db):
            after_commit(db, lambda: seen.append(published.exists()))
            assert published.exists() and not seen
        assert seen == [True]
        after_commit(db, lambda: seen.append("at once"))  # outside a transaction
        assert seen == [True, "at once"]


def test_the_service_starts_with_no_board_published(boards, fast_store):
    boards.mkdir()
    (boards / "7.en.html").write_text("<div>left by a stopped worker</div>", encoding="utf-8")
    (boards / ".7.en.123.456").write_text("half written", encoding="utf-8")
    (boards / "README").write_text("not a board", encoding="utf-8")
    make_app(fast_store / "restart.db", PUBLISH_BOARDS=str(boards))
    assert sorted(os.listdir(boards)) == ["README"]
    clear(boards / "new")
    assert (boards / "new").is_dir()


def test_without_a_folder_nothing_is_published(tmp_path, fast_store):
    client = make_app(fast_store / "plain.db").test_client()
    game = Keeper(client)
    assert ask_as_proxy(client, game.id).status_code == 200
    game.add_all(LINES)
    assert not list(tmp_path.rglob("*.html"))


def test_a_board_that_cannot_be_drawn_again_is_withdrawn(client, boards, monkeypatch):
    game = Keeper(client)
    ask_as_proxy(client, game.id)

    def broken(*args, **kwargs):
        raise RuntimeError("the template failed")

    monkeypatch.setattr(seeplog.web.live.pages, "board_html", broken)
    assert game.add(LINES[0]).status_code == 201  # the entry is stored all the same
    assert not (boards / f"{game.id}.en.html").exists()
