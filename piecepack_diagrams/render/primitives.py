"""What a piece looks like, as drawing primitives: the one place that decides it.
Every back end (SVG, PDF, PNG) draws these primitives and nothing else, so the
same scene gives the same picture in every format.

A piece's primitives are worked out once per look (piece, angle, theme) as a
:class:`Stamp` about the piece's centre, and placed wherever the piece lies.
Coordinates are inches on the table (y up); line widths are points.
"""

from __future__ import annotations

import math
from functools import lru_cache
from typing import TYPE_CHECKING, Callable, Iterable, Iterator, Sequence

from ..pieces import CARD_SUIT_CFGS, COLOUR_NAMES, MARBLE_HOLE, Piece, piece_size
from ..scene import (Annotation, Arrow, EdgeMark, Group, Highlight, Label, Marker, Outline, PathLine, PieceMark,
                     Rectangle, Scene, ScenePiece, Tear)
from ..theme import Theme
from ..values import replace, value
from .lettering import text_width
from .caches import cached
from .extent import Box, box_of, local_levels, union
from .glyphs import CARD_SYMBOLS
from .shapes import BASELINE_DROP, Circle, Point, Polygon, Polyline, Primitive, Symbol, Text
import itertools

if TYPE_CHECKING:
    from ..layout.compose import LaidOut


class _Frame:
    """Piece-local coordinates (inches from the piece centre) turned by the piece's angle,
    still about the centre (a stamp is moved into place when it is used)."""

    __slots__ = ("x", "y", "c", "s", "angle")

    def __init__(self, angle: float) -> None:
        self.x, self.y, self.angle = 0.0, 0.0, angle
        rad = math.radians(angle)
        self.c, self.s = (1.0, 0.0) if angle % 360 == 0 else (math.cos(rad), math.sin(rad))

    def __call__(self, dx: float, dy: float) -> Point:
        return (self.x + dx * self.c - dy * self.s, self.y + dx * self.s + dy * self.c)

    def rect(self, w: float, h: float, cx: float = 0.0, cy: float = 0.0) -> tuple[Point, ...]:
        return tuple(self(cx + dx, cy + dy)
                     for dx, dy in ((-w / 2, -h / 2), (w / 2, -h / 2), (w / 2, h / 2), (-w / 2, h / 2)))


#: A tile is drawn this wide (inches, of its 2-inch place), with corners of this radius and an
#: edge this many line widths heavy: neighbouring tiles show a gap and each tile its edge.
TILE_DRAWN = 1.94
TILE_CORNER = 0.1
TILE_EDGE = 2.0
#: Points on each rounded corner.
_CORNER_STEPS = 4


def _rounded_rect(f: _Frame, w: float, h: float, r: float) -> tuple[Point, ...]:
    """A ``w`` x ``h`` rectangle about the centre with corners of radius ``r``, as a polygon."""
    points: list[Point] = []
    for cx, cy, start in ((w / 2 - r, -h / 2 + r, -90), (w / 2 - r, h / 2 - r, 0), (-w / 2 + r, h / 2 - r, 90),
                          (-w / 2 + r, -h / 2 + r, 180)):
        for k in range(_CORNER_STEPS + 1):
            a = math.radians(start + 90 * k / _CORNER_STEPS)
            points.append(f(cx + r * math.cos(a), cy + r * math.sin(a)))
    return tuple(points)


def _rounded_square(f: _Frame, side: float, r: float) -> tuple[Point, ...]:
    return _rounded_rect(f, side, side, r)


@value(eq=False)
class Stamp:
    """The primitives that draw one piece, about its centre, ready to be placed anywhere.

    ``levels`` are the members' drawing levels relative to each other (see
    :mod:`.batch`) and ``box`` holds everything they paint. Stamps compare by
    identity: equal appearances share one cached stamp.
    """

    primitives: tuple[Primitive, ...]
    levels: tuple[int, ...]
    box: Box

    @classmethod
    def from_primitives(cls, primitives: tuple[Primitive, ...]) -> Stamp:
        """A stamp of ``primitives`` (bottom to top), with their levels and extent worked out."""
        boxes = [box_of(prim) for prim in primitives]
        return cls(primitives, tuple(local_levels(boxes)), union(boxes))


def piece_primitives(p: ScenePiece, theme: Theme) -> Iterator[Primitive]:
    """The primitives that draw one piece where it lies on the table."""
    stamp = piece_stamp(p.piece, p.angle, theme)
    for prim in stamp.primitives:
        yield moved(prim, p.x, p.y)


def piece_stamp(piece: Piece, angle: float, theme: Theme) -> Stamp:
    """The (cached) stamp of ``piece`` turned ``angle`` degrees in ``theme``."""
    return _stamps(theme)(piece, angle % 360)


def piece_stamps(theme: Theme) -> Callable[[Piece, float], Stamp]:
    """:func:`piece_stamp` for ``theme`` (angles from 0 up to 360): its cache found once, for
    drawing many pieces (a theme is slow to hash)."""
    return _stamps(theme)


@cached(maxsize=8)
def _stamps(theme: Theme) -> Callable[[Piece, float], Stamp]:  # one cache per theme: the theme is hashed once
    @lru_cache(maxsize=4096)
    def stamp(piece: Piece, angle: float) -> Stamp:
        return Stamp.from_primitives(tuple(_draw_piece(piece, angle, theme)))
    return stamp


