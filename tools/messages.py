"""Refresh the pages' message catalogs: extract every marked sentence (babel.cfg: templates, flash messages
and form errors, the library's findings and rule catalogue; seeplog/web/scripttext.py: the scripts'
sentences) into messages.pot, and update the Hindi and Punjabi catalogs from it (new sentences come in
untranslated; tests/web/test_languages.py then fails until each has its translation). Run from the repository
root: `python tools/messages.py`."""
from __future__ import annotations

import sys
from pathlib import Path

from babel.messages.catalog import Catalog, Message
from babel.messages.extract import extract_from_dir
from babel.messages.frontend import parse_mapping_cfg
from babel.messages.pofile import read_po, write_po

ROOT = Path(__file__).resolve().parents[1]
TRANSLATIONS = ROOT / "seeplog" / "web" / "translations"
KEYWORDS = {"_": None, "gettext": None, "ngettext": (1, 2), "pgettext": ((1, "c"), 2), "_l": None, "lazy_gettext": None,
            "Said": None, "N_": None}
"""`Said` and `N_` mark the library's sentences (seeplog.said): its findings and the rule catalogue."""
WIDTH = 120
"""The Hindi and Punjabi catalogs' line width, as they are committed (Babel's default, 76, for messages.pot)."""
SCRIPTS = ("seeplog/web/static/**.js", "seeplog.web.scripttext:extract_scripts")


def extract() -> Catalog:
    """Every sentence marked for translation on the pages, in one catalog (English ids)."""
    sys.path.insert(0, str(ROOT))
    with (ROOT / "babel.cfg").open() as config:
        method_map, options_map = parse_mapping_cfg(config)  # type: ignore[no-untyped-call]
    method_map.append(SCRIPTS)
    catalog = Catalog(project="seeplog", charset="utf-8")
    for filename, lineno, message, comments, context in extract_from_dir(
            str(ROOT), method_map, options_map, keywords=KEYWORDS):
        catalog.add(message, None, [(filename, lineno)], auto_comments=comments, context=context)
    return catalog


def refresh() -> None:
    template = extract()
    with (TRANSLATIONS / "messages.pot").open("wb") as out:
        write_po(out, template, no_location=True, sort_output=True, omit_header=True)
    for po in sorted(TRANSLATIONS.glob("*/LC_MESSAGES/messages.po")):
        with po.open("rb") as source:
            catalog = read_po(source)
        catalog.update(template, no_fuzzy_matching=True)
        with po.open("wb") as out:
            write_po(out, catalog, no_location=True, sort_output=True, ignore_obsolete=True, width=WIDTH)
        print(f"{po.relative_to(ROOT)}: {sum(1 for m in catalog if m.id and untranslated(m))} untranslated")


def untranslated(message: Message) -> bool:
    """Whether a message lacks a translation: its msgstr empty, or any of a plural's forms."""
    return not all(message.string) if isinstance(message.string, tuple) else not message.string


if __name__ == "__main__":
    refresh()
