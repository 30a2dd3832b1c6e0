"""The dispute view: one play's page and its API, against hand-worked floors, the rules' legal plays and
the command line; navigation between plays; every play of every example rendered."""
from __future__ import annotations

import re
import subprocess
import sys

import pytest
from flask import url_for
from markupsafe import escape

import seeplog
from seeplog.position import legal_at
from seeplog.moves import move_text
from seeplog.rules import RULES
from seeplog.web.games.playlinks import play_link
from tests.helpers import EXAMPLES, ROOT
from tests.web.helpers import assert_envelope, example, make_app, upload
from tests.web.markup import elements, houses, loose, shown, with_class


def api_play(client, game_id: int, deal: int, play: int, game: int = 1) -> dict:
    query = f"?game={game}" if game > 1 else ""
    response = client.get(f"/api/games/{game_id}/deals/{deal}/plays/{play}{query}")
    assert response.status_code == 200, response.json
    return response.json


def page(client, game_id: int, deal: int, play: int, game: int = 1) -> str:
    query = f"?game={game}" if game > 1 else ""
    response = client.get(f"/games/{game_id}/deals/{deal}/plays/{play}{query}")
    assert response.status_code == 200
    return response.get_data(as_text=True)


def api_houses(state: dict) -> list[tuple]:
    return [(h["value"], sorted(h["cards"]), h["owners"], h["cemented"]) for h in state["houses"]]


# ---------------------------------------------------------------- floors worked by hand

# game-standard-1, deal 1 (bid W 13), from the log: ... 5 W 8c, 6 S 2c+8c =10 (a new house: S owns it, 2+8 is
# not more than 10, so not cemented), 7 E Td x [10], 8 N Ad, 9 W As x Ad, 10 S 9c, 11 E 2s, 12 N Qd,
# 13 W 3c+9c =12 Qd (the loose queen joins: 24 > 12, cemented, W's), 14 S 6h, 15 E 6c+6h =12 (E adds to his
# partner's house: the owners stay W alone; 2s stays loose).
STANDARD_1 = [
    (6, "before", [], ["8c"]),
    (6, "after", [(10, ["2c", "8c"], ["S"], False)], []),
    (13, "after", [(12, ["3c", "9c", "Qd"], ["W"], True)], ["2s"]),
    (15, "before", [(12, ["3c", "9c", "Qd"], ["W"], True)], ["6h", "2s"]),
    (15, "after", [(12, ["3c", "6c", "6h", "9c", "Qd"], ["W"], True)], ["2s"]),
]


@pytest.mark.parametrize("play, when, expected_houses, expected_loose", STANDARD_1,
                         ids=[f"play{p}-{w}" for p, w, *_ in STANDARD_1])
def test_the_floor_at_chosen_plays(client, play, when, expected_houses, expected_loose):
    game_id = upload(client, "game-standard-1.seep")
    state = api_play(client, game_id, 1, play)[when]
    assert api_houses(state) == expected_houses
    assert state["loose"] == expected_loose
    html = page(client, game_id, 1, play)
    assert houses(html, f"floor-{when}") == expected_houses
    assert loose(html, f"floor-{when}") == expected_loose


def test_a_house_owned_by_two_seats(client):
    # r-break-own deal 2: N built the 13-house, W (an opponent) added to it, cementing it: both own it
    game_id = upload(client, "r-break-own.seep")
    expected = (13, ["5c", "7d", "Ad", "Ah", "Qs"], ["N", "W"], True)
    assert expected in api_houses(api_play(client, game_id, 2, 6)["before"])
    html = page(client, game_id, 2, 6)
    assert expected in houses(html, "floor-before")
    assert "owners <strong>Priya (N) and Jaspreet (W)</strong>" in html


def test_what_the_play_changed_is_outlined(client):
    game_id = upload(client, "game-standard-1.seep")
    html = page(client, game_id, 1, 6)  # S 2c+8c =10: the loose 8c joins the new house
    assert [e.attrs["data-card"] for e in with_class(html, "used", "floor-before")] == ["8c"]
    assert [e.attrs["data-value"] for e in with_class(html, "new", "floor-after")] == ["10"]
    played = [e for e in with_class(html, "played") if "card" in e.classes]
    assert [e.attrs["data-card"] for e in played] == ["2c"] and played[0].inside("hand-S")


