"""PDF output through reportlab: vector, true size, byte-identical on re-run
(``invariant=1``: no timestamps, fixed document id).

Primitives are merged into batches (see :mod:`.batch`): one PDF path per batch
of shapes. Suit symbols, ranks and labels are filled outlines (ranks and labels
in the same DejaVu Sans Bold as SVG and PNG, see :mod:`.lettering`); only the
caption is PDF text, in a font embedded in the file (:mod:`.fonts`).
Pieces are drawn in a coordinate system of hundredths of a point, so path
coordinates are whole numbers written straight into the content stream.
"""

from __future__ import annotations

import io
import math
from functools import lru_cache
from typing import Callable, Sequence

from reportlab.lib.colors import Color, HexColor
from reportlab.pdfgen.canvas import Canvas

from ..scene import Scene
from ..theme import DEFAULT, Theme
from .caches import cached
from .fonts import pdf_font, textless_font
from .batch import Lines, PlacedPoints, Shapes, Symbols, Texts, batch_stamps
from ..layout.compose import LaidOut, as_laid_out
from .geometry import CAPTION_LEADING, POINTS_PER_INCH, PageGeometry
from .glyphs import suit_contours
from .lettering import text_outline
from .primitives import Placed, scene_stamps
from .reproducible import reproducible_pdf
from .shapes import BASELINE_DROP, Contour

#: Drawing units per point inside :func:`draw_scene`.
UNITS_PER_POINT = 100
_PER_INCH = POINTS_PER_INCH * UNITS_PER_POINT
#: A quarter circle as a cubic Bézier: control points this fraction of the radius out.
_KAPPA = 4 * (math.sqrt(2) - 1) / 3


@reproducible_pdf
def render_pdf(scene: Scene | LaidOut, *, theme: Theme = DEFAULT, title: str = "", scale: float | None = None,
               box: tuple[float, float] | None = None, framing: str = "whole") -> bytes:
    """The scene as a one-page PDF, laid out first (see
    :func:`~piecepack_diagrams.layout.lay_out`; ``scale``, ``box`` and ``framing`` go to it)
    unless it already is; at true size unless it is larger than a letter page's text block."""
    laid = as_laid_out(scene, theme=theme, scale=scale, box=box, framing=framing)
    scene = laid.scene
    geo = PageGeometry.from_scene(scene, caption_size=theme.caption_size, scale=laid.scale)
    out = io.BytesIO()
    # The caption sets its font (the embedded one) itself; a drawing without words reads no font file.
    canvas = Canvas(out, pagesize=(geo.width_pt, geo.height_pt), invariant=1, pageCompression=0,
                    initialFontName=textless_font())  # type: ignore[arg-type]  # types-reportlab says a number; it is the font's name
    canvas.setTitle(title or scene.title or "piecepack diagram")
    canvas.setAuthor("piecepack-diagrams")
    canvas.setSubject(scene.caption or "piecepack diagram")
    canvas.setCreator("piecepack-diagrams")
    draw_drawing(canvas, laid, theme)
    canvas.showPage()
    canvas.save()
    return out.getvalue()


def drawing_size(laid: LaidOut, theme: Theme = DEFAULT) -> tuple[float, float]:
    """The printed size (inches) of a laid-out drawing with its caption, as :func:`render_pdf`
    makes its page."""
    geo = PageGeometry.from_scene(laid.scene, caption_size=theme.caption_size, scale=laid.scale)
    return geo.width_pt / POINTS_PER_INCH, geo.height_pt / POINTS_PER_INCH


def draw_drawing(canvas: Canvas, laid: LaidOut, theme: Theme = DEFAULT) -> None:
    """Draw a laid-out drawing and its caption with the page's lower left corner at the
    canvas's origin (a proof sheet scales the canvas first to draw it reduced)."""
    scene = laid.scene
    geo = PageGeometry.from_scene(scene, caption_size=theme.caption_size, scale=laid.scale)
    canvas.saveState()
    canvas.setLineJoin(1)
    canvas.setLineCap(1)
    if theme.page_background != "none":
        canvas.setFillColor(pdf_colour(theme.page_background))
        canvas.rect(0, 0, geo.width_pt, geo.height_pt, stroke=0, fill=1)
    canvas.saveState()
    canvas.scale(laid.scale, laid.scale)
    draw_scene(canvas, scene, geo, theme, drawn=laid.drawn)
    canvas.restoreState()
    if scene.caption:
        cx, cy = geo.up(*geo.caption_centre())
        cx, cy = cx * laid.scale, cy * laid.scale
        size = theme.caption_size * POINTS_PER_INCH
        canvas.setFillColor(pdf_colour(theme.edge))
        canvas.setFont(pdf_font(theme.pdf_font), size)
        lines = geo.lines
        for k, line in enumerate(lines):
            dy = (k - (len(lines) - 1) / 2) * size * CAPTION_LEADING
            canvas.drawCentredString(cx, cy - dy - size * BASELINE_DROP, line)
    canvas.restoreState()


