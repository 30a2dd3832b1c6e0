"""The administrator's forms on a player page (CSRF-protected, each with the administrator token)."""
from __future__ import annotations

from flask_wtf import FlaskForm
from wtforms import IntegerField, PasswordField, StringField
from wtforms.validators import DataRequired, Length


class AdminForm(FlaskForm):
    token = PasswordField("Administrator token", validators=[DataRequired("the administrator token is needed")])


class MergeForm(AdminForm):
    into = IntegerField("Merge into player number", validators=[DataRequired("name the player to merge into")])


class RenameForm(AdminForm):
    name = StringField("New name", validators=[DataRequired("give the new name"), Length(max=80)])


class SplitForm(AdminForm):
    alias = StringField("Name to split off", validators=[DataRequired("name the alias to split off")])
