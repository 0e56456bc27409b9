"""Label placement: each movable label goes to the first free spot around the thing it
names, clear of pieces' glyphs and bodies, marks, routes and other labels; a label that
had to go further out gets a thin leader line back to its thing.

Everything here is in table inches; sizes come from the print scale, so a label keeps its
printed size however small the board is drawn.
"""

from __future__ import annotations

import math
from typing import Iterable, Iterator, Sequence

from ..scene import (Annotation, Arrow, Bounds, Label, Marker, PathLine, PieceMark, ScenePiece, flattened)
from ..theme import Theme
from ..values import replace
import itertools

#: A box: x0, y0, x1, y1 (table inches).
Box = tuple[float, float, float, float]
#: A thick segment: two end points and a half width.
Segment = tuple[float, float, float, float, float]
#: Directions tried round a thing, best first: right, above, left, below, then the corners.
_DIRECTIONS = ((1, 0), (0, 1), (-1, 0), (0, -1), (1, 1), (-1, 1), (1, -1), (-1, -1))
#: Gaps (paper inches) between a thing and its label, ring by ring; beyond the first a leader is drawn.
_RINGS = (0.03, 0.2, 0.45, 0.8)
#: Share of the font size a line of text takes (with a little air), and the printed air round a label.
LINE_HEIGHT = 1.05
_AIR = 0.012
#: The cost (square inches) of a leader crossing a piece or a label: a speck of overlap.
_LEADER_CROSSING = 1e-5
#: The cost of a spot for each tile edge or grid line its label crosses, and of its ring (a
#: leader): less than any overlap or a leader across a piece. A label takes a spot off the
#: lines next to its thing, or one ring out, before one on a line; further out only to keep
#: off two lines or more (a label far from its thing is worse than one on a line).
_LINE_CROSSING = 4e-6
_RING_COST = (0.0, 1e-6, 6e-6, 8e-6)
#: Kinds of piece whose whole body is an obstacle (a label on a tile's empty part is fine).
_SOLID_KINDS = frozenset({"coin", "die", "pawn", "bit", "saucer", "pyramid", "matchstick", "card"})


def label_box(label: Label) -> Box:
    """The box a label's text takes (table inches)."""
    from ..render.lettering import text_width

    size = label.inches
    w = text_width(label.text, "") * size
    h = size * LINE_HEIGHT
    x0 = label.x if label.anchor == "start" else label.x - w / 2
    return x0, label.y - h / 2, x0 + w, label.y + h / 2


class Obstacles:
    """Boxes and thick segments labels must keep clear of, indexed on a coarse grid."""

    def __init__(self, cell: float = 1.0) -> None:
        self.cell = cell
        self.boxes: list[Box] = []
        self.segments: list[Segment] = []
        self.lines: list[Segment] = []
        self._grid: dict[tuple[int, int], list[int]] = {}
        self._line_spans: list[Box] = []

    def add_box(self, box: Box) -> None:
        index = len(self.boxes)
        self.boxes.append(box)
        for key in self._cells(box):
            self._grid.setdefault(key, []).append(index)

    def add_segment(self, segment: Segment) -> None:
        self.segments.append(segment)

    def add_line(self, segment: Segment) -> None:
        """A line a label may cross at a small cost (a tile's edge, a grid line)."""
        self.lines.append(segment)
        x0, y0, x1, y1, half = segment
        self._line_spans.append((min(x0, x1) - half, min(y0, y1) - half, max(x0, x1) + half, max(y0, y1) + half))

    def lines_crossed(self, box: Box) -> float:
        """The cost of the tile edges and grid lines ``box`` crosses."""
        bx0, by0, bx1, by1 = box
        # (Most lines are far from the box: their spans rule them out before the exact test.)
        return _LINE_CROSSING * sum(segment_hits_box(line, box) for line, (x0, y0, x1, y1)
                                    in zip(self.lines, self._line_spans)
                                    if x0 <= bx1 and x1 >= bx0 and y0 <= by1 and y1 >= by0)

    def _cells(self, box: Box) -> Iterable[tuple[int, int]]:
        c = self.cell
        i0, j0, i1, j1 = math.floor(box[0] / c), math.floor(box[1] / c), math.floor(box[2] / c), math.floor(box[3] / c)
        if (i1 - i0 + 1) * (j1 - j0 + 1) > 4096:  # a huge box: one bucket for all
            return [(10 ** 9, 10 ** 9)]
        return [(i, j) for i in range(i0, i1 + 1) for j in range(j0, j1 + 1)]

    def _near(self, box: Box) -> Iterator[Box]:
        """Each box in the grid cells ``box`` meets (and the huge ones), once."""
        seen: set[int] = set()
        for key in list(self._cells(box)) + [(10 ** 9, 10 ** 9)]:
            for index in self._grid.get(key, ()):
                if index not in seen:
                    seen.add(index)
                    yield self.boxes[index]

    def hits(self, box: Box) -> float:
        """How much of ``box`` is covered (area of box overlaps, plus a penalty per segment crossed)."""
        total = sum(overlap_area(box, b) for b in self._near(box))
        for segment in self.segments:
            if segment_hits_box(segment, box):
                total += 1e-3 + (box[2] - box[0]) * (box[3] - box[1]) * 0.25
        return total

    def crossed(self, segment: Segment) -> float:
        """How much a thin line (a leader) runs over: a small penalty per box it crosses that
        does not hold its first point (the thing it starts from), less than any label's
        overlap, so a spot whose leader crosses a piece still beats one on a piece."""
        x0, y0, x1, y1, _ = segment
        span = (min(x0, x1), min(y0, y1), max(x0, x1), max(y0, y1))
        return sum(_LEADER_CROSSING for b in self._near(span)
                   if not (b[0] <= x0 <= b[2] and b[1] <= y0 <= b[3]) and segment_hits_box(segment, b))

    def containing(self, x: float, y: float) -> Box | None:
        """The union of the boxes that hold the point ``(x, y)``, if any."""
        found: Box | None = None
        key = (math.floor(x / self.cell), math.floor(y / self.cell))
        for index in self._grid.get(key, ()):
            b = self.boxes[index]
            if b[0] <= x <= b[2] and b[1] <= y <= b[3]:
                found = b if found is None else (min(found[0], b[0]), min(found[1], b[1]), max(found[2], b[2]),
                                                 max(found[3], b[3]))
        return found


