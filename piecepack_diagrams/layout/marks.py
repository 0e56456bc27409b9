"""Marks a user adds to a drawing, named in the game's own notation: arrows between squares,
highlighted squares, words on squares.

A scene carries its board's :class:`~piecepack_diagrams.scene.Coordinates` (the names its
game gives the columns and rows), so a square's name (``b2``) is a column's name and a
row's; :func:`marked` finds each named square there and adds ordinary annotations in table
inches (an :class:`~piecepack_diagrams.scene.Arrow` from centre to centre, a
:class:`~piecepack_diagrams.scene.Highlight` as large as the square, a
:class:`~piecepack_diagrams.scene.Label` the layout sets beside what stands there).
Renderers see only those, and draw them as they draw a game's own.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from itertools import pairwise
from typing import Any

from ..arguments import check_arg
from ..errors import OptionError
from ..scene import Annotation, Arrow, Bounds, Coordinates, Highlight, Label, Scene
from ..values import replace, value

#: A user's label prints this large (points).
MARK_LABEL_SIZE = 9.0
#: The longest label (characters): a word or two beside a square, not a caption.
MARK_LABEL_LENGTH = 40


@value
class Square:
    """A square of the board: its ``name`` as the game writes it, its centre ``(x, y)`` and
    its size (inches on the table)."""

    name: str
    x: float
    y: float
    width: float
    height: float


@value
class Marks:
    """What a user asked to mark, by the squares' names: ``arrows`` (from, to), ``highlight``
    (squares to tint) and ``labels`` (square, text)."""

    arrows: tuple[tuple[str, str], ...] = ()
    highlight: tuple[str, ...] = ()
    labels: tuple[tuple[str, str], ...] = ()

    def is_empty(self) -> bool:
        """True when nothing is to be marked."""
        return not (self.arrows or self.highlight or self.labels)


def _pairs(value: Any, *, name: str, accepts: str) -> tuple[tuple[str, str], ...]:
    """``value`` (a list or tuple of pairs of strings, or for labels a mapping) as a tuple of pairs."""
    if isinstance(value, Mapping):
        value = list(value.items())
    check_arg(value, (list, tuple), name=name, accepts=accepts)
    out = []
    for item in value:
        check_arg(item, (list, tuple), name=f"each of {name}", accepts="a pair of strings")
        if len(item) != 2 or not all(isinstance(part, str) for part in item):
            raise TypeError(f"each of {name} must be a pair of strings, not {item!r}"[:200])
        out.append((item[0], item[1]))
    return tuple(out)


def parse_marks(*, arrows: Sequence[tuple[str, str]] = (), highlight: Sequence[str] = (),
                labels: Sequence[tuple[str, str]] | Mapping[str, str] = ()) -> Marks:
    """The marks asked for: ``arrows`` a list of (from, to) squares (``[("b2", "b5")]``),
    ``highlight`` a list of squares (``["c3"]``), ``labels`` a list of (square, text) pairs
    or a dict ``{"c3": "A"}``.

    Raises :class:`TypeError` for arguments of the wrong type, and
    :class:`~piecepack_diagrams.errors.OptionError` for an arrow from a square to itself or a
    label without text (or longer than :data:`MARK_LABEL_LENGTH`, or of more than one line).
    """
    pairs = _pairs(arrows, name="arrows", accepts="a list of (from, to) squares such as [('b2', 'b5')]")
    check_arg(highlight, (list, tuple), name="highlight", accepts="a list of squares such as ['c3']")
    for square in highlight:
        check_arg(square, str, name="each of highlight", accepts="a square's name (str) such as 'c3'")
    words = _pairs(labels, name="labels", accepts="a list of (square, text) pairs or a dict such as {'c3': 'A'}")
    for start, end in pairs:
        if _key(start) == _key(end):
            raise OptionError(f"an arrow from {start} to itself", token=f"{start}-{end}",
                              expected="an arrow between two different squares, such as b2-b5")
    for square, text in words:
        if not text.strip():
            raise OptionError(f"the label on {square} has no text", token=f"{square}=",
                              expected="a square and its text, such as c3=A")
        if "\n" in text or "\r" in text or len(text) > MARK_LABEL_LENGTH:
            raise OptionError(f"the label on {square} is not a short line of text", token=text,
                              expected=f"one line of at most {MARK_LABEL_LENGTH} characters")
    return Marks(pairs, tuple(highlight), words)


def _key(name: str) -> str:
    """A square's name as looked up: written either case (``B2`` is ``b2``), spaces round it aside."""
    return name.strip().lower()


