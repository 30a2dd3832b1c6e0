"""A QR code of a link, as inline SVG (drawn by segno, pure Python: no image file, no script)."""
from __future__ import annotations

import io

from markupsafe import Markup


def qr_svg(text: str, title: str) -> Markup:
    """The QR code of `text` as an ``<svg>`` element that scales with its box, with `title` for screen readers."""
    import segno

    out = io.BytesIO()
    segno.make(text, error="m").save(out, kind="svg", xmldecl=False, svgns=True, nl=False, border=4, omitsize=True,
                                     svgclass="qr-code", lineclass=None, title=title, dark="#000", light="#fff")
    return Markup(out.getvalue().decode("utf-8").replace("<svg ", '<svg role="img" ', 1))