def suit_symbol(piece: Piece) -> int:
    """The symbol that shows a piece's suit (see :func:`.glyphs.suit_outline`): the piecepack's
    suits 1..4, the playing cards expansion's hearts, spades, clubs, diamonds; 0 for a piece
    without piecepack suits."""
    if not 1 <= piece.suit <= 4:
        return 0
    if piece.cfg in ("piecepack", "subpack", "hexpack"):
        return piece.suit
    return CARD_SYMBOLS + piece.suit if piece.cfg in CARD_SUIT_CFGS else 0


def _draw_piece(piece: Piece, angle: float, theme: Theme) -> Iterator[Primitive]:
    f = _Frame(angle)
    lw = theme.line_width
    colour = theme.suit_colour(piece.suit, piece.cfg)
    mark = suit_symbol(piece)
    suited = mark > 0
    kind, side = piece.kind, piece.side
    size = piece_size(piece)
    if kind == "tile" and piece.cfg.startswith("dominoes"):
        yield from _domino(piece, f, theme)
    elif kind == "bit" and piece.cfg == "go":
        yield from _go_stone(size.width / 2, colour, theme)
    elif kind == "bit" and piece.cfg in ("chess1", "chess2"):
        yield from _chess_man(piece, f, colour, angle, theme)
    elif kind == "bit" and piece.cfg in ("checkers1", "checkers2"):
        r = size.width / 2
        yield Circle(0.0, 0.0, r, colour, theme.edge, lw)
        ink = contrasting(colour)
        yield Circle(0.0, 0.0, r * 0.72, "none", ink, lw)
        if side == "face":  # a king: crowned
            yield Text(*f(0, 0), "\u265a", r * 1.1, ink, angle)
    elif kind == "bit" and piece.cfg == "meeples":
        yield Polygon(tuple(f(x * 0.75, y * 0.75) for x, y in _MEEPLE), colour, theme.edge, lw)
    elif kind == "card":
        yield from _card(piece, f, angle, theme)
    elif kind == "pyramid" and side == "top" and suited:
        # A piecepack pyramid seen from above: a square of its base (by rank) whose four faces
        # meet at the apex, lit from the upper left, the suit on the face towards the bottom.
        h = size.width / 2
        corners = (f(-h, -h), f(h, -h), f(h, h), f(-h, h))
        for k, (tint, share) in enumerate(_PYRAMID_LIGHT):
            yield Polygon((corners[k], corners[(k + 1) % 4], f(0, 0)), mix(tint, colour, share), "none", 0.0)
        yield Polyline((corners[0], corners[2]), theme.edge, lw / 2)
        yield Polyline((corners[1], corners[3]), theme.edge, lw / 2)
        yield Polygon(corners, "none", theme.edge, lw)
        yield Symbol(mark, *f(0, -0.62 * h), 0.5 * h, angle, contrasting(colour))
    elif kind == "pyramid" and side == "top":
        # Seen from above: a square whose four faces meet at the apex.
        h = 0.3 + 0.08 * piece.rank
        yield Polygon(f.rect(2 * h, 2 * h), colour, theme.edge, lw)
        yield Polyline((f(-h, -h), f(h, h)), theme.edge, lw)
        yield Polyline((f(-h, h), f(h, -h)), theme.edge, lw)
    elif kind == "tile":
        # A real tile: a rounded square a little smaller than its 2 inches, so neighbouring
        # tiles show a gap, with an edge clearly heavier than the grid printed on its back.
        outline = _rounded_square(f, TILE_DRAWN, TILE_CORNER)
        edge_width = lw * TILE_EDGE
        if side == "back":
            yield Polygon(outline, theme.tile_back_background, "none", 0.0)
            reach = TILE_DRAWN / 2 - edge_width / 144
            yield Polyline((f(-reach, 0), f(reach, 0)), theme.tile_back_lines, lw)
            yield Polyline((f(0, -reach), f(0, reach)), theme.tile_back_lines, lw)
            yield Polygon(outline, "none", theme.edge, edge_width)
        else:
            yield Polygon(outline, theme.piece_background, theme.edge, edge_width)
            yield Text(*f(0, 0), theme.rank_symbol(piece.rank), 1.1, colour, angle)
            if suited:
                yield Symbol(mark, *f(-0.6, 0.6), 0.46, angle, colour)
    elif kind == "saucer" and (suited or side == "back"):
        yield from _saucer(piece, f, mark, colour if side == "face" else theme.edge, angle, theme)
    elif kind == "coin" and suited:
        yield Circle(0.0, 0.0, 0.375, theme.piece_background, theme.edge, lw)
        if side == "face":
            yield Text(*f(0, 0), theme.rank_symbol(piece.rank), 0.48, colour, angle)
        else:
            yield Symbol(mark, *f(0, 0.01), 0.52, angle, colour)
            yield Polygon((f(-0.07, -0.27), f(0.07, -0.27), f(0, -0.34)), colour, colour, lw / 2)
    elif kind == "die":
        yield Polygon(_rounded_rect(f, size.width, size.height, 0.05), colour, theme.edge, lw)
        text = theme.rank_symbol(piece.rank) if suited or piece.cfg == "piecepack" else str(piece.rank)
        ink = theme.die_text if colour != theme.die_text else theme.edge
        if suited:
            # The suit in the corner as well as the colour, so dice stay apart in black and white.
            yield Text(*f(0.05, -0.05), text, 0.42, ink, angle)
            yield Symbol(mark, *f(-0.16, 0.16), 0.13, angle, ink)
        else:
            yield Text(*f(0, 0), text, 0.36, ink, angle)
    elif kind == "pawn":
        yield Polygon(tuple(f(x, y) for x, y in _PAWN), colour, theme.edge, lw)
        yield Circle(*f(0, 0.22), 0.19, colour, theme.edge, lw)
        if suited:
            # The suit on the pawn's head: pawns stay apart in black and white too.
            yield Symbol(mark, *f(0, 0.22), 0.24, angle, contrasting(colour))
    elif kind == "matchstick":
        # A thin stick in its suit's colour, as long as its rank says (rank 1 a short square
        # block), the suit near its top end (in the middle of a block) in white or black.
        w, h = size.width, size.height
        yield Polygon(f.rect(w, h), colour, theme.edge, lw)
        if suited:
            at = 0.0 if piece.rank <= 1 else h / 2 - w * 0.75
            yield Symbol(mark, *f(0, at), w * 0.72, angle, contrasting(colour))
    elif kind == "pyramid" and suited:
        # A piecepack pyramid lying on its back, seen from above: one face, sized by rank.
        w, h = size.width, size.height
        yield Polygon((f(-w / 2, -h / 2), f(w / 2, -h / 2), f(0, h / 2)), colour, theme.edge, lw)
        yield Symbol(mark, *f(0, -h / 4), w * 0.36, angle, contrasting(colour))
    elif kind == "pyramid":
        h = 0.6 + 0.15 * piece.rank
        yield Polygon((f(-h / 3, -h / 2), f(h / 3, -h / 2), f(0, h / 2)), colour, theme.edge, lw)
    elif kind == "board" and piece.cfg == "go":
        n = max(2, min(piece.rank, 64))
        w = size.width
        yield Polygon(f.rect(w, w), "#DCB35C", theme.edge, lw)
        for k in range(n):
            at = -w / 2 + 0.5 + k
            yield Polyline((f(at, -w / 2 + 0.5), f(at, w / 2 - 0.5)), theme.edge, lw)
            yield Polyline((f(-w / 2 + 0.5, at), f(w / 2 - 0.5, at)), theme.edge, lw)
    elif kind == "board" and piece.cfg in ("checkers1", "checkers2", "chess1", "chess2"):
        n, w = max(1, min(piece.rank, 64)), size.width
        yield Polygon(f.rect(w, w), theme.piece_background, theme.edge, lw)
        for i in range(n):
            for j in range(n):
                if (i + j) % 2 == 0:  # a dark square in each corner, as boards are set
                    yield Polygon(f.rect(1.0, 1.0, -w / 2 + i + 0.5, -w / 2 + j + 0.5), colour, "none", 0.0)
        yield Polygon(f.rect(w, w), "none", theme.edge, lw)
    elif kind == "board" and piece.cfg == "marbles":
        # A holed board: a hole under every place a bottom-layer marble sits.
        n, w = max(1, min(piece.rank, 64)), size.width
        yield Polygon(f.rect(w, w), colour, theme.edge, lw)
        for i in range(n):
            for j in range(n):
                yield Circle(*f(-w / 2 + (i + 0.5) * MARBLE_HOLE, -w / 2 + (j + 0.5) * MARBLE_HOLE),
                             MARBLE_HOLE * 0.3, theme.piece_background, theme.edge, lw / 2)
    elif kind == "bit" and piece.cfg == "marbles":
        r = size.width / 2
        yield Circle(0.0, 0.0, r, colour, theme.edge, lw)
        # A glint, so a heap of marbles reads as spheres.
        yield Circle(-r * 0.35, r * 0.35, r * 0.2, theme.piece_background, "none", 0.0)
    elif kind == "board":
        n = max(1, min(piece.rank, 64))
        yield Polygon(f.rect(n, n), theme.tile_back_background, theme.edge, lw)
        for k in range(1, n):
            yield Polyline((f(-n / 2 + k, -n / 2), f(-n / 2 + k, n / 2)), theme.tile_back_lines, lw)
            yield Polyline((f(-n / 2, -n / 2 + k), f(n / 2, -n / 2 + k)), theme.tile_back_lines, lw)
    else:  # bits, go stones, checkers, and coins of other systems
        yield Circle(0.0, 0.0, size.width / 2, colour, theme.edge, lw)
        if kind == "coin" and side == "face":
            yield Text(*f(0, 0), theme.rank_symbol(piece.rank), 0.45, theme.die_text, angle)


