"""Ports of ppdf's setups of traditional games played with a piecepack (``piecepack_games_traditional.R``):
Achi, Alquerque, Awithlaknannai Mosona, Backgammon, Bagh-chal, Brandubh, Cribbage, Dara, Four Field Kono,
Jeson Mor, Jul-Gonu, Ludo, Nine (and Twelve) Men's Morris, Salta, Seega, Tablan, Tablut, Tic-tac-toe, Yoté.

Every layout is fixed except Backgammon's, whose coins take their ranks at random
(one of each rank per suit), as ppdf deals them from R's generator.
"""

from __future__ import annotations

import math

from ..errors import SetupError
from ..rrandom import RRandom
from .arguments import Argument
from .components import (piecepack_coins, piecepack_dice, piecepack_donut_board, piecepack_matchsticks,
                         piecepack_pawns, piecepack_rectangular_board, piecepack_tiles)
from .fill import fill_piece_rank
from .frame import Frame, bind_rows, rep, seq
from .registry import ppdf_setup

SQRT2 = math.sqrt(2)

HAS_MATCHSTICKS = Argument("has_matchsticks", "bool", False,
                           "whether matchsticks are at hand: they then mark the board's lines")
HAS_SUBPACK = Argument("has_subpack", "bool", False,
                       "whether a piecepack subpack is at hand: its small tiles then stand in for some pieces")
DIE_WIDTH = Argument("die_width", "number", 0.63,
                     "the width of the dice in inches: wider than half an inch puts one die on the central "
                     "square, else four dice share it", low=0.01, high=10)


def _matchstick_diagonals(rng: RRandom) -> Frame:
    """The 16 matchsticks drawing the diagonals of a 5x5 board of points."""
    return piecepack_matchsticks(rng, side="back", suit=rep([1, 2, 3, 4], each=4), rank=2,
                                 x=[0.5 + v for v in (1, 2, 2, 1, 3, 4, 4, 3, 3, 4, 4, 3, 1, 2, 2, 1)],
                                 y=[0.5 + v for v in (4, 4, 3, 3, 4, 4, 3, 3, 2, 2, 1, 1, 2, 2, 1, 1)],
                                 angle=rep([45, -45, -135, 135], 4))


@ppdf_setup("piecepack_achi")
def achi(rng: RRandom) -> Frame:
    """A 3x3 board of points (one tile back)."""
    return piecepack_rectangular_board(rng, nrows=3, ncols=3)


@ppdf_setup("piecepack_alquerque", arguments=(HAS_MATCHSTICKS,))
def alquerque(rng: RRandom, *, has_matchsticks: bool = False) -> Frame:
    """A 5x5 board of points with 12 coin backs a side, the centre point empty."""
    board = piecepack_rectangular_board(rng, nrows=5, ncols=5)
    coins = piecepack_coins(rng, side="back", suit=rep([1, 2], 6) + rep([3, 4], 6),
                            rank=rep(list(range(1, 7)) * 2, each=2),
                            x=[*range(1, 6), *range(1, 6), 1, 2, 4, 5, *range(1, 6), *range(1, 6)],
                            y=rep([5, 4], each=5) + [3] * 4 + rep([2, 1], each=5),
                            angle=rep([180, 0], each=12))
    if has_matchsticks:
        return bind_rows(board, _matchstick_diagonals(rng), coins)
    return bind_rows(board, coins)


