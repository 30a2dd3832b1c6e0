"""What the plays reveal of the hands (RULES.md §3): exact for a whole deal, three-valued where the plays
stop early or the deal is still being played."""
from seeplog import parse
from seeplog.cards import DECK, parse_card
from seeplog.dispute import play_json, play_view
from seeplog.hands import reveal
from seeplog.legal import legal_plays
from seeplog.ruleset import VARIANTS
from seeplog.state import Known
from tests.helpers import EXAMPLES
from tests.positions import cards, position

STANDARD = VARIANTS["standard"]
PUNJAB = VARIANTS["thirty-punjab"]
TWO_PLAYER = VARIANTS["two-player"]
TD = parse_card("Td")


def plays(text: str) -> tuple[list[str], list]:
    """``"N 9h, W 2c"`` as the seats and cards of the plays."""
    pairs = [p.split() for p in text.split(", ")]
    return [seat for seat, _ in pairs], [parse_card(card) for _, card in pairs]


def test_holds_value_answers_true_false_or_unknown():
    assert Known(cards("Jd 5c")).holds_value(11, besides=parse_card("5c")) is True
    assert Known(cards("Jd 5c")).holds_value(11, besides=parse_card("Jd")) is False
    unseen = frozenset(cards("Jh 2s"))
    assert Known(cards("Jd 5c"), False, unseen=unseen).holds_value(11, besides=parse_card("Jd")) is None
    assert Known(cards("Jd 5c"), False, unseen=unseen).holds_value(12, besides=parse_card("Jd")) is False
    # the bid play judged on the bidder's whole hand: a card of the hand may not have been held yet
    assert Known(cards("Jd 5c"), certain=False).holds_value(11, besides=parse_card("5c")) is None


def test_a_deal_in_progress_leaves_unseen_cards_in_any_hand():
    seats, played = plays("W 8s, S 2c")
    hands = reveal(seats, played, STANDARD, "W", floor=cards("Kc 9h 5d 3c"))
    assert not hands.complete and len(hands.unseen) == 52 - 4 - 2
    nxt = hands.known(2, "E")
    assert not nxt.complete and nxt.holds_value(11) is None
    assert hands.open_places("E", 2) == 12 and hands.open_places("W", 2) == 11
    # a value whose every card has been seen is certainly not held
    seats, played = plays("W 8s, S 2c, E Js, N Jh, W Jd")
    hands = reveal(seats, played, STANDARD, "W", floor=cards("Kc Jc 5d 3c"))
    assert hands.known(5, "S").holds_value(11) is False


def test_a_recorded_hand_is_held_until_its_cards_are_played():
    seats, played = plays("W 8s, S 2c")
    hands = reveal(seats, played, STANDARD, "W", floor=cards("Kc 9h 5d 3c"), recorded={"E": frozenset(cards("Qh"))})
    assert hands.known(2, "E").holds_value(12) is True
    assert hands.known(2, "N").holds_value(12) is None
    assert TD in hands.unseen and parse_card("Qh") not in hands.unseen


def test_a_whole_deal_is_known_exactly():
    deal = parse((EXAMPLES / "game-standard-1.seep").read_text()).games[0].deals[0]
    seats, played = [p.seat for p in deal.plays], [p.move.card for p in deal.plays]
    hands = reveal(seats, played, STANDARD, "W", floor=deal.floor.cards)
    assert hands.complete and not hands.unseen and all(hands.known(i).complete for i in range(48))
    assert hands.known(0).certain is False  # no hand line: the bidder's whole hand stands for the first four
    first_four = {"W": frozenset(cards("Ks Js 8c 3c"))}
    recorded = reveal(seats, played, STANDARD, "W", floor=deal.floor.cards, recorded=first_four)
    assert recorded.known(0).certain and sorted(map(str, recorded.known(0).hand)) == ["3c", "8c", "Js", "Ks"]


def test_punjab_key_card_not_seen_yet_may_be_with_any_seat_that_has_room():
    seats, played = plays("N 4s, W 5s")
    hands = reveal(seats, played, PUNJAB, "N", floor=cards("Kh 7c 6d 2c"))
    assert hands.holders(2)[TD] == frozenset("NWSE")
    recorded = reveal(seats, played, PUNJAB, "N", floor=cards("Kh 7c 6d 2c"), recorded={"S": frozenset({TD})})
    assert recorded.holders(0)[TD] == "S"
    seats, played = plays("N 4s, W Td")
    assert TD not in reveal(seats, played, PUNJAB, "N", floor=cards("Kh 7c 6d 2c")).holders(2)


# ---------------------------------------------------------------- alternatives legal under every rule (§6)

PUNJAB_LOG = """[Variant "thirty-punjab"]

deal 1 dealer E
hand N Th 4s 3h Ah
floor Kh 7c 6d 2c
bid N 10
N Th
W Td
S 5s
"""


def test_the_legal_plays_leave_out_a_first_house_the_seat_may_not_build():
    state = position("Kh 7c 6d 2c", rules=PUNJAB, played=0, bid=10)
    barred = legal_plays(state, "N", Known(frozenset(cards("Th 4s 3h Ah")), True, {TD: "W"}))
    allowed = legal_plays(state, "N", Known(frozenset(cards("Th 4s 3h Td")), True, {TD: "N"}))
    assert "Th" in barred and "4s+6d =10" not in barred
    assert "4s+6d =10" in allowed and "Th" not in allowed


def test_the_dispute_view_lists_a_throw_whose_captures_the_rules_forbid():
    game = parse(PUNJAB_LOG).games[0]
    first, second = (play_json(play_view(game, 1, n)) for n in (1, 2))
    assert first["violations"] == [] and "Th" in first["legal"] and "4s+6d =10" not in first["legal"]
    assert second["violations"] == [] and "Td" in second["legal"] and "Td x Th" not in second["legal"]


def test_two_player_recorded_cards_are_the_first_hand_held_in_the_first_half_only():
    """RULES.md §2.7: a two-player hand line names the first hand. N's Jc, not played yet, is surely in N's hand
    during the first half; after play 24 it is in no hand N may hold (the log has not shown it played)."""
    jack = parse_card("Jc")
    deck = [c for c in DECK if c != jack]
    seats = ["N" if i % 2 == 0 else "S" for i in range(26)]
    hands = reveal(seats, deck[:26], TWO_PLAYER, "N", recorded={"N": frozenset({jack})})
    assert jack in hands.hand_of("N", 5) and jack in hands.known(4).hand
    assert hands.known(5, "N").holds_value(11) is True
    after = hands.known(26, "N")
    assert jack not in after.hand and jack not in after.unseen
