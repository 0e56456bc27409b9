"""Framing and composition: which part of the board a drawing shows, where its panels go,
and the scale it prints at.

:func:`lay_out` turns a scene into a *laid-out* scene: one whose ``frame`` is exactly the
area to draw, whose labels carry their print scale and final places, with the torn edges
of a cropped board and the panels beside it as ordinary annotations. Renderers draw it
as it is.
"""

from __future__ import annotations

import math
from functools import lru_cache
from typing import TYPE_CHECKING, Callable, Sequence, TypeVar

from ..scene import (POINTS_PER_INCH, Annotation, Arrow, Bounds, Coordinates, Group, Highlight, Label, Marker, Panel,
                     PathLine, PieceMark, Scene, ScenePiece, Tear, flattened, shifted)
from ..theme import DEFAULT, Theme
from ..values import replace, value
from .labels import Box, place_labels

if TYPE_CHECKING:
    from ..render.primitives import Placed

T = TypeVar("T")

#: How a scene is framed: ``"focus"`` crops to the scene's focus (when it has one) with
#: torn edges where the board goes on; ``"whole"`` shows the whole board.
FRAMINGS = ("focus", "whole")
#: The largest drawing a standalone render makes without being asked: a letter page's
#: text block (inches). Larger scenes are scaled down to fit it.
PAGE_BLOCK = (7.5, 10.0)
#: Space around the board (table inches) and between the board and its panels (paper inches).
BOARD_MARGIN = 0.25
PANEL_GAP = 0.2
#: A panel's title, in points.
PANEL_TITLE_SIZE = 8.0
#: The torn edge: teeth this deep and this far apart, in paper inches.
TEAR_DEPTH, TEAR_PITCH = 0.045, 0.14
#: Content reaching this far (table inches) past the frame counts as cut off.
_CUT = 0.02


@value
class LaidOut:
    """A scene ready to draw: ``scene`` (its ``frame`` the area to draw), the ``scale`` it
    prints at (paper inches per table inch), and ``window``, the part of the board shown."""

    scene: Scene
    scale: float
    window: Bounds
    #: Where each panel went, its title included (the audit checks that none overlap).
    panels: tuple[Bounds, ...] = ()
    #: What to draw instead of the scene's own stamps (a view other than the flat one, see
    #: :mod:`~piecepack_diagrams.oblique`), bottom to top; None: the scene's.
    drawn: tuple[Placed, ...] | None = None
    #: How many of the scene's annotations, the last ones, the layout placed itself: the
    #: labels it put beside the things they name, and their leaders.
    placed: int = 0

    @property
    def width(self) -> float:
        """Printed width of the drawing (without its caption), inches."""
        assert self.scene.frame is not None
        return self.scene.frame.width * self.scale

    @property
    def height(self) -> float:
        """Printed height of the drawing (without its caption), inches."""
        assert self.scene.frame is not None
        return self.scene.frame.height * self.scale

    def __repr__(self) -> str:
        return (f"LaidOut(scene={self.scene!r}, scale={self.scale!r}, window={self.window!r}, "
                f"panels={self.panels!r})")


def fit_scale(width: float, height: float, box: tuple[float, float], *, largest: float = 1.0) -> float:
    """The largest scale, at most ``largest``, at which ``width`` x ``height`` table inches fit
    ``box`` (paper inches)."""
    if width <= 0 or height <= 0:
        return largest
    return max(1e-6, min(largest, box[0] / width, box[1] / height))


def is_laid_out(scene: Scene) -> bool:
    """True for a scene a layout has already placed (nothing left to decide)."""
    return scene.frame is not None and not scene.panels and scene.focus is None and not any(
        isinstance(a, Label) and a.place != "at" for a in scene.annotations)


