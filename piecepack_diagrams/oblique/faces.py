"""Pictures drawn in the plane of a solid's side (a die's rank, a pawn's suit): glyph
outlines flattened to polygons and carried onto the side by the affine map from the side's
own upright coordinates to the drawing; and which rank each side of a die shows."""

from __future__ import annotations

import math
from functools import lru_cache

from ..render.glyphs import suit_contours
from ..render.lettering import text_outline
from ..render.shapes import Contour, Point, Polygon, Primitive
from ..values import value
from .polygons import area
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


def glyph_polygons(frame: FaceFrame, what: str, glyph: str | int, size: float, ink: str, ground: str,
                   font_file: str = "", *, up: float = 0.5) -> list[Primitive]:
    """Text ``glyph`` (``what`` ``"text"``) or suit symbol number ``glyph`` (``"suit"``),
    ``size`` inches tall, centred ``up`` of the way up the side, in ``ink``: the outlines as
    polygons, the holes in them (counters) painted over in the side's colour ``ground``."""
    rings = _rings(what, glyph, font_file)
    if not rings:
        return []
    cx, cy = 0.0, up * frame.height
    outer = max(rings, key=lambda r: abs(area(r)))
    sign = area(outer) > 0
    fills: list[Primitive] = []
    holes: list[Primitive] = []
    for ring in rings:
        drawn = tuple(frame.at(cx + x * size, cy + y * size) for x, y in ring)
        if (area(ring) > 0) == sign:
            fills.append(Polygon(drawn, ink, "none", 0.0))
        else:
            holes.append(Polygon(drawn, ground, "none", 0.0))
    return fills + holes


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


#: A piecepack die's ranks (1-based: 1 the null) by direction, as on a right-handed die (1, 2
#: and 3 counter-clockwise round their corner, opposite faces adding up to 7): up, then the
#: sides towards +x, +y, -x, -y of the die.
_UPRIGHT = {"up": 1, "down": 6, "+x": 3, "-x": 4, "+y": 5, "-y": 2}


@lru_cache(maxsize=8)
def _sides_round(top: int) -> tuple[int, int, int, int]:
    """The ranks on the +x, +y, -x, -y sides of a die showing ``top`` (its smallest front
    rank towards -y, as a die placed by hand is usually read)."""
    best: tuple[int, int, int, int] | None = None
    for orient in _orientations():
        if orient["up"] == top:
            ring = (orient["+x"], orient["+y"], orient["-x"], orient["-y"])
            if best is None or ring[3] < best[3]:
                best = ring
    assert best is not None
    return best


def _orientations() -> list[dict[str, int]]:
    """The die's 24 orientations (turns about x and z, repeated)."""
    def about_x(o: dict[str, int]) -> dict[str, int]:  # up -> -y -> down -> +y -> up
        return {**o, "-y": o["up"], "down": o["-y"], "+y": o["down"], "up": o["+y"]}

    def about_z(o: dict[str, int]) -> dict[str, int]:  # +x -> +y -> -x -> -y -> +x
        return {**o, "+y": o["+x"], "-x": o["+y"], "-y": o["-x"], "+x": o["-y"]}

    seen: list[dict[str, int]] = []
    todo = [dict(_UPRIGHT)]
    while todo:
        o = todo.pop()
        if o in seen:
            continue
        seen.append(o)
        todo.extend((about_x(o), about_z(o)))
    return seen


def side_rank(top: int, normal: Point3 | tuple[float, ...], angle: float) -> int:
    """The rank on the side of outward ``normal`` of a die showing ``top``, turned ``angle`` degrees."""
    facing = math.degrees(math.atan2(normal[1], normal[0])) - angle
    return _sides_round(top)[round(facing / 90) % 4]


__all__ = ["FaceFrame", "face_frame", "glyph_polygons", "side_rank"]
