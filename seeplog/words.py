"""Sentences the library makes for people to read, kept as data so that a page says them in its reader's
language: an English sentence with `{name}` places (marked with `N_` where it is written, so that the
catalogs' extraction finds it) and the values that fill them. A value is text (a seat, a card in notation, a
number), a list of values (said "a, b and c"), or a sentence of its own. `english()` is the sentence as the
JSON API and the CLI say it; the web pages translate `text` and each part (seeplog/web/saying.py and
static/text.js's `seeplogSaid`)."""
from __future__ import annotations

from dataclasses import dataclass, field
from collections.abc import Callable, Mapping
from typing import Any, Union

SENTENCES: list[str] = []
"""Every sentence marked with `N_`, in the order the modules were read (the pages carry their translations)."""


def N_(text: str) -> str:  # noqa: N802 (the marker's usual name, which pybabel's extraction looks for)
    """Mark an English sentence for translation; it stays as it is here (no-op marker)."""
    SENTENCES.append(text)
    return text


AND = N_("{some} and {last}")
"""A list of values said in one: "Kc, 9d and the 13-house"."""

Value = Union[str, int, None, "Said", tuple["Value", ...]]
Translate = Callable[[str], str]


@dataclass(frozen=True)
class Said:
    """A sentence: its English text with `{name}` places, and the values that fill them."""

    text: str
    args: Mapping[str, Value] = field(default_factory=dict)

    def english(self) -> str:
        return self.say(lambda text: text)

    def say(self, translate: Translate) -> str:
        """The sentence with `translate` (English text -> the reader's) applied to it and to each part."""
        return translate(self.text).format(**{name: _said(value, translate) for name, value in self.args.items()})

    @classmethod
    def of(cls, doc: dict[str, Any]) -> Said:
        """The sentence its `json()` describes."""
        return cls(doc["text"], {name: _value(v) for name, v in doc.get("args", {}).items()})

    def json(self) -> dict[str, Any]:
        """{"text": ..., "args": {...}}: a list as a JSON list, a sentence inside as such an object."""
        return {"text": self.text, "args": {name: _json(value) for name, value in self.args.items()}}


def _said(value: Value, translate: Translate) -> str:
    if isinstance(value, Said):
        return value.say(translate)
    if isinstance(value, tuple):
        parts = [_said(v, translate) for v in value]
        if len(parts) < 2:
            return "".join(parts)
        return translate(AND).format(some=", ".join(parts[:-1]), last=parts[-1])
    return "" if value is None else str(value)


def _json(value: Value) -> Any:
    if isinstance(value, Said):
        return value.json()
    if isinstance(value, tuple):
        return [_json(v) for v in value]
    return value


def _value(doc: Any) -> Value:
    if isinstance(doc, dict):
        return Said.of(doc)
    if isinstance(doc, list):
        return tuple(_value(v) for v in doc)
    return doc  # type: ignore[no-any-return]
