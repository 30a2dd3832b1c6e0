"""The analysis of a log: one typed value per log version, built once and read by every view.

`analyse(text)` reads and replays the log, scores every deal and keeps each game's ledger: games ->
deals (each with its replay, score and findings; the states around every play on first asking) ->
ledger rows. The JSON report (`report.report_json`), the scoresheet, the pages, the API and the live
view are views of it. Analyses are kept in one cache, keyed by the text (hashed by the dict) and the library's
fingerprint, so that a page and an API call of the same log share one.
"""
from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from functools import cached_property

from .fingerprint import library_fingerprint
from .kept import Kept
from .ledger import DealResult, Ledger, LedgerRow
from .notation import Deal, Game, Log, parse
from .replay import DealReplay, Step, replay_deal
from .rules import Violation
from .ruleset import Ruleset, ruleset_for
from .scoring import DealScore, score_deal


@dataclass(frozen=True)
class DealAnalysis:
    """One deal replayed and scored, with its findings."""

    replay: DealReplay
    """The replay of the deal (without the states around each play: see `steps`)."""
    score: DealScore | None
    violations: tuple[Violation, ...]
    """Every R- finding of the deal: the replay's, the score's and the rotation's."""

    @property
    def errors(self) -> tuple[Violation, ...]:
        return self.replay.errors

    @cached_property
    def stepped(self) -> DealReplay:
        """The replay with the state before and after each play, made on first asking (the play pages
        need it; the report does not, and validation stays lean)."""
        replay = self.replay
        if replay.steps or not replay.played:
            return replay
        return replay_deal(replay.deal, replay.rules, keep_steps=True, in_progress=replay.in_progress)

    @property
    def steps(self) -> tuple[Step, ...]:
        return self.stepped.steps


@dataclass(frozen=True)
class GameAnalysis:
    """One game analysed: its deals and its ledger."""

    game: Game
    rules: Ruleset
    deals: tuple[DealAnalysis, ...]
    ledger: tuple[LedgerRow, ...]
    baazis: dict[str, int]

    @property
    def violations(self) -> list[Violation]:
        return [v for d in self.deals for v in d.violations]

    @property
    def game_errors(self) -> list[Violation]:
        """Log errors outside any deal (the header's unreadable lines)."""
        return game_errors(self.game)

    @property
    def errors(self) -> list[Violation]:
        return self.game_errors + [e for d in self.deals for e in d.errors]

    def findings(self) -> Iterator[Violation]:
        """Every finding of the game: its own errors, then each deal's errors and violations."""
        yield from self.game_errors
        for deal in self.deals:
            yield from deal.errors
            yield from deal.violations


def game_errors(game: Game) -> list[Violation]:
    """A game's log errors outside any deal (its header's unreadable lines)."""
    return [Violation(e.rule, e.msg, None, None, e.line, e.column) for e in game.errors]


def analyse_game(game: Game, *, open_deal: bool = False, kept: tuple[DealAnalysis, ...] = ()) -> GameAnalysis:
    """Replay and score every deal of a game, then keep its ledger. With `open_deal`, the last deal is
    still being played (a live game): judged on what is known so far, not E-INCOMPLETE. `kept` are the
    analyses of the game's first deals, made before (a live game's entry changes only the deals after
    them: a deal's analysis depends on its statements and the deals before it)."""
    rules = ruleset_for(game.tags)
    book = Ledger(rules)
    deals, rows = list(kept), [book.add(_result(d.replay, d.score))[0] for d in kept]
    last = len(game.deals) - 1
    for index in range(len(kept), last + 1):
        deal, row = analyse_deal(game.deals[index], rules, book, in_progress=open_deal and index == last)
        deals.append(deal)
        rows.append(row)
    return GameAnalysis(game, rules, tuple(deals), tuple(rows), book.baazis)


def analyse_deal(deal: Deal, rules: Ruleset, book: Ledger, *,
                 in_progress: bool = False) -> tuple[DealAnalysis, LedgerRow]:
    """A deal replayed and scored, and entered in its game's ledger `book` (which holds the deals before
    it): its analysis, the ledger's R-DEALER finding first among its violations, and its ledger row.
    `in_progress`: the deal of a live game still being played, replayed with its steps (the live view
    asks for them at every entry: one replay, not two)."""
    replay = replay_deal(deal, rules, keep_steps=in_progress, in_progress=in_progress)
    score, extra = score_deal(replay)
    row, dealer = book.add(_result(replay, score))
    return DealAnalysis(replay, score, dealer + replay.violations + tuple(extra)), row


