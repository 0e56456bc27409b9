"""The seam between games and drawing: placed pieces and annotations, in inches.

A :class:`Scene` says *what* to draw (pieces in stacking order, arrows,
highlighted cells, path lines, labels, a caption) in table coordinates:
inches, x to the right, y up, angles in degrees counter-clockwise. Renderers
decide *how*. Neither games nor renderers import each other; both import this.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from typing import Union

from .pieces import Piece, piece_size


@dataclass(frozen=True, slots=True)
class ScenePiece:
    """A piece drawn at centre ``(x, y)`` inches, turned ``angle`` degrees counter-clockwise."""

    piece: Piece
    x: float
    y: float
    angle: float = 0.0

    def corners(self) -> tuple[tuple[float, float], ...]:
        """The four corners of the piece's footprint, in inches."""
        size = piece_size(self.piece)
        w, h = size.width / 2, size.height / 2
        if not self.angle:
            return ((self.x - w, self.y - h), (self.x + w, self.y - h), (self.x + w, self.y + h), (self.x - w, self.y + h))
        c, s = math.cos(math.radians(self.angle)), math.sin(math.radians(self.angle))
        return tuple((self.x + dx * c - dy * s, self.y + dx * s + dy * c)
                     for dx, dy in ((-w, -h), (w, -h), (w, h), (-w, h)))

    def __repr__(self) -> str:
        return f"ScenePiece(piece={self.piece!r}, x={self.x!r}, y={self.y!r}, angle={self.angle!r})"


@dataclass(frozen=True, slots=True)
class Arrow:
    """An arrow from ``start`` to ``end`` (inches), e.g. the last move; role ``"illegal"``
    crosses its head out (a move the rules forbid)."""

    start: tuple[float, float]
    end: tuple[float, float]
    role: str = "move"


@dataclass(frozen=True, slots=True)
class Highlight:
    """A highlighted rectangle centred at ``(x, y)``: a legal target, a cell to notice."""

    x: float
    y: float
    width: float
    height: float
    role: str = "highlight"


@dataclass(frozen=True, slots=True)
class PathLine:
    """A polyline through ``points`` (inches), e.g. a route; in ``colour`` (``#RRGGBB``)
    when given, else the theme's annotation colour."""

    points: tuple[tuple[float, float], ...]
    role: str = "path"
    colour: str = ""


@dataclass(frozen=True, slots=True)
class Label:
    """Text centred at ``(x, y)``, ``size`` inches tall; with ``anchor`` ``"start"`` the
    text starts at ``x`` instead."""

    x: float
    y: float
    text: str
    size: float = 0.25
    role: str = "label"
    anchor: str = "middle"


@dataclass(frozen=True, slots=True)
class Rectangle:
    """A plain rectangle centred at ``(x, y)``, for rulebook figures: ``role`` ``"plain"``
    (paper white) or ``"shaded"`` (grey), with ``grid`` lines splitting it into squares
    ``grid`` inches apart (0 for none)."""

    x: float
    y: float
    width: float
    height: float
    role: str = "plain"
    grid: float = 0.0


@dataclass(frozen=True, slots=True)
class EdgeMark:
    """A thick line along an edge from ``start`` to ``end`` (inches), e.g. a leading edge."""

    start: tuple[float, float]
    end: tuple[float, float]
    role: str = "edge"


@dataclass(frozen=True, slots=True)
class Outline:
    """A filled shape through ``points`` (inches), coloured by the theme for its ``role``
    (``"passage"``: the open paths of a maze tile); ``glyph`` stands for it in plain text,
    at ``glyph_at``."""

    points: tuple[tuple[float, float], ...]
    role: str = "passage"
    glyph: str = ""
    glyph_at: tuple[float, float] = (0.0, 0.0)


@dataclass(frozen=True, slots=True)
class Marker:
    """A small mark ``size`` inches across centred at ``(x, y)``: ``shape`` ``"disc"``,
    ``"square"``, ``"diamond"`` or ``"ring"``, filled (a ring: drawn) in ``colour``
    (``#RRGGBB``), with a short ``text`` on it (e.g. a legend number)."""

    x: float
    y: float
    size: float
    colour: str
    shape: str = "disc"
    text: str = ""
    role: str = "marker"


