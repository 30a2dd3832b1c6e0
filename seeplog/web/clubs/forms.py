"""The administrator's forms on a player page (CSRF-protected, each with the administrator token)."""
from __future__ import annotations

import re

from flask_babel import lazy_gettext as _l
from wtforms import IntegerField, PasswordField, SelectField, StringField, TextAreaField
from wtforms.fields.choices import SelectChoice
from wtforms.validators import DataRequired, Length, NumberRange, Optional, Regexp

from seeplog.ruleset import VARIANTS

from ..catalog import gettext, ngettext
from ..findings import said_here
from ..forms import PageForm, at_most, one_line, variant_choices
from ..oneline import NOT_ON_ONE_LINE
from .events_store import BadEvent, check_players_once

TAG_TEXT = rf'^[^{NOT_ON_ONE_LINE}"\\]*\Z'
"""Text a tag can hold: one line (`seeplog.web.oneline`), no quotes or backslashes."""
WHOLE_NUMBER = _l("a whole number from %(min)s to %(max)s")
"""A number field's refusal (WTForms fills in its bounds)."""


class AdminForm(PageForm):
    token = PasswordField(_l("Administrator (or event organiser) token"),
                          validators=[DataRequired(_l("the administrator token is needed"))])


class MergeForm(AdminForm):
    into = IntegerField(_l("Merge into player number"),
                        validators=[DataRequired(_l("name the player to merge into")),
                                    NumberRange(1, 2 ** 62, _l("give a player's number, as in the address of their "
                                                               "page"))])


class RenameForm(AdminForm):
    name = StringField(_l("New name"), validators=[DataRequired(_l("give the new name")),
                                                         Length(max=80, message=at_most(80)), one_line])


class SplitForm(AdminForm):
    alias = StringField(_l("Name to split off"), validators=[DataRequired(_l("name the alias to split off"))])


def _names(line: str) -> list[str]:
    return [n.strip() for n in re.split(r"&|,|\band\b", line) if n.strip()]


def players_named_twice(pairs: list[list[str]]) -> list[str]:
    """The partnerships' problem, in the reader's language, when they name a player twice (the API's check)."""
    try:
        check_players_once(pairs)
    except BadEvent as e:
        return [said_here(e.message)]
    return []


class EventNewForm(PageForm):
    """Create an event: name, date, place, variant, baazi target, and the partnerships one a line."""

    name = StringField(_l("Event name"), [DataRequired(_l("give the event a name")),
                                          Length(max=120, message=at_most(120)),
                                          Regexp(TAG_TEXT, message=_l("one line, without quotes"))])
    date = StringField(_l("Date"), [Optional(), Regexp(r"^[0-9]{4}-[0-9]{2}-[0-9]{2}\Z",
                                                       message=_l("a date as YYYY-MM-DD"))],
                       description=_l("optional: year-month-day, as 2026-11-25"))
    place = StringField(_l("Place"), [Optional(), Length(max=120, message=at_most(120)),
                                      Regexp(TAG_TEXT, message=_l("one line, without quotes"))])
    variant = SelectField(_l("Variant"), choices=variant_choices, default="standard")
    target = IntegerField(_l("Baazi target"), [Optional(), NumberRange(1, 9999, WHOLE_NUMBER)],
                          description=_l("empty: the variant's own (100; thirty variants 30)"))
    format = SelectField(_l("Pairing"), default="round-robin", choices=[
        SelectChoice("round-robin", _l("Round-robin")), SelectChoice("swiss", _l("Swiss")),
        SelectChoice("hand", _l("By hand"))],
        description=_l("round-robin: every partnership meets every other; Swiss: by the standings, no rematch; "
                       "by hand: you name each round's tables"))
    partnerships = TextAreaField(_l("Partnerships, one a line"), [DataRequired(_l("enter the partnerships"))],
                                 description=_l("four-player variants: two names a line, as “Asha & Ravi”; "
                                                "two-player: one name a line"))

    def pairs(self) -> list[list[str]]:
        return [_names(line) for line in (self.partnerships.data or "").splitlines() if line.strip()]

    def validate(self, extra_validators=None) -> bool:  # type: ignore[no-untyped-def]
        """The fields, then the partnerships against the variant, all at once: every refusal said together."""
        valid = super().validate(extra_validators)
        if self.variant.data not in VARIANTS or self.partnerships.errors:
            return False
        problems = self.partnership_problems(2 if VARIANTS[self.variant.data].players == 4 else 1)
        self.partnerships.errors = [*self.partnerships.errors, *problems]
        return valid and not problems

    def partnership_problems(self, size: int) -> list[str]:
        """What is wrong with the partnerships, each of `size` names, in the reader's language."""
        pairs = self.pairs()
        wrong = [i for i, names in enumerate(pairs, start=1) if len(names) != size]
        problems = [ngettext("line %(line)s: give %(num)s name", "line %(line)s: give %(num)s names", size, line=i)
                    for i in wrong]
        if len(pairs) < 2:
            problems.append(gettext("enter at least two partnerships"))
        if len(pairs) > 64:
            problems.append(gettext("at most 64 partnerships"))
        if any(len(n) > 80 or not re.fullmatch(TAG_TEXT, n) for names in pairs for n in names):
            problems.append(gettext("a name has at most 80 characters, without quotes"))
        return problems + players_named_twice(pairs)


class RoundForm(PageForm):
    token = PasswordField(_l("Organiser token"), validators=[DataRequired(_l("the organiser token is needed"))])


TABLE_LINE = re.compile(r"^\s*(\d{1,3})\s*(?:v|vs|-|–|&|,)?\s*(\d{1,3})\s*$", re.IGNORECASE)


class HandRoundForm(RoundForm):
    """A round entered by hand: one table a line, North–South's partnership number then East–West's."""

    tables = TextAreaField(_l("Tables, one a line"), [DataRequired(_l("name each table's two partnerships"))],
                           description=_l("North–South's partnership number, then East–West's: “4 v 1”"))

    def pairs(self) -> list[tuple[int, int]]:
        found = [TABLE_LINE.match(line) for line in (self.tables.data or "").splitlines() if line.strip()]
        return [(int(m.group(1)), int(m.group(2))) for m in found if m]

    def validate(self, extra_validators=None) -> bool:  # type: ignore[no-untyped-def]
        if not super().validate(extra_validators):
            return False
        lines = [line for line in (self.tables.data or "").splitlines() if line.strip()]
        bad = [i for i, line in enumerate(lines, start=1) if not TABLE_LINE.match(line)]
        self.tables.errors = [gettext("line %(line)s: write a table as two partnership numbers, “4 v 1”", line=i)
                              for i in bad]
        return not bad


class DetachForm(RoundForm):
    game = IntegerField(_l("Game number"), [DataRequired(_l("give the uploaded game's number")),
                                            NumberRange(1, 2 ** 62, _l("give a game's number, as in the address "
                                                                       "of its page"))])


class AttachForm(DetachForm):
    round = IntegerField(_l("Round"), [Optional(), NumberRange(1, 999, WHOLE_NUMBER)],
                         description=_l("empty: the last round"))


class WithdrawForm(RoundForm):
    """A partnership withdrawn from the event, or reinstated: its number (the page offers each as a choice)."""

    pair = IntegerField(_l("Partnership"), [DataRequired(_l("choose the partnership")),
                                            NumberRange(1, 64, WHOLE_NUMBER)])
