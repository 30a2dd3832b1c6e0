"""The seat records (schema/migrations/0012_seat_records.sql) the player page adds up: each stored game's
rows are those its analysis gives (stored, corrected, kept live entry by entry, deleted), the migration's
rows for the games stored before it are the same, and the player's record added up by the store is the
one the library's `player_record` makes from every side of the player's games, through merges and splits."""
from __future__ import annotations

import json
import random

import pytest

import seeplog
from seeplog.analysis import analyse
from seeplog.clubs.records import matches, partnership_record, player_record
from seeplog.clubs.seat_records import seat_records
from seeplog.playout import random_game
from seeplog.ruleset import VARIANTS
from seeplog.web.clubs import pair_queries, record_queries
from tests.web.clubs_sides import GAMES_OF_PAIR, GAMES_OF_PLAYER, sides
from seeplog.web.clubs.schemas import PlayerSchema
from seeplog.web.db import MIGRATIONS, connect, statements, writing
from seeplog.web.games.store import is_live_open
from tests.web.clubs_helpers import admin_token, bearer, store_text
from tests.web.live_helpers import Keeper, statement_lines

NAMES = ["Asha", "asha ", "Asha K.", "Ravi", "Meena", "Dev", "Imran", "?", "Priya"]
TAGS = {"N": "North", "W": "West", "S": "South", "E": "East"}


def varied_games(rng: random.Random, count: int) -> list[str]:
    """Logs of four- and two-player variants, some of two games, with seats unnamed ("?", or no tag), one
    name at two seats, and one name written two ways."""
    out = []
    for n in range(count):
        variant = VARIANTS[rng.choice(["standard", "thirty", "two-player"])]
        seats = "NS" if variant.players == 2 else "NWSE"
        tags = {TAGS[s]: rng.choice(NAMES) for s in seats if rng.random() > 0.1}
        if n % 3 == 0:
            tags["Date"] = f"2026-0{1 + n % 9}-1{n % 10}"
        text = random_game(variant, rng.choice([1, 2, 3]), rng, tags=tags)
        if n % 5 == 0:
            text += "\n" + random_game(variant, 1, rng, tags={**tags, "Date": "2027-01-01"})
        out.append(text)
    return out


def kept_rows(db, game_id: int | None = None) -> list[dict]:
    where = "" if game_id is None else f" where game_id = {int(game_id)}"
    rows = [dict(r) for r in db.query(f"select * from seat_records{where} order by game_id, game, seat")]
    return [{**r, "seats": json.loads(r["seats"])} for r in rows]


def analysed_rows(db, game_id: int) -> list[dict]:
    """The rows the game's stored text gives when analysed now."""
    text = db.execute("select text from games where id = ?", [game_id]).fetchone()[0]
    analysis = analyse(text, open_game=is_live_open(db, game_id))
    rows = [{"game_id": game_id, **r} for r in seat_records(analysis, seeplog.report_json(analysis))]
    return sorted(({**r, "team_named": int(r["team_named"]), "opponents_named": None if r["opponents_named"] is None
                    else int(r["opponents_named"]), "seats": json.loads(r["seats"])} for r in rows),
                  key=lambda r: (r["game"], r["seat"]))


def library_record(db, player: int):
    found, _ = sides(db, GAMES_OF_PLAYER, [player])
    return player_record(player, matches(found))


def library_pair_record(db, players: tuple[int, ...]):
    games, args = (GAMES_OF_PAIR, list(players)) if len(players) == 2 else (GAMES_OF_PLAYER, [players[0]])
    found, _ = sides(db, games, args)
    return partnership_record(players, matches(found))


def partnerships(db) -> set[tuple[int, ...]]:
    """Every team of named seats in the store, as its players."""
    return {tuple(sorted(p for p in (r[0], r[1]) if p is not None)) for r in db.execute(
        "select a.player_id, pa.player_id from seat_records s join player_aliases a on a.key = s.name_key "
        "left join player_aliases pa on pa.key = s.partner_key where s.team_named")}


def assert_records_agree(db) -> int:
    """Every player's and partnership's record added up by the store equals the library's; how many players
    have games."""
    players = [r[0] for r in db.execute("select id from club_players where merged_into is null")]
    for player in players:
        assert record_queries.player_record(db, player) == library_record(db, player), player
    pairs = partnerships(db)
    assert len(pairs) > 10 and any(len(p) == 1 for p in pairs) and any(len(set(p)) == 1 < len(p) for p in pairs)
    for pair in pairs:
        assert pair_queries.partnership_record(db, pair, None)[0] == library_pair_record(db, pair), pair
    return sum(1 for p in players if record_queries.game_count(db, p))


@pytest.fixture
def stored(app, client):
    ids = [store_text(client, text) for text in varied_games(random.Random(22), 24)]
    return connect(app.config["DATABASE"]), ids


