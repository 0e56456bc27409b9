"""The fonts of PDF text (captions, page headers and footers), embedded in every PDF.

The DejaVu fonts ship inside matplotlib, so every machine that runs this package has
them; reportlab embeds the subset of glyphs a document uses, deterministically (the
subset's name is fixed, so re-runs stay byte-identical). No PDF relies on a reader's
own fonts.
"""

from __future__ import annotations

import os
from functools import lru_cache

import matplotlib
from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.ttfonts import TTFError, TTFont

from ..errors import OutputError
from ..theme import PDF_FONT_FILES


@lru_cache(maxsize=None)
def pdf_font(name: str) -> str:
    """reportlab's name for the embedded font ``name`` (one of :data:`PDF_FONT_FILES`),
    registered on first use. Raises :class:`OutputError` for an unknown name or a
    font file that cannot be read."""
    if name not in PDF_FONT_FILES:
        raise OutputError(f"'{name}' is not a font this package embeds", token=name,
                          expected=", ".join(PDF_FONT_FILES))
    registered = name.replace(" ", "")
    path = os.path.join(matplotlib.get_data_path(), "fonts", "ttf", PDF_FONT_FILES[name])
    try:
        pdfmetrics.registerFont(TTFont(registered, path))
    except (OSError, TTFError) as exc:
        raise OutputError(f"cannot read the font file '{path}': {exc}", token=name) from None
    return registered


__all__ = ["pdf_font"]
