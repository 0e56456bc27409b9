"""Text as outlines: glyphs of the DejaVu Sans Bold font that ships inside
matplotlib (or of the theme's ``lettering_font``), so SVG and PNG show the same letters on every machine whatever
fonts it has installed, and a board's ranks cost one path, not one element each.

Outlines are in em units (font size 1), centred on the text's visual centre:
the advance box is centred horizontally and the baseline sits
``BASELINE_DROP`` below the centre, as for every renderer's text.
"""

from __future__ import annotations

import os

import matplotlib
from matplotlib import ft2font

from ..errors import OutputError
from .caches import cached
from .shapes import BASELINE_DROP, Contour, Point


_SCALE = 100.0  # the size the font is loaded at; outlines are divided by it
_FONT_FILE = os.path.join(matplotlib.get_data_path(), "fonts", "ttf", "DejaVuSans-Bold.ttf")
# matplotlib 3.10 moved the flags into enums; older versions have module constants.
_NO_HINTING = getattr(getattr(ft2font, "LoadFlags", None), "NO_HINTING", None) or ft2font.LOAD_NO_HINTING
_KERNING = getattr(getattr(ft2font, "Kerning", None), "DEFAULT", None) or ft2font.KERNING_DEFAULT
_MOVETO, _LINETO, _CURVE3, _CLOSEPOLY = 1, 2, 3, 79


@cached(maxsize=8)
def _font(font_file: str) -> ft2font.FT2Font:
    try:
        font = ft2font.FT2Font(font_file or _FONT_FILE)
    except (OSError, RuntimeError, ValueError) as exc:
        raise OutputError(f"cannot use the font file '{font_file}': {exc}", token=font_file,
                          expected="a TrueType or OpenType font file") from None
    font.set_size(_SCALE, 72)
    return font


@cached(maxsize=4096)
def text_outline(text: str, font_file: str = "") -> tuple[Contour, ...]:
    """The closed outlines of ``text`` set in one line, in em units about its visual centre.

    ``font_file`` names a TrueType or OpenType font; empty means DejaVu Sans Bold.
    Raises :class:`~piecepack_diagrams.errors.OutputError` if the font cannot be read.
    """
    font = _font(font_file)
    text = _drawable(font, text)
    contours: list[tuple[list[Point], float]] = []  # raw contours with the pen position they start at
    starts, pen = _pen_positions(font, text)
    for char, start in zip(text, starts):
        font.load_char(ord(char), flags=_NO_HINTING)
        vertices, codes = font.get_path()
        contours.extend(_split(vertices.tolist(), codes.tolist(), start))
    half = pen / 2
    out = []
    for start, segments in contours:
        shift = lambda p: ((p[0] - half) / _SCALE, p[1] / _SCALE - BASELINE_DROP)  # noqa: E731
        out.append((shift(start), tuple(tuple(shift(p) for p in seg) for seg in segments)))
    return tuple(out)


@cached(maxsize=4096)
def text_width(text: str, font_file: str = "") -> float:
    """How wide ``text`` is set in one line, in em units (the advance of its letters)."""
    font = _font(font_file)
    return _pen_positions(font, _drawable(font, text))[1] / _SCALE


#: What stands for a character the font has no glyph for (a control character, say).
_MISSING = "?"


def _drawable(font: ft2font.FT2Font, text: str) -> str:
    """``text`` with every character the font cannot draw (no glyph; a control character)
    replaced by :data:`_MISSING`, so measuring or drawing it never fails."""
    if text.isprintable() and all(font.get_char_index(ord(ch)) for ch in text):
        return text
    return "".join(ch if ch.isprintable() and font.get_char_index(ord(ch)) else _MISSING for ch in text)


def _pen_positions(font: ft2font.FT2Font, text: str) -> tuple[list[float], float]:
    """Where each letter of ``text`` starts (kerned), and where the last one ends, in font units."""
    starts = []
    pen = 0.0
    previous = None
    for char in text:
        index = font.get_char_index(ord(char))
        if previous is not None:
            pen += font.get_kerning(previous, index, _KERNING) / 64
        starts.append(pen)
        pen += font.load_char(ord(char), flags=_NO_HINTING).linearHoriAdvance / 65536
        previous = index
    return starts, pen


def _split(vertices: list[list[float]], codes: list[int], pen: float) -> list[Contour]:
    contours: list[Contour] = []
    start: Point | None = None
    segments: list[tuple[Point, ...]] = []
    k = 0
    while k < len(codes):
        code = codes[k]
        point = (vertices[k][0] + pen, vertices[k][1])
        if code == _MOVETO:
            if start is not None and segments:
                contours.append((start, tuple(segments)))
            start, segments = point, []
        elif code == _LINETO:
            segments.append((point,))
        elif code == _CURVE3:
            end = (vertices[k + 1][0] + pen, vertices[k + 1][1])
            segments.append((point, end))
            k += 1
        elif code == _CLOSEPOLY:
            if start is not None and segments:
                contours.append((start, tuple(segments)))
            start, segments = None, []
        k += 1
    if start is not None and segments:
        contours.append((start, tuple(segments)))
    return contours


__all__ = ["text_outline", "text_width"]
