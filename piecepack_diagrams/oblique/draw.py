"""The oblique view as placed stamps, ready for every back end: each solid's faces the viewer
sees, back to front in :func:`.order.drawing_order`'s order. A top face shows the piece's flat
picture (a level face is only moved by the projection); sides are shaded by one light, from
above on the upper left (as the flat pyramids are lit); a die's sides show their ranks and a
pawn's broad sides its suit, drawn in the side's plane (see :mod:`.faces`)."""

from __future__ import annotations

import math
from functools import lru_cache
from typing import Sequence

from ..pieces import Piece
from ..render.primitives import Placed, Stamp, contrasting, piece_stamp, suit_symbol
from ..render.primitives import _mix as mix
from ..render.shapes import Polygon, Primitive
from ..scene import ScenePiece
from ..theme import Theme
from .faces import face_frame, glyph_polygons, side_rank
from .order import drawing_order
from .projection import Projection
from .solids import Face, Solid, solids_of

#: Line width (points) of the sides' edges and a solid's outline.
SIDE_EDGE = 0.5
#: Where the light comes from (a unit vector): above, on the upper left.
LIGHT = (-1 / math.sqrt(6), 1 / math.sqrt(6), 2 / math.sqrt(6))
#: How dark a side facing away from the light gets (a share of black).
SHADE = 0.5
#: Faces of a round side drawn as one band: few polygons, smooth enough shading.
BAND = 4


def id_colour(index: int) -> str:
    """A colour of its own for piece ``index`` (below 2**24 - 1), for drawings that say which
    piece covers each pixel."""
    k = (index + 1) * 2654435761 % 0xFFFFFF  # spread neighbours' colours apart
    return f"#{k:06x}"


def oblique_stamps(pieces: Sequence[ScenePiece], theme: Theme, projection: Projection, *,
                   ids: bool = False, order: Sequence[Solid] | None = None, marks: Sequence[Stamp] = ()
                   ) -> list[Placed]:
    """The pieces seen obliquely, bottom to top as placed stamps. With ``ids`` each piece is
    one flat colour (:func:`id_colour`), without lines or pictures; ``order`` is the drawing
    order to use (the solids of ``pieces`` in :func:`.order.drawing_order`'s order, or a wrong
    one for tests that show it fails), worked out when not given. ``marks`` are the stamps of
    the order's mark solids (see :func:`.solids.mark_solids`), by their number after the
    pieces: each is drawn flat at its solid's height."""
    drawn = drawing_order(solids_of(tuple(pieces)), projection) if order is None else order
    dx, dy = projection.shift
    out: list[Placed] = []
    for solid in drawn:
        if solid.is_mark:
            if not ids:
                out.append((marks[solid.index - len(pieces)], solid.base * dx, solid.base * dy))
            continue
        if ids:  # the faces seen make up the outline: one polygon, so no seams between them
            out.append((Stamp.from_primitives((Polygon(projection.outline(solid), id_colour(solid.index), "none",
                                                       0.0),)), 0.0, 0.0))
            continue
        p = solid.piece
        if solid.is_part:  # part of a piece cut to break a cycle: its faces only
            out.append((Stamp.from_primitives(tuple(_faces(solid, theme, projection))), 0.0, 0.0))
            continue
        at = (p.x + solid.base * dx, p.y + solid.base * dy)
        out.append((_solid_stamp(p.piece, p.angle % 360, solid.top - solid.base, projection, theme), *at))
        if p.piece.kind != "pawn":  # a pawn's top is a narrow strip: its picture is on its broad sides
            tall = solid.top - solid.base
            out.append((piece_stamp(p.piece, p.angle % 360, theme), at[0] + tall * dx, at[1] + tall * dy))
    return out


@lru_cache(maxsize=2048)
def _solid_stamp(piece: Piece, angle: float, tall: float, projection: Projection, theme: Theme) -> Stamp:
    """The sides (and, for a pawn, the top) of ``piece`` standing at the origin, ``tall`` high."""
    from .solids import placed_outline, prism

    at = ScenePiece(piece, 0.0, 0.0, angle)
    solid = Solid(prism(placed_outline(at), 0.0, tall), 0, at, 0.0, tall)
    return Stamp.from_primitives(tuple(_faces(solid, theme, projection)))