@ppdf_setup("piecepack_awithlaknannai_mosona", arguments=(HAS_MATCHSTICKS,))
def awithlaknannai_mosona(rng: RRandom, *, has_matchsticks: bool = False) -> Frame:
    """Eight tiles turned 45 degrees in a row (three lines of points) with 12 coin backs a side."""
    tiles = piecepack_tiles(rng, side="face", suit=rep([1, 2, 3, 4], 2), rank=rep([1, 2], each=4),
                            x=[SQRT2 + SQRT2 * v for v in seq(1, by=2, length_out=8)], y=2 * SQRT2,
                            angle=rep([45, -45], each=4))
    coins = piecepack_coins(rng, side="back", suit=rep([1, 2], 6) + rep([3, 4], 6),
                            rank=rep(list(range(1, 7)) * 2, each=2),
                            x=[SQRT2 * v for v in (seq(2, by=2, length_out=8) + seq(17, by=-2, length_out=4)
                                                   + seq(1, by=2, length_out=4) + seq(2, by=2, length_out=8))],
                            y=[SQRT2 * v for v in rep([3, 2, 1], each=8)], angle=rep([180, 0], each=12))
    if not has_matchsticks:
        return bind_rows(tiles, coins)
    outer = piecepack_matchsticks(rng, side="back", suit=rep([1, 2], length_out=7) + rep([3, 4], length_out=7),
                                  rank=5, angle=90, x=[SQRT2 * v for v in rep(seq(3, by=2, length_out=7), 2)],
                                  y=[SQRT2 * v for v in rep([3, 1], each=7)])
    middle = piecepack_matchsticks(rng, side="back", suit=rep([1, 2, 3, 4], 2), rank=4, angle=90,
                                   x=[SQRT2 * v for v in seq(2, by=2, length_out=8)], y=[SQRT2 * 2] * 8)
    return bind_rows(tiles, outer, middle, coins)


@ppdf_setup("piecepack_backgammon")
def backgammon(rng: RRandom) -> Frame:
    """Tile faces as the 24 points, 12 coin backs a side (ranks dealt at random), pawns and dice."""
    y_top, y_bot = 5.0, 1.0
    x_1, x_6, x_12, x_08 = 25.0, 15.0, 1.0, 9.0
    k = range(1, 7)
    tiles = piecepack_tiles(rng, side="face",
                            suit=[3 + i % 2 for i in k] + [3 + (i + 1) % 2 for i in k]
                            + [1 + (i + 1) % 2 for i in k] + [1 + i % 2 for i in k],
                            rank=rep([2, 3, 4, 5, 6, 1], 4),
                            x=[27 - 2 * i for i in k] + [13 - 2 * i for i in k] + [27 - 2 * i for i in k]
                            + [13 - 2 * i for i in k],
                            y=rep([y_bot, y_bot, y_top, y_top], each=6), angle=rep([0, 0, 180, 180], each=6))

    # (x, y, suit) of each checker: four on the 6 point, five on the 12 point, three on the 8 point
    first = [(x_6 + 0.5, y_bot + 0.5, 4), (x_6 + 0.5, y_bot - 0.5, 4), (x_6 - 0.5, y_bot + 0.5, 4),
             (x_6 - 0.5, y_bot - 0.5, 4), (x_12 + 0.5, y_top + 0.5, 3), (x_12 + 0.5, y_top - 0.5, 3),
             (x_12 - 0.5, y_top + 0.5, 3), (x_12 - 0.5, y_top - 0.5, 3), (x_12, y_top, 3),
             (x_08 + 0.5, y_bot - 0.5, 4), (x_08 - 0.5, y_bot + 0.5, 4), (x_08 + 0.5, y_bot + 0.5, 3)]
    second = [(x_6 + 0.5, y_top + 0.5, 1), (x_6 + 0.5, y_top - 0.5, 1), (x_6 - 0.5, y_top + 0.5, 1),
              (x_6 - 0.5, y_top - 0.5, 1), (x_12 + 0.5, y_bot + 0.5, 2), (x_12 + 0.5, y_bot - 0.5, 2),
              (x_12 - 0.5, y_bot + 0.5, 2), (x_12 - 0.5, y_bot - 0.5, 2), (x_12, y_bot, 2),
              (x_08 + 0.5, y_top - 0.5, 1), (x_08 - 0.5, y_top + 0.5, 1), (x_08 - 0.5, y_top - 0.5, 2)]
    spots = first + second
    coins = Frame.of(piece_side="coin_back", suit=[s for _, _, s in spots], rank=[None],
                     x=[x for x, _, _ in spots], y=[y for _, y, _ in spots], angle=rep([0.0, 180.0], each=12))
    coins = fill_piece_rank(rng, coins)
    pawns = piecepack_pawns(rng, suit=[4, 3, 2, 1], x=[x_1 - 0.5, x_1 + 0.5, x_1 - 0.5, x_1 + 0.5],
                            y=[y_top + 0.5, y_top - 0.5, y_bot + 0.5, y_bot - 0.5], angle=[0, 0, 180, 180])
    dice = piecepack_dice(rng, suit=[4, 1, 3, 2], rank=[1, 1, 2, 2], x=[x_6, x_6, 6.0, 7.0],
                          y=[y_bot, y_top, y_bot + 2, y_bot + 2], angle=[0, 180, 0, 180])
    return bind_rows(tiles, coins, pawns, dice)


