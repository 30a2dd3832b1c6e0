"""The games list's search form refused: what it cannot search for, in the reader's words and tied to the
filters concerned, and the filters as sent, shown again to be corrected (the API says the same in English)."""
from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from marshmallow import fields

from seeplog.said import N_

from ..api.schemas import DATES_OUT_OF_ORDER
from ..catalog import gettext
from .queries import Filters

LABELS = {"q": N_("Search"), "player": N_("Player"), "event": N_("Event"), "variant": N_("Variant"),
          "date_from": N_("From"), "date_to": N_("To")}
"""The list's filters of text, by parameter, with their labels on the page (templates/index.html)."""


@dataclass(frozen=True)
class SearchProblem:
    sentence: str
    """What is wrong, in the reader's language."""
    filters: tuple[str, ...]
    """The parameters of the filters it concerns (none: a parameter the form does not send)."""


def search_problems(messages: Mapping[str, list[str]], sent: Mapping[str, str]) -> list[SearchProblem]:
    """The refusals of `GameQuerySchema` (its messages by parameter) of the query `sent`, as the page says them."""
    return [_problem(name, said, sent.get(name, "")) for name, said in messages.items()]


def _problem(name: str, said: list[str], value: str) -> SearchProblem:
    if DATES_OUT_OF_ORDER in said:
        return SearchProblem(gettext("“From” is after “To”: no game can be played between them; put the earlier "
                                     "date first"), ("date_from", "date_to"))
    if name in ("date_from", "date_to"):
        return _of_filter(name, gettext("“%(value)s” is not a day of the calendar written YYYY-MM-DD", value=value))
    if name == "variant":
        return _of_filter(name, gettext("choose one of the choices offered"))
    return SearchProblem(gettext("the list cannot read %(name)s= in the address", name=name), ())


def _of_filter(name: str, said: str) -> SearchProblem:
    return SearchProblem(f"{gettext(LABELS[name])}: {said}", (name,))


def entered_filters(sent: Mapping[str, str]) -> Filters:
    """The filters as sent (a query string's values), whatever they hold, to show them again."""
    text = {name: sent.get(name) or None for name in LABELS}
    return Filters(q=text["q"], player=text["player"], event=text["event"], variant=text["variant"],
                   date_from=text["date_from"], date_to=text["date_to"],
                   flagged=sent.get("flagged") in fields.Boolean.truthy)
