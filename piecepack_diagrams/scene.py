"""The seam between games and drawing: placed pieces and annotations, in inches.

A :class:`Scene` says *what* to draw (pieces in stacking order, arrows,
highlighted cells, path lines, labels, a caption) in table coordinates:
inches, x to the right, y up, angles in degrees counter-clockwise. Renderers
decide *how*. Neither games nor renderers import each other; both import this.
"""

from __future__ import annotations

import math
from typing import Sequence

from .pieces import Piece, piece_size
from .reprs import brief_repr
from .values import field, replace, value


@value
class ScenePiece:
    """A piece drawn at centre ``(x, y)`` inches, turned ``angle`` degrees counter-clockwise;
    ``under``: how many pieces of its stack lie under it undrawn (a deep stack drawn only its
    top few, see :func:`stacked`), which text counts."""

    piece: Piece
    x: float
    y: float
    angle: float = 0.0
    under: int = 0

    def corners(self) -> tuple[tuple[float, float], ...]:
        """The four corners of the piece's footprint, in inches."""
        size = piece_size(self.piece)
        w, h = size.width / 2, size.height / 2
        if not self.angle:
            return ((self.x - w, self.y - h), (self.x + w, self.y - h), (self.x + w, self.y + h),
                    (self.x - w, self.y + h))
        c, s = math.cos(math.radians(self.angle)), math.sin(math.radians(self.angle))
        return tuple((self.x + dx * c - dy * s, self.y + dx * s + dy * c)
                     for dx, dy in ((-w, -h), (w, -h), (w, h), (-w, h)))

    def __repr__(self) -> str:
        return f"ScenePiece(piece={self.piece!r}, x={self.x!r}, y={self.y!r}, angle={self.angle!r})"


@value
class Arrow:
    """An arrow from ``start`` to ``end`` (inches) through the points ``via`` (the corners
    of the path a piece took, so an orthogonal move is drawn orthogonally), e.g. the last
    move. Role ``"illegal"`` draws it dashed with an X where it ends (a step the rules
    forbid), so it cannot be mistaken for a legal move beside it. ``colour`` (``#RRGGBB``),
    when given, replaces the theme's annotation colour (a player's walk in its colour)."""

    start: tuple[float, float]
    end: tuple[float, float]
    role: str = "move"
    via: tuple[tuple[float, float], ...] = ()
    colour: str = ""

    @property
    def points(self) -> tuple[tuple[float, float], ...]:
        """The path: start, the corners, end."""
        return (self.start, *self.via, self.end)


@value
class Highlight:
    """A highlighted rectangle centred at ``(x, y)``: a legal target, a cell to notice."""

    x: float
    y: float
    width: float
    height: float
    role: str = "highlight"


@value
class PathLine:
    """A polyline through ``points`` (inches), e.g. a route; in ``colour`` (``#RRGGBB``)
    when given, else the theme's annotation colour; solid, or with ``dash`` dashed in that
    pattern (dash, gap, dash, gap ... in printed inches: routes told apart without colour)."""

    points: tuple[tuple[float, float], ...]
    role: str = "path"
    colour: str = ""
    dash: tuple[float, ...] = ()

    __repr__ = brief_repr


#: Points per inch: label sizes are printed sizes, in points.
POINTS_PER_INCH = 72.0


@value
class Label:
    """Text about the point ``(x, y)`` (inches on the table), printed ``size`` points tall
    whatever the scale the drawing is printed at.

    ``place`` says who decides where it sits: ``"at"`` centres it on ``(x, y)`` (with
    ``anchor`` ``"start"`` the text starts there instead); ``"near"`` lets the layout put it
    on a free spot around ``(x, y)`` (the thing it names), clear of pieces' glyphs, routes
    and other labels, with a leader line back to ``(x, y)`` when it had to go further out.
    ``scale`` is the print scale the layout resolved it for (paper inches per table inch;
    1 until laid out)."""

    x: float
    y: float
    text: str
    size: float = 8.0
    role: str = "label"
    anchor: str = "middle"
    place: str = "at"
    scale: float = 1.0

    @property
    def inches(self) -> float:
        """The text's size in table inches at its print scale."""
        return self.size / POINTS_PER_INCH / self.scale


