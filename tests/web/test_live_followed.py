"""The follow pages draw a live game from its view as stored trimmed with each version
(seeplog/web/live/followed.py): the same board and strips as the whole view, in any worker, at every
version; a stored view of another library version, or none, is derived from the entries instead."""
from __future__ import annotations

import pathlib
import pickle
import re

import pytest

import seeplog.analysis
from seeplog.fingerprint import library_fingerprint
from seeplog.web.db import get_db
from seeplog.web.live.board import board
from seeplog.web.live.followed import trimmed
from seeplog.web.live.store import followed_view, load, typed_view
from seeplog.web.live.strips import deal_strips
from tests.helpers import EXAMPLES
from tests.web.live_helpers import Keeper, live_store_fixtures, statement_lines

LOGS = ["game-standard-2.seep", "game-two-player-1.seep", "r-bid-throw.seep", "r-capture-all.seep", "r-house-left.seep",
        "r-must-capture.seep", "e-floor.seep", "e-incomplete.seep", "r-dealer.seep", "provisional.seep"]


app, client = live_store_fixtures()


def header_and_lines(name: str) -> tuple[str, dict[str, str], list[str]]:
    lines = statement_lines((EXAMPLES / name).read_text(encoding="utf-8"))
    tags = dict(re.fullmatch(r'\[(\w+) "(.*)"\]', line).groups() for line in lines if line.startswith("["))
    return tags.pop("Variant", "standard"), tags, [line for line in lines if not line.startswith("[")]


def views(app, game_id: int):
    """The game's whole typed view and the trimmed one stored with its version."""
    with app.app_context():
        db = get_db()
        return typed_view(db, load(db, game_id, view=False)), followed_view(db, game_id)


@pytest.mark.parametrize("name", LOGS)
def test_the_stored_view_draws_the_board_and_strips_of_the_whole_view_at_every_version(app, client, name):
    variant, tags, lines = header_and_lines(name)
    keeper = Keeper(client, variant, tags={k: v for k, v in tags.items() if k in ("Event", "Rotation")})
    compared = 0
    for line in lines:
        if keeper.add(line).status_code != 201:  # a line the live game refuses (422) leaves the version
            continue
        whole, stored = views(app, keeper.id)
        assert stored is not None and stored.version == whole.version == keeper.version
        with app.test_request_context():
            assert board(stored) == board(whole), (name, line)
            assert deal_strips(stored) == deal_strips(whole)
        assert len(stored.entries) <= len(whole.entries)
        compared += 1
    assert compared > 10


def test_the_stored_view_keeps_the_last_deal_and_the_flagged_entries_only(app, client):
    variant, tags, lines = header_and_lines("r-bid-throw.seep")
    keeper = Keeper(client, variant)
    for line in lines:
        keeper.add(line)
    whole, stored = views(app, keeper.id)
    last = max(e.place.deal or 0 for e in whole.entries)
    flagged = {e.log_line for e in whole.entries if e.findings}
    assert flagged and {e.log_line for e in stored.entries} == \
        {e.log_line for e in whole.entries if e.place.deal == last} | flagged
    assert stored.log == "" and trimmed(whole) == stored


def board_html(client, game_id: int) -> str:
    from seeplog.web.live import pages
    pages.BOARDS.clear()
    response = client.get(f"/live/{game_id}/board")
    assert response.status_code == 200
    return response.get_data(as_text=True)


def drawn_again_with_stored(app, client, blob) -> tuple[str, str]:
    """A game's board as drawn, then drawn again in another worker once its stored view is `blob`."""
    variant, tags, lines = header_and_lines("r-bid-throw.seep")
    keeper = Keeper(client, variant)
    for line in lines[:20]:
        keeper.add(line)
    drawn = board_html(client, keeper.id)
    with app.app_context():
        db = get_db()
        db.execute("update live_games set board = ? where game_id = ?", [blob, keeper.id])
        db.conn.commit()
        assert followed_view(db, keeper.id) is None
    seeplog.analysis.forget_analyses()  # as in another worker
    return drawn, board_html(client, keeper.id)


@pytest.mark.parametrize("stored", [None, b"0123456789abcdef\nnot a pickle of this version"])
def test_a_game_without_its_view_stored_by_this_version_is_drawn_from_its_entries(app, client, stored):
    drawn, again = drawn_again_with_stored(app, client, stored)
    assert again == drawn


class Planted:
    """What a hostile row would hold: a pickle that calls a function when it is read."""

    def __init__(self, path):
        self.path = path

    def __reduce__(self):
        return pathlib.Path.touch, (pathlib.Path(self.path),)


def test_a_stored_view_that_would_call_a_function_is_not_read(app, client, tmp_path):
    planted = tmp_path / "planted"
    blob = library_fingerprint().encode() + b"\n" + pickle.dumps(Planted(str(planted)))
    drawn, again = drawn_again_with_stored(app, client, blob)
    assert again == drawn and not planted.exists()
