"""The live game's pages: the board fragment (its parts, ETag and 304), the follow page and the start page."""
from __future__ import annotations

import re
from datetime import datetime, timezone

import pytest
import segno

from tests.helpers import EXAMPLES
from tests.web.live_helpers import Keeper, live_store_fixtures, statement_lines
from tests.web.markup import elements, heard, houses, loose, shown, text_of

PART_IDS = ("live-next", "live-floor", "live-plays", "live-flagged", "live-ledger")


app, client = live_store_fixtures()


def body_of(name: str) -> tuple[dict[str, str], list[str]]:
    """An example's players and the lines after its tags."""
    lines = statement_lines((EXAMPLES / name).read_text(encoding="utf-8"))
    tags = dict(re.fullmatch(r'\[(\w+) "(.*)"\]', line).groups() for line in lines if line.startswith("["))
    seats = {"North": "N", "West": "W", "South": "S", "East": "E"}
    return {seats[k]: v for k, v in tags.items() if k in seats}, [line for line in lines if not line.startswith("[")]


def bid_throw_game(client, plays: int = 6) -> Keeper:
    """r-bid-throw.seep's first deal up to `plays` plays: its first play breaks R-BID-THROW."""
    players, lines = body_of("r-bid-throw.seep")
    keeper = Keeper(client, "thirty", players=players, tags={"Event": "Club night 118", "Rotation": "team"})
    keeper.add_all(lines[:5 + plays])
    return keeper


def board(client, game_id: int, **headers):
    return client.get(f"/live/{game_id}/board", headers=headers)


# ---------------------------------------------------------------- the board

def test_the_board_has_its_parts_the_version_and_no_script(client):
    keeper = bid_throw_game(client)
    response = board(client, keeper.id)
    html = response.get_data(as_text=True)
    assert response.status_code == 200 and response.mimetype == "text/html"
    assert all(text_of(html, part) is not None for part in PART_IDS)
    root = elements(html)[0]
    assert root.attrs["id"] == "live-board" and root.attrs["data-version"] == str(keeper.version)
    assert "<html" not in html and "<script" not in html and "<form" not in html


def test_the_board_says_what_comes_next_with_the_names(client):
    keeper = bid_throw_game(client, plays=6)
    html = board(client, keeper.id).get_data(as_text=True)
    assert text_of(html, "live-next").startswith("Deal 1, play 7 — Omkar (S) to play")
    assert "Deal 1 · dealer Bilal (E) · bid Priya (N) 10" in text_of(shown(html), "live-floor")


def test_the_next_deal_names_its_dealer_and_why(client):
    players, lines = body_of("game-standard-1.seep")
    keeper = Keeper(client, players=players)
    assert text_of(board(client, keeper.id).get_data(as_text=True), "live-next").startswith(
        "Deal 1 — any seat may deal")
    first = lines[:lines.index("deal 2 dealer W")] if "deal 2 dealer W" in lines else None
    first = first or lines[:next(i for i, line in enumerate(lines) if line.startswith("deal 2"))]
    keeper.add_all(first)
    doc = keeper.doc()
    step = doc["next"]
    html = board(client, keeper.id).get_data(as_text=True)
    dealer = f"{players[step['dealer']]} ({step['dealer']})"
    assert text_of(shown(html), "live-next").startswith(f"Deal 2 — dealer {dealer} ({step['why']})")
    seat = {"N": "North", "E": "East", "S": "South", "W": "West"}[step["dealer"]]
    assert text_of(heard(html), "live-next").startswith(f"Deal 2 — dealer {players[step['dealer']]} ({seat})")
    keeper.add(f"deal 2 dealer {step['dealer']}")
    bidder = {"N": "W", "W": "S", "S": "E", "E": "N"}[step["dealer"]]
    assert f"Deal 2 — bid: {players[bidder]} ({bidder})" in text_of(
        shown(board(client, keeper.id).get_data(as_text=True)), "live-next")


