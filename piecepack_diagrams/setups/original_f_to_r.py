"""Starting layouts of original piecepack games, Fuji-san to Relativity, as ppdf makes them.

Each port draws from the :class:`~piecepack_diagrams.rrandom.RRandom` stream
exactly what ppdf's R function draws, in the same order, so that a seed gives
R's layout row for row: Fuji-san, Galaxy Express, Ice Floe, Iceberg, Japan,
(Piecepack) Klondike, Ley Lines, Mathrix, One Man Thrag!, Pass the Food, Pawns
Crossing, Piece Gaps, Piece Packing Pirates, Piecepackman, Plans of Action and
Relativity.

Also here: ppdf's ``fill_piece_suit`` / ``fill_piece_rank`` (missing suits or
ranks dealt at random among a group's pieces) and double-six dominoes.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from typing import Any

from ..errors import SetupError
from ..rrandom import RRandom
from .arguments import Argument
from .components import (domino_tiles, mutate_sample_angle, piecepack_donut_board, piecepack_rectangular_board,
                         pieces, process_ranks, process_suits, process_tiles, random_dice, slice_sample_piece)
from .fill import fill_piece_rank, fill_piece_suit
from .frame import Frame, as_list, bind_rows, rep, seq
from .registry import ppdf_setup

# -- pieces and helpers -------------------------------------------------------------


def _floats(values: Any) -> list[float]:
    return [float(v) for v in as_list(values)]


def _pieces(kind: str, *, side: Any = "face", suit: Any, rank: Any = 1, cfg: Any = "piecepack", x: Any,
            y: Any, angle: Any = 0.0) -> Frame:
    """ppdf's ``piecepack_<kind>s(...)``; ``side`` may be one side per piece."""
    return pieces(kind, side=side, piece_side=None, suit=suit, rank=rank, cfg=cfg, x=x, y=y, angle=angle,
                  length_out=None)


_SUITS_BY_SIX = rep([1, 2, 3, 4], each=6)
_RANKS_BY_SIX = rep(list(range(1, 7)), 4)


def _tiles(*, side: Any = "face", suit: Any = None, rank: Any = None, x: Any, y: Any, angle: Any = 0.0) -> Frame:
    return _pieces("tile", side=side, suit=_SUITS_BY_SIX if suit is None else suit,
                   rank=_RANKS_BY_SIX if rank is None else rank, x=x, y=y, angle=angle)


def _coins(*, side: Any = "face", suit: Any = None, rank: Any = None, cfg: Any = "piecepack", x: Any, y: Any,
           angle: Any = 0.0) -> Frame:
    return _pieces("coin", side=side, suit=_SUITS_BY_SIX if suit is None else suit,
                   rank=_RANKS_BY_SIX if rank is None else rank, cfg=cfg, x=x, y=y, angle=angle)


def _pawns(*, suit: Any = (1, 2, 3, 4), x: Any, y: Any, angle: Any = 0.0) -> Frame:
    return _pieces("pawn", suit=list(suit) if isinstance(suit, tuple) else suit, rank=1, x=x, y=y, angle=angle)


def _dice(*, suit: Any = (1, 2, 3, 4), rank: Any = 1, x: Any, y: Any, angle: Any = 0.0) -> Frame:
    return _pieces("die", suit=list(suit) if isinstance(suit, tuple) else suit, rank=rank, x=x, y=y, angle=angle)


def _matchsticks(*, suit: Any, rank: Any, x: Any, y: Any, angle: Any = 0.0) -> Frame:
    return _pieces("matchstick", suit=suit, rank=rank, x=x, y=y, angle=angle)


def _ranks_text(rng: RRandom, text: str, count: int, what: str) -> list[int]:
    """``count`` ranks (1-based) from a string like ``"n a 2 3 4 5"``; no random draw."""
    ranks = process_ranks(rng, text)
    if len(ranks) != count or any(not 1 <= r <= 6 for r in ranks):
        raise SetupError(f"argument '{what}' must give {count} ranks, each one of n a 2 3 4 5",
                         token=text[:60], expected=f"{count} ranks written n, a, 2, 3, 4 or 5")
    return ranks