@value
class Rectangle:
    """A plain rectangle centred at ``(x, y)``, for rulebook figures: ``role`` ``"plain"``
    (paper white) or ``"shaded"`` (grey), with ``grid`` lines splitting it into squares
    ``grid`` inches apart (0 for none)."""

    x: float
    y: float
    width: float
    height: float
    role: str = "plain"
    grid: float = 0.0


@value
class EdgeMark:
    """A thick line along an edge from ``start`` to ``end`` (inches), e.g. a leading edge."""

    start: tuple[float, float]
    end: tuple[float, float]
    role: str = "edge"


@value
class Outline:
    """A filled shape through ``points`` (inches), coloured by the theme for its ``role``
    (``"passage"``: the open paths of a maze tile); ``glyph`` stands for it in plain text,
    at ``glyph_at``."""

    points: tuple[tuple[float, float], ...]
    role: str = "passage"
    glyph: str = ""
    glyph_at: tuple[float, float] = (0.0, 0.0)

    __repr__ = brief_repr


@value
class Marker:
    """A small mark ``size`` inches across centred at ``(x, y)``: ``shape`` ``"disc"``,
    ``"square"``, ``"diamond"`` or ``"ring"``, filled (a ring: drawn) in ``colour``
    (``#RRGGBB``), with a short ``text`` on it (e.g. a legend number). A ``legible`` mark's
    text is a help, not its meaning: a layout leaves it out where it would print too small
    to read (the mark stays). A ``rim`` mark is ringed in the page's colour outside its
    edge, so that a dark mark reads on a dark ground (a gem on a maze tile's wall)."""

    x: float
    y: float
    size: float
    colour: str
    shape: str = "disc"
    text: str = ""
    role: str = "marker"
    legible: bool = False
    rim: bool = False

    @property
    def text_size(self) -> float:
        """How tall its text is drawn, inches: a share of the mark's size (less for two characters or more)."""
        return self.size * (0.62 if len(self.text) < 2 else 0.5)


MARKER_SHAPES = ("disc", "square", "diamond", "ring")


@value
class Group:
    """Annotations that make one thing (a maze tile: its wall, passages and gems; a key),
    drawn in order as one unit, which renderers may reuse whole."""

    items: tuple[Annotation, ...]
    role: str = "group"

    __repr__ = brief_repr


@value
class PieceMark:
    """A piece drawn among the annotations, where the drawing order needs it there: a piece
    of a panel (a stack beside the board, a die, the spare tile) laid out beside a cropped
    board, which must be drawn after the board's torn edges."""

    piece: ScenePiece
    role: str = "panel"


@value
class Tear:
    """Where a cropped board goes on: ``cover`` (a polygon in the page's colour hiding what
    lies beyond the cut) and ``edge``, the torn line drawn along the cut."""

    cover: tuple[tuple[float, float], ...]
    edge: tuple[tuple[float, float], ...]
    role: str = "tear"


Annotation = Arrow | Highlight | PathLine | Label | Rectangle | EdgeMark | Outline | Marker | Group | PieceMark | Tear
#: An annotation that is not a group: what :func:`flattened` gives.
Mark = Arrow | Highlight | PathLine | Label | Rectangle | EdgeMark | Outline | Marker | PieceMark | Tear


@value
class KeyEntry:
    """One entry of a key: what something means, in ``text`` (lines split on ``\\n``), beside a
    small picture of it (``pieces`` and ``annotations`` in their own coordinates; none for
    words alone). The layout sets the words at a printed size, whatever the scale."""

    text: str
    pieces: tuple[ScenePiece, ...] = ()
    annotations: tuple[Annotation, ...] = ()


@value
class Panel:
    """Things shown beside the board rather than on it (the stacks of Lab Rats, the dice and
    collected coins of Coin Collectors, a key), in their own coordinates: the layout puts
    the panel next to the board, however the board is framed, at the board's scale.
    ``title`` is printed above it; ``entries`` (a key, line by line) under its pieces;
    ``side`` is where it goes: ``"right"``, ``"below"``, or ``"auto"``, wherever the
    drawing comes out largest in the space it is given."""

    pieces: tuple[ScenePiece, ...] = ()
    annotations: tuple[Annotation, ...] = ()
    title: str = ""
    side: str = "auto"
    entries: tuple[KeyEntry, ...] = ()

    __repr__ = brief_repr


