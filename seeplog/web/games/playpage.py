"""The dispute view's page: one play of a deal, the floor before and after it, the hands as known, the play
in notation and in words, what it broke, what the rules allowed, and links to every other play."""
from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any

from seeplog.cards import Card
from seeplog.dispute import Alternative, PlayView, replay_view
from seeplog.moves import Build, HouseRef, move_text
from seeplog.rules import Violation
from seeplog.said import Said
from seeplog.state import State, Sweep
from seeplog.stopped import StoppedPlay, is_stop, state_at_stop, stopped_play

from ..catalog import gettext, ngettext
from ..cardviews import CardFace, FloorView, Team, card_face, faces, floor_view, named, named_heard, team_players
from ..spoken import notation_words, seat_words, shown_heard, spoken, token_words
from ..findings import SHORTENED
from .dealcontext import DealContext, deal_context
from .viewmodels import Finding, title_of, typed_finding


@dataclass(frozen=True)
class HandView:
    seat: str
    name: str
    cards: tuple[CardFace, ...]
    partial: bool
    """Some of the hand is not known from the log (a deal cut short, or the bidder's first four unrecorded)."""
    mover: bool


@dataclass(frozen=True)
class SweepLine:
    sweep: Sweep
    link: str
    """The play of the sweep."""

    @property
    def card(self) -> CardFace:
        return card_face(self.sweep.card)


@dataclass(frozen=True)
class TeamTaken:
    team: Team
    cards: tuple[CardFace, ...]
    sweeps: tuple[SweepLine, ...]


@dataclass(frozen=True)
class StripItem:
    number: int
    seat: str
    text: str
    link: str
    kind: str
    """'' for a clean play, else 'violation' or 'error'."""
    current: bool


@dataclass(frozen=True)
class Nav:
    first: str | None
    prev: str | None
    next: str | None
    last: str | None
    prev_deal: tuple[int, str] | None
    next_deal: tuple[int, str] | None


@dataclass(frozen=True)
class PlayPage:
    game_id: int
    title: str
    game: int
    games: int
    deal: int
    dealer: str
    bid: str
    number: int
    plays: int
    game_url: str
    names: dict[str, str]
    """Each seat's player (a seat unnamed is missing), for the findings heard in words."""
    seat: str
    turn: str | None
    """The seat whose turn it was, when another seat played."""
    move: str
    card: str
    """The card played, in notation ('' where the replay stopped)."""
    words: str
    """The play in words: shown with its cards and seat in notation, heard with them in words."""
    annotation: str | None
    line: int | None
    before: FloorView
    after: FloorView | None
    """None where the replay stopped at this play (a log error)."""
    hands: tuple[HandView, ...]
    taken: tuple[TeamTaken, ...]
    findings: tuple[Finding, ...]
    """The play's findings, each message less a last clause that says its rule's summary again."""
    deal_findings: tuple[Finding, ...]
    """Findings of the deal that belong to no play (a house left at the end, the bid)."""
    legal: tuple[Alternative, ...]
    """Every outcome the seat to move could have chosen, in the reader's language."""
    legal_seat: str
    legal_complete: bool
    notes: tuple[str, ...]
    """What else the play brought: a sweep, the end of the deal."""
    strip: tuple[StripItem, ...]
    nav: Nav
    unjudged: tuple[str, ...] = ()
    """What the log does not let the validator judge of this play (a hand it does not show whole)."""
    game_errors: tuple[Finding, ...] = ()
    """The game's log errors outside its deals (an unreadable tag: the game may be judged by other rules)."""
    variant: str = ""
    column: int | None = None
    """Where on its line the log error the replay stopped at was found."""
    stopped: bool = False
    """The replay stopped at this play: there is no floor after it."""
    meant: tuple[Alternative, ...] = ()
    """E-AMBIGUOUS: each maximal capture the shorthand could mean."""
    near: tuple[str, ...] = ()
    """E-FLOOR: what is on the floor of the same rank or value as what the play named."""

    @property
    def flagged(self) -> bool:
        return bool(self.findings)

    @property
    def same_card(self) -> tuple[Alternative, ...]:
        """The outcomes of the card that was played."""
        return tuple(a for a in self.legal if a.card == self.card)

    @property
    def other_cards(self) -> tuple[tuple[str, tuple[Alternative, ...]], ...]:
        """The outcomes of the other cards, card by card."""
        cards: dict[str, list[Alternative]] = {}
        for a in self.legal:
            if a.card != self.card:
                cards.setdefault(a.card, []).append(a)
        return tuple((card, tuple(items)) for card, items in cards.items())


