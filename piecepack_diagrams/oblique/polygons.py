"""Convex polygons in the plane: clipping, area, an inner point; and the part of a line a
convex region holds (:func:`inside_span`, in the plane or in space)."""

from __future__ import annotations

import math
from typing import Iterable, Sequence

Point = tuple[float, float]


def area(points: Sequence[Point]) -> float:
    """The signed area (positive counter-clockwise)."""
    n = len(points)
    return sum(points[k][0] * points[(k + 1) % n][1] - points[(k + 1) % n][0] * points[k][1] for k in range(n)) / 2


def ccw(points: Sequence[Point]) -> tuple[Point, ...]:
    """The polygon counter-clockwise."""
    return tuple(points) if area(points) >= 0 else tuple(reversed(points))


def clip(subject: Sequence[Point], window: Sequence[Point]) -> tuple[Point, ...]:
    """The part of convex ``subject`` inside convex counter-clockwise ``window``
    (Sutherland-Hodgman); empty when they do not meet."""
    out: list[Point] = list(subject)
    n = len(window)
    for k in range(n):
        if not out:
            break
        (ax, ay), (bx, by) = window[k], window[(k + 1) % n]
        ex, ey = bx - ax, by - ay
        given, out = out, []
        for j in range(len(given)):
            p, q = given[j - 1], given[j]
            sp = ex * (p[1] - ay) - ey * (p[0] - ax)
            sq = ex * (q[1] - ay) - ey * (q[0] - ax)
            if sq >= 0:
                if sp < 0:
                    t = sp / (sp - sq)
                    out.append((p[0] + t * (q[0] - p[0]), p[1] + t * (q[1] - p[1])))
                out.append(q)
            elif sp >= 0:
                t = sp / (sp - sq)
                out.append((p[0] + t * (q[0] - p[0]), p[1] + t * (q[1] - p[1])))
    return tuple(out)


def is_apart(a: Sequence[Point], b: Sequence[Point], tolerance: float = 1e-9) -> bool:
    """Whether convex polygons ``a`` and ``b`` are separated (at most touching) along the line
    through their vertices' means: a cheap test that settles most neighbours without clipping
    (False says nothing)."""
    ax, ay = sum(x for x, _ in a) / len(a), sum(y for _, y in a) / len(a)
    ux, uy = sum(x for x, _ in b) / len(b) - ax, sum(y for _, y in b) / len(b) - ay
    length = (ux * ux + uy * uy) ** 0.5
    if length == 0:
        return False
    reach = max(x * ux + y * uy for x, y in a)
    return bool(reach <= min(x * ux + y * uy for x, y in b) + tolerance * length)


def is_well_inside(at: Point, ring: Sequence[Point], margin: float) -> bool:
    """Whether ``at`` lies at least ``margin`` inside the convex counter-clockwise ``ring``."""
    x, y = at
    for k in range(len(ring)):
        (x0, y0), (x1, y1) = ring[k - 1], ring[k]
        ex, ey = x1 - x0, y1 - y0
        if ex * (y - y0) - ey * (x - x0) < margin * (ex * ex + ey * ey) ** 0.5:
            return False
    return True


def overlap_area(a: Sequence[Point], b: Sequence[Point]) -> float:
    """The area convex polygons ``a`` and ``b`` share."""
    common = clip(a, ccw(b))
    return abs(area(common)) if len(common) >= 3 else 0.0


def centroid(points: Sequence[Point]) -> Point:
    """The centroid of a convex polygon of positive area (a point inside it)."""
    a = area(points)
    n = len(points)
    cx = cy = 0.0
    for k in range(n):
        (x0, y0), (x1, y1) = points[k], points[(k + 1) % n]
        cross = x0 * y1 - x1 * y0
        cx += (x0 + x1) * cross
        cy += (y0 + y1) * cross
    return cx / (6 * a), cy / (6 * a)


