"""Mutated example logs for the fuzz tests (tests/test_fuzz.py, tests/web/test_fuzz_service.py) and the fuzz run
by hand (bench/fuzz.py): Unicode of every general category, digits of every script, huge numbers, lines
reordered, doubled, dropped and cut. Each path the text can take is walked by `through_library` (the reader, the
validator, the writer, the legal plays, the live table) and `through_service` (the upload and live APIs)."""
from __future__ import annotations

import sys
import unicodedata
from collections.abc import Sequence
from functools import lru_cache
from typing import Any, Protocol

from tests.helpers import example_files


class Chooser(Protocol):
    """What a mutation draws from: random.Random, or a Hypothesis draw (`Drawn`)."""

    def randint(self, a: int, b: int) -> int: ...

    def choice(self, seq: Sequence[Any]) -> Any: ...


@lru_cache(maxsize=1)
def example_logs() -> tuple[str, ...]:
    return tuple(p.read_text(encoding="utf-8") for p in example_files())


@lru_cache(maxsize=1)
def by_category() -> dict[str, tuple[str, ...]]:
    """Up to 40 characters of each Unicode general category (lone surrogates and unassigned ones included),
    spread over the code space."""
    found: dict[str, list[str]] = {}
    for code in range(0, sys.maxunicode + 1, 7):
        char = chr(code)
        kept = found.setdefault(unicodedata.category(char), [])
        if len(kept) < 40:
            kept.append(char)
    return {category: tuple(chars) for category, chars in found.items()}


@lru_cache(maxsize=1)
def script_digits() -> tuple[str, ...]:
    """Every decimal digit of every script (category Nd), and the other characters str.isdigit() takes."""
    return tuple(chr(c) for c in range(sys.maxunicode + 1)
                 if unicodedata.category(chr(c)) == "Nd" or (chr(c).isdigit() and not chr(c).isascii()))


WORDS = ["deal 1 dealer N", "floor", "hand", "bid", "redeal", "score NS 50 EW 50", "score N 50 S 50", "x", "+", "=",
         "[", "]", "{", "}", '"', "#", "\ufeff", "\r", "\t", "\x00", "\u00a0", "\u2028", '[Variant "two-player"]',
         '[Variant "thirty-punjab"]', '[BaaziTarget "', '[MaxHouses "', "=13", "[13]", "Ks x", "10♠", "Td", "E 5h"]
LONG = [10, 19, 20, 400, 4301, 5001]
KINDS = ("unicode", "digit", "number", "word", "cut", "double", "drop", "swap", "move", "truncate")


def mutate(text: str, chooser: Chooser) -> str:
    """`text` with one to six edits."""
    lines = text.split("\n")
    for _ in range(chooser.randint(1, 6)):
        if not lines:
            lines = [""]
        i = chooser.randint(0, len(lines) - 1)
        line = lines[i]
        at = chooser.randint(0, len(line))
        kind = chooser.choice(KINDS)
        digits = [k for k, ch in enumerate(line) if "0" <= ch <= "9"]
        if kind == "unicode":
            category = chooser.choice(sorted(by_category()))
            lines[i] = line[:at] + chooser.choice(by_category()[category]) + line[at:]
        elif kind in ("digit", "number") and digits:
            k = chooser.choice(digits)
            new = chooser.choice(script_digits()) if kind == "digit" else "9" * chooser.choice(LONG)
            lines[i] = line[:k] + new + line[k + 1:]
        elif kind == "word":
            words = line.split(" ")
            k = chooser.randint(0, len(words) - 1)
            words[k] = chooser.choice(WORDS + words)
            lines[i] = " ".join(words)
        elif kind == "cut":
            lines[i] = line[:at] + line[at + chooser.randint(1, 8):]
        elif kind == "double":
            lines.insert(i, line)
        elif kind == "drop":
            del lines[i]
        elif kind == "swap":
            j = chooser.randint(0, len(lines) - 1)
            lines[i], lines[j] = lines[j], lines[i]
        elif kind == "move":
            lines.insert(chooser.randint(0, len(lines) - 1), lines.pop(i))
        elif kind == "truncate":
            lines = lines[:i + 1]
            lines[i] = line[:at]
    return "\n".join(lines)


