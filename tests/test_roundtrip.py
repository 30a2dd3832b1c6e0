"""Reading and writing: canonical text reads back to the same log and writes back to the same text, and any
lenient spelling of a log reads as the same log and writes as its canonical text."""
from __future__ import annotations

import random
import string

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from seeplog import DECK, dumps, parse
from seeplog.cards import Card, Rank
from seeplog.moves import Build, Capture, HouseRef, Item, Move, Throw, canonical
from seeplog.notation import (KNOWN_TAGS, BidLine, Deal, DealStart, FloorCards, Game, Hand, Log, Play, Redeal,
                              ScoreLine, Statement, Tag, Unreadable, tag_order)
from seeplog.playout import random_game
from seeplog.ruleset import VARIANTS
from tests.helpers import EXAMPLES

EXAMPLE_FILES = sorted(EXAMPLES.glob("*.seep"))
SETTINGS = settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])


@pytest.mark.parametrize("path", EXAMPLE_FILES, ids=lambda p: p.stem)
def test_format_of_an_example_is_the_example(path) -> None:
    text = path.read_text(encoding="utf-8")
    log = parse(text)
    assert dumps(log) == text
    assert parse(dumps(log)) == log


def generated(variant: str, seed: int) -> str:
    return random_game(VARIANTS[variant], 2, random.Random(seed), with_score=seed % 2 == 0,
                       tags={"Event": f"Generated {seed}"})


@pytest.mark.parametrize("variant", list(VARIANTS))
@pytest.mark.parametrize("seed", [1, 2])
def test_a_generated_legal_log_is_canonical(variant: str, seed: int) -> None:
    text = generated(variant, seed)
    log = parse(text)
    assert log.errors == []
    assert dumps(log) == text and parse(dumps(log)) == log


# ---------------------------------------------------------------- lenient spellings

SUIT_SYMBOLS = {"s": "♠", "h": "♥", "d": "♦", "c": "♣"}
FACES = {11: "J", 12: "Q", 13: "K"}


class Respeller:
    """Writes a log as a scorekeeper might: any case, 10 for T, suit symbols, spaces and tabs, cards and
    groups in any order, J Q K for values, comments; the same log in every reading."""

    def __init__(self, rnd: random.Random):
        self.rnd = rnd

    def case(self, word: str) -> str:
        return "".join(ch.upper() if self.rnd.random() < 0.5 else ch.lower() for ch in word)

    def gap(self) -> str:
        return self.rnd.choice([" ", " ", "  ", "\t", " \t "])

    def plus(self) -> str:
        return self.rnd.choice(["+", "+", " +", "+ ", " + ", "\t+\t"])

    def card(self, card: Card) -> str:
        rank = "10" if card.rank == Rank.T and self.rnd.random() < 0.5 else card.rank.symbol
        suit = SUIT_SYMBOLS[card.suit.value] if self.rnd.random() < 0.3 else card.suit.value
        return self.case(rank + suit)

    def value(self, value: int) -> str:
        return self.case(FACES[value]) if value in FACES and self.rnd.random() < 0.3 else str(value)

    def item(self, item: Item) -> str:
        if isinstance(item, HouseRef):
            inner = self.value(item.value)
            return f"[ {inner} ]" if self.rnd.random() < 0.2 else f"[{inner}]"
        return self.card(item)

    def shuffled(self, items) -> list:
        items = list(items)
        self.rnd.shuffle(items)
        return items

    def group(self, group) -> str:
        return self.plus().join(self.item(i) for i in self.shuffled(group))

    def groups(self, groups) -> list[str]:
        return [self.group(g) for g in self.shuffled(groups)]

    def move(self, move: Move) -> str:
        match move:
            case Throw(card=card):
                return self.card(card)
            case Capture(card=card, groups=groups):
                return self.gap().join([self.card(card), self.case("x"), *self.groups(groups or ())])
            case Build(card=card, items=items, value=value, extras=extras):
                main = self.plus().join([self.card(card), *map(self.item, self.shuffled(items))])
                eq = self.rnd.choice(["=", " =", "= ", " = "])
                return main + eq + self.value(value) + "".join(self.gap() + g for g in self.groups(extras))
        raise TypeError(move)

    def words(self, *words: str) -> str:
        return self.gap().join(words)

    def cards(self, cards) -> list[str]:
        return [self.card(c) for c in self.shuffled(cards)]

    def annotated(self, text: str, annotation: str | None) -> str:
        return text if annotation is None else text + self.rnd.choice(["", " ", "\t"]) + "{" + annotation + "}"

    def tag(self, tag: Tag) -> str:
        name = self.case(tag.name) if tag.name in KNOWN_TAGS else tag.name
        value = tag.value
        if tag.name in ("Variant", "Rotation"):
            value = self.case(value)
        elif tag.name in ("BaaziTarget", "MaxHouses"):
            value = "0" * self.rnd.randint(0, 2) + value
        escaped = value.replace("\\", "\\\\").replace('"', '\\"')
        return f'[{self.rnd.choice(["", " "])}{name}{self.gap()}"{escaped}"{self.rnd.choice(["", "  "])}]'

    def statement(self, s: Statement) -> str:
        match s:
            case Tag():
                return self.tag(s)
            case DealStart(number=number, dealer=dealer, annotation=annotation):
                words = self.words(self.case("deal"), "0" * self.rnd.randint(0, 1) + str(number),
                                   self.case("dealer"), self.case(dealer))
                return self.annotated(words, annotation)
            case Redeal(seat=seat, cards=cards):
                return self.words(self.case("redeal"), self.case(seat or "floor"), *self.cards(cards))
            case Hand(seat=seat, cards=cards):
                return self.words(self.case("hand"), self.case(seat), *self.cards(cards))
            case FloorCards(cards=cards):
                return self.words(self.case("floor"), *self.cards(cards))
            case BidLine(seat=seat, value=value):
                return self.words(self.case("bid"), self.case(seat), self.value(value))
            case Play(seat=seat, move=move, annotation=annotation):
                return self.annotated(self.words(self.case(seat), self.move(move)), annotation)
            case ScoreLine(points=points):
                parts = [self.words(self.case(t), f"{p}" + (f"{self.plus()}{s}" if s or self.rnd.random() < 0.3
                                                              else "")) for t, p, s in self.shuffled(points)]
                return self.words(self.case("score"), *parts)
        raise TypeError(s)

    def line(self, s: Statement) -> list[str]:
        if isinstance(s, Unreadable):
            return [s.text]
        text = self.rnd.choice(["", " ", "\t"]) + self.statement(s) + self.rnd.choice(["", " ", "\t "])
        if self.rnd.random() < 0.2:
            text += self.gap() + "# a comment: S 5h x {"
        lines = [text]
        if self.rnd.random() < 0.1:
            lines.insert(0, self.rnd.choice(["", "   ", "# about the next line"]))
        return lines

    def header(self, header: tuple[Statement, ...]) -> list[Statement]:
        """Known tags in any order among the others; unknown tags and bad lines keep their order."""
        known = self.shuffled(s for s in header if isinstance(s, Tag) and s.name in KNOWN_TAGS)
        others = [s for s in header if not (isinstance(s, Tag) and s.name in KNOWN_TAGS)]
        for s in known:
            others.insert(self.rnd.randint(0, len(others)), s)
        return others

    def log(self, log: Log) -> str:
        lines: list[str] = []
        for game in log.games:
            for s in self.header(game.header):
                lines += self.line(s)
            for deal in game.deals:
                lines += [""] * self.rnd.randint(0, 2)
                for s in deal.statements:
                    lines += self.line(s)
        end = self.rnd.choice(["\n", "\r\n"])
        return self.rnd.choice(["", "\ufeff"]) + end.join(lines) + end * self.rnd.randint(0, 2)