def test_taken_cards_and_sweeps_per_team(client):
    game_id = upload(client, "game-standard-1.seep")
    doc = api_play(client, game_id, 1, 19)
    assert doc["after"]["loose"] == [] and doc["after"]["houses"] == []
    assert doc["after"]["sweeps"][-1] == {"play": 19, "seat": "E", "card": doc["after"]["sweeps"][-1]["card"],
                                          "points": 50}
    html = page(client, game_id, 1, 19)
    counts = {e.attrs["data-team"]: int(e.attrs["data-count"]) for e in with_class(html, "team")}
    assert counts == doc["after"]["cards_taken"] and sum(counts.values()) == 4 + 19
    assert "The floor is empty." in html
    assert f'href="/games/{game_id}/deals/1/plays/19">play 19</a> by E' in shown(html)


def test_a_sweep_and_the_end_of_the_deal_are_said(client):
    game_id = upload(client, "game-standard-1.seep")
    assert "A sweep: the floor is cleared, 50 points to EW." in page(client, game_id, 1, 19)
    assert "A sweep" not in page(client, game_id, 1, 18)
    # r-capture-all: E's Kc took the 13-house but left Td 6c 3s 2d; they go to EW all the same, E last to capture
    assert ("The deal ends: Td 6c 3s 2d left on the floor go to EW, as Chetan (E) was the last to capture."
            in page(client, upload(client, "r-capture-all.seep"), 2, 48))


def test_hands_as_known_with_the_partial_mark(client):
    game_id = upload(client, "game-standard-1.seep")
    doc = api_play(client, game_id, 1, 45)
    assert doc["hands"]["S"] == {"cards": ["Kd"], "partial": False}
    hands = {e.attrs["data-seat"]: e for e in with_class(page(client, game_id, 1, 45), "hand")}
    assert set(hands) == {"N", "W", "S", "E"} and hands["S"].attrs["data-partial"] == "false"
    # a deal cut short: what the log shows of the hands is only part of them
    cut = upload(client, "e-incomplete.seep")
    html = page(client, cut, 1, 5)
    assert all(e.attrs["data-partial"] == "true" for e in with_class(html, "hand")) and "partly known" in html


# ---------------------------------------------------------------- flagged plays and the legal alternatives

FLAGGED = [
    ("r-capture-all.seep", 2, 48, "R-CAPTURE-ALL", "Kc x [13] Td+3s"),
    ("r-must-capture.seep", 3, 1, "R-MUST-CAPTURE", "Js x 5s+3d+3c"),
    ("r-house-auto.seep", 3, 9, "R-HOUSE-AUTO", "Ah+[10] =11 Js"),
    ("r-owner-keep.seep", 2, 37, "R-OWNER-KEEP", "9d x [9]"),
]


@pytest.mark.parametrize("name, deal, play, rule, required", FLAGGED, ids=[f[3] for f in FLAGGED])
def test_a_flagged_play_shows_the_rule_and_the_play_required(client, name, deal, play, rule, required):
    game_id = upload(client, name)
    doc = api_play(client, game_id, deal, play)
    assert [v["rule"] for v in doc["violations"]][0] == rule
    assert doc["violations"][0]["explanation"] == RULES[rule].explanation
    assert required in doc["legal"] and doc["move"] not in doc["legal"]
    assert doc["legal"] == sorted(doc["legal"]) and len(doc["legal_words"]) == len(doc["legal"])
    html = page(client, game_id, deal, play)
    finding = with_class(html, "finding")
    assert finding and "violation" in finding[0].classes
    for text in (rule, RULES[rule].summary, RULES[rule].explanation, doc["violations"][0]["message"]):
        assert str(escape(text)) in html
    assert f"<code>{escape(required)}</code>" in shown(html)
    assert "<details class=\"legal\" id=\"legal\" open>" in html
    words = doc["legal_words"][doc["legal"].index(required)]
    assert str(escape(words)) in html


