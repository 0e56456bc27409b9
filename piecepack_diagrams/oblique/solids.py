"""A scene's pieces as convex solids in table inches (x right, y up, z up from the table):
tiles as slabs, coins and saucers as short many-sided cylinders, dice as cubes, pawns as
piecepackr's pawn outline cut from a quarter-inch board, standing (or lying on their side),
in two convex parts (see :mod:`.pawns`), everything else as a box of the piece's footprint;
each stacked on what lies under it, at its real height.

Thicknesses are piecepackr's defaults (a quarter inch for tiles, coins, saucers and pawns; a
die a half-inch cube; a pawn standing 7/8 inch tall).
"""

from __future__ import annotations

import math
from functools import lru_cache
from typing import TYPE_CHECKING, Iterator, Sequence

from ..pieces import Piece, piece_size
from ..scene import ScenePiece
from ..values import field, value

if TYPE_CHECKING:
    from .raised import MarkLook

Point3 = tuple[float, float, float]

#: Sides of the polygon a round piece (coin, saucer, bit) is modelled as.
ROUND_SIDES = 32
#: piecepackr's default thicknesses (inches) by kind; a die's is its width.
THICKNESS: dict[str, float] = {"tile": 0.25, "coin": 0.25, "saucer": 0.25, "pawn": 0.25, "bit": 0.25,
                               "card": 0.01, "board": 0.25, "matchstick": 0.25, "pyramid": 0.25}
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
    """A convex solid: its :attr:`faces` (``made``, moved by ``at``), the scene piece it models
    (``index`` in the scene's pieces, ``piece``), and the heights its bottom and top stand at.
    Compares by identity."""

    #: The faces as made: for a whole piece its kind's, standing at the origin (shared by every
    #: piece of that kind and turn), moved to where it stands by ``at``.
    made: tuple[Face, ...]
    index: int
    piece: ScenePiece
    base: float
    top: float
    #: Whether this is a part of the piece, cut to break a cycle of the drawing order.
    is_part: bool = False
    #: Whether this is no piece but a mark drawn flat on the table or a tile (``index`` then
    #: counts on from the pieces; ``piece`` stands at the mark's centre).
    is_mark: bool = False
    #: Which convex part of its piece this is (a pawn is two, see :mod:`.pawns`; else 0).
    part: int = 0
    #: How far ``made`` is moved to where the solid stands.
    at: Point3 = (0.0, 0.0, 0.0)
    #: ``made`` moved by ``at``, made when first asked for (most solids' faces never are: a
    #: scene's order and drawing go by their kinds' shapes and stamps).
    _moved: tuple[Face, ...] | None = field(default=None, init=False, repr=False)

    @property
    def faces(self) -> tuple[Face, ...]:
        """The solid's faces where it stands."""
        moved = self._moved
        if moved is None:
            moved = translated(self.made, self.at) if self.at != (0.0, 0.0, 0.0) else self.made
            object.__setattr__(self, "_moved", moved)  # a cache: the value stays the same
        return moved


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
        from .pawns import pawn_extent

        across, along, _ = pawn_extent(piece)
        w, d = across / 2, along / 2
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
        from .pawns import pawn_extent

        return pawn_extent(piece)[2]
    return THICKNESS.get(piece.kind, 0.25)


def prism(outline: Sequence[tuple[float, float]], z0: float, z1: float) -> tuple[Face, ...]:
    """The faces of an upright prism over the convex counter-clockwise ``outline``."""
    n = len(outline)
    h2 = 2 * (z1 - z0)
    twice_area = sum(outline[k - 1][0] * outline[k][1] - outline[k][0] * outline[k - 1][1] for k in range(n))
    # The normals as Newell's method gives them, written out: the sides' are level. Faces
    # share their corners (every scene's solids are made anew: this is a hot path).
    low = [(x, y, z0) for x, y in outline]
    high = [(x, y, z1) for x, y in outline]
    top = Face(tuple(high), "top", (0.0, 0.0, twice_area))
    bottom = Face(tuple(reversed(low)), "bottom", (0.0, 0.0, -twice_area))
    turn = [*range(1, n), 0]  # each corner's next
    sides = [Face((low[k], low[j], high[j], high[k]), "side",
                  (h2 * (outline[j][1] - outline[k][1]), h2 * (outline[k][0] - outline[j][0]), 0.0))
             for k, j in enumerate(turn)]
    return (top, bottom, *sides)


@lru_cache(maxsize=1024)
def piece_parts(piece: Piece, angle: float) -> tuple[tuple[Face, ...], ...]:
    """The faces of each convex part of ``piece`` turned ``angle`` degrees, standing on the
    table at the origin (one part but for a pawn)."""
    if piece.kind == "pawn":
        from .pawns import pawn_parts

        return pawn_parts(piece, angle)
    return (prism(placed_outline(ScenePiece(piece, 0.0, 0.0, angle)), 0.0, height(piece)),)


def translated(faces: tuple[Face, ...], by: Point3) -> tuple[Face, ...]:
    """``faces`` moved by ``by``."""
    dx, dy, dz = by
    return tuple(Face(tuple((x + dx, y + dy, z + dz) for x, y, z in f.points), f.kind, f.normal) for f in faces)


