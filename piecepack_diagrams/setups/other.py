"""Ports of ppdf's setups of other modern games played with a piecepack (``piecepack_games_other.R``):
12345ive!, Breakthrough (and Crossings, Kangaroo), Change Change, Dao, Dodgem, Evade, Grasshopper,
King's Valley, Leapfrog, Lines of Action, Lukawan, Quatri, Three Musketeers.

Only Change Change is random (the suits of its coins, then their ranks within each suit).
"""

from __future__ import annotations

from collections import Counter

from ..errors import SetupError
from ..rrandom import RRandom
from .arguments import Argument
from .components import (piecepack_coins, piecepack_donut_board, piecepack_pawns,
                         piecepack_rectangular_board, process_suits)
from .frame import Frame, bind_rows, rep
from .registry import ppdf_setup
from .checkers import gothic_checkers
from .fill import fill_piece_rank


@ppdf_setup("piecepack_12345ive")
def twelve345ive(rng: RRandom) -> Frame:
    """A board of 14 rows of 5 points with five coin backs on each side's back row."""
    board = piecepack_rectangular_board(rng, nrows=14, ncols=5)
    coins = piecepack_coins(rng, side="back", x=[1, 2, 3, 4, 5] * 2, y=rep([14, 1], each=5),
                            suit=rep([1, 2], each=5), rank=[1, 2, 3, 4, 5] * 2, angle=rep([180, 0], each=5))
    return bind_rows(board, coins)


@ppdf_setup("piecepack_breakthrough")
def breakthrough(rng: RRandom) -> Frame:
    """An 8x8 board with 16 pieces (coin backs, pawns, dice) on each side's first two rows."""
    return gothic_checkers(rng)


@ppdf_setup("piecepack_crossings")
def crossings(rng: RRandom) -> Frame:
    """An 8x8 board with 16 pieces on each side's first two rows (the layout of Breakthrough)."""
    return gothic_checkers(rng)


@ppdf_setup("piecepack_kangaroo")
def kangaroo(rng: RRandom) -> Frame:
    """An 8x8 board with 16 pieces on each side's first two rows (the layout of Breakthrough)."""
    return gothic_checkers(rng)


COINS = Argument("coins", "text", None,
                 "the suits of the 11 coins, rows from the top and left to right (S, M, C, A; e.g. "
                 "\"CAMS/ACMC/ACA\"): one Suns, two Moons, four Crowns, four Arms; without it they are shuffled")


@ppdf_setup("piecepack_change_change", seeded=True, arguments=(COINS,))
def change_change(rng: RRandom, *, coins: str | None = None) -> Frame:
    """Eleven coin backs in rows of 4, 4 and 3, their suits shuffled (or as ``coins`` gives them)."""
    if coins is None:
        pool = rep([1, 2, 3, 4], [1, 2, 4, 4])
        suits = [pool[i - 1] for i in rng.sample_int(11)]
    else:
        try:
            suits = process_suits(coins)
        except SetupError as exc:
            raise SetupError(f"Change Change argument 'coins': {exc.message}", token=str(coins)[:60],
                             expected="11 suits among S, M, C, A") from None
        counts = Counter(suits)
        if len(suits) != 11 or any(s not in (1, 2, 3, 4) for s in suits) or max(counts.values()) > 6:
            raise SetupError(f"Change Change argument 'coins' gives {len(suits)} suits {suits}", token=str(coins)[:60],
                             expected="11 suits among S, M, C, A, none more than six times")
    frame = piecepack_coins(rng, side="back", x=[1, 2, 3, 4, 1, 2, 3, 4, 1, 2, 3], y=rep([3, 2, 1], [4, 4, 3]),
                            suit=suits, rank=[None])
    return fill_piece_rank(rng, frame)


@ppdf_setup("piecepack_dao")
def dao(rng: RRandom) -> Frame:
    """A 4x4 board of points with each side's four coin backs on a diagonal."""
    board = piecepack_rectangular_board(rng, nrows=4, ncols=4)
    coins = piecepack_coins(rng, side="back", x=[1, 2, 3, 4] * 2, y=[4, 3, 2, 1, 1, 2, 3, 4],
                            suit=rep([1, 2], each=4), rank=[1, 2, 3, 4] * 2, angle=rep([180, 0], each=4))
    return bind_rows(board, coins)


