"""Each fact about the variants is defined once, in seeplog.ruleset, and the rest of the code derives it."""
import re

import pytest

from seeplog.cards import DECK
from seeplog.notation import SEATS_FOUR, SEATS_TWO, TEAMS_FOUR, VARIANT_NAMES, read_line
from seeplog.notation.grammar import OTHER, canonical_statement, read_tokens
from seeplog.notation.grammar import Table
from seeplog.ruleset import (HALF_PLAYS, SEATS, VARIANTS, Ruleset, UnknownVariant, find_ruleset, ruleset_for,
                             seat_class)


@pytest.mark.parametrize("name, variant", [
    ("satthi", "thirty"), ("punjab", "thirty-punjab"), ("2p", "two-player"), ("100", "standard"),
    ("Punjab", "thirty-punjab"), (" 2P ", "two-player"), ("thirty-punjab", "thirty-punjab"), ("JUNEJA", "juneja"),
])
def test_find_ruleset_knows_names_and_aliases(name, variant):
    assert find_ruleset(name) is VARIANTS[variant]


def test_an_unknown_variant_is_a_value_error_naming_the_known_ones():
    with pytest.raises(UnknownVariant) as raised:
        find_ruleset("bridge")
    assert isinstance(raised.value, ValueError) and not isinstance(raised.value, KeyError)
    message = str(raised.value)
    assert "'bridge'" in message
    for rules in VARIANTS.values():
        assert rules.name in message and all(alias in message for alias in rules.aliases)


def test_aliases_are_unique_and_no_alias_is_a_name():
    aliases = [alias for rules in VARIANTS.values() for alias in rules.aliases]
    assert len(aliases) == len(set(aliases)) and not set(aliases) & set(VARIANTS)


def test_the_variant_tag_takes_the_names_of_variants_not_aliases():
    assert VARIANT_NAMES == tuple(VARIANTS)
    error = read_line('[Variant "punjab"]', 1).error
    assert error.rule == "E-SYNTAX" and "expected one of " + ", ".join(VARIANTS) in error.msg
    assert ruleset_for({"Variant": "Thirty-Punjab"}) is VARIANTS["thirty-punjab"]


@pytest.mark.parametrize("variant", sorted(VARIANTS))
def test_card_points_add_up_to_the_total(variant):
    rules = VARIANTS[variant]
    assert sum(rules.card_points(card) for card in DECK) + rules.most_cards_bonus == rules.total


def test_aces_score_by_a_field_not_by_the_total():
    aces = [card for card in DECK if str(card)[0] == "A" and str(card) != "As"]
    assert [VARIANTS["standard"].card_points(ace) for ace in aces] == [1, 1, 1]
    no_aces = Ruleset("no-aces", ace_points=0, fixed_points={"Td": 6})
    assert [no_aces.card_points(ace) for ace in aces] == [0, 0, 0] and no_aces.total == 100


def test_seats_are_defined_once():
    assert SEATS_FOUR is SEATS and set(SEATS_TWO) < set(SEATS) and VARIANTS["two-player"].seats == SEATS_TWO
    assert set("".join(TEAMS_FOUR)) == set(SEATS)
    assert seat_class() == "[" + "".join(SEATS) + "]" and seat_class(SEATS_TWO, lower=True) == "[NSns]"
    assert OTHER.pattern.count(seat_class()) == 4
    for seat in SEATS:
        assert canonical_statement(f"bid {seat} 9", 1, SEATS) == read_tokens(f"bid {seat} 9", 1, Table("standard"))
        assert re.fullmatch(seat_class(lower=True), seat.lower())


def test_two_player_halves():
    assert VARIANTS["two-player"].plays_per_deal == 2 * HALF_PLAYS


@pytest.mark.parametrize("variant", sorted(VARIANTS))
def test_the_reader_seats_a_variant_as_its_ruleset_does(variant):
    assert Table(variant).seats == VARIANTS[variant].seats and Table(variant).teams == VARIANTS[variant].teams


def test_a_ruleset_is_read_only_and_pickles():
    """One ruleset serves every game of its variant: its maps refuse a change (which reached every later
    analysis), and it is copied and pickled by its fields."""
    import copy
    import pickle

    from seeplog import VARIANTS
    rules = VARIANTS["standard"]
    for mapping in (rules.fixed_points, rules.points_of, rules.next_seat):
        with pytest.raises(TypeError):
            mapping[next(iter(mapping))] = 100  # type: ignore[index]
    again = pickle.loads(pickle.dumps(VARIANTS["thirty-punjab"]))
    assert again == VARIANTS["thirty-punjab"] and again.points_of == VARIANTS["thirty-punjab"].points_of
    assert copy.deepcopy(rules) == rules