def test_the_floor_is_drawn_as_on_the_play_page(client):
    keeper = bid_throw_game(client, plays=3)
    table = keeper.doc()["table"]["floor"]
    html = board(client, keeper.id).get_data(as_text=True)
    assert sorted(loose(html, "live-floor-cards")) == sorted(table["loose"]) and table["loose"]
    assert houses(html, "live-floor-cards") == [(h["value"], sorted(h["cards"]), h["owners"], h["cemented"])
                                                for h in table["houses"]]
    assert table["houses"] and 'class="floor"' in html and "owner Omkar (S)" in text_of(html, "live-floor-cards")


def test_a_flagged_play_shows_its_rule_and_message(client):
    keeper = bid_throw_game(client, plays=3)
    html = board(client, keeper.id).get_data(as_text=True)
    plays = text_of(html, "live-plays")
    assert plays.index("W throws 6d") < plays.index("N throws Tc")  # newest first
    flagged_play = re.search(r'<li class="live-play flagged"[^>]*data-play="1">.*?</li>', html, re.S).group(0)
    assert "R-BID-THROW" in flagged_play and "the bidder throws Tc although 8d+2c =10 was possible" in flagged_play
    assert "N Tc" in flagged_play
    flagged = text_of(html, "live-flagged")
    assert "Flagged 1" in flagged and "R-BID-THROW" in flagged and "Deal 1, play 1" in flagged
    assert "the bidder throws Tc although 8d+2c =10 was possible" in flagged


def test_the_ledger_has_each_deal_with_the_next_dealer_and_why(client):
    players, lines = body_of("game-standard-1.seep")
    keeper = Keeper(client, players=players)
    keeper.add_all(lines[:next(i for i, line in enumerate(lines) if line.startswith("deal 3"))])
    doc = keeper.doc()
    html = board(client, keeper.id).get_data(as_text=True)
    ledger = text_of(html, "live-ledger")
    rows = doc["report"]["games"][0]["ledger"]
    assert len(rows) == 2
    rows_html = re.findall(r'<tr data-deal="(\d+)".*?</tr>', html, re.S)
    assert rows_html == ["1", "2"]
    for row in rows:
        assert f"{row['score']['NS']}" in ledger and f"{row['score']['EW']}" in ledger
    assert doc["next"]["why"] in ledger


def test_the_board_and_the_game_sheet_say_each_deals_row_alike(client):
    """Both pages name each seat that may deal next by its player (two under `Rotation "team"`); the board
    says why; both show the deal being played only as in progress, naming no dealer after it yet."""
    players, lines = body_of("game-standard-1.seep")
    keeper = Keeper(client, players=players, tags={"Rotation": "team"})
    keeper.add_all(lines[:next(i for i, line in enumerate(lines) if line.startswith("deal 3")) + 1])
    seen = lambda html: re.sub(r'<span class="sr-only">.*?</span>|<[^>]+>', "", html)  # noqa: E731
    on_board = [(seen(seats), seen(why)) for seats, why in re.findall(
        r'<td class="next wide"[^>]*>(?:<span class="name">(.*?</span>)</span>(?=<))?(?:<span class="why">(.*?)</span>'
        r'</td>)?', board(client, keeper.id).get_data(as_text=True))]
    on_sheet = [re.sub(r'<span class="sr-only">.*?</span>|<[^>]+>', "", cell) for cell in re.findall(  # as seen
        r'<td class="baazi-won">.*?</td>\s*<td class="seat">(.*?)</td>', client.get(f"/games/{keeper.id}").get_data(
            as_text=True))]
    assert len(on_board) == len(on_sheet) == 3
    assert [seats for seats, _ in on_board[:2]] == on_sheet[:2] == ["Kiran (N) or Gita (S)", "Chetan (W) or Priya (E)"]
    assert [why for _, why in on_board[:2]] == ["EW won a baazi on deal 1, so N or S deals",
                                                "NS leads by 8, so the deal passes to W or E"]
    assert on_board[2] == ("", "in progress") and on_sheet[2] == ""


