"""Stepping back through a live game from its follow page (issue 23 point 6): a strip of every play per
deal, each play's page with its links kept on the live pages, the last play's next step back to live."""
from __future__ import annotations

import re

import pytest

from tests.web.helpers import make_app
from tests.web.live_helpers import Keeper

DEAL_1 = ["deal 1 dealer N", "score NS 40 EW 60"]
DEAL_2 = ["deal 2 dealer N", "floor Kh Jc 9s 2s", "bid W 11", "W Jd x Jc 9s+2s", "S 5h", "E 5c"]


@pytest.fixture
def client(fast_store):
    return make_app(fast_store / "live.db").test_client()


def test_the_follow_page_has_a_strip_per_deal_with_every_play(client):
    keeper = Keeper(client, players={"N": "Asha"}, tags={"Event": "Steps"})
    keeper.add_all(["deal 1 dealer N", "floor Kh Jc 9s 2s", "bid W 11", "W Jd x Jc 9s+2s", "S 5h",
                    "score NS 40 EW 60", "deal 2 dealer N", "floor Qh 8c 7s 3d", "bid W 12", "W 5d"])
    html = client.get(f"/live/{keeper.id}").get_data(as_text=True)
    links = re.findall(r'href="(/live/\d+/deals/\d+/plays/\d+)"', html)
    base = f"/live/{keeper.id}/deals"
    assert f"{base}/1/plays/1" in links and f"{base}/1/plays/2" in links and f"{base}/2/plays/1" in links
    assert f'href="{base}/2/plays/1" rel="prev" data-key="ArrowLeft"' in html  # ← from live: the last play
    assert "/assets/play.js" in html


def test_a_step_page_keeps_its_links_on_the_live_pages_and_ends_back_at_live(client):
    keeper = Keeper(client, players={"N": "Asha"}, tags={"Event": "Steps"})
    keeper.add_all(DEAL_2[:1] + ["floor Kh Jc 9s 2s", "bid W 11", "W Jd x Jc 9s+2s", "S 5h", "E 5c"])
    first = client.get(f"/live/{keeper.id}/deals/2/plays/1")
    assert first.status_code == 200
    html = first.get_data(as_text=True)
    assert "Back to live" in html and f'href="/live/{keeper.id}"' in html
    assert f'href="/live/{keeper.id}/deals/2/plays/2" rel="next"' in html
    assert not re.search(r'href="/games/\d+/deals/', html)  # every step stays on the live pages
    assert "W" in html and "Jd" in html
    last = client.get(f"/live/{keeper.id}/deals/2/plays/3").get_data(as_text=True)
    assert "R-MUST-CAPTURE" in last  # E 5c could have taken the 5h
    assert f'href="/live/{keeper.id}/deals/2/plays/4" rel="next"' in last  # the play to make now
    upcoming = client.get(f"/live/{keeper.id}/deals/2/plays/4").get_data(as_text=True)
    assert f'href="/live/{keeper.id}" rel="next"' in upcoming  # then the game as it is now
    assert client.get(f"/live/{keeper.id}/deals/2/plays/9").status_code == 404
    assert client.get(f"/live/{keeper.id}/deals/7/plays/1").status_code == 404
    assert client.get("/live/9999/deals/1/plays/1").status_code == 404
    keeper.send("/close")
    closed = client.get(f"/live/{keeper.id}/deals/2/plays/1").get_data(as_text=True)
    assert "Back to the final board" in closed and "live-closed" in closed


def test_a_play_after_a_log_error_stopped_the_replay_leads_to_its_line(client):
    keeper = Keeper(client)
    keeper.add_all(["deal 1 dealer N", "hand W Ks Js 8c 3c", "floor Kc 9d 5d 4h", "bid W 13", "W Ks x Kc 9d+4h",
                    "S 5c x 5d", "E Kc", "N Ah"])  # E Kc: a card seen already, the replay stops at play 3
    html = client.get(f"/live/{keeper.id}").get_data(as_text=True)
    assert f'href="/live/{keeper.id}/deals/1/plays/4"' in html
    assert client.get(f"/live/{keeper.id}/deals/1/plays/3").status_code == 200  # where it stopped
    answer = client.get(f"/live/{keeper.id}/deals/1/plays/4")  # it was a 404
    line = keeper.doc()["log"].splitlines().index("N Ah") + 1
    assert answer.status_code == 302 and answer.location.endswith(f"/games/{keeper.id}#L{line}")
    assert f'id="L{line}"' in client.get(f"/games/{keeper.id}").get_data(as_text=True)
    assert client.get(f"/live/{keeper.id}/deals/1/plays/5").status_code == 404
