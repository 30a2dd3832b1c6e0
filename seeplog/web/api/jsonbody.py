"""JSON a client sent, bounded before it is parsed: how deep it nests, how long its numbers are, and no lone
surrogate (an escape such as \\ud800 that names no character, so no UTF-8 store can keep it)."""
from __future__ import annotations

import json
import re

from flask import Flask, request

from seeplog.said import Said

from .errors import ApiError

MAX_DEPTH = 64
"""The deepest nesting of arrays and objects read (a log in its JSON form nests 6 deep)."""
MAX_DIGITS = 40
"""The longest run of digits in a number (every number of the API fits in 19)."""

_STRING = re.compile(r'"[^"\\]*(?:\\.[^"\\]*)*"', re.S)
_BRACKET = re.compile(r"[\[\]{}]")
_LONG_NUMBER = re.compile(rf"[0-9]{{{MAX_DIGITS + 1},}}")
_SURROGATE_ESCAPE = re.compile(r"\\u[dD][89a-fA-F]")


def json_problem(text: str) -> str | None:
    """What makes a JSON text one the service does not parse, in a sentence; None for one it does (which may
    still be invalid JSON: the parser says so)."""
    bare = _STRING.sub('""', text)
    depth = 0
    for bracket in _BRACKET.finditer(bare):
        depth += 1 if bracket.group() in "[{" else -1
        if depth > MAX_DEPTH:
            return Said("the JSON nests its arrays or objects more than {most} deep", most=MAX_DEPTH)
    if _LONG_NUMBER.search(bare):
        return Said("the JSON holds a number of more than {most} digits", most=MAX_DIGITS)
    if _SURROGATE_ESCAPE.search(text) and any(_lone_surrogate(s) for s in _STRING.findall(text)):
        return Said("the JSON holds a lone surrogate (an escape such as \\ud800 not paired with a second one): "
                    "that is no character, so it cannot be stored")
    return None


def _lone_surrogate(literal: str) -> bool:
    if not _SURROGATE_ESCAPE.search(literal):
        return False
    try:
        json.loads(literal).encode("utf-8")
    except UnicodeEncodeError:
        return True
    except ValueError:
        return False  # not a JSON string: the parser says so
    return False


def refuse_unbounded_json() -> None:
    """Before any view: a JSON body the service would not parse is refused with 400."""
    if not request.is_json or not request.content_length:
        return
    try:
        text = request.get_data(cache=True).decode("utf-8")
    except UnicodeDecodeError:
        return  # not UTF-8: the parser says the body is not valid JSON
    problem = json_problem(text)
    if problem is not None:
        raise ApiError(400, problem)


def bound_json(app: Flask) -> None:
    app.before_request(refuse_unbounded_json)
