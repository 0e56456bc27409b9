"""How far primitives reach, and which must be drawn after which.

Two primitives *overlap* when their boxes share more than an edge: things that
only touch (neighbouring tiles) do not overlap, so they may be drawn in either
order.
"""

from __future__ import annotations

import math
from typing import Callable, Sequence

from .shapes import Circle, Point, Polygon, Polyline, Primitive, Symbol, Text

#: A box in inches: lower-left x, y, upper-right x, y.
Box = tuple[float, float, float, float]


def _points_box(points: tuple[Point, ...], pad: float) -> Box:
    xs, ys = zip(*points)
    return min(xs) - pad, min(ys) - pad, max(xs) + pad, max(ys) + pad


def _text_box(prim: Text) -> Box:
    # Generous: a glyph is at most 0.8 em wide and the text sits about its centre.
    half_w = prim.size * 0.4 * max(1, len(prim.text))
    half_h = prim.size * 0.6
    if prim.angle % 180:
        half_w = half_h = math.hypot(half_w, half_h)
    return prim.x - half_w, prim.y - half_h, prim.x + half_w, prim.y + half_h


def _symbol_box(prim: Symbol) -> Box:
    half = prim.size * (0.56 if prim.angle % 90 == 0 else 0.8)
    return prim.x - half, prim.y - half, prim.x + half, prim.y + half


_BOXES: dict[type, Callable[..., Box]] = {
    Polygon: lambda prim: _points_box(prim.points, 0.0),
    Polyline: lambda prim: _points_box(prim.points, prim.width / 144),  # half the width, in inches
    Circle: lambda prim: (prim.cx - prim.r, prim.cy - prim.r, prim.cx + prim.r, prim.cy + prim.r),
    Text: _text_box,
    Symbol: _symbol_box,
}


def box_of(prim: Primitive) -> Box:
    """A box (inches) that holds everything ``prim`` paints."""
    return _BOXES[type(prim)](prim)


def is_overlapping(a: Box, b: Box) -> bool:
    """Whether boxes ``a`` and ``b`` share more than an edge."""
    return a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]


def local_levels(boxes: Sequence[Box]) -> list[int]:
    """Drawing levels of things drawn in this order: one more than the highest level
    of anything earlier that it overlaps, 0 if none."""
    levels: list[int] = []
    for k, box in enumerate(boxes):
        level = 0
        for j in range(k):
            if levels[j] >= level and is_overlapping(boxes[j], box):
                level = levels[j] + 1
        levels.append(level)
    return levels


def union(boxes: Sequence[Box]) -> Box:
    """The smallest box holding all of ``boxes`` (at least one)."""
    return (min(b[0] for b in boxes), min(b[1] for b in boxes), max(b[2] for b in boxes), max(b[3] for b in boxes))


__all__ = ["Box", "box_of", "is_overlapping", "local_levels", "union"]
