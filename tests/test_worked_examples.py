"""The worked examples of NOTATION.md's table, played on their floors: each is legal and listed."""
import pytest

from seeplog.engine import Known, apply
from seeplog.moves import Build
from seeplog.legal import legal_plays
from tests.positions import cards, findings, position

SITUATIONS = [
    # floor, houses (value, cards, owners), seat, hand, play
    ("2c 3d 5c", (), "N", "6h Jd", "6h+3d+2c =11"),
    ("2c 3d 5c", (), "N", "6h Jd", "6h+5c =11"),
    ("4c 3d Qs", (), "N", "5h Qd", "5h+4c+3d =12 Qs"),
    ("", ((11, "6s 5c", "W"),), "N", "Jh Jd", "Jh =11"),
    ("7c", ((10, "6s 4c", "W"),), "N", "3h Td", "3h+7c =10"),
    ("", ((11, "6s 5c", "W"),), "N", "2s Kd", "2s+[11] =13"),
    ("", ((12, "7h 5c", "S"), (9, "6s 3c", "W")), "N", "3s Qd", "3s+[9] =12"),
    ("9c", (), "N", "9h 9s", "9h =9 9c"),
    ("7d 4s", ((11, "6s 5c", "W"),), "N", "Jc", "Jc x [11] 7d+4s"),
]


@pytest.mark.parametrize("floor, houses, seat, hand, play", SITUATIONS, ids=[s[-1] for s in SITUATIONS])
def test_notation_worked_example_is_legal(floor, houses, seat, hand, play):
    state = position(floor, houses, turn=seat)
    assert not findings(state, f"{seat} {play}", hand)
    assert play in legal_plays(state, seat, Known(frozenset(cards(hand))))


def test_a_second_house_of_a_value_merges_into_one_cemented_house():
    state = position("2c", ((11, "6s 5c", "W"),))
    after = apply(state, "N", Build(cards("9h")[0], cards("2c"), 11))
    assert [(h.value, h.owners, h.cemented) for h in after.houses] == [(11, frozenset({"W", "N"}), True)]
    assert not findings(state, "N 9h+2c =11", "Jh")


def test_is_legal_and_play_refuse_a_card_the_seat_cannot_hold():
    """The library's own question about one play: a card already on the floor or taken (E-CARD), or missing from
    a hand known whole (E-HAND), is no legal play, and `play` raises for it as for a broken rule."""
    from seeplog.engine import IllegalPlayError, is_legal, play
    from seeplog.moves import Capture, Throw

    state = position("9c 5d", turn="N")
    hand = Known(frozenset(cards("9h 2s")))
    assert is_legal(state, "N", Throw(cards("2s")[0]), hand)
    assert is_legal(state, "N", Capture(cards("9h")[0], ((cards("9c")[0],),)), hand)
    assert not is_legal(state, "N", Throw(cards("Kd")[0]), hand)  # not in a hand known whole
    assert not is_legal(state, "N", Throw(cards("5d")[0]), Known(frozenset(cards("5d 2s"))))  # on the floor
    with pytest.raises(IllegalPlayError) as raised:
        play(state, "N", Throw(cards("Kd")[0]), hand)
    assert [(v.rule, str(v.message)) for v in raised.value.violations] == [
        ("E-HAND", "Kd is not in N's recorded hand")]
    with pytest.raises(IllegalPlayError) as raised:
        play(state, "N", Throw(cards("5d")[0]), Known(frozenset(cards("5d 2s"))))
    assert raised.value.violations[0].rule == "E-CARD"
    assert is_legal(state, "N", Throw(cards("Kd")[0]), Known(frozenset(cards("9h")), complete=False))  # may hold it
