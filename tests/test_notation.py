"""The notation of NOTATION.md: every example line of the spec reads, and is written as the spec shows it."""
from __future__ import annotations

import re

import pytest

from seeplog import dumps, parse
from seeplog.cards import parse_card
from seeplog.moves import Build, Capture, HouseRef, Throw, move_text
from seeplog.notation import (BidLine, DealStart, FloorCards, Hand, NotationError, Play, Redeal, ScoreLine,
                              Unreadable, parse_strict, read_line, split_lines)
from tests.helpers import EXAMPLES

SPEC = (EXAMPLES.parent / "spec" / "NOTATION.md").read_text(encoding="utf-8")


def cards(text: str) -> tuple:
    return tuple(parse_card(t) for t in text.split())


def play_line(move: str, seat: str = "W") -> str:
    """The canonical line a play is written back as (read inside a deal)."""
    log = parse(f"deal 1 dealer N\n{seat} {move}\n")
    assert log.errors == []
    return dumps(log).splitlines()[1]


# ---------------------------------------------------------------- the example at the top

EXAMPLE_CANONICAL = """\
[Variant "standard"]
[North "Asha"]
[West "Divya"]
[South "Chetan"]
[East "Bilal"]
[Event "Friday club night"]
[Site "Jaipur"]
[Date "2026-11-14"]

deal 1 dealer N
hand W Jd 8h 8d 7c
floor Kh Jc 9s 2s
bid W 11
W Jd x Jc 9s+2s {forced: the jack must take all three}
S 5h
E 4c+5h =9
N Qs
W 3d+Qs =15
score NS 40 EW 60+50

deal 2 dealer N
score NS 34 EW 66
"""


def spec_example() -> str:
    block = re.search(r"## An example\n\n```\n(.*?)```", SPEC, re.S)
    assert block is not None
    return "".join(line for line in block.group(1).splitlines(keepends=True) if line.strip() != "...")


def test_the_example_game_reads_without_error() -> None:
    log = parse(spec_example())
    assert log.errors == []
    game = log.games[0]
    assert game.tags["North"] == "Asha" and game.variant == "standard"
    first, second = game.deals
    assert (first.number, first.dealer, first.bid.seat, first.bid.value) == (1, "N", "W", 11)
    assert first.floor.cards == cards("Kh Jc 9s 2s")
    assert first.plays[0].annotation == "forced: the jack must take all three"
    assert first.score.score() == {"NS": 40, "EW": 110}
    assert (second.number, second.plays, second.score.score()) == (2, (), {"NS": 34, "EW": 66})


def test_the_example_game_in_canonical_form() -> None:
    """Tags in the table's order, comments dropped, annotations kept, single spaces."""
    assert dumps(parse(spec_example())) == EXAMPLE_CANONICAL
    assert dumps(parse(EXAMPLE_CANONICAL)) == EXAMPLE_CANONICAL


# ---------------------------------------------------------------- moves

WORKED = ["6h+3d+2c =11", "6h+5c =11", "5h+4c+3d =12 Qs", "Jh =11", "3h+7c =10", "2s+[11] =13", "3s+[9] =12",
          "9h =9 9c", "Jc x [11] 7d+4s"]


def test_the_worked_examples_are_those_of_the_spec() -> None:
    table = SPEC.split("Worked examples", 1)[1].split("## Tags", 1)[0]
    moves = [m for row in table.splitlines()[3:] if row.startswith("|")
             for m in re.findall(r"`([^`]+)`", row.rsplit("|", 2)[1])]
    assert moves == WORKED


@pytest.mark.parametrize("move", WORKED)
def test_worked_example_is_written_as_the_spec_shows(move: str) -> None:
    assert play_line(move) == f"W {move}"


@pytest.mark.parametrize("line, kind", [("S 5h", Throw), ("W Jd x Jc 9s+2s", Capture), ("N 7d x", Capture),
                                        ("E 4c+5h =9", Build)])
