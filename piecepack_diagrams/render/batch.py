"""Placed stamps merged into batches, so a back end issues one drawing call (one
SVG element, one PDF path) per batch instead of one per primitive.

Merging must not change the picture. Each primitive gets a *level*: one more
than the highest level of anything earlier that it overlaps (worked out stamp
by stamp, which is cheaper and never lower; see :mod:`.extent`). Primitives on
one level never overlap each other, so within a level they may be drawn in any
order, and those of the same style are drawn together. Drawing level by level
keeps everything that overlaps in its original order.
"""

from __future__ import annotations

import math
from typing import Any, Callable, Iterable

from ..values import value
from .caches import IdentityCache
from .primitives import Placed, Stamp
from .shapes import Circle, Point, Polygon, Polyline, Primitive, Symbol, Text

#: Points about an origin, and the table point the origin goes to.
PlacedPoints = tuple[tuple[Point, ...], float, float]


@value
class Shapes:
    """Polygons and circles sharing one fill and stroke (``opacity`` applies to the fill)."""

    fill: str
    stroke: str
    width: float
    opacity: float
    polygons: tuple[PlacedPoints, ...]
    circles: tuple[tuple[float, float, float], ...]


@value
class Lines:
    """Open polylines sharing one stroke colour and width (round caps and joins)."""

    stroke: str
    width: float
    polylines: tuple[PlacedPoints, ...]


@value
class Texts:
    """Texts sharing one colour and size (inches); items are ``(x, y, text, angle)``
    with ``(x, y)`` the visual centre on the table."""

    colour: str
    size: float
    items: tuple[tuple[float, float, str, float], ...]


@value
class Symbols:
    """Suit symbols sharing one colour; items are ``(suit, x, y, size, angle)``."""

    colour: str
    items: tuple[tuple[int, float, float, float, float], ...]


Batch = Shapes | Lines | Texts | Symbols

#: Grid cell (inches; a tile's width) used to find overlapping stamps without comparing every pair.
_CELL = 2.0
#: A stamp spanning more cells than this is compared with everything instead.
_MAX_CELLS = 256

#: A batch style: its kind ("shape", "line", "text", "symbol") and what a batch of it shares.
_Style = tuple[Any, ...]

_KEYS: dict[type, Callable[..., _Style]] = {
    Polygon: lambda prim: ("shape", prim.fill, prim.stroke, prim.width, prim.opacity),
    Circle: lambda prim: ("shape", prim.fill, prim.stroke, prim.width, 1.0),
    Polyline: lambda prim: ("line", prim.stroke, prim.width),
    Text: lambda prim: ("text", prim.colour, prim.size),
    Symbol: lambda prim: ("symbol", prim.colour),
}


def _bases(placed: list[Placed]) -> list[int]:
    """The base level of each placed stamp: one above the top level of any earlier
    stamp it overlaps."""
    grid: dict[tuple[int, int], list[int]] = {}
    done: list[tuple[int, float, float, float, float]] = []  # each stamp's top level and box
    wide: list[int] = []  # stamps too big for the grid
    bases: list[int] = []
    for index, (stamp, dx, dy) in enumerate(placed):
        bx0, by0, bx1, by1 = stamp.box
        x0, y0, x1, y1 = bx0 + dx, by0 + dy, bx1 + dx, by1 + dy
        # A box ending exactly on a cell edge does not reach into the next cell (overlap is strict).
        i0, j0 = math.floor(x0 / _CELL), math.floor(y0 / _CELL)
        i1, j1 = max(i0, math.ceil(x1 / _CELL) - 1), max(j0, math.ceil(y1 / _CELL) - 1)
        is_wide = (i1 - i0 + 1) * (j1 - j0 + 1) > _MAX_CELLS
        if is_wide:
            buckets: list[Iterable[int]] = [range(index)]
            cells: list[tuple[int, int]] = []
        else:
            cells = [(i, j) for i in range(i0, i1 + 1) for j in range(j0, j1 + 1)]
            buckets = [wide, *(grid[c] for c in cells if c in grid)]
        base = 0
        for bucket in buckets:
            for other in bucket:
                top, c0, d0, c1, d1 = done[other]
                if top >= base and c0 < x1 and x0 < c1 and d0 < y1 and y0 < d1:
                    base = top + 1
        done.append((base + max(stamp.levels), x0, y0, x1, y1))
        bases.append(base)
        if is_wide:
            wide.append(index)
        for cell in cells:
            if cell in grid:
                grid[cell].append(index)
            else:
                grid[cell] = [index]
    return bases


