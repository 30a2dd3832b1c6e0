"""The JSON form of a log: schema/log.schema.json and the marshmallow LogSchema agree; the form round-trips."""
from __future__ import annotations

import copy
import doctest
import json
import subprocess
import sys

import jsonschema
import pytest
from marshmallow import ValidationError

import seeplog
import seeplog.notation.jsonform
from seeplog.notation.jsonform import from_json, to_json
from seeplog.web.api.logschema import LogSchema
from tests.helpers import ROOT, example_files

LOG_SCHEMA = json.loads((ROOT / "schema" / "log.schema.json").read_text())
READABLE = [p for p in example_files() if not seeplog.parse(p.read_text(encoding="utf-8")).errors]


def valid_json_schema(doc) -> bool:
    try:
        jsonschema.validate(doc, LOG_SCHEMA, cls=jsonschema.Draft202012Validator)
    except jsonschema.ValidationError:
        return False
    return True


def valid_marshmallow(doc) -> bool:
    try:
        LogSchema().load(doc)
    except ValidationError:
        return False
    return True


def without_lines(value):
    if isinstance(value, dict):
        return {k: without_lines(v) for k, v in value.items() if k not in ("line", "column")}
    if isinstance(value, list):
        return [without_lines(v) for v in value]
    return value


@pytest.mark.parametrize("path", READABLE, ids=lambda p: p.stem)
def test_json_form_of_every_readable_example(path):
    log = seeplog.parse(path.read_text(encoding="utf-8"))
    doc = json.loads(json.dumps(to_json(log)))
    assert valid_json_schema(doc) and valid_marshmallow(doc)
    text = from_json(LogSchema().load(doc))
    again = seeplog.parse(text)
    assert (without_lines(seeplog.report_json(seeplog.analyse(text)))
            == without_lines(seeplog.report_json(seeplog.analyse(path.read_text(encoding="utf-8")))))
    assert seeplog.dumps(again) == seeplog.dumps(log)


def bad_docs():
    base = to_json(seeplog.parse(example_files("game-standard-1.seep")[0].read_text(encoding="utf-8")))
    deal = ["games", 0, "deals", 0]

    def changed(path, value):
        doc = copy.deepcopy(base)
        target = doc
        for key in path[:-1]:
            target = target[key]
        target[path[-1]] = value
        return doc

    return {
        "no games": {},
        "empty games": {"games": []},
        "unknown key": {"games": [], "extra": 1},
        "seat": changed(deal + ["dealer"], "X"),
        "number as text": changed(deal + ["number"], "1"),
        "card": changed(deal + ["floor"], ["Kh", "1x"]),
        "newline in a tag": changed(["games", 0, "tags", "North"], "A\n[Variant \"thirty\"]"),
        "tag name": changed(["games", 0, "tags"], {"bad name": "x"}),
        "annotation brace": changed(deal + ["annotation"], "a } b"),
        "move comment": changed(deal + ["plays"], [{"seat": "N", "move": "Qh # sneaky"}]),
        "score team": changed(deal + ["score"], {"XY": {"cards": 1}}),
        "negative points": changed(deal + ["score"], {"NS": {"cards": -1}}),
        "bid without value": changed(deal + ["bid"], {"seat": "N"}),
        "empty game": {"games": [{}]},
        "no tag named": changed(["games", 0, "tags"], {}),
        "no deal held": changed(["games", 0, "deals"], []),
        "number with a fraction": changed(deal + ["number"], 1.5),
        "number as a boolean": changed(deal + ["number"], True),
        "a later game without tags": {"games": [base["games"][0], {"deals": base["games"][0]["deals"]}]},
    }


def test_a_game_before_the_last_without_deals_is_refused_as_the_schema_says():
    """JSON Schema cannot say "every item but the last"; its description says it, and LogSchema refuses it."""
    tags_alone = {"games": [{"tags": {"North": "x"}}, {"tags": {"North": "y"}}]}
    assert valid_json_schema(tags_alone) and not valid_marshmallow(tags_alone)
    assert "each game before the last has deals" in LOG_SCHEMA["properties"]["games"]["description"]
    assert valid_marshmallow({"games": [{"tags": {"North": "x"}, "deals": [{"number": 1, "dealer": "N"}]},
                                        {"tags": {"North": "y"}}]})


def test_both_schemas_take_a_whole_number_written_with_a_point():
    doc = json.loads(json.dumps({"games": [{"deals": [{"number": 1.0, "dealer": "N"}]}]}))
    assert valid_json_schema(doc) and valid_marshmallow(doc)


@pytest.mark.parametrize("name, doc", bad_docs().items(), ids=list(bad_docs()))
def test_both_schemas_refuse_the_same_bad_logs(name, doc):
    assert not valid_json_schema(doc)
    assert not valid_marshmallow(doc)


def test_jsonform_doctest():
    assert doctest.testmod(seeplog.notation.jsonform).failed == 0


def test_the_library_imports_no_web_packages():
    code = ("import sys, seeplog, seeplog.notation.jsonform; "
            "print(sorted(m for m in ('flask', 'marshmallow', 'sqlite_utils', 'flask_smorest') if m in sys.modules))")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=ROOT, check=True)
    assert done.stdout.strip() == "[]"