def minkowski_difference(a: Sequence[Point], b: Sequence[Point]) -> tuple[Point, ...]:
    """The convex polygon of every ``p - q`` for ``p`` in convex ``a`` and ``q`` in convex ``b``
    (both counter-clockwise), counter-clockwise: ``b`` moved by ``d`` meets ``a`` exactly where
    ``d`` lies in it (its interior: they overlap; its boundary: they touch)."""
    # The sum's edges are both polygons' edges merged by direction (b negated: its turn of
    # half a circle keeps it counter-clockwise); the hull drops repeated and in-line corners.
    first, second = _from_lowest(a), _from_lowest([(-x, -y) for x, y in b])
    out = [(first[0][0] + second[0][0], first[0][1] + second[0][1])]
    i = j = 0
    n, m = len(first), len(second)
    while i < n or j < m:
        p0, p1 = first[i % n], first[(i + 1) % n]
        q0, q1 = second[j % m], second[(j + 1) % m]
        ex, ey = p1[0] - p0[0], p1[1] - p0[1]
        fx, fy = q1[0] - q0[0], q1[1] - q0[1]
        turn = ex * fy - ey * fx
        if j >= m or (i < n and turn > 0):
            i += 1
        elif i >= n or turn < 0:
            j += 1
        else:
            i += 1
            j += 1
        x, y = first[i % n], second[j % m]
        out.append((x[0] + y[0], x[1] + y[1]))
    return hull(out)


def _from_lowest(points: Sequence[Point]) -> list[Point]:
    """Counter-clockwise convex ``points`` starting at the lowest (then leftmost) corner."""
    ring = list(hull(points))
    k = min(range(len(ring)), key=lambda i: (ring[i][1], ring[i][0]))
    return ring[k:] + ring[:k]


def edge_lines(ring: Sequence[Point]) -> tuple[tuple[float, float, float], ...]:
    """Per edge of convex counter-clockwise ``ring``, its outward unit normal ``(nx, ny)`` and
    offset ``c``: a point ``q`` lies ``nx * qx + ny * qy - c`` outside that edge's line."""
    out = []
    for k in range(len(ring)):
        (x0, y0), (x1, y1) = ring[k - 1], ring[k]
        nx, ny = y1 - y0, x0 - x1
        length = (nx * nx + ny * ny) ** 0.5
        if length > 0:
            out.append((nx / length, ny / length, (nx * x0 + ny * y0) / length))
    return tuple(out)


def hull(points: Sequence[Point]) -> tuple[Point, ...]:
    """The convex hull, counter-clockwise (Andrew's monotone chain)."""
    pts = sorted(set(points))
    if len(pts) <= 2:
        return tuple(pts)

    def cross(o: Point, a: Point, b: Point) -> float:
        return (a[0] - o[0]) * (b[1] - o[1]) - (a[1] - o[1]) * (b[0] - o[0])

    lower: list[Point] = []
    for p in pts:
        while len(lower) >= 2 and cross(lower[-2], lower[-1], p) <= 0:
            lower.pop()
        lower.append(p)
    upper: list[Point] = []
    for p in reversed(pts):
        while len(upper) >= 2 and cross(upper[-2], upper[-1], p) <= 0:
            upper.pop()
        upper.append(p)
    return tuple(lower[:-1] + upper[:-1])


def inside_span(bounds: Iterable[tuple[float, float]], lo: float, hi: float, *, slack: float = 0.0
                ) -> tuple[float, float]:
    """Of a line's parameters ``t`` from ``lo`` to ``hi``, the span where each of ``bounds``,
    ``(value, slope)``, holds: ``value + slope * t <= 0`` (Cyrus-Beck: a convex region is
    where all its faces' or edges' bounds hold). A bound parallel to the line (no slope)
    holds everywhere when its value is at most ``slack``, else nowhere: the span is then
    empty. An empty span comes back with its low end above its high one."""
    for value, slope in bounds:
        if abs(slope) < 1e-15:
            if value > slack:
                return math.inf, -math.inf
            continue
        t = -value / slope
        if slope > 0:
            hi = min(hi, t)
        else:
            lo = max(lo, t)
    return lo, hi


__all__ = ["area", "ccw", "centroid", "clip", "edge_lines", "hull", "inside_span", "is_apart", "is_well_inside",
           "minkowski_difference", "overlap_area"]