def _chess_man(piece: Piece, f: _Frame, colour: str, angle: float, theme: Theme) -> Iterator[Primitive]:
    """The chess symbol of the man's rank (1 pawn .. 6 king), filled in its colour and
    outlined, so white men read on light squares and black ones on dark."""
    rank = max(1, min(piece.rank, 6))
    yield Text(*f(0, 0.02), chr(0x265F - (rank - 1)), 0.72, colour, angle)
    yield Text(*f(0, 0.02), chr(0x2659 - (rank - 1)), 0.72, theme.edge, angle)


#: Card rank labels, index = rank - 1 (11 jack, 12 knight, 13 queen, 14 king, 15 joker).
_CARD_RANKS = ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "C", "Q", "K", "\u2605")
_CARD_SUITS = {1: ("\u2665", "#C8102E"), 2: ("\u2660", "#000000"), 3: ("\u2663", "#000000"),
               4: ("\u2666", "#C8102E")}


def _card(piece: Piece, f: _Frame, angle: float, theme: Theme) -> Iterator[Primitive]:
    """A playing card: on its face the rank in the corners and the suit in the middle (a
    trump shows its number), on its back the tile-back pattern."""
    w, h = 2.5, 3.5
    if piece.side != "face":
        yield Polygon(f.rect(w, h), theme.tile_back_background, theme.edge, theme.line_width)
        yield Polygon(f.rect(w - 0.4, h - 0.4), "none", theme.tile_back_lines, theme.line_width * 2)
        return
    yield Polygon(f.rect(w, h), theme.piece_background, theme.edge, theme.line_width)
    if piece.suit in _CARD_SUITS:
        glyph, ink = _CARD_SUITS[piece.suit]
        label = _CARD_RANKS[piece.rank - 1] if 1 <= piece.rank <= len(_CARD_RANKS) else str(piece.rank)
        yield Text(*f(0, 0), glyph, 1.6, ink, angle)
    else:  # trumps: their number; the fool (22) a star
        ink = theme.edge
        label = "\u2605" if piece.rank == 22 else str(piece.rank)
        yield Text(*f(0, 0), label, 1.2, ink, angle)
    for sign in (1, -1):
        yield Text(*f(sign * -0.85, sign * 1.3), label, 0.45, ink, (angle + (0 if sign > 0 else 180)) % 360)


