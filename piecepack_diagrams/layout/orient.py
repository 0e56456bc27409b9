"""Orientation: a scene seen from another side of the table.

:func:`turned` turns everything on the board (pieces, marks, the board's coordinates, the
region a figure is about) by a quarter turn or more, about the table's origin; a layout
then frames the turned board as it frames any. Words (labels, coordinates, the text on a
mark) keep their places' turn but stay upright, so they read as before; panels beside the
board (stacks, dice, a key) are not on the table and are not turned.
"""

from __future__ import annotations

from typing import Callable

from ..scene import (Annotation, Arrow, Bounds, Coordinates, EdgeMark, Group, Highlight, Label, Marker, Outline,
                     PathLine, PieceMark, Rectangle, Scene, ScenePiece, Tear)
from ..values import replace

#: The turns a scene may be drawn at, in degrees counter-clockwise.
TURNS = (0, 90, 180, 270)

Point = tuple[float, float]


def _rotation(degrees: int) -> Callable[[Point], Point]:
    """The table point ``(x, y)`` turned ``degrees`` (a multiple of 90) counter-clockwise about
    the origin: exact, with no sine or cosine, so a turned drawing's numbers stay round."""
    if degrees == 90:
        return lambda p: (-p[1], p[0])
    if degrees == 180:
        return lambda p: (-p[0], -p[1])
    if degrees == 270:
        return lambda p: (p[1], -p[0])
    return lambda p: p


def turned(scene: Scene, degrees: int) -> Scene:
    """``scene`` turned ``degrees`` (one of :data:`TURNS`) counter-clockwise: 180 is the board
    seen from the opposite side (python-chess's ``flipped``). The coordinates go with their
    rows and columns, so a turned board still prints the names of the files and ranks along
    its lower and left edges (after a quarter turn the ranks' names are along the lower one).

    Raises :class:`ValueError` for a turn that is not one of :data:`TURNS`.
    """
    if degrees not in TURNS:
        raise ValueError(f"a turn of {degrees!r} degrees; expected one of {TURNS}")
    if degrees == 0:
        return scene
    at = _rotation(degrees)
    return replace(scene, pieces=tuple(_piece(p, at, degrees) for p in scene.pieces),
                   annotations=tuple(_annotation(a, at, degrees) for a in scene.annotations),
                   frame=_bounds(scene.frame, at), focus=_bounds(scene.focus, at),
                   coordinates=_coordinates(scene.coordinates, at, degrees))


def _piece(p: ScenePiece, at: Callable[[Point], Point], degrees: int) -> ScenePiece:
    x, y = at((p.x, p.y))
    return replace(p, x=x, y=y, angle=(p.angle + degrees) % 360)


def _bounds(b: Bounds | None, at: Callable[[Point], Point]) -> Bounds | None:
    if b is None:
        return None
    (ax, ay), (bx, by) = at((b.x0, b.y0)), at((b.x1, b.y1))
    return Bounds(min(ax, bx), min(ay, by), max(ax, bx), max(ay, by))


def _coordinates(c: Coordinates | None, at: Callable[[Point], Point], degrees: int) -> Coordinates | None:
    """The names along x and along y after the turn: a quarter turn takes the columns' names
    (x positions) to y positions and the rows' to x positions."""
    if c is None:
        return None
    files = tuple((at((x, 0.0)), name) for x, name in c.files)
    ranks = tuple((at((0.0, y)), name) for y, name in c.ranks)
    if degrees in (90, 270):
        return Coordinates(files=tuple((p[0], name) for p, name in ranks),
                           ranks=tuple((p[1], name) for p, name in files))
    return Coordinates(files=tuple((p[0], name) for p, name in files), ranks=tuple((p[1], name) for p, name in ranks))


def _annotation(a: Annotation, at: Callable[[Point], Point], degrees: int) -> Annotation:
    """``a`` turned: its points moved, a rectangle's sides swapped by a quarter turn, words upright."""
    quarter = degrees in (90, 270)
    if isinstance(a, Group):
        return replace(a, items=tuple(_annotation(item, at, degrees) for item in a.items))
    if isinstance(a, Arrow):
        return replace(a, start=at(a.start), end=at(a.end), via=tuple(at(p) for p in a.via))
    if isinstance(a, EdgeMark):
        return replace(a, start=at(a.start), end=at(a.end))
    if isinstance(a, PathLine):
        return replace(a, points=tuple(at(p) for p in a.points))
    if isinstance(a, Outline):
        return replace(a, points=tuple(at(p) for p in a.points), glyph_at=at(a.glyph_at))
    if isinstance(a, PieceMark):
        return replace(a, piece=_piece(a.piece, at, degrees))
    if isinstance(a, Tear):
        return replace(a, cover=tuple(at(p) for p in a.cover), edge=tuple(at(p) for p in a.edge))
    x, y = at((a.x, a.y))
    if isinstance(a, (Highlight, Rectangle)) and quarter:
        return replace(a, x=x, y=y, width=a.height, height=a.width)
    if isinstance(a, (Highlight, Rectangle, Label, Marker)):
        return replace(a, x=x, y=y)
    raise AssertionError(a)  # every kind of annotation is named above


__all__ = ["TURNS", "turned"]