def check_lenient(canonical: str, seed: int) -> None:
    log = parse(canonical)
    lenient = Respeller(random.Random(seed)).log(log)
    assert parse(lenient) == log
    assert dumps(parse(lenient)) == canonical


@pytest.mark.parametrize("path", EXAMPLE_FILES, ids=lambda p: p.stem)
def test_a_lenient_spelling_of_an_example_reads_as_the_example(path) -> None:
    check_lenient(path.read_text(encoding="utf-8"), seed=len(path.name))


@SETTINGS
@given(st.sampled_from(EXAMPLE_FILES), st.integers(0, 2**32))
def test_lenient_spellings_of_examples(path, seed: int) -> None:
    check_lenient(path.read_text(encoding="utf-8"), seed)


@SETTINGS
@given(st.sampled_from(list(VARIANTS)), st.integers(0, 10**6), st.integers(0, 2**32))
def test_lenient_spellings_of_generated_logs(variant: str, game_seed: int, seed: int) -> None:
    check_lenient(generated(variant, game_seed), seed)


def test_the_respeller_changes_the_text() -> None:
    text = (EXAMPLES / "game-standard-1.seep").read_text()
    lenient = Respeller(random.Random(7)).log(parse(text))
    assert lenient != text and "\t" in lenient and any(s in lenient for s in "♠♥♦♣")


@pytest.mark.parametrize("name, spelled", [
    ("ten", "deal 1 dealer N\nW 10h x 10s\n"),
    ("symbols", "deal 1 dealer N\nW T♥ x T♠\n"),
    ("crlf", "deal 1 dealer N\r\nW Th x Ts\r\n"),
    ("bom", "\ufeffdeal 1 dealer N\nW Th x Ts\n"),
    ("tabs", "deal\t1\tdealer\tN\nW\tTh\tx\tTs\n"),
    ("case", "DEAL 1 DEALER n\nw tH X tS\n"),
    ("no-final-newline", "deal 1 dealer N\nW Th x Ts"),
])
def test_each_lenient_spelling_alone(name: str, spelled: str) -> None:
    canonical = "deal 1 dealer N\nW Th x Ts\n"
    assert parse(spelled) == parse(canonical)
    assert dumps(parse(spelled)) == canonical


# ---------------------------------------------------------------- any log, legal or not