def test_the_required_capture_is_listed_with_the_card_played(client):
    game_id = upload(client, "r-capture-all.seep")
    html = page(client, game_id, 2, 48)
    html = shown(html)
    same = html[html.index("With Kc, the card played"):html.index("</ul>", html.index("With Kc, the card played"))]
    assert "<code>Kc x [13] Td+3s</code> <span class=\"words\">E takes the 13-house and Td+3s with Kc</span>" in same
    assert "Chetan (E)" in html and "<code>Kc x [13]</code>" in html
    assert "E takes the 13-house with Kc" in html


def test_a_clean_play_keeps_its_alternatives_folded_and_marks_the_play_made(client):
    game_id = upload(client, "game-standard-1.seep")
    html = page(client, game_id, 1, 15)
    assert "This play breaks no rule." in html and not with_class(html, "finding")
    assert "<details class=\"legal\" id=\"legal\">" in html
    assert '<li class="played"><code>6c+6h =12</code>' in shown(html)
    assert "E adds 6c+6h to the 12-house, cementing it" in html


LEGAL_CASES = [("r-capture-all.seep", 1, 2, 48), ("game-standard-1.seep", 1, 1, 15), ("r-turn.seep", 1, 1, 17),
               ("game-two-player-1.seep", 1, 1, 30), ("two-games.seep", 2, 1, 3), ("game-juneja-1.seep", 1, 2, 1)]


@pytest.mark.parametrize("name, game, deal, play", LEGAL_CASES, ids=[f"{c[0]}-{c[2]}-{c[3]}" for c in LEGAL_CASES])
def test_legal_is_what_the_legal_command_prints(client, name, game, deal, play):
    game_id = upload(client, name)
    expected = list(legal_at(seeplog.analyse(example(name).decode()), game, deal, play).plays)
    assert api_play(client, game_id, deal, play, game)["legal"] == expected


def test_legal_is_the_command_lines_output(client):
    game_id = upload(client, "r-capture-all.seep")
    for deal, play in ((2, 48), (1, 1), (2, 20)):
        done = subprocess.run([sys.executable, "-m", "seeplog", "legal", str(EXAMPLES / "r-capture-all.seep"),
                               "--deal", str(deal), "--play", str(play)], capture_output=True, text=True, cwd=ROOT)
        assert done.returncode == 0, done.stderr
        doc = api_play(client, game_id, deal, play)
        lines = [text + (f"  # and {n - 1} other grouping{'s' if n > 2 else ''} of the same cards" if n > 1 else "")
                 for text, n in zip(doc["legal"], doc["legal_groupings"])]
        assert lines == [line for line in done.stdout.splitlines() if not line.startswith("#")]
        assert doc["legal_complete"] is True


GROUPED = ("[Variant \"standard\"]\n\ndeal 1 dealer N\nhand W Jh Qs 9c 8h\nfloor 9d 2h 2s 9h\nbid W 11\n"
           "W 9c+2s =11 9d+2h\nS 5c\n")


def test_an_outcome_stands_for_its_groupings_and_marks_the_play_made(client):
    response = client.post("/api/games", data=GROUPED.encode(), content_type="text/plain")
    game_id = response.json["id"]
    doc = api_play(client, game_id, 1, 1)
    assert "9c+2s =11 9d+2h" not in doc["legal"]  # the play made, grouped the other way
    index = doc["legal"].index("9c+2h =11 9d+2s")
    assert doc["legal_groupings"][index] == 2 and len(doc["legal_groupings"]) == len(doc["legal"])
    html = page(client, game_id, 1, 1)
    assert '<li class="played"><code>9c+2h =11 9d+2s</code>' in shown(html)
    assert "and 1 other grouping of the same cards" in html and "With Jh</h3>" in shown(html)


def test_the_turn_was_another_seats(client):
    game_id = upload(client, "r-turn.seep")
    doc = api_play(client, game_id, 1, 17)
    assert doc["seat"] != doc["turn"] and doc["violations"][0]["rule"] == "R-TURN"
    html = page(client, game_id, 1, 17)
    assert f" ({doc['turn']})’s turn." in shown(html) and "It was " in html
    assert "could play instead" in html