def test_parts_asks_for_some_parts_only(client):
    keeper = bid_throw_game(client)
    html = client.get(f"/live/{keeper.id}/board?parts=floor,next").get_data(as_text=True)
    assert [text_of(html, p) is not None for p in PART_IDS] == [True, True, False, False, False]
    assert 'data-parts="next,floor"' in html
    refused = client.get(f"/live/{keeper.id}/board?parts=floor,scores")
    assert refused.status_code == 400 and "parts=" in refused.get_data(as_text=True)


def test_the_board_answers_304_until_the_game_changes(client):
    keeper = bid_throw_game(client)
    first = board(client, keeper.id)
    tag = first.headers["ETag"]
    assert tag == f'"live-{keeper.id}-{keeper.version}-en"' and first.headers["Cache-Control"] == "public, max-age=1"
    same = board(client, keeper.id, **{"If-None-Match": tag})
    assert same.status_code == 304 and same.get_data() == b"" and same.headers["ETag"] == tag
    assert board(client, keeper.id, **{"If-None-Match": f"W/{tag}"}).status_code == 304  # weakened by a proxy
    keeper.add("W 6d")
    changed = board(client, keeper.id, **{"If-None-Match": tag})
    assert changed.status_code == 200 and changed.headers["ETag"] == f'"live-{keeper.id}-{keeper.version}-en"'
    assert "W throws 6d" in text_of(changed.get_data(as_text=True), "live-plays")


def test_a_304_does_not_load_the_game(client, monkeypatch):
    from seeplog.web.live import pages as live_pages
    keeper = bid_throw_game(client)
    tag = board(client, keeper.id).headers["ETag"]

    def refuse(*args):
        raise AssertionError("the game was loaded for a 304")

    monkeypatch.setattr(live_pages, "load", refuse)
    assert board(client, keeper.id, **{"If-None-Match": tag}).status_code == 304


def test_a_board_in_another_language_is_another_answer(client):
    keeper = bid_throw_game(client)
    english = board(client, keeper.id).headers["ETag"]
    hindi = board(client, keeper.id, **{"Accept-Language": "hi", "If-None-Match": english})
    assert hindi.status_code == 200 and hindi.headers["ETag"] == f'"live-{keeper.id}-{keeper.version}-hi"'
    assert board(client, keeper.id, **{"Accept-Language": "hi", "If-None-Match": hindi.headers["ETag"]}
                 ).status_code == 304


def test_the_board_of_no_game_is_404(client):
    assert board(client, 999).status_code == 404
    assert client.get("/live/0/board").status_code == 404
    assert client.get(f"/live/{2 ** 70}/board").status_code == 404


def test_a_closed_game_says_so(client):
    keeper = bid_throw_game(client)
    assert keeper.send("/close").status_code == 201
    assert text_of(board(client, keeper.id).get_data(as_text=True), "live-next").startswith("The game is closed")


def test_a_deal_recorded_by_its_score_alone_waits_for_no_floor_bid_or_play(client):
    keeper = Keeper(client)
    keeper.add_all(["deal 1 dealer N", "score NS 54+50 EW 46+50"])
    for state in ("open", "closed"):
        html = board(client, keeper.id).get_data(as_text=True)
        floor, plays = text_of(html, "live-floor"), text_of(html, "live-plays")
        assert "Recorded by its score alone: no floor, bid or plays." in floor and "not yet" not in floor, state
        assert "bid –" in floor and "not recorded yet" not in floor
        assert "None: the deal was recorded by its score alone." in plays and "No play recorded" not in plays
        if state == "open":
            assert keeper.send("/close").status_code == 201
    started = Keeper(client)
    started.add("deal 1 dealer N")
    html = board(client, started.id).get_data(as_text=True)
    assert "The floor and the bid are not recorded yet." in text_of(html, "live-floor")
    assert "bid not yet" in text_of(html, "live-floor")


