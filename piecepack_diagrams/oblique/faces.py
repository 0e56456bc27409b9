"""Pictures drawn in the plane of a solid's side (a die's rank, a pawn's suit): glyph
outlines flattened to polygons and carried onto the side by the affine map from the side's
own upright coordinates to the drawing (which rank a die's side shows: see :mod:`.dice`)."""

from __future__ import annotations

import math
from functools import lru_cache
from typing import Sequence

from ..render.glyphs import suit_contours
from ..render.lettering import text_outline
from ..render.shapes import Contour, Point, Polygon, Primitive
from ..values import value
from .projection import Projection
from .solids import Face, Point3

#: Straight pieces a quadratic curve of a glyph is flattened into.
CURVE_STEPS = 4


@value
class FaceFrame:
    """A side's own coordinates as drawn: ``origin`` (the middle of its bottom edge) and the
    drawn images of one inch along it (``u``, to the right seen from outside) and up it (``v``);
    its ``width`` and ``height`` in inches."""

    origin: Point
    u: Point
    v: Point
    width: float
    height: float

    def at(self, a: float, b: float) -> Point:
        """Where the side's point ``a`` inches right of its middle, ``b`` up, is drawn."""
        return (self.origin[0] + a * self.u[0] + b * self.v[0], self.origin[1] + a * self.u[1] + b * self.v[1])


def face_frame(face: Face, projection: Projection) -> FaceFrame | None:
    """The frame of an upright four-cornered side (bottom edge first, as
    :func:`.solids.prism` makes them), None for any other face."""
    if len(face.points) != 4:
        return None
    p0, p1, _, p3 = face.points
    ex, ey = p1[0] - p0[0], p1[1] - p0[1]
    width = math.hypot(ex, ey)
    height = p3[2] - p0[2]
    if width <= 0 or height <= 0 or p1[2] != p0[2]:
        return None
    dx, dy = projection.shift
    mid: Point3 = ((p0[0] + p1[0]) / 2, (p0[1] + p1[1]) / 2, p0[2])
    origin = projection.points([mid])[0]
    return FaceFrame(origin, (ex / width, ey / width), (dx, dy), width, height)


def readable(frame: FaceFrame) -> FaceFrame:
    """The frame of a square side turned in its plane by the quarter turn (none, or one, two or
    three counter-clockwise) that shows a picture on it most nearly upright: its up drawn
    most nearly up the page and its right most nearly to the right. A die's rank on a side
    seen nearly edge on, drawn the side's own way up, can be drawn lying or sheared across
    the page; the side's rank is the same however it is turned (which it is: :mod:`.dice`)."""
    cx = frame.origin[0] + frame.height / 2 * frame.v[0]
    cy = frame.origin[1] + frame.height / 2 * frame.v[1]
    u, v = frame.u, frame.v
    best, merit = frame, -math.inf
    for turned in range(4):
        lu, lv = math.hypot(*u), math.hypot(*v)
        score = u[0] / lu + v[1] / lv
        if score > merit + 1e-9:
            half = frame.width / 2 if turned % 2 else frame.height / 2
            best = FaceFrame((cx - half * v[0], cy - half * v[1]), u, v,
                             frame.height if turned % 2 else frame.width, frame.width if turned % 2 else frame.height)
            merit = score
        u, v = v, (-u[0], -u[1])  # a quarter turn counter-clockwise in the side's plane
    return best


def glyph_polygons(frame: FaceFrame, what: str, glyph: str | int, size: float, ink: str, ground: str,
                   font_file: str = "", *, up: float = 0.5) -> list[Primitive]:
    """Text ``glyph`` (``what`` ``"text"``) or suit symbol number ``glyph`` (``"suit"``),
    ``size`` inches tall, centred ``up`` of the way up the side, in ``ink``: the outlines as
    polygons, the holes in them (counters) painted over in the side's colour ``ground``."""
    rings = _rings(what, glyph, font_file)
    if not rings:
        return []
    cx, cy = 0.0, up * frame.height
    fills: list[Primitive] = []
    holes: list[Primitive] = []
    for ring in rings:
        drawn = tuple(frame.at(cx + x * size, cy + y * size) for x, y in ring)
        # A hole is a ring inside an odd number of others (a glyph's parts may run either way
        # round, and touch: a ring is inside another when most of its corners are).
        if sum(2 * sum(_is_inside(p, other) for p in ring) > len(ring) for other in rings if other is not ring) % 2:
            holes.append(Polygon(drawn, ground, "none", 0.0))
        else:
            fills.append(Polygon(drawn, ink, "none", 0.0))
    return fills + holes


def _is_inside(at: Point, ring: Sequence[Point]) -> bool:
    """Whether ``at`` lies inside ``ring`` (even-odd: rays to the right crossing its edges)."""
    x, y = at
    inside = False
    for k in range(len(ring)):
        (x0, y0), (x1, y1) = ring[k - 1], ring[k]
        if (y0 > y) != (y1 > y) and x < x0 + (y - y0) * (x1 - x0) / (y1 - y0):
            inside = not inside
    return inside


@lru_cache(maxsize=256)
def _rings(what: str, glyph: str | int, font_file: str) -> tuple[tuple[Point, ...], ...]:
    """The glyph's outlines (em or symbol units, about its centre) as polygons."""
    contours = text_outline(str(glyph), font_file) if what == "text" else suit_contours(int(glyph))
    return tuple(r for r in (_flattened(c) for c in contours) if len(r) >= 3)


def _flattened(contour: Contour) -> tuple[Point, ...]:
    start, segments = contour
    out = [start]
    at = start
    for seg in segments:
        if len(seg) == 1:
            at = seg[0]
            out.append(at)
            continue
        (cx, cy), end = seg[0], seg[1]
        for k in range(1, CURVE_STEPS + 1):
            t = k / CURVE_STEPS
            s = 1 - t
            out.append((s * s * at[0] + 2 * s * t * cx + t * t * end[0],
                        s * s * at[1] + 2 * s * t * cy + t * t * end[1]))
        at = end
    return tuple(out)


__all__ = ["FaceFrame", "face_frame", "glyph_polygons", "readable"]
