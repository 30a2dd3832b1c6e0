"""The director's view of an event (organiser token): every table's game as it stands (deal and play
reached, last entry, flagged plays, confirmations), and the director's correction of a table's entry,
stored through the live games' own correction path with the director's note."""
from __future__ import annotations

from dataclasses import replace
from typing import Any

import sqlite_utils
from flask import url_for

from seeplog.clubs.confirmations import says_nothing
from seeplog.clubs.standings import TableResult, why_order
from seeplog.refusals import BadInput, Conflict, NotFound, Refused
from seeplog.ruleset import find_ruleset
from seeplog.said import Said, said_json

from ..db import writing
from ..live.corrections import DIRECTOR_NOTE
from ..live.board import flagged_of
from ..live.store import Request, load, record, typed_view
from ..live.view import LiveView
from .confirm_store import confirmations_json, keep_confirm_tokens
from .events_store import event_pairs, event_tables, event_version, get_event, table_results, table_token
from .links import now

LAST_ENTRIES = 40
"""The entries of a table the view lists to correct (the last deal's, at most this many)."""
DOUBT_ENTRIES = 120
"""And of the deals whose score was refused or that hold a flagged entry, at most this many (the last ones)."""


def director_version(db: sqlite_utils.Database, event_id: int) -> str | None:
    """What changes whenever the director's view may: the event's tables and games, and the answers
    (`event_version` counts them)."""
    version = event_version(db, event_id)
    return None if version is None else f"director-{version}"


def director_json(db: sqlite_utils.Database, event_id: int, organiser_token: str) -> dict[str, Any]:
    """Every live table of the event, the last round first (the organiser token checked by the caller)."""
    event = get_event(db, event_id)
    names = {p["number"]: " & ".join(pl["name"] for pl in p["players"]) for p in event_pairs(db, event_id)}
    links = keep_confirm_tokens(db, event_id, organiser_token)
    results = {(r.round, r.a): r for r in table_results(db, event_id, event["variant"])}
    tables = []
    for t in sorted(event_tables(db, event_id), key=lambda t: (-t["round"], t["number"])):
        if t["game_id"] is None or t["pair_b"] is None:
            continue  # a bye, or a table whose game was deleted
        result = results[(t["round"], t["pair_a"])]
        game = load(db, t["game_id"], view=False) if t["live"] else None
        if game is None:
            row = upload_json(t, result)
        else:
            row = table_json(db, typed_view(db, game), t, result)
            confirm = url_for("director.confirm_page", game_id=game.game_id)
            row["confirm_url"] = f"{confirm}#token={links[game.game_id]}"
        tables.append({**row, "names": [names[t["pair_a"]], names[t["pair_b"]]],
                       "card_points": list(result.card_points)})
    return {"id": event["id"], "name": event["name"], "now": now(), "teams": list(find_ruleset(event["variant"]).teams),
            "tables": tables}


def upload_json(table: dict[str, Any], result: TableResult) -> dict[str, Any]:
    """A table whose game is an uploaded game attached to the event: its scores and scoresheet (no entries
    to correct, no confirmations: it was not kept live)."""
    return {"round": table["round"], "number": table["number"], "game_id": table["game_id"],
            "pair_a": table["pair_a"], "pair_b": table["pair_b"], "state": "uploaded", "uploaded": True,
            "deals": result.deals, "baazis": list(result.baazis), "provisional": result.provisional,
            "provisional_why": why_order(result.why), "scoresheet_url": url_for("pages.game", game_id=table["game_id"])}


