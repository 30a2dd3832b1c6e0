"""The stores raise refusals that know no HTTP; the web shell maps each kind to its status in one place."""
from __future__ import annotations

import pytest

from seeplog.refusals import BadInput, Conflict, NotAllowed, NotFound, Refusal, Refused, TooLarge
from seeplog.web.db import get_db
from seeplog.web.api.errors import STATUS
from seeplog.web.live.store import Request, create, record
from seeplog.web.games.manage import SameLog, TokenRefused
from seeplog.web.games.limits import TooMuch
from seeplog.web.games.store import BadUpload
from tests.web.helpers import assert_envelope, make_app, upload
from tests.web.live_helpers import Keeper


def test_every_kind_of_refusal_has_one_status():
    kinds = {BadInput, NotAllowed, NotFound, Conflict, TooLarge, Refused}
    assert set(Refusal.__subclasses__()) == kinds == set(STATUS)
    assert [STATUS[kind] for kind in (BadInput, NotAllowed, NotFound, Conflict, TooLarge, Refused)] == \
        [400, 403, 404, 409, 413, 422]
    assert issubclass(BadUpload, BadInput) and issubclass(TooMuch, TooLarge)
    assert issubclass(TokenRefused, NotAllowed) and issubclass(SameLog, Conflict)


def test_the_live_store_raises_refusals_without_a_request(app):
    with app.app_context():
        db = get_db()
        with pytest.raises(BadInput, match="seats"):
            create(db, "standard", {"X": "Ann"}, {})
        game_id, token = create(db, "standard", {}, {})
        with pytest.raises(NotFound):
            record(db, game_id + 1, token, Request("append", 1, "x"))
        with pytest.raises(NotAllowed) as refused:
            record(db, game_id, "not-the-token", Request("append", 1, "x"))
        assert refused.value.realm == "seeplog live game"
        with pytest.raises(Conflict) as stale:
            record(db, game_id, token, Request("append", 7, "x"))
        assert stale.value.extra["version"] == 1 and "events" in stale.value.extra
        with pytest.raises(Refused) as unreadable:
            record(db, game_id, token, Request("append", 1, "?!"))
        assert unreadable.value.errors and unreadable.value.errors[0]["line"] >= 1


def test_a_refusal_answers_the_api_with_the_envelope_and_a_page_with_the_error_page(client):
    keeper = Keeper(client)
    answer = keeper.client.post(f"/api/live/{keeper.id}/entries", json={"version": 9, "line": "x"},
                                headers=keeper.auth)
    assert answer.status_code == 409
    assert {k: answer.json[k] for k in ("ok", "status", "version")} == {"ok": False, "status": 409, "version": 1}
    wrong = keeper.client.post(f"/api/live/{keeper.id}/entries", json={"version": 1, "line": "x"},
                               headers={"Authorization": "Bearer nope"})
    assert wrong.status_code == 403 and wrong.headers["WWW-Authenticate"] == 'Bearer realm="seeplog live game"'
    game_id = upload(client, "e-ambiguous.seep")
    manage = client.put(f"/api/games/{game_id}", data="x", headers={"Content-Type": "text/plain",
                                                                    "X-Manage-Token": "not-it"})
    assert assert_envelope(manage, 403)["error"] == "this is not the game's manage token"
    assert "WWW-Authenticate" not in manage.headers


def test_a_refusal_on_a_page_answers_with_the_error_page(tmp_path):
    app = make_app(tmp_path / "seeplog.db")

    @app.get("/refusing")
    def refusing():
        raise Conflict("the game is closed: it takes no more entries", extra={"version": 3})

    page = app.test_client().get("/refusing", headers={"Accept": "text/html"})
    assert page.status_code == 409 and page.mimetype == "text/html"
    assert "the game is closed: it takes no more entries" in page.get_data(as_text=True)
