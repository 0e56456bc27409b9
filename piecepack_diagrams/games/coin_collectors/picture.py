"""Coin Collectors positions as scenes, laid out as the piecepackr project does:
tiles at cell centres, each coin half an inch right of and below its tile's
centre, the pawns in the hole, the dice in a column beside the board, and the
collected coins in a tray to the right of the dice."""

from __future__ import annotations

from ...pieces import Piece
from ...scene import Arrow, Highlight, Label, PathLine, Scene, ScenePiece
from .board import CELLS, HOLE, cell_centre
from .rules import REMOVED, CoinCollectorsState, legal_moves

#: Where each suit's pawn stands in the hole (Suns upper left, then clockwise).
HOLE_SPOTS = ((5.0, 6.0), (6.0, 6.0), (6.0, 5.0), (5.0, 5.0))
DICE_X = 12.0
TRAY_X, TRAY_Y = 13.5, 9.5


def die_spot(suit: int) -> tuple[float, float]:
    return DICE_X, 11.0 - 2 * suit


def pawn_spot(state: CoinCollectorsState, suit: int) -> tuple[float, float]:
    """Where the pawn of ``suit`` is drawn: its place in the hole, on its tile, or beside the dice if out."""
    cell = state.pawns[suit - 1]
    if cell == HOLE:
        return HOLE_SPOTS[suit - 1]
    if cell == REMOVED:
        return DICE_X + 0.0, 1.0 - 1.0 * suit
    # Where the coin was, so the tile's rank stays readable.
    x, y = cell_centre(cell)
    return x + 0.5, y - 0.45


def position_scene(state: CoinCollectorsState, *, caption: str = "", show_legal: bool = False) -> Scene:
    """A drawing of ``state``; with ``show_legal`` the cells a pawn may enter are highlighted."""
    deal = state.deal
    pieces = []
    for cell in range(CELLS):
        tile = deal.tiles[cell]
        if tile is not None:
            x, y = cell_centre(cell)
            pieces.append(ScenePiece(Piece("tile", "face", tile[0], tile[1]), x, y))
    for cell in range(CELLS):
        if state.present >> cell & 1:
            x, y = cell_centre(cell)
            coin = deal.coins[cell]
            pieces.append(ScenePiece(Piece("coin", "face", coin[0], coin[1]), x + 0.5, y - 0.5))
    for suit in range(1, 5):
        pieces.append(ScenePiece(Piece("die", "face", suit, state.dice[suit - 1]), *die_spot(suit)))
    for suit in range(1, 5):
        pieces.append(ScenePiece(Piece("pawn", "face", suit, 1), *pawn_spot(state, suit)))
    annotations: list = []
    for k, coin in enumerate(state.collected):
        pieces.append(ScenePiece(Piece("coin", "face", coin[0], coin[1]),
                                 TRAY_X + (k % 4) * 0.85, TRAY_Y - (k // 4) * 0.85))
    if state.collected:
        annotations.append(Label(TRAY_X + 1.275, TRAY_Y + 0.75, f"collected: {state.score}", 0.22))
    if show_legal:
        for target in sorted({m.target for m in legal_moves(state)}):
            x, y = cell_centre(target)
            annotations.append(Highlight(x, y, 2.0, 2.0))
    if state.last_move is not None:
        start, end = state.last_move
        suit = next(s for s in range(1, 5) if state.pawns[s - 1] == end)
        x0, y0 = HOLE_SPOTS[suit - 1] if start == HOLE else (cell_centre(start)[0] + 0.5, cell_centre(start)[1] - 0.45)
        annotations.append(Arrow((x0, y0), pawn_spot(state, suit)))
    return Scene(tuple(pieces), tuple(annotations), caption=caption)




def rolls_scene(rolls: tuple[tuple[int, int, int, int], ...], *, per_row: int = 8) -> Scene:
    """Every turn's roll as a small block of the four dice (Suns, Moons / Crowns, Arms),
    numbered, eight turns a row."""
    pieces, labels = [], []
    for turn, dice in enumerate(rolls):
        bx, by = (turn % per_row) * 1.6, -(turn // per_row) * 1.7
        labels.append(Label(bx + 0.3, by + 0.75, f"{turn + 1}", 0.22))
        for k, (dx, dy) in enumerate(((0.0, 0.3), (0.6, 0.3), (0.6, -0.3), (0.0, -0.3))):
            pieces.append(ScenePiece(Piece("die", "face", k + 1, dice[k]), bx + dx, by + dy))
    return Scene(tuple(pieces), tuple(labels))


def plan_scene(state: CoinCollectorsState, plan: tuple[tuple[int, int], ...]) -> Scene:
    """The board with each tile numbered by the turn its coin is collected, and each
    pawn's route drawn from the hole."""
    base = position_scene(state)
    pieces = [p for p in base.pieces if p.piece.kind in ("tile", "pawn")]
    annotations: list = []
    routes: dict[int, list[tuple[float, float]]] = {s: [HOLE_SPOTS[s - 1]] for s in range(1, 5)}
    for turn, (suit, cell) in enumerate(plan, start=1):
        x, y = cell_centre(cell)
        routes[suit].append((x, y))
        annotations.append(Label(x + 0.55, y - 0.55, str(turn), 0.42))
    for suit in range(1, 5):
        if len(routes[suit]) > 1:
            annotations.append(PathLine(tuple(routes[suit])))
    return Scene(tuple(pieces), tuple(annotations))


__all__ = ["DICE_X", "HOLE_SPOTS", "die_spot", "pawn_spot", "plan_scene", "position_scene", "rolls_scene"]
