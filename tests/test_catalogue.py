"""The rule catalogue is shared by the messages, the docs and the tests: none may miss an ID."""
import re

from seeplog.rules import RULES, catalogue_markdown
from tests.helpers import EXAMPLES, ROOT
from tests.test_rules import LOG_CASES, PLAY_CASES

SPEC = EXAMPLES.parent / "spec" / "RULES.md"


def spec_ids() -> set[str]:
    return set(re.findall(r"`([RE]-[A-Z-]+[A-Z])`", SPEC.read_text()))


def test_the_catalogue_holds_every_id_of_the_spec():
    assert spec_ids() == set(RULES)


def test_every_id_has_a_summary_and_an_explanation():
    for rule in RULES.values():
        assert rule.summary and len(rule.explanation) > 20, rule.id


def test_every_id_has_a_legal_and_a_violating_test():
    cases = {(c[0], c[1]) for c in PLAY_CASES + LOG_CASES}
    assert {(rule, legal) for rule in RULES for legal in (True, False)} <= cases


def test_the_rules_command_prints_the_catalogue(capsys):
    from seeplog.__main__ import main
    assert main(["rules"]) == 0
    assert capsys.readouterr().out == catalogue_markdown()


def test_every_id_is_documented():
    docs = (ROOT / "docs" / "rules.md").read_text()
    assert docs == catalogue_markdown(), "docs/rules.md is stale: regenerate it with python -m seeplog rules"
    for rule in RULES:
        assert f"`{rule}`" in docs
