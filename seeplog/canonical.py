"""The canonical text of a log: the writer's, with every shorthand capture the replay settles written out."""
from __future__ import annotations

from dataclasses import replace

from .moves import Capture
from .notation import Deal, Game, Log, Play
from .notation.writer import dumps as write_log
from .replay import replay_deal
from .ruleset import ruleset_for


def dumps(log: Log) -> str:
    """The canonical text of a log; shorthand captures are written out where the replay settles them.

    >>> from seeplog.notation import parse
    >>> dumps(parse("deal 1 dealer N\\nfloor 6s 4d 6c 4h\\nbid S 10\\nS Td x"))
    'deal 1 dealer N\\nfloor 6s 6c 4h 4d\\nbid S 10\\nS Td x 6s+4d 6c+4h\\n'
    """
    return write_log(Log(tuple(expand_shorthand(game) for game in log.games)))


def expand_shorthand(game: Game) -> Game:
    """The game with every shorthand capture the replay settles written out in full."""
    if not any(isinstance(p, Play) and isinstance(p.move, Capture) and p.move.groups is None
               for d in game.deals for p in d.plays):
        return game
    rules = ruleset_for(game.tags)
    deals = []
    for deal in game.deals:
        written = {id(s.statement): s.move for s in replay_deal(deal, rules).steps}
        statements = tuple(replace(s, move=written[id(s)], columns=s.columns, line=s.line)
                           if isinstance(s, Play) and id(s) in written else s for s in deal.statements)
        deals.append(Deal(statements))
    return replace(game, deals=tuple(deals))
