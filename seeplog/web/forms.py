"""The upload form (Flask-WTF: CSRF-protected)."""
from __future__ import annotations

from flask_wtf import FlaskForm
from wtforms import MultipleFileField, TextAreaField


class UploadForm(FlaskForm):
    files = MultipleFileField("Log files (.seep or .json)")
    text = TextAreaField("Or paste a log")

    def uploads(self) -> list[tuple[str | None, bytes]]:
        """(file name, bytes) of every file chosen and of the pasted text."""
        found = [(f.filename, f.read()) for f in (self.files.data or []) if getattr(f, "filename", "")]
        if self.text.data and self.text.data.strip():
            found.append((None, self.text.data.encode("utf-8")))
        return found
