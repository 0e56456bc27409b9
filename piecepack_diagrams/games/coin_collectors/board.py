"""The Coin Collectors board: a 5x5 square of tiles with a hole in the middle, a
coin on each tile, as bit masks so that rules and simulations are fast.

Cells are numbered row by row from the top left, 0..24; cell 12 is the hole.
Cell ``k`` lies at column ``k % 5``, row ``k // 5``, and its centre at
``(1.5 + 2 * column, 9.5 - 2 * row)`` inches (the piecepackr layout). Suits
and ranks are 1-based (1 Suns .. 4 Arms; 1 null .. 6 five).
"""

from __future__ import annotations

from typing import Iterator

from ...values import field, value

from ...reprs import brief_repr

HOLE = 12
CELLS = 25
#: The four steps a pawn may take: name -> (column, row) change.
STEPS = {"N": (0, -1), "E": (1, 0), "S": (0, 1), "W": (-1, 0)}
DIRECTION_NAMES = {"N": "up", "E": "right", "S": "down", "W": "left"}

Card = tuple[int, int]  # (suit, rank) of a tile or coin


def cell_centre(cell: int) -> tuple[float, float]:
    """The centre of ``cell`` in inches."""
    return 1.5 + 2 * (cell % 5), 9.5 - 2 * (cell // 5)


def step(cell: int, direction: str) -> int | None:
    """The cell one step ``direction`` from ``cell``, or ``None`` off the board."""
    dc, dr = STEPS[direction]
    c, r = cell % 5 + dc, cell // 5 + dr
    return r * 5 + c if 0 <= c < 5 and 0 <= r < 5 else None


#: For each cell, the bit mask of its orthogonal neighbours.
NEIGHBOURS: tuple[int, ...] = tuple(
    sum(1 << n for n in (step(cell, d) for d in STEPS) if n is not None) for cell in range(CELLS))


def cell_name(cell: int) -> str:
    """``"b4"``: column letter a..e from the left, row 1..5 from the bottom (as on a chess board)."""
    return "abcde"[cell % 5] + str(5 - cell // 5)


@value
class Deal:
    """Where the tiles and coins lie: ``tiles[k]`` and ``coins[k]`` for each cell (``None``
    in the hole), with lookup masks built once."""

    tiles: tuple[Card | None, ...]
    coins: tuple[Card | None, ...]
    #: tile_masks[suit][rank]: the cell whose tile is that one (a one-bit mask), 0 if none.
    tile_masks: tuple[tuple[int, ...], ...] = field(init=False, repr=False, compare=False)
    #: coin_masks[rank]: the cells whose coin has that rank.
    coin_masks: tuple[int, ...] = field(init=False, repr=False, compare=False)

    __repr__ = brief_repr

    def __post_init__(self) -> None:
        tm = [[0] * 7 for _ in range(5)]
        cm = [0] * 7
        for cell in range(CELLS):
            tile, coin = self.tiles[cell], self.coins[cell]
            if tile is not None:
                suit, rank = tile
                tm[suit][rank] |= 1 << cell
            if coin is not None:
                cm[coin[1]] |= 1 << cell
        object.__setattr__(self, "tile_masks", tuple(tuple(row) for row in tm))
        object.__setattr__(self, "coin_masks", tuple(cm))

    @property
    def full(self) -> int:
        """The mask of every cell holding a coin at the start."""
        return sum(1 << c for c in range(CELLS) if self.coins[c] is not None)

    def tile_ok(self, dice: tuple[int, ...]) -> int:
        """Cells a pawn may enter by the tile rule: the die of the tile's suit shows its rank."""
        tm = self.tile_masks
        return tm[1][dice[0]] | tm[2][dice[1]] | tm[3][dice[2]] | tm[4][dice[3]]

class MoveTable:
    """A deal's lookups for finding moves fast: ``tile[d][rank]`` the cell whose tile is
    die ``d``'s suit (0..3) with that rank, ``coin[rank]`` the cells whose coin has it."""

    __slots__ = ("tile", "coin")

    def __init__(self, deal: Deal) -> None:
        self.tile = [[deal.tile_masks[suit + 1][rank] for rank in range(7)] for suit in range(4)]
        self.coin = list(deal.coin_masks)


def pawn_moves(table: MoveTable, pawns: list[int] | tuple[int, ...], dice: list[int] | tuple[int, ...],
               present: int, active: list[int] | range = range(4)) -> list[tuple[int, int]]:
    """The legal moves as (pawn 0..3, cell entered), for the ``active`` pawns."""
    tile = table.tile
    tile_ok = tile[0][dice[0]] | tile[1][dice[1]] | tile[2][dice[2]] | tile[3][dice[3]]
    out = []
    for p in active:
        reach = NEIGHBOURS[pawns[p]] & present & (tile_ok | table.coin[dice[p]])
        while reach:
            low = reach & -reach
            out.append((p, low.bit_length() - 1))
            reach ^= low
    return out


def iter_bits(mask: int) -> Iterator[int]:
    """The cell numbers of the set bits of ``mask``, lowest first."""
    while mask:
        low = mask & -mask
        yield low.bit_length() - 1
        mask ^= low


__all__ = ["CELLS", "Card", "DIRECTION_NAMES", "Deal", "HOLE", "MoveTable", "NEIGHBOURS", "STEPS", "cell_centre",
           "cell_name", "iter_bits", "pawn_moves", "step"]
