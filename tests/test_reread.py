"""Reading a log again after a change gives what reading the whole new text gives, and reads less."""
from __future__ import annotations

import random

import pytest

import seeplog.reread
from seeplog.notation import parse
from seeplog.playout import random_game
from seeplog.reread import first_changed_line, reread, statement_at
from seeplog.ruleset import VARIANTS

ODD_LINES = ["deal 7 dealer Q", "deal x", "W 5h+", "floor Kh", "bid N 11", "score NS 40 EW 60", '[Event "x"]',
             "# a comment", "", "N Zz x", "deal 3 dealer N", "S 9s"]


def edited(lines: list[str], rng: random.Random) -> list[str]:
    """The lines with one change: a line appended, inserted, deleted or replaced, by one of the game or an
    odd one (a broken deal line, a tag that starts another game, a play outside a deal, ...)."""
    lines = list(lines)
    pick = rng.choice(lines + ODD_LINES)
    at = rng.randrange(len(lines) // 2 if rng.random() < 0.7 else 0, len(lines))  # mostly in the later deals
    match rng.choice(["append", "insert", "delete", "replace"]):
        case "append":
            lines.append(pick)
        case "insert":
            lines.insert(at, pick)
        case "delete":
            del lines[at]
        case "replace":
            lines[at] = pick
    return lines


@pytest.mark.parametrize("variant", sorted(VARIANTS))
def test_reading_again_after_a_change_reads_as_the_whole_text(variant):
    rng = random.Random(f"reread-{variant}")
    lines = random_game(VARIANTS[variant], 6, rng).splitlines()
    text = "\n".join(lines) + "\n"
    log = parse(text)
    for _ in range(150):
        lines = edited(lines, rng) if rng.random() < 0.8 else lines + [rng.choice(lines)]
        new = "\n".join(lines) + "\n"
        again = reread(text, log, new)
        assert again == parse(new)
        text, log = new, again


def test_a_play_appended_reads_only_the_last_deals(monkeypatch):
    lines = random_game(VARIANTS["standard"], 8, random.Random("reread-few")).splitlines()
    text = "\n".join(lines[:-1]) + "\n"
    read: list[int] = []
    original = seeplog.reread.parse_lines

    def counting(numbered):
        numbered = list(numbered)
        read.append(len(numbered))
        return original(numbered)

    monkeypatch.setattr(seeplog.reread, "parse_lines", counting)
    new = text + lines[-1] + "\n"
    assert reread(text, parse(text), new) == parse(new)
    assert read and read[0] < 2 * 60  # the header and the last two deals, not the 8 deals' 400-odd lines


def test_the_first_changed_line():
    assert first_changed_line("a\nb\nc\n", "a\nb\nc\n") is None
    assert first_changed_line("a\nb\nc\n", "a\nx\nc\n") == 2
    assert first_changed_line("a\nb\n", "a\nb\nc\n") == 3
    assert first_changed_line("", "a") == 1


def test_the_statement_at_a_line():
    log = parse('[Variant "standard"]\n\ndeal 1 dealer N\nfloor Kh Jc 9s 2s\n\n[Event "2"]\ndeal 1 dealer W\n')
    assert [type(statement_at(log, n)).__name__ for n in (1, 3, 4, 6, 7)] == [
        "Tag", "DealStart", "FloorCards", "Tag", "DealStart"]
    assert statement_at(log, 2) is None and statement_at(log, 99) is None