def play_page(row: dict[str, Any], game_number: int, deal_number: int, play_number: int) -> PlayPage:
    """The page of one play.

    :raises LookupError: when the game, the deal or the play is not there, or the replay did not reach it.
    """
    ctx = deal_context(row, game_number, deal_number)
    if is_stop(ctx.replay, play_number):
        return _stopped_page(ctx, row, stopped_play(ctx.replay))
    view = replay_view(ctx.replay, play_number)
    step = view.step
    names = ctx.names
    return PlayPage(
        **_frame(ctx, row, play_number), seat=named_heard(step.seat, names),
        turn=named_heard(view.turn, names) if view.turn != step.seat else None,
        move=view.text, card=str(step.move.card), words=spoken(view.words, names),
        annotation=step.statement.annotation, line=step.statement.line,
        before=floor_view(step.before, step.after, "used", names),
        after=floor_view(step.after, step.before, "new", names),
        hands=_hands(ctx, view), taken=_taken(ctx, step.after),
        legal=_legal(view, names), legal_seat=named_heard(view.turn, names), legal_complete=view.legal_complete,
        notes=_notes(ctx, view), unjudged=_unjudged(ctx, view))


def _unjudged(ctx: DealContext, view: PlayView) -> tuple[str, ...]:
    """Why a play with no finding may still break a rule the log cannot show (RULES.md §3): the bid play
    without a hand line of the bidder's first four, or a hand the log does not show whole where a rule asks
    for a card held (a house built or joined, an owner's play, Punjab's holders)."""
    step, replay = view.step, ctx.replay
    seat = named(step.seat, ctx.names)
    said = []
    if step.number == 1 and step.seat == replay.bidder and "R-BID-THROW" in replay.partial_checks:
        said.append(gettext("No hand line records %(seat)s’s first four cards, so whether the bid card could be "
                            "thrown (R-BID-THROW) is not judged, and holding the bid value is judged on the whole "
                            "hand.", seat=seat))
    partial = view.hands.get(step.seat, ((), False))[1]
    owner = any(step.seat in h.owners for h in step.before.houses)
    if partial and (isinstance(step.move, Build) or owner or replay.rules.punjab) and not said:
        said.append(gettext("The log does not show all of %(seat)s’s hand here, so a rule that asks for a card "
                            "still held (R-HOUSE-HOLD, R-OWNER-KEEP) is flagged only where %(seat)s certainly "
                            "held none.", seat=seat))
    return tuple(said)


def _stopped_page(ctx: DealContext, row: dict[str, Any], stop: StoppedPlay) -> PlayPage:
    """The play where the replay stopped: the floor as it was, the line as written, what the seat to move
    could play, and what a bad line may have meant."""
    before, names, error = stop.before, ctx.names, stop.error
    lines = row["text"].lstrip("\ufeff").splitlines()
    line = error.line if error is not None else None
    written = _without_seat(lines[line - 1].strip(), error.seat) if error and line and line <= len(lines) else "–"
    words = (gettext("The replay stops here: this line cannot be replayed as written.") if error is not None else
             _log_stops(stop.number - 1, stop.turn, names))
    hand = HandView(stop.turn, named_heard(stop.turn, names), faces(stop.hand), False, True) if stop.hand_known \
        else None
    return PlayPage(
        **_frame(ctx, row, stop.number), seat=named_heard(error.seat, names) if error and error.seat else "–",
        turn=None, move=written, card="", words=words, annotation=None, line=line,
        before=floor_view(before, None, "", names), after=None, hands=(hand,) if hand else (),
        taken=_taken(ctx, before), legal=_stop_legal(stop, names), legal_seat=named_heard(stop.turn, names),
        legal_complete=stop.complete, notes=(), stopped=True,
        column=error.column if error is not None else None,
        meant=tuple(replace(a, words=said_of(a, names)) for a in stop.meant),
        near=tuple(_item_text(item) for item in stop.near))


