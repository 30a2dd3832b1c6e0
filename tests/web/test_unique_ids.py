"""No page names two elements with one id: a label, a link to `#id` or an `aria-describedby` must find the one
element meant. Pages with several forms (a game's replace and delete, an event's five forms) are the cases."""
from __future__ import annotations

from collections import Counter

import pytest

from tests.web.clubs_helpers import player_id
from tests.web.markup import elements
from tests.web.test_clubs_event_uploads import PAIRS, attached


def repeated_ids(page: str) -> dict[str, int]:
    counted = Counter(e.attrs["id"] for e in elements(page) if "id" in e.attrs)
    return {name: n for name, n in counted.items() if n > 1}


@pytest.fixture
def places(client) -> list[str]:
    event_id, _, game, _ = attached(client)
    return ["/", "/upload", "/live/new", "/events/new", f"/games/{game}", f"/games/{game}/deals/1/plays/1",
            f"/events/{event_id}", f"/players/{player_id(client, PAIRS[0][0])}"]


def test_no_page_names_two_elements_with_one_id(client, places):
    for path in places:
        answer = client.get(path)
        assert answer.status_code == 200, path
        assert repeated_ids(answer.get_data(as_text=True)) == {}, path


def test_a_refused_form_comes_back_with_each_id_once(client, places):
    game = places[4]
    page = client.post(f"{game}/delete", data={"token": "wrong"}).get_data(as_text=True)  # no check code: refused
    assert "form-problems" in page and repeated_ids(page) == {}