def lay_out(scene: Scene, *, theme: Theme = DEFAULT, scale: float | None = None,
            box: tuple[float, float] | None = None, framing: str = "whole", largest: float = 1.0,
            coordinates: bool = True, standing: Sequence[Box] = ()) -> LaidOut:
    """``scene`` framed, composed and labelled for printing.

    The scale is ``scale`` if given; else the largest (at most ``largest``) at which the
    drawing fits ``box`` (paper inches); else true size, or smaller when the drawing would
    not fit a letter page's text block (:data:`PAGE_BLOCK`; turned, for a board wider than
    tall that comes out clearly larger so). Panels go where the drawing fits, and then
    where it comes out largest. With ``framing="focus"`` a
    scene that has a ``focus`` is cropped to it (a figure about a move); ``"whole"`` shows
    the whole board. A scene with a ``frame`` keeps that frame (plates keep one window size
    per record). With ``coordinates`` the board's coordinates (if the scene has them) are
    printed along the lower and left edges of the part shown. ``standing``: boxes (table
    inches) the labels the layout places keep clear of besides the pieces' own (what the
    pieces cover seen from the side, see :func:`.labels.place_labels`). Raises nothing for a
    well-formed scene.
    """
    content = _content(scene)
    if content is not None and standing:  # what stands up reaches beyond the pieces' footprints
        content = Bounds(min(content.x0, *(b[0] for b in standing)), min(content.y0, *(b[1] for b in standing)),
                         max(content.x1, *(b[2] for b in standing)), max(content.y1, *(b[3] for b in standing)))
    board = content.expanded(BOARD_MARGIN) if content is not None else Bounds(0.0, 0.0, 2.0, 2.0)
    if scene.frame is not None:
        window = scene.frame
    elif framing == "focus" and scene.focus is not None:
        f = scene.focus
        window = Bounds(max(f.x0, board.x0), max(f.y0, board.y0), min(f.x1, board.x1), min(f.y1, board.y1))
        if window.width <= 0 or window.height <= 0:
            window = board
    else:
        window = board
    # Without a box (or a scale), a board wider than tall may turn the page's text block.
    targets: tuple[tuple[float, float], ...] = (box,) if box is not None else (PAGE_BLOCK,)
    if box is None and scale is None and window.width > window.height:
        targets += ((PAGE_BLOCK[1], PAGE_BLOCK[0]),)
    # Panels that may go either side go where the drawing comes out largest.
    sides = ("right", "below") if any(p.side == "auto" for p in scene.panels) else ("right",)
    best: tuple[float, str, float] | None = None
    for turned, target in enumerate(targets):
        for side in sides:
            chosen, page = _settled(scene, window, scale, target, largest if box is not None else 1.0, theme, side,
                                    coordinates)
            # An arrangement that fits beats one whose panels' titles cannot fit the target at
            # any scale (it would run off the page); of those, the one that overflows least
            # (with the scale given, the one that fits best). The page is turned only for a
            # clearly larger drawing.
            overflow = max(page.width * chosen / target[0], page.height * chosen / target[1])
            if scale is None and overflow <= 1 + _FITS:
                merit = chosen / (_TURN_GAIN if turned else 1.0)
            else:
                merit = -overflow
            if best is None or merit > best[0] + 1e-9:
                best = (merit, side, chosen)
    assert best is not None
    _, side, chosen = best
    edge = _coordinate_band(scene, window, chosen, coordinates)
    boxes: list[Bounds] = []
    panels, page = _placed_panels(scene.panels, edge, window, chosen, theme, side, boxes=boxes)
    tears = _tears(window, content, page, chosen, theme, ground=_ground(scene)) if content is not None else []
    if coordinates and scene.coordinates is not None:
        panels = _coordinate_labels(scene.coordinates, window, chosen) + panels
    board_notes = [a for a in scene.annotations if not (isinstance(a, Label) and a.place != "at")]
    if content is not None and window != board:
        # A cropped board: what lies wholly beyond the window (under the torn edges) is not drawn.
        board_notes = [a for a in board_notes if _meets(Scene((), (a,)).bounds(margin=0.0), window)]
    pieces = scene.pieces
    if content is not None and window != board:
        # Likewise the pieces: one wholly under a torn edge would leave a hairline where the
        # cover's edge and its own meet at the page's edge.
        pieces = tuple(p for p in pieces if _meets(Scene((p,)).bounds(margin=0.0), window))
    board_notes = [_at_scale(a, chosen) for a in board_notes]
    # A label naming a thing the window leaves out (under a torn edge) is left out with it.
    movable = [replace(a, scale=chosen) for a in scene.annotations if isinstance(a, Label) and a.place != "at"
               and window.x0 <= a.x <= window.x1 and window.y0 <= a.y <= window.y1]
    fixed_before = tears + panels
    # A whole board's names may also stand just above or below it (above the exit pawns): the
    # page grows to hold them. Not sideways: a page grown wider than its cell would be cut. A
    # cropped board's may not: past its window lie torn edges.
    reach = LABEL_REACH / chosen
    room = Bounds(window.x0, window.y0 - reach, window.x1, window.y1 + reach) if window == board else window
    labels, leaders = place_labels(movable, pieces, board_notes + fixed_before, room, chosen, theme,
                                   standing=standing)
    annotations = (*board_notes, *fixed_before, *leaders, *labels)
    page = _with_labels(page, labels)
    laid = Scene(pieces, annotations, caption=scene.caption, title=scene.title, frame=page)
    return LaidOut(laid, chosen, window, tuple(boxes), placed=len(leaders) + len(labels))


