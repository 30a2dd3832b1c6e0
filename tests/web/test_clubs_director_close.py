"""The director's close of a table through the API (organiser token): between deals only, a table where no
deal was played only when the close says it is unplayed; nothing stored when refused."""
from __future__ import annotations

from tests.web.clubs_helpers import enter
from tests.web.helpers import assert_envelope
from tests.web.test_clubs_confirm import bearer, event_with_round


def close(client, event: int, organiser: str, game: int, **body):
    return client.post(f"/api/events/{event}/tables/{game}/close", json=body, headers=bearer(organiser))


def test_a_table_in_the_middle_of_a_deal_is_not_closed(client):
    """The keeper began deal 2 while the director's close form was open: the first click was refused as stale,
    the page took the version from the refusal, and the second click closed the table with deal 2 half played."""
    event, organiser, tables = event_with_round(client)
    table, game = tables[0], tables[0]["game_id"]
    seen = enter(client, table, ["deal 1 dealer N", "score NS 60 EW 40"])
    now = enter(client, table, ["deal 2 dealer E", "floor 8d 7d 6h Ac"])
    for version in (seen, now):
        refused = assert_envelope(close(client, event, organiser, game, version=version), 409)
        assert refused["error"] == ("deal 2 is being played at this table: a table is closed between deals, once "
                                    "the last deal's score is in (or its entries are corrected)")
    live = client.get(f"/api/live/{game}").json
    assert (live["state"], live["version"]) == ("open", now)


def test_a_table_where_no_deal_was_played_is_closed_only_as_unplayed(client):
    """A table never started was closed like any other (in a Swiss event, that draws the next round)."""
    event, organiser, tables = event_with_round(client)
    empty, played = tables[1], tables[0]
    version = client.get(f"/api/live/{empty['game_id']}").json["version"]
    refused = assert_envelope(close(client, event, organiser, empty["game_id"], version=version), 409)
    assert refused["error"] == ("no deal was played at this table: to close it unplayed (its partnerships did not "
                                "play, say), send unplayed: true")
    assert client.get(f"/api/live/{empty['game_id']}").json["state"] == "open"
    closed = close(client, event, organiser, empty["game_id"], version=version, unplayed=True)
    assert closed.status_code == 201, closed.json
    assert client.get(f"/api/live/{empty['game_id']}").json["state"] == "closed"
    over = enter(client, played, ["deal 1 dealer N", "score NS 60 EW 40"])
    refused = assert_envelope(close(client, event, organiser, played["game_id"], version=over, unplayed=True), 409)
    assert refused["error"] == "deals were played at this table: it is closed as played, not unplayed"
    assert close(client, event, organiser, played["game_id"], version=over, unplayed=False).status_code == 201


def test_a_close_of_a_closed_table_says_it_is_closed_already(client):
    """The scorekeeper closed the table first: the director's close was told 'the game is closed: it takes no more
    entries (reopen it first)' with the new version, which the page took for 'the table changed while you wrote
    it'; sent again, 'reopen it first'."""
    event, organiser, tables = event_with_round(client)
    table, game = tables[0], tables[0]["game_id"]
    version = enter(client, table, ["deal 1 dealer N", "score NS 60 EW 40"])
    assert client.post(f"/api/live/{game}/close", json={"version": version},
                       headers=bearer(table["edit_token"])).status_code == 201
    for sent in (version, version + 1):
        refused = assert_envelope(close(client, event, organiser, game, version=sent), 409)
        assert refused["error"] == "this table is closed already (by its scorekeeper or a director): nothing to do"
    done = close(client, event, organiser, tables[1]["game_id"], version=1, unplayed=True, client_id="close-t2")
    assert done.status_code == 201, done.json
    again = close(client, event, organiser, tables[1]["game_id"], version=1, unplayed=True, client_id="close-t2")
    assert (again.status_code, again.json) == (201, done.json)  # a retry is answered again
