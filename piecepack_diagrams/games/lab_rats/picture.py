"""Lab Rats positions as scenes: the maze grid side up, the rat and the exit pawns, coins on
their squares, the three stacks beside the maze, the last move.

Squares are an inch apart, so square ``(x, y)`` is centred at ``(x, y)`` inches. Every piece
on a square lies within it: the coins left there a little up and to the right of its middle
(a pile stepping down and to the left, the top one exactly on its spot), the rat left of the
middle standing on the pile's left part, drawn over it, its number clear. A move's arrow runs
up or down the rat's side of the squares, or across them at the height of its waist (over
the coins' rims, not through their numbers), and stops short of the rat. The exit pawns stand
just beyond the two ends of the last tile's leading edge, off the maze, so the way out runs
between them; a rat that escaped is drawn beyond them. The rat, the exit and a coin just
discarded are named beside them; the three stacks are panels beside the board.

A position is about its last action: its ``focus`` is the squares that action involved and
a square round them (a long move: its last :data:`SHOWN_ALONG` squares), so figures and
plates show that and not the whole maze.
"""

from __future__ import annotations

import math
from typing import Iterable, Sequence

from ...pieces import Piece
from ...scene import (Annotation, Arrow, Bounds, EdgeMark, Highlight, Label, Panel, PathLine, Scene,
                      ScenePiece, stacked)
from .maze import Maze, Square, forward, right
from .rules import Action, Coin, Discard, LabRatsState, Move, Return, apply_action, legal_actions
from ...values import replace

#: Pawn suits: the rat is the Crowns pawn, the exit is marked by the Suns and Moons pawns.
RAT_SUIT, EXIT_SUITS = 3, (1, 2)
#: Half the width of a square as drawn (inches): a square on a tile's edge ends at the tile's
#: drawn edge, a little inside the grid's pitch (tiles are drawn 1.94 inches across).
SQUARE_HALF = 0.47
#: The most coins drawn of a pile or a stack: the top one and three under it, for depth (a
#: deeper one would reach the next square, or crowd the stacks); the rest count as under them.
SHOWN_DEEP = 4
#: Where the rat stands and where coins lie on a square, from its centre (inches). A pile
#: steps down and to the left from its top coin, so the top coin sits up and to the right just
#: enough for the deepest pile drawn to stay on its square; the rat stands on the pile's left
#: part (drawn over it: the coins are under the rat), its head clear of the top coin's number
#: (its base reaches into the tile's edge line, not past it).
RAT_SPOT = (-0.225, -0.03)
COIN_SPOT = (SQUARE_HALF - 0.375, SQUARE_HALF - 0.375)
#: Squares of context round what a position is about, and the most squares of a long move
#: the focus follows back from where the rat arrived.
CONTEXT = 1.5
SHOWN_ALONG = 5
#: The least width or height (inches) a focus is cut down to beside a narrow run of maze.
LEAST_SPAN = 4.5
#: Label sizes, points.
LABEL_SIZE = 7.5
#: Colours of the legs of an answer key's route, in turn: Okabe-Ito, apart from the pawns'.
ROUTE_COLOURS = ("#0072B2", "#E69F00", "#CC79A7")
#: Half the width and height of a pawn's footprint (inches), and the air an arrow leaves
#: before a pawn.
_PAWN_HALF = (0.25, 0.44)
_ARROW_AIR = 0.06


def _at(square: tuple[float, float], spot: tuple[float, float]) -> tuple[float, float]:
    return square[0] + spot[0], square[1] + spot[1]


