"""The rule catalogue: every ID of RULES.md with a summary and an explanation a player understands."""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import NamedTuple

from .moves import Item
from .said import N_


class Rule(NamedTuple):
    id: str
    summary: str
    explanation: str
    section: str


@dataclass(frozen=True)
class Violation:
    """A finding of the validator: a broken rule (R-...) or a log error (E-...)."""

    rule: str
    message: str
    play: int | None = None
    seat: str | None = None
    line: int | None = field(default=None, compare=False)
    column: int | None = field(default=None, compare=False)
    target: Item | None = field(default=None, compare=False, repr=False)
    """The card or house of the play the finding points at, if not the played card."""

    @property
    def is_error(self) -> bool:
        return self.rule.startswith("E-")


def _rules(*rows: tuple[str, str, str, str]) -> dict[str, Rule]:
    return {row[0]: Rule(*row) for row in rows}


RULES: dict[str, Rule] = _rules(
    ("R-TURN", N_("Play in turn"),
     N_("Play goes counter-clockwise (N, W, S, E) from the bidder; the bid is made by the seat to the dealer's right."),
     "§5"),
    ("R-DEALER", N_("The rotation names the dealer"),
     N_("After a deal the team that is behind deals: the same dealer on a 0 lead or when behind, the seat to the "
     "right when ahead, the partner's turn after a baazi. Not judged after a deal whose score cannot be known "
     "(the lead is then provisional, and any seat may deal)."), "§8"),
    ("R-REDEAL", N_("Redeal only without a bid"),
     N_("The hand is redealt only when the bidder's four cards hold nothing of 9 or more (thirty variants: or the "
     "floor holds Td or 9s)."), "§2.2"),
    ("R-BID-RANGE", N_("Bid 9 to 13"), N_("A bid names a house value from 9 to 13."), "§2.3"),
    ("R-BID-HOLD", N_("Bid a card you hold"),
     N_("The bid must be the value of a card among the bidder's first four cards. Without a hand line for them "
     "the bidder's whole hand is used, and it is flagged only where the bidder certainly held no such card."),
     "§2.3, §3"),
    ("R-BID-PLAY", N_("Play the bid"),
     N_("The bid play builds a house of the bid value, captures with a card of the bid value, or throws a card "
     "of the bid value."), "§2.5"),
    ("R-BID-THROW", N_("Throw the bid card only as a last resort"),
     N_("The bidder may throw the bid card only when the first four cards allow no house of the bid value and "
     "no capture with a card of it that breaks no rule. Judged only when a hand line records the first four."),
     "§2.5, §3, §6"),
    ("R-CAPTURE-SUM", N_("Capture what adds up"),
     N_("A card takes a house of its own value, or loose cards that add up to its value."), "§5.1"),
    ("R-CAPTURE-HOUSE-SET", N_("A house is taken alone"),
     N_("A house can only be taken whole and alone, never as part of a set with other cards."), "§5.1"),
    ("R-CAPTURE-ALL", N_("Take everything you can"),
     N_("A capture takes everything the card can take: no house of its value and no set of loose cards adding "
     "up to it may be left."), "§5.1"),
    ("R-MUST-CAPTURE", N_("No throw when you can capture"),
     N_("A card that could capture something may not be thrown as a loose card (a capture the rules forbid, "
     "as Punjab's first-house rule may, does not count)."), "§5.2, §6"),
    ("R-HOUSE-VALUE", N_("Houses are 9 to 13"),
     N_("A house is built to the value of a card that can take it, 9 to 13 (9, T, J, Q or K); no house "
     "of more or less."), "§5.3"),
    ("R-HOUSE-SUM", N_("A house adds up"),
     N_("The played card and its loose cards (or the broken house) add up to the house value, and so does each "
     "extra group."), "§5.3"),
    ("R-HOUSE-AUTO", N_("A new house takes its matches"),
     N_("A new house takes every loose card and set of loose cards of its value along with it (it is cemented)."),
     "§5.3"),
    ("R-HOUSE-HOLD", N_("Hold the house card"),
     N_("Whoever builds or adds to a house must still hold a card of its value, unless the house was already "
     "there and the partner owns it. Where the log stops early, flagged only where the player certainly "
     "held none."), "§5.3, §3"),
    ("R-BREAK-LOOSE", N_("Break with the played card only"),
     N_("A house is raised (broken) by the played card alone, never with loose cards."), "§5.3"),
    ("R-BREAK-CEMENTED", N_("A cemented house stays"), N_("A cemented (pukka) house cannot be broken."), "§5.3"),
    ("R-BREAK-OWN", N_("Do not break your own house"),
     N_("A player may break a partner's or an opponent's house, never one they own."), "§5.3"),
    ("R-OWNER-KEEP", N_("Owners keep their card"),
     N_("The owner of a house keeps a card of its value until the house is taken or the owner is released by a "
     "break. Where the log stops early, flagged only where the owner certainly held no other."), "§5.4, §3"),
    ("R-HOUSE-LEFT", N_("No house left over"),
     N_("Every house must be taken before the deal ends (two players: before the second hands are taken up, "
     "flagged at play 24)."), "§2.7-8"),
    ("R-HOUSE-LIMIT", N_("Limited houses"),
     N_("With MaxHouses, no play may leave more houses than that on the floor; only the play that raises the "
     "number of houses above the limit is flagged."), "§6"),
    ("R-PUNJAB-FIRST", N_("Punjab: Td and 9s first make their house"),
     N_("Td (9s) may not take loose cards or join a higher house until its holder has built a 10-house "
     "(9-house), and the first such house is built by the holder of that card; once that card has been "
     "played, by anyone."), "§6"),
    ("R-SCORE-CLAIM", N_("The recorded score is right"),
     N_("A played deal's recorded score must equal the score computed from its plays."), "§9"),
    ("R-SCORE-TOTAL", N_("Card points add up"),
     N_("A recorded deal's card points must add up to the variant's total (100, or 30; 60 with satthi)."), "§9"),
    ("E-SYNTAX", N_("A readable line"),
     N_("The line could not be read as Seep notation (where a card is expected: no word of letters, digits and "
     "suit symbols)."), "§10"),
    ("E-CARD", N_("Real cards, each once"),
     N_("A card that is not in the pack (a word of letters, digits and suit symbols where a card is expected), or "
     "a card seen twice in one deal."), "§10"),
    ("E-FLOOR", N_("Take what is on the floor"), N_("The play names a loose card or house that is not on the floor."),
     "§10"),
    ("E-HAND", N_("Play what the hand holds"), N_("The play contradicts a recorded hand line."), "§10"),
    ("E-SHAPE", N_("A real play"), N_("The play is none of capture, throw or house play."), "§10"),
    ("E-SEAT", N_("A seat of the table"), N_("The seat is not one of this variant's seats."), "§10"),
    ("E-AMBIGUOUS", N_("A clear shorthand"),
     N_("The shorthand capture 'C x' has more than one maximal choice: write out the groups."), "§10"),
    ("E-INCOMPLETE", N_("A whole deal"), N_("The deal stops before its last play (a deal that a log error stops, such "
     "as an unreadable floor line, has that error alone)."), "§10"),
)


def catalogue_markdown() -> str:
    """The rule catalogue as a Markdown page (docs/rules.md is this text)."""
    lines = ["# The rules seeplog checks", "",
             "Generated from `seeplog.rules.RULES` (`python -m seeplog rules`); the section numbers refer to "
             "the project's RULES.md.", "",
             "| ID | rule | what it means | RULES.md |", "|---|---|---|---|"]
    lines += [f"| `{r.id}` | {r.summary} | {r.explanation} | {r.section} |" for r in RULES.values()]
    return "\n".join(lines) + "\n"