def test_names_are_escaped_on_the_board(client):
    keeper = Keeper(client, players={"N": "<b>Asha</b>"})
    keeper.add_all(["deal 1 dealer E", "floor Kh Jh 2c Ad", "bid N 10", "N Kd x Kh"])
    html = board(client, keeper.id).get_data(as_text=True)
    assert "<b>Asha" not in html and "&lt;b&gt;Asha&lt;/b&gt; (N)" in html


# ---------------------------------------------------------------- the follow page

def test_the_follow_page_shows_the_game_and_its_board(client):
    keeper = bid_throw_game(client)
    response = client.get(f"/live/{keeper.id}")
    html = response.get_data(as_text=True)
    assert response.status_code == 200
    assert "<h1>Club night 118</h1>" in html and "Priya (N) &amp; Omkar (S)" in html
    assert f'href="/games/{keeper.id}"' in html
    assert all(text_of(html, part) is not None for part in PART_IDS)
    slot = next(e for e in elements(html) if e.attrs.get("id") == "live-board-slot")
    assert slot.attrs["data-board-url"] == f"/live/{keeper.id}/board"
    assert slot.attrs["data-etag"] == f"live-{keeper.id}-{keeper.version}-en"
    scripts = [e.attrs for e in elements(html) if e.tag == "script"]
    assert scripts == [{"src": "/assets/text.js"},  # the scripts' sentences in the reader's language
                       {"type": "module", "src": "/assets/live-follow.js"},
                       {"type": "module", "src": "/assets/share.js"}, {"src": "/assets/play.js", "defer": ""}]


def test_the_follow_page_holds_no_token_and_no_form(client):
    keeper = bid_throw_game(client)
    html = client.get(f"/live/{keeper.id}").get_data(as_text=True)
    assert keeper.token not in html and "token" not in html.lower()
    controls = [e for e in elements(html) if e.tag in ("form", "input", "button", "textarea", "select")
                and not choosing_language(e)]
    assert [(e.tag, e.attrs.get("class")) for e in controls] == [("button", "share live-button secondary")]
    assert not [e for e in elements(html) if any(a.startswith("on") for a in e.attrs)]


def test_the_follow_page_of_no_game_is_a_404_page(client):
    response = client.get("/live/4242")
    assert response.status_code == 404 and "there is no live game 4242" in response.get_data(as_text=True)
    assert response.mimetype == "text/html"


def test_the_follow_script_and_style_are_served(client):
    for name in ("live-follow.js", "live-new.js", "live.css"):
        with client.get(f"/assets/{name}") as response:
            assert response.status_code == 200, name


# ---------------------------------------------------------------- the start page

def start_form(client) -> str:
    html = client.get("/live/new").get_data(as_text=True)
    return re.search(r'name="csrf_token" type="hidden" value="([^"]+)"', html).group(1)


def post_new(client, **fields):
    return client.post("/live/new", data={"csrf_token": start_form(client), "variant": "standard", **fields})


def field_error(html: str, name: str) -> str | None:
    return text_of(html, f"{name}-error")


def test_the_start_page_offers_every_variant_with_its_name_and_the_rotations(client):
    from seeplog.ruleset import VARIANTS
    html = client.get("/live/new").get_data(as_text=True)
    options = [e.attrs["value"] for e in elements(html) if e.tag == "option"]
    assert options == [*VARIANTS, "pagat", "team"]
    assert "Thirty (satthi) · baazi at 30" in html and "Two players · baazi at 100" in html
    assert all(f'name="{n}"' in html for n in ("north", "west", "south", "east", "event", "target", "scorer"))
    assert 'name="csrf_token"' in html