DODGEM_ROWS = Argument("nrows", "int", 6,
                       "the board's size: rows and columns of points (each side has one piece fewer)",
                       low=2, high=12)
DODGEM_VARIANT = Argument("variant", "text", "vout",
                          "the variant: \"vout\" (one side's pieces along the left edge, the other's along the bottom "
                          "edge) or \"schoessow\" (along the left and the right edges)", choices=("vout", "schoessow"))


@ppdf_setup("piecepack_dodgem", arguments=(DODGEM_ROWS, DODGEM_VARIANT))
def dodgem(rng: RRandom, *, nrows: int = 6, variant: str = "vout") -> Frame:
    """A square board of points with ``nrows - 1`` coin backs a side along two of its edges."""
    nrows = int(nrows)
    if not 2 <= nrows <= 12:
        raise SetupError(f"Dodgem argument 'nrows' is {nrows}, out of range", token=str(nrows),
                         expected=DODGEM_ROWS.accepts())
    if variant not in DODGEM_VARIANT.choices:
        raise SetupError(f"Dodgem argument 'variant' cannot be '{variant}'", token=str(variant),
                         expected=DODGEM_VARIANT.accepts())
    n = nrows - 1
    board = piecepack_rectangular_board(rng, nrows=nrows, ncols=nrows)
    if n <= 6:
        ranks = list(range(1, n + 1))
        left, right = [1] * n, [4] * n
    else:
        ranks = list(range(1, 7)) + list(range(1, n - 5))
        left, right = [1] * 6 + [2] * (n - 6), [4] * 6 + [3] * (n - 6)
    if variant == "vout":
        x = [1] * n + list(range(2, nrows + 1))
        y = list(range(2, nrows + 1)) + [1] * n
        angle = [270] * n + [0] * n
    else:
        x = [1] * n + [nrows] * n
        y = list(range(1, n + 1)) + list(range(2, nrows + 1))
        angle = [270] * n + [90] * n
    coins = piecepack_coins(rng, side="back", x=x, y=y, suit=left + right, rank=ranks + ranks, angle=angle)
    return bind_rows(board, coins)


@ppdf_setup("piecepack_evade")
def evade(rng: RRandom) -> Frame:
    """A 6x6 board of cells (nine tile backs), empty."""
    return piecepack_rectangular_board(rng, nrows=6, ncols=6)


@ppdf_setup("piecepack_grasshopper")
def grasshopper(rng: RRandom) -> Frame:
    """An 8x8 board with ten coin backs a side in triangles in opposite corners."""
    board = piecepack_rectangular_board(rng, nrows=8, ncols=8)
    coins = piecepack_coins(rng, side="back", x=[5, 6, 7, 8, 6, 7, 8, 7, 8, 8, 1, 1, 2, 1, 2, 3, 1, 2, 3, 4],
                            y=[8, 8, 8, 8, 7, 7, 7, 6, 6, 5, 4, 3, 3, 2, 2, 2, 1, 1, 1, 1],
                            suit=[1, 2, 1, 2, 1, 2, 1, 1, 2, 1, 3, 4, 3, 3, 4, 3, 4, 3, 4, 3],
                            rank=[1, 1, 2, 2, 3, 3, 4, 5, 4, 6, 1, 1, 2, 3, 2, 4, 3, 5, 4, 6],
                            angle=rep([180, 0], each=10))
    return bind_rows(board, coins)


KINGS_VALLEY_VARIANT = Argument("variant", "text", "standard",
                                "the variant: \"standard\" (each king starts on its own side) or "
                                "\"retrieve the king\" (the kings start on the opposite sides)",
                                choices=("standard", "retrieve the king"))


