"""The order to draw solids in, worked out exactly from their geometry.

Two convex solids that do not pass into each other, drawn overlapping, are one in front of
the other all over the overlap: so one line of sight through the overlap (its centroid)
says which, by where it passes through each. Those relations, sorted topologically, are a
drawing order; where they form a cycle (three sticks lying each across the next), a solid
of the cycle is cut in two by the plane of a face of another until none is left.

Whole pieces and marks are upright prisms, and the same few shapes moved about: whether two
overlap, and which is in front, is arithmetic on the difference of their places against the
Minkowski difference of their shapes (cached per pair of kinds), with no clipping.
"""

from __future__ import annotations

import heapq
from functools import lru_cache
from typing import Sequence

from ..pieces import Piece
from .polygons import area, centroid, clip, edge_lines, hull, is_apart, is_well_inside, minkowski_difference
from .projection import Projection, Shape
from .solids import Face, Point3, Solid

Point = tuple[float, float]

#: Overlaps smaller than this (square inches) are edges touching: no relation.
MIN_OVERLAP = 1e-7
#: Cuts tried before a cycle is broken by the scene's order (never reached by convex pieces
#: lying on a table, kept so a degenerate input cannot loop).
MAX_CUTS = 256


def behind(a: Solid, b: Solid, projection: Projection, outlines: dict[int, tuple[tuple[float, float], ...]]
           ) -> bool | None:
    """True when ``a`` is behind ``b`` where their drawings overlap, False when in front,
    None when they do not overlap."""
    oa, ob = outlines[id(a)], outlines[id(b)]
    at = _witness(a, b, oa, ob, projection)
    if at is None:
        if is_apart(oa, ob, MIN_OVERLAP):
            return None
        common = clip(oa, ob)
        if len(common) < 3 or area(common) < MIN_OVERLAP:
            return None
        at = centroid(common)
    level = _by_level(a, b)
    if level is not None:
        return level
    sa, sb = projection.span(a, at), projection.span(b, at)
    if sa is None or sb is None:
        return None
    # Solids that touch share an end of their spans: compare the middles.
    return sa[0] + sa[1] < sb[0] + sb[1]


#: How far inside both outlines (inches) a witness point must be: the overlap then has area.
WITNESS_MARGIN = 1e-3


def _witness(a: Solid, b: Solid, oa: tuple[Point, ...], ob: tuple[Point, ...], projection: Projection
             ) -> Point | None:
    """A point well inside both drawn outlines, tried cheaply where a stack usually has one (the
    middle of either piece's top and bottom face as drawn), or None: then clipping decides."""
    dx, dy = projection.shift
    for s in (a, b):
        for z in (s.base, s.top):
            at = (s.piece.x + z * dx, s.piece.y + z * dy)
            if is_well_inside(at, oa, WITNESS_MARGIN) and is_well_inside(at, ob, WITNESS_MARGIN):
                return at
    return None


def _by_level(a: Solid, b: Solid) -> bool | None:
    """Whether ``a`` is behind ``b`` where their drawings overlap, decided by their heights
    alone, or None when their heights overlap. Flat marks on one level lie as the scene lists
    them; heights grow along every line of sight towards the viewer, so of two solids one
    above the other the upper one is in front wherever both are drawn."""
    if a.is_mark and b.is_mark and a.base == a.top == b.base == b.top:
        return a.index < b.index
    if a.top <= b.base + 1e-9:
        return True
    if b.top <= a.base + 1e-9:
        return False
    return None


#: How deep (inches) outlines must pass into each other to overlap; less is touching.
TOUCH = 1e-6


def _graph(solids: Sequence[Solid], projection: Projection) -> list[set[int]]:
    """Per solid, the solids drawn after it: those it is behind where their drawings overlap.

    Upright prisms (whole pieces, marks) are decided by arithmetic on their shapes, cached per
    kind (see :func:`_prism_behind`); other solids by a line of sight (:func:`behind`). Only
    pairs whose boxes overlap are looked at (a sweep along x)."""
    shift = dx, dy = projection.shift
    shapes = [projection.shape(s) for s in solids]
    offsets = [(0.0, 0.0) if shape is None else (s.piece.x + s.base * dx, s.piece.y + s.base * dy)
               for s, shape in zip(solids, shapes)]  # as projection.offset gives them
    boxes = [projection.box(s) if shape is None else
             (shape.box[0] + ox, shape.box[1] + oy, shape.box[2] + ox, shape.box[3] + oy)
             for s, shape, (ox, oy) in zip(solids, shapes, offsets)]  # as projection.box gives them
    outlines: dict[int, tuple[Point, ...]] = {}  # the outlines of solids decided by a line of sight
    after: list[set[int]] = [set() for _ in solids]  # after[i]: drawn after i
    order = sorted(range(len(solids)), key=lambda k: boxes[k][0])
    for pos, i in enumerate(order):
        bi = boxes[i]
        for j in order[pos + 1:]:
            bj = boxes[j]
            if bj[0] >= bi[2]:
                break
            if bj[1] >= bi[3] or bi[1] >= bj[3]:
                continue
            si, sj = shapes[i], shapes[j]
            rel = _UNDECIDED if si is None or sj is None else _prism_behind(solids[i], solids[j], si, sj, offsets[i],
                                                                            offsets[j], shift)
            if rel is _UNDECIDED and _is_parts_of_one(solids[i], solids[j]):
                a, b = solids[i], solids[j]
                rel = _parts_behind(a.piece.piece, a.piece.angle, a.part, b.part, projection)
            if rel is _UNDECIDED:
                for k in (i, j):
                    if id(solids[k]) not in outlines:
                        outlines[id(solids[k])] = projection.outline(solids[k])
                rel = behind(solids[i], solids[j], projection, outlines)
            if rel is True:
                after[i].add(j)
            elif rel is False:
                after[j].add(i)
    return after


