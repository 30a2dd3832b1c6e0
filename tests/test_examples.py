"""Golden logs: every example gives exactly the findings, scores and ledger of the report beside it."""
import json

import pytest

from seeplog import analyse, report_json
from tests.helpers import example_files


def summary(doc):
    out = []
    for game in doc["games"]:
        deals = [{
            "number": d["number"],
            "violations": sorted((v["rule"], v["play"], v["seat"], v["line"]) for v in d["violations"]),
            "errors": sorted((e["rule"], e["play"], e["line"], e["column"]) for e in d["errors"]),
            "score": d["score"], "card_points": d["card_points"], "sweep_points": d["sweep_points"],
            "cards_taken": d["cards_taken"], "sweeps": d["sweeps"], "complete": d["complete"],
            "plays": d["plays"], "bidder": d["bidder"], "bid": d["bid"], "dealer": d["dealer"],
            "score_only": d["score_only"], "partial_checks": d["partial_checks"],
        } for d in game["deals"]]
        out.append({"tags": game["tags"], "variant": game["variant"], "deals": deals,
                    "ledger": game["ledger"], "baazis": game["baazis"],
                    "errors": sorted(e["rule"] for e in game["errors"])})
    return out


@pytest.mark.parametrize("path", example_files(), ids=lambda p: p.stem)
def test_example_report(path):
    expected = json.loads(path.with_suffix(".json").read_text())
    got = report_json(analyse(path.read_text(encoding="utf-8")))
    assert summary(got) == summary(expected)
