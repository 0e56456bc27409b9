"""A picture cut to a convex window, primitive by primitive: what a part of a piece cut in
two (to break a cycle of the drawing order) shows of the piece's top picture."""

from __future__ import annotations

import math
from itertools import pairwise
from typing import Iterable, Sequence

from ..render.shapes import Circle, Point, Polygon, Polyline, Primitive, Symbol, Text
from .faces import FaceFrame, glyph_polygons
from .polygons import clip, inside_span

#: Straight pieces a circle is drawn as, cut.
CIRCLE_STEPS = 48


def clipped(prims: Iterable[Primitive], window: Sequence[Point], *, ground: str, font: str = "") -> list[Primitive]:
    """The parts of ``prims`` inside convex counter-clockwise ``window``. Fills are cut along
    the window's edges without a stroke there (no seam shows where the piece was cut); text
    and symbols wholly inside are kept, those cut are drawn as outlines (their counters in
    ``ground``, the colour under them)."""
    x0, y0 = min(x for x, _ in window), min(y for _, y in window)
    x1, y1 = max(x for x, _ in window), max(y for _, y in window)
    out: list[Primitive] = []
    for prim in prims:
        if isinstance(prim, Circle):
            prim = Polygon(tuple((prim.cx + prim.r * math.cos(2 * math.pi * k / CIRCLE_STEPS),
                                  prim.cy + prim.r * math.sin(2 * math.pi * k / CIRCLE_STEPS))
                                 for k in range(CIRCLE_STEPS)), prim.fill, prim.stroke, prim.width)
        if isinstance(prim, Polygon):
            out.extend(_polygon(prim, window))
        elif isinstance(prim, Polyline):
            out.extend(Polyline(run, prim.stroke, prim.width) for run in _line(prim.points, window))
        elif isinstance(prim, (Text, Symbol)):
            size = prim.size
            if x0 <= prim.x - size and prim.x + size <= x1 and y0 <= prim.y - size and prim.y + size <= y1 \
                    and all(_is_inside((prim.x + dx, prim.y + dy), window)
                            for dx in (-size, size) for dy in (-size, size)):
                out.append(prim)
                continue
            a = math.radians(prim.angle)
            frame = FaceFrame((prim.x, prim.y), (math.cos(a), math.sin(a)), (-math.sin(a), math.cos(a)), 1.0, 1.0)
            glyph: str | int = prim.text if isinstance(prim, Text) else prim.suit
            for g in glyph_polygons(frame, "text" if isinstance(prim, Text) else "suit", glyph, size, prim.colour,
                                    ground, font, up=0.0):
                if isinstance(g, Polygon):
                    out.extend(_polygon(g, window))
    return out


def _polygon(prim: Polygon, window: Sequence[Point]) -> list[Primitive]:
    out: list[Primitive] = []
    if prim.fill != "none":
        inside = clip(prim.points, window)
        if len(inside) >= 3:
            out.append(Polygon(inside, prim.fill, "none", 0.0, prim.opacity))
    if prim.stroke != "none" and prim.width > 0:
        ring = (*prim.points, prim.points[0])
        out.extend(Polyline(run, prim.stroke, prim.width) for run in _line(ring, window))
    return out


def _is_inside(p: Point, window: Sequence[Point]) -> bool:
    n = len(window)
    return all((window[(k + 1) % n][0] - window[k][0]) * (p[1] - window[k][1])
               - (window[(k + 1) % n][1] - window[k][1]) * (p[0] - window[k][0]) >= 0 for k in range(n))


def _line(points: Sequence[Point], window: Sequence[Point]) -> list[tuple[Point, ...]]:
    """The runs of the line through ``points`` inside ``window`` (each segment cut by
    Cyrus-Beck; touching pieces joined)."""
    runs: list[list[Point]] = []
    n = len(window)
    for p, q in pairwise(points):
        dx, dy = q[0] - p[0], q[1] - p[1]
        # Inside the window is left of each of its edges: ex (y - ay) - ey (x - ax) >= 0.
        bounds = []
        for k in range(n):
            (ax, ay), (bx, by) = window[k], window[(k + 1) % n]
            ex, ey = bx - ax, by - ay
            bounds.append((ey * (p[0] - ax) - ex * (p[1] - ay), ey * dx - ex * dy))
        lo, hi = inside_span(bounds, 0.0, 1.0)
        if lo >= hi:
            continue
        a = (p[0] + lo * dx, p[1] + lo * dy)
        b = (p[0] + hi * dx, p[1] + hi * dy)
        if runs and runs[-1][-1] == a:
            runs[-1].append(b)
        else:
            runs.append([a, b])
    return [tuple(r) for r in runs]


__all__ = ["clipped"]
