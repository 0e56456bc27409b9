"""The oblique view as placed stamps, ready for every back end: each solid's faces the viewer
sees, back to front in :func:`.order.drawing_order`'s order. A top face shows the piece's flat
picture (a level face is only moved by the projection); sides are shaded by one light, from
above on the upper left (as the flat pyramids are lit); a die's sides show their ranks and a
pawn's head its suit on its front and back, drawn in the side's plane (see :mod:`.faces`)."""

from __future__ import annotations

import math
from functools import lru_cache
from typing import Callable, Sequence

from ..pieces import Piece
from ..render.primitives import Placed, Stamp, contrasting, piece_stamp, piece_stamps, suit_symbol, tinted
from ..render.primitives import mix
from ..render.shapes import Polygon, Polyline, Primitive
from ..scene import ScenePiece
from ..theme import Theme
from .dice import side_rank
from .faces import face_frame, glyph_polygons, readable
from .order import drawing_order
from .projection import Projection
from .raised import MarkLook
from .solids import Face, Point3, Solid, solids_of

#: Line width (points) of the sides' edges and a solid's outline.
SIDE_EDGE = 0.5
#: Where the light comes from (a unit vector): above, on the upper left.
LIGHT = (-1 / math.sqrt(6), 1 / math.sqrt(6), 2 / math.sqrt(6))
#: How dark a side facing away from the light gets (a share of black).
SHADE = 0.5
#: A body this dark or darker (luminance, 0 to 255) is lit towards white and edged in a light
#: line: shaded towards black, its sides and edges would vanish into it (a black pawn's outline).
DARK = 60
#: How far towards white a dark body's side goes: at least the first share, the second more
#: the more it faces the light.
DARK_LIFT = (0.12, 0.3)
#: How far towards white a dark body's edges are drawn.
DARK_EDGE = 0.65
#: Faces of a round side drawn as one band: few polygons, smooth enough shading.
BAND = 4
#: How tall a pawn's suit is on its head (inches; the head is half an inch across).
PAWN_SUIT = 0.24
#: How far (in lengths of the edge) a cut edge's half-plane reaches along it, to hold the picture.
REACH = 100.0
#: A pawn's front seen this flat (its drawn area over its true area) or flatter shows no suit.
MIN_FORESHORTENING = 0.3


def id_colour(index: int) -> str:
    """A colour of its own for piece ``index`` (below 2**24 - 1), for drawings that say which
    piece covers each pixel."""
    k = (index + 1) * 2654435761 % 0xFFFFFF  # spread neighbours' colours apart
    return f"#{k:06x}"


