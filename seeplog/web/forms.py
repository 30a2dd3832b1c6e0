"""The pages' forms (Flask-WTF: CSRF-protected): upload, manage a stored game, start a live game."""
from __future__ import annotations

from datetime import datetime, timezone

from flask_babel import lazy_gettext as _l
from flask_wtf import FlaskForm
from wtforms import (DateField, Field, FileField, MultipleFileField, PasswordField, SelectField, StringField,
                     TextAreaField)
from wtforms.fields.choices import SelectChoice
from wtforms.validators import Length, Optional, ValidationError

from seeplog.notation import VARIANT_NAMES
from seeplog.ruleset import MAX_COUNT, SEAT_TAGS, VARIANTS, count_of
from seeplog.said import N_

from .catalog import catalog, gettext
from .oneline import file_name, is_one_line

WTFORMS_SENTENCES = {"Not a valid integer value.": N_("a whole number, in digits"),
                     "Not a valid date value.": N_("a date as YYYY-MM-DD"),
                     "Not a valid choice.": N_("choose one of the choices offered")}
"""The sentences WTForms' fields say when they cannot read what was sent (no validator's `message` replaces
them), as the pages say them; each validator of the forms is given its own message."""


class ReadersWords:
    """WTForms' own sentences (its fields' `gettext`) in the reader's language: ours for those it says when it
    cannot read a value, any other from the pages' catalog (else as WTForms wrote it)."""

    def gettext(self, string: str) -> str:
        return catalog().ugettext(WTFORMS_SENTENCES.get(string, string))

    def ngettext(self, singular: str, plural: str, num: int) -> str:
        return catalog().ungettext(singular, plural, num)


class PageForm(FlaskForm):
    """A page's form: CSRF-protected (Flask-WTF), every sentence it says in the reader's language."""

    class Meta:
        def get_translations(self, form: FlaskForm) -> ReadersWords:
            return READERS_WORDS


READERS_WORDS = ReadersWords()


def field_attributes(field: Field, given: dict[str, object]) -> dict[str, object]:
    """The attributes of a field's control: `given`, and for assistive technology the field's error and hint
    named by aria-describedby (their ids are the field's, then "-error" and "-hint"), aria-invalid when refused."""
    described = [f"{field.id}-{part}" for part, shown in (("error", field.errors), ("hint", field.description))
                 if shown]
    marks = {"aria-invalid": "true"} if field.errors else {}
    return {**given, **marks, **({"aria-describedby": " ".join(described)} if described else {})}


class UploadForm(PageForm):
    files = MultipleFileField(_l("Log files (.seep or .json)"))
    text = TextAreaField(_l("Or paste a log"))

    def uploads(self) -> list[tuple[str | None, bytes]]:
        """(file name, bytes) of every file chosen and of the pasted text."""
        found = [(file_name(f.filename), f.read()) for f in (self.files.data or []) if getattr(f, "filename", "")]
        if self.text.data and self.text.data.strip():
            found.append((None, self.text.data.encode("utf-8")))
        return found


class ManageForm(PageForm):
    """Replace or delete a stored game: its manage token, and for a replacement the new log."""

    token = PasswordField(_l("Manage token"))
    file = FileField(_l("New log file (.seep or .json)"))
    text = TextAreaField(_l("Or correct the log here (it opens on the current one)"))

    def upload(self) -> tuple[str | None, bytes] | None:
        """(file name, bytes) of the new log, file first; None when neither was given."""
        f = self.file.data
        if getattr(f, "filename", ""):
            return file_name(f.filename), f.read()
        if self.text.data and self.text.data.strip():
            return None, self.text.data.encode("utf-8")
        return None


VARIANT_TITLES = {"standard": N_("Standard"), "two-player": N_("Two players"), "juneja": N_("Juneja"),
                  "thirty": N_("Thirty (satthi)"), "thirty-punjab": N_("Thirty, Punjab style")}
"""The variants' names for people; a variant missing here shows its own name."""
SEAT_FIELDS = tuple((seat, tag.lower(), tag) for seat, tag in SEAT_TAGS.items())
ROTATIONS = [SelectChoice("pagat", _l("Pagat (the usual)")), SelectChoice("team", _l("Team"))]
NAME_LENGTH = 40
TEXT_LENGTH = 120


def variant_title(name: str) -> str:
    """A variant's name for people in the reader's language (a name the library does not know, as written)."""
    title = VARIANT_TITLES.get(name)
    return gettext(title) if title else name


TAG_TITLES = {"Variant": N_("Variant"), "North": N_("North"), "West": N_("West"), "South": N_("South"),
              "East": N_("East"), "Event": N_("Event"), "Site": N_("Place"), "Date": N_("Date"), "Round": N_("Round"),
              "Scorer": N_("Scorer"), "BaaziTarget": N_("Baazi target"), "MaxHouses": N_("Most houses on the floor"),
              "Rotation": N_("Dealer rotation")}