#: How far (paper inches) past a whole board's edge a name the layout places may stand.
LABEL_REACH = 0.3


#: Rounds of fitting at most, and the change of scale (a share) at which they stop.
_ROUNDS, _SETTLED = 24, 1e-4
#: How far past its box (a share) a page still fits it, and how much larger a drawing must
#: come out to turn the page for it.
_FITS, _TURN_GAIN = 1e-3, 1.1


def _settled(scene: Scene, window: Bounds, scale: float | None, target: tuple[float, float], largest: float,
             theme: Theme, side: str, coordinates: bool) -> tuple[float, Bounds]:
    """The scale (``scale`` if given, else the largest at which the page fits ``target``) and
    the page at it. The panels' size depends on the scale (their words keep their printed
    size) and the scale on their size: fitting again from true size shrinks the scale round
    by round to where the two agree."""
    chosen = scale if scale is not None else 1.0
    page = window
    # (A key's entries are laid out anew at each scale: their words keep their printed size.)
    parts = [_panel_parts(panel) if not panel.entries else None for panel in scene.panels]
    before: tuple[float, Bounds] | None = None
    for _ in range(_ROUNDS if scale is None else 1):
        edge = _coordinate_band(scene, window, chosen, coordinates)
        _, page = _placed_panels(scene.panels, edge, window, chosen, theme, side, place=False, parts=parts)
        if scale is None:
            fitted = fit_scale(page.width, page.height, target, largest=largest)
            if abs(fitted - chosen) <= _SETTLED * chosen:
                return fitted, page
            guess = _fixed_point(before, (chosen, page), target, largest) if before is not None else None
            before, chosen = (chosen, page), guess if guess is not None else fitted
    return chosen, page


def _fixed_point(a: tuple[float, Bounds], b: tuple[float, Bounds], target: tuple[float, float],
                 largest: float) -> float | None:
    """The scale at which the page fits ``target`` exactly, from the pages at two scales.

    What prints at a fixed size (panels' words, coordinates) spans ``k / scale`` table inches,
    so a page's side is ``c + k / scale``; two pages give ``c`` and ``k``, and the side fits
    its box at ``(box - k) / c``. None when the two pages do not fit that form (the panels
    moved between them): plain rounds of fitting go on."""
    (s1, p1), (s2, p2) = a, b
    if s1 == s2:
        return None
    found = largest
    for w1, w2, room in ((p1.width, p2.width, target[0]), (p1.height, p2.height, target[1])):
        k = (w1 - w2) / (1 / s1 - 1 / s2)
        c = w1 - k / s1
        if c <= 0 or k < 0 or room <= k:
            return None
        found = min(found, (room - k) / c)
    return found if found > 0 else None


def _meets(a: Bounds, b: Bounds) -> bool:
    """Whether two rectangles overlap (more than along an edge)."""
    return a.x0 < b.x1 and a.x1 > b.x0 and a.y0 < b.y1 and a.y1 > b.y0


