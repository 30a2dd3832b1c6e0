"""What an event's page and API show: its partnerships, rounds and tables, and its standings."""
from __future__ import annotations

from typing import Any

import sqlite_utils
from flask import url_for

from seeplog.clubs.standings import ORDER, standings, why_order

from ..catalog import english_ngettext

from .event_rounds import round_pairings
from .confirm_store import confirm_counts
from .event_withdrawals import withdrawn
from .events_store import event_pairs, event_tables, get_event, table_results


def pair_json(pair: dict[str, Any], withdrawn_from: int | None = None) -> dict[str, Any]:
    players = [{**p, "url": url_for("clubs.player", player_id=p["id"])} for p in pair["players"]]
    slug = "-".join(str(p) for p in sorted(p["id"] for p in players))
    return {"number": pair["number"], "players": players, "name": " & ".join(p["name"] for p in players),
            "url": url_for("clubs.partnership", slug=slug), "withdrawn_from": withdrawn_from}


def pair_name(db: sqlite_utils.Database, event_id: int, number: int) -> str:
    """Partnership `number`'s players' names as the event shows them ("Asha & Ravi")."""
    return " & ".join(p["name"] for pair in event_pairs(db, event_id) if pair["number"] == number
                      for p in pair["players"])


def table_seats(table: dict[str, Any]) -> dict[str, Any]:
    """A table as TableSeatsSchema shows it: its number, the partnerships at it, its live game."""
    return {key: table[key] for key in ("number", "pair_a", "pair_b", "game_id")}


def event_json(db: sqlite_utils.Database, event_id: int) -> dict[str, Any]:
    """The event with its partnerships, its rounds' tables (with their results so far) and its standings.

    :raises NoEvent:
    """
    event, gone = get_event(db, event_id), withdrawn(db, event_id)
    pairs = {p["number"]: pair_json(p, gone.get(p["number"])) for p in event_pairs(db, event_id)}
    results = {(r.round, r.a): r for r in table_results(db, event_id, event["variant"])}
    paired = round_pairings(db, event_id)
    rounds: dict[int, dict[str, Any]] = {}
    for t in event_tables(db, event_id):
        r = results[(t["round"], t["pair_a"])]
        row = table_seats(t)
        if t["pair_b"] is not None and t["game_id"] is not None:
            row.update(baazis=list(r.baazis), card_points=list(r.card_points), deals=r.deals,
                       provisional=r.provisional, provisional_why=why_order(r.why),
                       scoresheet_url=url_for("pages.game", game_id=t["game_id"]),
                       live=bool(t["live"]), in_play=bool(t["open"]))
            if t["live"]:  # an uploaded game was not kept at the table: no one confirms its deals
                row.update(follow_url=url_for("live_pages.follow", game_id=t["game_id"]),
                           confirmations=confirm_counts(db, t["game_id"]))
        rounds.setdefault(t["round"], {"round": t["round"], "pairing": paired.get(t["round"], "round-robin"),
                                       "tables": [], "bye": None, "byes": []})
        if t["pair_b"] is None:
            rounds[t["round"]]["byes"].append(t["pair_a"])
        else:
            rounds[t["round"]]["tables"].append(row)
    for made in rounds.values():
        made["bye"] = made["byes"][0] if made["byes"] else None
    lines = standings(pairs, results.values(), gone)
    return {"id": event["id"], "name": event["name"], "date": event["date"], "place": event["place"],
            "variant": event["variant"], "baazi_target": event["baazi_target"], "format": event["format"],
            "url": url_for("clubs.event", event_id=event_id),
            "partnerships": list(pairs.values()), "rounds": list(rounds.values()), "order": ORDER,
            "standings": [{"rank": s.rank, "pair": s.pair, "name": pairs[s.pair]["name"], "played": s.played,
                           "byes": s.byes, "baazis_won": s.won, "baazis_lost": s.lost,
                           "baazi_difference": s.baazi_difference, "card_points_for": s.points_for,
                           "card_points_against": s.points_against,
                           "card_point_difference": s.card_point_difference, "provisional": s.provisional,
                           "provisional_why": why_order(s.why), "withdrawn_from": s.withdrawn_from}
                          for s in lines]}


def round_json(number: int, tables: list[dict[str, Any]]) -> dict[str, Any]:
    """A round just made: each table's keep link (its edit token, shown this once), the opponents' confirm
    link (its confirm token) and follow link."""
    played = [t for t in tables if t["pair_b"] is not None]
    byes = [t["pair_a"] for t in tables if t["pair_b"] is None]
    return {"round": number, "bye": byes[0] if byes else None, "byes": byes,
            "message": english_ngettext("round %(round)s: %(num)s table", "round %(round)s: %(num)s tables",
                                        len(played), round=number)
                       + "".join(f"; partnership {bye} has a bye" for bye in byes),
            "tables": [{**table_seats(t), "edit_token": t["edit_token"],
                        "edit_url": url_for("live_keep.keep", game_id=t["game_id"]) + f"#token={t['edit_token']}",
                        "confirm_token": t["confirm_token"],
                        "confirm_url": url_for("director.confirm_page", game_id=t["game_id"])
                        + f"#token={t['confirm_token']}",
                        "follow_url": url_for("live_pages.follow", game_id=t["game_id"])} for t in played]}
