"""What a screen reader hears of the club pages' markup: links that say which table or partnership they lead to
out of context, forms named by their action, meanings given in text rather than in title attributes alone."""
from __future__ import annotations

import re
from html.parser import HTMLParser

from tests.web.clubs_helpers import enter, named, player_id, store_text

PAIRS = [["Heard A", "Heard B"], ["Heard C", "Heard D"], ["Heard E", "Heard F"], ["Heard G", "Heard H"]]


class Links(HTMLParser):
    """Each link of a page: its href and its accessible name (aria-label, else its text, hidden words and all)."""

    def __init__(self) -> None:
        super().__init__()
        self.found: list[tuple[str, str]] = []
        self.open: list[list[str]] = []
        self.labels: list[str | None] = []

    def handle_starttag(self, tag, attrs):
        if tag == "a":
            values = dict(attrs)
            self.open.append([values.get("href") or ""])
            self.labels.append(values.get("aria-label"))

    def handle_data(self, data):
        for link in self.open:
            link.append(data)

    def handle_endtag(self, tag):
        if tag == "a" and self.open:
            href, *text = self.open.pop()
            label = self.labels.pop()
            self.found.append((href, label or re.sub(r"\s+", " ", "".join(text)).strip()))


def links(html: str) -> list[tuple[str, str]]:
    parser = Links()
    parser.feed(html)
    return parser.found


def event_with_a_round(client) -> tuple[int, str, list[dict]]:
    made = client.post("/api/events", json={"name": "Heard night", "variant": "standard", "partnerships": PAIRS,
                                            "format": "round-robin", "baazi_target": 50})
    event, token = made.json["id"], made.json["organiser_token"]
    tables = client.post(f"/api/events/{event}/rounds", headers={"Authorization": f"Bearer {token}"}).json["tables"]
    return event, token, tables


def csrf(html: str) -> str:
    return html.split('name="csrf_token" type="hidden" value="')[1].split('"')[0]


def organiser_view(client, event: int, token: str) -> str:
    page = client.get(f"/events/{event}").get_data(as_text=True)
    shown = client.post(f"/events/{event}/organise", data={"csrf_token": csrf(page), "token": token})
    assert shown.status_code == 200
    return shown.get_data(as_text=True)


def test_a_rounds_links_are_heard_with_their_round_and_table(client):
    event, token, tables = event_with_a_round(client)
    heard = dict(links(client.get(f"/events/{event}").get_data(as_text=True)))
    for n, table in enumerate(tables, start=1):
        assert heard[f"/live/{table['game_id']}"] == f"follow, round 1, table {n}"
        assert heard[f"/games/{table['game_id']}"] == f"scoresheet, round 1, table {n}"

    names = [name for _, name in links(organiser_view(client, event, token))]
    for n in (1, 2):
        assert f"keep score, round 1, table {n}" in names and f"confirm link, round 1, table {n}" in names
        assert names.count(f"Keep link of table {n}, round 1") == 1  # the printed card's link, not its token
        assert names.count(f"Confirm link of table {n}, round 1") == 1


def test_a_players_partnership_links_name_the_partner(client):
    store_text(client, named("game-standard-1.seep", {"North": "Asha", "South": "Ravi", "East": "Meena",
                                                      "West": "Dev"}))
    html = client.get(f"/players/{player_id(client, 'Asha')}").get_data(as_text=True)
    assert [name for _, name in links(html) if name.startswith("partnership")] == ["partnership with Ravi"]
    assert '<span class="sr-only"> with Ravi</span>' in html  # seen as "partnership" alone


def test_each_organiser_form_is_named_by_its_action(client):
    event, _, _ = event_with_a_round(client)
    html = client.get(f"/events/{event}").get_data(as_text=True)
    organiser = html.split('<details class="manage" id="organiser"')[1]
    forms = re.findall(r"<form [^>]*>", organiser)
    names = []
    for form in forms:
        labelled = re.search(r'aria-labelledby="([^"]+)"', form)
        assert labelled, form  # each token field's form says which action it is for
        named_by = re.search(rf'<(\w+)[^>]* id="{labelled.group(1)}"[^>]*>(.*?)</\1>', html)
        names.append(named_by.group(2))
    assert names == ["Make round 2", "Show the tables' keep links", "Enter round 2 by hand",
                     "Withdraw a partnership", "Attach an uploaded game", "Detach an uploaded game"]
    assert organiser.count("Organiser token</label>") == 6


def test_what_titles_say_is_also_in_words_a_screen_reader_reads(client):
    event, token, tables = event_with_a_round(client)
    enter(client, tables[0], ["deal 1 dealer N", "score NS 80 EW 20"])
    text = named("provisional.seep", {"North": PAIRS[0][0], "South": PAIRS[0][1], "West": PAIRS[3][0],
                                      "East": PAIRS[3][1]})
    game = store_text(client, text)
    attached = client.post(f"/api/events/{event}/games", json={"game_id": game, "round": 2},
                           headers={"Authorization": f"Bearer {token}"})
    assert attached.status_code == 201, attached.json
    html = client.get(f"/events/{event}").get_data(as_text=True)
    assert '<span class="sr-only">baazi difference</span>' in html
    assert '<span class="sr-only">card-point difference</span>' in html
    assert '1/1<span class="sr-only"> (deals the opponents confirmed, of the deals over)</span>' not in html
    assert '0/1<span class="sr-only"> (deals the opponents confirmed, of the deals over)</span>' in html
    assert ('–<span class="sr-only"> (an uploaded game: not kept at the table, so no deal is confirmed)</span>'
            in html)
    badge = "provisional<span class=\"sr-only\"> (a deal's score is not known (RULES.md §8.5))</span>"
    assert html.count(badge) == 3  # two partnerships' rows and the attached table

    board = client.get("/leaderboard").get_data(as_text=True)
    assert re.search(r'provisional<span class="sr-only"> \(fewer than \d+ baazis\)</span>', board)
