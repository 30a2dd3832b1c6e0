"""A start's work on the store, done once: migrations and samples under the lock, the re-derive job claimed."""
from __future__ import annotations

import subprocess
import sys
import threading
import time

from seeplog.fingerprint import library_fingerprint
from seeplog.web.db import MIGRATIONS, applied, connect, init_db, statements, writing
from seeplog.web.startup import claim, prepare, rebuild_stale
from seeplog.web.games.store import DERIVED, SAMPLES, Upload, set_meta, store
from tests.web.helpers import example, make_app
from tests.web.live_helpers import Keeper


def test_statements_split_a_script_but_not_its_comments_strings_or_triggers():
    script = ("-- a; comment\nCREATE TABLE t (a TEXT DEFAULT 'x;y');\n"
              "CREATE TRIGGER d AFTER DELETE ON t BEGIN\n  DELETE FROM t WHERE a = old.a;\nEND;\n-- end;\n")
    assert statements(script) == ["-- a; comment\nCREATE TABLE t (a TEXT DEFAULT 'x;y');",
                                  "CREATE TRIGGER d AFTER DELETE ON t BEGIN\n  DELETE FROM t WHERE a = old.a;\nEND;"]


def test_the_store_is_in_wal_mode_with_a_busy_timeout(tmp_path):
    db = connect(str(tmp_path / "w.db"))
    assert db.execute("pragma journal_mode").fetchone()[0] == "wal"
    assert db.execute("pragma busy_timeout").fetchone()[0] >= 10_000


def test_a_write_waits_for_the_write_lock_instead_of_failing(tmp_path):
    path = str(tmp_path / "lock.db")
    holder = init_db(path)
    other = connect(path)
    done = []

    def write():
        with writing(other):
            other.execute("insert into meta values ('waited', '1')")
        done.append(time.monotonic())

    with writing(holder):
        holder.execute("insert into meta values ('first', '1')")
        thread = threading.Thread(target=write)
        thread.start()
        time.sleep(0.5)
        released = time.monotonic()
        assert not done
    thread.join(10)
    assert done and done[0] >= released
    assert {r["key"] for r in holder.query("select key from meta")} >= {"first", "waited"}


def test_processes_starting_at_once_migrate_and_load_the_samples_once(tmp_path):
    path = tmp_path / "fresh.db"
    code = ("import sys; from seeplog.web.db import connect; from seeplog.web.startup import prepare;"
            "db = connect(sys.argv[1]); prepare(db, samples=True); db.close()")
    runs = [subprocess.Popen([sys.executable, "-c", code, str(path)], stderr=subprocess.PIPE) for _ in range(6)]
    errors = [p.communicate(timeout=60)[1].decode() for p in runs]
    assert [p.returncode for p in runs] == [0] * 6, errors
    db = connect(str(path))
    assert applied(db) == sorted(p.stem for p in MIGRATIONS.glob("*.sql"))
    assert db["games"].count == len(list(SAMPLES.glob("*.seep")))
    assert dict(db.execute("select key, value from meta where key != 'rebuild_claim'").fetchall()) == {
        "derived_with": library_fingerprint(), "samples_loaded": "1"}


def test_a_second_prepare_changes_nothing(tmp_path):
    db = init_db(str(tmp_path / "p.db"))
    prepare(db, samples=True)
    before = db["games"].count
    db.execute("delete from games where id = (select min(id) from games)")
    prepare(db, samples=True)
    assert db["games"].count == before - 1  # samples are loaded into a store that never had games, once


def test_the_rederive_job_is_claimed_by_one_live_process(tmp_path):
    db = init_db(str(tmp_path / "c.db"))
    assert claim(db, "1:1")  # pid 1 is alive
    assert not claim(db, "2:2")
    with writing(db):
        set_meta(db, "rebuild_claim", f"{2 ** 22 + 7}:1@{time.time()}")  # a pid that cannot be running
    assert claim(db, "3:3")
    with writing(db):
        set_meta(db, "rebuild_claim", f"1:1@{time.time() - 3600}")  # alive but silent for an hour
    assert claim(db, "4:4")


def test_rebuild_stale_rederives_only_the_games_of_another_version(tmp_path):
    path = str(tmp_path / "r.db")
    db = init_db(path)
    prepare(db, samples=False)
    ids = [store(db, Upload(t, t, "seep", n)).id for n, t in (
        ("a", example("r-capture-all.seep").decode()), ("b", example("game-standard-1.seep").decode()))]
    with writing(db):
        set_meta(db, "derived_with", "old")
        db.execute("update games set derived_with = 'old', result = 'stale' where id = ?", [ids[0]])
        db.execute("delete from violations")
    assert rebuild_stale(path) == 1
    assert db.execute("select count(*) from games where result = 'stale'").fetchone()[0] == 0
    assert db["violations"].count == 1
    assert db.execute("select value from meta where key = 'derived_with'").fetchone()[0] == library_fingerprint()
    assert rebuild_stale(path) == 0


def derived_state(db) -> dict[str, list]:
    """Every derived table's rows and every live game's stored view."""
    rows = {name: list(db.query(f"select * from {name} order by 1, 2, 3")) for name in DERIVED}
    rows["live_views"] = list(db.query("select game_id, view from live_games order by game_id"))
    return rows


def test_a_start_rederives_the_stale_games_and_the_live_views_that_read_them(tmp_path):
    path = tmp_path / "s.db"
    client = make_app(path).test_client()
    uploaded = client.post("/api/games", data=example("r-capture-all.seep"), content_type="text/plain")
    assert uploaded.status_code == 201
    keeper = Keeper(client, players={"N": "Asha", "S": "Chetan"})
    keeper.add_all(["deal 1 dealer N", "floor Kh Jc 9s 2s", "bid W 11", "W Jd x Jc 9s+2s", "S 5h"])
    db = connect(str(path))
    fresh = derived_state(db)
    assert fresh["violations"] and fresh["ledger"] and len(fresh["live_views"]) == 1
    with writing(db):
        set_meta(db, "derived_with", "an older library")
        db.execute("update games set derived_with = 'an older library', result = 'stale'")
        db.execute("update live_games set view = '{}'")
        for name in DERIVED:
            db.execute(f"delete from {name}")
    make_app(path).extensions["seeplog_rebuild"].join(timeout=60)
    assert derived_state(db) == fresh
    assert db.execute("select count(*) from games where derived_with is not ?",
                      [library_fingerprint()]).fetchone()[0] == 0
    assert client.get(f"/api/live/{keeper.id}").json["version"] == keeper.version


def test_a_warmed_worker_has_its_page_templates_compiled(tmp_path):
    from seeplog.web.warm import warm

    app = make_app(tmp_path / "warm.db")
    assert warm(app) >= 20
    cached = {key[1] for key in app.jinja_env.cache.keys()}
    assert {"live_follow.html", "_live_board.html", "game.html"} <= cached
