"""Text as outlines: glyphs of the DejaVu Sans Bold font that ships inside
matplotlib (or of the theme's ``lettering_font``), so SVG, PDF and PNG show the same
letters on every machine whatever fonts it has installed, and a board's ranks cost one
path, not one element each. The common characters of the default font come from a
table prepared once (:mod:`.outline_table`); other text is read from the font file with
fontTools (matplotlib itself is not imported).

Outlines are in em units (font size 1), centred on the text's visual centre:
the advance box is centred horizontally and the baseline sits
``BASELINE_DROP`` below the centre, as for every renderer's text.
"""

from __future__ import annotations

from typing import Any

from ..errors import OutputError
from ..values import value
from .caches import cached
from .fonts import bundled_font_file
from .outline_table import OutlineTable, outline_table
from .shapes import BASELINE_DROP, Contour, Point

_SCALE = 100.0  # the size the outlines are computed at (pixels an em); they are divided by it


_FONT_FILE = bundled_font_file("DejaVuSans-Bold.ttf")
_MOVETO, _LINETO, _CURVE3, _CLOSEPOLY = 1, 2, 3, 79


@value(eq=False)  # one per font file, compared (and cached by) identity
class _Font:
    """A font's glyphs, character map, advances and pair kerning, read with fontTools.

    Numbers come out as FreeType gives them at 100 pixels an em, unhinted (what the
    drawings used before): coordinates in 64ths of a pixel, rounded half away from
    zero; kerning from the ``kern`` table, rounded to whole pixels."""

    glyphs: Any
    cmap: dict[int, str]
    advances: dict[str, int]
    kerning: Any  # dict[tuple[str, str], int], or a table's lookup
    units: int
    prepared: OutlineTable | None = None  # glyph names are characters, outlines come from the table

    def fixed(self, value: float) -> float:
        """A font-unit coordinate in pixels, through FreeType's 26.6 rounding."""
        scaled = value * 64 * _SCALE / self.units
        return (1 if scaled >= 0 else -1) * int(abs(scaled) + 0.5) / 64


@cached(maxsize=8)
def _font(font_file: str) -> _Font:
    from fontTools.ttLib import TTFont, TTLibError

    path = font_file or _FONT_FILE
    try:
        font = TTFont(path, lazy=True)
        cmap = font.getBestCmap() or {}
        advances = {name: metric[0] for name, metric in font["hmtx"].metrics.items()}
        kerning: dict[tuple[str, str], int] = {}
        if "kern" in font:
            for table in reversed(font["kern"].kernTables):
                kerning.update(getattr(table, "kernTable", {}))
        return _Font(font.getGlyphSet(), dict(cmap), advances, kerning, font["head"].unitsPerEm)
    except (OSError, TTLibError, KeyError, AssertionError, ValueError) as exc:
        raise OutputError(f"cannot use the font file '{font_file}': {exc}", token=font_file,
                          expected="a TrueType or OpenType font file") from None


@cached(maxsize=1)
def _table_font() -> _Font:
    """The prepared table of the default font, as a font whose glyph names are the characters."""
    table = outline_table()
    return _Font(None, {ord(ch): ch for ch in table.advances}, table.advances, _TableKerning(table), table.units,
                 table)


class _TableKerning:
    """The table's kerning looked up as the font's is: ``get((left, right), default)``."""

    __slots__ = ("get",)

    def __init__(self, table: OutlineTable) -> None:
        self.get = table.kern


def _font_for(text: str, font_file: str) -> _Font:
    """The prepared table when it holds every character of ``text`` in the default font, else the font file."""
    if not font_file and outline_table().covers(text):
        return _table_font()
    return _font(font_file)


@cached(maxsize=4096)
def text_outline(text: str, font_file: str = "") -> tuple[Contour, ...]:
    """The closed outlines of ``text`` set in one line, in em units about its visual centre.

    ``font_file`` names a TrueType or OpenType font; empty means DejaVu Sans Bold.
    Raises :class:`~piecepack_diagrams.errors.OutputError` if the font cannot be read.
    """
    font = _font_for(text, font_file)
    text = _drawable(font, text)
    contours: list[Contour] = []  # in font units, each letter's moved along by its pen position
    starts, pen = _pen_positions(font, text)
    for char, pen_at in zip(text, starts):
        vertices, codes = _glyph_path(font, font.cmap[ord(char)])
        contours.extend(_split(vertices, codes, pen_at))
    half = pen / 2

    def shift(p: Point) -> Point:
        return ((p[0] - half) / _SCALE, p[1] / _SCALE - BASELINE_DROP)

    return tuple((shift(start), tuple(tuple(shift(p) for p in seg) for seg in segments))
                 for start, segments in contours)


@cached(maxsize=4096)
def text_width(text: str, font_file: str = "") -> float:
    """How wide ``text`` is set in one line, in em units (the advance of its letters)."""
    font = _font_for(text, font_file)
    return _pen_positions(font, _drawable(font, text))[1] / _SCALE


#: What stands for a character the font has no glyph for (a control character, say).
_MISSING = "?"


def _drawable(font: _Font, text: str) -> str:
    """``text`` with every character the font cannot draw (no glyph; a control character)
    replaced by :data:`_MISSING`, so measuring or drawing it never fails."""
    if text.isprintable() and all(ord(ch) in font.cmap for ch in text):
        return text
    return "".join(ch if ch.isprintable() and ord(ch) in font.cmap else _MISSING for ch in text)


