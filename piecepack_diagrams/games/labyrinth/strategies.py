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

from .board import Coordinate, flood, moved
from .connectors import rotate
from .state import PASS, Action, LabyrinthState, Move, is_undo

STRATEGIES = ("Riemann", "Euclid")


def candidates(name: str, target: Coordinate, height: int, width: int) -> list[Coordinate]:
    cells = [(r, c) for r in range(height) for c in range(width)]
    if name == "Euclid":
        cells.sort(key=lambda rc: ((rc[0] - target[0]) ** 2 + (rc[1] - target[1]) ** 2, rc[0], rc[1]))
    return [target] + [cell for cell in cells if cell != target]


def slides(state: LabyrinthState) -> list[tuple[int, str, int]]:
    """Every legal slide and rotation in the strategies' order."""
    out = []
    for size, directions in ((state.board.height, ("LEFT", "RIGHT")), (state.board.width, ("UP", "DOWN"))):
        for index in range(0, size, 2):
            for direction in directions:
                if not is_undo(state.last, index, direction):
                    out += [(index, direction, degrees) for degrees in (0, 90, 180, 270)]
    return out


def choose(name: str, state: LabyrinthState, target: Coordinate) -> Action:
    """The strategy ``name``'s choice for the player whose turn it is, heading for ``target``."""
    board = state.board
    h, w = board.height, board.width
    here = state.players[state.turn].current
    # Work out each slide once, on bits: what the avatar can reach, and where it stands.
    tried = []
    base: dict[tuple[int, str], tuple[tuple[int, int, int, int], int]] = {}
    reaches: dict[tuple[int, str, int], int] = {}
    for index, direction, degrees in slides(state):
        if (index, direction) not in base:
            base[index, direction] = board.slid_base(index, direction)
        masks, spot = base[index, direction]
        turned = rotate(state.spare.connector, degrees)
        me = moved(here, index, direction, h, w)
        key = (index, direction, turned)
        if key not in reaches:  # symmetric tiles look the same after some turns: flood once
            sides = tuple(m | (spot if turned & side else 0) for m, side in zip(masks, (1, 2, 4, 8)))
            reaches[key] = flood(sides, h, w, me)  # type: ignore[arg-type]
        tried.append((Move(index, direction, degrees, me), reaches[key], me))
    width = w
    # A cell no slide makes reachable (other than by standing on it) is skipped at once.
    anywhere = 0
    for _, reach, me in tried:
        anywhere |= reach & ~(1 << (me[0] * w + me[1]))
    for cell in candidates(name, target, board.height, width):
        if not (0 <= cell[0] < board.height and 0 <= cell[1] < width):
            continue
        bit = 1 << (cell[0] * width + cell[1])
        if not anywhere & bit:
            continue
        for move, reach, me in tried:
            if reach & bit and cell != me:
                return Move(move.index, move.direction, move.degrees, cell)
    return PASS


__all__ = ["STRATEGIES", "candidates", "choose", "slides"]