def oblique_stamps(pieces: Sequence[ScenePiece], theme: Theme, projection: Projection, *,
                   ids: bool = False, order: Sequence[Solid] | None = None, marks: Sequence[MarkLook] = (),
                   tinted_boards: frozenset[int] = frozenset()) -> list[Placed]:
    """The pieces seen obliquely, bottom to top as placed stamps. With ``ids`` each piece is
    one flat colour (:func:`id_colour`), without lines or pictures; ``order`` is the drawing
    order to use (the solids of ``pieces`` in :func:`.order.drawing_order`'s order, or a wrong
    one for tests that show it fails), worked out when not given. ``marks`` are the looks of
    the order's mark solids (see :func:`.solids.mark_solids`), by their number after the
    pieces: each is drawn flat on its solid's top, over the solid's sides if it stands up.
    ``tinted_boards``: the indices of the pieces (tiles) whose tops are drawn in the
    highlight's tinted background (see :func:`~..render.primitives.highlighted_boards`)."""
    drawn = drawing_order(solids_of(tuple(pieces)), projection) if order is None else order
    dx, dy = projection.shift
    # The stamps' caches for this view and theme, found once (a theme is slow to hash).
    solid_stamp, top_stamp = _solid_stamps(projection, theme), piece_stamps(theme)
    painted = tinted(theme) if tinted_boards else theme
    painted_top = piece_stamps(painted) if tinted_boards else top_stamp
    out: list[Placed] = []
    for solid in drawn:
        if solid.is_mark:
            if not ids:
                look = marks[solid.index - len(pieces)]
                if solid.top > solid.base:
                    out.append((Stamp.from_primitives(tuple(_faces(solid, theme, projection, body=look.body))),
                                0.0, 0.0))
                # A word may lie moved from where it was laid out (see mark_solids): its stamp with it.
                x0, y0, x1, y1 = look.box
                out.append((look.stamp, solid.top * dx + solid.piece.x - (x0 + x1) / 2,
                            solid.top * dy + solid.piece.y - (y0 + y1) / 2))
            continue
        if ids:  # the faces seen make up the outline: one polygon, so no seams between them
            out.append((Stamp.from_primitives((Polygon(projection.outline(solid), id_colour(solid.index), "none",
                                                       0.0),)), 0.0, 0.0))
            continue
        p = solid.piece
        tint = solid.index in tinted_boards
        if solid.is_part:  # part of a piece cut to break a cycle: its faces, its share of the top's picture
            out.append((Stamp.from_primitives(tuple(_faces(solid, theme, projection) + _part_picture(
                solid, painted if tint else theme, projection))), 0.0, 0.0))
            continue
        at = (p.x + solid.base * dx, p.y + solid.base * dy)
        out.append((solid_stamp(p.piece, p.angle % 360, solid.part), *at))
        if p.piece.kind != "pawn":  # a pawn's top is a narrow strip: its picture is on its broad sides
            tall = solid.top - solid.base
            out.append(((painted_top if tint else top_stamp)(p.piece, p.angle % 360), at[0] + tall * dx,
                        at[1] + tall * dy))
    return out


@lru_cache(maxsize=16)
def _solid_stamps(projection: Projection, theme: Theme) -> Callable[[Piece, float, int], Stamp]:
    """The (cached) stamp of the faces but a top's picture of part ``part`` of ``piece`` turned
    ``angle`` degrees, standing at the origin, seen through ``projection`` in ``theme``."""
    from .solids import height, piece_parts

    @lru_cache(maxsize=2048)
    def stamp(piece: Piece, angle: float, part: int) -> Stamp:
        solid = Solid(piece_parts(piece, angle)[part], 0, ScenePiece(piece, 0.0, 0.0, angle), 0.0, height(piece),
                      part=part)
        return Stamp.from_primitives(tuple(_faces(solid, theme, projection)))
    return stamp


def _faces(solid: Solid, theme: Theme, projection: Projection, *, body: str = "") -> list[Primitive]:
    """The primitives of the faces of ``solid`` the viewer sees, but a whole top's picture,
    its sides in the colour its piece is made of (or ``body``). A part of a cut piece draws
    its faces without edges (they would show the cut as a seam), its top plain (its picture
    comes from :func:`_part_picture`)."""
    piece = solid.piece.piece
    if piece.kind == "pawn":
        return _pawn_faces(solid, theme, projection)
    base = body or _body(piece, theme)
    edge = _edge(base, theme)
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
            prims.append(Polygon(projection.face(f), colour, colour if solid.is_part else edge, SIDE_EDGE))
            prims.extend(_side_picture(solid, f, colour, theme, projection))
    for f in seen:
        if f.kind == "cut" or (f.kind == "top" and solid.is_part):
            colour = _lit(base, f.normal)
            prims.append(Polygon(projection.face(f), colour, colour if solid.is_part else edge, SIDE_EDGE))
    if len(sides) and prims and not solid.is_part:
        prims.append(Polygon(projection.outline(solid), "none", edge, SIDE_EDGE))
    if solid.is_part:
        round_side = len([f for f in solid.faces if f.kind == "side"]) >= 8
        prims.extend(_part_edges(solid, [f for f in seen if f.kind in ("top", "bottom") or
                                         (f.kind == "side" and not round_side)], edge, projection))
    return prims


