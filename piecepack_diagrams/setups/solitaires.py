"""Ports of ppdf's setups of the three solitaires this project also plays by its rules:
Lab Rats, Coin Collectors and Landlocked.

The layouts are R's, draw for draw: the games (``games/lab_rats``,
``games/coin_collectors``, ``games/landlocked``) turn these frames into their
starting states when a record's ``GameType`` carries a ``Seed``.
"""

from __future__ import annotations

from typing import Any

from ..errors import SetupError
from ..rrandom import RRandom
from .arguments import Argument
from .components import (piecepack_coins, piecepack_dice, piecepack_donut_board, piecepack_pawns,
                         piecepack_tiles, process_ranks, process_tiles, random_dice, slice_sample_piece)
from .frame import Frame, bind_rows, rep
from .registry import ppdf_setup

# -- Lab Rats -------------------------------------------------------------------------

#: A die roll's offset of the next tile (sideways, forwards) and its turn, for a tile facing away.
_LAB_RATS_STEPS: dict[int, tuple[float, float, float]] = {
    1: (0, 2, 0), 2: (-2, 1, 90), 3: (-1, 2, 0), 4: (0, 2, 0), 5: (1, 2, 0), 6: (2, 1, -90)}


def _turned(angle: float, dx: float, dy: float) -> tuple[float, float]:
    """The offset ``(dx, dy)`` of a tile facing away, for a tile facing ``angle`` (0, 90, 180, 270)."""
    if angle == 0:
        return dx, dy
    if angle == 90:
        return -dy, dx
    if angle == 180:
        return -dx, -dy
    return dy, -dx


def lab_rats_maze_is_legal(xs: list[float], ys: list[float]) -> bool:
    """ppdf's ``is_legal_labrats``: every middle tile within sqrt(5) of exactly two others,
    the first and last tiles of exactly one (the maze is a path that never touches itself)."""
    n = len(xs)

    def neighbours(i: int) -> int:
        return sum(1 for j in range(n) if j != i and (xs[i] - xs[j]) ** 2 + (ys[i] - ys[j]) ** 2 <= 5)

    return all(neighbours(i) == 2 for i in range(1, n - 1)) and neighbours(0) == 1 and neighbours(n - 1) == 1


@ppdf_setup("piecepack_lab_rats", seeded=True)
def lab_rats(rng: RRandom) -> Frame:
    """A maze of 24 tile backs built by die rolls, two scientist pawns at its exit, the rat at its entrance."""
    tiles = piecepack_tiles(rng, side="back", x=1.5, y=1.5)
    xs, ys, angles = list(tiles.x), list(tiles.y), list(tiles.angle)
    while True:
        x0, y0, a0 = 1.5, 1.5, 0.0
        for i in range(1, 24):
            dx, dy, turn = _LAB_RATS_STEPS[rng.sample_int(6, 1)[0]]
            ox, oy = _turned(a0, dx, dy)
            x0, y0, a0 = x0 + ox, y0 + oy, (a0 + turn) % 360
            xs[i], ys[i], angles[i] = x0, y0, a0
        if lab_rats_maze_is_legal(xs, ys):
            break
    tiles = tiles.mutate(x=xs, y=ys, angle=angles)
    px, py = _turned(a0, -0.5, 1.5), _turned(a0, 0.5, 1.5)
    pawns = piecepack_pawns(rng, suit=[1, 2], x=[xs[23] + px[0], xs[23] + py[0]],
                            y=[ys[23] + px[1], ys[23] + py[1]], angle=a0)
    first_off = next((x for x in xs if x != 1.5), None)
    if first_off is None:  # a straight maze: R fails on the NA it compares
        raise SetupError("Lab Rats: a maze without a turn has no rat placement", token="seed")
    rat = piecepack_pawns(rng, suit=3, angle=0, x=1 if first_off < 1.5 else 2, y=1)
    coins = piecepack_coins(rng, side="face", x=[xs[0] + v for v in rep([-0.5, 0.5, 1.5], each=8)],
                            y=[ys[0] + v for v in rep([-1.5, -1.5, -0.5], each=8)])
    coins = slice_sample_piece(rng, coins)
    return bind_rows(tiles, pawns, rat, coins)


# -- Coin Collectors ------------------------------------------------------------------

