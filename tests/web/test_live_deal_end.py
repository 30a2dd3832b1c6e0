"""The end of a deal in the live view (`ended`): once a deal's last play or its score is in, the view gives
the deal's scores as `seeplog validate --json` gives them for the same log, the cards left on the floor and
the team that takes them, the lead, any baazi and the next dealer; nothing while a deal is being played."""
from __future__ import annotations

import json
import subprocess
import sys

import pytest

from tests.helpers import EXAMPLES
from tests.web.live_helpers import Keeper, statement_lines

SCORE_FIELDS = ("card_points", "sweep_points", "score", "cards_taken", "sweeps", "plays", "complete")


def validate_cli(text: str, tmp_path) -> dict:
    path = tmp_path / "game.seep"
    path.write_text(text)
    run = subprocess.run([sys.executable, "-m", "seeplog", "validate", "--json", str(path)],
                         capture_output=True, text=True, check=False)
    assert run.returncode in (0, 1), run.stderr
    return json.loads(run.stdout)


def kept_deal_by_deal(client, lines: list[str]) -> tuple[Keeper, list[tuple[dict, dict]]]:
    """The log kept line by line; the view's (ended, table) just before each new deal and at the end."""
    keeper = Keeper(client, "standard" if "standard" in lines[0] else lines[0].split('"')[1])
    seen = []
    for line in lines[1:]:
        if line.startswith("deal ") and keeper.version > 1:
            doc = keeper.doc()
            seen.append((doc["ended"], doc["table"]))
        assert keeper.add(line).status_code == 201, line
    doc = keeper.doc()
    seen.append((doc["ended"], doc["table"]))
    return keeper, seen


@pytest.mark.parametrize("name", ["game-standard-2", "game-thirty-2", "game-standard-1"])
def test_each_deal_end_is_as_validate_scores_it(client, tmp_path, name):
    text = (EXAMPLES / f"{name}.seep").read_text()
    lines = [line for line in statement_lines(text) if not line.startswith("[") or line.startswith("[Variant")]
    keeper, seen = kept_deal_by_deal(client, lines)
    expected = validate_cli(keeper.doc()["log"], tmp_path)["games"][-1]
    assert len(seen) == len(expected["deals"])
    for (ended, table), deal, row in zip(seen, expected["deals"], expected["ledger"]):
        assert ended is not None, deal["number"]
        assert ended["number"] == deal["number"]
        assert {k: ended[k] for k in SCORE_FIELDS} == {k: deal[k] for k in SCORE_FIELDS}
        assert (ended["lead"], ended["baazi"], ended["next_dealer"]) == (row["lead"], row["baazi"],
                                                                          row["next_dealer"])
        left = ended["leftover"]
        if deal["plays"] == 0:
            assert left is None  # a deal recorded by its score: no floor is known
            continue
        # What each team took before the leftover, and the leftover to the last capturer's team, add up to
        # the cards each team took in the report.
        taken = dict(table["taken"])
        if left["cards"]:
            assert left["team"] is not None and left["seat"] is not None
            taken[left["team"]] += len(left["cards"])
        assert taken == deal["cards_taken"]


def test_no_deal_end_while_a_deal_is_played(client):
    lines = statement_lines((EXAMPLES / "game-standard-1.seep").read_text())
    keeper = Keeper(client)
    first_play = next(i for i, line in enumerate(lines) if line.startswith("W "))
    for line in lines[:first_play + 1]:
        if not line.startswith("["):
            assert keeper.add(line).status_code == 201
            assert keeper.doc()["ended"] is None, line
