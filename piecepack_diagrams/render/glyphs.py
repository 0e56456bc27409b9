"""The suit symbols as vector outlines, so every renderer draws the same shapes
and no output depends on a font having the glyphs.

Each symbol is a tuple of closed polygons in a unit box (-0.5..0.5, y up),
filled with the non-zero rule.
"""

from __future__ import annotations

import math
from functools import cache

from .shapes import Contour

Point = tuple[float, float]
Outline = tuple[tuple[Point, ...], ...]


def _circle(cx: float, cy: float, r: float, n: int = 32, start: float = 0.0) -> tuple[Point, ...]:
    return tuple((round(cx + r * math.cos(start + 2 * math.pi * k / n), 4),
                  round(cy + r * math.sin(start + 2 * math.pi * k / n), 4)) for k in range(n))


def _bezier(p0: Point, p1: Point, p2: Point, p3: Point, n: int = 10) -> list[Point]:
    out = []
    for k in range(1, n + 1):
        t = k / n
        a, b, c, d = (1 - t) ** 3, 3 * (1 - t) ** 2 * t, 3 * (1 - t) * t ** 2, t ** 3
        out.append((round(a * p0[0] + b * p1[0] + c * p2[0] + d * p3[0], 4),
                    round(a * p0[1] + b * p1[1] + c * p2[1] + d * p3[1], 4)))
    return out


def _sun() -> Outline:
    rays = []
    for k in range(8):
        a = 2 * math.pi * k / 8 + math.pi / 8
        half = math.pi / 16
        rays.append(((round(0.5 * math.cos(a), 4), round(0.5 * math.sin(a), 4)),
                     (round(0.3 * math.cos(a + half), 4), round(0.3 * math.sin(a + half), 4)),
                     (round(0.3 * math.cos(a - half), 4), round(0.3 * math.sin(a - half), 4))))
    return (_circle(0, 0, 0.27),) + tuple(rays)


def _moon() -> Outline:
    # Outer circle (0,0) r .46, bite: circle (.2,.12) r .38; the crescent is what is left.
    r1, (cx, cy), r2 = 0.46, (0.2, 0.12), 0.38
    d = math.hypot(cx, cy)
    base = math.atan2(cy, cx)
    a1 = math.acos((r1 * r1 + d * d - r2 * r2) / (2 * r1 * d))
    a2 = math.acos((r2 * r2 + d * d - r1 * r1) / (2 * r2 * d))
    pts: list[Point] = []
    n = 40
    for k in range(n + 1):  # the outer arc, the long way round
        t = base + a1 + (2 * math.pi - 2 * a1) * k / n
        pts.append((round(r1 * math.cos(t), 4), round(r1 * math.sin(t), 4)))
    for k in range(n + 1):  # back along the bite
        t = base + math.pi + a2 - 2 * a2 * k / n
        pts.append((round(cx + r2 * math.cos(t), 4), round(cy + r2 * math.sin(t), 4)))
    return (tuple(pts),)


def _crown() -> Outline:
    body = ((-0.42, -0.36), (0.42, -0.36), (0.42, -0.22), (0.46, 0.22), (0.2, 0.0), (0.0, 0.32),
            (-0.2, 0.0), (-0.46, 0.22), (-0.42, -0.22))
    return (body, _circle(0.46, 0.27, 0.07, 12), _circle(0.0, 0.38, 0.07, 12), _circle(-0.46, 0.27, 0.07, 12))


def _arms() -> Outline:
    # A fleur-de-lis: a central petal, two petals curling out, a band and a foot.
    centre = [(0.0, 0.5)]
    centre += _bezier((0.0, 0.5), (0.13, 0.34), (0.14, 0.12), (0.06, -0.06))
    centre += [(-0.06, -0.06)]
    centre += _bezier((-0.06, -0.06), (-0.14, 0.12), (-0.13, 0.34), (0.0, 0.5))
    right = [(0.05, -0.06)]
    right += _bezier((0.05, -0.06), (0.16, 0.2), (0.44, 0.28), (0.46, 0.06))
    right += _bezier((0.46, 0.06), (0.47, -0.08), (0.36, -0.12), (0.3, -0.04))
    right += _bezier((0.3, -0.04), (0.36, 0.04), (0.32, 0.14), (0.24, 0.08))
    right += _bezier((0.24, 0.08), (0.16, 0.02), (0.16, -0.06), (0.14, -0.1))
    left = [(-x, y) for x, y in right]
    band = ((-0.26, -0.16), (0.26, -0.16), (0.26, -0.06), (-0.26, -0.06))
    foot = [(0.0, -0.16)]
    foot += _bezier((0.0, -0.16), (0.08, -0.24), (0.16, -0.3), (0.2, -0.46))
    foot += [(-0.2, -0.46)]
    foot += _bezier((-0.2, -0.46), (-0.16, -0.3), (-0.08, -0.24), (0.0, -0.16))
    return (tuple(centre), tuple(right), tuple(left), band, tuple(foot))