def _part_edges(solid: Solid, faces: list[Face], edge: str, projection: Projection) -> list[Primitive]:
    """The piece's own edges (in colour ``edge``) among those of ``faces`` of part ``solid`` of a cut piece: every
    edge but those the cut made (both ends on a cut face's plane), which would show as a seam."""
    cuts = _cut_planes(solid)
    out: list[Primitive] = []
    for f in faces:
        pts = f.points
        for k in range(len(pts)):
            a, b = pts[k - 1], pts[k]
            if not (_is_on_cut(a, cuts) and _is_on_cut(b, cuts)):
                out.append(Polyline(tuple(projection.points([a, b])), edge, SIDE_EDGE))
    return out


def _part_picture(solid: Solid, theme: Theme, projection: Projection) -> list[Primitive]:
    """What part ``solid`` of a cut piece shows of the piece's top picture: the picture cut to
    the part's top as drawn (none when its top is not seen, or for a pawn: its top is bare)."""
    from ..render.primitives import moved
    from .clipping import clipped
    from .polygons import clip

    p = solid.piece
    top = next((f for f in solid.faces if f.kind == "top" and projection.is_facing(f)), None)
    if top is None or p.piece.kind == "pawn":
        return []
    dx, dy = projection.shift
    x, y = p.x + solid.top * dx, p.y + solid.top * dy
    stamp = piece_stamp(p.piece, p.angle % 360, theme)
    # The picture is cut along the cut alone: past the piece's own edges it overhangs the top
    # as a whole piece's does (its border stroke lies on the edge).
    x0, y0, x1, y1 = stamp.box
    window: tuple[tuple[float, float], ...] = ((x + x0 - 1, y + y0 - 1), (x + x1 + 1, y + y0 - 1),
                                               (x + x1 + 1, y + y1 + 1), (x + x0 - 1, y + y1 + 1))
    cuts = _cut_planes(solid)
    ring = top.points
    for k in range(len(ring)):
        a, b = ring[k - 1], ring[k]
        if _is_on_cut(a, cuts) and _is_on_cut(b, cuts):
            (ax, ay), (bx, by) = projection.points([a, b])
            ex, ey = (bx - ax) * REACH, (by - ay) * REACH
            window = clip(window, ((ax - ex, ay - ey), (bx + ex, by + ey), (bx + ex - ey, by + ey + ex),
                                   (ax - ex - ey, ay - ey + ex)))
    picture = (moved(prim, x, y) for prim in stamp.primitives)
    return clipped(picture, window, ground=_body(p.piece, theme), font=theme.lettering_font)


def _cut_planes(solid: Solid) -> list[tuple[Point3, float]]:
    """The planes (normal, offset) of the cut faces of ``solid``."""
    return [(f.normal, f.normal[0] * f.points[0][0] + f.normal[1] * f.points[0][1] + f.normal[2] * f.points[0][2])
            for f in solid.faces if f.kind == "cut"]


def _is_on_cut(p: Point3, cuts: list[tuple[Point3, float]]) -> bool:
    return any(abs(n[0] * p[0] + n[1] * p[1] + n[2] * p[2] - d) <= 1e-9 * (1 + abs(d)) * max(map(abs, n))
               for n, d in cuts)


def _pawn_faces(solid: Solid, theme: Theme, projection: Projection) -> list[Primitive]:
    """The faces of a pawn's part the viewer sees: its front or back edged (the pawn's
    outline), the round of its head without seams, the suit on the head's front and back."""
    base = _body(solid.piece.piece, theme)
    edge = _edge(base, theme)
    prims: list[Primitive] = []
    for f in solid.faces:
        if f.kind == "inner" or not projection.is_facing(f):
            continue
        colour = _lit(base, f.normal)
        broad = f.kind == "broad" and not solid.is_part
        prims.append(Polygon(projection.face(f), colour, edge if broad else colour,
                             SIDE_EDGE if broad else SIDE_EDGE / 2))
        if broad and solid.part == 1:
            prims.extend(_pawn_suit(solid, f, colour, theme, projection))
    if prims and not solid.is_part:
        prims.append(Polygon(projection.outline(solid), "none", edge, SIDE_EDGE))
    return prims


