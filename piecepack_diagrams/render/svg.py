"""SVG output: vector, deterministic, one element per batch.

Primitives are merged into batches (see :mod:`.batch`), so a board of 24
tiles is one ``<path>`` of tile outlines rather than 24 polygons. Ranks and
labels are drawn as glyph outlines (see :mod:`.lettering`), each batch's
text kept in its ``aria-label``; only the caption is SVG text.

The user unit is a hundredth of a point (the ``viewBox`` is 100 times the page
size in points), so every coordinate is a whole number: exact, compact, and
the same bytes on every platform.
"""

from __future__ import annotations

import math

from ..scene import Scene
from ..textsafe import xml_text
from ..theme import DEFAULT, Theme
from .caches import IdentityCache, cached
from .batch import Lines, PlacedPoints, Shapes, Symbols, Texts, batch_stamps
from ..layout.compose import LaidOut, as_laid_out
from .geometry import CAPTION_LEADING, POINTS_PER_INCH, PageGeometry
from .glyphs import suit_contours
from .lettering import text_outline
from .primitives import laid_stamps
from .shapes import BASELINE_DROP, Contour, Point
from .svgtree import Element, add_element, add_title, svg_root, svg_text

#: User units per point.
UNITS_PER_POINT = 100
_PER_INCH = POINTS_PER_INCH * UNITS_PER_POINT

Part = tuple[int, int, str]  # a path: start offset x, y (units, y down) and the relative path after it


def _pt(value: float) -> str:
    """A length in points as user units."""
    return str(round(value * UNITS_PER_POINT))


class _Page:
    """Table inches to whole user units, y down."""

    __slots__ = ("x0", "y1")

    def __init__(self, geo: PageGeometry) -> None:
        self.x0, self.y1 = geo.bounds.x0, geo.bounds.y1

    def xy(self, x: float, y: float) -> tuple[int, int]:
        return round((x - self.x0) * _PER_INCH), round((self.y1 - y) * _PER_INCH)

    def polygon(self, placed: PlacedPoints) -> str:
        points, dx, dy = placed
        return _place(_polygon_part(points), self.xy(dx, dy))

    def polyline(self, placed: PlacedPoints) -> str:
        points, dx, dy = placed
        return _place(_polyline_part(points), self.xy(dx, dy))


def _relative(contours: tuple[Contour, ...], size_pt: float, angle: float) -> Part:
    """The contours scaled to ``size_pt`` and turned ``angle`` degrees, as one :data:`Part`:
    after each ``Z`` the pen is back at that contour's start, so the next contour begins
    with a relative ``m`` and the whole is placed with one absolute move."""
    c, s = math.cos(math.radians(angle)), math.sin(math.radians(angle))
    scale = size_pt * UNITS_PER_POINT

    def offset(p: tuple[float, float]) -> tuple[int, int]:
        return round((p[0] * c - p[1] * s) * scale), round(-(p[0] * s + p[1] * c) * scale)

    pieces: list[str] = []
    origin: tuple[int, int] | None = None
    previous = (0, 0)
    for start, segments in contours:
        # Offsets are rounded before differencing, so the relative steps add up exactly.
        current = first = offset(start)
        if origin is None:
            origin = first
        else:
            pieces.append(f"m{first[0] - previous[0]},{first[1] - previous[1]}")
        out, command = [], ""
        for segment in segments:
            points = [offset(p) for p in segment]
            letter = "l" if len(points) == 1 else "q"
            steps = " ".join(f"{x - current[0]},{y - current[1]}" for x, y in points)
            out.append(steps if letter == command else letter + steps)
            command, current = letter, points[-1]
        pieces.append(" ".join(out) + "Z")
        previous = first
    if origin is None:
        return 0, 0, ""
    return origin[0], origin[1], "".join(pieces)


def _points_part(points: tuple[tuple[float, float], ...], closed: bool) -> Part:
    offsets = [(round(x * _PER_INCH), -round(y * _PER_INCH)) for x, y in points]
    (x0, y0), rest = offsets[0], offsets[1:]
    steps, (cx, cy) = [], (x0, y0)
    for x, y in rest:
        steps.append(f"{x - cx},{y - cy}")
        cx, cy = x, y
    return x0, y0, "l" + " ".join(steps) + ("Z" if closed else "")


# A stamp's point tuples are shared by every placement of it, so they are looked up by identity.
_polygon_part: IdentityCache[tuple[Point, ...], Part] = IdentityCache(lambda points: _points_part(points, True),
                                                                      maxsize=16384)
_polyline_part: IdentityCache[tuple[Point, ...], Part] = IdentityCache(lambda points: _points_part(points, False),
                                                                       maxsize=4096)


@cached(maxsize=1024)
def _symbol_parts(suit: int, size_pt: float, angle: float) -> Part:
    return _relative(suit_contours(suit), size_pt, angle)


@cached(maxsize=4096)
def _text_parts(text: str, size_pt: float, angle: float, font_file: str) -> Part:
    return _relative(text_outline(text, font_file), size_pt, angle)


def _place(part: Part, at: tuple[int, int]) -> str:
    ox, oy, rest = part
    return f"M{at[0] + ox},{at[1] + oy}{rest}" if rest else ""


