"""The pages' forms (Flask-WTF: CSRF-protected): upload, manage a stored game, start a live game."""
from __future__ import annotations

from datetime import datetime, timezone

from flask_wtf import FlaskForm
from wtforms import (DateField, Field, FileField, MultipleFileField, PasswordField, SelectField, StringField,
                     TextAreaField)
from wtforms.fields.choices import SelectChoice
from wtforms.validators import Length, Optional, ValidationError

from seeplog.notation import VARIANT_NAMES
from seeplog.ruleset import MAX_COUNT, SEAT_TAGS, VARIANTS, count_of


class UploadForm(FlaskForm):
    files = MultipleFileField("Log files (.seep or .json)")
    text = TextAreaField("Or paste a log")

    def uploads(self) -> list[tuple[str | None, bytes]]:
        """(file name, bytes) of every file chosen and of the pasted text."""
        found = [(f.filename, f.read()) for f in (self.files.data or []) if getattr(f, "filename", "")]
        if self.text.data and self.text.data.strip():
            found.append((None, self.text.data.encode("utf-8")))
        return found


class ManageForm(FlaskForm):
    """Replace or delete a stored game: its manage token, and for a replacement the new log."""

    token = PasswordField("Manage token")
    file = FileField("New log file (.seep or .json)")
    text = TextAreaField("Or correct the log here (it opens on the current one)")

    def upload(self) -> tuple[str | None, bytes] | None:
        """(file name, bytes) of the new log, file first; None when neither was given."""
        f = self.file.data
        if getattr(f, "filename", ""):
            return f.filename, f.read()
        if self.text.data and self.text.data.strip():
            return None, self.text.data.encode("utf-8")
        return None


VARIANT_TITLES = {"standard": "Standard", "two-player": "Two players", "juneja": "Juneja", "thirty": "Thirty (satthi)",
                  "thirty-punjab": "Thirty, Punjab style"}
"""The variants' names for people; a variant missing here shows its own name."""
SEAT_FIELDS = tuple((seat, tag.lower(), tag) for seat, tag in SEAT_TAGS.items())
ROTATIONS = [SelectChoice("pagat", "Pagat (the usual)"), SelectChoice("team", "Team")]
NAME_LENGTH = 40
TEXT_LENGTH = 120


def variant_choices() -> list[SelectChoice]:
    """Each variant of the library with its name for people, its players and its baazi target."""
    choices = []
    for name in VARIANT_NAMES:
        title, rules = VARIANT_TITLES.get(name, name), VARIANTS[name]
        players = "" if rules.players == 4 or "player" in title.lower() else f" · {rules.players} players"
        choices.append(SelectChoice(name, f"{title}{players} · baazi at {rules.baazi_target}"))
    return choices


def _one_line(form: FlaskForm, field: Field) -> None:
    if field.data and any(ord(c) < 32 or ord(c) == 127 for c in field.data):
        raise ValidationError("write it on one line, without control characters")


def _whole_number(form: FlaskForm, field: Field) -> None:
    if field.data and count_of(field.data) is None:
        raise ValidationError(f"a whole number from 1 to {MAX_COUNT:,}, as 100; or leave it empty for the "
                              "variant's own target")


def _text(label: str, length: int, description: str = "") -> StringField:
    return StringField(label, [Optional(), Length(max=length, message=f"at most {length} characters"), _one_line],
                       filters=[lambda v: v.strip() if isinstance(v, str) else v], description=description)


class LiveNewForm(FlaskForm):
    """Start a live game: the variant, a name per seat, the event, the baazi target, the rotation, the scorer."""

    variant = SelectField("Variant", choices=variant_choices, default="standard")
    north = _text("North", NAME_LENGTH)
    west = _text("West", NAME_LENGTH, "four-player variants only")
    south = _text("South", NAME_LENGTH)
    east = _text("East", NAME_LENGTH, "four-player variants only")
    event = _text("Event", TEXT_LENGTH)
    date = DateField("Date", [Optional()], default=lambda: datetime.now(timezone.utc).date(),
                     description="the day of the game: today, unless you change it")
    round = _text("Round", NAME_LENGTH, "optional: the round of the event")
    target = StringField("Baazi target", [Optional(), _whole_number],
                         filters=[lambda v: v.strip() if isinstance(v, str) else v],
                         description="the lead that wins a baazi; empty: the variant's (100, thirty variants 30)")
    rotation = SelectField("Dealer rotation", choices=ROTATIONS, default="pagat",
                           description="pagat: the dealer deals again while their team is behind or level, else the "
                                       "next seat; team: any player of the team behind may deal")
    scorer = _text("Scorer", NAME_LENGTH, "optional: who keeps the score")

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
            field.errors = [*field.errors, f"the {self.variant.data} variant has no {field.label.text} seat: "
                                           "leave it empty"]
        return valid and not unused

    def players(self) -> dict[str, str]:
        return {seat: field.data for seat, field in self.seats() if field.data}

    def tags(self) -> dict[str, str]:
        tags = {"Event": self.event.data, "Date": self.date.data.isoformat() if self.date.data else "",
                "Round": self.round.data, "Scorer": self.scorer.data, "BaaziTarget": self.target.data,
                "Rotation": "team" if self.rotation.data == "team" else ""}
        return {name: value for name, value in tags.items() if value}