def _faces(solid: Solid, theme: Theme, projection: Projection) -> list[Primitive]:
    """The primitives of the faces of ``solid`` the viewer sees, but a whole top's picture. A
    part of a cut piece draws its faces without edges (they would show the cut as a seam) and
    its top plain, without the piece's picture."""
    piece = solid.piece.piece
    base = _body(piece, theme)
    prims: list[Primitive] = []
    seen = [f for f in solid.faces if projection.is_facing(f)]
    sides = [f for f in seen if f.kind == "side"]
    if len([f for f in solid.faces if f.kind == "side"]) >= 8:  # a round side: bands, no seams
        for k in range(0, len(sides), BAND):
            band = _runs(sides[k:k + BAND])
            for run in band:
                points = [f.points[0] for f in run] + [run[-1].points[1], run[-1].points[2]] + \
                    [f.points[3] for f in reversed(run)]
                n = tuple(sum(f.normal[i] for f in run) for i in range(3))
                colour = _lit(base, n)
                prims.append(Polygon(tuple(projection.points(points)), colour, colour, SIDE_EDGE / 2))
    else:
        for f in sides:
            colour = _lit(base, f.normal)
            prims.append(Polygon(projection.face(f), colour, colour if solid.is_part else theme.edge, SIDE_EDGE))
            prims.extend(_side_picture(solid, f, colour, theme, projection))
    for f in seen:
        if f.kind == "cut" or (f.kind == "top" and (piece.kind == "pawn" or solid.is_part)):
            colour = _lit(base, f.normal)
            prims.append(Polygon(projection.face(f), colour, colour if solid.is_part else theme.edge, SIDE_EDGE))
    if len(sides) and prims and not solid.is_part:
        prims.append(Polygon(projection.outline(solid), "none", theme.edge, SIDE_EDGE))
    return prims


def _runs(faces: list[Face]) -> list[list[Face]]:
    """``faces`` split where one does not continue the last (a band of touching sides)."""
    runs: list[list[Face]] = []
    for f in faces:
        if runs and runs[-1][-1].points[1] == f.points[0]:
            runs[-1].append(f)
        else:
            runs.append([f])
    return [r for r in runs if r]


def _body(piece: Piece, theme: Theme) -> str:
    """The colour a piece's sides are made of."""
    if piece.kind in ("die", "pawn", "matchstick", "bit", "pyramid"):
        return theme.suit_colour(piece.suit, piece.cfg)
    if piece.kind == "tile" and piece.side == "back":
        return theme.tile_back_background
    return theme.piece_background if theme.piece_background.startswith("#") else "#FFFFFF"


def _lit(colour: str, normal: tuple[float, ...]) -> str:
    """``colour`` on a face of outward ``normal`` under :data:`LIGHT`: darker the more it faces away."""
    length = math.sqrt(sum(c * c for c in normal)) or 1.0
    facing = sum(n * light for n, light in zip(normal, LIGHT)) / length
    return mix("#000000", colour, SHADE * (1 - max(0.0, facing)) * 0.9)


def _side_picture(solid: Solid, face: Face, fill: str, theme: Theme, projection: Projection) -> list[Primitive]:
    """What a side shows: a die's the rank there, a pawn's broad sides its suit."""
    piece = solid.piece.piece
    frame = face_frame(face, projection)
    if frame is None:
        return []
    if piece.kind == "die" and 1 <= piece.rank <= 6:
        rank = side_rank(piece.rank, face.normal, solid.piece.angle)
        return glyph_polygons(frame, "text", theme.rank_symbol(rank), 0.6 * frame.height, theme.die_text
                              if fill != theme.die_text else theme.edge, fill, theme.lettering_font)
    mark = suit_symbol(piece)
    if piece.kind == "pawn" and mark > 0 and frame.width > 0.3:
        return glyph_polygons(frame, "suit", mark, 0.45 * frame.width, contrasting(fill), fill,
                              theme.lettering_font, up=0.62)
    return []


__all__ = ["LIGHT", "id_colour", "oblique_bounds", "oblique_stamps"]


def oblique_bounds(solids: Sequence[Solid], projection: Projection) -> tuple[float, float, float, float]:
    """The extent (x0, y0, x1, y1, inches) of the drawing of ``solids``."""
    points = [p for s in solids for p in projection.outline(s)]
    if not points:
        return 0.0, 0.0, 1.0, 1.0
    xs = [x for x, _ in points]
    ys = [y for _, y in points]
    return min(xs), min(ys), max(xs), max(ys)