#: Pip places on a domino half (x, y in units of the half's width), by value.
_PIPS = {0: (), 1: ((0, 0),), 2: ((-1, 1), (1, -1)), 3: ((-1, 1), (0, 0), (1, -1)),
         4: ((-1, 1), (1, 1), (-1, -1), (1, -1)), 5: ((-1, 1), (1, 1), (0, 0), (-1, -1), (1, -1)),
         6: ((-1, 1), (1, 1), (-1, 0), (1, 0), (-1, -1), (1, -1)),
         7: ((-1, 1), (1, 1), (-1, 0), (0, 0), (1, 0), (-1, -1), (1, -1)),
         8: ((-1, 1), (0, 1), (1, 1), (-1, 0), (1, 0), (-1, -1), (0, -1), (1, -1)),
         9: ((-1, 1), (0, 1), (1, 1), (-1, 0), (0, 0), (1, 0), (-1, -1), (0, -1), (1, -1))}


#: A domino is drawn this much smaller than its 1 by 2 inches, with corners of this radius, so
#: neighbouring dominoes and tiles show a gap as real ones do.
DOMINO_GAP = 2.0 - TILE_DRAWN
DOMINO_CORNER = 0.06


def _domino(piece: Piece, f: _Frame, theme: Theme) -> Iterator[Primitive]:
    """A domino, 1 by 2 inches, as piecepackr draws one: a line across its middle, the rank's
    pips on the top half, the suit's on the bottom (values one less than rank and suit; a
    value over nine as its number); the plain set white with black pips, coloured sets
    (dominoes_red ...) of their colour."""
    lw = theme.line_width
    word = piece.cfg.removeprefix("dominoes_")
    body = theme.bit_colours[COLOUR_NAMES.index(word)] if word in COLOUR_NAMES[:5] else theme.piece_background
    ink = contrasting(body)
    w, h = 1.0 - DOMINO_GAP, 2.0 - DOMINO_GAP
    outline = _rounded_rect(f, w, h, DOMINO_CORNER)
    yield Polygon(outline, body, theme.edge, lw * TILE_EDGE)
    if piece.side != "face":
        return
    yield Polyline((f(-w / 2 + 0.1, 0), f(w / 2 - 0.1, 0)), ink, lw * 2)
    for item, cy in ((piece.rank - 1, 0.5), (piece.suit - 1, -0.5)):
        if item in _PIPS:
            for px, py in _PIPS[item]:
                yield Circle(*f(px * 0.27, cy + py * 0.27), 0.08, ink, "none", 0.0)
        else:
            yield Text(*f(0, cy), str(item), 0.5, ink, f.angle)


def _go_stone(r: float, colour: str, theme: Theme) -> Iterator[Primitive]:
    """A go stone seen from above: a disc in its colour with a dark rim, a band a shade
    lighter (or darker, on a white stone) inside the rim where the stone curves, and a glint."""
    lw = theme.line_width
    yield Circle(0.0, 0.0, r, colour, theme.edge, lw * 1.5)
    ink = contrasting(colour)
    yield Circle(0.0, 0.0, r * 0.84, "none", mix(ink, colour, 0.22), lw * 1.5)
    if ink == "#FFFFFF":
        yield Circle(-r * 0.36, r * 0.36, r * 0.18, mix(ink, colour, 0.45), "none", 0.0)


#: The faces of a pyramid seen from above (bottom, right, top, left): the colour mixed with
#: white or black by a share, as if lit from the upper left.
_PYRAMID_LIGHT = (("#FFFFFF", 0.0), ("#000000", 0.22), ("#FFFFFF", 0.3), ("#FFFFFF", 0.14))