def overlap_area(a: Box, b: Box) -> float:
    """The area two boxes share (0 when they only touch)."""
    w = min(a[2], b[2]) - max(a[0], b[0])
    h = min(a[3], b[3]) - max(a[1], b[1])
    return w * h if w > 0 and h > 0 else 0.0


def segment_hits_box(segment: Segment, box: Box) -> bool:
    """Whether a thick segment crosses ``box`` (the box grown by the half width, clipped
    Liang-Barsky style)."""
    x0, y0, x1, y1, half = segment
    bx0, by0, bx1, by1 = box[0] - half, box[1] - half, box[2] + half, box[3] + half
    dx, dy = x1 - x0, y1 - y0
    t0, t1 = 0.0, 1.0
    for p, q in ((-dx, x0 - bx0), (dx, bx1 - x0), (-dy, y0 - by0), (dy, by1 - y0)):
        if p == 0:
            if q < 0:
                return False
        else:
            t = q / p
            if p < 0:
                t0 = max(t0, t)
            else:
                t1 = min(t1, t)
            if t0 > t1:
                return False
    return True


def polyline_segments(points: Sequence[tuple[float, float]], half: float) -> list[Segment]:
    """A polyline as thick segments."""
    return [(a[0], a[1], b[0], b[1], half) for a, b in itertools.pairwise(points)]


def piece_obstacles(piece: ScenePiece, theme: Theme) -> list[Box]:
    """What of a piece a label must not cover: its glyphs (ranks, suit symbols) and, for a
    solid piece (coin, die, pawn ...), its whole body."""
    from ..render.extent import box_of
    from ..render.primitives import piece_stamp
    from ..render.shapes import Symbol, Text

    stamp = piece_stamp(piece.piece, piece.angle, theme)
    out: list[Box] = []
    if piece.piece.kind in _SOLID_KINDS:
        x0, y0, x1, y1 = stamp.box
        out.append((x0 + piece.x, y0 + piece.y, x1 + piece.x, y1 + piece.y))
        return out
    for prim in stamp.primitives:
        if isinstance(prim, (Text, Symbol)):
            x0, y0, x1, y1 = box_of(prim)
            out.append((x0 + piece.x, y0 + piece.y, x1 + piece.x, y1 + piece.y))
    return out


def tile_lines(piece: ScenePiece) -> list[Segment]:
    """The lines a piecepack tile prints across the table: its four drawn edges and, grid
    side up, the two grid lines between its squares (none for other pieces)."""
    from ..render.primitives import TILE_DRAWN

    if piece.piece.kind != "tile" or piece.piece.cfg != "piecepack":
        return []
    h = TILE_DRAWN / 2
    ends = [((-h, -h), (h, -h)), ((h, -h), (h, h)), ((h, h), (-h, h)), ((-h, h), (-h, -h))]
    if piece.piece.side == "back":
        ends += [((-h, 0.0), (h, 0.0)), ((0.0, -h), (0.0, h))]
    c, s = math.cos(math.radians(piece.angle)), math.sin(math.radians(piece.angle))
    out = []
    for (ax, ay), (bx, by) in ends:
        out.append((piece.x + ax * c - ay * s, piece.y + ax * s + ay * c,
                    piece.x + bx * c - by * s, piece.y + bx * s + by * c, 0.0))
    return out


