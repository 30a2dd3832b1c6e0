"""Reading a page's elements in tests: each element's tag, attributes and the elements around it."""
from __future__ import annotations

import re
from dataclasses import dataclass
from html.parser import HTMLParser

VOID = {"area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "source", "track", "wbr"}


@dataclass(frozen=True)
class Element:
    tag: str
    attrs: dict[str, str]
    around: tuple[dict[str, str], ...]
    """The attributes of the elements it is inside, outermost first."""

    @property
    def classes(self) -> set[str]:
        return set(self.attrs.get("class", "").split())

    def inside(self, id: str) -> bool:
        return any(a.get("id") == id for a in self.around)


class _Collector(HTMLParser):
    def __init__(self) -> None:
        super().__init__()
        self.stack: list[tuple[str, dict[str, str]]] = []
        self.found: list[Element] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        values = {k: v or "" for k, v in attrs}
        self.found.append(Element(tag, values, tuple(a for _, a in self.stack)))
        if tag not in VOID:
            self.stack.append((tag, values))

    def handle_endtag(self, tag: str) -> None:
        while self.stack and self.stack.pop()[0] != tag:
            pass


def elements(html: str) -> list[Element]:
    collector = _Collector()
    collector.feed(html)
    return collector.found


def with_class(html: str, name: str, inside: str | None = None) -> list[Element]:
    """The elements of class `name`, only those inside the element of id `inside` if given."""
    return [e for e in elements(html) if name in e.classes and (inside is None or e.inside(inside))]


def houses(html: str, floor: str) -> list[tuple[int, list[str], list[str], bool]]:
    """The houses drawn on a floor ('floor-before' or 'floor-after'): value, cards, owners, cemented."""
    return [(int(e.attrs["data-value"]), sorted(e.attrs["data-cards"].split()), e.attrs["data-owners"].split(),
             e.attrs["data-cemented"] == "true") for e in with_class(html, "house", floor)]


def loose(html: str, floor: str) -> list[str]:
    """The loose cards drawn on a floor, in the order shown."""
    return [e.attrs["data-card"] for e in elements(html)
            if "card" in e.classes and e.inside(floor) and any("loose" in a.get("class", "").split()
                                                                for a in e.around)]


class _Text(HTMLParser):
    def __init__(self, id: str) -> None:
        super().__init__()
        self.id, self.depth = id, 0
        self.parts: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if self.depth and tag not in VOID:
            self.depth += 1
        elif not self.depth and dict(attrs).get("id") == self.id and tag not in VOID:
            self.depth = 1

    def handle_endtag(self, tag: str) -> None:
        if self.depth:
            self.depth -= 1

    def handle_data(self, data: str) -> None:
        if self.depth:
            self.parts.append(data)


def text_of(html: str, id: str) -> str | None:
    """The text inside the element of id `id`, its white space made single spaces (None: no such element)."""
    if f'id="{id}"' not in html:
        return None
    reader = _Text(id)
    reader.feed(html)
    return " ".join("".join(reader.parts).split())


SR_ONLY = re.compile(r'<span class="sr-only">[^<]*</span>')
NOT_HEARD = re.compile(r'<(span|code) aria-hidden="true">(.*?)</\1>', re.S)


def shown(html: str) -> str:
    """The page as sighted readers get it: what only screen readers hear taken out (seeplog.web.spoken), and the
    notation screen readers do not hear drawn as it is for the eye."""
    return NOT_HEARD.sub(lambda m: m.group(2) if m.group(1) == "span" else f"<code>{m.group(2)}</code>",
                         SR_ONLY.sub("", html))


def heard(html: str) -> str:
    """The page as screen readers get it: the notation hidden from them taken out, the words for them kept."""
    return SR_ONLY.sub(lambda m: m.group(0)[len('<span class="sr-only">'):-len("</span>")], NOT_HEARD.sub("", html))