#: A saucer's coloured band is this share of its width (a 5/8-inch pawn in a 7/8-inch saucer).
SAUCER_BAND = 1 / 7


def _saucer(piece: Piece, f: _Frame, mark: int, colour: str, angle: float, theme: Theme) -> Iterator[Primitive]:
    """A piecepack saucer: a disc with a broad band in its suit's colour round the rim and a
    white notch in the band at the top, its face showing the suit in the middle (its back
    none, the band dark)."""
    lw = theme.line_width
    r = piece_size(piece).width / 2
    band = 2 * r * SAUCER_BAND
    yield Circle(0.0, 0.0, r, theme.piece_background, "none", 0.0)
    yield Circle(0.0, 0.0, r - band / 2, "none", colour, band * 72)
    yield Circle(0.0, 0.0, r, "none", theme.edge, lw)
    tip, base = r - band * 0.2, r - band * 0.8
    yield Polygon((f(0, tip), f(-band * 0.35, base), f(band * 0.35, base)), theme.piece_background, "none", 0.0)
    if piece.side == "face" and mark:
        yield Symbol(mark, *f(0, 0), 0.34, angle, colour)


# A meeple seen from above.
_MEEPLE: tuple[Point, ...] = ((-0.5, -0.5), (-0.15, -0.5), (0.0, -0.2), (0.15, -0.5), (0.5, -0.5), (0.3, 0.0),
                              (0.5, 0.15), (0.45, 0.28), (0.15, 0.2), (0.12, 0.35), (0.0, 0.48), (-0.12, 0.35),
                              (-0.15, 0.2), (-0.45, 0.28), (-0.5, 0.15), (-0.3, 0.0))


# A pawn seen from above: a bell-shaped body under the head.
_PAWN: tuple[Point, ...] = (
    (-0.25, -0.4375), (0.25, -0.4375), (0.25, -0.33), (0.12, -0.22), (0.09, 0.06), (0.14, 0.1),
    (0.0, 0.16), (-0.14, 0.1), (-0.09, 0.06), (-0.12, -0.22), (-0.25, -0.33),
)


def annotation_primitives(scene: Scene, theme: Theme, scale: float = 1.0) -> Iterator[Primitive]:
    """The primitives that draw a scene's annotations, printed at ``scale``."""
    for a in scene.annotations:
        yield from _annotation(a, theme, scale)


def annotation_stamp(a: Annotation, theme: Theme, scale: float = 1.0) -> Stamp:
    """The (cached) stamp of one annotation (a group: all its items) where it lies, for a
    drawing printed at ``scale`` (marks such as arrows keep their printed widths)."""
    return _annotation_stamps(theme, scale)(a)


@cached(maxsize=16)
def _annotation_stamps(theme: Theme, scale: float) -> Callable[[Annotation], Stamp]:  # one cache per theme and scale
    @lru_cache(maxsize=8192)
    def stamp(a: Annotation) -> Stamp:
        return Stamp.from_primitives(tuple(_annotation(a, theme, scale)))
    return stamp


