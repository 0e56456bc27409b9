"""Seeded starting positions: a board of random tiles with a unique pair of gems each,
players' homes and goals on tiles that never move (odd row and odd column)."""

from __future__ import annotations

from itertools import combinations

from ...errors import SetupError
from ...rng import SeededRandom
from .board import Board, Tile
from .connectors import CONNECTORS
from .jsonio import gem_names
from .state import LabyrinthState, Player

#: The course's colour names, in the order players get them.
COLOURS = ("red", "blue", "green", "yellow", "purple", "orange", "pink", "white", "black")
#: The largest board dealt (each side).
MAX_SIDE = 15


def fixed_cells(height: int, width: int) -> list[tuple[int, int]]:
    """The tiles no slide moves: odd rows and odd columns."""
    return [(r, c) for r in range(1, height, 2) for c in range(1, width, 2)]


def deal(seed: int, *, height: int = 7, width: int = 7, players: int = 4, goals: int = 0) -> LabyrinthState:
    """A random position: every tile's connector drawn uniformly from the eleven, gem pairs
    all different, ``players`` avatars at their homes, each home and first goal a distinct
    fixed tile where possible, and ``goals`` further goals in the queue.

    Raises :class:`SetupError` for a size or player count the game cannot hold.
    """
    if not (2 <= height <= MAX_SIDE and 2 <= width <= MAX_SIDE):
        raise SetupError(f"a {height}x{width} board is not dealt", token=f"{height}x{width}",
                         expected=f"2 to {MAX_SIDE} rows and columns")
    cells = fixed_cells(height, width)
    if not 1 <= players <= min(len(COLOURS), len(cells)):
        raise SetupError(f"{players} players do not fit a {height}x{width} board",
                         expected=f"1 to {min(len(COLOURS), len(cells))} players")
    if not 0 <= goals <= 100:
        raise SetupError(f"{goals} further goals", expected="0 to 100")
    rng = SeededRandom(seed)
    symbols = list(CONNECTORS)
    pairs = rng.shuffled(list(combinations(sorted(gem_names()), 2)))
    tiles = [Tile(CONNECTORS[symbols[rng.below(len(symbols))]], pairs[k]) for k in range(height * width + 1)]
    board = Board(tuple(tuple(tiles[r * width:(r + 1) * width]) for r in range(height)))
    homes = rng.shuffled(cells)[:players]
    placed = []
    for k, home in enumerate(homes):
        others = [c for c in cells if c != home] or cells
        placed.append(Player(COLOURS[k], home, home, rng.choice(others)))
    queue = tuple(rng.choice(cells) for _ in range(goals))
    return LabyrinthState(board, tiles[-1], tuple(placed), None, queue)


__all__ = ["COLOURS", "MAX_SIDE", "deal", "fixed_cells"]
