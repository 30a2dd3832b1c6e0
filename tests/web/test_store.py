"""The store: migrations keep data, one transaction per write, tables derived by replay, samples, queries."""
from __future__ import annotations

import shutil
import sqlite3

import pytest

from app import create_app
from seeplog.fingerprint import library_fingerprint
from seeplog.web.games import store as store_module
from seeplog.web.db import MIGRATIONS, applied, connect, init_db, migrate
from seeplog.web.games.queries import Filters, find_games
from seeplog.web.commands import rebuild
from seeplog.web.games.store import SAMPLES, Upload, content_hash, store
from tests.web.helpers import example, make_app


def upload_of(name: str) -> Upload:
    text = example(name).decode()
    return Upload(text, text, "seep", name)


@pytest.fixture
def db(tmp_path):
    database = init_db(str(tmp_path / "store.db"))
    yield database
    database.close()


def test_migrations_apply_once(db):
    assert applied(db) == sorted(p.stem for p in MIGRATIONS.glob("*.sql"))
    assert migrate(db) == []
    assert {"games", "deals", "deal_scores", "violations", "ledger", "players", "game_tags"} <= set(db.table_names())


def test_a_later_migration_keeps_stored_games(tmp_path):
    folder = tmp_path / "migrations"
    shutil.copytree(MIGRATIONS, folder)
    database = connect(str(tmp_path / "old.db"))
    migrate(database, folder)
    stored = store(database, upload_of("game-standard-1.seep"))
    (folder / "9999_notes.sql").write_text("ALTER TABLE games ADD COLUMN notes TEXT;\n"
                                           "CREATE TABLE comments (game_id INTEGER REFERENCES games (id), body TEXT);")
    assert migrate(database, folder) == ["9999_notes"]
    row = database["games"].get(stored.id)
    assert row["raw"] == example("game-standard-1.seep").decode() and row["notes"] is None
    assert database["deals"].count == 3


def test_a_failing_migration_changes_nothing(tmp_path):
    folder = tmp_path / "migrations"
    shutil.copytree(MIGRATIONS, folder)
    database = connect(str(tmp_path / "old.db"))
    migrate(database, folder)
    store(database, upload_of("game-standard-1.seep"))
    (folder / "9999_bad.sql").write_text("ALTER TABLE games ADD COLUMN notes TEXT;\nTHIS IS NOT SQL;")
    with pytest.raises(sqlite3.Error):
        migrate(database, folder)
    assert "notes" not in database["games"].columns_dict
    assert "9999_bad" not in applied(database) and database["games"].count == 1


def test_store_derives_the_tables(db):
    stored = store(db, upload_of("r-capture-all.seep"))
    assert stored.created
    row = db["games"].get(stored.id)
    assert row["variant"] == "thirty" and row["event"] == "Club night 128" and row["date"] == "2026-07-06"
    assert row["status"] == 1 and row["violation_count"] == 1 and row["deal_count"] == 2
    assert row["hash"] == content_hash(row["raw"])
    findings = list(db.query("select rule, deal, play, seat, line from violations"))
    assert findings == [{"rule": "R-CAPTURE-ALL", "deal": 2, "play": 48, "seat": "E", "line": 112}]
    scores = {(r["position"], r["team"]): r["score"] for r in db.query("select * from deal_scores")}
    assert scores == {(1, "NS"): 49, (1, "EW"): 23, (2, "NS"): 28, (2, "EW"): 54}
    ledger = [(r["deal"], r["lead_team"], r["lead_points"], r["next_dealer"]) for r in db.query(
        "select * from ledger order by position")]
    assert ledger[0][:3] == (1, "NS", 26)
    players = {r["seat"]: r["name"] for r in db.query("select * from players")}
    assert players == {"N": "Lakshmi", "W": "Esha", "S": "Priya", "E": "Chetan"}


def test_every_write_is_one_transaction(db, monkeypatch):
    def broken(database, game_id, rank, log, doc):
        database["deals"].insert({"game_id": game_id, "game": 1, "position": 1, "number": 1, "dealer": "N",
                                  "plays": 0, "complete": 0, "score_only": 1, "line": 1})
        raise RuntimeError("disk on fire")

    monkeypatch.setattr(store_module, "insert_derived", broken)
    with pytest.raises(RuntimeError):
        store(db, upload_of("game-standard-1.seep"))
    assert db["games"].count == 0 and db["deals"].count == 0