def _result(replay: DealReplay, score: DealScore | None) -> DealResult:
    """What the ledger reads of a deal."""
    deal = replay.deal
    return DealResult(deal.number, deal.dealer if deal.start.dealer_known else None,
                      score.score if score else None, deal.start.line, score is None and not replay.in_progress,
                      replay.in_progress, deal.start.dealer_column)


@dataclass(frozen=True)
class Analysis:
    """Every game of a log analysed, once: the report, the scoresheet, the stored rows and the pages
    are views of it. With `open_game` (a live game still being kept), the last deal of the last game is
    in progress."""

    text: str
    log: Log
    games: tuple[GameAnalysis, ...]
    open_game: bool = False

    def findings(self) -> Iterator[Violation]:
        """Every finding of the log, game by game (each with its line, column, play and seat)."""
        for game in self.games:
            yield from game.findings()

    def deal(self, game: int, number: int) -> DealAnalysis | None:
        """Deal `number` of game `game` (1-based), or None."""
        if not 1 <= game <= len(self.games):
            return None
        return next((d for d in self.games[game - 1].deals if d.replay.deal.number == number), None)


def build(text: str, *, open_game: bool = False, log: Log | None = None) -> Analysis:
    """The analysis of a log's text, made now (`analyse` keeps it); `log` is the text parsed, when the
    caller has read it already."""
    log = parse(text) if log is None else log
    last = len(log.games) - 1
    return Analysis(text, log, tuple(analyse_game(g, open_deal=open_game and i == last)
                                     for i, g in enumerate(log.games)), open_game)


ANALYSES_KEPT = 32
"""Analyses kept per process, most recently used first (a page, the API and the play pages share them)."""
LIVE_KEPT = 2048
"""Live games' analyses kept per process, apart from the others: the next entry of a game derives its analysis
from the last one, and each entry may reach any worker, so every worker keeps every table of a championship
(1,000 tables). A game not kept is replayed whole at its next entry (about 10 ms at the 300th entry against
3 ms). Each game keeps its last version's alone, about 2 KB an entry: 700 KB at the 340th entry."""
_kept: Kept[Analysis] = Kept(ANALYSES_KEPT)
_live: Kept[Analysis] = Kept(LIVE_KEPT)


def analyse(text: str, *, open_game: bool = False, log: Log | None = None) -> Analysis:
    """The analysis of a log's text: the kept one for the same text, open state and library, else one
    built now and kept.

    :raises TypeError: when `text` is not a string (bytes: decode them first; a path: read the file).
    """
    if not isinstance(text, str):
        raise TypeError(f"analyse takes the log's text as a str, not {type(text).__name__}"
                        + (": decode the bytes first" if isinstance(text, (bytes, bytearray)) else ""))
    key = _key(text, open_game)
    return _live.find(key) or _kept.get(key, lambda: build(text, open_game=open_game, log=log))


def kept_analysis(text: str, *, open_game: bool = False) -> Analysis | None:
    """The live game's analysis kept for the text, or any analysis kept for it, or None (a live game derives
    its next version from it)."""
    key = _key(text, open_game)
    return _live.find(key) or _kept.find(key)


def keep(analysis: Analysis, replacing: Analysis | None = None) -> None:
    """Keep a live game's analysis, derived from its last version rather than built (`LIVE_KEPT`), in place of
    that version's (`replacing`): one kept a game, however many entries it takes."""
    if replacing is not None:
        _live.drop(_key(replacing.text, replacing.open_game))
    _live.put(_key(analysis.text, analysis.open_game), analysis)


def _key(text: str, open_game: bool) -> tuple[str, bool, str]:
    """The text itself stands for its digest: a dict hashes a string once, in C, and compares equal keys
    (the kept analysis holds the text anyway)."""
    return text, open_game, library_fingerprint()


def forget_analyses() -> None:
    """Let every kept analysis go (the tests count builds from a cold cache)."""
    _kept.clear()
    _live.clear()