def _annotation(a: Annotation, theme: Theme, scale: float = 1.0) -> Iterator[Primitive]:
    # Marks (arrows, routes, rings, leaders, torn edges) keep their printed sizes: a length of
    # ``n`` paper inches is ``n / scale`` on the table; widths in points are divided likewise.
    if isinstance(a, Group):
        if a.role == "swatch":  # the tint of a key's highlight, under the key's pieces; its ring comes later
            for tinted in a.items:
                if isinstance(tinted, Highlight):
                    yield from _tint_stamp(tinted, theme).primitives
            return
        for item in a.items:
            yield from _annotation(item, theme, scale)
    elif isinstance(a, Highlight):
        # Over the pieces only a ring inside the square's edge: the square's own background
        # takes the tint, under the pieces (see scene_stamps), so no glyph changes colour.
        # Printed widths, but never more than a share of the square: on a small print of a board
        # a ring as wide as on a large one would cover the glyphs in the square's corners.
        side = min(a.width, a.height)
        width = min(HIGHLIGHT_RING * (1.4 if a.role == "target" else 1.0) / scale, side * HIGHLIGHT_SHARE * 72)
        inset = width / 144 + min(0.03 / scale, side * HIGHLIGHT_SHARE * 0.6)
        w, h = a.width / 2 - inset, a.height / 2 - inset
        ring = ((a.x - w, a.y - h), (a.x + w, a.y - h), (a.x + w, a.y + h), (a.x - w, a.y + h), (a.x - w, a.y - h))
        colour = theme.annotation if a.role == "target" else theme.highlight_edge
        yield Polyline(ring, colour, width)
    elif isinstance(a, Arrow):
        if a.role == "mark":
            # A user's arrow runs over whatever stands on its way (a game's own arrows are drawn
            # clear of the glyphs): a rim in the page's colour keeps it apart from any piece.
            yield from _arrow(a.points, theme, scale, colour=a.colour, casing=MARK_CASING)
        yield from _arrow(a.points, theme, scale, dashed=a.role == "illegal", colour=a.colour)
        if a.role == "illegal":
            yield from _cross(a.end, theme, scale)
    elif isinstance(a, PathLine):
        if a.role == "leader":
            yield Polyline(a.points, theme.edge, LEADER_WIDTH / scale)
        elif a.dash:
            for part in _dashes(a.points, scale, a.dash):
                yield Polyline(part, a.colour or theme.annotation, ROUTE_WIDTH / scale)
        else:
            yield Polyline(a.points, a.colour or theme.annotation, ROUTE_WIDTH / scale)
    elif isinstance(a, PieceMark):
        yield from piece_primitives(a.piece, theme)
    elif isinstance(a, Tear):
        yield Polygon(a.cover, _page_colour(theme), "none", 0.0)
        yield Polyline(a.edge, theme.grid_lines, TEAR_WIDTH / scale)
    elif isinstance(a, Outline):
        yield Polygon(a.points, theme.maze_passage if a.role == "passage" else theme.shade, "none", 0.0)
    elif isinstance(a, Marker):
        yield from _marker(a, theme)
    elif isinstance(a, Label):
        # A label that starts at x is centred half its set width further on.
        size = a.inches
        x = a.x + text_width(a.text, theme.lettering_font) * size / 2 if a.anchor == "start" else a.x
        yield Text(x, a.y, a.text, size, theme.edge)
    elif isinstance(a, Rectangle):
        x0, y0, x1, y1 = a.x - a.width / 2, a.y - a.height / 2, a.x + a.width / 2, a.y + a.height / 2
        fill = {"shaded": theme.shade, "wall": theme.maze_wall}.get(a.role, theme.piece_background)
        if a.role == "wall":  # a maze tile's body: drawn with the board
            yield Polygon(((x0, y0), (x1, y0), (x1, y1), (x0, y1)), fill, theme.edge, theme.line_width)
        else:
            yield Polygon(((x0, y0), (x1, y0), (x1, y1), (x0, y1)), fill, theme.edge, FIGURE_EDGE / scale)
        if a.grid > 0:
            for k in range(1, min(64, round(a.width / a.grid))):
                yield Polyline(((x0 + k * a.grid, y0), (x0 + k * a.grid, y1)), theme.grid_lines, FIGURE_GRID / scale)
            for k in range(1, min(64, round(a.height / a.grid))):
                yield Polyline(((x0, y0 + k * a.grid), (x1, y0 + k * a.grid)), theme.grid_lines, FIGURE_GRID / scale)
    elif isinstance(a, EdgeMark):
        yield Polyline((a.start, a.end), theme.edge, EDGE_MARK_WIDTH / scale)


def _marker(m: Marker, theme: Theme) -> Iterator[Primitive]:
    h = m.size / 2
    if m.shape == "ring":
        # On a light halo, so that a ring reads on a dark tile as on the page.
        width = max(1.5, m.size * 9)
        yield Circle(m.x, m.y, h * 0.85, "none", _page_colour(theme), width * 1.8)
        yield Circle(m.x, m.y, h * 0.85, "none", m.colour, width)
    else:
        if m.rim:
            # A wide stroke in the page's colour under the mark's own edge: a light rim outside it.
            yield _filled(m, _page_colour(theme), theme.line_width * RIM)
        yield _filled(m, theme.edge, theme.line_width)
    if m.text:
        ink = theme.edge if m.shape == "ring" else contrasting(m.colour)
        yield Text(m.x, m.y, m.text, m.text_size, ink)


#: A rimmed mark's light rim: a stroke this many times the edge's width (half of it outside).
RIM = 5.0


def _filled(m: Marker, stroke: str, width: float) -> Primitive:
    """A filled mark's body (disc, square or diamond) in its colour, edged in ``stroke``."""
    h = m.size / 2
    if m.shape == "square":
        return Polygon(((m.x - h, m.y - h), (m.x + h, m.y - h), (m.x + h, m.y + h), (m.x - h, m.y + h)),
                       m.colour, stroke, width)
    if m.shape == "diamond":
        return Polygon(((m.x, m.y - h), (m.x + h, m.y), (m.x, m.y + h), (m.x - h, m.y)), m.colour, stroke, width)
    return Circle(m.x, m.y, h, m.colour, stroke, width)


def contrasting(colour: str) -> str:
    """Black or white, whichever reads better on ``colour`` (``#RRGGBB``)."""
    r, g, b = (int(colour[k:k + 2], 16) for k in (1, 3, 5))
    return "#000000" if 0.299 * r + 0.587 * g + 0.114 * b > 150 else "#FFFFFF"


#: Printed sizes of marks (points for widths, paper inches for lengths): they stay the same
#: however small the board is drawn.
HIGHLIGHT_RING = 2.0
#: A highlight's ring is at most this share of the square's side wide (see _annotation).
HIGHLIGHT_SHARE = 0.04
ARROW_WIDTH = 2.6
ARROW_HEAD = 0.13
ROUTE_WIDTH = 2.4
LEADER_WIDTH = 0.6
TEAR_WIDTH = 0.8
EDGE_MARK_WIDTH = 3.0
FIGURE_EDGE = 0.9
FIGURE_GRID = 0.45
CROSS_SIZE = 0.085
#: The rim round a user's arrow (points each side), see :func:`_annotation`.
MARK_CASING = 0.9
#: Dashes of a refused move's arrow (paper inches): drawn, then left out.
_DASH, _GAP = 0.09, 0.06