def test_moves_table(line: str, kind: type) -> None:
    play = read_line(line, 1)
    assert isinstance(play, Play) and isinstance(play.move, kind)
    assert f"{play.seat} {move_text(play.move)}" == line


def test_move_parts() -> None:
    capture = read_line("W Jd x Jc 9s+2s", 1).move
    assert capture == Capture(parse_card("Jd"), ((parse_card("Jc"),), cards("9s 2s")))
    assert read_line("N 7d x", 1).move == Capture(parse_card("7d"), None)
    build = read_line("N 2s+[11] =13", 1).move
    assert (build.card, build.items, build.value, build.extras) == (parse_card("2s"), (HouseRef(11),), 13, ())
    assert build.broken == HouseRef(11)
    cement = read_line("N 9h =9 9c", 1).move
    assert (cement.items, cement.extras) == ((), ((parse_card("9c"),),))


@pytest.mark.parametrize("written, canonical", [
    ("2c+3d+6h=11", "2c+6h+3d =11"),           # the played card stays first; the rest in card order
    ("5h + 3d + 4c = 12 Qs", "5h+4c+3d =12 Qs"),
    ("9h =9 9c 9d", "9h =9 9d 9c"),            # extra groups in capture-group order
    ("9h =9 9c+Ah 9s", "9h =9 9s 9c+Ah"),
    ("2s+3c+[11] =16", "2s+[11]+3c =16"),      # a break that wrongly holds loose cards too
    ("2s+[K] =Q", "2s+[13] =12"),              # values as numbers
    ("Jc x 4s+7d [11]", "Jc x [11] 7d+4s"),    # the house first, then sets by first card
    ("Jc x 4d+7c 7d+4s 4c+7s", "Jc x 7s+4c 7d+4s 7c+4d"),
    ("Kh x 9c+4d 9s", "Kh x 9s 9c+4d"),
    ("Qd X [ 12 ]", "Qd x [12]"),
    ("10♦ x 5♠+5♥", "Td x 5s+5h"),
    ("ah", "Ah"),
])
def test_moves_in_canonical_form(written: str, canonical: str) -> None:
    assert play_line(written) == f"W {canonical}"


def test_shorthand_capture_is_written_out_grouped_as_its_first_text() -> None:
    text = "deal 1 dealer E\nfloor 6s 4h 4d 6c\nbid N 10\nN Td x\n"
    assert dumps(parse(text)).splitlines()[3] == "N Td x 6s+4d 6c+4h"


def test_ambiguous_shorthand_is_kept_as_written() -> None:
    text = "deal 1 dealer E\nfloor 6s 4h 4d Kc\nbid N 10\nN Td x\n"
    assert dumps(parse(text)).splitlines()[3] == "N Td x"


# ---------------------------------------------------------------- other lines

@pytest.mark.parametrize("written, canonical", [
    ('[Variant "Thirty-Punjab"]', '[Variant "thirty-punjab"]'),
    ('[variant "standard"]', '[Variant "standard"]'),
    ('[  Event   "A \\"quoted\\" name \\\\ here" ]  # comment', '[Event "A \\"quoted\\" name \\\\ here"]'),
    ('[Event "Friday # club {night}"]', '[Event "Friday # club {night}"]'),
    ('[Event ""]', '[Event ""]'),
    ('[BaaziTarget "050"]', '[BaaziTarget "50"]'),
    ('[MaxHouses "2"]', '[MaxHouses "2"]'),
    ('[Rotation "TEAM"]', '[Rotation "team"]'),
    ('[Date "2026-11-14"]', '[Date "2026-11-14"]'),
    ('[Custom_Tag-2 "anything at all"]', '[Custom_Tag-2 "anything at all"]'),
])
def test_tag_lines(written: str, canonical: str) -> None:
    assert dumps(parse(written)) == canonical + "\n"