def _pawn_suit(solid: Solid, face: Face, fill: str, theme: Theme, projection: Projection) -> list[Primitive]:
    """The pawn's suit on the head's ``face`` (its front or back), upright on the pawn."""
    from .faces import FaceFrame
    from .pawns import head_centre, pawn_axes

    piece, angle = solid.piece.piece, solid.piece.angle % 360
    mark = suit_symbol(piece)
    if mark <= 0:
        return []
    _, across, through, up = pawn_axes(piece, angle)
    front = sum(n * t for n, t in zip(face.normal, through)) < 0
    right = across if front else (-across[0], -across[1], -across[2])
    drawn = projection.points([head_centre(piece, angle, front), right, up, (0.0, 0.0, 0.0)])
    zero = drawn[3]
    frame = FaceFrame(drawn[0], (drawn[1][0] - zero[0], drawn[1][1] - zero[1]),
                      (drawn[2][0] - zero[0], drawn[2][1] - zero[1]), 1.0, 1.0)
    if abs(frame.u[0] * frame.v[1] - frame.u[1] * frame.v[0]) < MIN_FORESHORTENING:
        return []  # seen edge on, the suit would be a sliver
    return glyph_polygons(frame, "suit", mark, PAWN_SUIT, contrasting(fill), fill, theme.lettering_font, up=0.0)


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
    """``colour`` on a face of outward ``normal`` under :data:`LIGHT`: darker the more it faces
    away; a :data:`DARK` colour lighter the more it faces the light instead."""
    length = math.sqrt(sum(c * c for c in normal)) or 1.0
    facing = max(0.0, sum(n * light for n, light in zip(normal, LIGHT)) / length)
    if _is_dark(colour):
        return mix("#FFFFFF", colour, DARK_LIFT[0] + DARK_LIFT[1] * facing)
    return mix("#000000", colour, SHADE * (1 - facing) * 0.9)


def _is_dark(colour: str) -> bool:
    """Whether ``colour`` (``#RRGGBB``) is :data:`DARK`."""
    r, g, b = (int(colour[k:k + 2], 16) for k in (1, 3, 5))
    return 0.299 * r + 0.587 * g + 0.114 * b <= DARK


def _edge(body: str, theme: Theme) -> str:
    """The colour of the edges of a solid made of ``body``: the theme's, or for a :data:`DARK`
    body a light line that shows on it."""
    return mix("#FFFFFF", body, DARK_EDGE) if _is_dark(body) else theme.edge


def _side_picture(solid: Solid, face: Face, fill: str, theme: Theme, projection: Projection) -> list[Primitive]:
    """What a side shows: a die's the rank there."""
    piece = solid.piece.piece
    frame = face_frame(face, projection)
    if frame is None:
        return []
    if piece.kind == "die" and 1 <= piece.rank <= 6:
        rank = side_rank(piece.rank, face.normal, solid.piece.angle, theme.die_arrangement)
        return glyph_polygons(readable(frame), "text", theme.rank_symbol(rank), 0.6 * frame.height, theme.die_text
                              if fill != theme.die_text else theme.edge, fill, theme.lettering_font)
    return []


__all__ = ["LIGHT", "id_colour", "oblique_bounds", "oblique_stamps"]


def oblique_bounds(solids: Sequence[Solid], projection: Projection) -> tuple[float, float, float, float]:
    """The extent (x0, y0, x1, y1, inches) of the drawing of ``solids``."""
    boxes = [projection.box(s) for s in solids]
    if not boxes:
        return 0.0, 0.0, 1.0, 1.0
    return min(b[0] for b in boxes), min(b[1] for b in boxes), max(b[2] for b in boxes), max(b[3] for b in boxes)
