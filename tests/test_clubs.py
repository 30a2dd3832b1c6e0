"""The clubs library: player names, and records of sides computed by hand."""
from __future__ import annotations

from collections import Counter

import pytest

from seeplog.clubs.players import (PlayerChange, check_merge, check_rename, check_split, display_name, name_key,
                                   seat_keys)
from seeplog.clubs.records import Side, matches, partnership_record, player_record


def test_names_differing_in_case_or_spacing_are_one():
    assert name_key("  Asha   K ") == name_key("asha k") == "asha k"
    assert name_key("STRASSE") == name_key("straße")  # casefold, not lower
    assert name_key("Asha K.") != name_key("Asha K")


@pytest.mark.parametrize("invisible", ["\u200b", "\u2060", "\ufeff", "\u00ad", "\u200e", "\u200f", "\u202e",
                                       "\u2066", "\u180e"], ids=lambda c: f"U+{ord(c):04X}")
def test_a_name_with_an_invisible_character_is_the_same_name(invisible):
    for written in (f"e{invisible}", f"{invisible}e", f"A{invisible}sha", f"Asha {invisible}K"):
        plain = written.replace(invisible, "").replace("  ", " ")
        assert name_key(written) == name_key(plain) and display_name(written) == plain


def test_zwnj_and_zwj_are_kept_inside_a_word_only():
    for joiner in ("\u200c", "\u200d"):
        inside = f"क्{joiner}ष"  # the conjunct written another way: another name
        assert name_key(inside) == inside != name_key("क्ष") and display_name(f"ਸ{joiner}ਿੰਘ") == f"ਸ{joiner}ਿੰਘ"
        assert name_key(f"e{joiner}") == name_key(f"{joiner}e") == "e"
        assert name_key(f"Asha {joiner}{joiner}K") == name_key(f"Asha{joiner} K") == "asha k"
        assert display_name(f"Asha{joiner} K{joiner}") == "Asha K" and display_name(joiner) == ""


def test_seat_keys_leave_out_seats_no_tag_names():
    tags = {"North": " Asha ", "South": "?", "East": "Ravi"}
    assert seat_keys(tags, ("N", "W", "S", "E")) == {"N": "asha", "W": None, "S": None, "E": "ravi"}


def test_changes_refused():
    with pytest.raises(PlayerChange, match="itself"):
        check_merge(3, 3)
    with pytest.raises(PlayerChange, match="empty"):
        check_rename("   ")
    assert check_rename("  Asha   K ") == "Asha K"
    with pytest.raises(PlayerChange, match="only name"):
        check_split("asha", ["asha"])
    with pytest.raises(PlayerChange, match="not a name"):
        check_split("ravi", ["asha", "asha k"])


def side(game, team, players, deals, scored, card, score, baazis, sweeps=None, broken=None):
    return Side((game, 1), None, team, players, True, deals, scored, card, score, baazis,
                sweeps or {}, broken or {})


# Three games. Players 1 and 2 against 3 and 4 twice, 1 and 3 against 2 and 4 once.
SIDES = [
    side(1, "NS", (1, 2), 4, 4, 200, 230, 1, {1: 2, 2: 1}, {1: Counter({"R-CAPTURE-ALL": 1})}),
    side(1, "EW", (3, 4), 4, 4, 200, 190, 0, {3: 1}),
    side(2, "NS", (1, 2), 3, 2, 90, 100, 0),
    side(2, "EW", (3, 4), 3, 2, 110, 160, 1, {}, {3: Counter({"R-HOUSE-VALUE": 2})}),
    side(3, "NS", (1, 3), 2, 2, 120, 120, 1, {1: 1}, {1: Counter({"R-HOUSE-VALUE": 1, "R-CAPTURE-ALL": 1})}),
    side(3, "EW", (2, 4), 2, 2, 80, 80, 0),
]


def test_player_record_by_hand():
    record = player_record(1, matches(SIDES))
    t = record.total
    assert (t.games, t.deals, t.won, t.lost) == (3, 9, 2, 1)
    assert t.points_per_deal == round((200 + 90 + 120) / (4 + 2 + 2), 2) == 51.25
    assert t.score_difference == (230 - 190) + (100 - 160) + (120 - 80) == 20
    assert record.sweeps == 3
    assert record.broken == [("R-CAPTURE-ALL", 2), ("R-HOUSE-VALUE", 1)]
    assert {p: (line.games, line.won, line.lost) for p, line in record.partners.items()} == {2: (2, 1, 1), 3: (1, 1, 0)}
    h2h = {opp: (line.games, line.won, line.lost, line.score_difference) for opp, line in record.head_to_head.items()}
    assert h2h == {(3, 4): (2, 1, 1, -20), (2, 4): (1, 1, 0, 40)}


def test_partnership_record_by_hand():
    record = partnership_record((3, 4), matches(SIDES))
    t = record.total
    assert (t.games, t.deals, t.won, t.lost, t.score_difference) == (2, 7, 1, 1, 20)
    assert record.sweeps == 1 and record.broken == [("R-HOUSE-VALUE", 2)]
    assert set(record.head_to_head) == {(1, 2)}
    assert partnership_record((9, 10), matches(SIDES)).total.games == 0
