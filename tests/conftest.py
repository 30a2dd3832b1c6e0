"""Shared helpers are in tests/helpers.py (imported, never from a conftest); no fixture is shared here."""