def fill_piece_suit(rng: RRandom, frame: Frame) -> Frame:
    """ppdf's ``fill_piece_suit``: within each piece kind and rank (groups taken in sorted
    order, as dplyr's ``group_by``), the missing suits (``None``) are dealt at random from
    those the group has not used."""
    suits = list(frame.suit)
    kinds = [side.split("_", 1)[0] for side in frame.piece_side]
    for group in sorted(set(zip(kinds, frame.rank))):
        rows = [k for k, key in enumerate(zip(kinds, frame.rank)) if key == group]
        missing = [k for k in rows if suits[k] is None]
        if not missing:
            continue
        used = {suits[k] for k in rows if suits[k] is not None}
        free = [s for s in range(1, len(rows) + 1) if s not in used]
        for k, suit in zip(missing, rng.sample(free, len(missing))):
            suits[k] = suit
    return frame.mutate(suit=suits)


def _ranks_argument(rng: RRandom, value: Any, name: str, count: int) -> list[int]:
    """``process_ranks(value)``, refused unless it gives ``count`` ranks (or one, recycled) of 1..6."""
    ranks = process_ranks(rng, value)
    expected = f"{count} ranks written n, a, 2, 3, 4, 5 (or 0 to 5)"
    if len(ranks) not in (1, count):
        raise SetupError(f"argument '{name}' must give {count} ranks, not {len(ranks)}", token=str(value)[:60],
                         expected=expected)
    if any(not 1 <= r <= 6 for r in ranks):
        raise SetupError(f"argument '{name}' has a rank out of n to 5", token=str(value)[:60], expected=expected)
    return ranks


_RANK_TEXT = "ranks written n (null), a (ace), 2, 3, 4, 5 (or 0 to 5), spaces and punctuation ignored"


@ppdf_setup("piecepack_coin_collectors", seeded=True, arguments=(
    Argument("tiles", "text", None, "the 24 tiles of the donut board, rows from the top: suit and rank "
             "(S5), suit and direction (S^, ranks dealt at random) or suit, rank and direction (S5^); "
             "default: shuffled, face up"),
    Argument("coins", "text", None, "the ranks of the 24 face-up coins, one on each tile's lower-right "
             f"cell in board order ({_RANK_TEXT}; each rank four times); default: shuffled"),
    Argument("dice", "text", None, f"the ranks the four dice show, Suns to Arms ({_RANK_TEXT}); "
             "default: rolled")))
def coin_collectors(rng: RRandom, *, tiles: str | None = None, coins: str | None = None,
                    dice: str | None = None) -> Frame:
    """A donut board of 24 tile faces with a coin on each, four dice beside it, the four pawns in the hole."""
    deal = process_tiles(rng, tiles)
    board = piecepack_donut_board(rng, suit=deal.suit, rank=deal.rank, angle=deal.angle, x0=1.0, y0=1.0,
                                  side="face")
    ranks = _ranks_argument(rng, coins, "coins", 24)
    if coins is not None and (len(ranks) != 24 or any(ranks.count(r) != 4 for r in range(1, 7))):
        raise SetupError("argument 'coins' must give each rank four times", token=str(coins)[:60],
                         expected="24 ranks, each of n a 2 3 4 5 four times")
    coin_frame = piecepack_coins(rng, side="face", x=[v + 0.5 for v in board.x], y=[v - 0.5 for v in board.y],
                                 rank=rep(ranks, length_out=24), suit=None)
    coin_frame = fill_piece_suit(rng, coin_frame.mutate(suit=[None] * 24))
    dice_ranks = random_dice(rng) if dice is None else _ranks_argument(rng, dice, "dice", 4)
    dice_frame = piecepack_dice(rng, x=12, y=[9, 7, 5, 3], rank=dice_ranks)
    pawns = piecepack_pawns(rng, x=[5, 6, 6, 5], y=[6, 6, 5, 5])
    return bind_rows(board, coin_frame, dice_frame, pawns)


# -- Landlocked -----------------------------------------------------------------------

@ppdf_setup("piecepack_landlocked", seeded=True)
def landlocked(rng: RRandom) -> Frame:
    """24 shuffled tiles, 12 backs up (the top row's four, then eight) and 12 faces up, the pawn at the top left."""
    tiles = piecepack_tiles(rng, piece_side=[f"tile_{side}" for side in rep(["back", "face"], each=12)],
                            x=[0.5 + v for v in [3, 5, 7, 9, *rep([1, 3, 5, 7, 9], 4)]],
                            y=[0.5 + v for v in [*rep(9, 4), *rep([7, 5, 3, 1], each=5)]])
    order = rng.sample_int(len(tiles))
    tiles = tiles.mutate(piece_side=[tiles.piece_side[i - 1] for i in order],
                         suit=[tiles.suit[i - 1] for i in order], rank=[tiles.rank[i - 1] for i in order])
    pawn = piecepack_pawns(rng, suit=1, x=1, y=9)
    return bind_rows(tiles, pawn)


__all__ = ["coin_collectors", "fill_piece_suit", "lab_rats", "lab_rats_maze_is_legal", "landlocked"]
