"""Dates and times on the pages in the reader's locale (Babel, through Flask-Babel's locale): a log's Date tag,
an event's date, when a game was uploaded. What is stored and what the JSON says stay as they are; only the
page writes them otherwise. A date that does not read as a whole day ("2026.11.??", "Diwali 2026": NOTATION.md
leaves the Date tag's text to the table) is shown as written."""
from __future__ import annotations

import re
from datetime import date, datetime, timezone
from functools import lru_cache

from babel.dates import format_date, format_time, get_datetime_format
from flask import Flask

from .catalog import locale_name

DAY = re.compile(r"(\d{4})[-./](\d{1,2})[-./](\d{1,2})")
"""A whole day: 2026-11-25, and the 2026.11.25 or 2026/11/25 some tables write."""


def day_of(text: str) -> date | None:
    """The day `text` names, or None when it names no whole day."""
    found = DAY.fullmatch(text.strip())
    if not found:
        return None
    try:
        return date(*map(int, found.groups()))
    except ValueError:
        return None


def local_date(value: object) -> str:
    """A date in the reader's locale ("25 नव॰ 2026"); text that names no whole day as it is."""
    if isinstance(value, date):
        return _written_day(value, locale_name())
    text = "" if value is None else str(value)
    day = day_of(text)
    return _written_day(day, locale_name()) if day else text


def moment_of(text: str) -> datetime | None:
    """An ISO time as stored ("2026-11-25T09:06:28+00:00", or UTC without its zone), or None."""
    try:
        moment = datetime.fromisoformat(text.strip().replace("Z", "+00:00"))
    except ValueError:
        return None
    return moment if moment.tzinfo else moment.replace(tzinfo=timezone.utc)


def local_moment(value: object) -> str:
    """A stored time as the reader writes one (date, and 24-hour hours:minutes in UTC as the pages say); else as
    it is."""
    text = "" if value is None else str(value)
    return _written_moment(text, locale_name())


@lru_cache(maxsize=4096)
def _written_day(day: date, locale: str) -> str:
    """Kept: a list page writes the same days again and again (a few µs of Babel each)."""
    return format_date(day, "medium", locale=locale)


@lru_cache(maxsize=4096)
def _written_moment(text: str, locale: str) -> str:
    moment = moment_of(text)
    if moment is None:
        return text
    moment = moment.astimezone(timezone.utc)
    pattern = str(get_datetime_format("medium", locale=locale))
    return pattern.replace("{1}", format_date(moment, "medium", locale=locale)).replace(
        "{0}", format_time(moment, "HH:mm", tzinfo=timezone.utc, locale=locale))


def init_dates(app: Flask) -> None:
    """The templates' `date` and `moment` filters."""
    app.jinja_env.filters["date"] = local_date
    app.jinja_env.filters["moment"] = local_moment