def _arc(cx: float, cy: float, r: float, start: float, end: float, n: int = 16) -> list[Point]:
    """Points along a circle from angle ``start`` to ``end`` (degrees, counter-clockwise if end > start)."""
    return [(round(cx + r * math.cos(math.radians(start + (end - start) * k / n)), 4),
             round(cy + r * math.sin(math.radians(start + (end - start) * k / n)), 4)) for k in range(n + 1)]


def _lobes(cx: float, cy: float, r: float) -> list[Point]:
    """Two round lobes side by side (centres ``(+-cx, cy)``), counter-clockwise from the lower
    right, meeting in a cusp on the axis: the top of a heart."""
    cusp = math.degrees(math.acos(-cx / r))
    return _arc(cx, cy, r, -40, cusp) + _arc(-cx, cy, r, 180 - cusp, 220)


def _heart() -> Outline:
    return (((0.0, -0.46), *_lobes(0.22, 0.17, 0.25)),)


def _spade() -> Outline:
    # A heart upside down (turned round to keep the outline counter-clockwise) on a flared stem.
    body = [(x, 0.08 - y) for x, y in reversed(((0.0, -0.42), *_lobes(0.22, 0.17, 0.24)))]
    stem = ((0.0, -0.1), (0.05, -0.3), (0.16, -0.48), (-0.16, -0.48), (-0.05, -0.3))
    return (tuple(body), tuple(reversed(stem)))


def _club() -> Outline:
    stem = ((0.0, -0.05), (-0.05, -0.3), (-0.16, -0.48), (0.16, -0.48), (0.05, -0.3))
    return (_circle(0.0, 0.23, 0.21, 24), _circle(-0.23, -0.08, 0.21, 24), _circle(0.23, -0.08, 0.21, 24),
            _circle(0.0, 0.02, 0.12, 16), stem)


def _diamond() -> Outline:
    # Sides bowed slightly in, as printed on cards.
    pts: list[Point] = []
    for (x0, y0), (x1, y1) in (((0.0, -0.5), (0.38, 0.0)), ((0.38, 0.0), (0.0, 0.5)), ((0.0, 0.5), (-0.38, 0.0)),
                               ((-0.38, 0.0), (0.0, -0.5))):
        mx, my = (x0 + x1) / 2 * 0.82, (y0 + y1) / 2 * 0.82
        pts.append((x0, y0))
        pts += _bezier((x0, y0), (mx, my), (mx, my), (x1, y1), 6)[:-1]
    return (tuple(pts),)


#: The symbol numbers of the playing-card suits: hearts, spades, clubs, diamonds are 11..14
#: (suit 1..4 of the playing cards expansion plus this).
CARD_SYMBOLS = 10


@cache
def suit_outline(suit: int) -> Outline:
    """The outline of suit 1..4 (Suns, Moons, Crowns, Arms), or of a card suit 11..14
    (hearts, spades, clubs, diamonds), in a unit box."""
    if suit > CARD_SYMBOLS:
        return (_heart, _spade, _club, _diamond)[suit - CARD_SYMBOLS - 1]()
    return (_sun, _moon, _crown, _arms)[suit - 1]()


@cache
def suit_contours(suit: int) -> tuple[Contour, ...]:
    """The outline of a suit symbol (see :func:`suit_outline`) as contours of straight segments
    (see :data:`.shapes.Contour`)."""
    return tuple((poly[0], tuple((p,) for p in poly[1:])) for poly in suit_outline(suit))
