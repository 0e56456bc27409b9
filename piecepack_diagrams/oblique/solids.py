"""A scene's pieces as convex solids in table inches (x right, y up, z up from the table):
tiles as slabs, coins and saucers as short many-sided cylinders, dice as cubes, pawns as
upright prisms, everything else as a box of the piece's footprint; each stacked on what lies
under it, at its real height.

Thicknesses are piecepackr's defaults (a quarter inch for tiles, coins, saucers and pawns; a
die a half-inch cube; a pawn standing 7/8 inch tall).
"""

from __future__ import annotations

import math
from functools import lru_cache
from typing import Sequence

from ..pieces import Piece, piece_size
from ..scene import ScenePiece
from ..values import value

Point3 = tuple[float, float, float]

#: Sides of the polygon a round piece (coin, saucer, bit) is modelled as.
ROUND_SIDES = 32
#: piecepackr's default thicknesses (inches) by kind; a die's is its width.
THICKNESS: dict[str, float] = {"tile": 0.25, "coin": 0.25, "saucer": 0.25, "pawn": 0.25, "bit": 0.25,
                               "card": 0.01, "board": 0.25, "matchstick": 0.25, "pyramid": 0.25}
#: A pawn standing: its height (the flat pawn's length) and its depth.
PAWN_HEIGHT = 0.875
#: Matches the flat drawing's tile (see render.primitives.TILE_DRAWN): neighbours show a gap.
TILE_SIDE = 1.94
#: Areas below this (square inches) are touching, not overlapping.
EPSILON = 1e-9


@value
class Face:
    """One flat face of a solid: its corners counter-clockwise seen from outside, and what
    it is (``"top"``, ``"bottom"``, ``"side"``; ``"cut"`` for a face a split made)."""

    points: tuple[Point3, ...]
    kind: str
    #: The face's outward normal (not of unit length).
    normal: Point3

    @classmethod
    def of(cls, points: tuple[Point3, ...], kind: str) -> Face:
        """The face through ``points``, its normal worked out."""
        return cls(points, kind, newell(points))


@value(eq=False)
class Solid:
    """A convex solid: its ``faces``, the scene piece it models (``index`` in the scene's
    pieces, ``piece``), and the height its bottom stands at. Compares by identity."""

    faces: tuple[Face, ...]
    index: int
    piece: ScenePiece
    base: float
    top: float
    #: Whether this is a part of the piece, cut to break a cycle of the drawing order.
    is_part: bool = False
    #: Whether this is no piece but a mark drawn flat on the table or a tile (``index`` then
    #: counts on from the pieces; ``piece`` stands at the mark's centre).
    is_mark: bool = False


def newell(points: Sequence[Point3]) -> Point3:
    """The normal of a planar polygon by Newell's method (length twice the area)."""
    nx = ny = nz = 0.0
    n = len(points)
    for k in range(n):
        x0, y0, z0 = points[k]
        x1, y1, z1 = points[(k + 1) % n]
        nx += (y0 - y1) * (z0 + z1)
        ny += (z0 - z1) * (x0 + x1)
        nz += (x0 - x1) * (y0 + y1)
    return nx, ny, nz


def footprint(piece: Piece) -> tuple[tuple[float, float], ...]:
    """The outline (counter-clockwise, about the centre, unturned) a piece stands on."""
    if piece.kind in ("coin", "saucer") or (piece.kind == "bit" and piece.cfg in ("go", "checkers1", "checkers2",
                                                                                   "marbles")):
        r = piece_size(piece).width / 2
        return tuple((r * math.cos(2 * math.pi * (k + 0.5) / ROUND_SIDES),
                      r * math.sin(2 * math.pi * (k + 0.5) / ROUND_SIDES)) for k in range(ROUND_SIDES))
    if piece.kind == "pawn":
        size = piece_size(piece)
        w, d = size.width / 2, THICKNESS["pawn"] / 2
        return ((-w, -d), (w, -d), (w, d), (-w, d))
    size = piece_size(piece)
    w, h = size.width / 2, size.height / 2
    if piece.kind == "tile" and piece.cfg == "piecepack":
        w = h = TILE_SIDE / 2
    return ((-w, -h), (w, -h), (w, h), (-w, h))


def height(piece: Piece) -> float:
    """How tall a piece stands (inches)."""
    if piece.kind == "die":
        return piece_size(piece).width
    if piece.kind == "pawn":
        return PAWN_HEIGHT
    return THICKNESS.get(piece.kind, 0.25)