def test_a_finding_of_the_bid_is_shown_on_play_1(client):
    # R-BID-HOLD belongs to the bid, not the play's own checks; the scoresheet links it to play 1
    game_id = upload(client, "r-bid-hold.seep")
    assert "R-BID-HOLD" in [v["rule"] for v in api_play(client, game_id, 1, 1)["violations"]]
    assert "R-BID-HOLD" in page(client, game_id, 1, 1)


# ---------------------------------------------------------------- navigation

def nav_links(html: str) -> dict[str, str]:
    return {e.attrs["rel"]: e.attrs["href"] for e in elements(html) if e.inside("steps") and "data-key" in e.attrs}


def test_first_previous_next_last_and_the_strip(client):
    game_id = upload(client, "r-capture-all.seep")
    base = f"/games/{game_id}/deals/2/plays/"
    first = page(client, game_id, 2, 1)
    assert nav_links(first) == {"next": base + "2", "last": base + "48"}
    middle = page(client, game_id, 2, 20)
    assert nav_links(middle) == {"first": base + "1", "prev": base + "19", "next": base + "21", "last": base + "48"}
    keys = {e.attrs["rel"]: e.attrs["data-key"] for e in elements(middle) if e.attrs.get("data-key")}
    assert keys == {"first": "Home", "prev": "ArrowLeft", "next": "ArrowRight", "last": "End"}
    assert nav_links(page(client, game_id, 2, 48)) == {"first": base + "1", "prev": base + "47"}
    strip = [e for e in elements(middle) if e.tag == "a" and e.inside("strip")]
    assert [e.attrs["href"] for e in strip] == [base + str(k) for k in range(1, 49)]
    assert [e.attrs["href"] for e in strip if e.attrs.get("aria-current") == "page"] == [base + "20"]
    assert [e.attrs["href"] for e in strip if "violation" in e.classes] == [base + "48"]
    assert 'src="/assets/play.js" defer' in middle


def test_play_links_are_the_routes_address(app):
    with app.test_request_context("/"):
        assert play_link(3, 1, 2, 48) == url_for("pages.deal_play", game_id=3, deal=2, play=48) \
            == "/games/3/deals/2/plays/48"
        assert play_link(3, 2, 1, 5) == url_for("pages.deal_play", game_id=3, deal=1, play=5, game=2)


def test_deal_links_and_the_scoresheet_links_to_each_deal(client):
    game_id = upload(client, "game-standard-1.seep")  # deal 2 was recorded as a score only
    html = page(client, game_id, 1, 48)
    assert f'href="/games/{game_id}/deals/3/plays/1" class="deal-link">deal 3 ›' in html
    sheet = client.get(f"/games/{game_id}").get_data(as_text=True)
    steps = [e.attrs["href"] for e in elements(sheet) if "steps" in e.classes]
    assert steps == [f"/games/{game_id}/deals/1/plays/1", f"/games/{game_id}/deals/3/plays/1"]
    assert sheet.count(">step through</a>") == 2 and 'aria-label="step through deal 3"' in sheet


def test_the_second_game_of_a_file_keeps_its_number(client):
    game_id = upload(client, "two-games.seep")
    doc = api_play(client, game_id, 1, 3, game=2)
    assert doc["game"] == 2 and doc["move"] == "Qd =12"
    assert api_houses(doc["after"]) == [(12, ["2c", "Qd", "Ts"], ["N", "W"], True)]
    assert doc["links"]["next"] == f"/api/games/{game_id}/deals/1/plays/4?game=2"
    assert doc["links"]["page"] == f"/games/{game_id}/deals/1/plays/3?game=2"
    html = page(client, game_id, 1, 3, game=2)
    assert nav_links(html)["next"] == f"/games/{game_id}/deals/1/plays/4?game=2"
    assert api_play(client, game_id, 1, 3)["move"] != "Qd =12"  # game 1's play 3 is another
    sheet = client.get(f"/games/{game_id}").get_data(as_text=True)
    assert f'href="/games/{game_id}/deals/1/plays/1?game=2"' in sheet


