"""The canonical text of a log: the writer's, with every shorthand capture the replay settles written out."""
from __future__ import annotations

from .notation import Log
from .replay import expand_shorthand
from .notation.writer import dumps as write_log


def dumps(log: Log) -> str:
    """The canonical text of a log; shorthand captures are written out where the replay settles them.

    >>> from seeplog.notation import parse
    >>> dumps(parse("deal 1 dealer N\\nfloor 6s 4d 6c 4h\\nbid S 10\\nS Td x"))
    'deal 1 dealer N\\nfloor 6s 6c 4h 4d\\nbid S 10\\nS Td x 6s+4d 6c+4h\\n'
    """
    return write_log(Log(tuple(expand_shorthand(game) for game in log.games)))
