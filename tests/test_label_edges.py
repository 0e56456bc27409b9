"""Labels the layout places keep off tiles' edges and the grid on their backs when a spot
clear of them is free (a label across a tile's edge reads as naming two squares)."""

from __future__ import annotations

from piecepack_diagrams.layout.labels import label_box, place_labels, segment_hits_box, tile_lines
from piecepack_diagrams.pieces import Piece
from piecepack_diagrams.scene import Bounds, Label, ScenePiece
from piecepack_diagrams.theme import Theme


def _crossed(label: Label, tiles: list[ScenePiece], theme: Theme) -> int:
    box = label_box(label)
    return sum(segment_hits_box(edge, box) for tile in tiles for edge in tile_lines(tile))


def test_a_label_by_a_coin_at_a_tiles_edge_stays_on_the_tile():
    theme = Theme()
    tiles = [ScenePiece(Piece("tile", "face", 1, 4), 1.0, 1.0), ScenePiece(Piece("tile", "face", 2, 4), 3.0, 1.0)]
    # A coin in the first tile's lower right corner: right of it is the border with the second tile.
    coin = ScenePiece(Piece("coin", "face", 2, 3), 1.55, 0.45)
    label = Label(1.55, 0.45, "coin", 9.0, place="near")
    (placed,), _ = place_labels([label], [*tiles, coin], [], Bounds(-1.0, -1.0, 5.0, 3.0), 1.0, theme)
    assert _crossed(placed, tiles, theme) == 0
    # (The spot first tried, right of the coin, would cross it.)
    right = Label(1.55 + 0.375 + 0.03 + 0.2, 0.45, "coin", 9.0)
    assert _crossed(right, tiles, theme) > 0


def test_a_label_on_a_tiles_back_keeps_off_its_grid_lines():
    theme = Theme()
    back = ScenePiece(Piece("tile", "back", 0, 0), 1.0, 1.0)
    pawn = ScenePiece(Piece("pawn", "face", 1, 1), 0.5, 1.5)
    (placed,), _ = place_labels([Label(0.5, 1.5, "rat", 9.0, place="near")], [back, pawn], [],
                                Bounds(-1.0, -1.0, 3.0, 3.0), 1.0, theme)
    assert _crossed(placed, [back], theme) == 0