def _shapes_path(batch: Shapes, page: _Page) -> str:
    # As page.polygon gives each, written out: the oblique view's many batches make this hot.
    x0, y1, part_of = page.x0, page.y1, _polygon_part
    d = []
    for points, dx, dy in batch.polygons:
        ox, oy, rest = part_of(points)
        if rest:
            d.append(f"M{round((dx - x0) * _PER_INCH) + ox},{round((y1 - dy) * _PER_INCH) + oy}{rest}")
    for cx, cy, r in batch.circles:
        x, y = page.xy(cx, cy)
        rr = round(r * _PER_INCH)
        d.append(f"M{x - rr},{y}a{rr},{rr} 0 1 0 {2 * rr},0a{rr},{rr} 0 1 0 {-2 * rr},0Z")
    return "".join(d)


def _symbols_path(batch: Symbols, page: _Page) -> str:
    return "".join(_place(_symbol_parts(suit, round(size * POINTS_PER_INCH, 4), angle % 360), page.xy(x, y))
                   for suit, x, y, size, angle in batch.items)


def _texts_path(batch: Texts, page: _Page, font_file: str) -> str:
    size = round(batch.size * POINTS_PER_INCH, 4)
    return "".join(_place(_text_parts(text, size, angle % 360, font_file), page.xy(x, y))
                   for x, y, text, angle in batch.items)


def _width(points: float) -> str:
    # Line widths keep a hundredth of a unit: hairlines must not round to nothing.
    text = f"{points * UNITS_PER_POINT:.2f}".rstrip("0").rstrip(".")
    return text or "0"


def render_svg(scene: Scene | LaidOut, *, theme: Theme = DEFAULT, scale: float | None = None,
               box: tuple[float, float] | None = None, framing: str = "whole", width: int | None = None) -> str:
    """The scene as an SVG document (a string), sized in printed points (with ``width``: that
    many pixels wide, as tall as the drawing is at that width): laid out first
    (see :func:`~piecepack_diagrams.layout.lay_out`; ``scale``, ``box`` and ``framing`` go
    to it) unless it already is.

    The same scene, theme and options always give the same bytes.
    """
    laid = as_laid_out(scene, theme=theme, scale=scale, box=box, framing=framing)
    scene = laid.scene
    geo = PageGeometry.from_scene(scene, caption_size=theme.caption_size, scale=laid.scale)
    page = _Page(geo)
    w, h = geo.width * POINTS_PER_INCH, geo.height * POINTS_PER_INCH  # table points: the viewBox
    pw, ph = geo.width_pt, geo.height_pt  # printed points: the size
    printed = (f"{pw:.2f}pt".replace(".00pt", "pt"), f"{ph:.2f}pt".replace(".00pt", "pt")) if width is None else (
        str(width), f"{width * ph / pw:.2f}".rstrip("0").rstrip("."))
    root = svg_root(width=printed[0], height=printed[1], view_box=f"0 0 {_pt(w)} {_pt(h)}")
    if scene.title:
        add_title(root, xml_text(scene.title))
    if theme.page_background != "none":
        add_element(root, "rect", x="0", y="0", width=_pt(w), height=_pt(h), fill=theme.page_background)
    body = add_element(root, "g", stroke_linecap="round", stroke_linejoin="round")
    paths = body.children
    # Each path's attributes are written in svgwrite's order (by name) as they are made.
    for batch in batch_stamps(laid_stamps(laid, theme)):
        if isinstance(batch, Shapes):
            attrs = {"d": _shapes_path(batch, page), "fill": batch.fill}
            if batch.opacity < 1:
                attrs["fill-opacity"] = f"{batch.opacity:.3g}"
            attrs["stroke"] = batch.stroke
            if batch.stroke != "none":
                attrs["stroke-width"] = _width(batch.width)
        elif isinstance(batch, Lines):
            attrs = {"d": "".join(page.polyline(line) for line in batch.polylines), "fill": "none",
                     "stroke": batch.stroke, "stroke-width": _width(batch.width)}
        elif isinstance(batch, Texts):
            # Outlined, so the letters are the same on every machine; the label keeps them readable.
            attrs = {"aria-label": xml_text(" ".join(item[2] for item in batch.items)),
                     "d": _texts_path(batch, page, theme.lettering_font), "fill": batch.colour}
        elif isinstance(batch, Symbols):
            attrs = {"d": _symbols_path(batch, page), "fill": batch.colour}
        else:
            continue
        paths.append(Element("path", attrs))
    if scene.caption:
        cx, cy = geo.down(*geo.caption_centre())
        size = theme.caption_size * POINTS_PER_INCH / laid.scale
        lines = geo.lines
        for k, line in enumerate(lines):
            dy = (k - (len(lines) - 1) / 2) * size * CAPTION_LEADING
            add_element(root, "text", xml_text(line), x=_pt(cx), y=_pt(cy + dy + size * BASELINE_DROP),
                        fill=theme.edge, font_size=_pt(size), font_family=theme.font_family, text_anchor="middle")
    return svg_text(root)
