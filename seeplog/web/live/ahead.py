"""The steps of a deal as plain data, for the keep-score page to move "what comes next" on through the
entries still waiting on the phone. What comes next is the server's (`seeplog.live.table.what_next`); while
entries wait to be sent, the page walks these tables by the lines it holds and works out no rule itself."""
from __future__ import annotations

from typing import Any

from seeplog.cards import Rank
from seeplog.ruleset import HOUSE_VALUES, Ruleset
from seeplog.said import N_, Said, said_json

WAITING_WHY = N_("the rotation is known once the waiting entries are stored")


def steps_ahead(rules: Ruleset) -> dict[str, Any]:
    """The tables the keep page walks:
    - `dealt`: the step once a deal line is in (its deal, dealer and `bidder[dealer]` filled in);
    - `bidder`: the seat that bids when a seat deals;
    - `plays`: for each bidder, the seat to play at each play of the deal (a play by another seat is
      followed with the list in which that seat plays then);
    - `after_deal`: the step once a deal's last play or its score is in (the next deal's number filled in;
      its dealer is the server's to say once the entries are stored);
    - `house_values` and `rank_values`: the values a house may have and each rank's capture value, for the
      page to write a play tapped offline in notation (it judges no rule with them)."""
    return {
        "dealt": {"kind": "bid", "missing": ["bid", "floor"]},
        "bidder": {seat: rules.right_of(seat) for seat in rules.seats},
        "plays": {seat: plays_from(rules, seat) for seat in rules.seats},
        "after_deal": {"kind": "deal", "dealer": None, "allowed_dealers": list(rules.seats), "why": WAITING_WHY,
                       "why_said": said_json(Said(WAITING_WHY))},
        "house_values": list(HOUSE_VALUES),
        "rank_values": {rank.symbol: int(rank) for rank in Rank},
    }


def plays_from(rules: Ruleset, first: str) -> list[str]:
    """The seat to play at each play of a deal (play 1 first) when `first` plays first: the bidder."""
    seats, seat = [], first
    for _ in range(rules.plays_per_deal):
        seats.append(seat)
        seat = rules.right_of(seat)
    return seats