def test_rebuild_derives_again_from_the_raw_text(db):
    store(db, upload_of("r-capture-all.seep"))
    store(db, upload_of("two-games.seep"))
    before = {name: list(db.query(f"select * from {name} order by 1, 2, 3")) for name in store_module.DERIVED}
    db.execute("delete from violations")
    db.execute("update games set variant = 'wrong', status = 0")
    db.conn.commit()
    assert rebuild(db) == 2
    after = {name: list(db.query(f"select * from {name} order by 1, 2, 3")) for name in store_module.DERIVED}
    strip = {name: [{k: v for k, v in r.items() if k != "id"} for r in rows] for name, rows in before.items()}
    assert strip == {name: [{k: v for k, v in r.items() if k != "id"} for r in rows] for name, rows in after.items()}
    assert {r["variant"] for r in db.query("select variant from games")} == {"thirty", "standard"}


def test_content_hash_ignores_line_endings_and_outer_blank_lines():
    text = example("game-standard-1.seep").decode()
    assert content_hash(text) == content_hash("\ufeff\n" + text.replace("\n", "\r\n") + "\n\n")
    assert content_hash(text) != content_hash(text.replace("Kiran", "Kirat"))


def test_queries(db):
    for name in ("game-standard-1.seep", "two-games.seep", "r-capture-all.seep"):
        store(db, upload_of(name))

    def names(**kw):
        return {r["filename"] for r in find_games(db, Filters(**kw))[0]}

    assert names(player="Farhan") == {"two-games.seep"}
    assert names(event="night 13") == {"two-games.seep"}
    assert names(event="night 12") == {"two-games.seep", "r-capture-all.seep"}
    assert names(variant="thirty") == {"two-games.seep", "r-capture-all.seep"}
    # a file is listed, sorted and filtered under its first game's Date (two-games: 2026-12-18)
    assert names(date_from="2026-12-18") == {"two-games.seep"}
    assert names(date_from="2026-12-19") == set()
    assert names(date_from="2026-07-06", date_to="2026-07-06") == {"r-capture-all.seep"}
    assert names(date_to="2026-07-05") == {"game-standard-1.seep"}
    assert names(q="lakshmi") == {"two-games.seep", "r-capture-all.seep"}
    assert names(q="ki") == {"two-games.seep", "game-standard-1.seep"}
    assert names(player="Farhan", variant="standard") == {"two-games.seep"}
    assert names(player="Farhan", variant="juneja") == set()
    assert names(flagged=True) == {"r-capture-all.seep"}
    assert names(q="100%") == set()


def test_first_start_loads_the_samples_once(tmp_path, monkeypatch):
    path = tmp_path / "env.db"
    monkeypatch.setenv("SEEPLOG_DB", str(path))
    monkeypatch.setenv("SEEPLOG_SECRET_KEY", "k")
    app = create_app()
    assert app.config["DATABASE"] == str(path)
    samples = sorted(p.name for p in SAMPLES.glob("*.seep"))
    listed = app.test_client().get("/api/games?per_page=100").json
    assert sorted(g["filename"] for g in listed["games"]) == samples and len(samples) >= 5
    database = connect(str(path))
    database.execute("delete from games")
    database.conn.commit()
    database.close()
    create_app()
    assert connect(str(path))["games"].count == 0


def test_a_store_derived_by_another_library_version_is_rebuilt(tmp_path):
    app = make_app(tmp_path / "v.db")
    app.test_client().post("/api/games", data=example("r-capture-all.seep"), content_type="text/plain")
    database = connect(str(tmp_path / "v.db"))
    database.execute("delete from violations")
    database.execute("update meta set value = 'old' where key = 'derived_with'")
    database.execute("update games set derived_with = 'old'")
    app = make_app(tmp_path / "v.db")
    app.extensions["seeplog_rebuild"].join(timeout=30)
    assert database["violations"].count == 1
    assert [r["value"] for r in database.query("select value from meta where key = 'derived_with'")] == [
        library_fingerprint()]


