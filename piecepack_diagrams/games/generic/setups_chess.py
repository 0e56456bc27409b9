"""Setups of checkers and chess games played with a piecepack, as the piecepackr
project lays them out (R package ppdf): American Checkers, International Chess and
Xiangqi. Each is a small data function registered with :func:`.setups.setup`.

Coins without an explicit suit and rank are numbered as ppdf's ``piecepack_coins``
numbers them: suits 1..4 in turn, six ranks (null .. 5) each.
"""

from __future__ import annotations

from typing import Any, Mapping

from ...pieces import Piece
from ...rng import SeededRandom
from .setups import Item, Layout, _unknown_options, rectangular_board, setup


def _coins(side: str, xs: list[float], ys: list[float], angles: list[float],
           suits: list[int] | None = None, ranks: list[int] | None = None) -> list[Item]:
    """Coins at (xs, ys); without suits and ranks, the first 24 coins in ppdf's order."""
    suits = suits or [k // 6 + 1 for k in range(len(xs))]
    ranks = ranks or [k % 6 + 1 for k in range(len(xs))]
    return [(Piece("coin", side, s, r), x, y, a) for s, r, x, y, a in zip(suits, ranks, xs, ys, angles)]


def _pieces(kind: str, side: str, suits: list[int], ranks: list[int], xs: list[float], ys: list[float],
            angles: list[float]) -> list[Item]:
    return [(Piece(kind, side, s, r), x, y, a) for s, r, x, y, a in zip(suits, ranks, xs, ys, angles)]


@setup("american_checkers", "American Checkers")
def american_checkers(opts: Mapping[str, Any], rng: SeededRandom) -> Layout:
    """An 8x8 board of sixteen tile backs; twelve coins suit side up on each side's dark squares."""
    _unknown_options("American Checkers", opts, set())
    items = rectangular_board(8, 8)
    xs = [2, 4, 1, 3, 2, 4, 6, 8, 5, 7, 6, 8, 5, 7, 6, 8, 5, 7, 1, 3, 2, 4, 1, 3]
    ys = [y for y in (8, 7, 6, 8, 7, 6, 3, 2, 1, 3, 2, 1) for _ in range(2)]
    items += _coins("back", xs, ys, [180.0] * 12 + [0.0] * 12)
    return Layout(tuple(items))


def _chess_pieces() -> list[Item]:
    """The 32 chess men in ppdf's order: pawns (coin backs), rooks (dice showing 3),
    knights (ace coins), bishops (pawns), queens (4 coins) and kings (5 coins)."""
    back_ranks = [1, 1, 3, 3, 4, 4, 5, 6]
    items = _coins("back", list(range(1, 9)), [7] * 8, [180.0] * 8,
                   suits=[1 + k % 2 for k in range(8)], ranks=back_ranks)
    items += _coins("back", list(range(1, 9)), [2] * 8, [0.0] * 8,
                    suits=[4 - k % 2 for k in range(8)], ranks=back_ranks)
    ends = [180.0, 180.0, 0.0, 0.0]
    items += _pieces("die", "face", [1, 2, 3, 4], [4] * 4, [1, 8, 8, 1], [8, 8, 1, 1], ends)
    items += _coins("face", [2, 7, 7, 2], [8, 8, 1, 1], ends, suits=[1, 2, 3, 4], ranks=[2] * 4)
    items += _pieces("pawn", "face", [1, 2, 3, 4], [1] * 4, [3, 6, 6, 3], [8, 8, 1, 1], ends)
    items += _coins("face", [4, 4], [8, 1], [180.0, 0.0], suits=[3, 2], ranks=[5, 5])
    items += _coins("face", [5, 5], [8, 1], [180.0, 0.0], suits=[4, 1], ranks=[6, 6])
    return items


@setup("international_chess", "International Chess")
def international_chess(opts: Mapping[str, Any], rng: SeededRandom) -> Layout:
    """An 8x8 board of sixteen tile backs and the two armies of piecepack chess."""
    _unknown_options("International Chess", opts, set())
    return Layout(tuple(rectangular_board(8, 8) + _chess_pieces()))


@setup("chess", "Chess")
def chess(opts: Mapping[str, Any], rng: SeededRandom) -> Layout:
    """International Chess under its short name."""
    return international_chess(opts, rng)


@setup("xiangqi", "Xiangqi")
def xiangqi(opts: Mapping[str, Any], rng: SeededRandom) -> Layout:
    """A 9x10 point board of sixteen tile backs with the river between its halves, two
    palace tiles face up, and both armies: soldiers (coin backs), cannons (pawns),
    horses, elephants and advisors (ace, 2 and 4 coins), generals (5 coins), chariots
    (dice showing 3)."""
    _unknown_options("Xiangqi", opts, set())
    items: list[Item] = []
    for row, y in enumerate((2, 4, 7, 9)):
        for col, x in enumerate((2, 4, 6, 8)):
            items.append((Piece("tile", "back", col + 1, row + 3), x, y, 0.0))
    items += _pieces("tile", "face", [1, 3], [2, 2], [5, 5], [9, 2], [180.0, 0.0])
    soldier_ranks = [1, 4, 6, 1, 4]
    items += _coins("back", [1, 3, 5, 7, 9], [4] * 5, [0.0] * 5, suits=[3, 4, 3, 4, 3], ranks=soldier_ranks)
    items += _coins("back", [1, 3, 5, 7, 9], [7] * 5, [180.0] * 5, suits=[1, 2, 1, 2, 1], ranks=soldier_ranks)
    suits = [1, 2, 4, 3]
    ends = [180.0, 180.0, 0.0, 0.0]

    def pair(x: int) -> list[float]:
        return [x, 10 - x, x, 10 - x]

    def rows(y: int) -> list[float]:
        return [11 - y, 11 - y, y, y]

    items += _pieces("pawn", "face", suits, [1] * 4, pair(2), rows(3), ends)
    for rank, x in ((2, 2), (3, 3), (5, 4)):
        items += _coins("face", pair(x), rows(1), ends, suits=suits, ranks=[rank] * 4)
    items += _coins("face", [5, 5], [1, 10], [0.0, 180.0], suits=[4, 2], ranks=[6, 6])
    items += _pieces("die", "face", suits, [4] * 4, pair(1), rows(1), ends)
    return Layout(tuple(items))


__all__ = ["american_checkers", "chess", "international_chess", "xiangqi"]
