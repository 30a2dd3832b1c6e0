"""Helpers of the clubs tests: games with chosen seat names, an administrator token, an event table's game deleted."""
from __future__ import annotations

import re

from seeplog.web.db import get_db
from seeplog.web.games.manage import delete_game
from tests.web.helpers import example

SEAT_TAG = re.compile(r'^\[(North|West|South|East) "[^"]*"\]$', re.MULTILINE)


def named(example_name: str, names: dict[str, str], date: str | None = None) -> str:
    """An example log with its seat tags naming `names` (tag name -> player) and, if given, another Date."""
    text = example(example_name).decode("utf-8")
    text = SEAT_TAG.sub(lambda m: f'[{m.group(1)} "{names.get(m.group(1), "x")}"]', text)
    if date:
        text = re.sub(r'^\[Date "[^"]*"\]$', f'[Date "{date}"]', text, flags=re.MULTILINE)
    return text


def store_text(client, text: str) -> int:
    response = client.post("/api/games", data=text.encode("utf-8"), content_type="text/plain")
    assert response.status_code in (200, 201), response.json
    return response.json["id"]


def admin_token(runner) -> str:
    result = runner.invoke(args=["admin-token"])
    assert result.exit_code == 0, result.output
    return result.stdout.strip().splitlines()[0]


def bearer(token: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {token}"}


def player_id(client, name: str) -> int:
    found = [p for p in client.get("/api/players").json["players"] if p["name"] == name]
    assert len(found) == 1, found
    return found[0]["id"]


def enter(client, table: dict, lines: list[str]) -> int:
    """Append lines at a live table with its edit token; the version after them."""
    game = table["game_id"]
    version = client.get(f"/api/live/{game}").json["version"]
    for line in lines:
        answer = client.post(f"/api/live/{game}/entries", headers=bearer(table["edit_token"]),
                             json={"line": line, "version": version})
        assert answer.status_code == 201, (line, answer.json)
        version = answer.json["version"]
    return version


def delete_table_game(app, game: int) -> None:
    """Delete an event table's live game as a store may hold it from before such a delete was refused (its
    scorekeeper's edit token deleted it then): through the store, no token asked."""
    with app.app_context():
        delete_game(get_db(), game)
