"""schema/report.schema.json describes the report the command line prints, for every example and generated game."""
from __future__ import annotations

import copy
import json
import random

import pytest
from jsonschema import Draft202012Validator

from seeplog.__main__ import main
from seeplog.playout import random_game
from seeplog.rules import RULES
from seeplog.ruleset import VARIANTS
from tests.helpers import EXAMPLES, ROOT

SCHEMA = json.loads((ROOT / "schema" / "report.schema.json").read_text(encoding="utf-8"))
VALIDATOR = Draft202012Validator(SCHEMA)
EXAMPLE_FILES = sorted(EXAMPLES.glob("*.seep"))


def cli_reports(capsys, *paths) -> list[dict]:
    main(["validate", "--json", *map(str, paths)])
    return [json.loads(line) for line in capsys.readouterr().out.splitlines()]


def problems(doc: dict) -> list[str]:
    return [f"{'/'.join(map(str, e.absolute_path))}: {e.message}" for e in VALIDATOR.iter_errors(doc)]


def test_the_schema_is_a_draft_2020_12_schema() -> None:
    Draft202012Validator.check_schema(SCHEMA)
    assert SCHEMA["$schema"] == "https://json-schema.org/draft/2020-12/schema"


def test_the_schema_names_every_rule_and_error_id() -> None:
    defs = SCHEMA["$defs"]
    assert set(defs["violationRule"]["enum"]) | set(defs["errorRule"]["enum"]) == set(RULES)
    assert all(r.startswith("R-") for r in defs["violationRule"]["enum"])


@pytest.mark.parametrize("path", EXAMPLE_FILES, ids=lambda p: p.stem)
def test_the_report_of_every_example_fits_the_schema(capsys, path) -> None:
    [doc] = cli_reports(capsys, path)
    assert problems(doc) == []


@pytest.mark.parametrize("path", EXAMPLE_FILES, ids=lambda p: p.stem)
def test_the_expected_reports_beside_the_examples_fit_the_schema(path) -> None:
    assert problems(json.loads(path.with_suffix(".json").read_text(encoding="utf-8"))) == []


@pytest.mark.parametrize("variant", ["standard", "two-player", "thirty-punjab"])
def test_the_report_of_a_generated_game_fits_the_schema(capsys, tmp_path, variant: str) -> None:
    path = tmp_path / f"{variant}.seep"
    path.write_text(random_game(VARIANTS[variant], 3, random.Random(5), with_score=True,
                                tags={"Rotation": "team"} if variant == "standard" else None), encoding="utf-8")
    [doc] = cli_reports(capsys, path)
    assert problems(doc) == [] and len(doc["games"][0]["deals"]) == 3


def test_json_lines_of_several_files_fit_the_schema(capsys, tmp_path) -> None:
    broken = tmp_path / "broken.seep"
    broken.write_bytes(b"[Variant \"nope\"]\ndeal 1\nfloor Kh\n\ndeal 2 dealer N\nW 5h \xff\nscore NS 1 EW 2\n")
    empty = tmp_path / "empty.seep"
    empty.write_bytes(b"")
    docs = cli_reports(capsys, EXAMPLES / "two-games.seep", broken, empty, tmp_path / "missing.seep")
    assert [d["file"] for d in docs] == [str(EXAMPLES / "two-games.seep"), str(broken), str(empty),
                                         str(tmp_path / "missing.seep")]
    assert [problems(d) for d in docs] == [[], [], [], []]
    assert [(e["rule"], e["line"]) for e in docs[1]["games"][0]["errors"]] == [("E-SYNTAX", 1)]
    # "deal 1" names no dealer but still starts deal 1, which holds the unreadable floor line
    assert [(e["rule"], e["line"]) for e in docs[1]["games"][0]["deals"][0]["errors"]] == [
        ("E-SYNTAX", 2), ("E-SYNTAX", 3)]
    assert sorted((e["rule"], e["line"], e["play"]) for e in docs[1]["games"][0]["deals"][1]["errors"]) == [
        ("E-INCOMPLETE", 5, None), ("E-SYNTAX", 6, 1)]


def fits(doc: dict) -> bool:
    return VALIDATOR.is_valid(doc)


def test_the_schema_refuses_what_the_spec_does_not_allow(capsys) -> None:
    [doc] = cli_reports(capsys, EXAMPLES / "r-turn.seep")
    assert fits(doc)

    def changed(edit) -> dict:
        other = copy.deepcopy(doc)
        edit(other)
        return other

    game = 0
    assert not fits(changed(lambda d: d.pop("games")))
    assert not fits(changed(lambda d: d["games"][game].pop("ledger")))
    assert not fits(changed(lambda d: d["games"][game]["deals"][0].pop("score_only")))
    assert not fits(changed(lambda d: d["games"][game]["deals"][0].update(dealer="X")))
    assert not fits(changed(lambda d: d["games"][game]["deals"][0].update(score={"NS": 1, "S": 2})))
    assert not fits(changed(lambda d: d["games"][game]["deals"][0]["violations"][0].update(rule="R-NOPE")))
    assert not fits(changed(lambda d: d["games"][game]["deals"][0]["violations"][0].update(rule="E-CARD")))
    assert not fits(changed(lambda d: d["games"][game]["deals"][0]["violations"][0].update(line=0)))
    assert not fits(changed(lambda d: d["games"][game]["ledger"][0].update(lead={"team": None, "points": 5})))
    assert not fits(changed(lambda d: d["games"][game]["ledger"][0].update(baazi="NW")))
    assert not fits(changed(lambda d: d["games"][game].update(baazis={"N": 0, "S": 0})))
    assert fits(changed(lambda d: d.update(file="x.seep", extra="other keys may be added")))