def test_every_flagged_play_link_on_the_scoresheet_opens(client):
    for name in ("r-capture-all.seep", "e-syntax.seep", "e-card.seep", "r-bid-hold.seep", "r-house-left.seep"):
        game_id = upload(client, name)
        sheet = client.get(f"/games/{game_id}").get_data(as_text=True)
        links = [e.attrs["href"] for e in elements(sheet) if e.tag == "a" and "/plays/" in e.attrs.get("href", "")]
        assert links
        for link in links:
            assert client.get(link).status_code == 200, link


def test_the_play_where_the_replay_stopped(client):
    # e-syntax: play 25 of deal 1 cannot be read; its page shows the floor as it was and the line as written
    game_id = upload(client, "e-syntax.seep")
    html = page(client, game_id, 1, 25)
    assert "E-SYNTAX" in html and "<code>Qd y</code>" in shown(html) and "The replay stops here" in html
    assert '<span class="seat">Chetan (S)</span>' in shown(html)  # the seat once, with its player
    assert houses(html, "floor-before") == [(h["value"], sorted(h["cards"]), h["owners"], h["cemented"])
                                            for h in api_play(client, game_id, 1, 24)["after"]["houses"]]
    assert nav_links(html)["prev"].endswith("/plays/24") and "next" not in nav_links(html)
    body = client.get(f"/api/games/{game_id}/deals/1/plays/25").json  # the page and the API agree
    assert body["stopped"] is True and body["after"] is None and body["plays"] == 25
    assert body["violations"][0]["rule"] == "E-SYNTAX" and body["violations"][0]["line"] == 38
    assert_envelope(client.get(f"/api/games/{game_id}/deals/1/plays/26"), 404)


# ---------------------------------------------------------------- what is not there

@pytest.mark.parametrize("path", ["/deals/9/plays/1", "/deals/1/plays/49", "/deals/1/plays/0",
                                  "/deals/2/plays/1", "/deals/1/plays/1?game=2"])
def test_a_missing_deal_or_play_is_404(client, path):
    game_id = upload(client, "game-standard-1.seep")
    response = client.get(f"/games/{game_id}{path}")
    assert response.status_code == 404 and response.mimetype == "text/html"
    assert "404" in response.get_data(as_text=True)
    assert_envelope(client.get(f"/api/games/{game_id}{path}"), 404)


@pytest.mark.parametrize("path, said, page_said", [
    ("/deals/1/plays/0", "deal 1 has no play 0 that can be viewed (the last that can be is play 48)",
     "deal 1 has no play 0 that the replay reached (it reached 48)"),
    ("/deals/0/plays/1", "there is no deal 0", "there is no deal 0")])
def test_play_0_and_deal_0_are_404_saying_which_as_a_play_beyond_the_deal(client, path, said, page_said):
    game_id = upload(client, "game-standard-1.seep")
    assert assert_envelope(client.get(f"/api/games/{game_id}{path}"), 404)["error"] == said
    page = client.get(f"/games/{game_id}{path}")
    assert page.status_code == 404 and page_said in page.get_data(as_text=True)
    beyond = assert_envelope(client.get(f"/api/games/{game_id}/deals/1/plays/49"), 404)["error"]
    assert beyond == "deal 1 has no play 49 that can be viewed (the last that can be is play 48)"


def test_a_play_beyond_an_unfinished_deal_names_the_last_that_can_be_viewed(client):
    """Eight plays recorded: play 9 (the seat to move) can be viewed, play 10 is refused naming play 9, as
    `seeplog legal` says it; not "it has 9", which the deal does not."""
    text = example("r-house-hold.seep").decode("utf-8")
    eight = text[:text.index("N Ks x [13]\n")]
    game_id = client.post("/api/games", data=eight.encode(), content_type="text/plain").json["id"]
    assert client.get(f"/api/games/{game_id}/deals/1/plays/9").status_code == 200
    said = assert_envelope(client.get(f"/api/games/{game_id}/deals/1/plays/10"), 404)["error"]
    assert said == "deal 1 has no play 10 that can be viewed (the last that can be is play 9)"


