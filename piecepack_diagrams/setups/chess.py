"""Ports of ppdf's setups of chess variants played with a piecepack (``piecepack_games_chess.R``).

Most layouts are fixed. Chess960 (Fischer Random Chess) deals its back rank at
random; Ultima (Baroque Chess), Chaturaji and Shogi (Japanese Chess) take no seed
but give their pawn coins ranks at random (ppdf's ``fill_piece_rank``), so that the
coins of a suit show different ranks.
"""

from __future__ import annotations

from typing import Any

from ..errors import SetupError
from ..rrandom import RRandom
from .arguments import Argument
from .components import (piecepack_coins, piecepack_dice, piecepack_pawns, piecepack_rectangular_board,
                         piecepack_tiles)
from .fill import fill_piece_rank
from .frame import Frame, bind_rows, rep, seq
from .registry import ppdf_setup

HAS_SUBPACK = Argument("has_subpack", "bool", False,
                       "whether a piecepack subpack is at hand: its tiles then stand for the pieces "
                       "that would otherwise be coins, dice and pawns")
#: The fewest tiles Alice Chess's two boards take: nine a board (8x8 points, three by three tiles).
ALICE_MIN_TILES = 18
MAX_TILES = Argument("max_tiles", "int", 24,
                     "the most piecepack tiles available to build the two boards (each gets half of them: "
                     "16 make a board of cells, 9 one of points)", low=ALICE_MIN_TILES, high=1000)
CFG2 = Argument("cfg2", "text", "piecepack",
                "the piecepack expansion (or a second piecepack, \"piecepack\") whose coins are the "
                "officers")

#: ``c(4, 2, 3, 5, 6, 3, 2, 4)``: the ranks of chess's back rank, a to h (rook, knight,
#: bishop, queen, king, bishop, knight, rook).
CHESS_RANKS: tuple[int, ...] = (4, 2, 3, 5, 6, 3, 2, 4)


def _coins(rng: RRandom, **columns: Any) -> Frame:
    return piecepack_coins(rng, **columns)


def _as_subpack(frame: Frame) -> Frame:
    """The pieces as subpack tile faces (``mutate(piece_side = "tile_face", cfg = "subpack")``)."""
    return frame.mutate(piece_side="tile_face", cfg="subpack")


def _r_mod(values: list[int] | range, offset: int, modulus: int, add: int) -> list[int]:
    """``(values + offset) %% modulus + add``."""
    return [(v + offset) % modulus + add for v in values]


# -- helpers of ppdf -------------------------------------------------------------------

def _piece_of(piece_side: str) -> str:
    """The piece of a ``piece_side`` (``coin_back`` -> ``coin``), as tidyr's
    ``separate_wider_delim(piece_side, "_")`` splits it."""
    return piece_side.split("_", 1)[0]


def fischer_random_ranks(rng: RRandom) -> list[int]:
    """ppdf's ``fischer_random_ranks``: a Chess960 back rank as piecepack ranks, a to h.

    R draws, in order: the dark-square bishop's file among 1, 3, 5, 7; the light-square
    bishop's among 2, 4, 6, 8; three of the six files left (sorted: rook, king, rook);
    the order of the last three files (knight, knight, queen).
    """
    dark = seq(1, 7, 2)[rng.sample_int(4, 1)[0] - 1]
    light = seq(2, 8, 2)[rng.sample_int(4, 1)[0] - 1]
    cells = [c for c in range(1, 9) if c not in (dark, light)]
    rook_king_rook = sorted(cells[i - 1] for i in rng.sample_int(6, 3))
    rest = [c for c in cells if c not in rook_king_rook]
    knights_queen = rng.sample(rest, 3)
    by_cell = dict(zip([dark, light, *rook_king_rook, *knights_queen], (3, 3, 4, 6, 4, 2, 2, 5)))
    return [by_cell[c] for c in sorted(by_cell)]