def _pen_positions(font: _Font, text: str) -> tuple[list[float], float]:
    """Where each letter of ``text`` starts (kerned), and where the last one ends, in pixels."""
    starts = []
    pen = 0.0
    previous = None
    for char in text:
        name = font.cmap[ord(char)]
        if previous is not None:
            kern = font.kerning.get((previous, name), 0)
            if kern:
                pen += ((int(font.fixed(kern) * 64) + 32) & -64) / 64  # FreeType rounds kerning to pixels
        starts.append(pen)
        pen += font.advances.get(name, 0) * _SCALE / font.units
        previous = name
    return starts, pen


@cached(maxsize=1024)
def _glyph_path(font: _Font, name: str) -> tuple[list[list[float]], list[int]]:
    """The glyph's outline as FreeType decomposes it: moves, lines, quadratic curves (a
    control point and an end point each), a line back to the start where a contour ends
    on a line, closes; in pixels. Points are rounded to 64ths of a pixel first and the
    implied on-curve points between two controls are their midpoints after rounding, as
    FreeType computes them."""
    if font.prepared is not None:
        return font.prepared.path(name)
    pen = _FreeTypePen(font)
    font.glyphs[name].draw(pen)
    return pen.vertices, pen.codes


class _FreeTypePen:
    """A fontTools pen that records an outline in FreeType's 26.6 numbers (see
    :func:`_glyph_path`); components are drawn through their transformation."""

    def __init__(self, font: _Font) -> None:
        self.font = font
        self.vertices: list[list[float]] = []
        self.codes: list[int] = []
        self._start: tuple[int, int] | None = None
        self._current: tuple[int, int] | None = None
        self._offset = (0, 0)  # a component's shift, scaled and rounded on its own (26.6)

    def _fixed(self, point: tuple[float, float]) -> tuple[int, int]:
        return (int(self.font.fixed(point[0]) * 64) + self._offset[0],
                int(self.font.fixed(point[1]) * 64) + self._offset[1])

    def _emit(self, point: tuple[int, int], code: int) -> None:
        self.vertices.append([point[0] / 64, point[1] / 64])
        self.codes.append(code)

    def moveTo(self, pt: tuple[float, float]) -> None:  # noqa: N802 - fontTools' pen protocol
        self._start = self._current = self._fixed(pt)
        self._emit(self._current, _MOVETO)

    def lineTo(self, pt: tuple[float, float]) -> None:  # noqa: N802
        self._current = self._fixed(pt)
        self._emit(self._current, _LINETO)

    def qCurveTo(self, *points: tuple[float, float] | None) -> None:  # noqa: N802
        if points[-1] is None:  # a contour of control points only: its start is their first midpoint
            controls = [self._fixed(p) for p in points[:-1] if p is not None]
            start = _midpoint(controls[-1], controls[0])
            self.moveTo((0.0, 0.0))
            self.vertices[-1], self._start = [start[0] / 64, start[1] / 64], start
            fixed = controls + [start]
        else:
            fixed = [self._fixed(p) for p in points if p is not None]
        for k, control in enumerate(fixed[:-1]):
            end = _midpoint(control, fixed[k + 1]) if k + 2 < len(fixed) else fixed[-1]
            self._emit(control, _CURVE3)
            self._emit(end, _CURVE3)
            self._current = end

    def curveTo(self, *points: tuple[float, float]) -> None:  # noqa: N802
        # An OpenType (CFF) cubic, as two quadratics meeting at its midpoint.
        if self._current is None:
            return
        x0, y0 = self._current[0] / 64, self._current[1] / 64
        scale = self.font.units / _SCALE
        x0, y0 = x0 * scale, y0 * scale  # back to font units
        c1, c2, pt = points[-3], points[-2], points[-1]
        mid = ((x0 + 3 * c1[0] + 3 * c2[0] + pt[0]) / 8, (y0 + 3 * c1[1] + 3 * c2[1] + pt[1]) / 8)
        self.qCurveTo(((x0 + 3 * c1[0]) / 4, (y0 + 3 * c1[1]) / 4), mid)
        self.qCurveTo(((3 * c2[0] + pt[0]) / 4, (3 * c2[1] + pt[1]) / 4), pt)

    def closePath(self) -> None:  # noqa: N802
        if self._start is not None and self._current != self._start:
            self._emit(self._start, _LINETO)
        self.vertices.append([0.0, 0.0])
        self.codes.append(_CLOSEPOLY)
        self._start = self._current = None

    def endPath(self) -> None:  # noqa: N802
        self._start = self._current = None

    def addComponent(self, name: str, transformation: tuple[float, ...]) -> None:  # noqa: N802
        xx, xy, yx, yy, dx, dy = transformation
        if (xx, xy, yx, yy) == (1, 0, 0, 1):
            # FreeType scales a shifted component's points and its shift each on their own
            saved = self._offset
            self._offset = (saved[0] + int(self.font.fixed(dx) * 64), saved[1] + int(self.font.fixed(dy) * 64))
            self.font.glyphs[name].draw(self)
            self._offset = saved
            return
        from fontTools.pens.transformPen import TransformPen

        self.font.glyphs[name].draw(TransformPen(self, transformation))


def _midpoint(a: tuple[int, int], b: tuple[int, int]) -> tuple[int, int]:
    """FreeType's implied on-curve point: the halfway point in 26.6, truncated toward zero."""
    return tuple(int((p + q) / 2) for p, q in zip(a, b))  # type: ignore[return-value]


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
