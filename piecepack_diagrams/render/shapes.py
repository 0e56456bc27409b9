"""The vocabulary of drawing: primitives every back end (SVG, PDF, PNG) knows how
to draw. Coordinates are inches on the table (y up); line widths are points.
"""

from __future__ import annotations

from ..values import value

Point = tuple[float, float]
#: One closed outline (of a glyph or suit symbol): a start point, then segments of one
#: point (a line to it) or two points (a quadratic curve: control point, end point).
Contour = tuple[Point, tuple[tuple[Point, ...], ...]]


@value
class Polygon:
    """A closed outline through ``points`` (inches), filled and stroked (``width`` in points;
    ``"none"`` for no fill or no stroke)."""

    points: tuple[Point, ...]
    fill: str
    stroke: str
    width: float
    opacity: float = 1.0


@value
class Circle:
    """A circle of radius ``r`` inches centred at ``(cx, cy)``, filled and stroked as a polygon is."""

    cx: float
    cy: float
    r: float
    fill: str
    stroke: str
    width: float


@value
class Polyline:
    """An open line through ``points`` (inches), ``width`` points wide."""

    points: tuple[Point, ...]
    stroke: str
    width: float


@value
class Text:
    """Text whose visual centre is ``(x, y)``; ``size`` is the font size in inches."""

    x: float
    y: float
    text: str
    size: float
    colour: str
    angle: float = 0.0


@value
class Symbol:
    """Suit symbol ``suit`` centred at ``(x, y)``, ``size`` inches across."""

    suit: int
    x: float
    y: float
    size: float
    angle: float
    colour: str


Primitive = Polygon | Circle | Polyline | Text | Symbol

#: Where text sits: its baseline is this many font sizes below its visual centre.
BASELINE_DROP = 0.36


__all__ = ["BASELINE_DROP", "Circle", "Contour", "Point", "Polygon", "Polyline", "Primitive", "Symbol", "Text"]
