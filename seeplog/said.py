"""Sentences the library says to a reader (its findings), kept as a template and its parameters.

A `Said` reads as its English sentence everywhere (the JSON report's `message`, comparisons, logs), and
keeps the English format string it was made from and the values put into it, so that a page can make the
sentence again in the reader's language: the template is the message id of the pages' catalogs (the
extraction keyword `Said`), and a parameter may itself be a `Said` (a phrase translated on its own). Card
names and seats are parameters in notation (``Td``, ``N``). Plain: no gettext here.

This is the library's one kind of sentence kept as data, and `N_` its one marker: any other sentence
the library makes for a page (a play in words, why a seat deals) is a `Said` too.

>>> said = Said("the bid {value} is not 9 to 13", value=14)
>>> said, said.template, said.fields
('the bid 14 is not 9 to 13', 'the bid {value} is not 9 to 13', {'value': 14})
>>> str(Said("expected {what}", what=Said("a card"))), Said("'{{' is not closed") == "'{' is not closed"
('expected a card', True)
"""
from __future__ import annotations

from typing import Any, Callable, Union

Param = Union[str, int, "Said"]


class Said(str):
    """An English sentence made from `template` (a marked format string with named fields) and `params`."""

    template: str
    params: tuple[tuple[str, Param], ...]

    def __new__(cls, template: str, /, **params: Param) -> Said:
        said = super().__new__(cls, template.format_map(params))
        said.template, said.params = template, tuple(params.items())
        return said

    @property
    def fields(self) -> dict[str, Param]:
        return dict(self.params)

    def __reduce__(self) -> tuple[Callable[..., Said], tuple[Any, ...]]:
        return _said, (self.template, self.params)


def _said(template: str, params: tuple[tuple[str, Param], ...]) -> Said:
    return Said(template, **dict(params))


def said_json(text: str) -> dict[str, Any] | None:
    """A `Said` as JSON data, for a page's script to say it in the reader's language: its template and its
    parameters (those that are `Said` in the same form); None for any other text.

    >>> said_json(Said("expected {what}", what=Said("a card")))
    {'template': 'expected {what}', 'params': {'what': {'template': 'a card', 'params': {}}}}
    """
    if not isinstance(text, Said):
        return None
    return {"template": text.template,
            "params": {name: said_json(value) if isinstance(value, Said) else value for name, value in text.params}}


def said_field(text: str) -> dict[str, Any]:
    """``{"said": …}`` (`said_json`) for a `Said`, to add to a finding's JSON; nothing for any other text."""
    return {"said": said_json(text)} if isinstance(text, Said) else {}


def N_(template: str) -> str:
    """Marks a sentence of the library for the pages' catalogs (the rule catalogue); it returns it as is."""
    return template


def retold(text: str, translate: Callable[[str], str]) -> str:
    """`text` in another language: a `Said` made again from its `translate`d template and its parameters
    (those that are `Said` retold the same way); any other text as it is.

    >>> retold(Said("expected {what}", what=Said("a card")), {"expected {what}": "{what} chahiye",
    ...                                                       "a card": "ek patta"}.get)
    'ek patta chahiye'
    """
    if not isinstance(text, Said):
        return text
    fields = {name: retold(value, translate) if isinstance(value, str) else value for name, value in text.params}
    return translate(text.template).format_map(fields)
