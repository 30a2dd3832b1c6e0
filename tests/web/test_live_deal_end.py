"""The end of a deal in the live view (`ended`): once a deal's last play or its score is in, the view gives
the deal's scores as `seeplog validate --json` gives them for the same log, the cards left on the floor and
the team that takes them, the lead, any baazi and the next dealer; nothing while a deal is being played."""
from __future__ import annotations

import json
import re
import subprocess
import sys

import pytest

from tests.helpers import EXAMPLES
from tests.web.live_helpers import Keeper, statement_lines
from tests.web.markup import elements, houses, loose, shown, text_of

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


# ---------------------------------------------------------------- on the board and the follow page

END_ROW = re.compile(r'<tr data-team="(\w+)">.*?data-field="card_points">([^<]*)<.*?data-field="sweep_points">([^<]*)<'
                     r'.*?data-field="score">([^<]*)<', re.S)


def shown_end(html: str) -> dict:
    """The end of a deal as a page draws it: its number, each team's figures, the leftover and the words."""
    end = next(e for e in elements(html) if e.attrs.get("id") == "live-end")
    left = next(e for e in elements(html) if "leftover" in e.classes and e.inside("live-end"))
    section = html[html.index('id="live-end"'):]
    section = section[:section.index("</section>")]
    return {"number": int(end.attrs["data-deal"]),
            "scores": {t: [int(x) for x in figures] for t, *figures in END_ROW.findall(section)},
            "leftover": left.attrs["data-cards"].split(), "leftover_team": left.attrs["data-team"],
            "text": text_of(html, "live-end")}


def floor_cards(html: str) -> list[str]:
    """Every card on the board's floor, loose or in a house."""
    return sorted(loose(html, "live-floor-cards") + [c for _, cards, _, _ in houses(html, "live-floor-cards")
                                                      for c in cards])


def taken_before(html: str) -> dict[str, int]:
    """What each team had taken before the leftover, as the board's deal line says ("taken: NS 20 cards")."""
    return {t: int(n) for t, n in re.findall(r"(\w+) (\d+) cards", text_of(shown(html), "live-floor") or "")}


@pytest.mark.parametrize("name", ["game-standard-2", "game-thirty-2"])
def test_the_board_and_the_follow_page_show_each_deal_end_as_validate_scores_it(client, tmp_path, name):
    text = (EXAMPLES / f"{name}.seep").read_text()
    lines = [line for line in statement_lines(text) if not line.startswith("[") or line.startswith("[Variant")]
    keeper = Keeper(client, lines[0].split('"')[1], players={"N": "Asha", "E": "Ravi"})
    pages = []
    for line in lines[1:] + [None]:  # None: after the last line
        if line is None or (line.startswith("deal ") and keeper.version > 1):
            fragment = client.get(f"/live/{keeper.id}/board").get_data(as_text=True)
            follow = client.get(f"/live/{keeper.id}").get_data(as_text=True)
            alone = client.get(f"/live/{keeper.id}/board?parts=end").get_data(as_text=True)
            assert shown_end(fragment) == shown_end(follow) == shown_end(alone)
            pages.append(fragment)
        if line is not None:
            assert keeper.add(line).status_code == 201, line
    expected = validate_cli(keeper.doc()["log"], tmp_path)["games"][-1]
    assert len(pages) == len(expected["deals"])
    for html, deal, row in zip(pages, expected["deals"], expected["ledger"]):
        shown = shown_end(html)
        assert shown["number"] == deal["number"]
        assert shown["scores"] == {t: [deal["card_points"][t], deal["sweep_points"][t], deal["score"][t]]
                                   for t in deal["score"]}
        said = shown["text"]
        lead = row["lead"]
        assert (f"{lead['team']} leads by {lead['points']}" if lead["team"] else "The lead is 0") in said
        assert (f"{row['baazi']} won a baazi" in said) == bool(row["baazi"])
        names = {"N": "Asha (N)", "E": "Ravi (E)"}
        dealers = row.get("allowed_dealers") or [row["next_dealer"]]
        assert f"Next dealer: {' or '.join(names.get(s, s) for s in dealers)}" in said
        if deal["plays"] == 0:
            assert "Recorded by its score" in said and shown["leftover"] == []
            continue
        taken = " · ".join(f"{t} {n} cards" for t, n in deal["cards_taken"].items())
        assert f"Cards taken: {taken}" in said
        # The cards left are the floor after the last play; they go to the last capturer's team, and with
        # what each team took before, add up to the cards each team took in the report.
        assert sorted(shown["leftover"]) == floor_cards(html)
        before = taken_before(html)
        if shown["leftover"]:
            assert f"to {shown['leftover_team']}, the team of the last capture" in said
            before[shown["leftover_team"]] += len(shown["leftover"])
        else:
            assert "Nothing was left on the floor" in said
        assert before == deal["cards_taken"]


def test_no_deal_end_on_the_board_once_the_next_deal_starts(client):
    keeper = Keeper(client)
    keeper.add_all(["deal 1 dealer N", "score NS 60 EW 40"])
    assert "Deal 1 is over" in client.get(f"/live/{keeper.id}").get_data(as_text=True)
    keeper.add("deal 2 dealer N")
    assert 'id="live-end"' not in client.get(f"/live/{keeper.id}/board").get_data(as_text=True)
    assert 'id="live-end"' not in client.get(f"/live/{keeper.id}").get_data(as_text=True)


def test_the_deal_end_is_said_in_the_readers_language(client):
    keeper = Keeper(client, players={"N": "Asha", "E": "Ravi"})
    keeper.add_all(["deal 1 dealer N", "score NS 60 EW 40"])
    client.set_cookie("lang", "hi")
    said = text_of(client.get(f"/live/{keeper.id}/board?parts=end").get_data(as_text=True), "live-end")
    for english in ("leads by", "Recorded by its score", "baazis", "Next dealer", " or "):
        assert english not in said, english
    assert "NS 20 से आगे" in said and "सिर्फ़ स्कोर से लिखा" in said
    client.set_cookie("lang", "pa")
    said = text_of(client.get(f"/live/{keeper.id}").get_data(as_text=True), "live-end")
    assert "leads by" not in said and "NS 20" in said


def test_a_deal_closed_before_any_capture_leaves_its_floor_to_no_team(client):
    """Closed after two plays and no capture: the cards left on the floor go to no team, said so (not "to None")."""
    text = (EXAMPLES / "r-bid-throw.seep").read_text()
    keeper = Keeper(client, variant="thirty", players={"N": "Priya", "W": "Omkar", "S": "Asha", "E": "Bilal"})
    keeper.add_all([line for line in statement_lines(text) if not line.startswith("[")][:7])
    assert keeper.send("/close").status_code == 201
    left = keeper.doc()["ended"]["leftover"]
    assert left["cards"] and left["team"] is None
    end = text_of(shown(client.get(f"/live/{keeper.id}/board?parts=end").get_data(as_text=True)), "live-end")
    assert "Left on the floor, to no team (no card was captured):" in end and "None" not in end, end