MARKER_SHAPES = ("disc", "square", "diamond", "ring")


@dataclass(frozen=True, slots=True)
class Group:
    """Annotations that make one thing (a maze tile: its wall, passages and gems; a key),
    drawn in order as one unit, which renderers may reuse whole."""

    items: tuple["Annotation", ...]
    role: str = "group"


Annotation = Union[Arrow, Highlight, PathLine, Label, Rectangle, EdgeMark, Outline, Marker, Group]


#: Roles of details a plain-text drawing leaves out, having a few characters an inch: a maze
#: tile's wall square (its passages show as a connector glyph), gem marks and their key.
PICTURE_ONLY_ROLES = frozenset({"wall", "gem", "legend-gem"})


def is_key(annotation: Annotation) -> bool:
    """True for a key (a legend: role ``"legend"`` or ``"legend-..."``), which a set of
    plates shows once rather than beside every position."""
    return annotation.role.startswith("legend")


def is_picture_only(annotation: Annotation) -> bool:
    """True for details that plain text leaves out (see :data:`PICTURE_ONLY_ROLES`)."""
    return annotation.role in PICTURE_ONLY_ROLES


def flattened(annotations: tuple[Annotation, ...]) -> list[Annotation]:
    """The annotations with every group replaced by its items, in drawing order."""
    out: list[Annotation] = []
    for a in annotations:
        if isinstance(a, Group):
            out += flattened(a.items)
        else:
            out.append(a)
    return out


@dataclass(frozen=True, slots=True)
class Bounds:
    """A rectangle in inches: lower-left ``(x0, y0)``, upper-right ``(x1, y1)``."""

    x0: float
    y0: float
    x1: float
    y1: float

    @property
    def width(self) -> float:
        return self.x1 - self.x0

    @property
    def height(self) -> float:
        return self.y1 - self.y0

    def expanded(self, margin: float) -> "Bounds":
        return Bounds(self.x0 - margin, self.y0 - margin, self.x1 + margin, self.y1 + margin)


@dataclass(frozen=True, slots=True)
class Scene:
    """Everything one drawing shows. ``pieces`` are in stacking order (later on top);
    annotations are drawn above the pieces; ``caption`` is set under the drawing."""

    pieces: tuple[ScenePiece, ...] = ()
    annotations: tuple[Annotation, ...] = ()
    caption: str = ""
    title: str = ""
    frame: Bounds | None = field(default=None)

    def bounds(self, *, margin: float = 0.25) -> Bounds:
        """The area to draw: ``frame`` if set, else everything's extent plus ``margin``."""
        if self.frame is not None:
            return self.frame
        xs: list[float] = []
        ys: list[float] = []
        for p in self.pieces:
            for x, y in p.corners():
                xs.append(x)
                ys.append(y)
        for a in flattened(self.annotations):
            if isinstance(a, Arrow):
                pts: tuple[tuple[float, float], ...] = (a.start, a.end)
            elif isinstance(a, (PathLine, Outline)):
                pts = a.points
            elif isinstance(a, Marker):
                pts = ((a.x - a.size / 2, a.y - a.size / 2), (a.x + a.size / 2, a.y + a.size / 2))
            elif isinstance(a, (Highlight, Rectangle)):
                pts = ((a.x - a.width / 2, a.y - a.height / 2), (a.x + a.width / 2, a.y + a.height / 2))
            elif isinstance(a, EdgeMark):
                pts = (a.start, a.end)
            else:
                half = a.size * max(1, len(a.text)) * 0.3
                left = a.x if a.anchor == "start" else a.x - half
                pts = ((left, a.y - a.size), (left + 2 * half, a.y + a.size))
            for x, y in pts:
                xs.append(x)
                ys.append(y)
        if not xs:
            return Bounds(0.0, 0.0, 2.0, 2.0)
        return Bounds(min(xs), min(ys), max(xs), max(ys)).expanded(margin)