def test_a_backslash_before_anything_but_a_quote_or_a_backslash_stands_as_written() -> None:
    game = parse('[Site "C:\\new\\dir"]\n[Event "say \\"hi\\" \\\\o/"]\n').games[0]
    assert game.tags == {"Site": "C:\\new\\dir", "Event": 'say "hi" \\o/'}  # (C:newdir before)
    written = dumps(parse('[Site "C:\\new\\dir"]\n'))
    assert written == '[Site "C:\\\\new\\\\dir"]\n' and parse(written).games[0].tags == {"Site": "C:\\new\\dir"}


def test_tags_in_the_order_of_the_table_then_unknown_tags_in_their_order() -> None:
    text = '[Zeta "1"]\n[Scorer "Ravi"]\n[Alpha "2"]\n[Variant "juneja"]\n[Round "3"]\n[North "Asha"]\n'
    assert dumps(parse(text)) == ('[Variant "juneja"]\n[North "Asha"]\n[Round "3"]\n[Scorer "Ravi"]\n'
                                  '[Zeta "1"]\n[Alpha "2"]\n')


def test_unknown_tags_are_kept() -> None:
    game = parse('[Table "4"]\n[Weather "rain"]\ndeal 1 dealer N\n').games[0]
    assert game.tags == {"Table": "4", "Weather": "rain"}


@pytest.mark.parametrize("written, canonical", [
    ("deal 1 dealer N", "deal 1 dealer N"),
    ("DEAL 01 Dealer w {the new deck}", "deal 1 dealer W {the new deck}"),
    ("redeal W 4s 8h 2c 3d", "redeal W 8h 4s 3d 2c"),
    ("Redeal FLOOR 2c 9s td 3c", "redeal floor Td 9s 3c 2c"),
    ("hand w 7c 8D jd 8H", "hand W Jd 8h 8d 7c"),
    ("hand E As Ks Qs Js Ts 9s 8s 7s 6s 5s 4s 3s", "hand E Ks Qs Js Ts 9s 8s 7s 6s 5s 4s 3s As"),
    ("floor 2s 9s jc KH", "floor Kh Jc 9s 2s"),
    ("bid w 11", "bid W 11"),
    ("bid W j", "bid W 11"),
    ("bid S K", "bid S 13"),
    ("score NS 40 EW 60+50", "score NS 40 EW 60+50"),
    ("score ew 60 + 50 ns 40+0", "score NS 40 EW 60+50"),
    ("SCORE EW 0 NS 100", "score NS 100 EW 0"),
    ("W Jd x Jc 9s+2s   {forced: the jack # must take all}", "W Jd x Jc 9s+2s {forced: the jack # must take all}"),
    ("S 5h {  spaced  }", "S 5h {  spaced  }"),
    ("S 5h {}", "S 5h {}"),
])
def test_deal_lines(written: str, canonical: str) -> None:
    text = "deal 1 dealer N\n" + written + "\n" if not written.lower().startswith("deal") else written + "\n"
    assert dumps(parse(text)).splitlines()[-1] == canonical


def test_two_player_score_names_seats() -> None:
    text = '[Variant "two-player"]\ndeal 1 dealer N\nscore s 40 n 60+50\n'
    log = parse(text)
    assert log.games[0].deals[0].score == ScoreLine((("N", 60, 50), ("S", 40, 0)))
    assert dumps(log).splitlines()[-1] == "score N 60+50 S 40"


SPADES = "As 2s 3s 4s 5s 6s 7s 8s 9s Ts Js Qs Ks"
HEARTS = "Ah 2h 3h 4h 5h 6h 7h 8h 9h Th Jh Qh Kh"


@pytest.mark.parametrize(("variant", "cards", "column"), [
    ("standard", SPADES, 44), ("two-player", f"{SPADES} {HEARTS}", 80), ("standard", f"{SPADES} {HEARTS}", 44),
    ("standard", SPADES.lower().replace("t", "10"), 45)])
