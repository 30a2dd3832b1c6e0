"""What the follow pages read of a live game at one version, stored with that version: its view trimmed to
what the board and the play strips show. A follower's board is then drawn by whichever worker the request
reaches, from one small read, without replaying the game (which only the worker that wrote the entry keeps:
at the 400th entry a replay costs several milliseconds, more than drawing the board).

It is pickled with the library's fingerprint: a board source written by another version of the library is
not read (the page then derives the view from the entries), and the start-up's refresh writes it again. It
is read back by an unpickler that makes only the library's value types (the pickle documentation's
"restricting globals"): a store's row, say from a backup of unknown origin, can call no function.
"""
from __future__ import annotations

import enum
import io
import pickle
from dataclasses import is_dataclass, replace
from typing import Any

from seeplog.fingerprint import library_fingerprint
from seeplog.report import findings

from .view import EntryView, LiveView

DEAL_FIELDS = ("number", "plays", "errors", "violations")
"""What the board (its flagged entries) and the strips read of a deal of the report."""


def trimmed(view: LiveView) -> LiveView:
    """The view with only what `board.board` and `strips.deal_strips` read: the entries of the last deal
    and those a finding points at, and of the report its findings, each game's tags, baazis and deal
    numbers. The board of it is the board of the view (tests/web/test_live_followed.py)."""
    report = view.report
    games = [{"tags": g["tags"], "baazis": g.get("baazis", {}), "errors": g["errors"],
              "deals": [{k: d[k] for k in DEAL_FIELDS} for d in g["deals"]]} for g in report["games"]]
    flagged = {f["line"] for f in findings(report) if f.get("line")}
    deal = view.deal_on_table
    entries = tuple(_bare(e) for e in view.entries if e.log_line in flagged or (deal and e.place.deal == deal))
    return replace(view, log="", entries=entries, report={"errors": report.get("errors", []), "games": games})


def _bare(entry: EntryView) -> EntryView:
    """The entry without the JSON it keeps made (the pages do not read it)."""
    return EntryView(entry.number, entry.id, entry.line, entry.log_line, entry.place, entry.words, entry.findings)


def packed(view: LiveView) -> bytes:
    """The trimmed view as stored: the library's fingerprint, a newline, the pickle."""
    return library_fingerprint().encode() + b"\n" + pickle.dumps(trimmed(view), pickle.HIGHEST_PROTOCOL)


def unpacked(blob: bytes | None) -> LiveView | None:
    """The trimmed view stored by this version of the library; None for none, one of another version, or
    one that is not such a view."""
    if not blob:
        return None
    mark, _, data = bytes(blob).partition(b"\n")
    if mark.decode(errors="replace") != library_fingerprint():
        return None
    try:
        view = ValuesOnly(io.BytesIO(data)).load()
    except Exception:  # a damaged or hostile row is not read: the page derives the view instead
        return None
    return view if isinstance(view, LiveView) else None


VALUES = frozenset({("seeplog.cards", "Card"), ("seeplog.moves", "HouseRef"), ("seeplog.said", "_said")})
"""What the library's values are pickled by, besides its dataclasses, enums and named tuples: a card and a
house (one object each, made again by their class) and a `Said` (by the function its pickle names)."""


class ValuesOnly(pickle.Unpickler):
    """Makes the library's value types alone (`VALUES`, and its dataclasses, enums and named tuples)."""

    def find_class(self, module: str, name: str) -> Any:
        if module.startswith("seeplog."):
            found = super().find_class(module, name)
            if (module, name) in VALUES or _is_value_type(found):
                return found
        raise pickle.UnpicklingError(f"{module}.{name} is not a value the board reads")


def _is_value_type(found: Any) -> bool:
    return isinstance(found, type) and (is_dataclass(found) or issubclass(found, (enum.Enum, tuple)))