def placed_outline(p: ScenePiece) -> tuple[tuple[float, float], ...]:
    """The piece's footprint where it lies on the table (turned, moved)."""
    return tuple((p.x + x, p.y + y) for x, y in _turned_footprint(p.piece, p.angle))


@lru_cache(maxsize=1024)
def _turned_footprint(piece: Piece, angle: float) -> tuple[tuple[float, float], ...]:
    """The piece's footprint turned ``angle`` degrees about its centre (the same for every
    piece of its kind: worked out once)."""
    c, s = math.cos(math.radians(angle)), math.sin(math.radians(angle))
    return tuple((x * c - y * s, x * s + y * c) for x, y in footprint(piece))


@lru_cache(maxsize=4)
def solids_of(pieces: tuple[ScenePiece, ...]) -> tuple[Solid, ...]:
    """The scene's pieces (bottom to top, as a scene lists them) as solids, each standing on
    the highest of the pieces before it whose footprints overlap its own (a stack at its real
    height; ``under`` undrawn pieces of a deep stack raise it by their thickness). The last
    few scenes' are kept: one scene is often drawn at several angles."""
    from .polygons import is_apart, is_well_inside, overlap_area

    out: list[Solid] = []
    tops: list[float] = []  # per piece
    boxes: list[tuple[float, float, float, float]] = []
    outlines: list[tuple[tuple[float, float], ...] | None] = []  # placed when first needed
    grid: dict[tuple[int, int], list[int]] = {}  # the pieces whose boxes reach into each cell
    for index, p in enumerate(pieces):
        fx0, fy0, fx1, fy1 = _footprint_box(p.piece, p.angle)
        box = (p.x + fx0, p.y + fy0, p.x + fx1, p.y + fy1)
        cells = [(i, j) for i in range(math.floor(box[0] / _CELL), math.floor(box[2] / _CELL) + 1)
                 for j in range(math.floor(box[1] / _CELL), math.floor(box[3] / _CELL) + 1)]
        # Only pieces whose boxes overlap can overlap: most pairs need no clipping.
        near = sorted({k for c in cells for k in grid.get(c, ())})
        base = 0.0
        outline: tuple[tuple[float, float], ...] | None = None
        for k in near:
            b = boxes[k]
            if tops[k] > base and b[0] < box[2] and box[0] < b[2] and b[1] < box[3] and box[1] < b[3]:
                o = outlines[k]
                if o is None:
                    o = outlines[k] = placed_outline(pieces[k])
                # A centre well inside the other's footprint is an overlap (footprints lie round
                # their centres): no outline needed for a piece on a stack.
                if is_well_inside((p.x, p.y), o, 1e-6):
                    base = tops[k]
                    continue
                if outline is None:
                    outline = placed_outline(p)
                if not is_apart(outline, o) and overlap_area(outline, o) > EPSILON:
                    base = tops[k]
        base += p.under * height(p.piece)
        top = base + height(p.piece)
        # Each part's faces are its kind's, moved when first asked for.
        out.extend(Solid(faces, index, p, base, top, part=k, at=(p.x, p.y, base))
                   for k, faces in enumerate(piece_parts(p.piece, p.angle)))
        tops.append(top)
        boxes.append(box)
        outlines.append(outline)
        for c in cells:
            grid.setdefault(c, []).append(index)
    return tuple(out)


#: The side (inches) of the cells :func:`solids_of` files pieces under to find neighbours.
_CELL = 2.0


@lru_cache(maxsize=1024)
def _footprint_box(piece: Piece, angle: float) -> tuple[float, float, float, float]:
    """The extent (x0, y0, x1, y1) of the piece's footprint turned ``angle`` degrees, about its centre."""
    ring = _turned_footprint(piece, angle)
    xs, ys = [x for x, _ in ring], [y for _, y in ring]
    return min(xs), min(ys), max(xs), max(ys)


#: Kinds of piece a mark lying on them is drawn on (else it is drawn on the table).
BOARD_KINDS = ("tile", "board")


