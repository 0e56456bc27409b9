"""The rules' Diagram 1 ("Maze Building") redrawn as a rulebook figure.

Five panels, one per placement: null and 3 place the tile the same way, so they share one
panel, labelled "null or 3" as the rules say. In each, the previous tile is white, the tile
the roll places grey, both divided into their four squares, with thick lines on the
previous tile's leading edge and on the new one. The top row holds the placements that
turn or go straight on (ace, null or 3, 5), the bottom row those that shift the new tile
sideways (2, 4). The player sits at the bottom edge: forward, where every previous tile's
leading edge faces, is up.

The squares are drawn an inch apart, as on the table (a tile two inches across), so a
drawing scales it to its column and plain text shows each square four characters wide.
"""

from __future__ import annotations

from ...scene import Annotation, Bounds, EdgeMark, Label, Rectangle, Scene
from .maze import ACE, FIVE, FOUR, NULL, THREE, TWO, Tile

#: Inches per square in the figure (a tile is two squares across, as on the table).
SQUARE = 1.0
#: The panels, row by row: the die faces each shows and its label.
ROWS: tuple[tuple[tuple[tuple[int, ...], str], ...], ...] = (
    (((ACE,), "ace"), ((NULL, THREE), "null or 3"), ((FIVE,), "5")),
    (((TWO,), "2"), ((FOUR,), "4")),
)
#: Squares between panels, and between a panel and its label.
_GAP = 1.5
#: Printed sizes (points) of the panels' labels and of the note on where the player sits.
LABEL_SIZE = 8.0
CAPTION = ("Diagram 1. Maze building\n"
           "A die roll places the next tile (grey) against the last one placed (white). Thick lines: "
           "the leading edge before and after. Null and 3 place it the same way; ace and 5 turn the "
           "leading edge left and right.")


def _panel(face: int, square: float) -> tuple[list[Annotation], Bounds]:
    """One placement drawn about the previous tile's centre, and how far it reaches."""
    previous = Tile(-1, -1, 0)  # leading edge away from the player
    placed = previous.placed(face)
    out: list[Annotation] = []
    xs: list[float] = []
    ys: list[float] = []
    for tile, role in ((previous, "plain"), (placed, "shaded")):
        cx, cy = tile.centre
        out.append(Rectangle(cx * square, cy * square, 2 * square, 2 * square, role=role, grid=square))
        xs += [(cx - 1) * square, (cx + 1) * square]
        ys += [(cy - 1) * square, (cy + 1) * square]
    for tile in (previous, placed):
        start, end = tile.edge()
        out.append(EdgeMark((start[0] * square, start[1] * square), (end[0] * square, end[1] * square),
                            role="leading-edge"))
    return out, Bounds(min(xs), min(ys), max(xs), max(ys))


def maze_building_figure(*, square: float = SQUARE) -> Scene:
    """Diagram 1 as a scene: five panels in two rows, each labelled under it with its die
    results, and under them all a note that the player sits on that side."""
    from ...scene import shifted

    annotations: list[Annotation] = []
    drawn = [[_panel(faces[0], square) for faces, _ in row] for row in ROWS]
    widths = [sum(b.width for _, b in row) + _GAP * square * (len(row) - 1) for row in drawn]
    widest = max(widths)
    top = 0.0
    for row, panels, width in zip(ROWS, drawn, widths):
        height = max(b.height for _, b in panels)
        x = (widest - width) / 2
        for (_, label), (marks, b) in zip(row, panels):
            dx, dy = x - b.x0, top - height - b.y0
            annotations += [shifted(a, dx, dy) for a in marks]
            annotations.append(Label(x + b.width / 2, top - height - 0.5 * square, label, LABEL_SIZE,
                                     role="panel-label"))
            x += b.width + _GAP * square
        top -= height + _GAP * square
    annotations.append(Label(widest / 2, top - 0.1 * square, "The player sits on this side: forward is up.",
                             LABEL_SIZE, role="player"))
    return Scene((), tuple(annotations), caption=CAPTION)


__all__ = ["CAPTION", "ROWS", "SQUARE", "maze_building_figure"]
