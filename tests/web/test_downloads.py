"""Downloads name their charset once; the CSV carries the game's event, date and players; the site icon
is served; an impossible date in a filter is a 400 with its reason; an address cut back
leads to its list."""
import csv
import io
import json
import re

import seeplog

from tests.web.helpers import assert_envelope, example, upload


def test_downloads_name_their_charset_once(client):
    game_id = upload(client, "game-standard-2.seep")
    for suffix, kind in ((".seep", "text/plain"), (".json", "application/json"), (".csv", "text/csv")):
        response = client.get(f"/games/{game_id}{suffix}")
        assert response.headers["Content-Type"] == f"{kind}; charset=utf-8"


def test_the_csv_names_the_players_event_and_date(client):
    game_id = upload(client, "game-standard-2.seep")
    rows = list(csv.DictReader(io.StringIO(client.get(f"/games/{game_id}.csv").get_data(as_text=True))))
    first = rows[0]
    assert (first["event"], first["date"]) == ("Club night 2", "2026-08-05")
    assert first["players"] == "Imran (N), Omkar (W), Priya (S), Divya (E)"
    assert (first["dealer"], first["dealer name"]) == ("E", "Divya")
    assert (first["bidder"], first["bidder name"]) == ("N", "Imran")
    deal = json.loads(example("game-standard-2.json"))["games"][0]["deals"][0]
    points = tuple(str(deal["card_points"][t]) for t in ("NS", "EW"))
    assert (first["card points NS"], first["card points EW"]) == points  # card points, not cards taken


def test_a_deal_recorded_without_a_bid_names_no_bidder_in_the_csv(client):
    """As on the scoresheet ('–'): deal 4 of the example is its score alone, so nobody bid."""
    game_id = upload(client, "provisional.seep")
    rows = list(csv.DictReader(io.StringIO(client.get(f"/games/{game_id}.csv").get_data(as_text=True))))
    fourth = next(r for r in rows if r["deal"] == "4")
    assert (fourth["bidder"], fourth["bidder name"], fourth["bid"]) == ("", "", "")
    assert all(r["bidder"] and r["bid"] for r in rows if r["deal"] in ("1", "2", "3"))


def test_the_site_icon_is_served(client):
    with client.get("/favicon.ico") as response:
        assert response.status_code == 200 and response.mimetype == "image/svg+xml"
    assert 'rel="icon"' in client.get("/").get_data(as_text=True)


def test_an_impossible_date_is_a_400_with_its_reason(client):
    body = assert_envelope(client.get("/api/games?date_from=2026-13-01"), 400)
    assert body["errors"][0]["field"] == "date_from" and "not a date on the calendar" in body["errors"][0]["message"]
    page = client.get("/?date_to=2026-02-30")
    assert page.status_code == 400 and "“2026-02-30” is not a day of the calendar" in page.get_data(as_text=True)
    assert client.get("/api/games?date_from=2026-02-28").status_code == 200


def test_a_seat_is_named_one_way_on_the_list_and_in_the_csv(client):
    """'Asha (N)' for a named seat, 'W' for an unnamed one: the same text on the games list and in the CSV."""
    text = example("game-standard-2.seep").decode().replace('[West "Omkar"]\n', "")
    assert "Omkar" not in text
    response = client.post("/api/games", data=text.encode(), content_type="text/plain")
    game_id = response.json["id"]
    seated = "Imran (N), W, Priya (S), Divya (E)"
    rows = list(csv.DictReader(io.StringIO(client.get(f"/games/{game_id}.csv").get_data(as_text=True))))
    assert rows[0]["players"] == seated
    assert seated in client.get("/").get_data(as_text=True)


def csv_of(client, text: str) -> str:
    """The game's CSV download as a spreadsheet reads it: UTF-8 after its byte order mark."""
    game_id = client.post("/api/games", data=text.encode(), content_type="text/plain").json["id"]
    body = client.get(f"/games/{game_id}.csv").get_data()
    assert body.startswith(b"\xef\xbb\xbfgame,")
    return body.decode("utf-8-sig")