def _suits_text(text: str, count: int, what: str) -> list[int]:
    suits = process_suits(text)
    if len(suits) != count or any(not 1 <= s <= 4 for s in suits):
        raise SetupError(f"argument '{what}' must give {count} suits, each one of S M C A",
                         token=text[:60], expected=f"{count} suits written S, M, C or A")
    return suits


_TILES_DOC = ("the tiles' layout as a string: suit and rank (S5), suit and direction (S^: ranks random "
              "within each suit) or suit, rank and direction (S5^) of each tile; random by default")
_TILES = Argument("tiles", "text", None, _TILES_DOC)


def _tile_deal(rng: RRandom, tiles: str | None) -> Any:
    deal = process_tiles(rng, tiles)
    if any(not 1 <= s <= 4 for s in deal.suit) or any(not 1 <= r <= 6 for r in deal.rank):
        raise SetupError("argument 'tiles' names a suit or rank no tile has", token=str(tiles)[:60],
                         expected="suits S M C A and ranks n a 2 3 4 5")
    return deal


# -- Fuji-san -----------------------------------------------------------------------

_FUJISAN_PAWNS = "S12M/A12C"


def _fujisan_pawn_cells(text: str) -> list[int]:
    """The 0-based cells (row-major in the 2 x 14 grid) of the four pawns a string like
    ``S12M/A12C`` places: letters are pawns, numbers runs of empty cells."""
    rows = re.sub(r"\s", "", text).split("/")
    if len(rows) != 2:
        raise SetupError("argument 'pawns' must have exactly one '/' between its two rows", token=text[:60],
                         expected="two rows of 14 cells, such as S12M/A12C")
    cells: list[int] = []
    for r, row in enumerate(rows):
        col = 0
        for number, _letter in re.findall(r"(\d+)|([A-Za-z])", row):
            if number:
                col += int(number)
            else:
                cells.append(14 * r + col)
                col += 1
        if col != 14 or re.sub(r"\d+|[A-Za-z]", "", row):
            raise SetupError(f"row {r + 1} of argument 'pawns' covers {col} cells, not 14", token=text[:60],
                             expected="two rows of 14 cells, such as S12M/A12C")
    if len(cells) != 4:
        raise SetupError(f"argument 'pawns' places {len(cells)} pawns, not 4", token=text[:60],
                         expected="four pawns, such as S12M/A12C")
    return cells


def _fujisan_needs_dice(top: list[int], bottom: list[int]) -> bool:
    """True unless some coin lets a pawn step from an end of the board at once."""
    return all(k not in (top[k - 1], top[12 - k], bottom[k - 1], bottom[12 - k]) for k in range(1, 6))


def _random_fujisan_coins(rng: RRandom) -> list[int]:
    coins = [0] * 24
    for remainder in (0, 1, 2, 3):
        where = [k for k in range(24) if (k + 1) % 4 == remainder]
        for k, value in zip(where, rng.sample(list(range(6)))):
            coins[k] = value
    return coins


@ppdf_setup("piecepack_fujisan", seeded=True, arguments=(
    Argument("coins", "text", None, "the coins' ranks (n a 2 3 4 5), 24 of them: the top row of twelve then the "
             "bottom row; random by default"),
    Argument("dice", "text", None, "the four dice's ranks (n a 2 3 4 5), used when no coin allows a first move; "
             "random by default"),
    Argument("pawns", "text", None, "where the four pawns start, as two rows of 14 cells (letters are pawns, "
             "numbers runs of empty cells); default S12M/A12C, the four ends of the board")))
