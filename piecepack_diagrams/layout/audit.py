"""The layout audit: what a rulebook designer would reject, measured on the laid-out page.

For a laid-out drawing (and the caption and title its page sets) it reports:

- ``small-text``: text printed below its minimum: labels and the ranks on pieces 7 pt,
  captions 8.5 pt, titles 10 pt (:data:`MINIMUM_POINTS`);
- ``overlap``: a label over another label, a piece's glyph or body, a mark or a route;
  a label's leader line across a piece other than the one it starts from; a panel
  (its title included) over another;
- ``hidden``: a piece's rank covered by another piece that is not in its stack, or
  crossed by a route or an arrow (the rank of a piece under others of its own stack is
  hidden on purpose and not looked at);
- ``outside``: a label not wholly on the page;
- ``empty-margin``: an empty band along one side of the drawing taking more than
  :data:`EMPTY_SHARE` of its width or height.

Everything is measured in printed inches and points, at the scale the drawing prints at.
"""

from __future__ import annotations

import math
from typing import Callable, Iterable, Iterator

from ..scene import Arrow, Bounds, Label, Marker, PathLine, PieceMark, Scene, ScenePiece, Tear, flattened
from ..theme import DEFAULT, Theme
from ..values import replace, value
from .compose import LaidOut
from .labels import Box, label_box, overlap_area, polyline_segments, segment_hits_box

#: Printed minimums, points.
MINIMUM_POINTS = {"label": 7.0, "rank": 7.0, "caption": 8.5, "title": 10.0}
#: An empty band along a side of a drawing may take at most this share of it.
EMPTY_SHARE = 0.3
#: Two pieces whose centres are this close (inches) are one stack: the upper one may hide the lower.
_SAME_STACK = 0.35
#: A rank counts as hidden when this share of its ink box is covered; one its own stack
#: covers this much is hidden on purpose.
_HIDDEN_SHARE = 0.12
_OWN_STACK_SHARE = 0.5
#: A label counts as overlapping when this share of its box is covered.
_OVERLAP_SHARE = 0.04
#: A thick segment: two end points and a half width (table inches).
_Segment = tuple[float, float, float, float, float]
#: The audit's own reporter: ``add(kind, message)`` records one finding.
_Report = Callable[[str, str], None]
#: Kinds of piece with an opaque body that can hide what lies under it.
_SOLID = frozenset({"coin", "die", "pawn", "bit", "saucer", "card", "matchstick", "pyramid"})


@value
class Finding:
    """One defect of one product: which ``product`` (a file name, or a page and cell), its
    ``kind`` (see the module docstring) and what is wrong, in words."""

    product: str
    kind: str
    message: str

    def format(self) -> str:
        """``PRODUCT: KIND: MESSAGE``, one line."""
        return f"{self.product}: {self.kind}: {self.message}"


@value
class _Ink:
    """Something printed: its kind (label, rank, symbol, body, marker, route), its box, its
    printed size in points (text), its text, the centre of the piece it belongs to and its
    place in the drawing order."""

    kind: str
    box: Box
    points: float = 0.0
    text: str = ""
    centre: tuple[float, float] = (math.nan, math.nan)
    order: int = 0
    #: The area of the whole ink, before a torn edge cut it (0: the box's own).
    area: float = 0.0