def test_cli_commands(runner, app):
    result = runner.invoke(args=["init-db"])
    assert result.exit_code == 0 and "0001_games" in result.output
    result = runner.invoke(args=["load-samples"])
    assert result.exit_code == 0 and f"Stored {len(list(SAMPLES.glob('*.seep')))} sample games" in result.output
    result = runner.invoke(args=["rebuild-db"])
    assert result.exit_code == 0 and "Rebuilt" in result.output


COUNTED = ("games", "game_tags", "players", "deals", "deal_scores", "violations", "ledger", "game_variants",
           "games_text", "game_tokens", "live_games", "live_events")


def test_the_game_ids_migration_keeps_every_row_and_never_gives_an_id_again(tmp_path, monkeypatch):
    from seeplog.web.live import store as live_store
    from seeplog.web.games import store as games_store
    from seeplog.web.games.manage import delete_game, issue_token
    # The code of then wrote its derived rows by sqlite-utils, which makes a table it does not find (today's
    # code writes tables the sixth migration's store lacks; migrations 0008 and 0012 drop such copies).
    monkeypatch.setattr(games_store, "insert_rows", lambda db, name, rows: db.table(name).insert_all(rows))
    folder = tmp_path / "migrations"
    folder.mkdir()
    for script in sorted(MIGRATIONS.glob("*.sql"))[:6]:
        shutil.copy(script, folder)
    database = connect(str(tmp_path / "old.db"))
    migrate(database, folder)
    database.execute("alter table live_games add column board blob")  # today's live code writes it (0014)
    database.execute("alter table player_aliases add column origin integer")  # and its clubs code this (0015)
    database.execute("alter table live_games add column tags_fixed integer not null default 0")  # and this (0016)
    ids = [store(database, upload_of(name)).id for name in ("game-standard-1.seep", "game-standard-2.seep",
                                                             "game-two-player-1.seep")]
    live_id, _ = live_store.create(database, "standard", {"N": "Asha"}, {"Event": "Club"})
    for game_id in ids:
        issue_token(database, game_id)
    delete_game(database, live_id)
    again, _ = live_store.create(database, "standard", {"N": "Asha"}, {"Event": "Club"})
    assert again == live_id  # before the migration, the highest id is given again
    before = {t: database[t].count for t in COUNTED}
    rows = list(database.query("select * from games order by id"))
    database.execute("alter table live_games drop column board")  # as the sixth migration left the tables
    database.execute("alter table player_aliases drop column origin")
    database.execute("alter table live_games drop column tags_fixed")
    for script in sorted(MIGRATIONS.glob("*.sql"))[6:]:
        shutil.copy(script, folder)
    assert "0007_game_ids" in migrate(database, folder)
    assert {t: database[t].count for t in COUNTED} == before
    assert list(database.query("select * from games order by id")) == rows
    assert database.execute("pragma foreign_keys").fetchone()[0] == 1
    assert "AUTOINCREMENT" in database.execute("select sql from sqlite_master where name = 'games'").fetchone()[0]
    triggers = {r[0] for r in database.execute("select name from sqlite_master where type = 'trigger' "
                                               "and tbl_name = 'games'")}
    assert {"games_text_delete", "games_clubs_date", "games_grams_delete"} <= triggers  # later ones add their own
    delete_game(database, live_id)  # a delete still takes the game's rows along, and only its own
    assert database["live_games"].count == 0 and database["games"].count == 3
    assert database["games_text"].count == 3
    assert store(database, upload_of("game-juneja-1.seep")).id == live_id + 1


def test_a_migration_with_foreign_keys_off_refuses_broken_references(tmp_path):
    folder = tmp_path / "migrations"
    shutil.copytree(MIGRATIONS, folder)
    database = connect(str(tmp_path / "old.db"))
    migrate(database, folder)
    store(database, upload_of("game-standard-1.seep"))
    (folder / "9999_drop.sql").write_text("-- seeplog: foreign keys off\nDROP TABLE games;\n"
                                          "CREATE TABLE games (id INTEGER PRIMARY KEY);")
    with pytest.raises(RuntimeError, match="rows referring to no row"):
        migrate(database, folder)
    assert database["deals"].count == 3 and database["games"].count == 1
    assert database.execute("pragma foreign_keys").fetchone()[0] == 1
