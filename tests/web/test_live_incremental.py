"""A live game's entry derives only what it changed: the view it stores is the one made from the whole log
again, after appends and after corrections of earlier deals, with the last version kept or not."""
from __future__ import annotations

import json
import random

import pytest

import seeplog.analysis
from seeplog.live.entries import live_analysis, live_log
from seeplog.playout import random_game
from seeplog.report import report_json
from seeplog.ruleset import VARIANTS
from seeplog.web.db import get_db, writing
from seeplog.web.live.store import load, typed_view
from seeplog.web.games.store import BY_RANK, DERIVED, derive_again
from seeplog.web.live import view as live_view
from seeplog.web.live.view import LiveView, view
from tests.web.live_helpers import Keeper

ODD_LINES = ["N 5h", "W Kh x Kh", "bid N 11", "score NS 40 EW 60", "deal 9 dealer W", "floor 2h 3h 4h 5h"]


def derived(app, game_id: int) -> dict[str, list]:
    """The game's row and its rows in the derived tables."""
    with app.app_context():
        db = get_db()
        out = {name: sorted(json.dumps(r, sort_keys=True) for r in db.query(
                   f"select * from {name} where game_id = ?", [game_id])) for name in DERIVED if name not in BY_RANK}
        out["games_grams"] = sorted(json.dumps(r, sort_keys=True) for r in db.query(
            "select * from games_grams where rank = (select rank from games where id = ?)", [game_id]))
        out["games"] = [json.dumps(r, sort_keys=True) for r in db.query("select * from games where id = ?", [game_id])]
    return out


def rows_as_derived_again(app, game_id: int) -> bool:
    """Whether the game's row and derived rows are those made again from its text alone."""
    kept = derived(app, game_id)
    with app.app_context():
        db = get_db()
        with writing(db):
            derive_again(db, game_id)
    return derived(app, game_id) == kept


def rebuilt_view(app, game_id: int) -> LiveView:
    """The game's typed view made from its entries alone, as after a library change."""
    with app.app_context():
        game = load(get_db(), game_id)
    assert game is not None
    live = live_log(game.entries)
    analysis = live_analysis(live, open_game=game.is_open)
    return view(game_id, game.version, game.state, live, analysis, report_json(analysis))


def rebuilt(app, game_id: int) -> dict:
    """The JSON of the game's view made from its entries alone."""
    return json.loads(rebuilt_view(app, game_id).json_text())


def kept_view(app, game_id: int) -> LiveView:
    """The game's typed view as its pages read it (the one its last event made, where it is kept)."""
    with app.app_context():
        db = get_db()
        game = load(db, game_id)
        assert game is not None
        return typed_view(db, game)


def correction(keeper: Keeper, lines: list[str], count: int, rng: random.Random):
    """A random correction of one of the game's `count` entries (an earlier deal's too), or an odd line."""
    entry = rng.randrange(max(2, count - 150), count + 1)
    line = rng.choice(lines + ODD_LINES)
    match rng.choice(["replace", "insert", "delete", "undo"]):
        case "replace":
            return keeper.send(line=line, replace=entry)
        case "insert":
            return keeper.send(line=line, insert_before=entry)
        case "delete":
            return keeper.send(delete=entry, note="a slip")
        case _:
            return keeper.send("/undo")


