"""Ports of ppdf's setups of checkers (draughts) variants played with a piecepack
(``piecepack_games_checkers.R``): every layout is an 8x8 board of tile backs with
coin backs as the men (and, in Gothic and Turkish checkers, pawns and dice on the
edge files). None draws at random.
"""

from __future__ import annotations

from ..rrandom import RRandom
from .components import piecepack_coins, piecepack_dice, piecepack_pawns, piecepack_rectangular_board
from .frame import Frame, bind_rows, rep
from .registry import ppdf_setup

#: Each side's men on the squares ppdf gives them, the dark man first (angle 180, rows
#: 6-8) then the light ones (angle 0, rows 1-3).
_MEN_ROWS = rep([8, 7, 6, 8, 7, 6, 3, 2, 1, 3, 2, 1], each=2)


def _board_and_men(rng: RRandom, x: list[int], y: list[int]) -> Frame:
    """An 8x8 board of tile backs and 24 coin backs at ``x, y``: the first twelve turned
    to the far side (180 degrees), the other twelve to the near side."""
    board = piecepack_rectangular_board(rng, nrows=8, ncols=8)
    men = piecepack_coins(rng, side="back", x=x, y=y, angle=rep([180, 0], each=12))
    return bind_rows(board, men)


@ppdf_setup("piecepack_american_checkers", "piecepack_american_pool_checkers", "piecepack_bashni",
           "piecepack_brazilian_checkers", "piecepack_checkers", "piecepack_column_checkers",
           "piecepack_czech_checkers", "piecepack_english_checkers", "piecepack_russian_checkers",
           "piecepack_unified_pool_checkers", "piecepack_zimbabwean_pool_checkers")
def american_checkers(rng: RRandom) -> Frame:
    """Twelve coin backs a side on the dark squares of the three nearest rows of an 8x8 board."""
    x = [2, 4, 1, 3, 2, 4, 6, 8, 5, 7, 6, 8, 5, 7, 6, 8, 5, 7, 1, 3, 2, 4, 1, 3]
    return _board_and_men(rng, x, _MEN_ROWS)


@ppdf_setup("piecepack_corner_checkers")
def corner_checkers(rng: RRandom) -> Frame:
    """Corner Checkers: twelve coin backs a side packed into two opposite corners of an 8x8 board."""
    x = [1, 1, 1, 2, 2, 2, 3, 3, 4, 4, 5, 6, 8, 8, 8, 7, 7, 7, 6, 6, 5, 5, 4, 3]
    y = [3, 5, 7, 4, 6, 8, 5, 7, 6, 8, 7, 8, 6, 4, 2, 5, 3, 1, 4, 2, 3, 1, 2, 1]
    return _board_and_men(rng, x, y)


def _two_full_rows(rng: RRandom, *, top: int, bottom: int) -> Frame:
    """An 8x8 board; each side fills two rows (``top`` and the one below it, ``bottom`` and
    the one above it): a pawn and a die at each end, coin backs between."""
    board = piecepack_rectangular_board(rng, nrows=8, ncols=8)
    angles = [180, 180, 0, 0]
    pawns = piecepack_pawns(rng, x=[1, 8, 8, 1], y=[top - 1, top - 1, bottom + 1, bottom + 1], angle=angles)
    dice = piecepack_dice(rng, x=[1, 8, 8, 1], y=[top, top, bottom, bottom], angle=angles, rank=2)
    inner = [2, 3, 4, 5, 6, 7]
    men = piecepack_coins(rng, side="back", x=rep(inner + inner[::-1], each=2),
                          y=rep([top, top - 1], 6) + rep([bottom + 1, bottom], 6), angle=rep([180, 0], each=12))
    return bind_rows(board, pawns, dice, men)


@ppdf_setup("piecepack_gothic_checkers")
def gothic_checkers(rng: RRandom) -> Frame:
    """Gothic Checkers: each side fills its two nearest rows of an 8x8 board (pawns and dice on the edges)."""
    return _two_full_rows(rng, top=8, bottom=1)


@ppdf_setup("piecepack_italian_checkers", "piecepack_jamaican_checkers", "piecepack_portuguese_checkers",
           "piecepack_spanish_checkers")
def italian_checkers(rng: RRandom) -> Frame:
    """Twelve coin backs a side on the light squares of the three nearest rows of an 8x8 board."""
    x = [1, 3, 2, 4, 1, 3, 5, 7, 6, 8, 5, 7, 6, 8, 5, 7, 6, 8, 2, 4, 1, 3, 2, 4]
    return _board_and_men(rng, x, _MEN_ROWS)


@ppdf_setup("piecepack_one_way_checkers")
def one_way_checkers(rng: RRandom) -> Frame:
    """One Way Checkers: each side's twelve coin backs in a block of six rows on its own half of an 8x8 board."""
    x = [6, 8, 5, 7, 6, 8, 5, 7, 6, 8, 5, 7, 1, 3, 2, 4, 1, 3, 2, 4, 1, 3, 2, 4]
    y = rep([6, 5, 4, 3, 2, 1, 1, 2, 3, 4, 5, 6], each=2)
    return _board_and_men(rng, x, y)


@ppdf_setup("piecepack_thai_checkers")
def thai_checkers(rng: RRandom) -> Frame:
    """Thai Checkers (Mak-hot): eight coin backs a side on the dark squares of its two nearest rows."""
    board = piecepack_rectangular_board(rng, nrows=8, ncols=8)
    men = piecepack_coins(rng, side="back", suit=rep([1, 2, 3, 4], each=4), rank=rep([1, 2, 3, 4], 4),
                          x=[2, 4, 1, 3, 6, 8, 5, 7, 6, 8, 5, 7, 2, 4, 1, 3],
                          y=rep([8, 7, 8, 7, 2, 1, 2, 1], each=2), angle=rep([180, 0], each=8))
    return bind_rows(board, men)


@ppdf_setup("piecepack_turkish_checkers")
def turkish_checkers(rng: RRandom) -> Frame:
    """Turkish Checkers (Dama): each side fills its second and third rows of an 8x8 board."""
    return _two_full_rows(rng, top=7, bottom=2)


__all__ = ["american_checkers", "corner_checkers", "gothic_checkers", "italian_checkers", "one_way_checkers",
           "thai_checkers", "turkish_checkers"]