def test_a_hand_line_of_more_cards_than_a_hand_holds_is_E_SYNTAX(variant: str, cards: str, column: int) -> None:
    """A hand holds 12 cards (two players: 24 in a deal, both hands): a hand line of more cannot be true; it was
    read, and the typing slip showed only at a later play as E-HAND of another seat."""
    line = f"hand N {cards}"
    [error] = parse(f'[Variant "{variant}"]\ndeal 1 dealer S\n{line}\n').games[0].deals[0].of(Unreadable)
    at_most = 12 if variant == "standard" else 24
    assert str(error.error.msg) == f"a hand line names at most {at_most} cards (a player's cards in a deal): this " \
        f"is card {at_most + 1}" and (error.error.line, error.error.column) == (3, column)


@pytest.mark.parametrize("variant", ["standard", "two-player"])
def test_a_whole_hand_line_is_read(variant: str) -> None:
    count = 12 if variant == "standard" else 24
    cards = f"{SPADES} {HEARTS}".split()[:count]
    deal = parse(f'[Variant "{variant}"]\ndeal 1 dealer S\nhand N {" ".join(cards)}\n').games[0].deals[0]
    assert len(deal.of(Hand)[0].cards) == count and not deal.of(Unreadable)


def test_statements_read_as_values() -> None:
    deal = parse("deal 2 dealer E {x}\nredeal N 8d 5h 5c 3s\nredeal floor Td 9s 3c 2c\nhand N Kd Js Jd 4s\n"
                 "floor Ks Qc Tc 4c\nbid N 13\nscore NS 1 EW 2\n").games[0].deals[0]
    assert deal.statements == (
        DealStart(2, "E", "x"), Redeal("N", cards("8d 5h 5c 3s")), Redeal(None, cards("Td 9s 3c 2c")),
        Hand("N", cards("Kd Js Jd 4s")), FloorCards(cards("Ks Qc Tc 4c")), BidLine("N", 13),
        ScoreLine((("NS", 1, 0), ("EW", 2, 0))))


@pytest.mark.parametrize("token, card", [("10h", "Th"), ("T♥", "Th"), ("t♥", "Th"), ("10♠", "Ts"), ("A♦", "Ad"),
                                         ("K♣", "Kc"), ("qS", "Qs"), ("JH", "Jh"), ("2♠\ufe0f", "2s"),
                                         ("K♠\ufe0e", "Ks")])
def test_card_spellings(token: str, card: str) -> None:
    assert str(parse_card(token)) == card


def test_a_suit_symbol_in_text_or_emoji_style_is_read_on_a_line() -> None:
    assert play_line("K♠\ufe0e x K♥\ufe0f") == "W Ks x Kh"


def test_card_order_on_a_line() -> None:
    assert play_line("As x Td+Qh+7c+Ah") == "W As x Qh+Td+7c+Ah"


def test_comments_and_blank_lines_are_ignored() -> None:
    text = "# a log\n\n   \n[Event \"x\"]  # the event\n\n\ndeal 1 dealer N   # first\n# between\nscore NS 1 EW 2\n"
    assert dumps(parse(text)) == '[Event "x"]\n\ndeal 1 dealer N\nscore NS 1 EW 2\n'


# ---------------------------------------------------------------- files

def test_a_tag_line_after_deals_starts_a_new_game() -> None:
    log = parse('[Event "one"]\ndeal 1 dealer N\n[Event "two"]\n[Variant "two-player"]\ndeal 1 dealer S\n')
    assert [g.tags["Event"] for g in log.games] == ["one", "two"]
    assert [g.variant for g in log.games] == ["standard", "two-player"]
    assert dumps(log) == ('[Event "one"]\n\ndeal 1 dealer N\n\n[Variant "two-player"]\n[Event "two"]\n\n'
                          'deal 1 dealer S\n')


