"""What the board tells a listener (its hidden part `heard`, which the follow page says in its live region): the
deal begun (its dealer, floor and bid), each play and each flag, the deal's end with its score, in words in the
reader's language, players named and cards said; each under a key that stays the same while what it tells
does, so that the page says only what is new or changed."""
from __future__ import annotations

import html as markup
import re

from tests.web.live_helpers import live_store_fixtures
from tests.web.test_live_pages import bid_throw_game, board, body_of

app, client = live_store_fixtures()

ITEM = re.compile(r'<li data-key="([^"]+)" data-kind="([^"]+)"(?: data-line="[^"]*")?>(.*?)</li>', re.S)


def heard(client, game_id: int, **query: str) -> dict[str, tuple[str, str]]:
    """The board's told sentences by key: (kind, text), in their order."""
    page = client.get(f"/live/{game_id}/board", query_string=query).get_data(as_text=True)
    part = re.search(r'<ol class="live-part live-heard" id="live-heard" hidden>(.*?)</ol>', page, re.S)
    return {} if part is None else {k: (kind, markup.unescape(t)) for k, kind, t in ITEM.findall(part.group(1))}


def test_the_board_tells_the_deal_each_play_and_each_flag_in_words(client):
    keeper = bid_throw_game(client, plays=3)
    told = heard(client, keeper.id)
    flagged = [e for e in keeper.doc()["entries"] if e["findings"]]
    assert list(told) == ["d1", "f1", "b1", "p1.1", "p1.2", "p1.3", f"x{flagged[0]['id']}:R-BID-THROW"]
    assert [kind for kind, _ in told.values()] == ["deal", "floor", "bid", "play", "play", "play", "flag"]
    assert told["d1"][1] == "Deal 1 begins: Bilal (East) deals."
    assert told["f1"][1] == "The floor: king of hearts, jack of hearts, two of clubs and ace of diamonds."
    assert told["b1"][1] == "Priya (North) bids 10."
    assert told["p1.1"][1] == "Priya (North) throws ten of clubs loose."
    assert told["p1.3"][1] == ("Omkar (South) builds a 13-house: four of spades on the loose six of diamonds + two of "
                               "clubs + ace of diamonds, with king of hearts.")
    assert told[f"x{flagged[0]['id']}:R-BID-THROW"][1] == (
        "Deal 1, play 1, flagged: Throw the bid card only as a last resort (the bidder throws ten of clubs although "
        "eight of diamonds + two of clubs =10 was possible).")


def test_the_board_tells_it_in_the_readers_language(client):
    keeper = bid_throw_game(client, plays=5)
    client.set_cookie("lang", "hi")
    told = heard(client, keeper.id)
    assert told["d1"][1] == "डील 1 शुरू: बाँटने वाला Bilal (पूर्व)।"
    assert told["b1"][1] == "Priya (उत्तर) ने 10 की बोली लगाई।"
    assert told["p1.1"][1] == "Priya (उत्तर) ने चिड़ी का दहला खुला फेंका।"
    assert told["p1.5"][1] == "Priya (उत्तर) ने हुकुम के दहले से उठाया: चिड़ी का दहला।"
    assert all(word not in text for _, text in told.values() for word in ("throws", "flagged", "of clubs"))


def test_what_is_told_keeps_its_key_while_it_stays_the_same(client):
    keeper = bid_throw_game(client, plays=4)
    before = heard(client, keeper.id)
    _, lines = body_of("r-bid-throw.seep")
    keeper.add(lines[9])  # play 5: "N Ts x Tc"
    after = heard(client, keeper.id)
    assert {k: v for k, v in after.items() if k in before} == before
    assert [k for k in after if k not in before] == ["p1.5"]
    assert after["p1.5"][1] == "Priya (North) takes ten of clubs with ten of spades."

    last = keeper.doc()["entries"][-1]["number"]
    assert keeper.add("N Ts", replace=last).status_code == 201  # corrected: the same play, told anew
    corrected = heard(client, keeper.id)
    assert corrected["p1.5"][1] == "Priya (North) throws ten of spades loose."
    assert {k: v for k, v in corrected.items() if k in before} == before
    assert [kind for k, (kind, _) in corrected.items() if k not in after] == ["flag", "fixed"]  # it could capture;
    # the correction is said by the play's own sentence ("fixed": the page does not say it again)
    assert keeper.send("/undo").status_code == 201
    undone = heard(client, keeper.id)
    assert [k for k in undone if k not in before] == [k for k in corrected if corrected[k][0] == "fixed"]
    assert [kind for k, (kind, _) in undone.items() if k not in before] == ["fixed"]  # kept, never said