def audit_laid_out(laid: LaidOut, *, product: str, theme: Theme = DEFAULT, caption_points: float | None = None,
                   title_points: float | None = None) -> list[Finding]:
    """The findings of one laid-out drawing, whose caption prints at ``caption_points`` and
    title at ``title_points`` (None: it has none)."""
    scene, scale = laid.scene, laid.scale
    inks, routes, leaders = _inks(scene, theme, scale, laid.window)
    found: list[Finding] = []

    def add(kind: str, message: str) -> None:
        found.append(Finding(product, kind, message))

    _small_text(inks, add)
    if caption_points is not None and scene.caption and caption_points < MINIMUM_POINTS["caption"]:
        add("small-text", f"the caption prints at {caption_points:.1f} pt (at least {MINIMUM_POINTS['caption']:g})")
    if title_points is not None and title_points < MINIMUM_POINTS["title"]:
        add("small-text", f"the title prints at {title_points:.1f} pt (at least {MINIMUM_POINTS['title']:g})")
    labels = [ink for ink in inks if ink.kind == "label"]
    _label_overlaps(labels, inks, routes, add)
    _leaders_over_pieces(leaders, inks, add)
    for k, a in enumerate(laid.panels):
        for j, b in enumerate(laid.panels[k + 1:], start=k + 2):
            if _meets((a.x0, a.y0, a.x1, a.y1), b):
                add("overlap", f"panel {k + 1} overlaps panel {j}")
    _hidden_ranks(inks, routes, add)
    frame = scene.frame
    if frame is not None:
        for ink in labels:
            x0, y0, x1, y1 = ink.box
            if x0 < frame.x0 - 1e-6 or y0 < frame.y0 - 1e-6 or x1 > frame.x1 + 1e-6 or y1 > frame.y1 + 1e-6:
                add("outside", f"the label '{ink.text}' is not wholly on the page")
        _empty_margins(scene, frame, add)
    return found


def _inks(scene: Scene, theme: Theme, scale: float,
          window: Bounds) -> tuple[list[_Ink], list[_Segment], list[_Segment]]:
    """Everything the drawing prints that the audit looks at (of the board, what the window
    shows: the rest lies under torn edges), the routes' thick segments and the labels'
    leader lines."""
    inks: list[_Ink] = []
    routes: list[_Segment] = []
    leaders: list[_Segment] = []
    to_pt = 72.0 * scale
    order = 0
    for p in scene.pieces:
        order += 1
        # Of the board, only what the window shows prints: the rest lies under a torn edge.
        inks += [replace(ink, box=_clipped(ink.box, window), area=_area(ink.box))
                 for ink in _piece_inks(p, theme, to_pt, order) if _meets(ink.box, window)]
    for p in (a.piece for a in flattened(scene.annotations) if isinstance(a, PieceMark)):
        order += 1
        inks += _piece_inks(p, theme, to_pt, order)
    # A cropped board's marks are seen only within the window: beyond it, torn edges cover them.
    tear = next((k for k, a in enumerate(scene.annotations) if isinstance(a, Tear)), None)
    board_marks = set(map(id, flattened(scene.annotations[:tear]))) if tear is not None else set()
    for a in flattened(scene.annotations):
        if isinstance(a, Label):
            inks.append(_Ink("label", label_box(a), a.size, a.text, order=order))
        elif isinstance(a, Marker):
            h = a.size / 2
            box = (a.x - h, a.y - h, a.x + h, a.y + h)
            if id(a) in board_marks:
                box = (max(box[0], window.x0), max(box[1], window.y0), min(box[2], window.x1), min(box[3], window.y1))
                if box[0] >= box[2] or box[1] >= box[3]:
                    continue
            inks.append(_Ink("marker", box, order=order))
            if a.text:
                size = a.text_size
                inks.append(_Ink("mark-text", _text_ink(a.text, a.x, a.y, size), size * to_pt, a.text, order=order))
        elif isinstance(a, PathLine) and a.role == "leader":
            leaders += polyline_segments(a.points, 0.25 / 72 / scale)
        elif isinstance(a, (PathLine, Arrow)):
            segments = polyline_segments(a.points, (1.2 if isinstance(a, Arrow) else 1.0) / 72 / scale)
            if id(a) in board_marks:
                segments = [cut for cut in (_clipped_segment(segment, window) for segment in segments) if cut]
            routes += segments
    return inks, routes, leaders


