"""Landlocked positions as scenes: face-up and grid-side-up tiles, the marker
coins in their corners by pass count, the pawn, the last leg's path, and the
current target highlighted."""

from __future__ import annotations

from dataclasses import replace

from ...pieces import Piece
from ...scene import Highlight, Label, PathLine, Scene, ScenePiece
from .board import HOME, MARK_SPOTS, RANK_WORDS
from .queries import reachable_cells
from .rules import LandlockedState

#: Where a marker coin sits on its tile, from the tile's centre (inches).
_SPOTS = {"lower right": (0.5, -0.5), "upper right": (0.5, 0.5), "upper left": (-0.5, 0.5), "centre": (0.0, 0.0),
          "lower left": (-0.5, -0.5)}


def cell_centre(cell: int) -> tuple[float, float]:
    return 1.5 + 2 * (cell % 5), 9.5 - 2 * (cell // 5)


def position_scene(state: LandlockedState, *, caption: str = "", show_legal: bool = False) -> Scene:
    """A drawing of ``state``; with ``show_legal`` every space the leg can reach is highlighted."""
    deal = state.deal
    pieces, annotations = [], []
    for cell, tile in enumerate(deal.tiles):
        if tile is None:
            continue
        x, y = cell_centre(cell)
        pieces.append(ScenePiece(Piece("tile", "face" if deal.is_face_up(cell) else "back", *tile), x, y))
        spots = MARK_SPOTS[state.options.difficulty]
        for k in range(min(state.marks[cell], len(spots))):
            dx, dy = _SPOTS[spots[k]]
            pieces.append(ScenePiece(Piece("coin", "back", tile[0], 1), x + dx, y + dy))
    if show_legal:
        annotations += [Highlight(*cell_centre(c), 2.0, 2.0) for c in reachable_cells(state)]
    target = state.target
    if target is not None and state.outcome == "playing":
        annotations.append(Highlight(*cell_centre(target), 2.0, 2.0, role="target"))
    if len(state.last_path) > 1:
        annotations.append(PathLine(tuple(cell_centre(c) for c in state.last_path)))
    px, py = cell_centre(state.position)
    # Lower left: marker coins take the other corners and the centre (the lower left only when easy).
    pieces.append(ScenePiece(Piece("pawn", "face", deal.outbound, 1), px - 0.5, py - 0.4))
    out_name = ("Suns", "Moons", "Crowns", "Arms")[deal.outbound - 1]
    in_name = ("Suns", "Moons", "Crowns", "Arms")[deal.inbound - 1]
    hx, hy = cell_centre(HOME)
    annotations.append(Label(hx + 0.25, hy + 0.2, f"out: {out_name}", 0.2))
    annotations.append(Label(hx + 0.25, hy - 0.1, f"in: {in_name}", 0.2))
    if target is not None and state.outcome == "playing":
        tile = deal.tiles[target]
        name = "home" if tile is None else f"{RANK_WORDS[tile[1] - 1]}"
        annotations.append(Label(hx + 0.25, hy + 0.6, f"leg {state.leg + 1}: {name}", 0.2))
    return Scene(tuple(pieces), tuple(annotations), caption=caption)




def route_scene(state: LandlockedState, paths: tuple[tuple[int, ...], ...]) -> Scene:
    """The deal with a whole route: each leg's path drawn a little apart from the others
    (so legs along the same spaces stay readable) and numbered at its target."""
    start = position_scene(replace(state, outcome="won"))
    pieces = [p for p in start.pieces if p.piece.kind != "coin"]
    annotations = [a for a in start.annotations if isinstance(a, Label) and not a.text.startswith("leg")]
    here = state.position
    for k, path in enumerate(paths):
        shift = (k - 6) * 0.07
        cells = (here,) + tuple(path)
        annotations.append(PathLine(tuple((x + shift, y + shift) for x, y in map(cell_centre, cells))))
        tx, ty = cell_centre(path[-1])
        annotations.append(Label(tx + 0.55, ty - 0.7, str(k + 1), 0.3))
        here = path[-1]
    return Scene(tuple(pieces), tuple(annotations))


__all__ = ["cell_centre", "position_scene", "route_scene"]
