"""seeplog: read, validate and score logs of the card game Seep.

The pipeline, one stage a module or package:
text -> `notation` (statements; written back by `notation.writer`) -> `replay` (each play checked by
`engine` under a `ruleset`) -> `scoring` and `ledger` (deal scores, the running baazi) -> `analysis` (one
typed value per log, `analyse(text)`, kept) -> views: `report` (JSON), `scoresheet` (text), `dispute`
(one play), and the web shell in `seeplog.web`.
"""
from __future__ import annotations

from .analysis import Analysis, DealAnalysis, GameAnalysis, analyse
from .fingerprint import library_fingerprint
from .canonical import dumps
from .cards import DECK, Card, Rank, Suit, parse_card
from .engine import IllegalPlayError, Known, apply, check, is_legal, play, resolve
from .legal import legal_plays
from .moves import Build, Capture, HouseRef, Move, Throw, move_text
from .notation import Deal, Game, Log, NotationError, parse
from .replay import DealReplay, Step, replay_deal, replay_game
from .report import exit_status, report_json
from .rules import RULES, Rule, Violation
from .ruleset import VARIANTS, Ruleset, find_ruleset, ruleset_for
from .state import House, State

__version__ = "0.1.0"
"""The release, as pyproject.toml names it (tests/test_cli.py holds them equal)."""

__all__ = [
    "Analysis", "DealAnalysis", "GameAnalysis", "analyse", "library_fingerprint", "dumps",
    "DECK", "Card", "Rank", "Suit", "parse_card", "IllegalPlayError", "Known", "apply", "check", "is_legal",
    "play", "resolve", "legal_plays", "Build", "Capture", "HouseRef", "Move", "Throw", "move_text", "Deal",
    "Game", "Log", "NotationError", "parse", "DealReplay", "Step", "replay_deal", "replay_game",
    "exit_status", "report_json", "RULES", "Rule", "Violation", "VARIANTS", "Ruleset", "find_ruleset",
    "ruleset_for", "House", "State",
]
