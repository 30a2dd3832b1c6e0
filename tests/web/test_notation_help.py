"""The notation help page: every kind of line of NOTATION.md with an example that reads, linked from the
upload form, the keep page and the places that show log errors."""
from __future__ import annotations

import html
import re

import seeplog
from seeplog.notation import Unreadable
from seeplog.web.games.notation_help import LINE_KINDS, TAGS, WHOLE_EXAMPLE
from tests.helpers import DATA
from tests.web.helpers import csrf_token

CONTEXT = {"tag": "", "deal": "", "redeal-floor": '[Variant "thirty"]\n\ndeal 1 dealer N\n'}
"""What comes before an example line so that it stands where it may (default: a deal's start)."""


def statements_of(text: str):
    for game in seeplog.parse(text).games:
        yield from game.header
        for deal in game.deals:
            yield from deal.statements


def test_every_kind_of_line_of_the_spec_is_on_the_page_with_its_example(client):
    page = html.unescape(client.get("/notation").get_data(as_text=True))
    spec = (DATA / "spec" / "NOTATION.md").read_text(encoding="utf-8")
    lines_table = spec[spec.index("## Lines"):spec.index("## Cards")]
    moves_table = spec[spec.index("## Moves"):spec.index("- A **group**")]
    forms = [re.sub(r"\s+", " ", m) for m in re.findall(r"^\| `([^`]+)` \|", lines_table + moves_table, re.M)]
    shown = {re.sub(r"SEAT ", "", k.form) for k in LINE_KINDS} | {k.form for k in LINE_KINDS}
    missing = [f for f in forms if f not in shown and f != "SEAT MOVE"]
    assert not missing
    for kind in LINE_KINDS:
        assert kind.form in page and kind.example in page and str(kind.says) in page
    for name, _, example in TAGS:
        assert name in page and example in page


def test_every_example_reads_where_it_stands():
    for kind in LINE_KINDS:
        before = CONTEXT.get(kind.anchor, "deal 1 dealer N\n")
        text = before + kind.example + "\n"
        found = list(statements_of(text))
        written = [line for line in text.splitlines() if line.strip()]
        assert len(found) == (1 if kind.anchor == "comment" else len(written)), kind.anchor
        assert not [s for s in found if isinstance(s, Unreadable)], (kind.anchor, text)
    for _, _, example in TAGS:
        assert not [s for s in statements_of(example + "\n") if isinstance(s, Unreadable)]
    report = seeplog.report_json(seeplog.analyse(WHOLE_EXAMPLE))
    assert report["games"][0]["errors"] == [] and len(report["games"][0]["deals"]) == 2


def test_the_page_is_linked_from_upload_keep_and_the_error_messages(client):
    assert 'href="/notation"' in client.get("/upload").get_data(as_text=True)
    refused = client.post("/upload", data={"csrf_token": csrf_token(client), "text": "shopping list:\nmilk\n"})
    assert refused.status_code == 400 and 'href="/notation"' in refused.get_data(as_text=True)
    game_id = client.post("/api/games", data=b"deal 1 dealer N\nfloor Kh Jc 9s Zz\n",
                          content_type="text/plain").json["id"]
    assert 'href="/notation"' in client.get(f"/games/{game_id}").get_data(as_text=True)
    live = client.post("/api/live", json={"variant": "standard", "players": {"N": "Asha"}}).json
    assert 'href="/notation"' in client.get(f"/live/{live['id']}/keep").get_data(as_text=True)