@ppdf_setup("piecepack_baghchal", arguments=(HAS_MATCHSTICKS,))
def baghchal(rng: RRandom, *, has_matchsticks: bool = False) -> Frame:
    """A 5x5 board of points with the four tiger pawns on its corners."""
    board = piecepack_rectangular_board(rng, nrows=5, ncols=5)
    pawns = piecepack_pawns(rng, x=[1, 5, 5, 1], y=[5, 5, 1, 1], angle=180)
    if has_matchsticks:
        return bind_rows(board, _matchstick_diagonals(rng), pawns)
    return bind_rows(board, pawns)


@ppdf_setup("piecepack_brandubh")
def brandubh(rng: RRandom) -> Frame:
    """A 7x7 board of points: Crowns coins on the corners, the king (Arms pawn) on the throne (a Crowns die)
    ringed by four defenders (Arms coins), eight attackers (coin faces) two to each edge's middle."""
    board = piecepack_rectangular_board(rng, nrows=7, ncols=7)
    crowns = Frame.of(piece_side=["coin_back"] * 4 + ["die_face"], suit=3, rank=[1, 3, 4, 6, 2],
                      x=[1.0, 1.0, 7.0, 7.0, 4.0], y=[1.0, 7.0, 1.0, 7.0, 4.0], angle=[0.0, 180.0, 0.0, 180.0, 0.0])
    arms = Frame.of(piece_side=["coin_back"] * 4 + ["pawn_face"], suit=4, rank=[1, 3, 4, 6, 1],
                    x=[4.0, 5.0, 4.0, 3.0, 4.0], y=[5.0, 4.0, 3.0, 4.0, 4.0], angle=[180.0, 90.0, 0.0, 270.0, 0.0])
    attackers = piecepack_coins(rng, side="face", x=[4, 4, 7, 6, 4, 4, 1, 2], y=[7, 6, 4, 4, 1, 2, 4, 4],
                                suit=rep([1, 2, 3, 4], each=2), rank=rep([2, 5], 4),
                                angle=rep([180, 90, 0, 270], each=2))
    return bind_rows(board, crowns, arms, attackers)


def _cribbage(rng: RRandom) -> Frame:
    left = piecepack_rectangular_board(rng, nrows=30, ncols=3, x0=1, y0=3, max_tiles=12)
    right = piecepack_rectangular_board(rng, nrows=30, ncols=3, x0=6, y0=3, max_tiles=12)
    tiles = bind_rows(left, right).mutate(suit=rep([1, 2, 3, 4], each=6), rank=rep(list(range(1, 7)), 4))
    coins = piecepack_coins(rng, side="face", rank=rep(rep(list(range(1, 7)), each=2), 2),
                            suit=rep([1, 2], 6) + rep([3, 4], 6), x=rep([2, 7], each=12),
                            y=rep([3, 7, 8, 12, 13, 17, 18, 22, 23, 27, 28, 32], 2))
    pawns = piecepack_pawns(rng, x=[1, 3, 6, 8], y=1)
    dice = piecepack_dice(rng, x=[2, 7], y=1, suit=[1, 3])
    return bind_rows(tiles, coins, pawns, dice)


@ppdf_setup("piecepack_cribbage")
def cribbage(rng: RRandom) -> Frame:
    """Two tracks of three lines of holes on 12 tiles each, coins marking every fifth hole, pawns as pegs."""
    return _cribbage(rng)