def hostile_log(chooser: Chooser) -> str:
    return mutate(chooser.choice(example_logs()), chooser)


# ---------------------------------------------------------------- the paths a log takes

def through_library(text: str, pick: int = 0) -> None:
    """Every reading of `text` the command line makes: validate, format, score, legal (at one play of one deal,
    and where its replay stopped), live show. Raises what escapes."""
    from seeplog import dumps, parse
    from seeplog.dispute import replay_view
    from seeplog.legal import legal_outcomes
    from seeplog.analysis import build
    from seeplog.live.entries import Entry, live_analysis, live_log
    from seeplog.live.table import now_of, table, what_next
    from seeplog.replay import replay_deal
    from seeplog.report import report_json
    from seeplog.scoresheet import scoresheet_text
    from seeplog.stopped import is_stop, plays_shown, stopped_play

    log = parse(text)
    assert all(e.rule.startswith("E-") and e.line >= 1 and e.column >= 1 for e in log.errors), log.errors
    analysis = build(text, log=log)
    report_json(analysis)
    parse(dumps(log))
    for game in analysis.games[:3]:
        scoresheet_text(game)
    deals = [(game.rules, deal) for game in analysis.games for deal in game.game.deals]
    if deals:
        rules, deal = deals[pick % len(deals)]
        replayed = replay_deal(deal, rules)
        if replayed.steps and replayed.hands:
            step = replayed.steps[pick % len(replayed.steps)]
            legal_outcomes(step.before, step.before.turn, replayed.hands.known(step.number - 1, step.before.turn))
            replay_view(replayed, step.number)
        shown = plays_shown(replayed)
        if shown and is_stop(replayed, shown):
            stopped_play(replayed)
    lines = [line for line in text.splitlines() if line.strip() and not line.strip().startswith("#")]
    live = live_log([Entry(i, line) for i, line in enumerate(lines[:400], start=1)])
    analysed = live_analysis(live, open_game=True)
    report_json(analysed)
    now = now_of(analysed)
    what_next(now)
    table(now)


def through_service(client: Any, text: str, lines: int = 30) -> list[tuple[str, int]]:
    """The text uploaded (as text), its pages, and its first `lines` lines sent one by one to a live game;
    every (request, status) answered 5xx."""
    failed: list[tuple[str, int]] = []

    def check(label: str, response: Any) -> Any:
        if response.status_code >= 500:
            failed.append((label, response.status_code))
        return response

    upload = check("POST /api/games", client.post("/api/games", data=text.encode("utf-8", "surrogatepass"),
                                                   content_type="text/plain"))
    if upload.status_code == 201:
        game_id = upload.json["id"]
        for path in (f"/api/games/{game_id}/report", f"/games/{game_id}", f"/games/{game_id}/deals/1/plays/1",
                     f"/api/games/{game_id}/deals/1/plays/1", f"/games/{game_id}.csv"):
            check(f"GET {path}", client.get(path))
    started = check("POST /api/live", client.post("/api/live", json={"variant": "standard"}))
    if started.status_code != 201:
        return failed
    game_id, token, version = started.json["id"], started.json["edit_token"], started.json["version"]
    auth = {"Authorization": f"Bearer {token}"}
    for line in [line for line in text.split("\n") if line.strip()][:lines]:
        body = '{"version": %d, "line": %s}' % (version, _json_string(line[:500]))
        answer = check("POST entries", client.post(f"/api/live/{game_id}/entries", data=body.encode(),
                                                   content_type="application/json", headers=auth))
        if answer.status_code == 201:
            version = answer.json["version"]
    check("GET /api/live", client.get(f"/api/live/{game_id}"))
    check("GET /live page", client.get(f"/live/{game_id}"))
    check("GET outcomes", client.get(f"/api/live/{game_id}/outcomes?card=Jd"))
    check("POST undo", client.post(f"/api/live/{game_id}/undo", json={"version": version}, headers=auth))
    return failed


def _json_string(text: str) -> str:
    """A JSON string of `text`, lone surrogates written as escapes (as a phone's keyboard app might send)."""
    import json
    return json.dumps(text)