def _log_stops(plays: int, seat: str, names: dict[str, str]) -> str:
    """The log stops after `plays` plays, before the play `seat` had to make (heard in words)."""
    def say(who: str) -> str:
        return ngettext("The log stops here, after %(num)s play: this is the play %(seat)s had to make next.",
                        "The log stops here, after %(num)s plays: this is the play %(seat)s had to make next.",
                        plays, seat=who)
    return shown_heard(say(named(seat, names)), say(seat_words(seat, names)))


def _stop_legal(stop: StoppedPlay, names: dict[str, str]) -> tuple[Alternative, ...]:
    words = {a.text: said_of(a, names) for a in stop.legal}
    return tuple(Alternative(o.text, words.get(o.text, ""), str(o.card), o.groupings)
                 for c in stop.outcomes for o in c.outcomes)


def _without_seat(written: str, seat: str | None) -> str:
    """A play line as written, less its seat (the page shows the seat, with its player, beside it)."""
    head, _, rest = written.partition(" ")
    return rest.strip() if seat and head.upper() == seat and rest.strip() else written


def _item_text(item: object) -> str:
    """A card or house of the floor, in words: ``Js (loose)`` (the card heard in words), ``the 11-house``."""
    if isinstance(item, HouseRef):
        return gettext("the %(value)s-house", value=item.value)
    return shown_heard(gettext("%(card)s (loose)", card=item), gettext("%(card)s (loose)", card=token_words(str(item))))


def _frame(ctx: DealContext, row: dict[str, Any], number: int) -> dict[str, Any]:
    """What every play page of the deal shows: where it is, the strip of plays, the way to the others."""
    replay, reached = ctx.replay, ctx.plays
    return {
        "game_id": ctx.game_id, "title": title_of(row), "game": ctx.game_number, "games": ctx.games,
        "deal": replay.deal.number, "dealer": named_heard(replay.deal.dealer, ctx.names),
        "bid": named_heard(replay.bidder, ctx.names) + f" {replay.bid}" if replay.bid is not None else "–",
        "number": number, "plays": reached, "game_url": ctx.game_url, "names": ctx.names,
        "findings": tuple(_finding(ctx, v, reached) for v in ctx.at(number)),
        "game_errors": tuple(typed_finding(v, ctx.game_id, ctx.game_number, None) for v in ctx.game_errors),
        "variant": ctx.replay.rules.name,
        "deal_findings": tuple(_finding(ctx, v, reached) for v in ctx.at(None)),
        "strip": _strip(ctx, number), "nav": _nav(ctx, number),
    }


def _finding(ctx: DealContext, v: Violation, reached: int) -> Finding:
    found = typed_finding(v, ctx.game_id, ctx.game_number, ctx.replay.deal.number, reached)
    return replace(found, message=unrepeated(found.message, found.summary))


def unrepeated(message: str, summary: str) -> str:
    """The message less a last clause that says the rule's summary again (the page shows the summary).

    >>> unrepeated("a house of 18: houses are 9 to 13", "Houses are 9 to 13")
    'a house of 18'
    """
    head, sep, tail = message.rpartition(": ")
    if not (sep and head and tail.strip(" .").lower() == summary.lower()):
        return message
    if isinstance(message, Said):  # kept a template, to be said in the reader's language
        short = message.template.rpartition(": ")[0]
        return Said(short, **message.fields) if short in SHORTENED else message
    return head


