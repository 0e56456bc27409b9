"""The course's two reference strategies, Riemann and Euclid, exactly as the
fixtures pin them down (``../shared/corpus/labyrinth/README.md``, section 10).

For the target T: try T first, then the other cells (Riemann: row-major;
Euclid: by squared distance to T, then row, then column). For each candidate,
try the slides rows 0, 2, 4 .. (LEFT, then RIGHT), then columns 0, 2, 4 .. (UP,
then DOWN), each with rotations 0, 90, 180, 270, skipping the undo of the last
slide; the first in which the candidate is reachable from the avatar's new
place, and is not that place, is the choice. None: pass.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Iterator

from .board import Coordinate, flood, moved
from .connectors import rotate
from .state import PASS, Action, LabyrinthState, Move, is_undo

STRATEGIES = ("Riemann", "Euclid")
DEGREES = (0, 90, 180, 270)


@lru_cache(maxsize=4096)
def candidates(name: str, target: Coordinate, height: int, width: int) -> tuple[Coordinate, ...]:
    """The cells ``name`` tries, in order: ``target`` first, then the others."""
    cells = [(r, c) for r in range(height) for c in range(width)]
    if name == "Euclid":
        cells.sort(key=lambda rc: ((rc[0] - target[0]) ** 2 + (rc[1] - target[1]) ** 2, rc[0], rc[1]))
    return (target,) + tuple(cell for cell in cells if cell != target)


def lines(state: LabyrinthState) -> list[tuple[int, str]]:
    """Every legal slide (index, direction) in the strategies' order."""
    out = []
    for size, directions in ((state.board.height, ("LEFT", "RIGHT")), (state.board.width, ("UP", "DOWN"))):
        for index in range(0, size, 2):
            out += [(index, direction) for direction in directions if not is_undo(state.last, index, direction)]
    return out


def slides(state: LabyrinthState) -> list[tuple[int, str, int]]:
    """Every legal slide and rotation in the strategies' order."""
    return [(index, direction, degrees) for index, direction in lines(state) for degrees in DEGREES]


def legal_turns(state: LabyrinthState) -> Iterator[Move]:
    """Every legal move of the player to move, in the strategies' order of slides, then
    destinations in row-major order (passing, always legal, is not listed)."""
    for index, direction in lines(state):
        for degrees in DEGREES:
            after = state.slid(index, direction, degrees)
            here = after.players[state.turn].current
            for cell in after.board.reachable(here):
                if cell != here:
                    yield Move(index, direction, degrees, cell)


def choose(name: str, state: LabyrinthState, target: Coordinate) -> Action:
    """The strategy ``name``'s choice for the player whose turn it is, heading for ``target``."""
    board = state.board
    h, w = board.height, board.width
    here = state.players[state.turn].current
    turned = [rotate(state.spare.connector, degrees) for degrees in DEGREES]
    # Work out each slide once, on bits: the cells the avatar can move to (not its own).
    tried: list[tuple[int, str, int, int]] = []
    anywhere = 0
    for index, direction in lines(state):
        (north, east, south, west), spot = board.slid_base(index, direction)
        r, c = moved(here, index, direction, h, w)
        me = 1 << (r * w + c)
        flooded: dict[int, int] = {}  # symmetric tiles look the same after some turns: flood once
        for degrees, mask in zip(DEGREES, turned):
            reach = flooded.get(mask)
            if reach is None:
                sides = (north | (spot if mask & 1 else 0), east | (spot if mask & 2 else 0),
                         south | (spot if mask & 4 else 0), west | (spot if mask & 8 else 0))
                reach = flooded[mask] = flood(sides, h, w, (r, c)) & ~me
            tried.append((index, direction, degrees, reach))
            anywhere |= reach
    for cell in candidates(name, target, h, w):
        if not (0 <= cell[0] < h and 0 <= cell[1] < w):
            continue
        bit = 1 << (cell[0] * w + cell[1])
        if anywhere & bit:
            for index, direction, degrees, reach in tried:
                if reach & bit:
                    return Move(index, direction, degrees, cell)
    return PASS


__all__ = ["DEGREES", "STRATEGIES", "candidates", "choose", "legal_turns", "lines", "slides"]