def mark_solids(marks: Sequence[MarkLook], solids: Sequence[Solid], shift: tuple[float, float] = (0.0, 0.0)
                ) -> tuple[Solid, ...]:
    """``marks`` as solids, numbered on from the pieces of ``solids``: each lies on the top of
    the highest tile or board (a piece, or a mark that is a board) under its centre, else on
    the table (words: level with the highest board, drawn ``shift`` an inch of height moves a
    point, but a title or a column's letter not moved nearer the board above or below it: see
    :func:`_held_back`). A flat mark is as thin as a sheet over
    its box, so pieces standing on it hide it and it hides what lies under it; a mark that
    stands up is an upright prism over its outline (see :class:`.raised.MarkLook`)."""
    from ..pieces import Piece

    first = 1 + max((s.index for s in solids), default=-1)  # a piece may be several solids
    # Each board's top, box and outline (placed when first needed: a mark's centre must lie in the box).
    boards: list[tuple[float, tuple[float, float, float, float], ScenePiece | tuple[tuple[float, float], ...]]] = []
    for s in solids:
        if s.piece.piece.kind in BOARD_KINDS and s.base == 0.0:
            p = s.piece
            fx0, fy0, fx1, fy1 = _footprint_box(p.piece, p.angle)
            boards.append((s.top, (p.x + fx0, p.y + fy0, p.x + fx1, p.y + fy1), p))
    highest = max((top for top, _, _ in boards), default=0.0)
    out = []
    for k, m in enumerate(marks):
        x0, y0, x1, y1 = m.box
        at = ((x0 + x1) / 2, (y0 + y1) / 2)
        under = [top for top, _ in _boards_under(boards, at)]
        z = max(under, default=highest if m.is_word else 0.0)
        foot = m.outline or ((x0, y0), (x1, y0), (x1, y1), (x0, y1))
        if m.is_word and boards and not under:
            back = _held_back(at, [(box[1], box[3]) for _, box, _ in boards], z * shift[1])
            foot = tuple((x, y - back) for x, y in foot)
            at = (at[0], at[1] - back)
        out.append(Solid(prism(foot, z, z + m.tall), first + k, ScenePiece(Piece("board", "face"), at[0], at[1]),
                         z, z + m.tall, is_mark=True))
        if m.is_board:
            xs, ys = [x for x, _ in foot], [y for _, y in foot]
            boards.append((z + m.tall, (min(xs), min(ys), max(xs), max(ys)), foot))
            highest = max(highest, z + m.tall)
    return tuple(out)


def _held_back(at: tuple[float, float], spans: Sequence[tuple[float, float]], rise: float) -> float:
    """How much of ``rise`` (the drawn rise of a word level with the boards' tops) to take back
    for a word at ``at`` beside boards spanning ``spans`` (each board's lowest and highest y):
    all of it when it is beside no board's rows (a title, a column's letter) and the rise
    would bring it nearer the board nearest above or below it, whose side drawn towards it
    would close the gap; else none (a row's number moves with its row)."""
    if any(lo <= at[1] <= hi for lo, hi in spans):
        return 0.0
    gap = min(((lo - at[1]) if at[1] < lo else (hi - at[1]) for lo, hi in spans), key=abs)
    return rise if rise * gap > 0 else 0.0


def _boards_under(boards: list[tuple[float, tuple[float, float, float, float],
                                     ScenePiece | tuple[tuple[float, float], ...]]],
                  at: tuple[float, float]) -> Iterator[tuple[float, tuple[tuple[float, float], ...]]]:
    """The (top, outline) of each of ``boards`` whose outline holds ``at``; a board given as
    its piece has its entry replaced by its outline, placed once."""
    from .polygons import is_well_inside

    x, y = at
    for k, (top, box, ring) in enumerate(boards):
        if box[0] <= x <= box[2] and box[1] <= y <= box[3]:
            if isinstance(ring, ScenePiece):
                ring = placed_outline(ring)
                boards[k] = (top, box, ring)
            if is_well_inside(at, ring, 0.0):
                yield top, ring


@value
class Standing:
    """A piece standing on a board or the table, as the words placed beside it see it (they
    lie level with the highest board's top, see :func:`standing_pieces`): its footprint
    (``outline``, table inches), how far its top is drawn from it (``lift``) and the ``box``
    (x0, y0, x1, y1) it covers as drawn, from its bottom to its top (a stack's pieces' boxes
    step along the stack); how high its ``top`` stands (inches)."""

    outline: tuple[tuple[float, float], ...]
    lift: tuple[float, float]
    box: tuple[float, float, float, float]
    top: float


def board_level(solids: Sequence[Solid]) -> float:
    """How high the highest board (a tile, a board) of ``solids`` stands: 0 with none."""
    return max((s.top for s in solids if s.piece.piece.kind in BOARD_KINDS and not s.is_mark), default=0.0)


def standing_pieces(solids: Sequence[Solid], shift: tuple[float, float]) -> list[Standing]:
    """Each piece of ``solids`` that is no board (a stack: each of its pieces), seen as drawn
    ``shift`` an inch of height moves a point, from the plane level with the highest board's
    top (:func:`board_level`; a piece on the table reaches below it)."""
    level = board_level(solids)
    out = []
    for s in solids:
        p = s.piece
        if p.piece.kind in BOARD_KINDS or s.is_mark or s.part:
            continue
        low, high = s.base - level, s.top - level
        ring = placed_outline(p)
        xs, ys = [x for x, _ in ring], [y for _, y in ring]
        dxs, dys = (low * shift[0], high * shift[0]), (low * shift[1], high * shift[1])
        out.append(Standing(ring, (dxs[1], dys[1]), (min(xs) + min(dxs), min(ys) + min(dys),
                                                     max(xs) + max(dxs), max(ys) + max(dys)), s.top))
    return out


__all__ = ["BOARD_KINDS", "Face", "Point3", "Solid", "footprint", "height", "mark_solids", "newell",
           "piece_parts", "prism", "Standing", "board_level", "solids_of", "standing_pieces",
           "translated"]