def _ground(scene: Scene) -> Bounds | None:
    """How far the board itself reaches: its pieces and drawn parts, without the marks about
    it (arrows, routes, words) that may lie outside it."""
    parts = tuple(a for a in scene.annotations if not isinstance(a, (Arrow, PathLine, Label)))
    if not scene.pieces and not parts:
        return None
    return Scene(scene.pieces, parts).bounds(margin=0.0)


def _content(scene: Scene) -> Bounds | None:
    """How far the board's pieces and marks reach (labels placed by the layout aside)."""
    fixed = tuple(a for a in scene.annotations if not (isinstance(a, Label) and a.place != "at"))
    if not scene.pieces and not fixed:
        return None
    return Scene(scene.pieces, fixed).bounds(margin=0.0)


#: The smallest printed text (points) a layout draws on a ``legible`` mark.
LEGIBLE_POINTS = 7.0


def _at_scale(a: Annotation, scale: float) -> Annotation:
    """Labels (also inside groups) told the scale they print at; ``legible`` marks whose
    text would print below :data:`LEGIBLE_POINTS` without it."""
    if isinstance(a, Label):
        return replace(a, scale=scale) if a.scale != scale else a
    if isinstance(a, Marker):
        return replace(a, text="") if a.legible and a.text and a.text_size * scale * 72 < LEGIBLE_POINTS else a
    if isinstance(a, Group) and any(isinstance(item, (Label, Group)) or (isinstance(item, Marker) and item.legible)
                                    for item in a.items):
        return Group(tuple(_at_scale(item, scale) for item in a.items), a.role)
    return a


def _per_panel(fn: Callable[[Panel, float], T]) -> Callable[[Panel, float], T]:
    """``fn`` remembered for the last panels and scales it saw (a layout asks the same of a
    panel several times while the scale settles). Panels are told apart by identity: hashing
    one hashes all its pieces, which costs more than most answers (the cache keeps each panel
    it holds alive, so an identity is never reused while remembered)."""
    remembered = lru_cache(maxsize=256)(lambda same, scale: fn(same.value, scale))

    def call(panel: Panel, scale: float) -> T:
        return remembered(_Same(panel), scale)

    return call


class _Same:
    """A value compared by identity (a cache key that does not hash what it holds)."""

    __slots__ = ("value",)

    def __init__(self, value: object) -> None:
        self.value = value

    def __hash__(self) -> int:
        return id(self.value)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, _Same) and other.value is self.value


#: A key's words print at this size (points); between an entry's picture and its words, and
#: between the panel's pieces and its entries, this much room (paper inches); between entries,
#: this much.
KEY_SIZE = 8.0
#: A key's lines are this many times its size apart.
KEY_LINE = 1.2
KEY_GAP = 0.08
#: (Enough for the pictures of neighbouring entries to stand apart.)
KEY_LEADING = 0.06


@_per_panel
def _with_entries(panel: Panel, scale: float) -> Panel:
    """``panel`` with its key entries drawn in under its pieces, one under another: the
    pictures in a column (each centred in it), the words beside them at :data:`KEY_SIZE`
    points (an entry's lines, split on ``\\n``, as a block centred on its picture), each
    entry as tall as its picture or its words, whichever is taller."""
    if not panel.entries:
        return panel
    pieces = list(panel.pieces)
    notes = [_at_scale(a, scale) for a in panel.annotations]
    size = KEY_SIZE / 72 / scale
    pictures = [Scene(e.pieces, e.annotations).bounds(margin=0.0) if e.pieces or e.annotations else None
                for e in panel.entries]
    column = max((b.width for b in pictures if b is not None), default=0.0)
    x0, y = 0.0, 0.0
    if pieces or notes:
        above = _panel_bounds(replace(panel, entries=(), title=""), scale)
        x0, y = above.x0, above.y0 - KEY_GAP / scale
    words_x = x0 + column + (KEY_GAP / scale if column else 0.0)
    line = size * KEY_LINE
    for entry, picture in zip(panel.entries, pictures):
        lines = entry.text.split("\n")
        height = max(picture.height if picture is not None else 0.0, line * len(lines))
        middle = y - height / 2
        if picture is not None:
            dx, dy = x0 + column / 2 - (picture.x0 + picture.x1) / 2, middle - (picture.y0 + picture.y1) / 2
            pieces += [replace(p, x=p.x + dx, y=p.y + dy) for p in entry.pieces]
            notes += [_at_scale(shifted(a, dx, dy), scale) for a in entry.annotations]
        for k, text in enumerate(lines):
            notes.append(Label(words_x, middle + line * ((len(lines) - 1) / 2 - k), text, KEY_SIZE, role="key",
                               anchor="start", scale=scale))
        y -= height + KEY_LEADING / scale
    return replace(panel, pieces=tuple(pieces), annotations=tuple(notes), entries=())