@lru_cache(maxsize=256)
def pdf_colour(hex_colour: str) -> Color:
    """A reportlab colour for ``#RRGGBB`` (cached)."""
    return HexColor(hex_colour)


def _outline_ops(contours: tuple[Contour, ...], size_pt: float, angle: float) -> str:
    """Path operators for outlines scaled to ``size_pt`` and turned ``angle`` degrees,
    about the origin, in drawing units; quadratic segments become cubic ones."""
    c, s = math.cos(math.radians(angle)), math.sin(math.radians(angle))
    scale = size_pt * UNITS_PER_POINT

    def at(p: tuple[float, float]) -> tuple[float, float]:
        return (p[0] * c - p[1] * s) * scale, (p[0] * s + p[1] * c) * scale

    ops = []
    for start, segments in contours:
        cx, cy = at(start)
        ops.append(f"{cx:.0f} {cy:.0f} m")
        for segment in segments:
            if len(segment) == 1:
                cx, cy = at(segment[0])
                ops.append(f"{cx:.0f} {cy:.0f} l")
            else:
                (qx, qy), (ex, ey) = at(segment[0]), at(segment[1])
                ops.append(f"{cx + 2 * (qx - cx) / 3:.0f} {cy + 2 * (qy - cy) / 3:.0f} "
                           f"{ex + 2 * (qx - ex) / 3:.0f} {ey + 2 * (qy - ey) / 3:.0f} {ex:.0f} {ey:.0f} c")
                cx, cy = ex, ey
        ops.append("h")
    return " ".join(ops).replace("-0 ", "0 ")


@cached(maxsize=1024)
def _symbol_ops(suit: int, size_pt: float, angle: float) -> str:
    return _outline_ops(suit_contours(suit), size_pt, angle)


@cached(maxsize=4096)
def _text_ops(text: str, size_pt: float, angle: float, font_file: str) -> str:
    return _outline_ops(text_outline(text, font_file), size_pt, angle)


@cached(maxsize=4096)
def _offsets(points: tuple[tuple[float, float], ...]) -> tuple[tuple[int, int], ...]:
    return tuple((round(x * _PER_INCH), round(y * _PER_INCH)) for x, y in points)


class _Pen:
    """Table inches to whole drawing units, and the colours and width last set, so
    reportlab is only asked to change what changes."""

    def __init__(self, canvas: Canvas, geo: PageGeometry) -> None:
        self.canvas = canvas
        self.x0 = geo.bounds.x0
        self.y0 = geo.bounds.y0 - geo.caption_height
        self.fill = self.stroke = ""
        self.width = -1.0

    def xy(self, x: float, y: float) -> tuple[int, int]:
        return round((x - self.x0) * _PER_INCH), round((y - self.y0) * _PER_INCH)

    def path(self, placed: PlacedPoints, *, closed: bool) -> str:
        points, dx, dy = placed
        x, y = self.xy(dx, dy)
        coords = [f"{x + ox} {y + oy}" for ox, oy in _offsets(points)]
        return coords[0] + " m " + " l ".join(coords[1:]) + (" l h" if closed else " l")

    def set_fill(self, colour: str) -> None:
        if colour != self.fill:
            self.canvas.setFillColor(pdf_colour(colour))
            self.fill = colour

    def set_stroke(self, colour: str, width: float) -> None:
        if colour != self.stroke:
            self.canvas.setStrokeColor(pdf_colour(colour))
            self.stroke = colour
        if width != self.width:
            self.canvas.setLineWidth(width * UNITS_PER_POINT)
            self.width = width

    def forget(self) -> None:
        """After a restored graphics state, the colours in force are no longer known."""
        self.fill = self.stroke = ""
        self.width = -1.0


def _circle_ops(x: int, y: int, r: int) -> str:
    k = round(r * _KAPPA)
    return (f"{x + r} {y} m {x + r} {y + k} {x + k} {y + r} {x} {y + r} c "
            f"{x - k} {y + r} {x - r} {y + k} {x - r} {y} c "
            f"{x - r} {y - k} {x - k} {y - r} {x} {y - r} c "
            f"{x + k} {y - r} {x + r} {y - k} {x + r} {y} c h")


