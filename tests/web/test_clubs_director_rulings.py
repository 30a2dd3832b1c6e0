"""The director's ruling on a refused score, through the API: it says it is a ruling (a director does not
refuse, with a reason or without), and a reason that shows nothing is no reason."""
from __future__ import annotations

from tests.web.clubs_helpers import enter
from tests.web.helpers import assert_envelope
from tests.web.test_clubs_confirm import answer, event_with_round


def refused_deal(client) -> tuple[int, str, dict, int]:
    """An event whose first table's deal 1 (60-40) EW refused by their link."""
    event, organiser, tables = event_with_round(client)
    table, game = tables[0], tables[0]["game_id"]
    enter(client, table, ["deal 1 dealer N", "score NS 60 EW 40"])
    refused = answer(client, game, table["confirm_token"], deal=1, verdict="refused", reason="EW had 45")
    assert refused.status_code == 201, refused.json
    return event, organiser, table, game


def test_a_directors_refusal_is_told_a_director_rules_whatever_its_reason(client):
    """With an empty reason it was told 'a refusal needs its reason'; with one, then, that a director cannot refuse."""
    _, organiser, _, game = refused_deal(client)
    for reason in ("", "EW had 45"):
        refused = assert_envelope(answer(client, game, organiser, deal=1, verdict="refused", reason=reason), 422)
        assert "a director rules that a score stands" in refused["error"], refused
        assert refused["errors"][0]["field"] == "verdict"


def test_a_reason_of_invisible_characters_is_no_reason_for_a_ruling_nor_a_refusal(client):
    """A zero-width space passed as the ruling's reason (and as the opponents'): the table read an empty ruling."""
    _, organiser, table, game = refused_deal(client)
    for reason in ("\u200b", "\u2060 \u200d"):
        refused = assert_envelope(answer(client, game, organiser, deal=1, verdict="confirmed", reason=reason), 422)
        assert "a ruling needs its reason" in refused["error"]
        refused = assert_envelope(answer(client, game, table["confirm_token"], deal=1, verdict="refused",
                                         reason=reason), 422)
        assert "a refusal needs its reason" in refused["error"]
    assert answer(client, game, organiser, deal=1, verdict="confirmed", reason="\u200bstands").status_code == 201
