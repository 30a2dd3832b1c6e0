"""The most work one upload may ask for, and the checks that refuse more (413, naming the setting)."""
from __future__ import annotations

import json
import re
from collections.abc import Callable
from dataclasses import dataclass, field, fields
from typing import Any

from seeplog.notation import Log, Tag, Unreadable
from seeplog.refusals import TooLarge
from seeplog.said import N_, Said


def limit(default: int, setting: str) -> int:
    """A limit's field: its default and the setting (an environment variable) that changes it."""
    return field(default=default, metadata={"setting": setting})


@dataclass(frozen=True)
class Limits:
    """The most work one upload may ask for; each has a setting (an environment variable) that changes it."""

    games: int = limit(20, "SEEPLOG_MAX_GAMES")
    """Games per file."""
    deals: int = limit(200, "SEEPLOG_MAX_DEALS")
    """Deals per game."""
    plays: int = limit(120, "SEEPLOG_MAX_PLAYS")
    """Plays per deal; a legal deal has at most 52."""
    tags: int = limit(100, "SEEPLOG_MAX_TAGS")
    """Tag lines per game; a game's header has a dozen."""
    tag_length: int = limit(1000, "SEEPLOG_MAX_TAG_LENGTH")
    """Characters of one tag line."""
    findings: int = limit(250, "SEEPLOG_MAX_FINDINGS")
    """Findings the report lists per game; the rest are counted."""
    report: int = limit(1_900_000, "SEEPLOG_MAX_REPORT")
    """Bytes of the JSON report: the answer to an upload stays under 2 MB."""

    @classmethod
    def from_settings(cls, setting: Callable[[str, int], int]) -> Limits:
        """The limits as the settings give them: `setting(name, default)` reads one."""
        defaults = cls()
        return cls(**{f.name: setting(f.metadata["setting"], getattr(defaults, f.name)) for f in fields(cls)})


DEFAULTS = Limits()
"""The limits when no setting changes them."""


class TooMuch(TooLarge):
    """A log over one of the Limits: the sentence names the limit and its setting."""


DEAL_LINE = re.compile(r"^[ \t]*deal[ \t]", re.MULTILINE)


def check_report_size(doc: dict[str, Any], limits: Limits) -> None:
    """:raises TooMuch: when the JSON report (as the API sends it: compact, ASCII) passes the limit."""
    size = len(json.dumps(doc, separators=(",", ":")))
    if size > limits.report:
        raise TooMuch(Said("the report of this file would take {size} bytes; the limit is {limit} (the setting "
                           "SEEPLOG_MAX_REPORT changes it): split the log into several uploads", size=f"{size:,}",
                           limit=f"{limits.report:,}"))


def listed_at_most(doc: dict[str, Any], most: int) -> dict[str, Any]:
    """The report with at most `most` findings listed per game (its errors, then each deal's violations and
    errors in order); a game with more counts the rest in `findings_not_listed`. `doc` is changed in place."""
    for game in doc["games"]:
        budget = most
        lists = [game["errors"]] + [d[key] for d in game["deals"] for key in ("violations", "errors")]
        dropped = 0
        for found in lists:
            dropped += max(0, len(found) - budget)
            del found[max(budget, 0):]
            budget = max(0, budget - len(found))
        if dropped:
            game["findings_not_listed"] = dropped
    return doc


def check_deal_lines(text: str, limits: Limits) -> None:
    """Before reading: more deal lines than a file may hold in all games is refused without parsing them.

    :raises TooMuch:
    """
    count, most = len(DEAL_LINE.findall(text)), limits.games * limits.deals
    if count > most:
        raise TooMuch(Said("this file holds {count} deals; the most a file may hold is {most} ({games} games of "
                           "{deals} deals: the settings SEEPLOG_MAX_GAMES and SEEPLOG_MAX_DEALS change it): split the "
                           "log into several uploads", count=f"{count:,}", most=f"{most:,}", games=f"{limits.games:,}",
                           deals=f"{limits.deals:,}"))


TAG_LINE = re.compile(r"^[ \t]*\[.*$", re.MULTILINE)


def check_tag_lines(text: str, limits: Limits) -> None:
    """Before reading: a tag line longer than the limit, or more tag lines than a file may hold in all games.

    :raises TooMuch:
    """
    count, most = 0, limits.games * limits.tags
    for line in TAG_LINE.finditer(text):
        count += 1
        if len(line.group().rstrip()) > limits.tag_length:
            number = text.count("\n", 0, line.start()) + 1
            raise TooMuch(Said("the tag line on line {line} holds {length} characters; the limit is {limit} (the "
                               "setting SEEPLOG_MAX_TAG_LENGTH changes it)", line=f"{number:,}",
                               length=f"{len(line.group().rstrip()):,}", limit=f"{limits.tag_length:,}"))
    if count > most:
        raise TooMuch(Said("this file holds {count} tag lines; the most a file may hold is {most} ({games} games of "
                           "{tags}: the settings SEEPLOG_MAX_GAMES and SEEPLOG_MAX_TAGS change it)",
                           count=f"{count:,}", most=f"{most:,}", games=f"{limits.games:,}", tags=f"{limits.tags:,}"))


def check_limits(log: Log, limits: Limits) -> None:
    """:raises TooMuch: when the log holds more games, deals or plays than `limits` allow."""
    def over(template: str, count: int, limit: int, **where: int) -> TooMuch:
        return TooMuch(Said(template, count=f"{count:,}", limit=f"{limit:,}", **where))
    if len(log.games) > limits.games:
        raise over(N_("this file's game count: it holds {count}; the limit is {limit} (the setting SEEPLOG_MAX_GAMES "
                      "changes it): split the log into several uploads"), len(log.games), limits.games)
    for number, game in enumerate(log.games, start=1):
        tags = sum(1 for s in game.header if type(s) is Tag or (type(s) is Unreadable and s.text.lstrip()[:1] == "["))
        if tags > limits.tags:
            raise over(N_("game {game} of this file has too many tag lines: it holds {count}; the limit is {limit} "
                          "(the setting SEEPLOG_MAX_TAGS changes it): split the log into several uploads"), tags,
                       limits.tags, game=number)
        if len(game.deals) > limits.deals:
            raise over(N_("game {game} of this file has too many deals: it holds {count}; the limit is {limit} (the "
                          "setting SEEPLOG_MAX_DEALS changes it): split the log into several uploads"),
                       len(game.deals), limits.deals, game=number)
        for deal in game.deals:
            if len(deal.plays) > limits.plays:
                raise over(N_("deal {deal} of game {game} (line {line}) has too many plays: it holds {count}; the "
                              "limit is {limit} (the setting SEEPLOG_MAX_PLAYS changes it): split the log into "
                              "several uploads"), len(deal.plays), limits.plays, deal=deal.number, game=number,
                           line=deal.start.line)