@ppdf_setup("piecepack_kings_valley", arguments=(KINGS_VALLEY_VARIANT,))
def kings_valley(rng: RRandom, *, variant: str = "standard") -> Frame:
    """A 5x5 board of tiles around a central valley, each side's king (pawn) between four coin backs."""
    if variant not in KINGS_VALLEY_VARIANT.choices:
        raise SetupError(f"King's Valley argument 'variant' cannot be '{variant}'", token=str(variant),
                         expected=KINGS_VALLEY_VARIANT.accepts())
    board = piecepack_donut_board(rng, x0=1.5, y0=1.5)
    suns = piecepack_coins(rng, side="back", x=[2, 4, 8, 10], y=10, suit=1, rank=[1, 2, 3, 4], angle=180)
    arms = piecepack_coins(rng, side="back", x=[2, 4, 8, 10], y=2, suit=4, rank=[1, 2, 3, 4], angle=0)
    sun_y, arm_y = (10, 2) if variant == "standard" else (2, 10)
    sun_king = piecepack_pawns(rng, suit=1, x=6, y=sun_y, angle=180)
    arm_king = piecepack_pawns(rng, suit=4, x=6, y=arm_y, angle=0)
    return bind_rows(board, suns, sun_king, arms, arm_king).with_scale(2.0)


@ppdf_setup("piecepack_leapfrog")
def leapfrog(rng: RRandom) -> Frame:
    """A board of 8 rows of 6 cells with 12 coin backs on each side's first two rows."""
    board = piecepack_rectangular_board(rng, nrows=8, ncols=6)
    coins = piecepack_coins(rng, side="back", x=rep([1, 2, 3, 4, 5, 6], 4), y=rep([8, 7, 2, 1], each=6),
                            angle=rep([180, 0], each=12))
    return bind_rows(board, coins)


@ppdf_setup("piecepack_lines_of_action")
def lines_of_action(rng: RRandom) -> Frame:
    """An 8x8 board with six coin backs on each edge but the corners (opposite edges the same side)."""
    board = piecepack_rectangular_board(rng, nrows=8, ncols=8)
    inner = list(range(2, 8))
    coins = piecepack_coins(rng, side="back", x=inner + [8] * 6 + inner + [1] * 6, y=[8] * 6 + inner + [1] * 6 + inner,
                            suit=rep([1, 3, 2, 4], each=6), rank=rep(list(range(1, 7)), 4),
                            angle=rep([180, 90, 0, 270], each=6))
    return bind_rows(board, coins)


@ppdf_setup("piecepack_lukawan")
def lukawan(rng: RRandom) -> Frame:
    """A board of 14 rows of 6 points with six coin backs on each side's back row."""
    board = piecepack_rectangular_board(rng, nrows=14, ncols=6)
    coins = piecepack_coins(rng, side="back", x=list(range(1, 7)) * 2, y=rep([14, 1], each=6),
                            suit=rep([1, 2], each=6), rank=list(range(1, 7)) * 2, angle=rep([180, 0], each=6))
    return bind_rows(board, coins)


@ppdf_setup("piecepack_quatri")
def quatri(rng: RRandom) -> Frame:
    """A 4x4 board of points with four coin backs a side, alternating along the top and bottom rows."""
    board = piecepack_rectangular_board(rng, nrows=4, ncols=4)
    coins = piecepack_coins(rng, side="back", x=[1, 2, 3, 4] * 2, y=rep([4, 1], each=4),
                            suit=[1, 2, 1, 2, 2, 1, 2, 1], rank=[2, 2, 3, 3, 5, 5, 4, 4],
                            angle=[180, 0, 180, 0, 0, 180, 0, 180])
    return bind_rows(board, coins)


@ppdf_setup("piecepack_three_musketeers")
def three_musketeers(rng: RRandom) -> Frame:
    """A 5x5 board of points: three pawns (the musketeers) on a diagonal, 22 coin faces on the other points."""
    board = piecepack_rectangular_board(rng, nrows=5, ncols=5)
    musketeers = [(1, 1), (3, 3), (5, 5)]
    pawns = piecepack_pawns(rng, suit=[4, 3, 1], x=[x for x, _ in musketeers], y=[y for _, y in musketeers])
    points = [(x, y) for y in range(1, 6) for x in range(1, 6) if (x, y) not in musketeers]
    coins = [(s, r) for s in (1, 2, 3, 4) for r in range(1, 7) if not (s >= 3 and r == 6)]
    soldiers = piecepack_coins(rng, side="face", suit=[s for s, _ in coins], rank=[r for _, r in coins],
                               x=[x for x, _ in points], y=[y for _, y in points])
    return bind_rows(board, pawns, soldiers)


__all__: list[str] = []
