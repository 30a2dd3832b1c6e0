"""The upload form (Flask-WTF: CSRF-protected)."""
from __future__ import annotations

from flask_wtf import FlaskForm
from wtforms import FileField, MultipleFileField, PasswordField, TextAreaField


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
    text = TextAreaField("Or paste the new log")

    def upload(self) -> tuple[str | None, bytes] | None:
        """(file name, bytes) of the new log, file first; None when neither was given."""
        f = self.file.data
        if getattr(f, "filename", ""):
            return f.filename, f.read()
        if self.text.data and self.text.data.strip():
            return None, self.text.data.encode("utf-8")
        return None
