"""The stored games' pages: upload, list, scoresheet, play pages, exports, manage, and the notation help."""