def test_starting_a_game_shows_the_edit_link_once_and_the_follow_link_with_its_qr(app, client):
    response = post_new(client, variant="thirty", north="Asha", west="Divya", south="Chetan", east="Bilal",
                        event="Club night", target="50", rotation="team", scorer="Esha")
    html = response.get_data(as_text=True)
    assert response.status_code == 201 and response.headers["Cache-Control"] == "no-store"
    game_id = int(re.search(r'data-game="(\d+)"', html).group(1))
    token = re.search(r"/keep#token=([A-Za-z0-9_-]+)", html).group(1)
    assert f'href="http://localhost/live/{game_id}/keep#token={token}"' in html
    assert "whoever has it can change the game" in text_of(html, "live-edit")
    assert text_of(html, "live-follow-url") == f"http://localhost/live/{game_id}"
    assert f"QR code of the follow link http://localhost/live/{game_id}" in html and "<svg" in html
    doc = client.get(f"/api/live/{game_id}").json
    today = datetime.now(timezone.utc).date().isoformat()
    assert doc["log"] == ('[Variant "thirty"]\n[North "Asha"]\n[West "Divya"]\n[South "Chetan"]\n[East "Bilal"]\n'
                          f'[Event "Club night"]\n[Date "{today}"]\n[Scorer "Esha"]\n[BaaziTarget "50"]\n'
                          '[Rotation "team"]\n')
    keeper_auth = {"Authorization": f"Bearer {token}"}
    appended = client.post(f"/api/live/{game_id}/entries", json={"version": 1, "line": "deal 1 dealer N"},
                           headers=keeper_auth)
    assert appended.status_code == 201
    for page in (f"/live/{game_id}", f"/live/{game_id}/board", f"/games/{game_id}", "/live/new", "/"):
        assert token not in client.get(page).get_data(as_text=True), page
    assert "· rotation Team" in client.get(f"/live/{game_id}").get_data(as_text=True)
    assert "टीम" in client.get(f"/live/{game_id}", headers={"Accept-Language": "hi"}).get_data(as_text=True)


def test_the_started_page_again_shows_the_follow_link_but_not_the_token(client):
    html = post_new(client, event="Club night").get_data(as_text=True)
    game_id = int(re.search(r'data-game="(\d+)"', html).group(1))
    token = re.search(r"/keep#token=([A-Za-z0-9_-]+)", html).group(1)
    assert f'data-started-url="/live/{game_id}/started"' in html
    again = client.get(f"/live/{game_id}/started")
    page = again.get_data(as_text=True)
    assert again.status_code == 200 and again.headers["Cache-Control"] == "no-store"
    assert token not in page and "Started: Club night" in page
    assert text_of(page, "live-follow-url") == f"http://localhost/live/{game_id}"
    assert "<svg" in page and "no longer holds" in text_of(page, "live-keep-missing")
    assert 'id="live-keep-missing" hidden' not in page and 'id="live-keep-shown" hidden' in page
    assert client.get(f"/live/{game_id + 1}/started").status_code == 404


def test_the_qr_code_reads_back_as_the_follow_link(client):
    html = post_new(client).get_data(as_text=True)
    follow = text_of(html, "live-follow-url")
    expected = segno.make(follow, error="m")
    drawn = re.search(r'<path stroke="#000" d="([^"]+)"', html).group(1)
    assert drawn in expected.svg_inline(border=4, omitsize=True, lineclass=None, dark="#000", light="#fff")


def test_a_two_player_game_takes_north_and_south_only(client):
    response = post_new(client, variant="two-player", north="Asha", west="Divya")
    html = response.get_data(as_text=True)
    assert response.status_code == 400
    assert field_error(html, "west") == "⚠ the two-player variant has no West seat: leave it empty".replace("⚠ ", "")
    assert 'value="Divya"' in html and 'value="Asha"' in html
    started = post_new(client, variant="two-player", north="Asha", south="Chetan")
    assert started.status_code == 201


