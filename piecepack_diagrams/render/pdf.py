"""PDF output through reportlab: vector, true size, byte-identical on re-run
(``invariant=1``: no timestamps, fixed document id)."""

from __future__ import annotations

import io
from functools import lru_cache

from reportlab.lib.colors import Color, HexColor
from reportlab.pdfgen.canvas import Canvas

from ..scene import Scene
from ..theme import DEFAULT, Theme
from .geometry import POINTS_PER_INCH, PageGeometry
from .glyphs import suit_outline
from .primitives import BASELINE_DROP, Circle, Polygon, Polyline, Symbol, Text, scene_primitives


def render_pdf(scene: Scene, *, theme: Theme = DEFAULT, title: str = "") -> bytes:
    """The scene as a one-page PDF, one inch on the table to one inch on paper."""
    geo = PageGeometry.from_scene(scene, caption_size=theme.caption_size)
    out = io.BytesIO()
    canvas = Canvas(out, pagesize=(geo.width_pt, geo.height_pt), invariant=1, pageCompression=0)
    canvas.setTitle(title or scene.title or "piecepack diagram")
    canvas.setAuthor("piecepack-diagrams")
    canvas.setSubject(scene.caption or "piecepack diagram")
    canvas.setCreator("piecepack-diagrams")
    canvas.setLineJoin(1)
    canvas.setLineCap(1)
    if theme.page_background != "none":
        canvas.setFillColor(_colour(theme.page_background))
        canvas.rect(0, 0, geo.width_pt, geo.height_pt, stroke=0, fill=1)
    draw_primitives(canvas, scene, geo, theme)
    if scene.caption:
        cx, cy = geo.up(*geo.caption_centre())
        size = theme.caption_size * POINTS_PER_INCH
        canvas.setFillColor(_colour(theme.edge))
        canvas.setFont("Helvetica", size)
        lines = scene.caption.split("\n")
        for k, line in enumerate(lines):
            dy = (k - (len(lines) - 1) / 2) * size * 1.5
            canvas.drawCentredString(cx, cy - dy - size * BASELINE_DROP, line)
    canvas.showPage()
    canvas.save()
    return out.getvalue()


@lru_cache(maxsize=256)
def _colour(hex_colour: str) -> Color:
    return HexColor(hex_colour)


#: Suit symbols are drawn once per document, 100 units across, as form XObjects.
_FORM_UNITS = 100.0


def _define_symbol(canvas: Canvas, suit: int) -> str:
    name = f"suit{suit}"
    # The form sets no colour, so each use takes the fill colour in force where it is drawn.
    canvas.beginForm(name, lowerx=-60, lowery=-60, upperx=60, uppery=60)
    path = canvas.beginPath()
    for poly in suit_outline(suit):
        path.moveTo(poly[0][0] * _FORM_UNITS, poly[0][1] * _FORM_UNITS)
        for x, y in poly[1:]:
            path.lineTo(x * _FORM_UNITS, y * _FORM_UNITS)
        path.close()
    canvas.drawPath(path, stroke=0, fill=1)
    canvas.endForm()
    return name


def _path(canvas: Canvas, points: list[tuple[float, float]], *, closed: bool):  # noqa: ANN202
    path = canvas.beginPath()
    path.moveTo(*points[0])
    for point in points[1:]:
        path.lineTo(*point)
    if closed:
        path.close()
    return path


def draw_primitives(canvas: Canvas, scene: Scene, geo: PageGeometry, theme: Theme) -> None:
    """Draw a scene's primitives on a reportlab canvas through ``geo``."""
    up = geo.up
    forms: dict[int, str] = getattr(canvas, "_piecepack_forms", {})
    canvas._piecepack_forms = forms  # type: ignore[attr-defined]
    for prim in scene_primitives(scene, theme):
        if isinstance(prim, Polygon):
            path = _path(canvas, [up(*p) for p in prim.points], closed=True)
            fill = prim.fill != "none"
            stroke = prim.stroke != "none"
            if prim.opacity < 1:
                canvas.saveState()
                canvas.setFillAlpha(prim.opacity)
            if fill:
                canvas.setFillColor(_colour(prim.fill))
            if stroke:
                canvas.setStrokeColor(_colour(prim.stroke))
                canvas.setLineWidth(prim.width)
            canvas.drawPath(path, stroke=int(stroke), fill=int(fill))
            if prim.opacity < 1:
                canvas.restoreState()
        elif isinstance(prim, Circle):
            x, y = up(prim.cx, prim.cy)
            canvas.setFillColor(_colour(prim.fill))
            canvas.setStrokeColor(_colour(prim.stroke))
            canvas.setLineWidth(prim.width)
            canvas.circle(x, y, prim.r * POINTS_PER_INCH, stroke=1, fill=int(prim.fill != "none"))
        elif isinstance(prim, Polyline):
            path = _path(canvas, [up(*p) for p in prim.points], closed=False)
            canvas.setStrokeColor(_colour(prim.stroke))
            canvas.setLineWidth(prim.width)
            canvas.drawPath(path, stroke=1, fill=0)
        elif isinstance(prim, Text):
            x, y = up(prim.x, prim.y)
            size = prim.size * POINTS_PER_INCH
            canvas.saveState()
            canvas.translate(x, y)
            if prim.angle:
                canvas.rotate(prim.angle)
            canvas.setFillColor(_colour(prim.colour))
            canvas.setFont(theme.pdf_font, size)
            canvas.drawCentredString(0, -size * BASELINE_DROP, prim.text)
            canvas.restoreState()
        elif isinstance(prim, Symbol):
            x, y = up(prim.x, prim.y)
            canvas.saveState()
            canvas.translate(x, y)
            if prim.angle:
                canvas.rotate(prim.angle)
            scale = prim.size * POINTS_PER_INCH / _FORM_UNITS
            canvas.scale(scale, scale)
            canvas.setFillColor(_colour(prim.colour))
            if prim.suit not in forms:
                forms[prim.suit] = _define_symbol(canvas, prim.suit)
            canvas.doForm(forms[prim.suit])
            canvas.restoreState()