def _arrow(points: tuple[Point, ...], theme: Theme, scale: float = 1.0, *, dashed: bool = False,
           colour: str = "", casing: float = 0.0) -> Iterator[Primitive]:
    """An arrow along ``points`` (turning at each corner), its head at the last point, in
    ``colour`` (else the theme's annotation colour); with ``casing``, only a rim that many
    points wide round it, in the page's colour, to draw under it."""
    ink = colour or theme.annotation
    points = tuple(p for k, p in enumerate(points) if k == 0 or p != points[k - 1])
    if len(points) < 2:
        return
    (x0, y0), (x1, y1) = points[-2], points[-1]
    length = math.hypot(x1 - x0, y1 - y0)
    if length < 1e-9:
        return
    ux, uy = (x1 - x0) / length, (y1 - y0) / length
    head = min(ARROW_HEAD / scale, length * 0.6)
    bx, by = x1 - ux * head, y1 - uy * head
    shaft = points[:-1] + ((bx, by),)
    width = ARROW_WIDTH / scale
    w = head * 0.5
    tip = ((x1, y1), (bx - uy * w, by + ux * w), (bx + uy * w, by - ux * w))
    if casing:
        rim, extra = _page_colour(theme), 2 * casing / scale
        yield Polyline(shaft, rim, width + extra)
        yield Polygon(tip, rim, rim, extra)
        return
    if dashed:
        for dash in _dashes(shaft, scale):
            yield Polyline(dash, ink, width)
    else:
        yield Polyline(shaft, ink, width)
    yield Polygon(tip, ink, "none", 0.0)


def _dashes(points: tuple[Point, ...], scale: float,
            pattern: tuple[float, ...] = (_DASH, _GAP)) -> Iterator[tuple[Point, ...]]:
    """The drawn parts of a dashed polyline: ``pattern`` is dash, gap, dash, gap ... (printed
    inches); period ``k`` starts ``k`` periods along the line (counted, so no rounding can
    stall it), each dash turning corners with the line."""
    period = sum(pattern) / scale
    starts, at_ = [], 0.0
    for k, length in enumerate(pattern):
        if k % 2 == 0:
            starts.append((at_ / scale, length / scale))
        at_ += length
    lengths = [math.hypot(b[0] - a[0], b[1] - a[1]) for a, b in itertools.pairwise(points)]
    total = sum(lengths)

    def at(distance: float) -> tuple[int, Point]:
        for k, length in enumerate(lengths):
            if distance <= length or k == len(lengths) - 1:
                t = distance / length if length else 0.0
                (x0, y0), (x1, y1) = points[k], points[k + 1]
                return k, (x0 + (x1 - x0) * t, y0 + (y1 - y0) * t)
            distance -= length
        return 0, points[0]

    for k in range(min(10_000, math.ceil(total / period))):
        for offset, dash in starts:
            first, last = k * period + offset, min(k * period + offset + dash, total)
            if last <= first:
                break
            i, a = at(first)
            j, b = at(last)
            yield (a, *points[i + 1:j + 1], b)


def _cross(at: Point, theme: Theme, scale: float = 1.0) -> Iterator[Primitive]:
    """A bold X over ``at``: white under the annotation colour, to read on any piece."""
    x, y = at
    size = CROSS_SIZE / scale
    for colour, width in (("#FFFFFF", 5.0 / scale), (theme.annotation, 2.6 / scale)):
        yield Polyline(((x - size, y - size), (x + size, y + size)), colour, width)
        yield Polyline(((x - size, y + size), (x + size, y - size)), colour, width)


#: A stamp placed on the table: the stamp and the table point its origin goes to.
Placed = tuple[Stamp, float, float]


def laid_stamps(laid: LaidOut, theme: Theme) -> Iterable[Placed]:
    """Everything a laid-out drawing draws, bottom to top: what its view drew
    (:attr:`~piecepack_diagrams.layout.compose.LaidOut.drawn`), else its scene's stamps."""
    return scene_stamps(laid.scene, theme, laid.scale) if laid.drawn is None else laid.drawn


def scene_stamps(scene: Scene, theme: Theme, scale: float = 1.0) -> Iterator[Placed]:
    """Everything a scene draws, bottom to top: a stamp per piece and per annotation.

    Highlights go under the pieces: a tint at the bottom, and the backgrounds of the tiles
    (and maze tiles) under a highlight drawn in the tint, so every glyph keeps its colour;
    only the highlight's ring is drawn over the pieces, in the annotations' place."""
    stamp = _stamps(theme)
    highlights = [a for a in scene.annotations if type(a) is Highlight]
    if not highlights:
        for p in scene.pieces:
            yield stamp(p.piece, p.angle % 360), p.x, p.y
        for a in scene.annotations:
            yield annotation_stamp(a, theme, scale), 0.0, 0.0
        return
    tinted_theme = tinted(theme)
    tinted_stamp = _stamps(tinted_theme)
    # A highlight a tile covers is that tile's tinted background (which keeps the tile's rounded
    # corners); the square tint is only for squares no tile fills.
    tiles = [p for p in scene.pieces if p.piece.kind == "tile" and p.piece.cfg == "piecepack"]
    for h in highlights:
        if not any(_fills(p, h) for p in tiles):
            yield _tint_stamp(h, theme), 0.0, 0.0
    for p in scene.pieces:
        under = p.piece.kind in ("tile", "board") and _is_under(p.x, p.y, highlights)
        yield (tinted_stamp if under else stamp)(p.piece, p.angle % 360), p.x, p.y
        if not under and p.piece.kind == "tile" and p.piece.cfg == "piecepack":
            # A square smaller than the tile it lies on (a quarter of a tile's back): tinted
            # through, over the tile and under what stands on it.
            for h in highlights:
                if _fills(p, h):
                    yield _tint_stamp(h, theme, opacity=theme.highlight_opacity), 0.0, 0.0
    for a in scene.annotations:
        yield annotation_stamp(a, tinted_theme if is_tinted_group(a, highlights) else theme, scale), 0.0, 0.0