def _clipped_segment(segment: tuple[float, float, float, float, float],
                     window: Bounds) -> tuple[float, float, float, float, float] | None:
    """The part of a thick segment inside ``window`` (Liang-Barsky), or None."""
    x0, y0, x1, y1, half = segment
    dx, dy = x1 - x0, y1 - y0
    t0, t1 = 0.0, 1.0
    for p, q in ((-dx, x0 - window.x0), (dx, window.x1 - x0), (-dy, y0 - window.y0), (dy, window.y1 - y0)):
        if p == 0:
            if q < 0:
                return None
        elif p < 0:
            t0 = max(t0, q / p)
        else:
            t1 = min(t1, q / p)
        if t0 > t1:
            return None
    return x0 + dx * t0, y0 + dy * t0, x0 + dx * t1, y0 + dy * t1, half


def _piece_inks(p: ScenePiece, theme: Theme, to_pt: float, order: int) -> Iterator[_Ink]:
    from ..render.extent import box_of
    from ..render.primitives import piece_stamp
    from ..render.shapes import Circle, Polygon, Symbol, Text

    stamp = piece_stamp(p.piece, p.angle, theme)
    centre = (p.x, p.y)
    solid = p.piece.kind in _SOLID
    body_done = False
    for prim in stamp.primitives:
        if isinstance(prim, Text):
            yield _Ink("rank", _text_ink(prim.text, prim.x + p.x, prim.y + p.y, prim.size, prim.angle),
                       prim.size * to_pt, prim.text, centre, order)
        elif isinstance(prim, Symbol):
            x0, y0, x1, y1 = box_of(prim)
            yield _Ink("symbol", (x0 + p.x, y0 + p.y, x1 + p.x, y1 + p.y), centre=centre, order=order)
        elif solid and not body_done and isinstance(prim, (Circle, Polygon)):
            x0, y0, x1, y1 = stamp.box
            body_done = True
            yield _Ink("body", (x0 + p.x, y0 + p.y, x1 + p.x, y1 + p.y), centre=centre, order=order)


def _text_ink(text: str, x: float, y: float, size: float, angle: float = 0.0) -> Box:
    """The box of a text's ink (not its advance box), in table inches."""
    x0, y0, x1, y1 = _outline_box(text)
    if angle % 180:
        # A turned text: the box of the turned box.
        c, s = abs(math.cos(math.radians(angle))), abs(math.sin(math.radians(angle)))
        w, h = (x1 - x0) / 2, (y1 - y0) / 2
        w, h = w * c + h * s, w * s + h * c
        cx, cy = (x0 + x1) / 2, (y0 + y1) / 2
        x0, x1, y0, y1 = cx - w, cx + w, cy - h, cy + h
    return x + x0 * size, y + y0 * size, x + x1 * size, y + y1 * size


_OUTLINE_BOXES: dict[str, Box] = {}


def _outline_box(text: str) -> Box:
    box = _OUTLINE_BOXES.get(text)
    if box is None:
        from ..render.lettering import text_outline

        xs, ys = [], []
        for start, segments in text_outline(text, ""):
            xs.append(start[0])
            ys.append(start[1])
            for segment in segments:
                for px, py in segment:
                    xs.append(px)
                    ys.append(py)
        box = (min(xs), min(ys), max(xs), max(ys)) if xs else (0.0, 0.0, 0.0, 0.0)
        if len(_OUTLINE_BOXES) < 4096:
            _OUTLINE_BOXES[text] = box
    return box


