"""A scorekeeper's client of the live API for the tests: it keeps the token and the version it has seen."""
from __future__ import annotations

import itertools
import pathlib
import shutil
import tempfile
from collections.abc import Iterator

import pytest

import seeplog
from tests.web.helpers import make_app

_ids = itertools.count(1)


def live_store_fixtures(name: str = "live.db"):
    """The fixtures `app` (the service on a fresh store in memory, `fast_store_folder`) and `client`, for a test
    module to take: ``app, client = live_store_fixtures()``."""
    @pytest.fixture
    def app(fast_store):
        return make_app(fast_store / name)

    @pytest.fixture
    def client(app):
        return app.test_client()

    return app, client


def fast_store_folder() -> Iterator[pathlib.Path]:
    """A folder for a test store in memory where the machine has one (every entry commits, and a commit
    on disk waits for the disk; the tests time nothing), removed after its test: memory is not given back
    at exit as a temporary folder on disk is by pytest."""
    shm = pathlib.Path("/dev/shm")
    folder = pathlib.Path(tempfile.mkdtemp(prefix="seeplog-test-", dir=shm if shm.is_dir() else None))
    yield folder
    shutil.rmtree(folder, ignore_errors=True)


class Keeper:
    """One live game kept through the API."""

    def __init__(self, client, variant: str = "standard", **body):
        response = client.post("/api/live", json={"variant": variant, **body})
        assert response.status_code == 201, response.json
        self.client, self.id = client, response.json["id"]
        self.token, self.version = response.json["edit_token"], response.json["version"]
        self.created = response.json

    @property
    def auth(self) -> dict[str, str]:
        return {"Authorization": f"Bearer {self.token}"}

    def post(self, path: str, body: dict, headers: dict | None = None):
        return self.client.post(f"/api/live/{self.id}{path}", json=body,
                                headers=self.auth if headers is None else headers)

    def send(self, path: str = "/entries", *, client_id: str | None = None, **body):
        body = {"version": self.version, "client_id": client_id or f"client-{next(_ids)}", **body}
        response = self.post(path, body)
        if response.status_code == 201:
            self.version = response.json["version"]
        return response

    def add(self, line: str, **body):
        return self.send(line=line, **body)

    def add_all(self, lines):
        for line in lines:
            response = self.add(line)
            assert response.status_code == 201, (line, response.json)
        return response

    def get(self, **headers):
        return self.client.get(f"/api/live/{self.id}", headers=headers)

    def doc(self) -> dict:
        response = self.get()
        assert response.status_code == 200
        return response.json

    def history(self) -> list[dict]:
        return self.client.get(f"/api/live/{self.id}/history").json["events"]


def statement_lines(text: str) -> list[str]:
    """The lines of a log that hold a statement (no blank or comment-only line)."""
    return [line for line in text.splitlines() if line.strip() and not line.strip().startswith("#")]


def open_form(expected: dict) -> dict:
    """A report as it reads while its game is still being kept: the last deal of the last game, when it
    is not complete and has no score, is in progress rather than E-INCOMPLETE, and its score is not
    unknown: its ledger row is not provisional for it (RULES.md §8.5), and names no next dealer yet."""
    doc = {**expected, "games": [dict(g) for g in expected["games"]]}
    if doc["games"] and doc["games"][-1]["deals"]:
        game = doc["games"][-1]
        deals = game["deals"] = [dict(d) for d in game["deals"]]
        last = deals[-1]
        if not last["complete"] and last["score"] is None:
            last["in_progress"] = True
            last["errors"] = [e for e in last["errors"] if e["rule"] != "E-INCOMPLETE"]
            game["ledger"] = game["ledger"][:-1] + [_in_progress_row(game)]
    return doc


def _in_progress_row(game: dict) -> dict:
    """The last ledger row of a game whose last deal is still being played."""
    row, before = dict(game["ledger"][-1]), game["ledger"][:-1]
    row["next_dealer"] = None
    if "allowed_dealers" in row:
        row["allowed_dealers"] = []
    if not (before and before[-1].get("provisional")):
        row.pop("provisional", None)
    return row


def validate_json(text: str) -> dict:
    """What `python -m seeplog validate --json` prints for the text (its report)."""
    return seeplog.report_json(seeplog.analyse(text))


def live_game_through(request, base_url: str, lines, **body) -> dict:
    """A live game made with a browser context's requests (`context.request`) and `lines` entered in it: the
    answer that made it (its id, edit_url, edit_token)."""
    live = request.post(base_url + "/api/live", data={"variant": "standard", **body}).json()
    version = live["version"]
    for line in lines:
        answer = request.post(f"{base_url}/api/live/{live['id']}/entries", data={"line": line, "version": version},
                              headers={"Authorization": f"Bearer {live['edit_token']}"})
        assert answer.status == 201, answer.text()
        version = answer.json()["version"]
    return live
