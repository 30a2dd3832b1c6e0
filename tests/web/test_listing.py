"""The games list: every filter answers from an index in list order (query plans), a window of page links,
the order of the list, and a store of the first schema brought to the listing tables by its migration."""
from __future__ import annotations

import re
import shutil

import pytest

from seeplog.ruleset import VARIANTS
from seeplog.web.db import MIGRATIONS, connect, init_db, migrate
from seeplog.web.games.manage import delete_game, replace_game
from seeplog.web.games.queries import COLUMNS, Filters, build, find_games
from seeplog.web.games.store import Upload, store
from tests.web.helpers import example, upload

FILTERS = [
    {}, {"variant": "thirty"}, {"date_from": "2026-01-01"}, {"date_to": "2026-06-30"},
    {"date_from": "2026-01-01", "date_to": "2026-06-30"}, {"flagged": True}, {"q": "kiran"}, {"q": "ki"},
    {"player": "Farhan"}, {"player": "Fa"}, {"event": "night 12"}, {"q": "lakshmi", "player": "asha"},
    {"variant": "thirty", "flagged": True}, {"variant": "standard", "date_from": "2026-01-01"},
    {"flagged": True, "date_to": "2026-06-30"}, {"player": "asha", "variant": "thirty", "flagged": True,
                                                 "date_from": "2026-01-01", "date_to": "2026-12-31"},
]


def upload_of(name: str, text: str | None = None) -> Upload:
    text = text or example(name).decode()
    return Upload(text, text, "seep", name)


@pytest.fixture
def db(tmp_path):
    database = init_db(str(tmp_path / "store.db"))
    for name in ("game-standard-1.seep", "two-games.seep", "r-capture-all.seep"):
        store(database, upload_of(name))
    yield database
    database.close()


INDEXES = r"INDEX (games_rank|games_flagged_rank|games_listed)|PRIMARY KEY \((variant|gram)|VIRTUAL TABLE"
"""The indexes a list query may be driven by (each in list order)."""


def plan(db, sql: str, params: list) -> list[str]:
    return [row[3] for row in db.execute("explain query plan " + sql, params).fetchall()]


@pytest.mark.parametrize("given", FILTERS, ids=lambda f: "&".join(f"{k}={v}" for k, v in f.items()) or "all")
def test_every_list_query_reads_an_index_in_list_order(db, given):
    """No full scan of games (nor of game_variants), no sort in a temporary B-tree: the page query stops
    after its rows; the count reads an index, never the games table."""
    query = build(Filters(**given))
    page_sql, params = query.page_sql(", ".join(f"games.{c.strip()}" for c in COLUMNS.split(",")))
    count_sql, count_params = query.count_sql()
    for sql, args in ((page_sql, params + [20, 0]), (count_sql, count_params)):
        steps = plan(db, sql, args)
        assert not any("TEMP B-TREE" in s for s in steps), steps
        assert not any(re.fullmatch(r"SCAN (games|v|game_variants)( |$).*", s) and " INDEX " not in s
                       for s in steps), steps
        assert any(re.search(INDEXES, s) for s in steps), steps


def test_the_text_filters_use_the_trigram_index(db):
    for given in ({"q": "kiran"}, {"player": "Farhan"}, {"event": "night"}):
        query = build(Filters(**given))
        sql, params = query.page_sql("games.id")
        assert any(re.search(r"VIRTUAL TABLE INDEX \d+:M", s) for s in plan(db, sql, params + [20, 0]))


SHORT_TEXTS = ["ki", "KI", "a", "Z", " ", "\n", "%", "_", "an", "ra", "12", "t ", "é", "'", "Sh"]


@pytest.mark.parametrize("text", SHORT_TEXTS)
def test_a_short_text_finds_what_a_like_over_the_searched_text_finds(db, text):
    """Texts of one or two characters are read from games_grams: the same games as LIKE '%text%' (case
    aside as LIKE folds it) over each filter's fields of games_text, in list order."""
    escaped = "%" + text.replace("\\", "\\\\").replace("%", "\\%").replace("_", "\\_") + "%"
    for name, columns in (("q", ("players", "event", "site")), ("player", ("players",)), ("event", ("event",))):
        where = " or ".join(f"t.{c} like ? escape '\\'" for c in columns)
        expected = [r["id"] for r in db.query(f"select games.id from games_text t join games on games.rank = t.rowid "
                                              f"where {where} order by t.rowid desc", [escaped] * len(columns))]
        rows, total = find_games(db, Filters(**{name: text}))
        assert [r["id"] for r in rows] == expected and total == len(expected), (name, text)
    assert find_games(db, Filters(q="ki"))[1] > 0


