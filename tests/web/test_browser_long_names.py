"""Names written without a space (an event of 120 characters, players of 80) wrap on every page: in headless
chromium no page scrolls sideways on a phone or a desktop, and the names in a table break only where they
are too long for it (an ordinary word in a table stays whole). Screenshots go to test-artifacts/browser/long-*.png.

Marked `browser`; its own server and store, so that its names reach no other test's pages.
"""
from __future__ import annotations

import re
import threading

import pytest
from werkzeug.serving import make_server

from tests.web.clubs_helpers import named
from tests.web.helpers import make_app
from tests.web.test_browser import browser_type_launch_args, buffered  # noqa: F401
from tests.web.test_browser_small_screens import CLUB, PHONE, SIZES, overflow, shot

pytestmark = pytest.mark.browser
EVENT = ("Punjab" + "Championship" * 10)[:120]
PLAYER = ("Kulwinder" * 9)[:80]
SEATS = {"North": PLAYER, "South": "S" + PLAYER[1:], "West": "W" + PLAYER[1:], "East": "E" + PLAYER[1:]}
SCREENS = {"phone-360": {"viewport": {"width": 360, "height": 740}, "has_touch": True},
           "phone-390": {"viewport": PHONE["viewport"], "has_touch": True}, "desktop": {"viewport": SIZES["desktop"]}}
"""The screens measured. Not as a mobile browser (`is_mobile`), which would zoom a page out to its width."""
WAIT = {"keep": "#picker button.pick", "table-keep": "#deal-end table", "event-director": "#director-tables > *",
        "table-confirm": "#confirm-deals li"}
"""What a page's script draws, waited for before it is measured."""


def post(client, path: str, body: dict, token: str | None = None) -> dict:
    answer = client.post(path, json=body, headers={"Authorization": f"Bearer {token}"} if token else {})
    assert answer.status_code in (200, 201), answer.json
    return answer.json


def keep_lines(client, game: dict, lines: list[str]) -> None:
    version = client.get(f"/api/live/{game['game_id']}").json["version"]
    for line in lines:
        version = post(client, f"/api/live/{game['game_id']}/entries", {"line": line, "version": version},
                       game["edit_token"])["version"]


def long_name_pages(client) -> dict[str, str]:
    """Every kind of page, each showing the long names: a stored game, an event with a round (a deal over at
    its first table), a live game, the club pages."""
    text = named("game-standard-2.seep", SEATS, "2026-03-01")
    text = re.sub(r'^\[(Event|Site) "[^"]*"\]$', rf'[\1 "{EVENT}"]', text, flags=re.MULTILINE)
    game = client.post("/api/games", data=text.encode(), content_type="text/plain").json["id"]
    ordinary = named("game-standard-3.seep", {**CLUB, "North": PLAYER}, "2026-03-02")  # beside the long ones
    assert client.post("/api/games", data=ordinary.encode(), content_type="text/plain").status_code == 201
    pairs = [[f"A{i}{PLAYER}"[:80], f"B{i}{PLAYER}"[:80]] for i in range(1, 4)]
    made = post(client, "/api/events", {"name": EVENT, "variant": "standard", "date": "2026-11-25", "place": EVENT,
                                        "partnerships": pairs})
    token, event = made["organiser_token"], f"/events/{made['id']}"
    table = post(client, f"/api/events/{made['id']}/rounds", {}, token)["tables"][0]
    keep_lines(client, table, ["deal 1 dealer N", "score NS 60 EW 40"])
    director = client.get(f"/api/events/{made['id']}/director", headers={"Authorization": f"Bearer {token}"}).json
    confirm = next(t for t in director["tables"] if t["game_id"] == table["game_id"])["confirm_url"]
    live = post(client, "/api/live", {"variant": "standard", "players": {"N": PLAYER, "E": SEATS["East"]},
                                      "tags": {"Event": EVENT, "Site": EVENT}})
    keep_lines(client, {"game_id": live["id"], "edit_token": live["edit_token"]},
               ["deal 1 dealer N", "floor Kc 9d 5d 4h", "bid W 13", "W Ks x Kc 9d+4h"])
    player = next(p for p in client.get("/api/players").json["players"] if p["name"] == PLAYER)
    partnership = client.get(f"/api/players/{player['id']}").json["record"]["partners"][0]["partnership_url"]
    return {"games": "/", "scoresheet": f"/games/{game}", "play": f"/games/{game}/deals/1/plays/5",
            "players": "/players", "player": f"/players/{player['id']}", "partnership": partnership,
            "leaderboard": "/leaderboard", "events": "/events", "event": event, "event-results": f"{event}/results",
            "event-director": f"{event}/director#token={token}", "table-confirm": confirm,
            "follow": f"/live/{live['id']}", "follow-step": f"/live/{live['id']}/deals/1/plays/1",
            "keep": live["edit_url"], "started": f"/live/{live['id']}/started",
            "table-follow": f"/live/{table['game_id']}",
            "table-keep": f"/live/{table['game_id']}/keep#token={table['edit_token']}"}


@pytest.fixture(scope="module")
def long_names(tmp_path_factory):
    """A server of its own, its store holding the long names; its address and the pages to measure."""
    app = make_app(tmp_path_factory.mktemp("long-names") / "seeplog.db")
    pages = long_name_pages(app.test_client())
    server = make_server("127.0.0.1", 0, buffered(app), threaded=True)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    yield f"http://127.0.0.1:{server.server_port}", pages
    server.shutdown()
    thread.join(5)


SPLIT_WORDS = """stems => { const out = [];
  for (const cell of document.querySelectorAll('td')) {
    const walker = document.createTreeWalker(cell, NodeFilter.SHOW_TEXT);
    while (walker.nextNode()) { const text = walker.currentNode; const words = /\\S+/g; let m;
      while ((m = words.exec(text.textContent))) {
        if (stems.some((s) => m[0].includes(s))) continue;
        const r = document.createRange(); r.setStart(text, m.index); r.setEnd(text, m.index + m[0].length);
        const tops = new Set([...r.getClientRects()].filter((x) => x.width > 0).map((x) => Math.round(x.top)));
        if (tops.size > 1) out.push(m[0]); } } }
  return out; }"""
"""The words of table cells broken over two lines, but for those of the long names."""


@pytest.mark.parametrize("screen", SCREENS)
def test_long_names_wrap_and_no_page_scrolls_sideways(browser, long_names, screen):
    base, pages = long_names
    context = browser.new_context(**SCREENS[screen])
    page = context.new_page()
    too_wide, broken = {}, {}
    for name, path in pages.items():
        page.goto(base + path)
        if name in WAIT:
            page.wait_for_selector(WAIT[name], timeout=10_000)
        if overflow(page) > 0:
            too_wide[name] = overflow(page)
        shot(page, f"long-{screen}-{name}")
        split = page.evaluate(SPLIT_WORDS, ["Kulwinder", "Championship"])
        if split:
            broken[name] = split
    assert too_wide == {}, f"pages wider than the screen (px): {too_wide}"
    assert broken == {}, f"ordinary words broken in a table: {broken}"
    context.close()