#: A panel's extent apart from its words (which depend on the scale), and its words.
_Parts = tuple["Bounds | None", tuple[Label, ...]]


def _panel_parts(panel: Panel) -> _Parts:
    items = flattened(panel.annotations)
    fixed = tuple(a for a in items if not isinstance(a, Label))
    labels = tuple(a for a in items if isinstance(a, Label))
    return (Scene(panel.pieces, fixed).bounds(margin=0.0) if panel.pieces or fixed else None), labels


def _panel_bounds(panel: Panel, scale: float, parts: _Parts | None = None) -> Bounds:
    """The extent of ``panel`` printed at ``scale`` (its words as :meth:`Scene.bounds` reckons them)."""
    fixed, labels = parts if parts is not None else _panel_parts(_with_entries(panel, scale))
    xs = [fixed.x0, fixed.x1] if fixed is not None else []
    ys = [fixed.y0, fixed.y1] if fixed is not None else []
    for a in labels:
        size = a.size / POINTS_PER_INCH / scale
        half = size * max(1, len(a.text)) * 0.3
        left = a.x if a.anchor == "start" else a.x - half
        xs += [left, left + 2 * half]
        ys += [a.y - size, a.y + size]
    inner = Bounds(min(xs), min(ys), max(xs), max(ys)) if xs else Bounds(0.0, 0.0, 2.0, 2.0)
    if panel.title:
        from ..render.lettering import text_width

        # Room above for the title line, and across for all of it.
        size = PANEL_TITLE_SIZE / 72 / scale
        return Bounds(inner.x0, inner.y0, max(inner.x1, inner.x0 + text_width(panel.title, "") * size),
                      inner.y1 + size * 1.6)
    return inner


#: Coordinates print at this size (points), this far (paper inches) outside the board's edge.
COORDINATE_SIZE, COORDINATE_GAP = 7.5, 0.05


def _coordinate_band(scene: Scene, window: Bounds, scale: float, coordinates: bool) -> Bounds:
    """``window`` grown by the band its coordinates take along the lower and left edges."""
    if not coordinates or scene.coordinates is None:
        return window
    band = (COORDINATE_GAP + COORDINATE_SIZE * 1.3 / 72) / scale
    return Bounds(window.x0 - band * 1.2, window.y0 - band, window.x1, window.y1)


def _coordinate_labels(coordinates: Coordinates, window: Bounds, scale: float) -> list[Annotation]:
    """The names of the files and ranks that the window shows, along its lower and left edges."""
    size = COORDINATE_SIZE / 72 / scale
    gap = COORDINATE_GAP / scale
    out: list[Annotation] = []
    for x, name in coordinates.files:
        if window.x0 <= x <= window.x1:
            out.append(Label(x, window.y0 - gap - size * 0.6, name, COORDINATE_SIZE, role="coordinate", scale=scale))
    for y, name in coordinates.ranks:
        if window.y0 <= y <= window.y1:
            out.append(Label(window.x0 - gap - size * 0.45 * max(1, len(name)), y, name, COORDINATE_SIZE,
                             role="coordinate", scale=scale))
    return out