def _is_parts_of_one(a: Solid, b: Solid) -> bool:
    """Whether ``a`` and ``b`` are convex parts of one piece as made (a pawn's), not cut."""
    return a.index == b.index and not (a.is_part or b.is_part or a.is_mark or b.is_mark) and a.base == b.base


@lru_cache(maxsize=1024)
def _parts_behind(piece: Piece, angle: float, part_a: int, part_b: int, projection: Projection) -> bool | None:
    """As :func:`behind`, for parts ``part_a`` and ``part_b`` of ``piece`` turned ``angle``
    degrees: the same wherever the piece stands (its parts move together), so worked out once,
    standing at the origin."""
    from ..scene import ScenePiece
    from .solids import height, piece_parts

    at = ScenePiece(piece, 0.0, 0.0, angle)
    parts = piece_parts(piece, angle)
    a, b = (Solid(parts[k], 0, at, 0.0, height(piece), part=k) for k in (part_a, part_b))
    return behind(a, b, projection, {id(a): projection.outline(a), id(b): projection.outline(b)})


class _Undecided:
    """What :func:`_prism_behind` answers when arithmetic on shapes does not settle a pair."""


_UNDECIDED = _Undecided()


def _prism_behind(a: Solid, b: Solid, sa: Shape, sb: Shape, oa: Point, ob: Point, shift: Point
                  ) -> bool | _Undecided | None:
    """As :func:`behind`, for upright prisms of shapes ``sa`` and ``sb`` drawn at ``oa`` and
    ``ob``: or :data:`_UNDECIDED` for prisms whose footprints overlap at common heights.

    The drawings overlap where ``ob - oa`` lies inside their shapes' Minkowski difference. Of
    two prisms at common heights, footprints apart, a vertical plane parts them, and along
    every line of sight the one on the side the projection shifts heights towards is the
    farther (the line climbs towards the viewer in the other direction)."""
    dx, dy = ob[0] - oa[0], ob[1] - oa[1]
    for nx, ny, c in _drawn_gap(sa, sb):
        if nx * dx + ny * dy > c - TOUCH:
            return None
    level = _by_level(a, b)
    if level is not None:
        return level
    ex, ey = b.piece.x - a.piece.x, b.piece.y - a.piece.y
    gap, nx, ny = max((nx * ex + ny * ey - c, nx, ny) for nx, ny, c in _foot_gap(sa, sb))
    toward = nx * shift[0] + ny * shift[1]  # n points from a's footprint to b's
    if gap < -TOUCH or abs(toward) < 1e-9:
        return _UNDECIDED
    return toward < 0


@lru_cache(maxsize=4096)
def _drawn_gap(a: Shape, b: Shape) -> tuple[tuple[float, float, float], ...]:
    """The edge lines of the outlines' Minkowski difference (see :func:`.polygons.edge_lines`)."""
    return edge_lines(minkowski_difference(a.outline, b.outline))


@lru_cache(maxsize=4096)
def _foot_gap(a: Shape, b: Shape) -> tuple[tuple[float, float, float], ...]:
    """The edge lines of the footprints' Minkowski difference."""
    return edge_lines(minkowski_difference(a.footprint, b.footprint))


def _cycle(after: list[set[int]]) -> list[int]:
    """The members of one strongly connected component of more than one node (Tarjan's,
    iterative), or [] when the graph has no cycle."""
    index: dict[int, int] = {}
    low: dict[int, int] = {}
    stack: list[int] = []
    on: set[int] = set()
    counter = 0
    for root in range(len(after)):
        if root in index:
            continue
        work = [(root, iter(sorted(after[root])))]
        index[root] = low[root] = counter
        counter += 1
        stack.append(root)
        on.add(root)
        while work:
            node, children = work[-1]
            for child in children:
                if child not in index:
                    index[child] = low[child] = counter
                    counter += 1
                    stack.append(child)
                    on.add(child)
                    work.append((child, iter(sorted(after[child]))))
                    break
                if child in on:
                    low[node] = min(low[node], index[child])
            else:
                work.pop()
                if work:
                    low[work[-1][0]] = min(low[work[-1][0]], low[node])
                if low[node] == index[node]:
                    members = []
                    while True:
                        top = stack.pop()
                        on.discard(top)
                        members.append(top)
                        if top == node:
                            break
                    if len(members) > 1:
                        return sorted(members)
    return []