def test_an_unreadable_tag_line_after_deals_starts_a_new_game_too() -> None:
    log = parse('[Event "one"]\ndeal 1 dealer N\n[Event two]\ndeal 1 dealer S\n')
    assert len(log.games) == 2 and log.games[1].errors[0].line == 3


def test_an_unreadable_line_is_written_back_as_it_stands() -> None:
    """With its comment and its spacing; only the line end and trailing blanks go."""
    text = "deal 1 dealer N\n  S  Qd   y   # a typo \t \r\nscore NS 1 EW 2\n"
    log = parse(text)
    assert isinstance(log.games[0].deals[0].statements[1], Unreadable)
    assert dumps(log) == "deal 1 dealer N\n  S  Qd   y   # a typo\nscore NS 1 EW 2\n"
    assert dumps(parse(dumps(log))) == dumps(log)


def test_e_syntax_example_keeps_its_line() -> None:
    text = (EXAMPLES / "e-syntax.seep").read_text()
    log = parse(text)
    [error] = log.errors
    assert (error.rule, error.line, error.column) == ("E-SYNTAX", 38, 6)
    assert dumps(log).splitlines()[37] == "S Qd y" and dumps(log) == text


def test_a_deal_line_that_names_its_dealer_still_starts_its_deal() -> None:
    log = parse("deal 1 dealer N\nscore NS 1 EW 2\ndeal 2 dealr W {x}\nscore NS 3 EW 4\n")
    first, second = log.games[0].deals
    assert (second.number, second.dealer, second.score.score()) == (2, "W", {"NS": 3, "EW": 4})
    assert first.score.score() == {"NS": 1, "EW": 2} and len(first.statements) == 2
    assert [e.line for e in log.errors] == [3]
    assert dumps(log) == "deal 1 dealer N\nscore NS 1 EW 2\n\ndeal 2 dealr W {x}\nscore NS 3 EW 4\n"


def test_a_deal_line_without_a_dealer_still_starts_its_deal() -> None:
    text = "deal 1 dealer N\nscore NS 1 EW 2\n\ndeal 2\nfloor Ks Qc Tc 4c\nscore NS 3 EW 4\n\ndeal 3 dealer W\n"
    log = parse(text)
    game = log.games[0]
    assert [d.number for d in game.deals] == [1, 2, 3]
    assert len(game.deals[0].statements) == 2 and game.deals[1].score.score() == {"NS": 3, "EW": 4}
    assert not game.deals[1].start.dealer_known
    assert [e.line for e in log.errors] == [4]
    assert dumps(log) == text


def test_columns_are_character_positions() -> None:
    play = read_line("\tN  T♦ x 5♠+5♥", 1)
    assert play.seat_column == 2
    assert [play.column_of(parse_card(c)) for c in ("Td", "5s", "5h")] == [5, 10, 13]


def test_a_byte_order_mark_is_not_a_column() -> None:
    log = parse("\ufeffdeal 1 dealer Q\n")
    assert (log.errors[0].line, log.errors[0].column) == (1, 15)


def test_line_ends() -> None:
    assert list(split_lines("a\r\nb\rc\nd")) == [(1, "a"), (2, "b"), (3, "c"), (4, "d")]
    assert list(split_lines("a\u2028b\x0cc\n")) == [(1, "a\u2028b\x0cc")]


def test_keywords_seats_and_cards_in_any_case() -> None:
    lower = parse("deal 1 dealer n\nfloor kh jc 9s 2s\nbid w j\nw jd x jc 9s+2s\nscore ns 40 ew 60+50\n")
    upper = parse("DEAL 1 DEALER N\nFLOOR KH JC 9S 2S\nBID W J\nW JD X JC 9S+2S\nSCORE NS 40 EW 60+50\n")
    assert lower == upper and lower.errors == []