def _strip(ctx: DealContext, current: int) -> tuple[StripItem, ...]:
    kinds: dict[int, str] = {}
    for v in ctx.replay.violations + ctx.replay.errors:
        if v.play is not None and kinds.get(v.play) != "error":
            kinds[v.play] = "error" if v.is_error else "violation"
    items = [StripItem(s.number, s.seat, move_text(s.move), ctx.link(s.number),
                       kinds.get(s.number, ""), s.number == current) for s in ctx.replay.steps]
    if is_stop(ctx.replay, ctx.plays):
        stop = ctx.stop
        items.append(StripItem(ctx.plays, (stop.seat or "?") if stop else state_at_stop(ctx.replay).turn,
                               stop.rule if stop else "the log ends", ctx.link(ctx.plays),
                               "error" if stop else "", ctx.plays == current))
    return tuple(items)


def _nav(ctx: DealContext, number: int) -> Nav:
    last = ctx.plays
    here = ctx.deals.index(ctx.replay.deal.number) if ctx.replay.deal.number in ctx.deals else None
    before = ctx.deals[here - 1] if here else None
    after = ctx.deals[here + 1] if here is not None and here + 1 < len(ctx.deals) else None
    return Nav(ctx.link(1) if number > 1 else None, ctx.link(number - 1) if number > 1 else None,
               ctx.link(number + 1) if number < last else None, ctx.link(last) if number < last else None,
               (before, ctx.link(1, before)) if before is not None else None,
               (after, ctx.link(1, after)) if after is not None else None)


def _hands(ctx: DealContext, view: PlayView) -> tuple[HandView, ...]:
    mover = view.step.seat
    return tuple(HandView(seat, named_heard(seat, ctx.names), _hand_faces(cards, view if seat == mover else None),
                          partial, seat == mover) for seat, (cards, partial) in view.hands.items())


def _hand_faces(cards: tuple[Card, ...], view: PlayView | None) -> tuple[CardFace, ...]:
    """A hand's cards, the card played marked in the mover's hand."""
    return faces(cards, frozenset({view.step.move.card}) if view else frozenset(), "played")


def _taken(ctx: DealContext, state: State) -> tuple[TeamTaken, ...]:
    rules = state.rules
    out = []
    for team in rules.teams:
        sweeps = tuple(SweepLine(s, ctx.link(s.play)) for s in state.sweeps if rules.team_of(s.seat) == team)
        players = shown_heard(team_players(rules, team, ctx.names), team_players(rules, team, ctx.names, heard=True))
        out.append(TeamTaken(Team(team, players), faces(state.taken[team]), sweeps))
    return tuple(out)


def _notes(ctx: DealContext, view: PlayView) -> tuple[str, ...]:
    step, rules = view.step, ctx.replay.rules
    notes = [_sweep_note(s.points, rules.team_of(s.seat)) for s in step.after.sweeps if s.play == step.number]
    left = " ".join(map(str, sorted(step.after.loose + tuple(c for h in step.after.houses for c in h.cards))))
    last = step.after.last_capturer
    if step.number == len(ctx.replay.steps) and ctx.replay.final is not None and left and last:
        notes.append(_end_note(left, rules.team_of(last), last, ctx.names))
    return tuple(notes)


def _sweep_note(points: int, team: str) -> str:
    """The sweep the play made, its team heard in words."""
    def say(said_team: str) -> str:
        return gettext("A sweep: the floor is cleared, %(points)s points to %(team)s.", points=points, team=said_team)
    return shown_heard(say(team), say(token_words(team)))


def _end_note(cards: str, team: str, seat: str, names: dict[str, str]) -> str:
    """Who takes the cards left on the floor at the end of the deal, the cards and seats heard in words."""
    def say(said_cards: str, said_team: str, said_seat: str) -> str:
        return gettext("The deal ends: %(cards)s left on the floor go to %(team)s, as %(seat)s was the last to "
                       "capture.", cards=said_cards, team=said_team, seat=said_seat)
    return shown_heard(say(cards, team, named(seat, names)),
                       say(notation_words(cards), token_words(team), seat_words(seat, names)))


def said_of(alternative: Alternative, names: dict[str, str]) -> str:
    """An outcome in words, in the reader's language (its cards and seat heard in words)."""
    return spoken(alternative.words, names)


def _legal(view: PlayView, names: dict[str, str]) -> tuple[Alternative, ...]:
    return tuple(replace(a, words=said_of(a, names)) for a in view.legal)