def draw_scene(canvas: Canvas, scene: Scene, geo: PageGeometry, theme: Theme, *,
               drawn: Sequence[Placed] | None = None) -> None:
    """Draw a laid-out scene's pieces and annotations on a reportlab canvas through ``geo``,
    in table points (the caller scales the canvas by ``geo.scale``), clipped to the scene's
    frame.

    Leaves the canvas's graphics state as it found it.
    """
    canvas.saveState()
    canvas.scale(1 / UNITS_PER_POINT, 1 / UNITS_PER_POINT)
    pen = _Pen(canvas, geo)
    if scene.frame is not None:
        # Nothing of a cropped board may spill out of its frame (onto a neighbouring cell).
        (fx0, fy0), (fx1, fy1) = pen.xy(scene.frame.x0, scene.frame.y0), pen.xy(scene.frame.x1, scene.frame.y1)
        canvas.addLiteral(f"{fx0} {fy0} {fx1 - fx0} {fy1 - fy0} re W n")
    for batch in batch_stamps(scene_stamps(scene, theme, geo.scale) if drawn is None else drawn):
        if isinstance(batch, Shapes):
            _draw_shapes(canvas, pen, batch)
        elif isinstance(batch, Lines):
            pen.set_stroke(batch.stroke, batch.width)
            canvas.addLiteral(" ".join(pen.path(line, closed=False) for line in batch.polylines) + " S")
        elif isinstance(batch, Texts):
            size = round(batch.size * POINTS_PER_INCH, 4)
            _fill_outlines(canvas, pen, batch.colour, [(_text_ops(text, size, angle % 360, theme.lettering_font), x, y)
                                                       for x, y, text, angle in batch.items])
        elif isinstance(batch, Symbols):
            _fill_outlines(canvas, pen, batch.colour,
                           [(_symbol_ops(suit, round(size * POINTS_PER_INCH, 4), angle % 360), x, y)
                            for suit, x, y, size, angle in batch.items])
    canvas.restoreState()


def _draw_shapes(canvas: Canvas, pen: _Pen, batch: Shapes) -> None:
    fill, stroke = batch.fill != "none", batch.stroke != "none"
    if not fill and not stroke:
        return
    translucent = fill and batch.opacity < 1
    if translucent:
        canvas.saveState()
        pen.forget()
    if fill:
        pen.set_fill(batch.fill)
    if translucent:
        # After the colour: reportlab's setFillColor resets the alpha to the colour's own.
        canvas.setFillAlpha(batch.opacity)
    if stroke:
        pen.set_stroke(batch.stroke, batch.width)
    paint = "B" if fill and stroke else "f" if fill else "S"
    ops = [pen.path(poly, closed=True) for poly in batch.polygons]
    shared = _outline_forms(canvas) is not None
    if not shared:
        ops += [_circle_ops(*pen.xy(cx, cy), round(r * _PER_INCH)) for cx, cy, r in batch.circles]
    if ops:
        canvas.addLiteral(" ".join(ops) + " " + paint)
    if shared:
        # In a document of many diagrams, circles (discs, coins, gems) recur by the thousand:
        # each size is a form, painted with the colours in force, placed by a translation.
        for cx, cy, r in batch.circles:
            radius = round(r * _PER_INCH)
            _place_form(canvas, pen, f"circle {radius} {paint}",
                        lambda: f"{_circle_ops(0, 0, radius)} {paint}", cx, cy)  # noqa: B023 - called at once
    if translucent:
        canvas.restoreState()
        pen.forget()


def _fill_outlines(canvas: Canvas, pen: _Pen, colour: str, items: list[tuple[str, float, float]]) -> None:
    # Each outline is cached about the origin and moved into place by a translation. In a
    # document of many diagrams it is a form, drawn once and placed wherever it recurs (it
    # takes the fill colour in force).
    pen.set_fill(colour)
    if _outline_forms(canvas) is None:
        canvas.addLiteral(" ".join(f"q 1 0 0 1 {px} {py} cm {path} f Q"
                                   for path, (px, py) in ((p, pen.xy(x, y)) for p, x, y in items)))
        return
    for path, x, y in items:
        _place_form(canvas, pen, path, lambda: f"{path} f", x, y)  # noqa: B023 - called at once


def _place_form(canvas: Canvas, pen: _Pen, key: str, operators: Callable[[], str], x: float, y: float) -> None:
    """Draw the canvas's form for ``key`` (defined from ``operators()`` the first time) with
    its origin at table point ``(x, y)``."""
    forms = _outline_forms(canvas)
    assert forms is not None
    name = forms.get(key)
    if name is None:
        name = forms[key] = f"outline{len(forms)}"
        canvas.beginForm(name, -_FORM_REACH, -_FORM_REACH, _FORM_REACH, _FORM_REACH)
        canvas.addLiteral(operators())
        canvas.endForm()
    px, py = pen.xy(x, y)
    canvas.addLiteral(f"q 1 0 0 1 {px} {py} cm")
    canvas.doForm(name)
    canvas.addLiteral("Q")


#: How far (in drawing units) an outline form may reach from its origin.
_FORM_REACH = 10 ** 6


def share_forms(canvas: Canvas) -> None:
    """Have :func:`draw_scene` draw recurring outlines and circles on ``canvas`` as forms,
    defined once: for documents of many diagrams (a one-diagram page is quicker without)."""
    canvas._piecepack_outline_forms = {}  # type: ignore[attr-defined]


def _outline_forms(canvas: Canvas) -> dict[str, str] | None:
    """The forms ``canvas`` has defined (path operators -> form name), or None if it
    does not share forms."""
    return getattr(canvas, "_piecepack_outline_forms", None)


__all__ = ["draw_drawing", "draw_scene", "drawing_size", "pdf_colour", "render_pdf", "share_forms"]
