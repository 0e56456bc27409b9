"""Marks as the oblique view shows them: most lie flat, but a board made of marks stands up.
A group of role ``"tile"`` (a maze tile: its wall square, passages and gems) is a slab with
its picture on top, and a marker of a :data:`TOKEN_HEIGHTS` role (a gem, a player's token)
a token standing on it, its mark on its top."""

from __future__ import annotations

import math
from typing import Sequence

from ..render.primitives import Stamp, annotation_stamp, highlighted_boards, is_tinted_group, tinted
from ..render.primitives import _tint_stamp as tint_stamp
from ..scene import Annotation, Group, Highlight, Label, Marker, Rectangle, ScenePiece
from ..theme import Theme
from ..values import replace, value
from .solids import ROUND_SIDES

Point = tuple[float, float]

#: How thick a tile drawn as marks stands (inches; a one-inch maze tile).
SLAB = 0.125
#: How tall a marker of each role stands as a token (inches).
TOKEN_HEIGHTS: dict[str, float] = {"gem": 0.06, "avatar": 0.2}
#: Outline corners of a token by its marker's shape, about its centre, for a size of 1.
_SQUARE = ((-0.5, -0.5), (0.5, -0.5), (0.5, 0.5), (-0.5, 0.5))
_DIAMOND = ((0.0, -0.5), (0.5, 0.0), (0.0, 0.5), (-0.5, 0.0))


#: The roles of the words that lie level with the boards' tops (they name the boards); other
#: words (a legend's) stay on the table beside the swatches and pieces they go with.
WORDS_BESIDE = ("coordinate", "panel-title")


@value
class MarkLook:
    """One mark as the oblique view draws it: its ``stamp`` (where it lies, flat), and for a
    mark that stands up, its ``outline`` on the table, how ``tall`` it is, the colour of its
    sides (``body``) and whether marks and tokens stand on it (``is_board``). A flat mark has
    no outline and no height: it lies on the board under its centre; words (``is_word``: a
    coordinate, a panel's title) beside the boards lie level with the highest board's top, so
    that what stands on the table next to them (a spare tile) does not cover them."""

    stamp: Stamp
    outline: tuple[Point, ...] = ()
    tall: float = 0.0
    body: str = ""
    is_board: bool = False
    is_word: bool = False

    @property
    def box(self) -> tuple[float, float, float, float]:
        """The extent of its outline, or of its stamp for a flat mark (table inches)."""
        if not self.outline:
            return self.stamp.box
        xs, ys = [x for x, _ in self.outline], [y for _, y in self.outline]
        return min(xs), min(ys), max(xs), max(ys)


def mark_looks(annotations: Sequence[Annotation], theme: Theme, scale: float, *,
               pieces: Sequence[ScenePiece] = ()) -> list[MarkLook]:
    """The marks of ``annotations`` (laid out flat at ``scale``) in drawing order: a
    highlight's tint as a see-through square under its ring, but for a highlight over the
    middle of a tile of ``pieces`` or of the marks (which is drawn in the tinted background
    under its printing, as the flat view draws it: see
    :func:`~piecepack_diagrams.render.primitives.highlighted_boards`); tiles as slabs
    followed by their tokens; the rest flat."""
    highlights = [a for a in annotations if type(a) is Highlight]
    painted = tinted(theme)
    out: list[MarkLook] = []
    for a in annotations:
        if isinstance(a, Highlight) and not (highlighted_boards(pieces, [a]) or any(
                is_tinted_group(g, [a]) for g in annotations)):
            out.append(MarkLook(tint_stamp(a, theme, opacity=theme.highlight_opacity)))
        if isinstance(a, Group) and a.role == "tile":
            look = painted if is_tinted_group(a, highlights) else theme
            wall = next((i for i in a.items if isinstance(i, Rectangle)), None)
            if wall is not None:
                tokens = [i for i in a.items if isinstance(i, Marker) and _is_token(i)]
                top = Group(tuple(i for i in a.items if not _is_token(i)), a.role)
                x0, y0, x1, y1 = (wall.x - wall.width / 2, wall.y - wall.height / 2, wall.x + wall.width / 2,
                                  wall.y + wall.height / 2)
                out.append(MarkLook(annotation_stamp(top, look, scale), ((x0, y0), (x1, y0), (x1, y1), (x0, y1)),
                                    SLAB, theme.maze_wall, True))
                out.extend(_token(t, theme, scale) for t in tokens)
                continue
        if isinstance(a, Marker) and _is_token(a):
            out.append(_token(a, theme, scale))
            continue
        out.append(MarkLook(annotation_stamp(a, theme, scale), is_word=isinstance(a, Label) and a.role in WORDS_BESIDE))
    return out


def _is_token(a: Annotation) -> bool:
    return isinstance(a, Marker) and a.role in TOKEN_HEIGHTS and a.shape != "ring"


def _token(m: Marker, theme: Theme, scale: float) -> MarkLook:
    """A marker as a token its shape's outline, its mark (without the rim a flat mark has to
    stand out on a dark ground: the token's sides do that) on top."""
    r = m.size / 2
    if m.shape == "disc":
        corners: Sequence[Point] = tuple((r * math.cos(2 * math.pi * (k + 0.5) / ROUND_SIDES),
                                          r * math.sin(2 * math.pi * (k + 0.5) / ROUND_SIDES))
                                         for k in range(ROUND_SIDES))
    else:
        corners = tuple((x * m.size, y * m.size) for x, y in (_DIAMOND if m.shape == "diamond" else _SQUARE))
    outline = tuple((m.x + x, m.y + y) for x, y in corners)
    return MarkLook(annotation_stamp(replace(m, rim=False), theme, scale), outline, TOKEN_HEIGHTS[m.role], m.colour)


__all__ = ["SLAB", "TOKEN_HEIGHTS", "WORDS_BESIDE", "MarkLook", "mark_looks"]
