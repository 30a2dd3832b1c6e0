"""An event's results: a page to print and pin up (standings, each round, each table's scoresheet), the
standings as CSV and JSON, and the event's games as one `.seep` file."""
from __future__ import annotations

import json
from typing import Any

import sqlite_utils
from flask import Blueprint, Response, render_template

from ...ruleset import SEAT_TAGS, find_ruleset
from ..db import get_db
from ..spreadsheets import SheetWriter, csv_file
from .events_store import event_tables
from .pages import known_event, still_playing

bp = Blueprint("event_results", __name__)

CSV_COLUMNS = ("rank", "pair", "name", "played", "byes", "baazis_won", "baazis_lost", "baazi_difference",
               "card_points_for", "card_points_against", "card_point_difference", "provisional", "provisional_why",
               "withdrawn_from")


def attachment(body: str, filename: str, content_type: str) -> Response:
    return Response(body, content_type=content_type,
                    headers={"Content-Disposition": f'attachment; filename="{filename}"',
                             "Cache-Control": "no-cache"})


@bp.get("/events/<int:event_id>/results")
def results(event_id: int):
    """The results page: what a person prints and pins up (print.css keeps the numbers, drops the rest)."""
    return render_template("clubs/event_results.html", e=known_event(event_id), playing=still_playing(event_id))


def standings_csv(event: dict[str, Any]) -> str:
    writer = SheetWriter()
    writer.writerow(CSV_COLUMNS)
    for line in event["standings"]:
        writer.writerow([cell(line[c]) for c in CSV_COLUMNS])
    return writer.text()


def cell(value: Any) -> Any:
    """A standings value as the CSV writes it: yes or no, the reasons a row is provisional spaced."""
    if isinstance(value, bool):
        return "yes" if value else "no"
    return " ".join(value) if isinstance(value, list) else value


@bp.get("/events/<int:event_id>/standings.csv")
def standings_csv_download(event_id: int):
    return attachment(csv_file(standings_csv(known_event(event_id))), f"event-{event_id}-standings.csv",
                      "text/csv; charset=utf-8")


@bp.get("/events/<int:event_id>/standings.json")
def standings_json_download(event_id: int):
    event = known_event(event_id)
    doc = {"id": event["id"], "name": event["name"], "date": event["date"], "order": event["order"],
           "standings": event["standings"]}
    return attachment(json.dumps(doc, ensure_ascii=False, indent=1) + "\n", f"event-{event_id}-standings.json",
                      "application/json; charset=utf-8")


def side_in_words(team: str) -> str:
    """A team's seats as a log's comment says them, in English as the notation is: "North–South", "North"."""
    return "–".join(SEAT_TAGS[seat] for seat in team)


def games_text(db: sqlite_utils.Database, event_id: int, variant: str) -> str:
    """Every table's game (round by round, table by table) in one log: each game's canonical text, whose tags
    start a new game of the file (NOTATION.md), after a comment naming its table. A table where no deal has
    been entered yet is left out (its tags alone would join the next game's)."""
    sides = [side_in_words(team) for team in find_ruleset(variant).teams]
    texts = []
    for table in event_tables(db, event_id):
        row = db.execute("select canonical from games where id = ? and deal_count > 0", [table["game_id"]]).fetchone()
        if row is not None:
            texts.append(f"# round {table['round']}, table {table['number']}: partnership {table['pair_a']} "
                         f"({sides[0]}) v {table['pair_b']} ({sides[1]})\n" + row[0].strip("\n"))
    return "\n\n".join(texts) + "\n" if texts else ""


@bp.get("/events/<int:event_id>/games.seep")
def games_seep(event_id: int):
    variant = known_event(event_id)["variant"]
    return attachment(games_text(get_db(), event_id, variant), f"event-{event_id}.seep", "text/plain; charset=utf-8")