def piecepack_chess_pieces(rng: RRandom, has_subpack: bool = False,
                           ranks: tuple[int, ...] | list[int] = CHESS_RANKS) -> Frame:
    """ppdf's ``piecepack_chess_pieces``: the two armies of chess on an 8x8 board whose
    back ranks hold ``ranks`` (4 rook, 2 knight, 3 bishop, 5 queen, 6 king)."""
    ranks = list(ranks)
    files = list(range(1, 9))
    if has_subpack:
        pawn_ranks = rep([3, 4, 5, 6], 2)
        black_pawns = _coins(rng, side="back", x=files, y=7, angle=180, suit=rep([1, 2], each=4), rank=pawn_ranks)
        black_officers = piecepack_tiles(rng, side="face", cfg="subpack", suit=rep([1, 2], each=4), x=files, y=8,
                                         angle=180, rank=ranks)
        white_pawns = _coins(rng, side="back", x=files, y=2, suit=rep([4, 3], each=4), rank=pawn_ranks)
        white_officers = piecepack_tiles(rng, side="face", cfg="subpack", suit=rep([4, 3], each=4), x=files, y=1,
                                         rank=ranks)
        return bind_rows(black_pawns, white_pawns, white_officers, black_officers)

    def files_of(rank: int) -> list[int]:
        where = [k for k, r in enumerate(ranks, start=1) if r == rank]
        return where + where[::-1]

    pawn_ranks = [1, 1, 3, 3, 4, 4, 5, 6]
    black_pawns = _coins(rng, side="back", x=files, y=7, angle=180, suit=_r_mod(files, 1, 2, 1), rank=pawn_ranks)
    white_pawns = _coins(rng, side="back", x=files, y=2, angle=0, suit=_r_mod(files, 0, 2, 3), rank=pawn_ranks)
    rows = [8, 8, 1, 1]
    angles = [180, 180, 0, 0]
    rooks = piecepack_dice(rng, rank=4, x=files_of(4), y=rows, angle=angles)
    knights = _coins(rng, side="face", rank=2, suit=[1, 2, 3, 4], x=files_of(2), y=rows, angle=angles)
    bishops = piecepack_pawns(rng, x=files_of(3), y=rows, angle=angles)
    queens = _coins(rng, side="face", rank=5, suit=[3, 2], x=files_of(5), y=[8, 1], angle=[180, 0])
    kings = _coins(rng, side="face", rank=6, suit=[4, 1], x=files_of(6), y=[8, 1], angle=[180, 0])
    return bind_rows(black_pawns, white_pawns, rooks, knights, bishops, queens, kings)


# -- the games -------------------------------------------------------------------------

@ppdf_setup("piecepack_alice_chess", arguments=(HAS_SUBPACK, MAX_TILES))
def alice_chess(rng: RRandom, *, has_subpack: bool = False, max_tiles: int = 24) -> Frame:
    """Alice Chess: two 8x8 boards side by side (half the tiles each), chess's armies on the first."""
    per_board = max_tiles // 2
    if per_board < ALICE_MIN_TILES // 2:
        raise SetupError(f"Alice Chess argument 'max_tiles' is {max_tiles}: two 8x8 boards need at least "
                         f"{ALICE_MIN_TILES} tiles", token=str(max_tiles),
                         expected=f"a whole number of at least {ALICE_MIN_TILES}")
    first = piecepack_rectangular_board(rng, nrows=8, ncols=8, max_tiles=per_board)
    second = piecepack_rectangular_board(rng, nrows=8, ncols=8, max_tiles=per_board, x0=11)
    return bind_rows(first, second, piecepack_chess_pieces(rng, has_subpack))