@pytest.mark.slow
@pytest.mark.parametrize("variant", ["standard", "two-player", "thirty-punjab"])
def test_each_version_is_the_view_of_the_whole_log(app, client, variant, monkeypatch):
    placed, written = [], []
    place_of = live_view.place_of
    monkeypatch.setattr(live_view, "place_of", lambda log, line: placed.append(line) or place_of(log, line))
    rng = random.Random(f"incremental-{variant}")
    lines = [line for line in random_game(VARIANTS[variant], 4, rng).splitlines()[1:] if line.strip()]
    keeper = Keeper(client, variant, tags={"Date": ""})  # undated: entry 1 is the Variant tag alone
    count, checked = 1, 0
    for number, line in enumerate(lines):
        response = keeper.add(line)
        count += response.status_code == 201
        written.append(count)
        if number % 9 == 4:
            response = correction(keeper, lines, count, rng)
            count = len(keeper.doc()["entries"])
        if number % 23 == 0:
            seeplog.analysis.forget_analyses()  # as in another worker: the next event reads all again
        if number % 7 == 0:
            mark = len(placed)
            assert keeper.doc() == rebuilt(app, keeper.id), (variant, number)
            assert kept_view(app, keeper.id).sheet == rebuilt_view(app, keeper.id).sheet, (variant, number)
            del placed[mark:]  # the rebuild's own
            assert rows_as_derived_again(app, keeper.id), (variant, number)
            checked += 1
    assert keeper.send("/close").status_code == 201
    assert keeper.doc() == rebuilt(app, keeper.id) and rows_as_derived_again(app, keeper.id)
    assert checked > 20 and count > 100
    assert len(placed) < sum(written) / 2  # most entries' views were kept from the version before


def test_an_entry_makes_again_only_the_views_of_its_deals_entries(app, client, monkeypatch):
    lines = [line for line in random_game(VARIANTS["standard"], 6, random.Random("few")).splitlines()[1:]
             if line.strip()]
    keeper = Keeper(client)
    keeper.add_all(lines[:-1])
    sheet = kept_view(app, keeper.id).sheet
    placed: list[int] = []
    place_of = live_view.place_of
    monkeypatch.setattr(live_view, "place_of", lambda log, line: placed.append(line) or place_of(log, line))
    assert keeper.add(lines[-1]).status_code == 201
    doc = keeper.doc()
    last_deal = [e for e in doc["entries"] if e["deal"] == doc["entries"][-1]["deal"]]
    assert len(doc["entries"]) > 300 and len(placed) == len(last_deal) < 60
    assert doc == rebuilt(app, keeper.id)
    now = kept_view(app, keeper.id).sheet  # the scoresheet rows of the deals before the last kept as they were
    assert len(now) == len(sheet) == 6 and all(a is b for a, b in zip(now[:5], sheet[:5])) and now[5] is not sheet[5]
    assert now == rebuilt_view(app, keeper.id).sheet


def test_the_sheet_follows_a_game_split_or_joined_by_a_correction(app, client):
    """A tag line after deals starts a new game: inserting or deleting one changes which game is the last, so no
    row of the view before may stand for a deal of another game."""
    keeper = Keeper(client)
    keeper.add_all(["deal 1 dealer N", "score NS 60 EW 40", "deal 2 dealer E", "score NS 30 EW 70",
                    '[Event "second"]', "deal 1 dealer N", "score NS 55 EW 45"])
    tag = next(e["id"] for e in keeper.doc()["entries"] if e["line"] == '[Event "second"]')
    assert kept_view(app, keeper.id).sheet == rebuilt_view(app, keeper.id).sheet
    assert keeper.send(delete=tag, note="one game after all").status_code == 201
    assert kept_view(app, keeper.id).sheet == rebuilt_view(app, keeper.id).sheet
    second = next(e["id"] for e in keeper.doc()["entries"] if e["line"] == "deal 2 dealer E")
    answer = keeper.send(insert_before=second, line='[Event "split"]', note="two games")
    assert answer.status_code == 201, answer.json
    assert kept_view(app, keeper.id).sheet == rebuilt_view(app, keeper.id).sheet


def test_two_games_of_one_text_each_keep_their_own_view(app, client):
    """Two live games with the same entries (two tables of one round, say) share a kept analysis, never a view:
    each game's view, pages and answers name the game itself."""
    players = {"N": "Asha", "S": "Ravi", "W": "Divya", "E": "Imran"}
    first, second = Keeper(client, players=players), Keeper(client, players=players)
    for keeper in (first, second):
        assert kept_view(app, keeper.id).game_id == keeper.id
        assert keeper.doc()["id"] == keeper.id
    second.add_all(["deal 1 dealer E"])
    first.add_all(["deal 1 dealer E"])
    assert second.add("bid N 9").json["version"] == 3
    for keeper in (first, second):
        assert kept_view(app, keeper.id).game_id == keeper.id
        assert keeper.doc()["links"]["self"] == f"/api/live/{keeper.id}"