def test_each_games_rows_are_its_analysis(stored):
    db, ids = stored
    for game_id in ids:
        assert kept_rows(db, game_id) == analysed_rows(db, game_id)
    unnamed = db.execute("select count(*) from players where name_key is null").fetchone()[0]
    assert unnamed and db.execute("select count(*) from seat_records").fetchone()[0] == \
        db.execute("select count(*) from players").fetchone()[0] - unnamed  # a seat no tag names has no row


def test_the_migration_gives_the_stored_games_the_same_rows(stored):
    db, _ = stored
    before = kept_rows(db)
    script = (MIGRATIONS / "0012_seat_records.sql").read_text()
    [fill] = [s for s in statements(script) if "INSERT INTO seat_records" in s]
    with writing(db):
        db.execute("delete from seat_records")
        db.execute(fill)
    assert kept_rows(db) == before


def test_the_stores_record_is_the_librarys_through_merges_and_splits(stored, client, runner):
    db, _ = stored
    rng = random.Random(23)
    for name in ("Gita", "Gita B.", "Kiran"):  # names never at a game of Asha's, nor of each other's
        store_text(client, random_game(VARIANTS["standard"], 2, rng, tags={"North": name, "South": "Ravi",
                                                                           "West": "Meena", "East": "Dev"}))
    players = assert_records_agree(db)
    token = bearer(admin_token(runner))
    asha = player_of(db, "asha")
    for source in (player_of(db, key) for key in ("gita", "gita b.", "kiran")):
        assert client.post(f"/api/players/{source}/merge", json={"into": asha}, headers=token).status_code == 200
    assert assert_records_agree(db) == players - 3
    assert client.post(f"/api/players/{asha}/split", json={"alias": "gita b."}, headers=token).status_code == 200
    assert assert_records_agree(db) == players - 2


def player_of(db, key: str) -> int:
    return int(db.execute("select player_id from player_aliases where key = ?", [key]).fetchone()[0])


def test_a_correction_and_a_delete_keep_the_rows(stored, client):
    db, ids = stored
    text = random_game(VARIANTS["standard"], 2, random.Random(5), tags={"North": "Asha", "South": "Dev"})
    answer = client.post("/api/games", data=text.encode(), content_type="text/plain").json
    game_id, token = answer["id"], answer["manage_token"]
    other = random_game(VARIANTS["thirty"], 3, random.Random(6), tags={"North": "Priya", "East": "Asha"})
    fixed = client.put(f"/api/games/{game_id}", data=other.encode(), content_type="text/plain",
                       headers=bearer(token))
    assert fixed.status_code == 200, fixed.json
    assert kept_rows(db, game_id) == analysed_rows(db, game_id) and kept_rows(db, game_id)[0]["variant"] == "thirty"
    assert client.delete(f"/api/games/{game_id}", headers=bearer(token)).status_code in (200, 204)
    assert kept_rows(db, game_id) == []
    assert_records_agree(db)


def test_a_live_game_keeps_its_rows_entry_by_entry(app, client):
    db = connect(app.config["DATABASE"])
    text = random_game(VARIANTS["standard"], 3, random.Random(9), tags={})
    keeper = Keeper(client, "standard", tags={"North": "Asha", "South": "Ravi", "East": "Meena", "West": "Dev"})
    for number, line in enumerate(line for line in statement_lines(text) if not line.startswith("[")):
        assert keeper.add(line).status_code == 201
        if number % 7 == 0:
            assert kept_rows(db, keeper.id) == analysed_rows(db, keeper.id)
    assert kept_rows(db, keeper.id) == analysed_rows(db, keeper.id)
    assert kept_rows(db, keeper.id)[0]["deals"] == 3


def test_the_api_answers_as_its_schema_dumps(stored, client):
    db, _ = stored
    rng, tags = random.Random(3), {"North": "Asha", "South": "Ravi", "East": "Meena", "West": "Dev"}
    while not db.execute("select count(*) from ratings").fetchone()[0]:
        text = random_game(VARIANTS["thirty"], 3, rng, tags=tags)
        if any(seeplog.report_json(seeplog.analyse(text))["games"][0]["baazis"].values()):
            store_text(client, text)
    rated = db.execute("select who from ratings where kind = 'player' order by baazis desc limit 1").fetchone()[0]
    data = client.get(f"/api/players/{rated}").json
    assert data["rating"] and data["record"]["partners"] and data["games"]
    assert PlayerSchema().dump(data) == data
    pair = data["record"]["partners"][0]["partnership_url"].rsplit("/", 1)[1]
    partnership = client.get(f"/api/partnerships/{pair}").json
    assert set(partnership) == {"players", "rating", "updating_from", "record", "games"}  # no page: all its games


def test_the_startup_rebuild_of_a_stale_store_writes_the_rows_again(app, stored):
    from seeplog.web.startup import rebuild_stale
    db, ids = stored
    before = kept_rows(db)
    with writing(db):
        db.execute("delete from seat_records")
        db.execute("update games set derived_with = 'an older library'")
        db.execute("update meta set value = 'an older library' where key = 'derived_with'")
    assert rebuild_stale(app.config["DATABASE"]) == len(ids)
    assert kept_rows(db) == before
