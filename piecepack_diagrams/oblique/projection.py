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
        return _shift(self.angle, self.depth)

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

        shape = self.shape(solid)
        if shape is not None:  # an upright prism's outline is its shape's, moved
            ox, oy = self.offset(solid)
            return tuple((ox + x, oy + y) for x, y in shape.outline)
        if solid.is_part or solid.is_mark:
            return hull(self.points({p for f in solid.faces for p in f.points}))
        # A pawn's part is its kind's: its outline is its kind's, moved.
        p = solid.piece
        ox, oy = self.offset(solid)
        return tuple((ox + x, oy + y) for x, y in _part_outline(p.piece, p.angle, solid.part, self))

    def shape(self, solid: Solid) -> Shape | None:
        """The upright prism ``solid`` is, standing at the origin, as drawn (:class:`Shape`:
        the same for every piece of its kind, turn and height, so worked out once), or None for
        a solid of another form (a part of a cut piece, a part of a pawn). Where it stands is
        :meth:`offset`."""
        if solid.is_part:
            return None
        p = solid.piece
        if solid.is_mark:  # its footprint (the prism's bottom face) about its centre
            foot = tuple((x - p.x, y - p.y) for x, y, _ in solid.faces[1].points)
            return _foot_shape(foot, solid.top - solid.base, self)
        if p.piece.kind == "pawn":  # parts that stand up from the table, not prisms upright
            return None
        return _prism_shape(p.piece, p.angle, solid.top - solid.base, self)

    def box(self, solid: Solid) -> tuple[float, float, float, float]:
        """The extent (x0, y0, x1, y1) of the solid's outline as drawn."""
        shape = self.shape(solid)
        if shape is None:
            ring = self.outline(solid)
            xs, ys = [x for x, _ in ring], [y for _, y in ring]
            return min(xs), min(ys), max(xs), max(ys)
        ox, oy = self.offset(solid)
        b = shape.box
        return b[0] + ox, b[1] + oy, b[2] + ox, b[3] + oy

    def offset(self, solid: Solid) -> Point:
        """Where the origin of ``solid``'s :meth:`shape` is drawn: its centre at its base."""
        dx, dy = self.shift
        return solid.piece.x + solid.base * dx, solid.piece.y + solid.base * dy

    def span(self, solid: Solid, at: Point) -> tuple[float, float] | None:
        """The heights (``z`` of the point on the line of sight) between which the line of sight
        drawn at ``at`` passes through ``solid``; None when it misses it."""
        from .polygons import inside_span

        w = self.towards_viewer
        # Inside the solid is behind each face: n . (at + t w - p0) <= 0.
        bounds = [(f.normal[0] * (at[0] - f.points[0][0]) + f.normal[1] * (at[1] - f.points[0][1])
                   - f.normal[2] * f.points[0][2], f.normal[0] * w[0] + f.normal[1] * w[1] + f.normal[2] * w[2])
                  for f in solid.faces]
        lo, hi = inside_span(bounds, -math.inf, math.inf, slack=1e-12)
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


@value(eq=False)
class Shape:
    """An upright prism standing at the origin as a projection draws it: its ``footprint``
    (about its centre) and drawn ``outline`` (both counter-clockwise), the outline's ``box``
    (x0, y0, x1, y1), and how ``tall`` it is. Compares by identity: one per kind of solid
    (see :meth:`Projection.shape`), so pairs of shapes can be cached cheaply."""

    footprint: tuple[Point, ...]
    outline: tuple[Point, ...]
    box: tuple[float, float, float, float]
    tall: float


@lru_cache(maxsize=64)
def _shift(angle: float, depth: float) -> Point:
    """:attr:`Projection.shift` (asked for often: worked out once per view)."""
    a = math.radians(angle)
    return depth * math.cos(a), depth * math.sin(a)


@lru_cache(maxsize=1024)
def _part_outline(piece: Piece, angle: float, part: int, projection: Projection) -> tuple[Point, ...]:
    """The outline of part ``part`` of ``piece`` turned ``angle`` degrees, standing on the
    table at the origin, as ``projection`` draws it."""
    from .polygons import hull
    from .solids import piece_parts

    return hull(projection.points({p for f in piece_parts(piece, angle)[part] for p in f.points}))


@lru_cache(maxsize=1024)
def _prism_shape(piece: Piece, angle: float, tall: float, projection: Projection) -> Shape:
    """The shape of ``piece`` turned ``angle`` degrees, ``tall`` inches high."""
    return _foot_shape(placed_outline(ScenePiece(piece, 0.0, 0.0, angle)), tall, projection)


@lru_cache(maxsize=1024)
def _foot_shape(foot: tuple[Point, ...], tall: float, projection: Projection) -> Shape:
    """The shape of an upright prism on footprint ``foot`` (about its centre), ``tall`` inches high."""
    from .polygons import hull

    outline = hull(projection.points([(x, y, z) for x, y in foot for z in (0.0, tall)]))
    xs, ys = [x for x, _ in outline], [y for _, y in outline]
    return Shape(hull(foot), outline, (min(xs), min(ys), max(xs), max(ys)), tall)


__all__ = ["MAX_DEPTH", "VIEWS", "Projection", "Shape", "parse_projection", "parse_view"]