def _small_text(inks: Iterable[_Ink], add: _Report) -> None:
    smallest: dict[str, tuple[float, int, str]] = {}
    for ink in inks:
        if ink.kind not in ("label", "rank", "mark-text"):
            continue
        minimum = MINIMUM_POINTS["label" if ink.kind != "rank" else "rank"]
        if ink.points < minimum - 0.05:  # a twentieth of a point: rounding, not a smaller size
            seen = smallest.get(ink.kind)
            if seen is None:
                smallest[ink.kind] = (ink.points, 1, ink.text)
            else:
                smallest[ink.kind] = (min(seen[0], ink.points), seen[1] + 1, seen[2] if seen[0] <= ink.points
                                      else ink.text)
    words = {"label": ("label", "labels"), "rank": ("rank on a piece", "ranks on pieces"),
             "mark-text": ("number on a mark", "numbers on marks")}
    for kind, (points, count, text) in smallest.items():
        minimum = MINIMUM_POINTS["label" if kind != "rank" else "rank"]
        one, many = words[kind]
        add("small-text", f"{count} {one if count == 1 else many} print{'s' if count == 1 else ''} below "
                          f"{minimum:g} pt (smallest: '{text}' at {points:.1f} pt)")


def _label_overlaps(labels: list[_Ink], inks: list[_Ink], routes: list[_Segment], add: _Report) -> None:
    order = {id(label): k for k, label in enumerate(labels)}
    for k, label in enumerate(labels):
        area = _area(label.box)
        if area <= 0:
            continue
        lx0, ly0, lx1, ly1 = label.box
        for other in inks:
            ox0, oy0, ox1, oy1 = other.box
            if ox0 >= lx1 or ox1 <= lx0 or oy0 >= ly1 or oy1 <= ly0:
                continue  # apart: most pairs, so tested first and inline
            if other is label or (other.kind == "mark-text" and _is_inside(other.box, label.box)):
                continue
            if other.kind == "label" and order.get(id(other), k) < k:
                continue  # each pair once
            shared = overlap_area(label.box, other.box)
            if shared > _OVERLAP_SHARE * min(area, _area(other.box) or area):
                what = {"label": f"the label '{other.text}'", "rank": f"the rank '{other.text}' of a piece",
                        "symbol": "a suit symbol", "body": "a piece", "marker": "a mark",
                        "mark-text": f"the mark '{other.text}'"}[other.kind]
                add("overlap", f"the label '{label.text}' overlaps {what}")
        if any(segment_hits_box(segment, _shrunk(label.box)) for segment in routes):
            add("overlap", f"a route or arrow runs through the label '{label.text}'")


def _leaders_over_pieces(leaders: list[_Segment], inks: list[_Ink], add: _Report) -> None:
    """A leader line may leave the piece it names, never run across another's glyph or body."""
    crossed = 0
    for segment in leaders:
        x0, y0 = segment[0], segment[1]
        if any(ink.kind in ("rank", "symbol", "body") and segment_hits_box(segment, _shrunk(ink.box))
               and not (ink.box[0] <= x0 <= ink.box[2] and ink.box[1] <= y0 <= ink.box[3]) for ink in inks):
            crossed += 1
    if crossed:
        add("overlap", f"{crossed} leader line{'s' if crossed > 1 else ''} of labels run{'s' if crossed == 1 else ''} "
                       "across a piece")


def _hidden_ranks(inks: list[_Ink], routes: list[_Segment], add: _Report) -> None:
    bodies = [ink for ink in inks if ink.kind == "body"]
    hidden: dict[str, int] = {}
    crossed: dict[str, int] = {}
    for rank in (ink for ink in inks if ink.kind == "rank"):
        # A share of the whole rank: the part a torn edge took is context, not hidden.
        area = rank.area or _area(rank.box)
        if area <= 0 or _is_stacked_under(rank, bodies, area):
            continue
        for body in bodies:
            if body.order <= rank.order or math.dist(body.centre, rank.centre) < _SAME_STACK:
                continue
            if overlap_area(rank.box, body.box) > _HIDDEN_SHARE * area:
                hidden[rank.text] = hidden.get(rank.text, 0) + 1
                break
        if any(segment_hits_box(segment, _shrunk(rank.box)) for segment in routes):
            crossed[rank.text] = crossed.get(rank.text, 0) + 1
    if hidden:
        count = sum(hidden.values())
        add("hidden", f"{count} rank{'s' if count > 1 else ''} of pieces ({', '.join(sorted(hidden))}) partly "
                      "covered by other pieces")
    if crossed:
        count = sum(crossed.values())
        add("hidden", f"{count} rank{'s' if count > 1 else ''} of pieces ({', '.join(sorted(crossed))}) crossed by "
                      "a route or an arrow")