def test_two_short_texts_and_a_long_one_together(db):
    rows, _ = find_games(db, Filters(q="lakshmi", player="as", event="ni"))
    assert [r["filename"] for r in rows] == ["two-games.seep"]
    assert find_games(db, Filters(player="as", event="zq"))[1] == 0
    assert find_games(db, Filters(player="a\x00"))[1] == 0


def test_filters_find_what_they_name(db):
    def names(**kw):
        rows, total = find_games(db, Filters(**kw))
        assert total == len(rows)
        return [r["filename"] for r in rows]

    assert names() == ["two-games.seep", "r-capture-all.seep", "game-standard-1.seep"]  # newest Date first
    assert names(q="LAKSHMI") == ["two-games.seep", "r-capture-all.seep"]
    assert names(q="Club night 128") == ["r-capture-all.seep"]
    assert names(player="as") == ["two-games.seep"] and names(player='"') == []
    assert names(q="100%") == [] and names(q="_") == []
    assert names(variant="standard") == ["two-games.seep", "game-standard-1.seep"]
    assert names(variant="thirty", flagged=True) == ["r-capture-all.seep"]
    assert names(date_from="2026-02-30", date_to="2026-12-31") == ["two-games.seep", "r-capture-all.seep"]


def test_a_count_kept_moves_with_every_game_stored_replaced_or_deleted(db, tmp_path):
    """The counts are kept by the store's games_version: each change of a game gives another count at once,
    and another store's count is never taken for this one's."""
    def total(**kw):
        return find_games(db, Filters(**kw))[1]

    def version():
        return db.execute("select version from games_version").fetchone()[0]

    assert total(q="Kiranjit") == 0 and total() == 3 and total(flagged=True) == 1
    before = version()
    text = example("game-standard-1.seep").decode().replace("Kiran", "Kiranjit")
    added = store(db, upload_of("renamed.seep", text))
    assert version() != before
    assert total(q="Kiranjit") == 1 and total() == 4 and total(flagged=True) == 1
    replace_game(db, added.id, upload_of("renamed.seep", text.replace("Kiranjit", "Kiranpal")))
    assert total(q="Kiranjit") == 0 and total(q="Kiranpal") == 1
    delete_game(db, added.id)
    assert total(q="Kiranpal") == 0 and total() == 3
    other = init_db(str(tmp_path / "other.db"))
    other.execute("update games_version set version = ?", [version()])  # the same number, another store
    assert find_games(other, Filters())[1] == 0
    other.close()


def test_a_game_without_a_date_is_listed_under_its_upload_day_and_not_found_by_dates(db):
    text = example("game-standard-1.seep").decode().replace('[Date "2026-01-03"]\n', "")
    undated = store(db, upload_of("undated.seep", text.replace("Kiran", "Kiranjit")))
    today = db.execute("select substr(uploaded, 1, 10) from games where id = ?", [undated.id]).fetchone()[0]
    rows, _ = find_games(db, Filters())
    dates = [r["date"] or today for r in rows]
    assert dates == sorted(dates, reverse=True) and undated.id in {r["id"] for r in rows}
    assert undated.id not in {r["id"] for r in find_games(db, Filters(date_from="2000-01-01"))[0]}


def test_the_list_shows_a_window_of_page_links(client):
    text = example("game-standard-1.seep").decode()
    for n in range(30):
        body = text.replace('[Event "', f'[Event "Round {n:02} ', 1).encode()
        assert client.post("/api/games", data=body, content_type="text/plain").status_code == 201
    page = client.get("/?per_page=1&page=15").get_data(as_text=True)
    nav = re.search(r'<nav class="pages".*?</nav>', page, re.DOTALL).group(0)
    linked = [int(p) for p in re.findall(r'page=(\d+)"', nav)]
    assert sorted(set(linked)) == [1, 12, 13, 14, 16, 17, 18, 30]
    assert '<strong aria-current="page">15</strong>' in nav and 'rel="prev"' in nav and 'rel="next"' in nav
    first = re.search(r'<nav class="pages".*?</nav>', client.get("/?per_page=1").get_data(as_text=True), re.DOTALL)
    assert sorted({int(p) for p in re.findall(r'page=(\d+)"', first.group(0))}) == [2, 3, 4, 30]