def test_the_end_of_a_deal_is_told_with_its_score_and_the_standing(client):
    keeper = bid_throw_game(client, plays=48)
    game = keeper.doc()["report"]["games"][0]
    score, baazis = game["deals"][0]["score"], game["baazis"]
    told = heard(client, keeper.id)
    kind, text = told["end1"]
    assert kind == "end" and list(told).index("end1") == list(told).index("p1.48") + 1
    assert text.startswith(f"Deal 1 is over: North–South {score['NS']} – East–West {score['EW']}. "), text
    assert text.endswith(f"baazis North–South {baazis['NS']} – East–West {baazis['EW']}.")


def test_the_told_part_is_only_where_it_is_asked_for(client):
    keeper = bid_throw_game(client, plays=2)
    assert heard(client, keeper.id, parts="floor,ledger") == {}  # the keep page's parts
    alone = client.get(f"/live/{keeper.id}/board", query_string={"parts": "heard"}).get_data(as_text=True)
    assert 'id="live-heard" hidden' in alone and 'id="live-floor"' not in alone
    assert list(heard(client, keeper.id, parts="heard")) == list(heard(client, keeper.id))
    assert board(client, keeper.id).status_code == 200


def test_a_correction_of_an_earlier_deal_is_shown_and_told_once(client):
    """Deal 1's score corrected once deal 2 is under way: the board's corrections say where, what it was, what
    it is now and why; a listener is told it (under its own key); a correction in the deal on the table is told
    by its entry's sentence alone."""
    from tests.web.live_helpers import Keeper

    keeper = Keeper(client, players={"N": "Asha", "W": "Divya"})
    keeper.add_all(["deal 1 dealer N", "score NS 68 EW 32", "deal 2 dealer W", "floor Kh Jc 9s 2s"])
    before = heard(client, keeper.id)
    score = next(e["number"] for e in keeper.doc()["entries"] if e["line"] == "score NS 68 EW 32")
    assert keeper.send(replace=score, line="score NS 32 EW 68", note="columns swapped").status_code == 201
    page = client.get(f"/live/{keeper.id}/board").get_data(as_text=True)
    part = re.search(r'<section class="live-part live-fixes" id="live-fixes">(.*?)</section>', page, re.S)
    assert part and "The score of deal 1 corrected: score NS 68 EW 32, now score NS 32 EW 68 (columns swapped)" \
        in markup.unescape(re.sub(r"<[^>]+>", "", part.group(1)))
    told = heard(client, keeper.id)
    fresh = [(k, v) for k, v in told.items() if k not in before]
    assert [(k[0], kind) for k, (kind, _) in fresh] == [("x", "flag"), ("c", "fix")]  # W dealt out of turn now
    assert fresh[1][1][1] == ("The score of deal 1 corrected: score North–South 68 East–West 32, now score "
                              "North–South 32 East–West 68 (columns swapped).")
    floor = next(e["number"] for e in keeper.doc()["entries"] if e["line"].startswith("floor"))
    assert keeper.send(replace=floor, line="floor Kh Jc 9s 3s").status_code == 201  # in the deal on the table
    again = heard(client, keeper.id)
    assert [kind for k, (kind, _) in again.items() if k not in told] == ["fixed"]  # not said: the floor's is
    assert again["f2"][1] != told["f2"][1]  # its sentence changed, under its key
    fixed = next(k for k in again if k not in told)
    keeper.add_all(["bid N 13", "score NS 50 EW 50", "deal 3 dealer W"])  # deal 2 leaves the table
    later = heard(client, keeper.id)
    assert later[fixed] == ("fix", again[fixed][1])  # the same key and sentence: not news again