def test_the_csv_is_utf8_with_a_bom_and_no_name_runs_as_a_formula(client):
    names = {"North": "=1+2", "West": "@SUM(A1)", "South": "आशा", "East": "ਰਵੀ"}
    text = example("game-standard-2.seep").decode()
    for tag, name in names.items():
        text = re.sub(rf'^\[{tag} "[^"]*"\]$', f'[{tag} "{name}"]', text, flags=re.MULTILINE)
    text = re.sub(r'^\[Event "[^"]*"\]$', '[Event "+cmd"]', text, flags=re.MULTILINE)
    rows = list(csv.DictReader(io.StringIO(csv_of(client, text))))
    assert rows[0]["players"] == "'=1+2 (N), @SUM(A1) (W), आशा (S), ਰਵੀ (E)" and rows[0]["event"] == "'+cmd"
    assert {r["bidder name"] for r in rows if r["bidder"] == "N"} == {"'=1+2"}
    assert {r["dealer name"] for r in rows if r["dealer"] == "E"} == {"ਰਵੀ"}


def test_a_two_game_file_has_one_csv_header_and_a_game_column(client):
    text = example("game-standard-1.seep").decode() + "\n" + example("game-standard-2.seep").decode()
    sheet = csv_of(client, text)
    assert sheet.count("game,event,date,players") == 1
    rows = list(csv.DictReader(io.StringIO(sheet)))
    report = seeplog.report_json(seeplog.analyse(text))
    assert [len(g["deals"]) for g in report["games"]] == [sum(r["game"] == str(n) for r in rows) for n in (1, 2)]
    second = [r for r in rows if r["game"] == "2"][0]
    assert second["event"] == "Club night 2"
    assert second["score NS"] == str(report["games"][1]["deals"][0]["score"]["NS"])


def test_games_with_different_teams_share_one_header_with_numbered_teams(client):
    text = example("game-standard-1.seep").decode() + "\n" + example("game-two-player-1.seep").decode()
    sheet = csv_of(client, text)
    rows = list(csv.DictReader(io.StringIO(sheet)))
    assert sheet.count("game,event") == 1 and {"card points 1", "score 2", "team 1", "team 2"} <= set(rows[0])
    assert (rows[0]["team 1"], rows[0]["team 2"]) == ("NS", "EW")
    two = [r for r in rows if r["game"] == "2"]
    report = seeplog.report_json(seeplog.analyse(text))
    teams = list(report["games"][1]["deals"][0]["score"])
    assert [two[0]["team 1"], two[0]["team 2"]] == teams
    assert two[0]["score 1"] == str(report["games"][1]["deals"][0]["score"][teams[0]])


def test_an_address_cut_back_leads_to_its_list_or_start(client):
    """/games (cut back from /games/7) is the list of games with its filters; /live leads to starting a live game;
    /api to the API's reference; a deal's address to its first play (to the game where it has none), the
    deals' to the game."""
    game_id = upload(client, "game-standard-2.seep")
    for sent, lands in (("/games", "/"), ("/games/?variant=thirty&page=2", "/?variant=thirty&page=2"),
                        ("/live", "/live/new"), ("/live/", "/live/new"), ("/api", "/api/docs"),
                        (f"/games/{game_id}/deals/2", f"/games/{game_id}/deals/2/plays/1"),
                        (f"/games/{game_id}/deals/1/plays?game=1", f"/games/{game_id}/deals/1/plays/1?game=1"),
                        (f"/games/{game_id}/deals", f"/games/{game_id}"),
                        (f"/games/{game_id}/deals/4", f"/games/{game_id}"),  # recorded by its score alone
                        (f"/games/{game_id}/deals/99", f"/games/{game_id}")):
        response = client.get(sent)
        assert response.status_code == 302 and response.headers["Location"] == lands, sent
        assert client.get(sent, follow_redirects=True).status_code == 200, sent