def table_json(db: sqlite_utils.Database, view: LiveView, table: dict[str, Any],
               result: TableResult) -> dict[str, Any]:
    """One table as the director sees it: its last entry's time (its making before its first entry; a close or
    reopen is no entry), provisional as the event's page says it (`result`), with the deals whose
    score is not known (RULES.md §8.5; the deal being played is not)."""
    entered = db.execute("select at from live_events where game_id = ? and kind not in ('close', 'reopen') "
                         "order by version desc limit 1", [view.game_id]).fetchone()[0]
    games = view.report["games"]
    baazis, deals = (games[0]["baazis"], games[0]["deals"]) if games else ({}, [])
    flagged = [{"entry": e.number if e else None, "line": e.line if e else None, "rule": f.finding.rule,
                "message": f.finding.message, "said": said_json(f.finding.message), "deal": f.finding.deal,
                "play": e.place.play if e else None}
               for f in flagged_of(view) for e in [f.entry]]
    confirmations = confirmations_json(db, view.game_id)
    return {"round": table["round"], "number": table["number"], "game_id": view.game_id,
            "pair_a": table["pair_a"], "pair_b": table["pair_b"], "state": view.state, "uploaded": False,
            "version": view.version,
            "next": view.next, "deals": len(deals),
            "baazis": [baazis.get(t, 0) for t in find_ruleset(view.variant).teams], "last_entry": entered,
            "started": view.deal_on_table is not None,
            "flagged": flagged, "confirmations": confirmations,
            "provisional": result.provisional, "provisional_why": why_order(result.why),
            "unknown_deals": [d["number"] for d in deals if d["score"] is None and not d["in_progress"]],
            "entries": correctable(view, flagged, confirmations),
            "follow_url": url_for("live_pages.follow", game_id=view.game_id),
            "scoresheet_url": url_for("pages.game", game_id=view.game_id)}


def correctable(view: LiveView, flagged: list[dict[str, Any]], confirmations: dict[str, Any]) -> list[dict[str, Any]]:
    """The entries the director may want to correct, in order: the last LAST_ENTRIES of the deal in play (or
    next) and the one before; of the deals whose score was refused or that hold a flagged entry, the last
    DOUBT_ENTRIES, and each such deal's first and last entry (its deal and score lines); and every flagged one."""
    last = view.next.get("deal") or 1
    doubtful = {c["deal"] for c in confirmations["deals"] if c["status"] == "refused"}
    doubtful |= {f["deal"] for f in flagged if f["entry"] and f["deal"] is not None}
    marked = {f["entry"] for f in flagged if f["entry"]}
    dealt = [e for e in view.entries if e.place.deal is not None]
    chosen = {e.number for e in [e for e in dealt if (e.place.deal or 0) >= last - 1][-LAST_ENTRIES:]}
    doubt = [e for e in dealt if e.place.deal in doubtful]
    chosen |= {e.number for e in doubt[-DOUBT_ENTRIES:]} | marked
    for deal in doubtful:
        own = [e.number for e in doubt if e.place.deal == deal]
        chosen |= {own[0], own[-1]} if own else set()
    return [{"number": e.number, "line": e.line, "deal": e.place.deal, "play": e.place.play}
            for e in dealt if e.number in chosen]


CORRECTIONS = (("replace", "replace"), ("insert_before", "insert"), ("delete", "delete"))


def correction(args: dict[str, Any]) -> Request:
    """The live correction a director's request makes, with the note marked as the director's.

    :raises BadInput: a note that says nothing (spaces alone). :raises Refused: not a correction (no entry named),
        or two at once.
    """
    if says_nothing(args["note"]):
        raise BadInput(Said("the director's note is blank: say why the entry is corrected (the game's history keeps "
                            "the note)"), [{"field": "note", "message": Said("give the reason")}])
    named = [(key, kind) for key, kind in CORRECTIONS if args.get(key) is not None]
    problem = None
    if len(named) != 1:
        problem = {"field": "replace", "message": Said("name one entry to correct: replace, insert_before or delete")}
    elif named[0][0] == "delete" and args.get("line") is not None:
        problem = {"field": "line", "message": Said("a delete takes no line")}
    elif named[0][0] != "delete" and args.get("line") is None:
        problem = {"field": "line", "message": Said("a line of notation is needed")}
    if problem:
        raise Refused(problem["message"], [problem])
    key, kind = named[0]
    return Request(kind, args["version"], args.get("line"), args[key], DIRECTOR_NOTE + args["note"].strip(),
                   args.get("client_id"))