def prism(outline: Sequence[tuple[float, float]], z0: float, z1: float) -> tuple[Face, ...]:
    """The faces of an upright prism over the convex counter-clockwise ``outline``."""
    n = len(outline)
    h = z1 - z0
    twice_area = sum(outline[k - 1][0] * outline[k][1] - outline[k][0] * outline[k - 1][1] for k in range(n))
    # The normals as Newell's method gives them, written out: the sides' are level.
    top = Face(tuple((x, y, z1) for x, y in outline), "top", (0.0, 0.0, twice_area))
    bottom = Face(tuple((x, y, z0) for x, y in reversed(outline)), "bottom", (0.0, 0.0, -twice_area))
    sides = []
    for k in range(n):
        (x0, y0), (x1, y1) = outline[k], outline[(k + 1) % n]
        sides.append(Face(((x0, y0, z0), (x1, y1, z0), (x1, y1, z1), (x0, y0, z1)), "side",
                          (2 * h * (y1 - y0), 2 * h * (x0 - x1), 0.0)))
    return (top, bottom, *sides)


def placed_outline(p: ScenePiece) -> tuple[tuple[float, float], ...]:
    """The piece's footprint where it lies on the table (turned, moved)."""
    c, s = math.cos(math.radians(p.angle)), math.sin(math.radians(p.angle))
    return tuple((p.x + x * c - y * s, p.y + x * s + y * c) for x, y in footprint(p.piece))


@lru_cache(maxsize=4)
def solids_of(pieces: tuple[ScenePiece, ...]) -> tuple[Solid, ...]:
    """The scene's pieces (bottom to top, as a scene lists them) as solids, each standing on
    the highest of the solids before it whose footprints overlap its own (a stack at its real
    height; ``under`` undrawn pieces of a deep stack raise it by their thickness). The last
    few scenes' are kept: one scene is often drawn at several angles."""
    from .polygons import is_apart, is_well_inside, overlap_area

    out: list[Solid] = []
    outlines: list[tuple[tuple[float, float], ...]] = []
    boxes: list[tuple[float, float, float, float]] = []
    for index, p in enumerate(pieces):
        outline = placed_outline(p)
        xs, ys = [x for x, _ in outline], [y for _, y in outline]
        box = (min(xs), min(ys), max(xs), max(ys))
        # Only pieces whose boxes overlap can overlap: most pairs need no clipping.
        base = max((s.top for s, o, b in zip(out, outlines, boxes)
                    if b[0] < box[2] and box[0] < b[2] and b[1] < box[3] and box[1] < b[3]
                    and not is_apart(outline, o)
                    and (is_well_inside((p.x, p.y), o, 1e-6) or overlap_area(outline, o) > EPSILON)), default=0.0)
        base += p.under * height(p.piece)
        top = base + height(p.piece)
        out.append(Solid(prism(outline, base, top), index, p, base, top))
        outlines.append(outline)
        boxes.append(box)
    return tuple(out)


#: Kinds of piece a mark lying on them is drawn on (else it is drawn on the table).
BOARD_KINDS = ("tile", "board")


def mark_solids(boxes: Sequence[tuple[float, float, float, float]], solids: Sequence[Solid]) -> tuple[Solid, ...]:
    """Marks with extents ``boxes`` (x0, y0, x1, y1, table inches) as flat solids, numbered on
    from ``solids``: each lies on the top of the highest tile or board under its centre (else
    on the table), as thin as a sheet, so pieces standing on it hide it and it hides what lies
    under it."""
    from ..pieces import Piece
    from .polygons import is_well_inside

    out = []
    for k, (x0, y0, x1, y1) in enumerate(boxes):
        at = ((x0 + x1) / 2, (y0 + y1) / 2)
        z = max((s.top for s in solids if s.piece.piece.kind in BOARD_KINDS and s.base == 0.0
                 and is_well_inside(at, placed_outline(s.piece), 0.0)), default=0.0)
        rect = ((x0, y0), (x1, y0), (x1, y1), (x0, y1))
        out.append(Solid(prism(rect, z, z), len(solids) + k, ScenePiece(Piece("board", "face"), at[0], at[1]), z, z,
                         is_mark=True))
    return tuple(out)


__all__ = ["BOARD_KINDS", "Face", "Point3", "Solid", "footprint", "height", "mark_solids", "newell", "prism",
           "solids_of"]