def test_a_missing_game_is_404_and_a_bad_game_number_400(client):
    assert client.get("/games/999/deals/1/plays/1").status_code == 404
    assert_envelope(client.get("/api/games/999/deals/1/plays/1"), 404)
    game_id = upload(client, "game-standard-1.seep")
    assert client.get(f"/games/{game_id}/deals/1/plays/1?game=two").status_code == 400
    body = assert_envelope(client.get(f"/api/games/{game_id}/deals/1/plays/1?game=two"), 400)
    assert body["errors"][0]["field"] == "game"
    assert_envelope(client.get(f"/api/games/{game_id}/deals/1/plays/1?game=0"), 400)


def test_the_route_is_in_the_openapi_document(client):
    spec = client.get("/api/openapi.json").json
    route = spec["paths"]["/api/games/{game_id}/deals/{deal}/plays/{play}"]["get"]
    assert route["responses"]["200"]["content"]["application/json"]["schema"]["$ref"].endswith("/PlayDetail")
    assert {p["name"] for p in route["parameters"]} == {"game"}
    schema = spec["components"]["schemas"]["PlayDetail"]
    assert {"before", "after", "move", "violations", "legal", "hands"} <= set(schema["properties"])


# ---------------------------------------------------------------- every play of every game

@pytest.fixture
def full_store(tmp_path):
    """The samples loaded at start, then every example uploaded."""
    app = make_app(tmp_path / "seeplog.db", LOAD_SAMPLES=True)
    client = app.test_client()
    for path in sorted(EXAMPLES.glob("*.seep")):
        assert client.post("/api/games", data=path.read_bytes(), content_type="text/plain").status_code in (200, 201)
    return client


@pytest.mark.slow
def test_every_play_of_every_stored_game_renders(full_store):
    """Step through every play of every stored game by the next links: each page shows the play made and
    as many cards on the floor before it as a replay of the stored text has there."""
    client = full_store
    stored = client.get("/api/games?per_page=100").json
    assert stored["total"] == len(list(EXAMPLES.glob("*.seep"))) and stored["total"] <= 100
    pages = 0
    for game in stored["games"]:
        log = seeplog.parse(client.get(f"/api/games/{game['id']}").json["text"])
        for number, played in enumerate(log.games, start=1):
            replays = seeplog.replay_game(played)
            for replay in replays:
                if not replay.steps:
                    continue
                expected = [(move_text(s.move), len(s.before.loose) + sum(len(h.cards) for h in s.before.houses))
                            for s in replay.steps]
                pages += walk_deal(client, f"/games/{game['id']}/deals/{replay.deal.number}/plays/1"
                                   + (f"?game={number}" if number > 1 else ""), expected)
    assert pages > 4000


def walk_deal(client, url: str, expected: list[tuple[str, int]]) -> int:
    """Follow the next links from play 1 to the last play; how many pages (read with patterns: parsing
    thousands of pages would take most of the test's time). Each replayed play shows its text and its
    floor's card count as `expected` says."""
    seen = 0
    while url:
        response = client.get(url)
        assert response.status_code == 200, url
        html = response.get_data(as_text=True)
        seen += 1
        current = re.findall(r'<span class="n">(\d+)</span>', html.split('aria-current="page"', 1)[1])[0]
        assert current == str(seen) and f'<span class="play-number">{seen}</span>' in html, url
        if seen <= len(expected):
            text, on_floor = expected[seen - 1]
            assert f"<code aria-hidden=\"true\">{escape(text)}</code></p>" in html, (url, text)
            floor = html[html.index('id="floor-before"'):html.index('id="floor-after"')]
            assert floor.count("data-card=") == on_floor, (url, floor.count("data-card="), on_floor)
        found = NEXT.search(html)
        url = found.group(1).replace("&amp;", "&") if found else None
    assert f'<span class="of">of {seen}</span>' in html
    assert seen >= len(expected)
    return seen