def maze_pieces(maze: Maze) -> list[ScenePiece]:
    """The tiles grid side up, in placement order (suits and ranks dealt in order, as
    the piecepackr layouts do)."""
    out = []
    for k, tile in enumerate(maze.tiles):
        piece = Piece("tile", "back", k // 6 + 1, k % 6 + 1)
        out.append(ScenePiece(piece, *tile.centre, tile.angle))
    return out


def exit_spots(maze: Maze) -> tuple[tuple[float, float], tuple[float, float]]:
    """Where the exit pawns stand: just beyond the two ends of the last tile's leading edge
    and a little outside them, so the rat's way out runs between the two."""
    last = maze.tiles[-1]
    fx, fy = forward(last.angle)
    rx, ry = right(last.angle)
    # Clear of the edge's ends by a little more than half a pawn, so no way along the edge's
    # squares (an arrow, an answer key's route) runs over one.
    along = abs(rx) * _PAWN_HALF[0] + abs(ry) * _PAWN_HALF[1] + 0.05
    out = abs(fx) * _PAWN_HALF[0] + abs(fy) * _PAWN_HALF[1] + _ARROW_AIR
    (x0, y0), (x1, y1) = last.edge()
    return ((x0 - rx * along + fx * out, y0 - ry * along + fy * out),
            (x1 + rx * along + fx * out, y1 + ry * along + fy * out))


def exit_pawns(maze: Maze) -> list[ScenePiece]:
    """The two exit pawns (see :func:`exit_spots`)."""
    return [ScenePiece(Piece("pawn", "face", suit, 1), x, y) for suit, (x, y) in zip(EXIT_SUITS, exit_spots(maze))]


def rat_spot(state: LabRatsState) -> tuple[float, float]:
    """Where the rat is drawn: on its square's rat spot; once escaped, beyond the exit pawns."""
    spot = _at(state.rat, RAT_SPOT)
    if state.outcome != "won":
        return spot
    fx, fy = forward(state.exit_heading)
    return spot[0] + fx * 0.9, spot[1] + fy * 0.9


def rat_piece(x: float, y: float) -> ScenePiece:
    """The rat (the Crowns pawn) standing at ``(x, y)``."""
    return ScenePiece(Piece("pawn", "face", RAT_SUIT, 1), x, y)


def _coin(coin: Coin) -> Piece:
    return Piece("coin", "face", coin.suit, coin.rank)


def piles(state: LabRatsState) -> list[ScenePiece]:
    """The coins left on the maze, a pile a square, the top coin on the square's coin spot."""
    by_square: dict[Square, list[Piece]] = {}
    for down in state.down:
        by_square.setdefault(down.square, []).append(_coin(down.coin))
    out: list[ScenePiece] = []
    for square, coins in by_square.items():
        out += stacked(coins, *_at(square, COIN_SPOT), shown=SHOWN_DEEP)
    return out


#: How far a horizontal move's way runs above the rat's spot: at the height of its waist,
#: over the lower rims of the coins on the squares it crosses, under their numbers.
LANE_LIFT = -0.2
#: How far a pawn reaches from its spot: left and right at its head, below, above.
_PAWN_REACH = {"side": 0.19, "below": 0.44, "above": 0.41}


def move_way(start: tuple[float, float], end: tuple[float, float]) -> tuple[tuple[float, float], ...]:
    """The way the rat went from the spot ``start`` to the spot ``end``: a vertical stretch
    along the rat's axis, a horizontal one at the height of its head (one turn at most); the
    last point is where an arrow's head stops, short of the pawn standing at ``end``."""
    (x0, y0), (x1, y1) = start, end
    if abs(y1 - y0) < 1e-9:
        y0 = y1 = y0 + LANE_LIFT
        dx = (x1 > x0) - (x1 < x0)
        return (x0, y0), (x1 - dx * (_PAWN_REACH["side"] + _ARROW_AIR), y1)
    lifted = abs(x1 - x0) > 1e-9
    dy = (y1 > y0) - (y1 < y0)
    stop = y1 - dy * (_PAWN_REACH["below" if dy > 0 else "above"] + _ARROW_AIR)
    if lifted:  # along the row first, then down or up the column
        return (x0, y0 + LANE_LIFT), (x1, y0 + LANE_LIFT), (x1, stop)
    return (x0, y0), (x1, stop)


def move_arrow(start: tuple[float, float], end: tuple[float, float], *, role: str = "move") -> Arrow:
    """An arrow along :func:`move_way` from the rat spot ``start`` to the rat at ``end``,
    starting on the coin the rat left there: a way along the row starts under that coin's
    number (its lane crosses the coin's lower part), one up or down the column on the coin's
    left part, where the rat stood."""
    way = move_way(start, end)
    first = way[0]
    if abs(way[1][1] - first[1]) < 1e-9:
        first = (first[0] + COIN_SPOT[0] - RAT_SPOT[0], first[1])
    return Arrow(first, way[-1], role=role, via=way[1:-1])


#: The ring round a coin just returned to its stack (inches).
RING_RADIUS = 0.47


def ring(x: float, y: float, radius: float) -> PathLine:
    """A ring round ``(x, y)``, drawn as a mark (in the annotation colour, at the printed width
    of a route)."""
    points = tuple((x + radius * math.cos(2 * math.pi * k / 36), y + radius * math.sin(2 * math.pi * k / 36))
                   for k in range(37))
    return PathLine(points, role="ring")


def stack_panels(state: LabRatsState) -> tuple[Panel, ...]:
    """The three stacks beside the board, titled by number: each its top coin face up, up to
    three under it, and beside it how many coins it holds; a coin just returned to a stack
    is ringed."""
    returned = state.last_action.stack if isinstance(state.last_action, Return) else None
    panels = []
    for k, stack in enumerate(state.stacks, start=1):
        count = f"{len(stack)} coin{'s' if len(stack) != 1 else ''}" if stack else "empty"
        pieces: tuple[ScenePiece, ...] = tuple(stacked([_coin(c) for c in stack], 0.0, 0.0, shown=SHOWN_DEEP))
        notes: list[Annotation] = []
        if not stack:
            notes.append(replace(ring(0.0, 0.0, 0.375), colour="#BEBEBE", role="empty-stack"))
        elif k == returned:
            notes.append(ring(0.0, 0.0, RING_RADIUS))
        notes.append(Label(RING_RADIUS + 0.12, -0.08, count, LABEL_SIZE, anchor="start", role="stack-count"))
        panels.append(Panel(pieces, tuple(notes), title=f"Stack {k}"))
    return tuple(panels)


def focus_of(squares: Iterable[tuple[float, float]], *, context: float = CONTEXT) -> Bounds:
    """The region about ``squares`` (centres, inches): the squares and ``context`` round them."""
    xs, ys = zip(*squares)
    reach = 0.5 + context
    return Bounds(min(xs) - reach, min(ys) - reach, max(xs) + reach, max(ys) + reach)


def _shown_start(start: tuple[float, float], end: tuple[float, float]) -> tuple[float, float]:
    """Where the focus of a move from ``start`` to ``end`` begins: at most
    :data:`SHOWN_ALONG` squares back from ``end``."""
    dx, dy = end[0] - start[0], end[1] - start[1]
    length = abs(dx) + abs(dy)
    if length <= SHOWN_ALONG:
        return start
    return end[0] - dx * SHOWN_ALONG // length, end[1] - dy * SHOWN_ALONG // length


def _involved(state: LabRatsState) -> list[tuple[float, float]]:
    """The squares (centres) the position is about: where the rat is and came from, the exit
    and the escaped rat once it is out, the last tile while the maze is being built."""
    if state.building:
        return [(float(x), float(y)) for x, y in state.maze.tiles[-1].squares]
    squares: list[tuple[float, float]] = [state.rat]
    if state.last_move is not None:
        start, end = state.last_move
        squares.append(_shown_start(start, end))
    if state.outcome == "won":
        rx, ry = rat_spot(state)
        squares += [(rx, ry), *exit_spots(state.maze)]
        squares.remove(state.rat)
    return [(float(x), float(y)) for x, y in squares]


def _on_maze(focus: Bounds, maze: Maze, involved: Sequence[tuple[float, float]]) -> Bounds:
    """``focus`` cut down to the maze squares in it and the ``involved`` points (with the air
    round a piece): no band of bare table beside the maze."""
    shown = [(float(x), float(y)) for x, y in maze.squares
             if focus.x0 - 0.5 < x < focus.x1 + 0.5 and focus.y0 - 0.5 < y < focus.y1 + 0.5]
    xs = [x for x, _ in [*shown, *involved]]
    ys = [y for _, y in [*shown, *involved]]
    reach = 0.6
    x0, x1 = _kept(focus.x0, focus.x1, min(xs) - reach, max(xs) + reach)
    y0, y1 = _kept(focus.y0, focus.y1, min(ys) - reach, max(ys) + reach)
    return Bounds(x0, y0, x1, y1)


def _kept(low: float, high: float, first: float, last: float) -> tuple[float, float]:
    """The span ``first``..``last`` cut to ``low``..``high``, but at least :data:`LEAST_SPAN`
    wide where the focus is (room for the names of things beside a narrow run of maze)."""
    first, last = max(low, first), min(high, last)
    short = LEAST_SPAN - (last - first)
    if short > 0:
        first, last = max(low, first - short / 2), min(high, last + short / 2)
    return first, last


def position_scene(state: LabRatsState, *, caption: str = "", show_legal: bool = False) -> Scene:
    """A drawing of ``state`` with the stacks beside it, about its last action (its focus); with
    ``show_legal`` the squares the rat can move to are highlighted."""
    maze = state.maze
    pieces = maze_pieces(maze)
    annotations: list[Annotation] = []
    involved = _involved(state)
    focus = _on_maze(focus_of(involved), maze, involved)
    if state.building:
        annotations.append(EdgeMark(*maze.tiles[-1].edge()))
        return Scene(tuple(pieces), tuple(annotations), caption=caption, focus=focus, panels=stack_panels(state))
    if show_legal:
        annotations += [Highlight(x, y, 1.0, 1.0) for x, y in legal_squares(state)]
    pieces += exit_pawns(maze) + piles(state)
    rat = rat_spot(state)
    pieces.append(rat_piece(*rat))
    if state.last_move is not None:
        start, _ = state.last_move
        annotations.append(move_arrow(_at(start, RAT_SPOT), rat))
    # The coin just discarded is seen under the rat and named by the caption: a label of its
    # own for the same square lands on a square beside it, where it seems to name that one.
    annotations += _names(rat, maze)
    return Scene(tuple(pieces), tuple(annotations), caption=caption, focus=focus, panels=stack_panels(state))


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
    """The three stacks laid out face up in rows, top coin first (open information): a row
    a stack, numbered on its left, under a line saying what the rows are."""
    pieces, labels = [], []
    for k, stack in enumerate(state.stacks, start=1):
        y = -(k - 1) * 0.95
        labels.append(Label(-0.35, y, f"{k}", 9.0, role="stack-number"))
        for n, coin in enumerate(reversed(stack)):
            pieces.append(ScenePiece(_coin(coin), 0.45 + n * 0.85, y))
    labels.append(Label(0.075, 0.72, "The stacks, top coin first (on the left)", 9.0, anchor="start",
                        role="stack-title"))
    return Scene(tuple(pieces), tuple(labels))


def _names(rat: tuple[float, float], maze: Maze) -> list[Annotation]:
    """The rat's name beside it and the exit's between its pawns (a layout leaves out the
    name of a thing its window leaves out)."""
    (x0, y0), (x1, y1) = exit_spots(maze)
    return [Label(*rat, "rat", LABEL_SIZE, place="near", role="name"),
            Label((x0 + x1) / 2, (y0 + y1) / 2, "exit", LABEL_SIZE, place="near", role="name")]


def _start_scene(state: LabRatsState) -> tuple[list[ScenePiece], list[Annotation]]:
    """The maze, the exit pawns and the rat on its start, named."""
    rat = rat_spot(state)
    pieces = maze_pieces(state.maze) + exit_pawns(state.maze) + [rat_piece(*rat)]
    return pieces, _names(rat, state.maze)


def puzzle_scene(state: LabRatsState) -> Scene:
    """A Lab Rats deal as a puzzle: the maze, the rat on its start and the exit pawns, named
    (the stacks are :func:`stacks_scene`)."""
    pieces, labels = _start_scene(state)
    return Scene(tuple(pieces), tuple(labels))


def solution_scene(state: LabRatsState, actions: Sequence[Action]) -> Scene:
    """The maze with the rat's way out: each move a leg along the squares it crossed, the legs
    in turn in :data:`ROUTE_COLOURS` and shifted a little across their way (so a leg run
    back over another shows beside it), each numbered by its step beside it; discards are
    numbered where the rat stood ("5x"; a run of them at one square as one label)."""
    pieces, labels = _start_scene(state)
    legs: list[Annotation] = []
    notes: list[Annotation] = []
    discards: list[int] = []
    here = state
    previous: tuple[float, float] | None = None

    def note_discards() -> None:
        if discards:
            text = " ".join(f"{k}x" for k in discards)
            notes.append(Label(*_at(here.rat, RAT_SPOT), text, LABEL_SIZE, place="near", role="step"))
            discards.clear()

    for step, action in enumerate(actions, start=1):
        after = apply_action(here, action)
        if isinstance(action, Discard):
            discards.append(step)
        elif isinstance(action, Move):
            note_discards()
            start, end = _at(here.rat, RAT_SPOT), rat_spot(after)
            shift = ((step % 3) - 1) * 0.12
            dx, dy = (end[0] > start[0]) - (end[0] < start[0]), (end[1] > start[1]) - (end[1] < start[1])
            sx, sy = -dy * shift, dx * shift
            a, b = (start[0] + sx, start[1] + sy), (end[0] + sx, end[1] + sy)
            if previous is None:
                # Out of the pawn at the start: from its edge on the leg's side.
                reach = _PAWN_REACH["side"] if dx else _PAWN_REACH["above" if dy > 0 else "below"]
                a = (a[0] + dx * (reach + _ARROW_AIR), a[1] + dy * (reach + _ARROW_AIR))
            points = (a, b) if previous is None else (previous, a, b)
            legs.append(PathLine(points, colour=ROUTE_COLOURS[(step - 1) % len(ROUTE_COLOURS)], role="route"))
            notes.append(Label((a[0] + b[0]) / 2, (a[1] + b[1]) / 2, str(step), LABEL_SIZE, place="near",
                               role="step"))
            previous = b
        here = after
    note_discards()
    return Scene(tuple(pieces), tuple(legs + labels + notes))


__all__ = ["COIN_SPOT", "EXIT_SUITS", "RAT_SPOT", "RAT_SUIT", "ROUTE_COLOURS", "exit_pawns", "exit_spots", "focus_of",
           "maze_pieces", "move_arrow", "piles", "position_scene", "puzzle_scene", "rat_spot", "solution_scene",
           "stack_panels", "stacks_scene"]
