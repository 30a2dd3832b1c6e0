"""seeplog: read, validate and score logs of the card game Seep.

The pipeline, one stage a module or package:
text -> `notation` (statements; written back by `notation.writer`) -> `replay` (each play checked by
`engine` under a `ruleset`) -> `scoring` and `ledger` (deal scores, the running baazi) -> views:
`report` (JSON), `scoresheet` (text), `dispute` (one play), and the web shell in `seeplog.web`.

The names below are loaded when first used, so a command loads only the modules it needs.
"""
from __future__ import annotations

from importlib import import_module
from typing import TYPE_CHECKING, Any

_WHERE = {
    "cards": ("DECK", "Card", "Rank", "Suit", "parse_card"),
    "engine": ("IllegalPlayError", "Known", "apply", "check", "is_legal", "play", "resolve"),
    "legal": ("legal_plays",),
    "moves": ("Build", "Capture", "HouseRef", "Move", "Throw", "move_text"),
    "notation": ("Deal", "Game", "Log", "NotationError", "parse"),
    "replay": ("DealReplay", "Step", "replay_deal", "replay_game"),
    "report": ("GameAnalysis", "LogAnalysis", "analyse", "analyse_log", "exit_status", "report", "report_json"),
    "rules": ("RULES", "Rule", "Violation"),
    "ruleset": ("VARIANTS", "Ruleset", "find_ruleset", "ruleset_for"),
    "state": ("House", "State"),
    "canonical": ("dumps",),
}
_MODULE_OF = {name: module for module, names in _WHERE.items() for name in names}

# `report` is also the name of a submodule, and loading a submodule binds it here: the submodule is
# loaded now, once, and its function bound over it (a later import finds it loaded and binds nothing).
from .report import report  # noqa: E402

__all__ = [
    "DECK", "Card", "Rank", "Suit", "parse_card", "IllegalPlayError", "Known", "apply", "check", "is_legal",
    "play", "resolve", "legal_plays", "Build", "Capture", "HouseRef", "Move", "Throw", "move_text", "Deal",
    "Game", "Log", "NotationError", "parse", "DealReplay", "Step", "replay_deal", "replay_game",
    "GameAnalysis", "LogAnalysis", "analyse", "analyse_log", "exit_status", "report", "report_json", "RULES",
    "Rule", "Violation", "VARIANTS", "Ruleset", "find_ruleset", "ruleset_for", "House", "State", "dumps",
]


def __getattr__(name: str) -> Any:
    module = _MODULE_OF.get(name)
    if module is None:
        raise AttributeError(f"module 'seeplog' has no attribute {name!r}")
    value = getattr(import_module(f".{module}", __name__), name)
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    return sorted(set(globals()) | set(__all__))


if TYPE_CHECKING:
    from .canonical import dumps
    from .cards import DECK, Card, Rank, Suit, parse_card
    from .engine import IllegalPlayError, Known, apply, check, is_legal, play, resolve
    from .legal import legal_plays
    from .moves import Build, Capture, HouseRef, Move, Throw, move_text
    from .notation import Deal, Game, Log, NotationError, parse
    from .replay import DealReplay, Step, replay_deal, replay_game
    from .report import GameAnalysis, LogAnalysis, analyse, analyse_log, exit_status, report, report_json
    from .rules import RULES, Rule, Violation
    from .ruleset import VARIANTS, Ruleset, find_ruleset, ruleset_for
    from .state import House, State