@ppdf_setup("piecepack_baroque_chess", "piecepack_ultima", arguments=(HAS_SUBPACK,))
def baroque_chess(rng: RRandom, *, has_subpack: bool = False) -> Frame:
    """Ultima (Baroque Chess) on an 8x8 board; the pawn coins' ranks are dealt at random."""
    board = piecepack_rectangular_board(rng, nrows=8, ncols=8)
    files = list(range(1, 9))
    black_pawns = _coins(rng, side="back", suit=_r_mod(files, 1, 2, 1), rank=1, x=files, y=7, angle=180)
    black_pawns = black_pawns.mutate(rank=[None] * 8)
    white_pawns = _coins(rng, side="back", suit=_r_mod(files, 0, 2, 3), rank=1, x=files, y=2)
    white_pawns = white_pawns.mutate(rank=[None] * 8)
    corners = _coins(rng, suit=[1, 2, 3, 4], x=[1, 8, 8, 1], y=[8, 8, 1, 1], rank=4)
    if has_subpack:
        corners = corners.mutate(cfg=rep(["subpack", "piecepack"], 2), piece_side=rep(["tile_face", "die_face"], 2),
                                 rank=4, angle=[180, 0, 0, 180])
    else:
        corners = corners.mutate(rank=[4, 1, 4, 1], angle=[180, 180, 0, 0])
    angles = [180, 180, 0, 0]
    knights = piecepack_dice(rng, rank=2, x=[2, 7, 7, 2], y=[8, 8, 1, 1], angle=angles)
    bishops = piecepack_pawns(rng, x=[3, 6, 6, 3], y=[8, 8, 1, 1], angle=angles)
    queens = _coins(rng, suit=[1, 3], rank=5, x=[4, 5], y=[8, 1], angle=[180, 0])
    kings = _coins(rng, suit=[2, 4], rank=6, x=[5, 4], y=[8, 1], angle=[180, 0])
    if has_subpack:
        officers = _as_subpack(bind_rows(knights, bishops.mutate(rank=3), queens, kings))
    else:
        officers = bind_rows(knights, bishops, queens, kings)
    return fill_piece_rank(rng, bind_rows(board, black_pawns, white_pawns, corners, officers))


@ppdf_setup("piecepack_chaturaji", arguments=(HAS_SUBPACK,))
def chaturaji(rng: RRandom, *, has_subpack: bool = False) -> Frame:
    """Chaturaji: four armies, one in each corner of an 8x8 board."""
    board = piecepack_rectangular_board(rng, nrows=8, ncols=8)
    angles = [-90, 180, 90, 0]
    pawns = _coins(rng, side="back", x=[*rep(2, 4), 5, 6, 7, 8, *rep(7, 4), 1, 2, 3, 4],
                   y=[5, 6, 7, 8, *rep(7, 4), 1, 2, 3, 4, *rep(2, 4)], suit=rep([1, 2, 3, 4], each=4), rank=1,
                   angle=rep(angles, each=4))
    boats = _coins(rng, side="face", rank=3, suit=[1, 2, 3, 4], x=[1, 8, 8, 1], y=[8, 8, 1, 1], angle=angles)
    horses = _coins(rng, side="face", rank=2, suit=[1, 2, 3, 4], x=[1, 7, 8, 2], y=[7, 8, 2, 1], angle=angles)
    elephants = piecepack_dice(rng, rank=4, x=[1, 6, 8, 3], y=[6, 8, 3, 1], angle=angles)
    kings = piecepack_pawns(rng, x=[1, 5, 8, 4], y=[5, 8, 4, 1], angle=angles)
    if has_subpack:
        officers = _as_subpack(bind_rows(boats, horses, elephants, kings.mutate(rank=6)))
    else:
        officers = bind_rows(boats, horses, elephants, kings)
    pawns = pawns.mutate(rank=[None] * len(pawns))
    return fill_piece_rank(rng, bind_rows(board, pawns, officers))


@ppdf_setup("piecepack_chess", "piecepack_international_chess", arguments=(HAS_SUBPACK,))
def chess(rng: RRandom, *, has_subpack: bool = False) -> Frame:
    """(International) Chess on an 8x8 board of tile backs."""
    board = piecepack_rectangular_board(rng, nrows=8, ncols=8)
    return bind_rows(board, piecepack_chess_pieces(rng, has_subpack))


@ppdf_setup("piecepack_chess960", "piecepack_fischer_random_chess", arguments=(HAS_SUBPACK,), seeded=True)
def chess960(rng: RRandom, *, has_subpack: bool = False) -> Frame:
    """Chess960 (Fischer Random Chess): chess with a back rank dealt at random, mirrored by both sides."""
    ranks = fischer_random_ranks(rng)
    board = piecepack_rectangular_board(rng, nrows=8, ncols=8)
    return bind_rows(board, piecepack_chess_pieces(rng, has_subpack, ranks=ranks))