def _placed_panels(panels: tuple[Panel, ...], edge: Bounds, window: Bounds, scale: float,
                   theme: Theme, auto: str = "right", *, place: bool = True,
                   parts: list[_Parts | None] | None = None,
                   boxes: list[Bounds] | None = None) -> tuple[list[Annotation], Bounds]:
    """The panels' pieces and marks moved beside ``window`` (right: stacked downwards from its
    top; below: side by side from its left (those given ``side="below"`` in rows as wide as
    the board, a panel that would run past it starting a new row), under ``edge``, the
    window and its coordinates, and under the panels on the right where these reach lower),
    and the page that holds them
    all; no two panels overlap. Panels whose side is ``"auto"`` go to ``auto``. Without
    ``place``, only the page (the marks are not moved). ``boxes`` (if given) gets each
    panel's placed box, its title included, in the panels' order."""
    gap = PANEL_GAP / scale
    out: list[Annotation] = []
    page = edge
    sized = []
    for k, panel in enumerate(panels):
        panel = _with_entries(panel, scale)
        sized.append((panel, _panel_bounds(panel, scale, parts[k] if parts is not None else None),
                      (panel.side if panel.side != "auto" else auto) == "below"))
    # (Panels that chose to go below wrap; those sent there to make the drawing larger keep to one row.)
    wraps = [panel.side == "below" for panel, _, _ in sized]
    right_y = window.y1
    moves: list[tuple[float, float]] = [(0.0, 0.0)] * len(sized)
    for k, (_, b, below) in enumerate(sized):
        if not below:
            moves[k] = (window.x1 + gap - b.x0, right_y - b.y1)
            right_y -= b.height + gap
    below_x, below_y, row_bottom = window.x0, edge.y0 - gap, edge.y0 - gap
    for k, (_, b, below) in enumerate(sized):
        if below:
            if wraps[k] and below_x > window.x0 and below_x + b.width > edge.x1 + 1e-9:
                below_x, below_y = window.x0, row_bottom - gap
            moves[k] = (below_x - b.x0, below_y - b.y1)
            below_x += b.width + gap
            row_bottom = min(row_bottom, below_y - b.height)
    # Panels below that reach under those on the right (lower than the board) go under them.
    right = [_moved(b, moves[k]) for k, (_, b, below) in enumerate(sized) if not below]
    under = [_moved(b, moves[k]) for k, (_, b, below) in enumerate(sized) if below]
    drop = max((u.y1 + gap - r.y0 for u in under for r in right if _meets(u, r.expanded(gap))), default=0.0)
    if drop > 0:
        moves = [(dx, dy - drop) if below else (dx, dy) for (_, _, below), (dx, dy) in zip(sized, moves)]
    for (panel, b, _), (dx, dy) in zip(sized, moves):
        if place:
            notes = [_at_scale(shifted(a, dx, dy), scale) for a in panel.annotations]
            # A key's highlight is drawn in the panel's own place, not as a board's (whose tint goes
            # under the board, under torn edges): its tint under the panel's pieces (a die it marks
            # keeps its face), its ring over them.
            out += [Group((a,), role="swatch") for a in notes if type(a) is Highlight]
            out += [PieceMark(replace(p, x=p.x + dx, y=p.y + dy)) for p in panel.pieces]
            out += [Group((a,), role="ring") if type(a) is Highlight else a for a in notes]
        if panel.title and place:
            size = PANEL_TITLE_SIZE / 72 / scale
            out.append(Label(b.x0 + dx, b.y1 + dy - size * 0.7, panel.title, PANEL_TITLE_SIZE, role="panel-title",
                             anchor="start", scale=scale))
        placed = _moved(b, (dx, dy))
        if boxes is not None:
            boxes.append(placed)
        page = Bounds(min(page.x0, placed.x0), min(page.y0, placed.y0), max(page.x1, placed.x1),
                      max(page.y1, placed.y1))
    if panels:
        page = page.expanded(0.5 * gap)
    return out, page


def _moved(b: Bounds, by: tuple[float, float]) -> Bounds:
    return Bounds(b.x0 + by[0], b.y0 + by[1], b.x1 + by[0], b.y1 + by[1])