cards_ = st.sampled_from(DECK)
numbers = st.integers(0, 9999)
free_text = st.text(st.characters(exclude_categories=("Cs",), exclude_characters="\r\n"), max_size=12)
annotations = st.none() | free_text.filter(lambda t: "}" not in t)


@st.composite
def moves(draw) -> Move:
    pool = draw(st.lists(cards_, min_size=1, max_size=8, unique=True))
    card, rest = pool[0], pool[1:]
    kind = draw(st.sampled_from(["throw", "capture", "build"]))
    if kind == "throw":
        return Throw(card)
    houses = [HouseRef(v) for v in draw(st.lists(st.integers(1, 30), max_size=2, unique=True))]
    if kind == "capture":
        items: list[Item] = [*houses, *rest]
        cuts = sorted(draw(st.lists(st.integers(1, max(1, len(items))), max_size=3)))
        groups = [tuple(items[a:b]) for a, b in zip([0, *cuts], [*cuts, len(items)]) if items[a:b]]
        return canonical(Capture(card, tuple(groups) or ((HouseRef(11),),)))
    split = draw(st.integers(0, len(rest)))
    extras = [(c,) for c in rest[split:]]
    return canonical(Build(card, tuple(houses[:1] + rest[:split]), draw(numbers), tuple(extras)))


@st.composite
def deals(draw, number: int, seats: tuple[str, ...], teams: tuple[str, ...]) -> Deal:
    seat = st.sampled_from(seats)
    sorted_cards = lambda n, m: st.lists(cards_, min_size=n, max_size=m, unique=True).map(  # noqa: E731
        lambda cs: tuple(sorted(cs)))
    statements: list[Statement] = [DealStart(number, draw(seat), draw(annotations))]
    statements += draw(st.lists(st.builds(Redeal, st.none() | seat, sorted_cards(4, 4)), max_size=1))
    statements += draw(st.lists(st.builds(Hand, seat, sorted_cards(1, 12)), max_size=2))
    statements += draw(st.lists(st.builds(FloorCards, sorted_cards(4, 4)), max_size=1))
    statements += draw(st.lists(st.builds(BidLine, seat, st.integers(0, 99)), max_size=1))
    statements += draw(st.lists(st.builds(Play, seat, moves(), annotations), max_size=6))
    points = st.tuples(numbers, numbers).map(lambda ps: tuple((t, *p) for t, p in zip(teams, [ps, ps[::-1]])))
    statements += draw(st.lists(st.builds(ScoreLine, points), max_size=1))
    return Deal(tuple(statements))


tag_names = st.from_regex(r"[A-Z][a-z0-9_-]{0,8}", fullmatch=True).filter(
    lambda n: n.lower() not in {k.lower() for k in KNOWN_TAGS})


@st.composite
def games(draw, first: bool, last: bool) -> Game:
    variant = draw(st.sampled_from(list(VARIANTS)))
    two = variant == "two-player"
    seats, teams = (("N", "S"), ("N", "S")) if two else (("N", "W", "S", "E"), ("NS", "EW"))
    tags = {"Variant": variant} if two or draw(st.booleans()) or not first else {}
    for name in draw(st.lists(st.sampled_from(["North", "Event", "Site", "Round", "Scorer"]), max_size=3)):
        tags[name] = draw(free_text)
    for name in draw(st.lists(tag_names, max_size=2, unique=True)):
        tags[name] = draw(free_text)
    tags |= draw(st.fixed_dictionaries({}, optional={
        "Date": st.dates().map(lambda d: f"{d:%Y-%m-%d}").filter(lambda d: len(d) == 10),
        "BaaziTarget": st.integers(1, 500).map(str), "MaxHouses": st.integers(1, 5).map(str),
        "Rotation": st.sampled_from(["pagat", "team"])}))
    header = tuple(sorted((Tag(k, v) for k, v in tags.items()), key=tag_order))
    count = draw(st.integers(0 if last and header else 1, 3))
    return Game(header, tuple(draw(deals(n + 1, seats, teams)) for n in range(count)))


@st.composite
def logs(draw) -> Log:
    count = draw(st.integers(1, 3))
    return Log(tuple(draw(games(i == 0, i == count - 1)) for i in range(count)))


@settings(max_examples=150, deadline=None)
@given(logs())
def test_any_log_reads_back_from_its_canonical_text(log: Log) -> None:
    text = dumps(log)
    again = parse(text)
    assert again.errors == []
    assert again == log
    assert dumps(again) == text


@settings(max_examples=100, deadline=None)
@given(logs(), st.integers(0, 2**32))
def test_any_log_reads_back_from_a_lenient_spelling(log: Log, seed: int) -> None:
    lenient = Respeller(random.Random(seed)).log(log)
    assert parse(lenient) == log
    assert dumps(parse(lenient)) == dumps(log)


@settings(max_examples=200, deadline=None)
@given(st.text(string.printable + "♠♥♦♣{}[]+=#\ufeff\u2028", max_size=200))
def test_writing_is_idempotent_on_any_text(text: str) -> None:
    once = dumps(parse(text))
    assert dumps(parse(once)) == once