def _pitch(positions: list[float]) -> float | None:
    """The distance between neighbouring rows or columns (the smallest), None for fewer than two."""
    ordered = sorted(set(positions))
    steps = [b - a for a, b in pairwise(ordered) if b - a > 1e-9]
    return min(steps) if steps else None


def board_squares(coordinates: Coordinates) -> dict[str, Square]:
    """Every square the coordinates name, by its name (the column's name, then the row's):
    as wide as the columns are apart and as tall as the rows (a board of one row: square)."""
    across = _pitch([x for x, _ in coordinates.files])
    up = _pitch([y for y, _ in coordinates.ranks])
    width = across if across is not None else up if up is not None else 1.0
    height = up if up is not None else width
    return {_key(f + r): Square(f + r, x, y, width, height) for x, f in coordinates.files for y, r in coordinates.ranks}


def _named(names: list[str]) -> str:
    """Names as a reader takes them in: all of a few, or the first and the last of many."""
    return ", ".join(names) if len(names) <= 4 else f"{names[0]} to {names[-1]}"


def square_of(name: str, coordinates: Coordinates | None) -> Square:
    """The square ``name`` (as the game writes it, e.g. ``b2``) of a board with these coordinates.

    Raises :class:`~piecepack_diagrams.errors.OptionError` naming the token and the squares
    there are, for a name the board does not have or a board without coordinates.
    """
    if coordinates is None or not coordinates.files or not coordinates.ranks:
        raise OptionError(f"no square '{name}' here: this drawing's board names no squares", token=name,
                          expected="a drawing of a board with coordinates (Coin Collectors, Landlocked, Labyrinth, "
                                   "a PPN record); Lab Rats names none")
    found = board_squares(coordinates).get(_key(name))
    if found is None:
        files = [f for _, f in sorted(coordinates.files)]
        ranks = [r for _, r in sorted(coordinates.ranks)]
        raise OptionError(f"the board has no square '{name}'", token=name,
                          expected=f"a column {_named(files)} and a row {_named(ranks)}, such as {files[0]}{ranks[0]}")
    return found


def marked(scene: Scene, marks: Marks) -> Scene:
    """``scene`` with ``marks`` drawn on it, by its board's coordinates: highlights (a tint under
    the pieces, a ring inside the square), then arrows from centre to centre, then labels,
    which the layout sets beside what stands on their squares. The region a figure is about
    (its ``focus``) grows to take in the marked squares. A scene without marks is returned as
    it is.

    Raises :class:`~piecepack_diagrams.errors.OptionError` for a square the board does not name.
    """
    if marks.is_empty():
        return scene
    c = scene.coordinates
    notes: list[Annotation] = []
    squares: list[Square] = []
    for name in marks.highlight:
        s = square_of(name, c)
        squares.append(s)
        notes.append(Highlight(s.x, s.y, s.width, s.height, role="mark"))
    for start, end in marks.arrows:
        a, b = square_of(start, c), square_of(end, c)
        squares += [a, b]
        notes.append(Arrow((a.x, a.y), (b.x, b.y), role="mark"))
    for name, text in marks.labels:
        s = square_of(name, c)
        squares.append(s)
        notes.append(Label(s.x, s.y, text.strip(), MARK_LABEL_SIZE, role="mark", place="near"))
    return replace(scene, annotations=scene.annotations + tuple(notes), focus=_covering(scene.focus, squares))


def _covering(focus: Bounds | None, squares: list[Square]) -> Bounds | None:
    """The region a figure is about grown to take in the marked squares: a figure cropped to
    it shows every mark asked for (no focus: the whole board is shown anyway)."""
    if focus is None:
        return None
    return Bounds(min([focus.x0] + [s.x - s.width / 2 for s in squares]),
                  min([focus.y0] + [s.y - s.height / 2 for s in squares]),
                  max([focus.x1] + [s.x + s.width / 2 for s in squares]),
                  max([focus.y1] + [s.y + s.height / 2 for s in squares]))


__all__ = ["MARK_LABEL_SIZE", "Marks", "Square", "board_squares", "marked", "parse_marks", "square_of"]