def test_a_strict_error_reads_like_json_decode_error() -> None:
    [error] = parse("deal 1 dealer N\nW Jd x 9s+\n").errors
    assert str(error) == "expected a card or a house [V] after '+' at the end of the line: line 2, column 11"
    assert (error.rule, error.line, error.column, error.end_column) == ("E-SYNTAX", 2, 11, 12)


# ---------------------------------------------------------------- a very long line

LONG = 10 * 1024 * 1024


def long_lines() -> dict[str, str]:
    """Lines of 10 MB in several shapes (bench/long_lines.py times reading them)."""
    return {
        "word": "W " + "Z" * LONG,
        "cards": "hand W " + "Ks Kh Kd Kc " * (LONG // 12),
        "pluses": "W 2s+" + "3s+" * (LONG // 3) + " =11",
        "houses": "W Kh x " + "[9] " * (LONG // 4),
        "annotation": "W 5h {" + "a" * LONG + "}",
        "comment": "W 5h # " + "a" * LONG,
        "spaces": "W 5h" + " " * LONG + "x",
        "braces": "W 5h " + "{" * LONG,
        "quotes": "W " + '"' * LONG,
        "brackets": "W Kh x " + "[" * LONG,
        "tag": '[Event "' + "a" * LONG + '"]',
        "escapes": '[Event "' + '\\"' * (LONG // 2) + '"]',
    }


@pytest.mark.parametrize("shape", ["word", "cards", "pluses", "houses", "annotation", "comment", "spaces", "braces",
                                   "quotes", "brackets", "tag", "escapes"])
def test_a_ten_megabyte_line_is_read(shape: str) -> None:
    """The rest of the file is still read and messages stay short (bench/long_lines.py times it)."""
    line = long_lines()[shape]
    text = "deal 1 dealer N\n" + line + "\ndeal 2 dealer W\nscore NS 40 EW 60\n"
    log = parse(text)
    deals = [d for g in log.games for d in g.deals]
    assert deals[-1].score.score() == {"NS": 40, "EW": 60}
    assert all(len(e.msg) < 200 for e in log.errors)


def test_parse_strict_raises_the_first_error() -> None:
    with pytest.raises(NotationError) as caught:
        parse_strict("deal 1 dealer N\nW 5z\nW 5h+\n")
    assert (caught.value.rule, caught.value.line, caught.value.column) == ("E-CARD", 2, 3)
    assert parse_strict(EXAMPLE_CANONICAL) == parse(EXAMPLE_CANONICAL)


@pytest.mark.parametrize("given", [None, 10, b"Td"])
def test_a_card_is_read_from_text_only(given) -> None:
    with pytest.raises(ValueError, match="is not a card: a card is read from text such as 'Td'"):
        parse_card(given)


def test_a_move_reads_as_its_notation() -> None:
    plays = parse("deal 1 dealer N\nW Jd x Jc 9s+2s\nS 3h+7c =10\nE 5h\nN Qd x\n").games[0].deals[0].plays
    assert [str(p.move) for p in plays] == ["Jd x Jc 9s+2s", "3h+7c =10", "5h", "Qd x"]
    assert [str(p.move) for p in plays] == [move_text(p.move) for p in plays]


def test_a_tag_value_in_typographic_quotes_is_read_as_in_straight_ones() -> None:
    """A log pasted from a word processor: “thirty” is the variant thirty, not an unreadable tag under which
    the game would be scored as standard. Quotes inside a straight-quoted value stay as written."""
    log = parse('[Variant \u201cthirty\u201d]\n[North \u201cAsha\u201d]\n[Event "The \u201cbig\u201d night"]\n\n'
                "deal 1 dealer N\nscore NS 10 EW 20\n")
    assert not log.errors
    assert log.games[0].tags == {"Variant": "thirty", "North": "Asha", "Event": "The \u201cbig\u201d night"}
    bad = parse("[Variant \u201cthirty]\n\ndeal 1 dealer N\n")
    assert bad.errors and bad.errors[0].rule == "E-SYNTAX"  # a quote opened and not closed is still an error