@ppdf_setup("piecepack_cribbage_board")
def cribbage_board(rng: RRandom) -> Frame:
    """Cribbage's board (the same layout as Cribbage)."""
    return _cribbage(rng)


@ppdf_setup("piecepack_dara")
def dara(rng: RRandom) -> Frame:
    """A board of 5 rows of 6 cells (four tile backs), empty."""
    return piecepack_rectangular_board(rng, nrows=5, ncols=6)


@ppdf_setup("piecepack_four_field_kono")
def four_field_kono(rng: RRandom) -> Frame:
    """A 4x4 board of points, each side's eight coin backs filling its half."""
    board = piecepack_rectangular_board(rng, nrows=4, ncols=4)
    coins = piecepack_coins(rng, side="back", suit=rep([1, 2, 3, 4], each=4), rank=rep([3, 4, 5, 6], 4),
                            x=[1, 2, 1, 2, 3, 4, 3, 4, 3, 4, 3, 4, 1, 2, 1, 2],
                            y=rep([4, 3, 4, 3, 2, 1, 2, 1], each=2), angle=rep([180, 0], each=8))
    return bind_rows(board, coins)


@ppdf_setup("piecepack_jeson_mor")
def jeson_mor(rng: RRandom) -> Frame:
    """A 9x9 board of points, nine coin backs (knights) on each side's back row, a die on the centre point."""
    board = piecepack_rectangular_board(rng, nrows=9, ncols=9)
    top = piecepack_coins(rng, side="back", suit=[1] * 5 + [2] * 4, rank=[1, 2, 3, 4, 5, 1, 2, 3, 4],
                          x=list(range(1, 10)), y=9, angle=180)
    bottom = piecepack_coins(rng, side="back", suit=[4] * 4 + [3] * 5, rank=[1, 2, 3, 4, 1, 2, 3, 4, 5],
                             x=list(range(1, 10)), y=1, angle=0)
    die = piecepack_dice(rng, suit=4, rank=2, x=5, y=5)
    return bind_rows(board, top, bottom, die)


@ppdf_setup("piecepack_julgonu")
def julgonu(rng: RRandom) -> Frame:
    """A 4x4 board of points with four coin backs a side on opposite edges."""
    board = piecepack_rectangular_board(rng, nrows=4, ncols=4)
    coins = piecepack_coins(rng, side="back", suit=rep([1, 2], each=4), rank=rep([3, 4, 5, 6], 2),
                            x=[1, 2, 3, 4] * 2, y=rep([1, 4], each=4), angle=rep([180, 0], each=4))
    return bind_rows(board, coins)


@ppdf_setup("piecepack_ludo")
def ludo(rng: RRandom) -> Frame:
    """A cross of tile backs with a tile face (home) in each corner holding its suit's four coins,
    pawns and dice by each side."""
    backs = piecepack_tiles(rng, side="back", x=[2, 5, 11, 14, 8, 8, 8, 8], y=[8, 8, 8, 8, 2, 5, 11, 14],
                            suit=rep([1, 2, 3, 4], each=2), rank=rep([5, 6], 4))
    offset = 0.5 + SQRT2
    homes = piecepack_tiles(rng, suit=[1, 2, 3, 4], rank=2, x=[2, 9 + offset, 14, 7 - offset],
                            y=[9 + offset, 14, 7 - offset, 2], angle=[135, 45, -45, -135])
    dx = [0.5 * v for v in (-SQRT2, 0, SQRT2, 0)]
    dy = [0.5 * v for v in (0, SQRT2, 0, -SQRT2)]
    coins = piecepack_coins(rng, side="back", x=[x + dx[k % 4] for k, x in enumerate(rep(homes.x, each=4))],
                            y=[y + dy[k % 4] for k, y in enumerate(rep(homes.y, each=4))],
                            suit=rep([1, 2, 3, 4], each=4), rank=rep([1, 2, 3, 4], 4),
                            angle=[a + 45 for a in rep(homes.angle, each=4)])
    pawns = piecepack_pawns(rng, x=[v + 0.5 for v in (-0.25, 7.5, 15.25, 7.5)],
                            y=[v + 0.5 for v in (7.5, 15.25, 7.5, -0.25)], angle=[-90, 180, 90, 0])
    dice = piecepack_dice(rng, x=[5, 11, 11, 5], y=[11, 11, 5, 5], rank=2, angle=[-90, 180, 90, 0])
    return bind_rows(backs, homes, coins, pawns, dice)