def batch_stamps(placed: Iterable[Placed]) -> list[Batch]:
    """Placed stamps (bottom to top) as batches that draw the same picture.

    Deterministic: the same stamps always give the same batches in the same order.
    """
    kept = [p for p in placed if p[0].primitives]
    by_level: dict[int, dict[int, list[tuple[tuple[Primitive, ...], float, float]]]] = {}
    for (stamp, dx, dy), base in zip(kept, _bases(kept)):
        for level, style, prims in _groups(stamp):
            # Dicts keep insertion order: within a level, batches come in drawing order.
            batches = by_level.get(base + level)
            if batches is None:
                batches = by_level[base + level] = {}
            members = batches.get(style)
            if members is None:
                batches[style] = [(prims, dx, dy)]
            else:
                members.append((prims, dx, dy))
    return [_merge(_STYLES[style], members) for level in sorted(by_level) for style, members in by_level[level].items()]


#: Each batch style (see ``_KEYS``) gets a small number the first time it is seen: a stamp's
#: groups then carry a number that hashes at once instead of a tuple hashed each time.
_STYLE_NUMBERS: dict[_Style, int] = {}
_STYLES: list[_Style] = []


def _style_number(key: _Style) -> int:
    number = _STYLE_NUMBERS.get(key)
    if number is None:
        number = _STYLE_NUMBERS[key] = len(_STYLES)
        _STYLES.append(key)
    return number


def _group(stamp: Stamp) -> tuple[tuple[int, int, tuple[Primitive, ...]], ...]:
    """A stamp's primitives as ``(level, style, primitives)`` groups, the primitives of one
    level and style together in drawing order (their relative order is all a batch keeps)."""
    groups: dict[tuple[int, int], list[Primitive]] = {}
    for level, prim in zip(stamp.levels, stamp.primitives):
        groups.setdefault((level, _style_number(_KEYS[type(prim)](prim))), []).append(prim)
    return tuple((level, style, tuple(prims)) for (level, style), prims in groups.items())


_groups = IdentityCache(_group, maxsize=16384)


def _merge(key: _Style, members: list[tuple[tuple[Primitive, ...], float, float]]) -> Batch:
    kind = key[0]
    if kind == "shape":
        _, fill, stroke, width, opacity = key
        polygons: list[PlacedPoints] = []
        circles: list[tuple[float, float, float]] = []
        for ms, dx, dy in members:
            for m in ms:
                if type(m) is Polygon:
                    polygons.append((m.points, dx, dy))
                elif type(m) is Circle:
                    circles.append((m.cx + dx, m.cy + dy, m.r))
        return Shapes(fill, stroke, width, opacity, tuple(polygons), tuple(circles))
    if kind == "line":
        return Lines(key[1], key[2], tuple((m.points, dx, dy) for ms, dx, dy in members for m in ms
                                           if isinstance(m, Polyline)))
    if kind == "text":
        return Texts(key[1], key[2], tuple((m.x + dx, m.y + dy, m.text, m.angle)
                                           for ms, dx, dy in members for m in ms if isinstance(m, Text)))
    return Symbols(key[1], tuple((m.suit, m.x + dx, m.y + dy, m.size, m.angle)
                                 for ms, dx, dy in members for m in ms if isinstance(m, Symbol)))


__all__ = ["Batch", "Lines", "PlacedPoints", "Shapes", "Symbols", "Texts", "batch_stamps"]
