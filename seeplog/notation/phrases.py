"""The phrases the line readers put into their messages (what they expected, what they read last): each
a `Said` of its own, made once, so that a page says it in the reader's language."""
from __future__ import annotations

from ..said import Said

START = Said("a keyword (deal, redeal, hand, floor, bid, score), a seat or a tag [Name \"value\"]")
A_CARD, PLAYED_CARD, A_SEAT, A_TEAM = Said("a card"), Said("the played card"), Said("a seat"), Said("a team")

MISPLACED = {
    "plus": Said("a '+' stands between two cards or houses"),
    "eq": Said("'=' belongs to a house play ('C+I =V'); it is written once, after the main group"),
    "other": Said("a house is written [V], with the value inside '[ ]'"),
}
ONE_X = Said("a capture is 'C x G G …', with one 'x'")
NO_X = Said("a house play is 'C+I =V G G …', with no 'x'")
SECOND_X = Said("a second 'x': {why}", why=ONE_X)
X_AFTER_HOUSE = Said("'x' after the house value: a play is a capture ('C x G G …') or a house play ('C+I =V G G …'), "
                     "not both")
"""What an 'x' among a move's groups is: a second one in a capture, a capture's mark after a house play."""
AN_ANNOTATION, A_HOUSE = Said("an annotation"), Said("a house")
HOUSE_VALUE, VALUE_AFTER_EQ = Said("a house value inside '[ ]'"), Said("the house value after '='")

AFTER = {"play": Said("the play"), "dealer": Said("the dealer"), "redeal": Said("the four cards"),
         "hand": Said("the cards"), "floor": Said("the four floor cards"), "bid": Said("the bid"),
         "score": Said("the score")}
"""What a line's reader has read last, for "unexpected … after …"."""
DEAL_NUMBER = Said("the deal number (1, 2, …): a deal line is 'deal N dealer SEAT'")
DEALER_WORD, THE_DEALER = Said("'dealer' and the dealer's seat"), Said("the dealer")

WHAT = {"redeal seat": Said("the bidder's seat or 'floor'"), "shown": Said("cards shown"),
        "hand": Said("the cards of the hand"), "floor": Said("floor cards"), "bidder": Said("the bidder's seat"),
        "bid": Said("the bid value (9 to 13)")}
"""What a line's reader expects, for "expected …"."""
