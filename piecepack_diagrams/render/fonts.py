"""The fonts of PDF text (captions, page headers and footers), embedded in every PDF.

The DejaVu fonts ship inside matplotlib, so every machine that runs this package has
them; reportlab embeds the subset of glyphs a document uses, deterministically (the
subset's name is fixed, so re-runs stay byte-identical). No PDF relies on a reader's
own fonts.
"""

from __future__ import annotations

import importlib.util
import os
from functools import cache

from ..errors import OutputError
from ..theme import PDF_FONT_FILES


def bundled_font_file(file_name: str) -> str:
    """The path of one of the DejaVu fonts matplotlib installs (``DejaVuSans-Bold.ttf``),
    found without importing matplotlib, which would cost a third of a second."""
    spec = importlib.util.find_spec("matplotlib")
    folder = os.path.dirname(spec.origin) if spec is not None and spec.origin else ""
    return os.path.join(folder, "mpl-data", "fonts", "ttf", file_name)


@cache
def pdf_font(name: str) -> str:
    """reportlab's name for the embedded font ``name`` (one of :data:`PDF_FONT_FILES`),
    registered on first use. Raises :class:`OutputError` for an unknown name or a
    font file that cannot be read."""
    if name not in PDF_FONT_FILES:
        raise OutputError(f"'{name}' is not a font this package embeds", token=name,
                          expected=", ".join(PDF_FONT_FILES))
    from reportlab.pdfbase import pdfmetrics
    from reportlab.pdfbase.ttfonts import TTFError, TTFont

    registered = name.replace(" ", "")
    path = bundled_font_file(PDF_FONT_FILES[name])
    try:
        pdfmetrics.registerFont(TTFont(registered, path))
    except (OSError, TTFError) as exc:
        raise OutputError(f"cannot read the font file '{path}': {exc}", token=name) from None
    return registered


class _NoTextFace:
    name = "piecepack-diagrams-no-text"


class _NoTextFont:
    """What a canvas starts with when its text sets its own font (see :func:`textless_font`):
    a font reportlab embeds only when drawn with ("dynamic"), so a page names it nowhere.
    Nothing is ever drawn with it."""

    fontName = _NoTextFace.name
    face = _NoTextFace
    _dynamicFont = 1
    _multiByte = 0


@cache
def textless_font() -> str:
    """The name of a font for a reportlab canvas's ``initialFontName`` when every piece of
    text drawn sets its font first (with :func:`pdf_font`). reportlab writes a page's initial
    font into the page unless it is embedded on use, so a canvas needs one of those; a real
    one means reading a TrueType file (some 20 ms), wasted on a drawing without words."""
    from reportlab.pdfbase import pdfmetrics

    pdfmetrics.registerFont(_NoTextFont())
    return _NoTextFont.fontName


__all__ = ["bundled_font_file", "pdf_font", "textless_font"]