@pytest.mark.parametrize("fields, name, message", [
    ({"target": "lots"}, "target", "a whole number from 1 to 999,999,999"),
    ({"target": "0"}, "target", "a whole number from 1"),
    ({"north": "A" * 41}, "north", "at most 40 characters"),
    ({"event": "two\nlines"}, "event", "write it on one line"),
    ({"north": "As\u0085ha"}, "north", "write it on one line"),
    ({"scorer": "a\u2028b"}, "scorer", "write it on one line"),
])
def test_bad_input_is_told_by_its_field(client, fields, name, message):
    response = post_new(client, **fields)
    html = response.get_data(as_text=True)
    assert response.status_code == 400 and message in field_error(html, name)
    assert "The game was not started" in html and "data-game=" not in html


def test_an_unknown_variant_or_rotation_is_refused_by_its_field(client):
    response = post_new(client, variant="bridge", rotation="sideways")
    html = response.get_data(as_text=True)
    assert response.status_code == 400 and html.count('class="field-error"') == 2


def test_the_start_form_needs_its_csrf_token_and_comes_back_as_filled_in_without_it(client):
    response = client.post("/live/new", data={"variant": "thirty", "north": "Asha", "event": "Late night"})
    page = response.get_data(as_text=True)
    assert response.status_code == 400 and "data-game=" not in page
    assert "the form could not be checked (its check code is missing), so nothing was changed: send it again" in page
    assert 'value="Asha"' in page and 'value="Late night"' in page and '<option selected value="thirty">' in page
    assert client.get("/api/games").json["total"] == 0
    json = client.post("/live/new", data={"variant": "standard"}, headers={"Accept": "application/json"})
    assert json.status_code == 400 and json.json["error"].startswith("the form could not be checked")


def test_the_home_page_and_the_nav_link_to_the_start_page(client):
    html = client.get("/").get_data(as_text=True)
    assert html.count('href="/live/new"') == 2
    assert 'href="/live/new"' in client.get("/upload").get_data(as_text=True)


def test_a_flagged_entry_links_to_its_play_page(client):
    keeper = bid_throw_game(client)
    html = board(client, keeper.id).get_data(as_text=True)
    link = re.search(r'<a href="([^"]+)">see the play</a>', html).group(1)
    assert link == f"/games/{keeper.id}/deals/1/plays/1"
    page = client.get(link)
    assert page.status_code == 200 and "R-BID-THROW" in page.get_data(as_text=True)


def test_names_with_quotes_and_backslashes_are_kept_as_typed(client):
    response = post_new(client, north='Asha "the ace"', south="C\\D", event="Night <1>")
    assert response.status_code == 201
    game_id = int(re.search(r'data-game="(\d+)"', response.get_data(as_text=True)).group(1))
    tags = client.get(f"/api/live/{game_id}").json["report"]["games"][0]["tags"]
    assert (tags["North"], tags["South"], tags["Event"]) == ('Asha "the ace"', "C\\D", "Night <1>")
    html = client.get(f"/live/{game_id}").get_data(as_text=True)
    assert "Asha &#34;the ace&#34; (N) &amp; C\\D (S)" in html and "<h1>Night &lt;1&gt;</h1>" in html


def test_the_start_form_dates_the_game_today_and_takes_another_day_and_a_round(client):
    page = client.get("/live/new").get_data(as_text=True)
    today = datetime.now(timezone.utc).date().isoformat()
    assert re.search(rf'<input[^>]*type="date"[^>]*value="{today}"', page) or \
        re.search(rf'<input[^>]*value="{today}"[^>]*type="date"', page)
    response = post_new(client, variant="standard", north="Asha", event="Club night", date="2026-11-14", round="3")
    game_id = int(re.search(r'data-game="(\d+)"', response.get_data(as_text=True)).group(1))
    log = client.get(f"/api/live/{game_id}").json["log"]
    assert '[Date "2026-11-14"]' in log and '[Round "3"]' in log
    assert post_new(client, variant="standard", date="14/11/2026").status_code == 400


def choosing_language(element) -> bool:
    """The header's language chooser (every page has it): a form that holds no token and changes no game."""
    return (element.tag == "form" and element.attrs.get("class") == "language") or \
        element.attrs.get("name") in ("lang", "next")