def _morris(rng: RRandom, has_matchsticks: bool) -> Frame:
    tiles = piecepack_tiles(rng, x=[7, 1, 7, 3, 7, 5, 13, 13, 11, 11, 9, 9, 7, 13, 7, 11, 7, 9, 1, 1, 3, 3, 5, 5],
                            y=[13, 13, 11, 11, 9, 9, 7, 13, 7, 11, 7, 9, 1, 1, 3, 3, 5, 5, 7, 1, 7, 3, 7, 5])
    if not has_matchsticks:
        return tiles
    sticks = piecepack_matchsticks(rng, suit=rep([1, 2, 3, 4], each=6), rank=4,
                                   x=[1, 1, 3, 3, 5, 5, 9, 9, 11, 11, 13, 13, 9, 9, 11, 11, 13, 13, 1, 1, 3, 3, 5, 5],
                                   y=[9, 11, 9, 13, 13, 11, 11, 13, 13, 9, 11, 9, 3, 1, 1, 5, 5, 3, 3, 5, 5, 1, 1, 3],
                                   angle=rep([0, 90, 90, 0, 90, 0, 0, 90], each=3))
    return bind_rows(tiles, sticks)


@ppdf_setup("piecepack_nine_mens_morris", arguments=(HAS_MATCHSTICKS,))
def nine_mens_morris(rng: RRandom, *, has_matchsticks: bool = False) -> Frame:
    """The 24 tile faces as the 24 points of a morris board (matchsticks optionally drawing its lines)."""
    return _morris(rng, has_matchsticks)


@ppdf_setup("piecepack_twelve_mens_morris", arguments=(HAS_MATCHSTICKS,))
def twelve_mens_morris(rng: RRandom, *, has_matchsticks: bool = False) -> Frame:
    """The 24 tile faces as the 24 points of a morris board (the same layout as Nine Men's Morris)."""
    return _morris(rng, has_matchsticks)


@ppdf_setup("piecepack_salta", arguments=(HAS_SUBPACK,))
def salta(rng: RRandom, *, has_subpack: bool = False) -> Frame:
    """A 10x10 board with each side's 15 pieces on its first three rows (stars, moons, suns)."""
    board = piecepack_donut_board(rng) if has_subpack else piecepack_rectangular_board(rng, nrows=10, ncols=10)
    faces = piecepack_coins(rng, rank=[2, 3, 4, 5, 6, 6, 5, 4, 3, 2], suit=[2, 1, 1, 2, 1, 3, 3, 4, 4, 3],
                            x=seq(1, 9, 2) + seq(2, 10, 2), y=rep([1, 10], each=5), angle=rep([0, 180], each=5))
    if has_subpack:
        small = piecepack_tiles(rng, cfg="subpack", suit=rep([2, 1, 3, 4], each=5), rank=rep([2, 3, 4, 5, 6], 4),
                                x=seq(2, 10, 2) + seq(1, 9, 2) + seq(10, 2, -2) + seq(9, 1, -2),
                                y=rep([2, 3, 8, 9], each=5), angle=rep([0, 180], each=10))
        backs = piecepack_tiles(rng, side="back", cfg="subpack", suit=[1, 2, 3, 4], rank=1, x=[5, 5, 6, 6],
                                y=[5, 6, 5, 6])
        return bind_rows(board, backs, faces, small)
    coin_backs = piecepack_coins(rng, side="back", suit=[1, 2, 3, 4, 4, 3, 2, 1], rank=rep([2, 3, 4, 5], 2),
                                 x=seq(2, 8, 2) + seq(3, 9, 2), y=rep([2, 9], each=4), angle=rep([0, 180], each=4))
    more_faces = piecepack_coins(rng, side="face", rank=[1, 1, 6, 1, 1, 6], suit=[1, 2, 2, 3, 4, 4],
                                 x=[10, 9, 9, 1, 2, 2], y=[2, 3, 3, 9, 8, 8], angle=rep([0, 180], each=3))
    dice = piecepack_dice(rng, rank=[2, 3, 4, 5], x=seq(1, 7, 2), y=3)
    pawns = piecepack_pawns(rng, x=seq(10, 4, -2), y=8, angle=180)
    return bind_rows(board, faces, coin_backs, more_faces, dice, pawns)


