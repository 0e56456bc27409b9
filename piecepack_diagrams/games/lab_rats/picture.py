"""Lab Rats positions as scenes: the maze grid side up, the rat and the exit pawns,
coins on their squares, the three stacks beside the maze, the last move.

Squares are an inch apart, so square ``(x, y)`` is drawn at ``(x, y)`` inches.
"""

from __future__ import annotations

from ...pieces import Piece
from ...scene import Arrow, EdgeMark, Label, Scene, ScenePiece
from .maze import Maze, Square, forward
from .rules import STACKS, LabRatsState

#: Pawn suits: the rat is the Crowns pawn, the exit is marked by the Suns and Moons pawns.
RAT_SUIT, EXIT_SUITS = 3, (1, 2)
#: How far apart the coins of a stack (and of a pile on a square) are drawn, to show their number.
_STACK_STEP = 0.05
_PILE_STEP = 0.08


def maze_pieces(maze: Maze) -> list[ScenePiece]:
    """The tiles grid side up, in placement order (suits and ranks dealt in order, as
    the piecepackr layouts do)."""
    out = []
    for k, tile in enumerate(maze.tiles):
        piece = Piece("tile", "back", k // 6 + 1, k % 6 + 1)
        out.append(ScenePiece(piece, *tile.centre, tile.angle))
    return out


def exit_pawns(maze: Maze) -> list[ScenePiece]:
    """The two pawns just beyond the last tile's leading edge."""
    last = maze.tiles[-1]
    dx, dy = forward(last.angle)
    return [ScenePiece(Piece("pawn", "face", suit, 1), x + dx, y + dy, last.angle)
            for suit, (x, y) in zip(EXIT_SUITS, last.leading_squares())]


def stack_positions(maze: Maze) -> list[tuple[float, float]]:
    """Where the three stacks stand: in a row below the maze's lowest square."""
    squares = maze.squares
    x0 = min(x for x, _ in squares)
    y0 = min(y for _, y in squares)
    return [(x0 + 0.5 + 1.25 * k, y0 - 2.0) for k in range(STACKS)]


def position_scene(state: LabRatsState, *, caption: str = "", show_stacks: bool = True) -> Scene:
    """A drawing of ``state``."""
    maze = state.maze
    pieces = maze_pieces(maze)
    annotations: list = []
    if state.building:
        annotations.append(EdgeMark(*maze.tiles[-1].edge()))
    else:
        pieces += exit_pawns(maze)
        piles: dict[Square, int] = {}
        for coin_down in state.down:
            n = piles.get(coin_down.square, 0)
            piles[coin_down.square] = n + 1
            x, y = coin_down.square
            pieces.append(ScenePiece(Piece("coin", "face", coin_down.coin.suit, coin_down.coin.rank),
                                     x + n * _PILE_STEP, y + n * _PILE_STEP))
        rx, ry = state.rat
        pieces.append(ScenePiece(Piece("pawn", "face", RAT_SUIT, 1), rx, ry + 0.1, 0.0))
        if show_stacks:
            for k, ((sx, sy), stack) in enumerate(zip(stack_positions(maze), state.stacks), start=1):
                # Only the top coin shows; up to three under it show the stack's depth (the label its count).
                shown = stack[-4:]
                for n, coin in enumerate(shown):
                    pieces.append(ScenePiece(Piece("coin", "face", coin.suit, coin.rank),
                                             sx + n * _STACK_STEP, sy + n * _STACK_STEP))
                annotations.append(Label(sx, sy - 0.7, f"{k}: {len(stack)}", 0.22))
        if state.last_move is not None:
            (x0, y0), (x1, y1) = state.last_move
            annotations.append(Arrow((x0, y0), (x1, y1)))
    return Scene(tuple(pieces), tuple(annotations), caption=caption)


__all__ = ["EXIT_SUITS", "RAT_SUIT", "exit_pawns", "maze_pieces", "position_scene", "stack_positions"]
