"""The vocabulary of drawing: primitives every back end (SVG, PDF, PNG) knows how
to draw. Coordinates are inches on the table (y up); line widths are points.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Union

Point = tuple[float, float]
#: One closed outline (of a glyph or suit symbol): a start point, then segments of one
#: point (a line to it) or two points (a quadratic curve: control point, end point).
Contour = tuple[Point, tuple[tuple[Point, ...], ...]]


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


__all__ = ["BASELINE_DROP", "Circle", "Contour", "Point", "Polygon", "Polyline", "Primitive", "Symbol", "Text"]