def _is_under(x: float, y: float, highlights: Sequence[Highlight]) -> bool:
    return any(abs(x - h.x) < h.width / 2 and abs(y - h.y) < h.height / 2 for h in highlights)


def highlighted_boards(pieces: Sequence[ScenePiece], highlights: Sequence[Highlight]) -> frozenset[int]:
    """The indices of the tiles and boards among ``pieces`` whose middle a highlight covers:
    each is drawn in the tinted background (:func:`tinted`) under its printing, for the
    highlight, so every glyph on it keeps its colour (see :func:`scene_stamps`)."""
    return frozenset(k for k, p in enumerate(pieces)
                     if p.piece.kind in ("tile", "board") and _is_under(p.x, p.y, highlights))


def is_tinted_group(a: Annotation, highlights: Sequence[Highlight]) -> bool:
    """Whether ``a`` is a tile drawn as marks (a maze's) whose middle a highlight covers, drawn
    in the tinted background for it."""
    return isinstance(a, Group) and a.role == "tile" and _is_under(*_group_centre(a), highlights)


def _fills(tile: ScenePiece, h: Highlight) -> bool:
    """Whether ``tile`` (a 2-inch piecepack tile) covers all of highlight ``h``."""
    return abs(tile.x - h.x) + h.width / 2 <= 1.0 + 1e-9 and abs(tile.y - h.y) + h.height / 2 <= 1.0 + 1e-9


def _group_centre(group: Group) -> tuple[float, float]:
    first = group.items[0]
    return (first.x, first.y) if isinstance(first, Rectangle) else (math.inf, math.inf)


def _tint_stamp(h: Highlight, theme: Theme, *, opacity: float = 1.0) -> Stamp:
    """The square ``h`` in the tinted background (with ``opacity`` below 1: the highlight's
    colour, see-through, over what lies under it)."""
    x0, y0, x1, y1 = h.x - h.width / 2, h.y - h.height / 2, h.x + h.width / 2, h.y + h.height / 2
    fill = tinted(theme).piece_background if opacity >= 1 else theme.highlight
    return Stamp.from_primitives((Polygon(((x0, y0), (x1, y0), (x1, y1), (x0, y1)), fill, "none", 0.0, opacity),))


def mix(colour: str, base: str, share: float) -> str:
    """``colour`` laid over ``base`` at opacity ``share`` (0 to 1; ``#RRGGBB`` colours, a base
    of ``"none"`` white), as ``#RRGGBB``: a tint, or a shade when ``colour`` is black."""
    if base == "none":
        base = "#FFFFFF"
    a = [int(colour[k:k + 2], 16) for k in (1, 3, 5)]
    b = [int(base[k:k + 2], 16) for k in (1, 3, 5)]
    return "#" + "".join(f"{round(x * share + y * (1 - share)):02X}" for x, y in zip(a, b))


@cached(maxsize=8)
def tinted(theme: Theme) -> Theme:
    """``theme`` with the backgrounds of pieces and maze passages in the highlight's tint."""
    share = theme.highlight_opacity
    return theme.replace(piece_background=mix(theme.highlight, theme.piece_background, share),
                         tile_back_background=mix(theme.highlight, theme.tile_back_background, share),
                         maze_passage=mix(theme.highlight, theme.maze_passage, share))


def _page_colour(theme: Theme) -> str:
    return theme.page_background if theme.page_background != "none" else "#FFFFFF"


def moved(prim: Primitive, dx: float, dy: float) -> Primitive:
    """``prim`` moved by ``(dx, dy)`` inches."""
    if isinstance(prim, (Polygon, Polyline)):
        return replace(prim, points=tuple((x + dx, y + dy) for x, y in prim.points))
    if isinstance(prim, Circle):
        return replace(prim, cx=prim.cx + dx, cy=prim.cy + dy)
    return replace(prim, x=prim.x + dx, y=prim.y + dy)


def scene_primitives(scene: Scene, theme: Theme, scale: float = 1.0) -> Iterator[Primitive]:
    """Everything a scene draws, bottom to top, printed at ``scale``."""
    for placed_stamp, dx, dy in scene_stamps(scene, theme, scale):
        for prim in placed_stamp.primitives:
            yield moved(prim, dx, dy) if dx or dy else prim


__all__ = ["BASELINE_DROP", "Circle", "Piece", "Polygon", "Polyline", "Primitive", "Symbol", "Text", "Placed", "Stamp",
           "annotation_primitives", "annotation_stamp", "contrasting", "highlighted_boards", "is_tinted_group", "mix",
           "moved", "piece_primitives", "piece_stamp", "piece_stamps", "scene_primitives", "laid_stamps",
           "scene_stamps", "tinted"]