#: Roles of details a plain-text drawing leaves out, having a few characters an inch: a maze
#: tile's wall square (its passages show as a connector glyph), gem marks and their key.
PICTURE_ONLY_ROLES = frozenset({"wall", "gem", "legend-gem"})


def is_key(annotation: Annotation) -> bool:
    """True for a key (a legend: role ``"legend"`` or ``"legend-..."``), which a set of
    plates shows once rather than beside every position."""
    return annotation.role.startswith("legend")


def is_picture_only(annotation: Annotation) -> bool:
    """True for details that plain text leaves out (see :data:`PICTURE_ONLY_ROLES`)."""
    return annotation.role in PICTURE_ONLY_ROLES


#: Piece families that stack on one another (tiles are the board the others stand on, and a
#: heap of marbles or a board under its bits is no stack).
_STACKING = ("coin", "die", "pawn", "saucer", "pyramid", "matchstick", "card")
#: The text size of a stack's count, in points (the layout audit's smallest label).
_COUNT_SIZE = 7.0


def stack_counts(pieces: tuple[ScenePiece, ...]) -> tuple[Label, ...]:
    """A ``×N`` label beside each place where ``N`` >= 2 pieces lie on one another (the same
    centre): a drawing shows only the top one, so the count says what is under it."""
    places: dict[tuple[float, float], int] = {}
    for p in pieces:
        if p.piece.kind in _STACKING and p.piece.cfg != "marbles":
            key = (round(p.x, 6), round(p.y, 6))
            places[key] = places.get(key, 0) + 1
    return tuple(Label(x, y, f"×{n}", _COUNT_SIZE, role="stack-count", place="near")
                 for (x, y), n in places.items() if n >= 2)



def flattened(annotations: Sequence[Annotation]) -> list[Mark]:
    """The annotations with every group replaced by its items, in drawing order."""
    out: list[Mark] = []
    for a in annotations:
        if isinstance(a, Group):
            out += flattened(a.items)
        else:
            out.append(a)
    return out


@value
class Bounds:
    """A rectangle in inches: lower-left ``(x0, y0)``, upper-right ``(x1, y1)``."""

    x0: float
    y0: float
    x1: float
    y1: float

    @property
    def width(self) -> float:
        return self.x1 - self.x0

    @property
    def height(self) -> float:
        return self.y1 - self.y0

    def expanded(self, margin: float) -> Bounds:
        return Bounds(self.x0 - margin, self.y0 - margin, self.x1 + margin, self.y1 + margin)


@value
class Coordinates:
    """A board's coordinates in the game's own notation: ``files`` are the x positions
    (inches) of the columns and their names (``(1.5, "a")``), ``ranks`` the y positions of
    the rows and theirs (``(9.5, "5")``). The layout prints them along the lower and left
    edges of whatever part of the board a drawing shows."""

    files: tuple[tuple[float, str], ...] = ()
    ranks: tuple[tuple[float, str], ...] = ()

    __repr__ = brief_repr