@ppdf_setup("piecepack_chinese_chess", "piecepack_xiangqi", arguments=(HAS_SUBPACK,))
def chinese_chess(rng: RRandom, *, has_subpack: bool = False) -> Frame:
    """Xiangqi (Chinese Chess) on the points of a 9x10 board, the two palaces marked by face-up tiles."""
    angles = rep([180, 0], each=2)
    suits = [1, 2, 4, 3]

    def x2(x: int) -> list[int]:
        return rep([x, 10 - x], 2)

    def y2(y: int) -> list[int]:
        return rep([11 - y, y], each=2)

    board = piecepack_rectangular_board(rng, nrows=10, ncols=9, rank=rep([3, 4, 5, 6], each=4))
    palaces = piecepack_tiles(rng, suit=[1, 3], rank=2, x=5, y=[9, 2], angle=[180, 0])
    soldier_ranks = [1, 4, 6, 1, 4]
    soldier_x = seq(1, 9, 2)
    soldiers_low = _coins(rng, side="back", suit=_r_mod(range(1, 6), 1, 2, 3), rank=soldier_ranks, x=soldier_x, y=4)
    soldiers_high = _coins(rng, side="back", suit=_r_mod(range(1, 6), 1, 2, 1), rank=soldier_ranks, x=soldier_x,
                           y=7, angle=180)
    cannons = piecepack_pawns(rng, suit=suits, x=x2(2), y=y2(3), angle=angles)
    chariots = piecepack_dice(rng, suit=suits, rank=4, x=x2(1), y=y2(1), angle=angles)
    horses = _coins(rng, side="face", suit=suits, rank=2, x=x2(2), y=y2(1), angle=angles)
    elephants = _coins(rng, side="face", suit=suits, rank=3, x=x2(3), y=y2(1), angle=angles)
    advisors = _coins(rng, side="face", suit=suits, rank=5, x=x2(4), y=y2(1), angle=angles)
    generals = _coins(rng, side="face", suit=[4, 2], rank=6, x=5, y=[1, 10], angle=[0, 180])
    officers = bind_rows(horses, elephants, advisors, generals, chariots)
    if has_subpack:
        officers = _as_subpack(officers)
    return bind_rows(board, palaces, soldiers_low, soldiers_high, cannons, officers)


@ppdf_setup("piecepack_four_seasons_chess", arguments=(HAS_SUBPACK,))
def four_seasons_chess(rng: RRandom, *, has_subpack: bool = False) -> Frame:
    """Four Seasons Chess: four small armies, one in each corner of an 8x8 board."""
    board = piecepack_rectangular_board(rng, nrows=8, ncols=8)
    angles = [180, 90, 0, -90]
    suits = [1, 4, 2, 3]
    pawns = _coins(rng, side="back", suit=rep(suits, each=4), rank=rep([3, 4, 5, 6], 4),
                   x=[1, 2, 3, 3, 6, 6, 7, 8, 8, 7, 6, 6, 3, 3, 2, 1],
                   y=[6, 6, 7, 8, 8, 7, 6, 6, 3, 3, 2, 1, 1, 2, 3, 3], angle=rep(angles, each=4))
    kings = piecepack_pawns(rng, suit=suits, angle=angles, x=[1, 8, 8, 1], y=[8, 8, 1, 1])
    rooks = piecepack_dice(rng, suit=suits, rank=4, x=[2, 7, 7, 2], y=[8, 8, 1, 1], angle=angles)
    bishops = _coins(rng, suit=suits, rank=3 if has_subpack else 1, x=[2, 7, 7, 2], y=[7, 7, 2, 2], angle=angles)
    knights = _coins(rng, suit=suits, rank=2, x=[1, 8, 8, 1], y=[7, 7, 2, 2], angle=angles)
    if has_subpack:
        officers = _as_subpack(bind_rows(kings.mutate(rank=6), rooks, bishops, knights))
    else:
        officers = bind_rows(kings, rooks, bishops, knights)
    return bind_rows(board, pawns, officers)


