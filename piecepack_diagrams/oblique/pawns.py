"""A pawn as a solid: piecepackr's pawn outline (a foot, a neck narrowing up to a round
head) cut out of a board as thick as the pawn, standing up or lying on its side.

The outline is not convex (the head overhangs the neck), so the pawn is two convex parts,
the body (foot and neck) and the head, that meet on a level chord at the neck.
"""

from __future__ import annotations

import math
from functools import lru_cache

from ..pieces import Piece, piece_size
from .solids import Face, Point3

#: piecepackr's pawn outline as shares of the pawn's width (across its middle) and height (up
#: from its foot): the foot as wide as the pawn up to FOOT; the head an ellipse as wide as the
#: pawn and half as tall as wide in those shares, centred at HEAD; the neck, where the head
#: meets the straight sides rising from the foot, at NECK.
FOOT = 0.3
NECK = 0.55
HEAD = 0.75
HEAD_TALL = 0.25
#: Straight pieces the head's arc is made of.
ARC_STEPS = 16
#: How thick a pawn is (inches, piecepackr's default).
PAWN_DEPTH = 0.25
#: A pawn standing: its height (the flat pawn's length).
PAWN_HEIGHT = 0.875
#: Sides a pawn lies on (the scene's side of the piece); on every other side it stands.
LYING_SIDES = ("left", "right")

Axes = tuple[Point3, Point3, Point3, Point3]


def is_lying(piece: Piece) -> bool:
    """Whether the pawn lies on its side (the scene says ``left`` or ``right``)."""
    return piece.side in LYING_SIDES


def pawn_extent(piece: Piece) -> tuple[float, float, float]:
    """The pawn's box where it lies, unturned: across (x), along (y) and up (z), inches."""
    width = piece_size(piece).width
    if is_lying(piece):
        return PAWN_DEPTH, PAWN_HEIGHT, width
    return width, PAWN_DEPTH, PAWN_HEIGHT


def pawn_axes(piece: Piece, angle: float) -> Axes:
    """Where the pawn's own axes point on the table, for a pawn at the origin turned ``angle``
    degrees: the point its outline's coordinates start from (the middle of its foot, halfway
    through its thickness) and the unit vectors across it (to the right seen from the front),
    through it (front to back) and up it (foot to head). A standing pawn's front faces -y; a
    pawn lying on its side has its head towards +y, as the flat view draws it."""
    c, s = math.cos(math.radians(angle)), math.sin(math.radians(angle))

    def turned(v: Point3) -> Point3:
        return (v[0] * c - v[1] * s, v[0] * s + v[1] * c, v[2])

    width = piece_size(piece).width
    if not is_lying(piece):
        return turned((0.0, 0.0, 0.0)), turned((1.0, 0.0, 0.0)), turned((0.0, 1.0, 0.0)), turned((0.0, 0.0, 1.0))
    # Lying on its right side (its left side up) or on its left: across is up or down, through
    # along x, so the axes stay right-handed; the foot is at -y.
    sign = 1.0 if piece.side == "right" else -1.0
    return (turned((0.0, -PAWN_HEIGHT / 2, width / 2)), turned((0.0, 0.0, sign)), turned((sign, 0.0, 0.0)),
            turned((0.0, 1.0, 0.0)))


def outline_parts(piece: Piece) -> tuple[tuple[tuple[float, float], ...], tuple[tuple[float, float], ...]]:
    """The body's and the head's outlines (counter-clockwise, inches across and up from the
    middle of the foot)."""
    w, h = piece_size(piece).width / 2, PAWN_HEIGHT
    rx, ry = w, HEAD_TALL * h  # the head's half-width and half-height
    # Where the head's ellipse crosses the neck's level.
    t0 = math.asin((NECK - HEAD) * h / ry)
    neck = rx * math.cos(t0)
    body = ((-w, 0.0), (w, 0.0), (w, FOOT * h), (neck, NECK * h), (-neck, NECK * h), (-w, FOOT * h))
    arc = tuple((rx * math.cos(t), HEAD * h + ry * math.sin(t))
                for t in (t0 + (math.pi - 2 * t0) * k / ARC_STEPS for k in range(ARC_STEPS + 1)))
    return body, arc


@lru_cache(maxsize=512)
def pawn_parts(piece: Piece, angle: float) -> tuple[tuple[Face, ...], tuple[Face, ...]]:
    """The faces of the pawn's two convex parts (body, head) for a pawn standing on the table
    at the origin turned ``angle`` degrees. Kinds: ``"broad"`` the front and back, ``"inner"``
    where the parts meet (never seen), ``"bottom"`` the foot of a standing pawn, ``"side"`` the
    rest."""
    origin, across, through, up = pawn_axes(piece, angle)
    half = PAWN_DEPTH / 2

    def at(a: float, b: float, c: float) -> Point3:
        return _along(origin, ((a, across), (b, through), (c, up)))

    neck_level = NECK * PAWN_HEIGHT
    out = []
    for ring in outline_parts(piece):
        # Seen from the front (-through) the ring runs counter-clockwise: the front as given.
        faces = [Face.of(tuple(at(a, -half, c) for a, c in ring), "broad"),
                 Face.of(tuple(at(a, half, c) for a, c in reversed(ring)), "broad")]
        n = len(ring)
        for k in range(n):
            (a0, c0), (a1, c1) = ring[k], ring[(k + 1) % n]
            kind = "side"
            if abs(c0 - neck_level) < 1e-9 and abs(c1 - neck_level) < 1e-9:
                kind = "inner"
            elif c0 == 0.0 and c1 == 0.0 and not is_lying(piece):
                kind = "bottom"
            faces.append(Face.of((at(a1, -half, c1), at(a0, -half, c0), at(a0, half, c0), at(a1, half, c1)), kind))
        out.append(tuple(faces))
    return out[0], out[1]


def head_centre(piece: Piece, angle: float, front: bool) -> Point3:
    """The middle of the head on the pawn's front (or back), for a pawn at the origin."""
    origin, _, through, up = pawn_axes(piece, angle)
    b = -PAWN_DEPTH / 2 if front else PAWN_DEPTH / 2
    c = HEAD * PAWN_HEIGHT
    return _along(origin, ((b, through), (c, up)))


def _along(origin: Point3, steps: tuple[tuple[float, Point3], ...]) -> Point3:
    """``origin`` moved by each ``(length, unit vector)`` of ``steps``."""
    x, y, z = origin
    for n, v in steps:
        x, y, z = x + n * v[0], y + n * v[1], z + n * v[2]
    return x, y, z


__all__ = ["LYING_SIDES", "PAWN_DEPTH", "PAWN_HEIGHT", "head_centre", "is_lying", "outline_parts", "pawn_axes",
           "pawn_extent", "pawn_parts"]