def collect_obstacles(pieces: Sequence[ScenePiece], annotations: Sequence[Annotation], theme: Theme,
                      scale: float) -> Obstacles:
    """The obstacles of everything drawn: pieces, marks, routes, fixed labels; and the lines
    tiles print (edges, grid lines), which labels keep off where they can."""
    obstacles = Obstacles()
    for p in pieces:
        for box in piece_obstacles(p, theme):
            obstacles.add_box(box)
        for line in tile_lines(p):
            obstacles.add_line(line)
    for a in flattened(tuple(annotations)):
        if isinstance(a, PieceMark):
            for box in piece_obstacles(a.piece, theme):
                obstacles.add_box(box)
        elif isinstance(a, Marker):
            h = a.size / 2
            obstacles.add_box((a.x - h, a.y - h, a.x + h, a.y + h))
        elif isinstance(a, Label):
            obstacles.add_box(label_box(a))
        elif isinstance(a, PathLine):
            for segment in polyline_segments(a.points, 1.5 / 72):
                obstacles.add_segment(segment)
        elif isinstance(a, Arrow):
            for segment in polyline_segments((a.start, *a.via, a.end), 3.0 / 72):
                obstacles.add_segment(segment)
    return obstacles


def _inside(box: Box, window: Bounds) -> bool:
    return box[0] >= window.x0 and box[1] >= window.y0 and box[2] <= window.x1 and box[3] <= window.y1


def place_labels(labels: Sequence[Label], pieces: Sequence[ScenePiece], fixed: Sequence[Annotation],
                 window: Bounds, scale: float, theme: Theme, *, standing: Sequence[Box] = ()
                 ) -> tuple[list[Label], list[PathLine]]:
    """``labels`` placed around their points, in order (earlier labels choose first), and
    the leader lines of those that had to go further out. ``standing``: more boxes to keep
    clear of (what pieces standing up cover in a view from the side); a label whose point
    lies in one goes round it, as round the piece it names."""
    if not labels:
        return [], []
    obstacles = collect_obstacles(pieces, fixed, theme, scale)
    for box in standing:
        obstacles.add_box(box)
    placed: list[Label] = []
    leaders: list[PathLine] = []
    air = _AIR / scale
    for label in labels:
        x0, y0, x1, y1 = label_box(replace(label, x=0.0, y=0.0, anchor="middle"))
        half_w, half_h = (x1 - x0) / 2 + air, (y1 - y0) / 2 + air
        thing = obstacles.containing(label.x, label.y) or (label.x, label.y, label.x, label.y)
        best: tuple[float, Label, int] | None = None
        for ring, gap_paper in enumerate(_RINGS):
            if best is not None and best[0] <= _RING_COST[ring]:
                break  # nothing further out can do better
            gap = gap_paper / scale
            for dx, dy in _DIRECTIONS:
                cx = thing[2] + gap + half_w if dx > 0 else thing[0] - gap - half_w if dx < 0 else label.x
                cy = thing[3] + gap + half_h if dy > 0 else thing[1] - gap - half_h if dy < 0 else label.y
                box = (cx - half_w, cy - half_h, cx + half_w, cy + half_h)
                cost = (obstacles.hits(box) + obstacles.lines_crossed(box) + _RING_COST[ring]
                        + (0.0 if _inside(box, window) else 1e6))
                if ring > 0:  # the leader back to the thing must not run over a piece either
                    ends = _leader(thing, box).points
                    cost += obstacles.crossed((*ends[0], *ends[1], 0.5 / 72))
                candidate = replace(label, x=cx, y=cy, anchor="middle", place="at")
                if best is None or cost < best[0]:
                    best = (cost, candidate, ring)
                if cost <= _RING_COST[ring]:
                    break
        assert best is not None
        _, chosen, ring = best
        placed.append(chosen)
        obstacles.add_box(label_box(chosen))
        if ring > 0:
            leader = _leader(thing, label_box(chosen))
            leaders.append(leader)
            obstacles.add_segment((*leader.points[0], *leader.points[1], 0.5 / 72))
    return placed, leaders


def _leader(thing: Box, box: Box) -> PathLine:
    """A thin line from the edge of ``thing`` to the nearest point of the label's box."""
    cx, cy = (box[0] + box[2]) / 2, (box[1] + box[3]) / 2
    tx = min(max(cx, thing[0]), thing[2])
    ty = min(max(cy, thing[1]), thing[3])
    lx = min(max(tx, box[0]), box[2])
    ly = min(max(ty, box[1]), box[3])
    return PathLine(((tx, ty), (lx, ly)), role="leader")


def labels_of(annotations: Iterable[Annotation]) -> list[Label]:
    """Every label among ``annotations`` (groups opened)."""
    return [a for a in flattened(tuple(annotations)) if isinstance(a, Label)]


__all__ = ["Box", "Obstacles", "collect_obstacles", "label_box", "labels_of", "overlap_area", "piece_obstacles",
           "place_labels", "polyline_segments", "segment_hits_box", "tile_lines"]