def fujisan(rng: RRandom, *, coins: str | None = None, dice: str | None = None,
            pawns: str | None = None) -> Frame:
    """Fuji-san: a mountain of 24 tile backs, two rows of twelve coins, pawns at the ends."""
    values = _random_fujisan_coins(rng) if coins is None else [r - 1 for r in _ranks_text(rng, coins, 24, "coins")]
    top, bottom = values[:12], values[12:]
    tiles = _tiles(side="back", y=1.5, x=[1.5 + v for v in [*seq(1, 11, 2), *seq(2, 10, 2), *seq(3, 9, 2),
                                                           4, 6, 8, 5, 7, 5, 7, 6, 6]])
    suits = [(k % 4) + 1 for k in range(24)][::-1]
    coin_frame = _coins(x=rep(list(range(2, 14)), 2), y=rep([1, 2], each=12), suit=suits,
                        rank=[v + 1 for v in bottom + top])
    cells = _fujisan_pawn_cells(_FUJISAN_PAWNS if pawns is None else pawns)
    pawn_frame = _pawns(suit=[1, 2, 4, 3], x=[c % 14 + 1 for c in cells], y=[2 - c // 14 for c in cells])
    if not _fujisan_needs_dice(top, bottom):
        return bind_rows(tiles, coin_frame, pawn_frame)
    ranks = random_dice(rng) if dice is None else _ranks_text(rng, dice, 4, "dice")
    dice_frame = _dice(x=[16, 17, 16, 17], y=[2, 2, 1, 1], suit=[1, 2, 4, 3], rank=ranks)
    return bind_rows(tiles, coin_frame, pawn_frame, dice_frame)


# -- Galaxy Express -----------------------------------------------------------------

@ppdf_setup("piecepack_galaxy_express", seeded=True)
def galaxy_express(rng: RRandom) -> Frame:
    """Galaxy Express: twelve planets, Arms coins on six, Crowns and speed coins beside."""
    board = piecepack_rectangular_board(rng, nrows=6, ncols=8, y0=2, rank=rep([4, 5, 6], each=4),
                                        suit=rep([1, 2, 3, 4], 3))
    arms = board.rows(rng.sample_int(12, 6))
    dx = rng.sample([-0.5, 0.5], 6, replace=True)
    dy = rng.sample([-0.5, 0.5], 6, replace=True)
    arms = arms.mutate(x=[a + b for a, b in zip(arms.x, dx)], y=[a + b for a, b in zip(arms.y, dy)],
                       piece_side=[*["coin_back"] * 5, "coin_face"], suit=4, rank=rng.sample_int(6))
    pawn = arms.rows([6]).mutate(piece_side="pawn_face", rank=1)
    crowns = _coins(x=1, y=1, suit=3, rank=rng.sample_int(6))
    if arms.rank[5] == crowns.rank[5]:
        crowns = crowns.mutate(rank=[crowns.rank[5], *crowns.rank[:5]])
    dice = _dice(x=[3, 4, 11, 12], y=[1, 1, 4, 4], rank=1, suit=[3, 4, 1, 2])
    speed_tiles = _tiles(x=10.5, y=[1.5, 5.5], rank=2, suit=[2, 1])
    speed_coins = _coins(side=rep(["back", "face", "back", "face"], [4, 2, 4, 2]), suit=rep([1, 2], [6, 6]),
                         rank=rng.sample_int(6) + rng.sample_int(6), x=12,
                         y=rep([7, 6, 5, 3, 2, 1], [4, 1, 1, 4, 1, 1]))
    return bind_rows(board, arms, crowns, dice, speed_tiles, speed_coins, pawn)


# -- Ice Floe, Iceberg --------------------------------------------------------------

_ICE_FLOE_TILES = "S2S3CaM2M3/S4S5AaM4M5/MnCnSnAn/A2A3MaC2C3/A4A5SaC4C5"


@ppdf_setup("piecepack_ice_floe")
def ice_floe(rng: RRandom) -> Frame:
    """Ice Floe: the 24 tiles face up in a 5x5 square with a hole in the middle, in a fixed order."""
    deal = process_tiles(rng, _ICE_FLOE_TILES)
    return piecepack_donut_board(rng, suit=deal.suit, rank=deal.rank, angle=deal.angle, x0=1.0, y0=1.0,
                                 side="face")


@ppdf_setup("piecepack_iceberg", seeded=True, arguments=(_TILES,))
def iceberg(rng: RRandom, *, tiles: str | None = None) -> Frame:
    """Iceberg: the 24 tiles face down in a 5x5 square with a hole in the middle."""
    deal = _tile_deal(rng, tiles)
    return piecepack_donut_board(rng, suit=deal.suit, rank=deal.rank, angle=deal.angle, x0=0.5, y0=0.5,
                                 side="back")


# -- Japan --------------------------------------------------------------------------

@ppdf_setup("piecepack_japan", seeded=True)
def japan(rng: RRandom) -> Frame:
    """Japan: 24 tile backs in staggered columns, a coin on a random cell of each, no two
    coins orthogonally adjacent."""
    tiles = _tiles(side="back",
                   x=[0.5 + v for v in [*rep(seq(1, by=4, length_out=4), each=3),
                                        *rep(seq(3, by=4, length_out=3), each=4)]],
                   y=[0.5 + v for v in [*rep(seq(2, by=2, length_out=3), 4), *rep(seq(1, by=2, length_out=4), 3)]])
    cells: list[tuple[float, float]] = []
    for dx, dy in ((-0.5, -0.5), (-0.5, 0.5), (0.5, -0.5), (0.5, 0.5)):
        cells += [(x + dx, y + dy) for x, y in zip(tiles.x, tiles.y)]
    chosen: list[tuple[float, float]] = []
    for _ in range(24):
        if not cells:
            raise SetupError("Japan's coins found no free cell", expected="a seed that places all 24 coins")
        x, y = cells[rng.sample_int(len(cells), 1)[0] - 1]
        chosen.append((x, y))
        near = {(x, y), (x, y + 1), (x, y - 1), (x + 1, y), (x - 1, y)}
        cells = [c for c in cells if c not in near]
    coins = _coins(x=[c[0] for c in chosen], y=[c[1] for c in chosen])
    return bind_rows(tiles, coins)


# -- Klondike -----------------------------------------------------------------------

@ppdf_setup("piecepack_klondike", seeded=True)
def klondike(rng: RRandom) -> Frame:
    """(Piecepack) Klondike: the 24 tiles shuffled into stacks, face-down piles and a stock."""
    side = [*["back"] * 15, *["face"] * 6, *["back"] * 3]
    x = [*seq(4, 12, 2), *seq(6, 12, 2), *seq(8, 12, 2), 10, 12, 12, *seq(2, 12, 2), 2, 2, 2]
    tiles = _tiles(side=side, x=x, y=[*[2] * 21, *[6] * 3], suit=rep([1, 2, 3, 4], 6),
                   rank=rep(list(range(1, 7)), each=4))
    return slice_sample_piece(rng, tiles)


# -- Ley Lines ----------------------------------------------------------------------

@ppdf_setup("piecepack_ley_lines")
def ley_lines(rng: RRandom) -> Frame:
    """Ley Lines: 24 tile backs in a winding, staggered landscape."""
    x = [6, 8, 7, 9, 7, 9, 3, 5, 8, 10, 2, 4, 9, 11, 2, 4, 13, 7, 9, 11, 13, 9, 11, 7]
    y = [15, 15, 13, 13, 11, 11, 10, 10, 9, 9, 8, 8, 7, 7, 6, 6, 6, 5, 5, 5, 4, 3, 3, 2]
    return _tiles(side="back", x=[v - 0.5 for v in x], y=[v - 0.5 for v in y])


# -- Mathrix ------------------------------------------------------------------------

_COINS_RANKS = ("the coins' ranks (n a 2 3 4 5), 24 of them row by row from the top left; "
                "random by default")


@ppdf_setup("piecepack_mathrix", seeded=True, arguments=(Argument("coins", "text", None, _COINS_RANKS),))
def mathrix(rng: RRandom, *, coins: str | None = None) -> Frame:
    """Mathrix: a 6x4 board of tile backs with a face-up coin on every cell."""
    board = piecepack_rectangular_board(rng, nrows=4, ncols=6)
    ranks = process_ranks(rng, None) if coins is None else _ranks_text(rng, coins, 24, "coins")
    if max(ranks.count(r) for r in set(ranks)) > 4:
        raise SetupError("argument 'coins' gives more than four coins one rank", token=str(coins)[:60],
                         expected="each rank at most four times")
    coin_frame = _coins(rank=ranks, suit=[None], x=rep(list(range(1, 7)), 4), y=rep([4, 3, 2, 1], each=6))
    return bind_rows(board, fill_piece_suit(rng, coin_frame))


# -- One Man Thrag! -----------------------------------------------------------------

@ppdf_setup("piecepack_one_man_thrag", seeded=True)
def one_man_thrag(rng: RRandom) -> Frame:
    """One Man Thrag!: a 4x4 board, shuffled piles of tiles and coins by suit, dice and health coins."""
    board = piecepack_rectangular_board(rng, nrows=4, ncols=4, x0=1, y0=1, suit=[1, 2, 3, 4], rank=[1])
    piles = [6 + 2 * v for v in (0, 1, 2, 3.5)]
    tiles = _tiles(side="back", x=rep(piles, each=5), y=3, suit=rep([1, 3, 4, 2], each=5),
                   rank=[1 + r for _ in range(4) for r in rng.sample_int(5)])
    dice = _dice(x=[1, 2, 3, 4], y=6, suit=[1, 3, 4, 2], rank=random_dice(rng))
    ranks = rng.sample_int(6) + rng.sample_int(6) + rng.sample_int(6)
    ranks += [[2, 4, 6][k - 1] for k in rng.sample_int(3)]
    coins = _coins(side="back", x=rep(piles, [6, 6, 6, 3]), y=5, suit=rep([1, 3, 4, 2], [6, 6, 6, 3]), rank=ranks)
    pawns = _pawns(x=[1, 6, 8, 10], y=[4, 6, 6, 6], suit=[2, 1, 3, 4])
    health = _coins(x=13, y=[6, 7, 8], suit=2, rank=[1, 3, 5])
    return bind_rows(board, tiles, dice, coins, pawns, health)


# -- Pass the Food ------------------------------------------------------------------

@ppdf_setup("piecepack_pass_the_food")
def pass_the_food(rng: RRandom) -> Frame:
    """Pass the Food: the 24 tiles face up, a column of six per suit, aces at the top."""
    return _tiles(rank=rep([1, 3, 4, 5, 6, 2], 4), x=rep([2 * k - 0.5 for k in range(1, 5)], each=6),
                  y=rep([2 * k - 0.5 for k in range(1, 7)], 4))


# -- Pawns Crossing -----------------------------------------------------------------

@ppdf_setup("piecepack_pawns_crossing", seeded=True, arguments=(
    Argument("n_players", "int", 2, "the number of players", low=2, high=4),))
def pawns_crossing(rng: RRandom, *, n_players: int = 2) -> Frame:
    """Pawns Crossing: sixteen tiles with dominoes as walls between them, coins, pawns and dice."""
    if not 2 <= n_players <= 4:
        raise SetupError(f"Pawns Crossing argument 'n_players' is {n_players}", token=str(n_players),
                         expected="2, 3 or 4 players")
    tiles = _tiles(suit=rep([1, 2, 3, 4], each=4), rank=rep([2, 3, 4, 5], 4),
                   x=[3 * v - 1.5 for v in rep([1, 2, 3, 4], each=4)], y=[3 * v - 1.5 for v in rep([1, 2, 3, 4], 4)])
    tiles = slice_sample_piece(rng, mutate_sample_angle(rng, tiles))
    dominoes = domino_tiles().where(lambda r: (r[1], r[2]) not in ((7, 7), (7, 6), (7, 5)))
    dominoes = slice_sample_piece(rng, dominoes)
    upright = dominoes.rows(list(range(1, 14))).mutate(
        x=_floats([*rep([3, 6, 9], each=4), 13]), y=[*[3.0 * v - 1.5 for v in rep([1, 2, 3, 4], 3)], 6.0])
    upright = mutate_sample_angle(rng, upright, (0, 180))
    across = dominoes.rows([-k for k in range(1, 14)]).mutate(
        x=[3.0 * v - 1.5 for v in rep([1, 2, 3, 4], 3)], y=[3.0 * v for v in rep([1, 2, 3], 4)])
    across = mutate_sample_angle(rng, across, (90, 270))
    angles = [0.0, 90.0, 180.0, 270.0]
    if n_players == 3:
        aces = _sorted_by_suit(tiles.where(lambda r: r[2] == 2 and r[1] != 2))
        ranks = [r for _ in range(3) for r in rng.sample([1, 3, 4, 5])]
        coins = _coins(side="back", suit=rep([1, 3, 4], each=4), rank=ranks,
                       x=[a + b for a, b in zip(rep(aces.x, each=4), rep([0.5, -0.5, 0.5, -0.5], 3))],
                       y=[a + b for a, b in zip(rep(aces.y, each=4), rep([-0.5, 0.5, 0.5, -0.5], 3))],
                       angle=[a for _ in range(3) for a in rng.sample(angles)])
    else:
        aces = _sorted_by_suit(tiles.where(lambda r: r[2] == 2))
        per = 3 if n_players == 2 else 4
        if n_players == 2:
            ranks = [r for _ in range(4) for r in rng.sample([3, 4, 5])]
            dx, dy = rep([0.5, -0.5, 0.5], 4), rep([0.5, -0.5, -0.5], 4)
        else:
            ranks = [r for _ in range(4) for r in rng.sample([1, 3, 4, 5])]
            dx, dy = rep([0.5, -0.5], 8), rep([-0.5, 0.5, 0.5, -0.5], 4)
        coin_angles = [a for _ in range(4) for a in rng.sample(angles, per)]
        coins = _coins(side="back", suit=rep([1, 2, 3, 4], each=per), rank=ranks,
                       x=[a + b for a, b in zip(rep(aces.x, each=per), dx)],
                       y=[a + b for a, b in zip(rep(aces.y, each=per), dy)], angle=coin_angles)
    if n_players == 2:
        pawns = _pawns(x=[4, 5, 8, 7], y=[13, 13, -1, -1], angle=[180, 180, 0, 0])
        dice = _dice(x=[1, 2, 11, 10], y=[13, 13, -1, -1], rank=random_dice(rng), angle=[180, 180, 0, 0])
    else:
        pawns = _pawns(x=[3, 13, 9, -1], y=[13, 9, -1, 3], angle=[180, 90, 0, 270])
        dice = _dice(x=[1, 13, 11, -1], y=[13, 11, -1, 1], rank=random_dice(rng), angle=[180, 90, 0, 270])
        if n_players == 3:
            pawns = pawns.where(lambda r: r[1] != 2)
            dice = dice.where(lambda r: r[1] != 2)
    return bind_rows(tiles, upright, across, coins, pawns, dice)


def _sorted_by_suit(frame: Frame) -> Frame:
    """``arrange(df, suit)``: a stable sort by suit."""
    order = sorted(range(len(frame)), key=lambda k: frame.suit[k])
    return frame.rows([k + 1 for k in order])


# -- Piece Gaps ---------------------------------------------------------------------

@ppdf_setup("piecepack_piece_gaps", seeded=True)
def piece_gaps(rng: RRandom) -> Frame:
    """Piece Gaps: the 20 tiles other than nulls, face up and shuffled, in a 6x4 grid with four gaps."""
    tiles = _tiles(x=rep(seq(2, 12, 2), 4), y=rep(seq(2, 8, 2), each=6), suit=rep([1, 2, 3, 4], 6),
                   rank=rep(list(range(1, 7)), each=4))
    tiles = slice_sample_piece(rng, tiles)
    return tiles.where([r != 1 for r in tiles.rank])


# -- Piece Packing Pirates ----------------------------------------------------------

def _union(a: list[str], b: Sequence[str]) -> list[str]:
    return list(dict.fromkeys([*a, *b]))


def _cell(x: int, y: int) -> str:
    return f"{x}_{y}"


def _pirates_impossible(x: int, y: int) -> list[str]:
    return [_cell(x + dx, y + dy) for dx in (-1, 0, 1) for dy in (-1, 0, 1)]


def _pirates_possible(x: int, y: int) -> list[str]:
    return [*[_cell(x - 2, y + d) for d in (-1, 0, 1)], *[_cell(x + dx, y + d) for dx in (-1, 0, 1) for d in (-2, 2)],
            *[_cell(x + 2, y + d) for d in (-1, 0, 1)]]


@ppdf_setup("piecepack_piece_packing_pirates", seeded=True)
def piece_packing_pirates(rng: RRandom) -> Frame:
    """Piece Packing Pirates: 24 tile backs grown at random into an archipelago, each tile
    touching another only at an edge's half."""
    new = (0, 0)
    placed = [new]
    impossible: list[str] = []
    possible: list[str] = []
    while len(placed) < 24:
        impossible = _union(impossible, _pirates_impossible(*new))
        possible = _union(possible, _pirates_possible(*new))
        banned = set(impossible)
        possible = [p for p in possible if p not in banned]
        if not possible:
            raise SetupError("Piece Packing Pirates found no place for a tile", expected="another seed")
        sx, sy = possible[rng.sample_int(len(possible), 1)[0] - 1].split("_")
        new = (int(sx), int(sy))
        placed.append(new)
    min_x = min(p[0] for p in placed)
    min_y = min(p[1] for p in placed)
    tiles = _tiles(side="back", x=[p[0] - min_x + 1.5 for p in placed], y=[p[1] - min_y + 1.5 for p in placed],
                   suit=rep([1, 2, 3, 4], 6), rank=rep(list(range(1, 7)), each=4))
    return slice_sample_piece(rng, mutate_sample_angle(rng, tiles))


# -- Piecepackman -------------------------------------------------------------------

def _roundabout(rng: RRandom) -> Frame:
    """ppdf's ``piecepack_roundabout``: Piecepackman's "Roundabout" maze of matchsticks, its
    ghosts (coins), Piecepackman and the pawns."""
    ranks = [rng.sample([r for r in range(2, 7) if r != banned], 1)[0] for banned in (2, 4, 5, 3)]
    coins = _coins(side="back", x=[1, 1, 10, 10], y=[1, 10, 10, 1], suit=[4, 3, 2, 1], rank=ranks)
    pawns = _pawns(x=[5, 5, 6, 6], y=[5, 6, 6, 5], suit=[4, 2, 3, 1])
    null_coin = _coins(x=6, y=4, rank=1, suit=1)
    mav = _matchsticks(rank=2, x=[0.5 + v for v in (4, 4, 6, 6, 5, 5)], y=[6, 8, 8, 5, 2, 3],
                       suit=[2, 2, 2, 1, 4, 4])
    mah = _matchsticks(rank=2, angle=90, x=[3, 8, 5, 6, 3, 8], y=[0.5 + v for v in (9, 9, 4, 4, 2, 2)],
                       suit=[2, 2, 1, 1, 4, 4])
    m3v = _matchsticks(rank=4, x=[0.5 + v for v in (1, 9, 5, 1, 9)], y=[0.5 + v for v in (2, 2, 8, 8, 8)],
                       suit=[4, 4, 2, 3, 3])
    m3h = _matchsticks(rank=4, angle=90,
                       x=[0.5 + v for v in (3, 4, 6, 7, 5, 2, 2, 8, 8, 2, 2, 8, 8, 3, 7, 4, 6, 3, 7)],
                       y=[0.5 + v for v in (8, 9, 9, 8, 6, 6, 7, 6, 7, 4, 5, 4, 5, 3, 3, 2, 2, 1, 1)],
                       suit=[*[2] * 5, *[3] * 4, *[1] * 6, *[4] * 4])
    return bind_rows(coins, pawns, null_coin, mav, mah, m3v, m3h)


def _r_number(value: float) -> str:
    """``paste(value)`` of a coordinate: whole numbers without a decimal point."""
    return str(int(value)) if float(value).is_integer() else repr(float(value))


_PIECEPACKMAN_VARIANTS: dict[str, Callable[[RRandom], Frame]] = {"Roundabout": _roundabout}


@ppdf_setup("piecepack_piecepackman", seeded=True, arguments=(
    Argument("variant", "text", "Roundabout", "the variant (its maze); only Roundabout is supported",
             choices=tuple(_PIECEPACKMAN_VARIANTS)),))
def piecepackman(rng: RRandom, *, variant: str = "Roundabout") -> Frame:
    """Piecepackman: a maze of tile backs and matchsticks, ghosts, Piecepackman, and 24 null
    matchsticks as pellets on free cells."""
    if variant not in _PIECEPACKMAN_VARIANTS:
        raise SetupError(f"Piecepackman argument 'variant' cannot be '{variant}'", token=str(variant),
                         expected="Roundabout")
    tiles = _tiles(side="back", x=[0.5 + v for v in [*rep(seq(1, 9, 2), 4), *seq(2, 8, 2)]],
                   y=[0.5 + v for v in [*rep([1, 3, 7, 9], each=5), *rep(5, 4)]])
    maze = _PIECEPACKMAN_VARIANTS[variant](rng)
    taken = {f"{_r_number(x)}_{_r_number(y)}" for ps, x, y in zip(maze.piece_side, maze.x, maze.y)
             if "matchstick" not in ps}
    taken |= {"1_5", "1_6", "10_5", "10_6"}
    free = [(x, y) for y in range(1, 11) for x in range(1, 11) if f"{x}_{y}" not in taken]
    # ppdf seeds again here, so that the pellets do not depend on the variant's draws
    pellets = [free[k - 1] for k in RRandom(rng.seed).sample_int(len(free), 24)]
    nulls = _matchsticks(suit=rep([1, 2, 3, 4], each=6), rank=1, x=[p[0] for p in pellets],
                         y=[p[1] for p in pellets])
    return bind_rows(tiles, maze, nulls)


# -- Plans of Action ----------------------------------------------------------------

@ppdf_setup("piecepack_plans_of_action", seeded=True, arguments=(
    Argument("coins", "text", None, "the coins' suits (S M C A), 24 of them row by row from the top left, six "
             "of each suit; random by default"),))
def plans_of_action(rng: RRandom, *, coins: str | None = None) -> Frame:
    """Plans of Action: an 8x8 board of tile backs with a 6x4 block of coin backs in the middle."""
    board = piecepack_rectangular_board(rng, nrows=8, ncols=8)
    if coins is None:
        suits = rng.sample(rep([1, 2, 3, 4], 6), 24)
    else:
        suits = _suits_text(coins, 24, "coins")
        if max(suits.count(s) for s in set(suits)) > 6:
            raise SetupError("argument 'coins' gives more than six coins one suit", token=coins[:60],
                             expected="each suit at most six times")
    coin_frame = _coins(side="back", suit=suits, x=rep(list(range(2, 8)), 4), y=rep([6, 5, 4, 3], each=6),
                        rank=[None])
    return bind_rows(board, fill_piece_rank(rng, coin_frame))


# -- Relativity ---------------------------------------------------------------------

def _relativity_resample(ranks: list[int]) -> bool:
    return ranks[5] == ranks[3] == ranks[2] == ranks[0]


_RELATIVITY_ORDER = [*range(1, 4), *range(7, 10), *range(4, 7), *range(10, 13), *range(13, 16), *range(19, 22),
                     *range(16, 19), *range(22, 25)]


@ppdf_setup("piecepack_relativity", seeded=True, arguments=(Argument("coins", "text", None, _COINS_RANKS),))
def relativity(rng: RRandom, *, coins: str | None = None) -> Frame:
    """Relativity: a 6x4 board of tile backs with a face-up coin on every cell, two suits per half."""
    board = piecepack_rectangular_board(rng, nrows=4, ncols=6)
    if coins is None:
        ranks = [r for _ in range(4) for r in rng.sample_int(6)]
        while _relativity_resample(ranks):
            ranks = [r for _ in range(4) for r in rng.sample_int(6)]
        ranks = [ranks[k - 1] for k in _RELATIVITY_ORDER]
    else:
        ranks = _ranks_text(rng, coins, 24, "coins")
    coin_frame = _coins(rank=ranks, x=rep(list(range(1, 7)), 4), y=rep([4, 3, 2, 1], each=6),
                        suit=rep([1, 2, 1, 2, 4, 3, 4, 3], each=3))
    return bind_rows(board, coin_frame)


__all__ = ["domino_tiles", "fill_piece_rank", "fill_piece_suit", "fujisan", "galaxy_express", "ice_floe", "iceberg",
           "japan", "klondike", "ley_lines", "mathrix", "one_man_thrag", "pass_the_food", "pawns_crossing",
           "piece_gaps", "piece_packing_pirates", "piecepackman", "plans_of_action", "relativity"]