NEXT = re.compile(r'<a href="([^"]+)" rel="next"')


@pytest.mark.parametrize("code, flagged", [("en", "flagged"), ("hi", "चिह्नित"), ("pa", "ਨਿਸ਼ਾਨਦੇਹ")])
def test_a_flagged_play_in_the_strip_is_marked_in_shape_and_named_flagged(client, code, flagged):
    game_id = upload(client, "r-house-value.seep")
    client.set_cookie("lang", code)
    html = page(client, game_id, 1, 10)
    strip = re.search(r'<nav class="strip".*?</nav>', html, re.S).group(0)
    links = {m.group(1): m.group(0) for m in re.finditer(r'<li><a href="[^"]*/plays/(\d+)".*?</a></li>', strip, re.S)}
    marked = {n for n, link in links.items() if '<span class="flag" aria-hidden="true">!</span>' in link}
    assert marked == {"11"}  # the play of R-HOUSE-VALUE, and no other
    assert f'<span class="sr-only">{flagged}</span>' in links["11"] and flagged not in links["12"]


def typed(client, text: str) -> int:
    response = client.post("/api/games", data=text, content_type="text/plain")
    assert response.status_code in (200, 201), response.json
    return response.json["id"]


def test_a_bid_throw_without_its_first_four_is_not_called_clean(client):
    # RULES.md §3: without a hand line of the bidder's first four, R-BID-THROW is not judged.
    game_id = typed(client, "deal 1 dealer W\nfloor 6d 5h 3c Ac\nbid S K\nS Kd\n")
    html = shown(page(client, game_id, 1, 1))
    assert "This play breaks no rule" not in html and "No rule broken that the log can show." in html
    assert "(R-BID-THROW) is not judged" in html
    recorded = typed(client, "deal 1 dealer W\nhand S Kd 9c 8c 2h\nfloor 6d 5h 3c Ac\nbid S K\nS Kd\n")
    assert "R-BID-THROW" in shown(page(client, recorded, 1, 1))


def test_a_house_built_from_a_hand_not_shown_whole_says_what_is_not_judged(client):
    # E builds a 12-house with Qd unseen: whether E still held a queen cannot be known (RULES.md §3).
    log = "deal 1 dealer S\nfloor Qc 5h 8d 3s\nbid E 12\nE Qh x Qc\nN 4h\nW Qs x 8d+4h\nS 9c\nE 7s+5h =12 9c+3s\n"
    html = shown(page(client, typed(client, log), 1, 5))
    assert "No rule broken that the log can show." in html and "R-HOUSE-HOLD" in html
    assert "This play breaks no rule" in shown(page(client, upload(client, "game-standard-1.seep"), 1, 5))


def test_the_play_after_the_last_recorded_gets_no_verdict(client):
    html = shown(page(client, typed(client, "deal 1 dealer W\nhand S Kd 7s 6c 2h\nfloor 6d 5h 3c Ac\nbid S K\n"), 1, 1))
    assert "The log stops here" in html and "breaks no rule." not in html and "can show" not in html
    assert 'data-partial="false"' in html


def test_a_play_page_names_the_game_errors_outside_its_deals(client):
    log = ('[Variant "thirty punjab"]\n\ndeal 1 dealer N\nhand W Td Qc 4h 2d\nfloor 8s 5c 3d Kh\nbid W 12\n'
           "W 4h+8s =12\nS 7h+3d =10\n")
    html = shown(page(client, typed(client, log), 1, 2))
    assert "unknown variant" in html and "judged by the rules of the standard variant" in html


def test_legal_plays_from_a_hand_not_shown_whole_say_their_condition(client):
    log = "deal 1 dealer S\nfloor Qc 5h 8d 3s\nbid E 12\nE Qh x Qc\nN 4h\nW Qs x 8d+4h\nS 9c\nE 7s+5h =12 9c+3s\n"
    html = shown(page(client, typed(client, log), 1, 5))
    assert "unless the seat certainly held no other card of its value" in html
    assert "certainly held no other card" not in shown(page(client, upload(client, "game-standard-1.seep"), 1, 5))