def _is_stacked_under(rank: _Ink, bodies: list[_Ink], area: float) -> bool:
    """True for the rank of a piece under others of its own stack, which hide it on purpose
    (only a stack's top shows): nothing else can hide it."""
    return any(body.order > rank.order and math.dist(body.centre, rank.centre) < _SAME_STACK
               and overlap_area(rank.box, body.box) > _OWN_STACK_SHARE * area for body in bodies)


def _empty_margins(scene: Scene, frame: Bounds, add: _Report) -> None:
    """Bands of the page with nothing drawn in them (torn edges' covers aside)."""
    drawn = tuple(a for a in scene.annotations if not isinstance(a, Tear))
    if not scene.pieces and not drawn:
        return
    reach = Scene(scene.pieces, drawn).bounds(margin=0.0)
    x0, y0 = max(reach.x0, frame.x0), max(reach.y0, frame.y0)
    x1, y1 = min(reach.x1, frame.x1), min(reach.y1, frame.y1)
    w, h = frame.width, frame.height
    for side, gap, whole in (("above", frame.y1 - y1, h), ("below", y0 - frame.y0, h),
                             ("left of", x0 - frame.x0, w), ("right of", frame.x1 - x1, w)):
        if whole > 0 and gap > EMPTY_SHARE * whole:
            add("empty-margin", f"an empty band {side} the drawing takes {gap / whole:.0%} of it")


def _clipped(box: Box, window: Bounds) -> Box:
    return max(box[0], window.x0), max(box[1], window.y0), min(box[2], window.x1), min(box[3], window.y1)


def _meets(box: Box, window: Bounds) -> bool:
    return box[0] < window.x1 and box[2] > window.x0 and box[1] < window.y1 and box[3] > window.y0


def _area(box: Box) -> float:
    return max(0.0, box[2] - box[0]) * max(0.0, box[3] - box[1])


def _shrunk(box: Box, share: float = 0.15) -> Box:
    dx, dy = (box[2] - box[0]) * share, (box[3] - box[1]) * share
    return box[0] + dx, box[1] + dy, box[2] - dx, box[3] - dy


def _is_inside(inner: Box, outer: Box) -> bool:
    return inner[0] >= outer[0] and inner[1] >= outer[1] and inner[2] <= outer[2] and inner[3] <= outer[3]


def smallest_text(scene: Scene, theme: Theme = DEFAULT) -> float:
    """The size (table inches) of the smallest rank the scene's pieces (its panels' too) show:
    what decides how small the scene may print (0 when it shows none; numbers on marks a
    game can leave out)."""
    from ..render.primitives import piece_stamp
    from ..render.shapes import Text

    pieces = list(scene.pieces) + [p for panel in scene.panels for p in panel.pieces]
    sizes = {prim.size for p in {(p.piece, p.angle % 360) for p in pieces}
             for prim in piece_stamp(p[0], p[1], theme).primitives if isinstance(prim, Text)}
    return min(sizes, default=0.0)


def summarize(findings: list[Finding], drawings: int) -> str:
    """One line: how many findings in how many of the drawings audited."""
    plural = "s" if drawings != 1 else ""
    if not findings:
        return f"layout audit: no findings in {drawings} drawing{plural}"
    bad = len({f.product for f in findings})
    return (f"layout audit: {len(findings)} finding{'s' if len(findings) != 1 else ''} in {bad} of {drawings} "
            f"drawing{plural}")


__all__ = ["EMPTY_SHARE", "Finding", "MINIMUM_POINTS", "audit_laid_out", "smallest_text", "summarize"]
