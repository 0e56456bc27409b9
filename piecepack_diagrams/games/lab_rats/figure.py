"""The rules' Diagram 1 ("Maze Building") redrawn as a rulebook figure.

Six panels, one per die face (null, ace, 2, 3, 4, 5): the previous tile white,
the tile the roll places grey, both divided into their four squares, with thick
lines on the previous tile's leading edge and on the new one. Null and 3 place
the tile the same way, as the rules point out.
"""

from __future__ import annotations

from ...scene import EdgeMark, Label, Rectangle, Scene
from .maze import DIE_FACES, FACE_NAMES, Tile

#: Inches per square in the figure (a tile is two squares across).
SQUARE = 0.32
_COLUMNS = 3


def maze_building_figure(*, square: float = SQUARE) -> Scene:
    """Diagram 1 as a scene: panels in two rows of three, each labelled with its die face."""
    annotations: list = []
    # A panel holds squares x -3..3 and y -1..3 of the previous tile's frame, and a label.
    panel_w, panel_h = 7 * square, 5.6 * square + 0.45
    previous = Tile(-1, -1, 0)  # centred on the panel's origin, leading edge away from the reader
    for k, face in enumerate(DIE_FACES):
        col, row = k % _COLUMNS, k // _COLUMNS
        ox, oy = col * panel_w, -row * panel_h

        def at(x: float, y: float) -> tuple[float, float]:
            return ox + x * square, oy + y * square

        placed = previous.placed(face)
        for tile, role in ((previous, "plain"), (placed, "shaded")):
            cx, cy = at(*tile.centre)
            annotations.append(Rectangle(cx, cy, 2 * square, 2 * square, role=role, grid=square))
        for tile in (previous, placed):
            start, end = tile.edge()
            annotations.append(EdgeMark(at(*start), at(*end), role="leading-edge"))
        caption = FACE_NAMES[face] if face not in (1, 4) else f"{FACE_NAMES[face]} (same as {FACE_NAMES[5 - face]})"
        annotations.append(Label(*at(previous.centre[0], previous.centre[1] - 1.9), caption, 0.16))
    return Scene((), tuple(annotations), caption="Diagram 1. Maze building. White: the last tile placed; grey: the tile\n"
                                                  "the die roll places. Thick lines: the leading edge before and after.")


__all__ = ["SQUARE", "maze_building_figure"]
