"""Lab Rats positions as scenes: the maze grid side up, the rat and the exit pawns,
coins on their squares, the three stacks beside the maze, the last move.

Squares are an inch apart, so square ``(x, y)`` is drawn at ``(x, y)`` inches.
"""

from __future__ import annotations

from ...pieces import Piece
from ...scene import Arrow, EdgeMark, Highlight, Label, PathLine, Scene, ScenePiece
from .maze import Maze, Square, forward
from .rules import STACKS, LabRatsState, Move, apply_action, legal_actions

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
    return [ScenePiece(Piece("pawn", "face", suit, 1), x + dx, y + dy, 0.0)
            for suit, (x, y) in zip(EXIT_SUITS, last.leading_squares())]


def stack_positions(maze: Maze) -> list[tuple[float, float]]:
    """Where the three stacks stand: in a row below the maze's lowest square."""
    squares = maze.squares
    x0 = min(x for x, _ in squares)
    y0 = min(y for _, y in squares)
    return [(x0 + 0.5 + 1.25 * k, y0 - 2.0) for k in range(STACKS)]


def position_scene(state: LabRatsState, *, caption: str = "", show_stacks: bool = True,
                   show_legal: bool = False) -> Scene:
    """A drawing of ``state``; with ``show_legal`` the squares the rat can move to are highlighted."""
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
        if show_legal:
            annotations += [Highlight(x, y, 1.0, 1.0) for x, y in legal_squares(state)]
    return Scene(tuple(pieces), tuple(annotations), caption=caption)


def legal_squares(state: LabRatsState) -> list[Square]:
    """The maze squares some legal move takes the rat to."""
    out = set()
    for action in legal_actions(state):
        if isinstance(action, Move):
            after = apply_action(state, action)
            if after.outcome == "playing":
                out.add(after.rat)
    return sorted(out)




def stacks_scene(state: LabRatsState) -> Scene:
    """The three stacks laid out face up in rows, top coin first (open information)."""
    pieces, labels = [], []
    for k, stack in enumerate(state.stacks, start=1):
        y = -(k - 1) * 1.0
        labels.append(Label(-0.2, y, f"{k}", 0.3))
        for n, coin in enumerate(reversed(stack)):
            pieces.append(ScenePiece(Piece("coin", "face", coin.suit, coin.rank), 0.8 + n * 0.85, y))
    labels.append(Label(0.8 + 3.5 * 0.85, 0.75, "the three stacks, top coin first", 0.22))
    return Scene(tuple(pieces), tuple(labels))


def puzzle_scene(state: LabRatsState, *, with_stacks: bool = False) -> Scene:
    """A Lab Rats deal as a puzzle: the maze, the rat on its start, the exit pawns (and,
    with ``with_stacks``, every coin of the stacks in rows below the maze)."""
    pieces = maze_pieces(state.maze) + exit_pawns(state.maze)
    rx, ry = state.rat
    pieces.append(ScenePiece(Piece("pawn", "face", RAT_SUIT, 1), rx, ry + 0.1, 0.0))
    if not with_stacks:
        return Scene(tuple(pieces))
    stacks = stacks_scene(state)
    squares = state.maze.squares
    dx, dy = min(x for x, _ in squares), min(y for _, y in squares) - 2.0
    moved = [ScenePiece(p.piece, p.x + dx, p.y + dy, p.angle) for p in stacks.pieces]
    labels = [Label(a.x + dx, a.y + dy, a.text, a.size) for a in stacks.annotations if isinstance(a, Label)]
    return Scene(tuple(pieces + moved), tuple(labels))


def solution_scene(state: LabRatsState, stops: list[tuple[float, float]], notes: list[tuple[float, float, str]]) -> Scene:
    """The maze with the rat's route: a line through ``stops`` (inches) and small ``notes``
    (step numbers) where the rat stopped."""
    pieces = maze_pieces(state.maze) + exit_pawns(state.maze)
    rx, ry = state.rat
    pieces.append(ScenePiece(Piece("pawn", "face", RAT_SUIT, 1), rx, ry + 0.1, 0.0))
    annotations: list = []
    if len(stops) > 1:
        annotations.append(PathLine(tuple(stops)))
        annotations.append(Arrow(stops[-2], stops[-1]))
    annotations += [Label(x, y, text, 0.5) for x, y, text in notes]
    return Scene(tuple(pieces), tuple(annotations))


__all__ = ["EXIT_SUITS", "RAT_SUIT", "exit_pawns", "maze_pieces", "position_scene", "puzzle_scene",
           "solution_scene", "stack_positions", "stacks_scene"]
