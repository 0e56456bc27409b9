"""The oblique view as placed stamps, ready for every back end: each solid's faces the viewer
sees, back to front in :func:`.order.drawing_order`'s order; a top face shows the piece's
flat picture (a level face is only moved by the projection), sides are plain, in the
piece's colour (dice, pawns) or edge colour."""

from __future__ import annotations

import math
from typing import Sequence

from ..render.primitives import Placed, Stamp, piece_stamp
from ..render.shapes import Polygon, Primitive, Text
from ..scene import ScenePiece
from ..theme import Theme
from .order import drawing_order
from .polygons import centroid
from .projection import Projection
from .solids import Face, Solid, solids_of

#: Line width (points) of the sides' edges.
SIDE_EDGE = 0.5


def id_colour(index: int) -> str:
    """A colour of its own for piece ``index`` (below 2**24 - 1), for drawings that say which
    piece covers each pixel."""
    k = (index + 1) * 2654435761 % 0xFFFFFF  # spread neighbours' colours apart
    return f"#{k:06x}"


def oblique_stamps(pieces: Sequence[ScenePiece], theme: Theme, projection: Projection, *,
                   ids: bool = False, order: Sequence[Solid] | None = None) -> list[Placed]:
    """The pieces seen obliquely, bottom to top as stamps placed at the origin. With ``ids``
    each piece is one flat colour (:func:`id_colour`), without lines or pictures; ``order``
    replaces the drawing order (for tests that show a wrong one fails)."""
    solids = solids_of(pieces)
    drawn = drawing_order(solids, projection) if order is None else order
    whole = {id(s) for s in solids}
    out: list[Placed] = []
    for solid in drawn:
        prims: list[Primitive] = []
        if ids:  # the faces seen make up the outline: one polygon, so no seams between them
            out.append((Stamp.from_primitives((Polygon(projection.outline(solid), id_colour(solid.index), "none",
                                                       0.0),)), 0.0, 0.0))
            continue
        for face in solid.faces:
            if not projection.is_facing(face):
                continue
            outline = projection.face(face)
            if face.kind == "top":
                prims.append(Polygon(outline, _top_fill(solid, theme), "none", 0.0))
            else:
                fill = _side_fill(solid, theme)
                prims.append(Polygon(outline, fill, theme.edge if fill != theme.edge else
                                     theme.piece_background, SIDE_EDGE))
                prims.extend(_side_rank(solid, face, outline, theme))
        if prims:
            out.append((Stamp.from_primitives(tuple(prims)), 0.0, 0.0))
        top_seen = any(f.kind == "top" and projection.is_facing(f) for f in solid.faces)
        if not ids and top_seen and id(solid) in whole and solid.piece.piece.kind != "pawn":
            p = solid.piece
            dx, dy = projection.shift
            out.append((piece_stamp(p.piece, p.angle % 360, theme), p.x + solid.top * dx, p.y + solid.top * dy))
    return out


def _top_fill(solid: Solid, theme: Theme) -> str:
    piece = solid.piece.piece
    if piece.kind in ("die", "pawn"):
        return theme.suit_colour(piece.suit, piece.cfg)
    if piece.kind == "tile" and piece.side == "back":
        return theme.tile_back_background
    return theme.piece_background


def _side_fill(solid: Solid, theme: Theme) -> str:
    piece = solid.piece.piece
    if piece.kind in ("die", "pawn"):
        return theme.suit_colour(piece.suit, piece.cfg)
    return theme.edge


def _side_rank(solid: Solid, face: Face, outline: tuple[tuple[float, float], ...], theme: Theme) -> list[Primitive]:
    """A die's side shows a rank: opposite faces add up to 7, as on a real die."""
    piece = solid.piece.piece
    if piece.kind != "die" or face.kind != "side" or not 1 <= piece.rank <= 6:
        return []
    others = [r for r in range(1, 7) if r not in (piece.rank, 7 - piece.rank)]
    a, b = others[0], others[1]
    n = face.normal()
    angle = math.degrees(math.atan2(n[1], n[0])) - solid.piece.angle
    quarter = round(angle / 90) % 4  # 0: the die's +x side, 1: +y, 2: -x, 3: -y
    rank = (a, b, 7 - a, 7 - b)[quarter]
    colour = theme.suit_colour(piece.suit, piece.cfg)
    ink = theme.die_text if colour != theme.die_text else theme.edge
    x, y = centroid(outline) if len(outline) >= 3 else outline[0]
    size = min(0.3, 0.6 * math.sqrt(abs(_area(outline))))
    return [Text(x, y, theme.rank_symbol(rank), size, ink, 0.0)] if size > 0.05 else []


def _area(points: tuple[tuple[float, float], ...]) -> float:
    from .polygons import area

    return area(points)


def oblique_bounds(pieces: Sequence[ScenePiece], projection: Projection) -> tuple[float, float, float, float]:
    """The drawing's extent (x0, y0, x1, y1), inches."""
    xs: list[float] = []
    ys: list[float] = []
    for s in solids_of(pieces):
        for x, y in projection.outline(s):
            xs.append(x)
            ys.append(y)
    if not xs:
        return 0.0, 0.0, 1.0, 1.0
    return min(xs), min(ys), max(xs), max(ys)


__all__ = ["id_colour", "oblique_bounds", "oblique_stamps"]