@ppdf_setup("piecepack_japanese_chess", "piecepack_shogi", arguments=(HAS_SUBPACK, CFG2))
def japanese_chess(rng: RRandom, *, has_subpack: bool = False, cfg2: str = "piecepack") -> Frame:
    """Shogi (Japanese Chess) on the points of a 9x9 board; the pawn coins' ranks are dealt at random."""
    board = piecepack_rectangular_board(rng, nrows=9, ncols=9)
    files = list(range(1, 10))
    low_pawns = _coins(rng, side="back", x=files, y=3, suit=_r_mod(files, 0, 4, 1), rank=1)
    low_pawns = low_pawns.mutate(rank=[None] * 9)
    high_pawns = low_pawns.mutate(y=7, angle=180)
    pawns = fill_piece_rank(rng, bind_rows(low_pawns, high_pawns))
    bishops = _coins(rng, rank=3, cfg=cfg2, suit=[2, 4], x=[2, 8], y=[2, 8], angle=[0, 180])
    rooks = _coins(rng, rank=4, cfg=cfg2, suit=[3, 1], x=[8, 2], y=[2, 8], angle=[0, 180])
    rows = [1, 1, 9, 9]
    angles = [0, 0, 180, 180]
    lances = _coins(rng, rank=5, cfg=cfg2, suit=[1, 2, 3, 4], x=[1, 9, 9, 1], y=rows, angle=angles)
    knights = _coins(rng, rank=2, cfg=cfg2, suit=[4, 1, 2, 3], x=[2, 8, 8, 2], y=rows, angle=angles)
    silvers = _coins(rng, rank=6, cfg=cfg2, suit=[3, 4, 1, 2], x=[3, 7, 7, 3], y=rows, angle=angles)
    golds = piecepack_dice(rng, rank=6, angle=angles, x=[4, 6, 6, 4], y=rows)
    kings = piecepack_pawns(rng, suit=[4, 3], x=[5, 5], y=[1, 9], angle=[0, 180])
    frame = bind_rows(board, pawns, bishops, rooks, lances, knights, silvers, golds, kings)
    if has_subpack:
        faces = [side == "coin_face" for side in frame.piece_side]
        frame = frame.mutate(cfg=["subpack" if f else c for f, c in zip(faces, frame.cfg)],
                             piece_side=["tile_face" if f else s for f, s in zip(faces, frame.piece_side)])
    return frame


@ppdf_setup("piecepack_minishogi")
def minishogi(rng: RRandom) -> Frame:
    """Minishogi on a 5x5 board."""
    board = piecepack_rectangular_board(rng, nrows=5, ncols=5)
    faces = _coins(rng, side="face", x=[1, 1, 4, 5, 5, 5, 2, 1], y=[2, 1, 1, 1, 4, 5, 5, 5],
                   rank=[1, 6, 3, 4, 1, 6, 3, 4], suit=rep([1, 2], each=4), angle=rep([0, 180], each=4))
    backs = _coins(rng, side="back", x=[2, 3, 4, 3], y=[1, 1, 5, 5], rank=[4, 4, 5, 5], suit=[1, 2, 1, 2],
                   angle=[0, 0, 180, 180])
    return bind_rows(board, faces, backs)


@ppdf_setup("piecepack_racing_kings")
def racing_kings(rng: RRandom) -> Frame:
    """Racing Kings: both sides' pieces side by side on the first two rows of an 8x8 board."""
    board = piecepack_rectangular_board(rng, nrows=8, ncols=8)
    ranks = [6, 4, 3, 2, 5, 4, 3, 2]
    black = _coins(rng, side="face", angle=180, rank=ranks, suit=rep([1, 2], each=4), x=rep([1, 2, 3, 4], 2),
                   y=rep([2, 1], each=4))
    white = _coins(rng, side="face", rank=ranks, suit=rep([3, 4], each=4), x=rep([8, 7, 6, 5], 2),
                   y=rep([2, 1], each=4))
    return bind_rows(board, black, white)


__all__ = ["ALICE_MIN_TILES", "CHESS_RANKS", "alice_chess", "baroque_chess", "chaturaji", "chess",
           "chess960", "chinese_chess", "fischer_random_ranks",
           "four_seasons_chess", "japanese_chess", "minishogi", "piecepack_chess_pieces", "racing_kings"]