def test_the_listing_migration_fills_its_tables_from_a_store_of_the_first_schema(tmp_path, db):
    first = tmp_path / "first"
    first.mkdir()
    shutil.copy(MIGRATIONS / "0001_games.sql", first)
    old = connect(str(tmp_path / "old.db"))
    migrate(old, first)
    old.execute(f"attach database '{db.conn.execute('pragma database_list').fetchone()[2]}' as new")
    for table in ("games", "game_tags", "players", "deals", "deal_scores", "violations", "ledger", "meta"):
        columns = ", ".join(f'"{c}"' for c in old[table].columns_dict)
        old.execute(f"insert into main.{table} ({columns}) select {columns} from new.{table}")
    old.execute("detach database new")
    migrate(old)
    for given in FILTERS:
        assert find_games(old, Filters(**given)) == find_games(db, Filters(**given)), given


def test_the_variant_filter_lists_every_variant(client):
    """The games list's variant choice comes from seeplog.ruleset.VARIANTS, in its order."""
    page = client.get("/").get_data(as_text=True)
    select = page[page.index('<select name="variant">'):]
    select = select[:select.index("</select>")]
    assert re.findall(r'<option value="([^"]*)"', select) == ["", *VARIANTS]


def test_a_search_text_with_a_nul_matches_nothing(client):
    """FTS5 would read the NUL as the end of its query (a 500 before); no stored name holds one."""
    upload(client, "game-standard-1.seep")
    for name in ("q", "event", "player"):
        response = client.get(f"/api/games?{name}=00%00init")
        assert response.status_code == 200 and response.json["total"] == 0


def test_the_short_text_migration_fills_an_older_store_as_storing_does(db):
    """A store made before 0008_list_indexes gets the same games_grams rows from its games_text."""
    stored = list(db.query("select * from games_grams order by gram, rank"))
    db.execute("drop trigger games_grams_delete")
    db.execute("drop table games_grams")
    db.execute("drop index games_listed")
    db.execute("delete from migrations where name = '0008_list_indexes'")
    assert migrate(db) == ["0008_list_indexes"]
    assert list(db.query("select * from games_grams order by gram, rank")) == stored and stored


@pytest.mark.parametrize("path", ["/?q=Kiran", "/api/games?q=Kiran"])
def test_the_list_answers_304_to_a_client_holding_it_until_a_game_changes(client, path):
    first = client.get(path)
    assert first.status_code == 200 and first.headers["ETag"]
    again = client.get(path, headers={"If-None-Match": first.headers["ETag"]})
    assert again.status_code == 304 and again.data == b"" and again.headers["ETag"] == first.headers["ETag"]
    held = {"If-None-Match": first.headers["ETag"]}
    assert client.get(path.replace("Kiran", "Kira"), headers=held).status_code == 200
    game = upload(client, "game-standard-1.seep")
    changed = client.get(path, headers={"If-None-Match": first.headers["ETag"]})
    assert changed.status_code == 200 and changed.headers["ETag"] != first.headers["ETag"]
    assert f"/games/{game}" in changed.get_data(as_text=True)


def test_the_list_page_in_another_language_is_another_answer(client):
    english = client.get("/")
    client.set_cookie("lang", "hi")
    hindi = client.get("/", headers={"If-None-Match": english.headers["ETag"]})
    assert hindi.status_code == 200 and hindi.headers["ETag"] != english.headers["ETag"]


def test_a_page_with_a_message_to_show_is_drawn_again(client):
    """A flash (the game just deleted) is shown once, on the list the deletion leads to: never a 304 there."""
    listed = client.get("/")
    with client.session_transaction() as session:
        session["_flashes"] = [("ok", "Deleted a game.")]
    shown = client.get("/", headers={"If-None-Match": listed.headers["ETag"]})
    assert shown.status_code == 200 and "Deleted a game." in shown.get_data(as_text=True)