"""The known tags' names for people (the notation's names are for writing a log)."""


def tag_title(name: str) -> str:
    """A tag's name for people in the reader's language (a tag the notation does not know, as written)."""
    title = TAG_TITLES.get(name)
    return gettext(title) if title else name


def tag_value(value: str, name: str) -> str:
    """A tag's value for people: a variant's or a rotation's name in the reader's language, else as written."""
    if name == "Variant":
        return variant_title(value)
    if name == "Rotation":
        return str(next((c.label for c in ROTATIONS if c.value == value.lower()), value))
    return value


def variant_choices() -> list[SelectChoice]:
    """Each variant of the library with its name for people, its players and its baazi target."""
    choices = []
    for name in VARIANT_NAMES:
        title, rules = variant_title(name), VARIANTS[name]
        players = "" if rules.players == 4 or name == "two-player" else " · " + gettext(
            "%(num)s players", num=rules.players)
        choices.append(SelectChoice(name, f"{title}{players} · " + gettext("baazi at %(target)s",
                                                                            target=rules.baazi_target)))
    return choices


def one_line(form: FlaskForm, field: Field) -> None:
    """A field's text on one line (`seeplog.web.oneline`): no control character, no line or paragraph separator."""
    if field.data and not is_one_line(field.data):
        raise ValidationError(gettext("write it on one line, without control characters"))


def _whole_number(form: FlaskForm, field: Field) -> None:
    if field.data and count_of(field.data) is None:
        raise ValidationError(gettext("a whole number from 1 to %(most)s, as 100; or leave it empty for the "
                                      "variant's own target", most=f"{MAX_COUNT:,}"))


def at_most(length: int) -> object:
    """A text field's refusal when it is longer than `length` characters (the reader's language)."""
    return _l("at most %(num)s characters", num=length)


def _text(label: object, length: int, description: object = "") -> StringField:
    return StringField(label, [Optional(), Length(max=length, message=at_most(length)), one_line],
                       filters=[lambda v: v.strip() if isinstance(v, str) else v], description=description)


class LiveNewForm(PageForm):
    """Start a live game: the variant, the event, a name per seat, the baazi target, the rotation, the scorer (in
    the order the page shows them, as its summary of refused fields lists them)."""

    variant = SelectField(_l("Variant"), choices=variant_choices, default="standard")
    event = _text(_l("Event"), TEXT_LENGTH)
    date = DateField(_l("Date"), [Optional()], default=lambda: datetime.now(timezone.utc).date(),
                     description=_l("the day of the game: today, unless you change it"))
    round = _text(_l("Round"), NAME_LENGTH, _l("optional: the round of the event"))
    north = _text(_l("North"), NAME_LENGTH)
    west = _text(_l("West"), NAME_LENGTH, _l("four-player variants only"))
    south = _text(_l("South"), NAME_LENGTH)
    east = _text(_l("East"), NAME_LENGTH, _l("four-player variants only"))
    target = StringField(_l("Baazi target"), [Optional(), _whole_number],
                         filters=[lambda v: v.strip() if isinstance(v, str) else v],
                         description=_l("the lead that wins a baazi; empty: the variant's (100, thirty variants 30)"))
    rotation = SelectField(_l("Dealer rotation"), choices=ROTATIONS, default="pagat",
                           description=_l("pagat: the dealer deals again while their team is behind or level, else "
                                          "the next seat; team: any player of the team behind may deal"))
    scorer = _text(_l("Scorer"), NAME_LENGTH, _l("optional: who keeps the score"))

    def seats(self) -> list[tuple[str, Field]]:
        return [(seat, getattr(self, name)) for seat, name, _ in SEAT_FIELDS]

    def validate(self, extra_validators=None) -> bool:  # type: ignore[no-untyped-def]
        """The fields, then the seats the variant has: a name at a seat it lacks is refused, not dropped."""
        valid = super().validate(extra_validators)
        if self.variant.data not in VARIANTS:
            return False
        seats = VARIANTS[self.variant.data].seats
        unused = [field for seat, field in self.seats() if seat not in seats and field.data]
        for field in unused:
            field.errors = [*field.errors, gettext("the %(variant)s variant has no %(seat)s seat: leave it empty",
                                                   variant=self.variant.data, seat=field.label.text)]
        return valid and not unused

    def players(self) -> dict[str, str]:
        return {seat: field.data for seat, field in self.seats() if field.data}

    def tags(self) -> dict[str, str]:
        tags = {"Event": self.event.data, "Date": self.date.data.isoformat() if self.date.data else "",
                "Round": self.round.data, "Scorer": self.scorer.data, "BaaziTarget": self.target.data,
                "Rotation": "team" if self.rotation.data == "team" else ""}
        return {name: value for name, value in tags.items() if value}
