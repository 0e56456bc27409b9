"""A scene broken into drawing primitives: the one place that decides what a
piece looks like. Every back end (SVG, PDF, PNG) draws these primitives and
nothing else, so the same scene gives the same picture in every format.

Coordinates are inches on the table (y up); line widths are points.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Iterator, Union

from ..pieces import Piece, size_of
from ..scene import Arrow, Highlight, Label, PathLine, Scene, ScenePiece
from ..theme import Theme

Point = tuple[float, float]


@dataclass(frozen=True, slots=True)
class Polygon:
    points: tuple[Point, ...]
    fill: str
    stroke: str
    width: float
    opacity: float = 1.0


@dataclass(frozen=True, slots=True)
class Circle:
    cx: float
    cy: float
    r: float
    fill: str
    stroke: str
    width: float


@dataclass(frozen=True, slots=True)
class Polyline:
    points: tuple[Point, ...]
    stroke: str
    width: float


@dataclass(frozen=True, slots=True)
class Text:
    """Text whose visual centre is ``(x, y)``; ``size`` is the font size in inches."""

    x: float
    y: float
    text: str
    size: float
    colour: str
    angle: float = 0.0


@dataclass(frozen=True, slots=True)
class Symbol:
    """Suit symbol ``suit`` centred at ``(x, y)``, ``size`` inches across."""

    suit: int
    x: float
    y: float
    size: float
    angle: float
    colour: str


Primitive = Union[Polygon, Circle, Polyline, Text, Symbol]

#: Where text sits: its baseline is this many font sizes below its visual centre.
BASELINE_DROP = 0.36


class _Frame:
    """Piece-local coordinates (inches from the piece centre) to table coordinates."""

    __slots__ = ("x", "y", "c", "s", "angle")

    def __init__(self, p: ScenePiece) -> None:
        self.x, self.y, self.angle = p.x, p.y, p.angle
        rad = math.radians(p.angle)
        self.c, self.s = math.cos(rad), math.sin(rad)

    def __call__(self, dx: float, dy: float) -> Point:
        return (self.x + dx * self.c - dy * self.s, self.y + dx * self.s + dy * self.c)

    def rect(self, w: float, h: float, cx: float = 0.0, cy: float = 0.0) -> tuple[Point, ...]:
        return tuple(self(cx + dx, cy + dy) for dx, dy in ((-w / 2, -h / 2), (w / 2, -h / 2), (w / 2, h / 2), (-w / 2, h / 2)))


def piece_primitives(p: ScenePiece, theme: Theme) -> Iterator[Primitive]:
    """The primitives that draw one piece."""
    piece = p.piece
    f = _Frame(p)
    lw = theme.line_width
    colour = theme.suit_colour(piece.suit, piece.cfg)
    suited = piece.cfg in ("piecepack", "subpack", "hexpack") and 1 <= piece.suit <= 4
    kind, side = piece.kind, piece.side
    size = size_of(kind)
    if kind == "tile":
        if side == "back":
            yield Polygon(f.rect(2, 2), theme.tile_back_background, theme.edge, lw)
            yield Polyline((f(-1, 0), f(1, 0)), theme.tile_back_lines, lw * 2)
            yield Polyline((f(0, -1), f(0, 1)), theme.tile_back_lines, lw * 2)
            yield Polygon(f.rect(2, 2), "none", theme.edge, lw)
        else:
            yield Polygon(f.rect(2, 2), theme.piece_background, theme.edge, lw)
            yield Text(*f(0, 0), theme.rank_symbol(piece.rank), 1.1, colour, p.angle)
            if suited:
                yield Symbol(piece.suit, *f(-0.62, 0.62), 0.5, p.angle, colour)
    elif kind in ("coin", "saucer") and suited:
        yield Circle(p.x, p.y, 0.375, theme.piece_background, theme.edge, lw)
        if side == "face":
            yield Text(*f(0, 0), theme.rank_symbol(piece.rank), 0.48, colour, p.angle)
        else:
            yield Symbol(piece.suit, *f(0, 0.01), 0.52, p.angle, colour)
            yield Polygon((f(-0.07, -0.27), f(0.07, -0.27), f(0, -0.34)), colour, colour, lw / 2)
    elif kind == "die":
        yield Polygon(f.rect(size.width, size.height), colour, theme.edge, lw)
        text = theme.rank_symbol(piece.rank) if suited or piece.cfg == "piecepack" else str(piece.rank)
        yield Text(*f(0, 0), text, 0.36, theme.die_text if colour != theme.die_text else theme.edge, p.angle)
    elif kind == "pawn":
        yield Polygon(tuple(f(x, y) for x, y in _PAWN), colour, theme.edge, lw)
        yield Circle(*f(0, 0.22), 0.17, colour, theme.edge, lw)
    elif kind == "matchstick":
        yield Polygon(f.rect(0.25, 0.5 * max(1, piece.rank)), colour, theme.edge, lw)
    elif kind == "pyramid":
        h = 0.6 + 0.15 * piece.rank
        yield Polygon((f(-h / 3, -h / 2), f(h / 3, -h / 2), f(0, h / 2)), colour, theme.edge, lw)
    elif kind == "card":
        yield Polygon(f.rect(size.width, size.height), theme.piece_background, theme.edge, lw)
        if side == "face":
            yield Text(*f(0, 0), str(piece.rank), 0.8, colour, p.angle)
    elif kind == "board":
        n = max(1, min(piece.rank, 64))
        yield Polygon(f.rect(n, n), theme.tile_back_background, theme.edge, lw)
        for k in range(1, n):
            yield Polyline((f(-n / 2 + k, -n / 2), f(-n / 2 + k, n / 2)), theme.tile_back_lines, lw)
            yield Polyline((f(-n / 2, -n / 2 + k), f(n / 2, -n / 2 + k)), theme.tile_back_lines, lw)
    else:  # bits, go stones, checkers, and coins of other systems
        yield Circle(p.x, p.y, size.width / 2, colour, theme.edge, lw)
        if kind == "coin" and side == "face":
            yield Text(*f(0, 0), theme.rank_symbol(piece.rank), 0.45, theme.die_text, p.angle)


# A pawn seen from above: a bell-shaped body under the head.
_PAWN: tuple[Point, ...] = (
    (-0.25, -0.4375), (0.25, -0.4375), (0.25, -0.33), (0.12, -0.22), (0.09, 0.06), (0.14, 0.1),
    (0.0, 0.16), (-0.14, 0.1), (-0.09, 0.06), (-0.12, -0.22), (-0.25, -0.33),
)


def annotation_primitives(scene: Scene, theme: Theme) -> Iterator[Primitive]:
    """The primitives that draw a scene's annotations."""
    for a in scene.annotations:
        if isinstance(a, Highlight):
            yield Polygon(((a.x - a.width / 2, a.y - a.height / 2), (a.x + a.width / 2, a.y - a.height / 2),
                           (a.x + a.width / 2, a.y + a.height / 2), (a.x - a.width / 2, a.y + a.height / 2)),
                          theme.highlight, "none", 0.0, theme.highlight_opacity)
        elif isinstance(a, Arrow):
            yield from _arrow(a.start, a.end, theme)
        elif isinstance(a, PathLine):
            yield Polyline(a.points, theme.annotation, 3.0)
        elif isinstance(a, Label):
            yield Text(a.x, a.y, a.text, a.size, theme.edge)


def _arrow(start: Point, end: Point, theme: Theme) -> Iterator[Primitive]:
    (x0, y0), (x1, y1) = start, end
    length = math.hypot(x1 - x0, y1 - y0)
    if length < 1e-9:
        return
    ux, uy = (x1 - x0) / length, (y1 - y0) / length
    head = min(0.28, length * 0.5)
    bx, by = x1 - ux * head, y1 - uy * head
    yield Polyline(((x0, y0), (bx, by)), theme.annotation, 3.0)
    w = head * 0.45
    yield Polygon(((x1, y1), (bx - uy * w, by + ux * w), (bx + uy * w, by - ux * w)), theme.annotation, "none", 0.0)


def scene_primitives(scene: Scene, theme: Theme) -> Iterator[Primitive]:
    """Everything a scene draws, bottom to top."""
    for p in scene.pieces:
        yield from piece_primitives(p, theme)
    yield from annotation_primitives(scene, theme)


__all__ = ["BASELINE_DROP", "Circle", "Piece", "Polygon", "Polyline", "Primitive", "Symbol", "Text",
           "annotation_primitives", "piece_primitives", "scene_primitives"]