@ppdf_setup("piecepack_seega")
def seega(rng: RRandom) -> Frame:
    """A 5x5 board of cells (four tile backs), empty."""
    return piecepack_rectangular_board(rng, nrows=5, ncols=5)


@ppdf_setup("piecepack_tablan")
def tablan(rng: RRandom) -> Frame:
    """A board of 4 rows of 12 cells with 12 coin backs on each side's back row."""
    board = piecepack_rectangular_board(rng, nrows=4, ncols=12)
    coins = piecepack_coins(rng, side="back", x=list(range(1, 13)) + list(range(12, 0, -1)),
                            y=rep([4, 1], each=12), angle=rep([180, 0], each=12))
    return bind_rows(board, coins)


@ppdf_setup("piecepack_tablut", arguments=(DIE_WIDTH,))
def tablut(rng: RRandom, *, die_width: float = 0.63) -> Frame:
    """A 9x9 board: 16 attackers (coin faces) on the edges, eight defenders (coin backs) around the
    king (a Crowns pawn on a die, or on four small dice) in the centre."""
    if not (isinstance(die_width, (int, float)) and math.isfinite(die_width) and die_width > 0):
        raise SetupError(f"Tablut argument 'die_width' is {die_width!r}", token=str(die_width),
                         expected=DIE_WIDTH.accepts())
    board = piecepack_rectangular_board(rng, nrows=9, ncols=9)
    attackers = piecepack_coins(rng, side="face", rank=rep([3, 4, 5, 6], 4), suit=rep([1, 2, 3, 4], each=4),
                                x=[5, 4, 5, 6, 5, 6, 5, 4, 2, 1, 1, 1, 8, 9, 9, 9],
                                y=[2, 1, 1, 1, 8, 9, 9, 9, 5, 6, 5, 4, 5, 4, 5, 6],
                                angle=rep([0, 180, -90, 90], each=4))
    defenders = piecepack_coins(rng, side="back", suit=rep([1, 2, 3, 4], each=2), rank=rep([1, 2], 4),
                                x=[5, 5, 6, 7, 5, 5, 4, 3], y=[6, 7, 5, 5, 4, 3, 5, 5],
                                angle=rep([0, -90, 180, 90], each=2))
    if die_width - 0.5 > 1e-6:
        dice = piecepack_dice(rng, suit=3, rank=1, x=5, y=5)
    else:
        dice = piecepack_dice(rng, rank=1, x=[4.75, 5.25, 5.25, 4.75], y=[5.25, 5.25, 4.75, 4.75],
                              angle=[0, -90, 180, 90])
    king = piecepack_pawns(rng, suit=3, x=5, y=5)
    return bind_rows(board, attackers, defenders, dice, king)


@ppdf_setup("piecepack_tic_tac_toe")
def tic_tac_toe(rng: RRandom) -> Frame:
    """A 3x3 board of cells (one tile back), empty."""
    return piecepack_rectangular_board(rng, nrows=3, ncols=3)


@ppdf_setup("piecepack_yote")
def yote(rng: RRandom) -> Frame:
    """A board of 5 rows of 6 cells (four tile backs), empty."""
    return piecepack_rectangular_board(rng, nrows=5, ncols=6)


__all__: list[str] = []