def table_keeper(db: sqlite_utils.Database, event_id: int, organiser_token: str, game_id: int) -> str:
    """The edit token of the event's table whose game is `game_id`, made again from the organiser token.

    :raises NotFound: no such table in the event.
    """
    table = next((t for t in event_tables(db, event_id) if t["game_id"] == game_id and t["pair_b"] is not None),
                 None)
    if table is None:
        raise NotFound(Said("game {game} is no table of event {event}", game=game_id, event=event_id))
    return table_token(organiser_token, event_id, table["round"], table["number"])


def close_table(db: sqlite_utils.Database, event_id: int, organiser_token: str, game_id: int,
                args: dict[str, Any]) -> dict[str, Any]:
    """The director closes a table its scorekeeper left open (the organiser token checked by the caller): the
    close event of the live API, its note the director's; the live API's answer to it. The table is closed
    between deals only, and one where no deal was played only when `unplayed` says so (a no-show, say).

    :raises NotFound: no such table in the event. :raises Conflict: a stale version, a table closed already, a
    deal being played, no deal played without `unplayed` (or deals played with it).
    """
    token = table_keeper(db, event_id, organiser_token, game_id)
    note = DIRECTOR_NOTE + ((args.get("note") or "").strip() or "closed the table")
    with writing(db):  # checked and closed in one transaction: no entry comes in between
        game = load(db, game_id, view=False)
        if game is not None:
            check_closable(typed_view(db, game), bool(args.get("unplayed")))
        try:
            return record(db, game_id, token, Request("close", args["version"], note=note,
                                                      client_id=args.get("client_id")))[0]
        except Conflict:
            if game is None or game.is_open:
                raise
            raise Conflict(Said("this table is closed already (by its scorekeeper or a director): nothing to do")) \
                from None


def check_closable(view: LiveView, unplayed: bool) -> None:
    """An open table is closed once its next step is a new deal: not while a deal is being played; one where
    no deal was played, only as `unplayed`.

    :raises Conflict:
    """
    if view.state != "open":
        return  # closed already: the close says so (a retry of it is answered again)
    step = view.next
    if step.get("kind") != "deal":
        raise Conflict(Said("deal {deal} is being played at this table: a table is closed between deals, once the "
                            "last deal's score is in (or its entries are corrected)", deal=step.get("deal") or 1))
    never = step.get("deal") == 1
    if never and not unplayed:
        raise Conflict(Said("no deal was played at this table: to close it unplayed (its partnerships did not play, "
                            "say), send unplayed: true"))
    if unplayed and not never:
        raise Conflict(Said("deals were played at this table: it is closed as played, not unplayed"))


def correct(db: sqlite_utils.Database, event_id: int, organiser_token: str, game_id: int,
            args: dict[str, Any]) -> dict[str, Any]:
    """The director corrects an entry of one of the event's tables (the organiser token checked by the
    caller); the live API's answer to it. A closed table is reopened, corrected and closed again in one
    transaction, each step an event of its history with the director's note (`reclosed` in the answer).

    :raises NotFound: no such table in the event. :raises Refused: :raises Conflict: (as any correction)
    """
    req = correction(args)
    token = table_keeper(db, event_id, organiser_token, game_id)
    state = db.execute("select state from live_games where game_id = ?", [game_id]).fetchone()
    if state is None or state[0] != "closed":
        return record(db, game_id, token, req)[0]
    with writing(db):  # a correction refused leaves the table closed, as it was; a retry is answered again
        reopened, _ = record(db, game_id, token, around(req, "reopen", req.version))
        answer, _ = record(db, game_id, token, replace(req, version=reopened["version"]))
        closed, _ = record(db, game_id, token, around(req, "close", answer["version"]))
    return {**answer, "version": closed["version"], "next": closed["next"], "reclosed": True}


def around(req: Request, kind: str, version: int) -> Request:
    """The reopen or close around a closed table's correction `req`, with its note; its client_id is the
    correction's marked with the step, so that a retry of the correction is answered again step by step."""
    return Request(kind, version, note=req.note, client_id=f"{req.client_id}/{kind}" if req.client_id else None,
                   director=True)
