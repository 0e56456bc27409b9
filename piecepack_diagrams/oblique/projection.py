"""The oblique projection piecepackr's ``op_transform`` makes: a point ``z`` inches up is
drawn ``depth * z`` inches from where it stands, towards ``angle`` degrees
(counter-clockwise from the x axis). So the viewer looks along ``(c, s, -1/depth)``-ish
lines from the side opposite ``angle``, and sees the tops and the sides facing away from
``angle``."""

from __future__ import annotations

import math
from functools import lru_cache
from typing import Iterable

from ..errors import OptionError
from ..pieces import Piece
from ..scene import ScenePiece
from ..values import value
from .solids import Face, Point3, Solid, placed_outline

Point = tuple[float, float]

#: The depth scales a drawing may ask for (piecepackr's op_scale): above 0, at most this.
MAX_DEPTH = 4.0
#: The views a drawing may ask for.
VIEWS = ("flat", "oblique")


@value
class Projection:
    """An oblique projection: ``angle`` degrees, ``depth`` (piecepackr's ``op_scale``)."""

    angle: float = 45.0
    depth: float = 0.5

    @property
    def shift(self) -> Point:
        """How far one inch of height moves a point on the drawing."""
        a = math.radians(self.angle)
        return self.depth * math.cos(a), self.depth * math.sin(a)

    @property
    def towards_viewer(self) -> Point3:
        """A direction in which every point projects to the same place, pointing at the viewer
        (up): its height measures nearness."""
        dx, dy = self.shift
        return -dx, -dy, 1.0

    def point(self, p: Point3) -> Point:
        """Where table point ``p`` is drawn."""
        dx, dy = self.shift
        return p[0] + p[2] * dx, p[1] + p[2] * dy

    def points(self, points: Iterable[Point3]) -> list[Point]:
        """Where table points ``points`` are drawn."""
        dx, dy = self.shift
        return [(x + z * dx, y + z * dy) for x, y, z in points]

    def face(self, face: Face) -> tuple[Point, ...]:
        """The face as drawn."""
        return tuple(self.points(face.points))

    def is_facing(self, face: Face) -> bool:
        """Whether the viewer sees the outside of ``face``."""
        n = face.normal
        w = self.towards_viewer
        return n[0] * w[0] + n[1] * w[1] + n[2] * w[2] > 1e-12

    def outline(self, solid: Solid) -> tuple[Point, ...]:
        """The solid's outline as drawn (the hull of its projected corners), counter-clockwise."""
        from .polygons import hull

        if solid.is_part or solid.is_mark:
            return hull(self.points({p for f in solid.faces for p in f.points}))
        # A whole piece is an upright prism: its outline is its kind's, moved.
        p = solid.piece
        dx, dy = self.shift
        ox, oy = p.x + solid.base * dx, p.y + solid.base * dy
        return tuple((ox + x, oy + y) for x, y in _prism_outline(p.piece, p.angle, solid.top - solid.base, self))

    def span(self, solid: Solid, at: Point) -> tuple[float, float] | None:
        """The heights (``z`` of the point on the line of sight) between which the line of sight
        drawn at ``at`` passes through ``solid``; None when it misses it."""
        w = self.towards_viewer
        lo, hi = -math.inf, math.inf
        for f in solid.faces:
            n = f.normal
            p0 = f.points[0]
            # n . (at + t w - p0) <= 0 inside.
            base = n[0] * (at[0] - p0[0]) + n[1] * (at[1] - p0[1]) - n[2] * p0[2]
            slope = n[0] * w[0] + n[1] * w[1] + n[2] * w[2]
            if abs(slope) < 1e-15:
                if base > 1e-12:
                    return None
                continue
            t = -base / slope
            if slope > 0:
                hi = min(hi, t)
            else:
                lo = max(lo, t)
        return (lo, hi) if lo <= hi else None


def parse_projection(*, angle: object, depth: object) -> Projection:
    """The projection ``angle`` (degrees, 0 to 360) and ``depth`` (above 0, at most
    :data:`MAX_DEPTH`) ask for.

    Raises :class:`~piecepack_diagrams.errors.OptionError` naming the value out of range."""
    for name, given in (("angle", angle), ("depth", depth)):
        if isinstance(given, bool) or not isinstance(given, (int, float)) or not math.isfinite(given):
            raise OptionError(f"the oblique view's {name} {given!r}", token=str(given), expected="a number")
    assert isinstance(angle, (int, float)) and isinstance(depth, (int, float))
    if not 0 <= angle <= 360:
        raise OptionError(f"an oblique angle of {angle} degrees", token=str(angle), expected="0 to 360 degrees")
    if not 0 < depth <= MAX_DEPTH:
        raise OptionError(f"an oblique depth scale of {depth}", token=str(depth),
                          expected=f"a depth scale above 0, at most {MAX_DEPTH:g}")
    return Projection(float(angle) % 360, float(depth))


def parse_view(*, view: object, angle: object = 45.0, depth: object = 0.5) -> Projection | None:
    """None for ``view`` ``"flat"``; for ``"oblique"``, the projection ``angle`` and ``depth``
    ask for (see :func:`parse_projection`).

    Raises :class:`~piecepack_diagrams.errors.OptionError` for another view, or an angle or
    depth out of range."""
    if view not in VIEWS:
        raise OptionError(f"a view named '{view}'", token=str(view), expected="flat or oblique")
    return parse_projection(angle=angle, depth=depth) if view == "oblique" else None


@lru_cache(maxsize=1024)
def _prism_outline(piece: Piece, angle: float, tall: float, projection: Projection) -> tuple[Point, ...]:
    """The outline of ``piece`` turned ``angle`` degrees, ``tall`` inches high, standing on
    the table at the origin, as ``projection`` draws it."""
    from .polygons import hull

    foot = placed_outline(ScenePiece(piece, 0.0, 0.0, angle))
    return hull(projection.points([(x, y, z) for x, y in foot for z in (0.0, tall)]))


__all__ = ["MAX_DEPTH", "VIEWS", "Projection", "parse_projection", "parse_view"]
