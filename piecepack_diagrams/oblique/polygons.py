"""Convex polygons in the plane: clipping, area, an inner point."""

from __future__ import annotations

from typing import Sequence

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


__all__ = ["area", "ccw", "centroid", "clip", "hull", "is_apart", "is_well_inside", "overlap_area"]