def _sorted(after: list[set[int]], solids: Sequence[Solid]) -> list[int]:
    """A topological order, ties by the scene's order (so the result is deterministic)."""
    need = [0] * len(after)
    for targets in after:
        for j in targets:
            need[j] += 1
    ready = [(solids[k].index, k) for k in range(len(after)) if not need[k]]
    heapq.heapify(ready)
    out = []
    while ready:
        _, k = heapq.heappop(ready)
        out.append(k)
        for j in after[k]:
            need[j] -= 1
            if not need[j]:
                heapq.heappush(ready, (solids[j].index, j))
    return out


def split(solid: Solid, normal: Point3, offset: float) -> tuple[Solid, Solid] | None:
    """``solid`` cut by the plane ``normal . p = offset`` (below, above), or None when the
    plane does not pass through it."""
    def side(p: Point3) -> float:
        return normal[0] * p[0] + normal[1] * p[1] + normal[2] * p[2] - offset

    values = [side(p) for f in solid.faces for p in f.points]
    if min(values) > -1e-9 or max(values) < 1e-9:
        return None
    halves: tuple[list[Face], list[Face]] = ([], [])
    cut: list[Point3] = []
    for f in solid.faces:
        below: list[Point3] = []
        above: list[Point3] = []
        pts = f.points
        for k in range(len(pts)):
            p, q = pts[k - 1], pts[k]
            sp, sq = side(p), side(q)
            if (sp < 0) != (sq < 0):
                t = sp / (sp - sq)
                m = (p[0] + t * (q[0] - p[0]), p[1] + t * (q[1] - p[1]), p[2] + t * (q[2] - p[2]))
                below.append(m)
                above.append(m)
                cut.append(m)
            (below if sq < 0 else above).append(q)
        for part, out in ((below, halves[0]), (above, halves[1])):
            if len(part) >= 3:
                out.append(Face.of(tuple(part), f.kind))
    cap = _cap(cut, normal)
    if cap is None:
        return None
    low = Solid((*halves[0], Face.of(cap, "cut")), solid.index, solid.piece, solid.base, solid.top, True)
    high = Solid((*halves[1], Face.of(tuple(reversed(cap)), "cut")), solid.index, solid.piece, solid.base, solid.top,
                 True)
    return low, high


def _cap(points: list[Point3], normal: Point3) -> tuple[Point3, ...] | None:
    """The convex polygon through ``points`` (on a plane of ``normal``), counter-clockwise
    seen from the side ``normal`` points to."""
    axis = max(range(3), key=lambda k: abs(normal[k]))
    u, v = [k for k in range(3) if k != axis]
    flat = {(p[u], p[v]): p for p in points}
    ring = hull(list(flat))
    if len(ring) < 3:
        return None
    out = tuple(flat[q] for q in ring)
    # The hull is counter-clockwise in (u, v): seen from +axis unless (u, v, axis) is odd (y).
    sign = -1 if axis == 1 else 1
    if sign * normal[axis] < 0:
        out = tuple(reversed(out))
    return out


def drawing_order(solids: Sequence[Solid], projection: Projection) -> list[Solid]:
    """``solids`` (pieces of one scene) back to front as ``projection`` draws them, cut where
    no order exists; each solid drawn whole after every solid it hides part of.

    Promises: wherever two returned solids are drawn overlapping, the one nearer the viewer
    comes later."""
    work = list(solids)
    for _ in range(MAX_CUTS):
        after = _graph(work, projection)
        done = _sorted(after, work)
        if len(done) == len(work):  # every solid sorted: no cycle (most scenes), none to look for
            return [work[k] for k in done]
        members = _cycle(after)
        cut = _cut_one(work, members)
        if cut is work:
            break
        work = cut
    after = _graph(work, projection)
    return [work[k] for k in _sorted_breaking(after, work)]


def _cut_one(work: list[Solid], members: list[int]) -> list[Solid]:
    """``work`` with one solid of the cycle ``members`` cut by a face plane of another."""
    for i in members:
        if work[i].is_mark:  # a mark is drawn whole: a piece of the cycle is cut instead
            continue
        for j in members:
            if i == j:
                continue
            for f in work[j].faces:
                n = f.normal
                p0 = f.points[0]
                halves = split(work[i], n, n[0] * p0[0] + n[1] * p0[1] + n[2] * p0[2])
                if halves is not None:
                    return [*work[:i], *halves, *work[i + 1:]]
    # No face plane cuts (never for solids that do not pass into each other): the scene's order decides.
    return work


def _sorted_breaking(after: list[set[int]], solids: Sequence[Solid]) -> list[int]:
    out = _sorted(after, solids)
    if len(out) == len(after):
        return out
    rest = sorted((k for k in range(len(after)) if k not in set(out)), key=lambda k: solids[k].index)
    return out + rest


__all__ = ["behind", "drawing_order", "split"]