def _tears(window: Bounds, content: Bounds, page: Bounds, scale: float, theme: Theme, *,
           ground: Bounds | None = None) -> list[Annotation]:
    """A torn edge on each side of ``window`` beyond which the board goes on: a zigzag line
    as long as the board (``ground``, else ``content``) reaches along that side, and a cover
    in the page's colour over what lies past it."""
    depth, pitch = TEAR_DEPTH / scale, TEAR_PITCH / scale
    far = max(content.width, content.height, page.width, page.height) + 4.0
    out: list[Annotation] = []
    x0, y0, x1, y1 = window.x0, window.y0, window.x1, window.y1
    # A torn edge runs only as far as the board does: where the window reaches past the board
    # (a board narrower than the window) the edge stops at the board's side.
    reach = ground if ground is not None else content
    ex0, ey0, ex1, ey1 = max(x0, reach.x0), max(y0, reach.y0), min(x1, reach.x1), min(y1, reach.y1)
    sides = (
        ("right", content.x1 > x1 + _CUT, (x1, ey0), (x1, ey1), (-1.0, 0.0)),
        ("left", content.x0 < x0 - _CUT, (x0, ey1), (x0, ey0), (1.0, 0.0)),
        ("top", content.y1 > y1 + _CUT, (ex1, y1), (ex0, y1), (0.0, -1.0)),
        ("bottom", content.y0 < y0 - _CUT, (ex0, y0), (ex1, y0), (0.0, 1.0)),
    )
    for _, is_cut, start, end, inward in sides:
        if not is_cut:
            continue
        length = math.hypot(end[0] - start[0], end[1] - start[1])
        teeth = max(2, round(length / pitch))
        edge = []
        for k in range(teeth * 2 + 1):
            t = k / (teeth * 2)
            d = depth if k % 2 else 0.0
            edge.append((start[0] + (end[0] - start[0]) * t + inward[0] * d,
                         start[1] + (end[1] - start[1]) * t + inward[1] * d))
        out_x, out_y = -inward[0] * far, -inward[1] * far
        # Past the corners too, straight on along the cut before turning outwards: two cut sides
        # overlap beyond their corner rather than meeting on a diagonal, where the board would
        # show through the seam as a faint line.
        along = ((end[0] - start[0]) / length, (end[1] - start[1]) / length)
        cover = (tuple(edge) + ((end[0] + along[0] * far, end[1] + along[1] * far),
                                (end[0] + along[0] * far + out_x, end[1] + along[1] * far + out_y),
                                (start[0] - along[0] * far + out_x, start[1] - along[1] * far + out_y),
                                (start[0] - along[0] * far, start[1] - along[1] * far)))
        out.append(Tear(cover, tuple(edge)))
    return out


def _with_labels(page: Bounds, labels: list[Label]) -> Bounds:
    """``page`` grown to hold every label (a label is never cut off)."""
    from .labels import label_box

    for label in labels:
        x0, y0, x1, y1 = label_box(label)
        page = Bounds(min(page.x0, x0), min(page.y0, y0), max(page.x1, x1), max(page.y1, y1))
    return page


def drawn_pieces(scene: Scene, *, theme: Theme = DEFAULT) -> list[ScenePiece]:
    """Every piece ``scene`` draws, where it lies at true size, panels included (the stacks,
    dice and trays beside the board), in drawing order: what a position holds on the table."""
    if not scene.panels:
        return list(scene.pieces)
    laid = lay_out(replace(scene, focus=None, frame=None, caption=""), theme=theme, scale=1.0, coordinates=False)
    return list(laid.scene.pieces) + [a.piece for a in laid.scene.annotations if isinstance(a, PieceMark)]


def as_laid_out(scene: Scene | LaidOut, *, theme: Theme = DEFAULT, scale: float | None = None,
                box: tuple[float, float] | None = None, framing: str = "whole", coordinates: bool = True) -> LaidOut:
    """``scene`` laid out (see :func:`lay_out`), or as it is if it already is."""
    if isinstance(scene, LaidOut):
        return scene
    return lay_out(scene, theme=theme, scale=scale, box=box, framing=framing, coordinates=coordinates)


__all__ = ["FRAMINGS", "LaidOut", "PAGE_BLOCK", "as_laid_out", "drawn_pieces", "fit_scale", "is_laid_out", "lay_out"]
