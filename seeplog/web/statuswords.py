"""An error page's heading and sentence in the reader's language: the status's name, and werkzeug's own
description of it where nothing more precise was said (a sentence the service wrote for the case, the JSON
API's, is shown as it is)."""
from __future__ import annotations

from flask import current_app
from flask_babel import format_decimal, gettext
from werkzeug.exceptions import HTTPException, RequestEntityTooLarge


def status_name(code: int, name: str) -> str:
    """The status's name ("Not Found") in the reader's language."""
    names = {400: gettext("Bad request"), 403: gettext("Forbidden"), 404: gettext("Not found"),
             405: gettext("Method not allowed"), 409: gettext("Conflict"), 413: gettext("Too large"),
             422: gettext("Not accepted"), 429: gettext("Too many requests"), 500: gettext("Server error")}
    return names.get(code, name)


def status_sentence(error: HTTPException, message: str, reads_logs: bool = False) -> str:
    """`message`, or its translation where it is werkzeug's description of the status (`reads_logs`: the page
    was sent Seep logs, and a body too large is told how large a log is)."""
    if isinstance(error, RequestEntityTooLarge):
        kib = format_decimal(round(current_app.config["MAX_CONTENT_LENGTH"] / 1024))
        if not reads_logs:
            return gettext("What was sent is too large: the limit is %(kib)s KiB.", kib=kib)
        return gettext("The upload is too large: the limit is %(kib)s KiB. A Seep log is a few KiB, so send one log "
                       "or a few at a time.", kib=kib)
    if message != type(error).description:
        return message
    sentences = {404: gettext("There is no such page here. Check the address, or start again from the games."),
                 405: gettext("This page cannot be asked that way."),
                 500: gettext("Something went wrong on the server; try again in a moment.")}
    return sentences.get(error.code or 0, message)
