"""Building positions by hand for rule tests: floors written in notation, plays checked by the engine."""
from __future__ import annotations


from seeplog import analyse, report_json
from seeplog.cards import parse_card
from seeplog.engine import Known, check, resolve
from seeplog.notation import Play, read_line
from seeplog.ruleset import VARIANTS, Ruleset
from seeplog.state import House, State, start


def cards(text: str) -> tuple:
    return tuple(parse_card(t) for t in text.split())


def position(loose: str = "", houses: tuple = (), *, turn: str = "N", played: int = 5, bid: int | None = None,
             variant: str = "standard", rules: Ruleset | None = None, built: frozenset = frozenset()) -> State:
    """A state with loose cards and houses ``(value, "cards", "owners")``, `played` plays made."""
    rules = rules or VARIANTS[variant]
    state = start(rules, cards(loose), turn, bid)
    floor_houses = tuple(House(v, cards(c), frozenset(o)) for v, c, o in houses)
    return state._replace(houses=floor_houses, turn=turn, played=played, built=built)


def findings(state: State, line: str, hand: str = "", holders: dict | None = None) -> set[str]:
    """The rule IDs a play breaks; ``line`` is a play line (``"N Jd x Jh"``), `hand` the rest of the hand."""
    statement = read_line(line, 1, "two-player" if state.rules.players == 2 else "standard")
    assert isinstance(statement, Play), statement
    move, error = resolve(state, statement.move)
    if error is not None:
        return {error.rule}
    held = frozenset(cards(hand)) | {statement.move.card}
    known = Known(held, True, {parse_card(c): s for c, s in (holders or {}).items()})
    return {v.rule for v in check(state, statement.seat, move, known)}


def log_findings(text: str) -> set[str]:
    """Every rule and error ID the validator reports for a whole log."""
    doc = report_json(analyse(text))
    found = {e["rule"] for e in doc.get("errors", [])}
    for game in doc["games"]:
        found |= {e["rule"] for e in game["errors"]}
        for deal in game["deals"]:
            found |= {v["rule"] for v in deal["violations"] + deal["errors"]}
    return found
