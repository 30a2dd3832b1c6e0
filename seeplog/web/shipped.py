"""Folders the service reads that the repository keeps outside the package (the page templates in
`templates/`, the store's migrations in `schema/migrations/`): a wheel ships them inside this package
(setup.py copies them), and a checkout reads them where they are."""
from __future__ import annotations

from pathlib import Path

HERE = Path(__file__).resolve().parent
CHECKOUT = HERE.parents[1]
SHIPPED = {"templates": "templates", "migrations": "schema/migrations"}
"""Each folder's name inside the installed package, and its place in the repository."""


def folder(name: str) -> Path:
    """The folder `name` of SHIPPED: inside the installed package, or in the checkout."""
    inside = HERE / name
    return inside if inside.is_dir() else CHECKOUT / SHIPPED[name]