@value
class Scene:
    """Everything one drawing shows. ``pieces`` are in stacking order (later on top);
    annotations are drawn above the pieces (highlights under them); ``caption`` is set
    under the drawing.

    ``focus`` is the region a figure is about (the squares a move involves and their
    context): a layout asked to crop shows that region, with torn edges where the board
    goes on. ``panels`` are shown beside the board, ``coordinates`` along its edges.
    ``frame``, once set (by a layout, or to keep plates at one scale), is exactly the area
    drawn."""

    pieces: tuple[ScenePiece, ...] = ()
    annotations: tuple[Annotation, ...] = ()
    caption: str = ""
    title: str = ""
    frame: Bounds | None = field(default=None)
    focus: Bounds | None = None
    panels: tuple[Panel, ...] = ()
    coordinates: Coordinates | None = None

    __repr__ = brief_repr

    def _repr_svg_(self) -> str:
        # IPython shows a value by its picture when it has one.
        from .render import render

        return render(self, "svg").decode("utf-8")

    def bounds(self, *, margin: float = 0.25) -> Bounds:
        """The area to draw: ``frame`` if set, else everything's extent plus ``margin``."""
        if self.frame is not None:
            return self.frame
        xs: list[float] = []
        ys: list[float] = []
        for p in self.pieces:
            for x, y in p.corners():
                xs.append(x)
                ys.append(y)
        for a in flattened(self.annotations):
            if isinstance(a, Arrow):
                pts: tuple[tuple[float, float], ...] = a.points
            elif isinstance(a, (PathLine, Outline)):
                pts = a.points
            elif isinstance(a, Marker):
                pts = ((a.x - a.size / 2, a.y - a.size / 2), (a.x + a.size / 2, a.y + a.size / 2))
            elif isinstance(a, (Highlight, Rectangle)):
                pts = ((a.x - a.width / 2, a.y - a.height / 2), (a.x + a.width / 2, a.y + a.height / 2))
            elif isinstance(a, EdgeMark):
                pts = (a.start, a.end)
            elif isinstance(a, PieceMark):
                pts = a.piece.corners()
            elif isinstance(a, Tear):
                pts = a.edge
            else:
                size = a.inches
                half = size * max(1, len(a.text)) * 0.3
                left = a.x if a.anchor == "start" else a.x - half
                pts = ((left, a.y - size), (left + 2 * half, a.y + size))
            for x, y in pts:
                xs.append(x)
                ys.append(y)
        if not xs:
            return Bounds(0.0, 0.0, 2.0, 2.0)
        return Bounds(min(xs), min(ys), max(xs), max(ys)).expanded(margin)


#: How far each piece of a stack is drawn from the one above it (inches, towards the lower
#: left), so the top piece sits exactly on its square and the stack's depth shows.
STACK_STEP = 0.06


def stacked(pieces: list[Piece] | tuple[Piece, ...], x: float, y: float, *, step: float = STACK_STEP,
            angle: float = 0.0, shown: int | None = None) -> list[ScenePiece]:
    """``pieces`` (bottom first) as a stack at ``(x, y)``: the top one exactly there, each one
    below it ``step`` further down and to the left. Every stack is drawn the same way. With
    ``shown``, only the top ``shown`` are drawn (a deep stack would reach the next square),
    the lowest of them counting the rest as ``under`` it."""
    drawn = list(pieces) if shown is None else list(pieces)[-shown:] if shown > 0 else []
    n, hidden = len(drawn), len(pieces) - len(drawn)
    return [ScenePiece(piece, x - (n - 1 - k) * step, y - (n - 1 - k) * step, angle, hidden if k == 0 else 0)
            for k, piece in enumerate(drawn)]


def shifted(a: Annotation, dx: float, dy: float) -> Annotation:
    """``a`` moved by ``(dx, dy)`` inches (a group: all its items)."""
    def pt(p: tuple[float, float]) -> tuple[float, float]:
        return p[0] + dx, p[1] + dy

    if isinstance(a, Group):
        return Group(tuple(shifted(item, dx, dy) for item in a.items), a.role)
    if isinstance(a, Arrow):
        return replace(a, start=pt(a.start), end=pt(a.end), via=tuple(pt(p) for p in a.via))
    if isinstance(a, EdgeMark):
        return replace(a, start=pt(a.start), end=pt(a.end))
    if isinstance(a, Outline):
        return replace(a, points=tuple(pt(p) for p in a.points), glyph_at=pt(a.glyph_at))
    if isinstance(a, PathLine):
        return replace(a, points=tuple(pt(p) for p in a.points))
    if isinstance(a, PieceMark):
        return replace(a, piece=replace(a.piece, x=a.piece.x + dx, y=a.piece.y + dy))
    if isinstance(a, Tear):
        return replace(a, cover=tuple(pt(p) for p in a.cover), edge=tuple(pt(p) for p in a.edge))
    return replace(a, x=a.x + dx, y=a.y + dy)
