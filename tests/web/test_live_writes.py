"""A live entry is one write transaction on a store in WAL mode: the write lock taken at its start
(BEGIN IMMEDIATE), every write inside it, one COMMIT, and no write outside it. The entry is derived
before, in a read transaction of its own: the lock is held for the writes."""
from __future__ import annotations

import re

import pytest

from seeplog.web import db as db_module
from tests.web.helpers import make_app
from tests.web.live_helpers import Keeper

WRITE = re.compile(r"^\s*(insert|update|delete|replace)\b", re.IGNORECASE)


@pytest.fixture
def traced(tmp_path, monkeypatch):
    """The app, and every SQL statement its requests' connections run, in order."""
    app = make_app(tmp_path / "writes.db")
    statements: list[str] = []
    original = db_module.connect

    def connect(path: str):
        db = original(path)
        db.conn.set_trace_callback(statements.append)
        return db

    monkeypatch.setattr(db_module, "connect", connect)
    return app.test_client(), statements


def test_an_entry_is_one_short_write_transaction_in_wal_mode(traced):
    client, statements = traced
    keeper = Keeper(client)
    keeper.add_all(["deal 1 dealer E", "floor Kh Jh 2c Ad"])
    statements.clear()
    assert keeper.add("bid N 10").status_code == 201
    begins = [i for i, s in enumerate(statements) if s.strip().upper() == "BEGIN IMMEDIATE"]
    assert len(begins) == 1
    commits = [i for i, s in enumerate(statements) if s.strip().upper() == "COMMIT" and i > begins[0]]
    assert len(commits) == 1
    writes = [i for i, s in enumerate(statements) if WRITE.match(s)]
    assert writes and all(begins[0] < i < commits[0] for i in writes)
    derived = [i for i, s in enumerate(statements) if s.startswith("select raw from games")]
    assert derived and all(i < begins[0] for i in derived)  # the game read for its derivation: before the lock
    with client.application.app_context():
        assert db_module.get_db().execute("pragma journal_mode").fetchone()[0] == "wal"


def test_a_corrected_event_is_searched_by_its_new_name_only(traced):
    client, _ = traced
    keeper = Keeper(client, tags={"Event": "Spring Cup"})
    keeper.add_all(["deal 1 dealer E", "floor Kh Jh 2c Ad"])

    def found(**query) -> bool:
        return keeper.id in [g["id"] for g in client.get("/api/games", query_string=query).json["games"]]

    assert found(event="Spring") and found(q="Sp") and not found(event="Autumn")
    number = next(e["number"] for e in keeper.doc()["entries"] if "Spring Cup" in e["line"])
    assert keeper.send(replace=number, line='[Event "Autumn Cup"]', note="the right event").status_code == 201
    assert found(event="Autumn") and found(q="Au") and not found(event="Spring") and not found(q="Sp")
    keeper.add("bid N 10")
    assert found(event="Autumn") and found(event="ut") and not found(event="Sp")


def test_an_event_derived_while_another_commits_is_answered_stale_and_not_stored(tmp_path, monkeypatch):
    from seeplog.web.live import store

    app = make_app(tmp_path / "race.db")
    keeper = Keeper(app.test_client())
    keeper.add_all(["deal 1 dealer E"])
    derived_ahead, others = store._derived_ahead, []

    def another_commits_meanwhile(db, game_id, token, req):
        made = derived_ahead(db, game_id, token, req)
        if not others:  # a second scorekeeper's entry lands after this one was derived, before its lock
            others.append(req)
            store.record(db_module.connect(app.config["DATABASE"]), game_id, token,
                         store.Request("append", req.version, line="floor Kh Jh 2c Ad"))
        return made

    monkeypatch.setattr(store, "_derived_ahead", another_commits_meanwhile)
    response = keeper.add("floor Qs Jh 2c Ad")
    assert response.status_code == 409 and response.json["version"] == keeper.version + 1
    assert [e["line"] for e in keeper.doc()["entries"]][-2:] == ["deal 1 dealer E", "floor Kh Jh 2c Ad"]
