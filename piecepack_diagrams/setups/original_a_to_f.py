"""Starting layouts of original piecepack games, Alien City to Froggy Bottom (ppdf's
``piecepack_games_original``, first part).

Each port places the same pieces in the same order as ppdf and, for a seeded game,
draws R's random numbers in ppdf's order, so that ``seed = N`` gives R's layout
after ``set.seed(N)``. Coin Collectors, also in this part of the alphabet, lives
in its own module.
"""

from __future__ import annotations

import math
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

from ..errors import SetupError
from ..rrandom import RRandom
from .arguments import Argument
from .components import (TileDeal, domino_tiles, mutate_sample_angle,
                         piecepack_coins, piecepack_dice, piecepack_donut_board,
                         piecepack_pawns, piecepack_rectangular_board, piecepack_tiles, process_ranks,
                         process_suits, process_tiles, random_dice, slice_sample_piece)
from .frame import Frame, bind_rows, rep, seq, to_x, to_y
from .registry import ppdf_setup

_SUITS_BY_SIX = rep([1, 2, 3, 4], each=6)
_RANKS_BY_SIX = rep(list(range(1, 7)), 4)


def _tiles_argument(count: int = 24) -> Argument:
    return Argument("tiles", "text", None,
                    f"the {count} tiles as text, one per tile: suit and rank (S5), suit and direction (S^, ranks "
                    "dealt at random) or suit, rank and direction (S5^); default: shuffled")


@contextmanager
def _argument(name: str) -> Iterator[None]:
    """Errors raised while reading the argument ``name`` say which argument it was."""
    try:
        yield
    except SetupError as exc:
        raise SetupError(f"argument '{name}': {exc.message}", token=exc.token, expected=exc.expected) from None


def _deal(rng: RRandom, tiles: str | None, count: int = 24) -> TileDeal:
    """``process_tiles(tiles, count)``, its errors naming the argument ``tiles``."""
    with _argument("tiles"):
        return process_tiles(rng, tiles, count)


def _ranks(rng: RRandom, text: str, count: int, name: str, *, one_for_all: bool = False) -> list[int]:
    """``process_ranks(text)``, which must give ``count`` ranks (or one, repeated, when ``one_for_all``)."""
    with _argument(name):
        ranks = process_ranks(rng, text)
    if one_for_all and len(ranks) == 1:
        ranks = ranks * count
    if len(ranks) != count or any(not 1 <= r <= 6 for r in ranks):
        raise SetupError(f"argument '{name}' must give {count} ranks, not '{text}'", token=text,
                         expected=f"{count} ranks written n, a, 2, 3, 4, 5")
    return ranks


def _coin_rows(frame: Frame, rows: list[int], **columns: Any) -> Frame:
    """``frame`` with the 0-based ``rows`` given new values of ``columns`` (one per row)."""
    values = {name: list(frame.column(name)) for name in columns}
    for name, new in columns.items():
        for row, value in zip(rows, new):
            values[name][row] = value
    return frame.mutate(**values)


# -- Alien City .. Burbuja --------------------------------------------------------------

@ppdf_setup("piecepack_alien_city", seeded=True, arguments=(_tiles_argument(20),))
def alien_city(rng: RRandom, *, tiles: str | None = None) -> Frame:
    """Twenty tiles (no nulls) face up in a 4x5 grid, shuffled and turned at random."""
    x = [0.5 + v for v in rep(seq(1, 7, 2), 5)]
    y = [0.5 + v for v in rep(seq(9, 1, -2), each=4)]
    if tiles is None:
        suits = rep([1, 2, 3, 4], each=5)
        ranks = [r + 1 for r in rep(list(range(1, 6)), 4)]
        angles = rng.sample([0.0, 90.0, 180.0, 270.0], 20, replace=True)
        order = rng.sample_int(20)
        suits, ranks, angles = ([v[i - 1] for i in order] for v in (suits, ranks, angles))
    else:
        deal = _deal(rng, tiles, 20)
        suits, ranks, angles = deal.suit, deal.rank, deal.angle
    return Frame.of(piece_side="tile_face", suit=suits, rank=ranks, x=x, y=y, angle=angles)


_TRUCKING_X = [7, 9, 8, 10, 8, 10, 3, 5, 9, 11, 2, 4, 10, 12, 2, 4, 14, 8, 10, 12, 14, 10, 12, 8]
_TRUCKING_Y = [15, 15, 13, 13, 11, 11, 10, 10, 9, 9, 8, 8, 7, 7, 6, 6, 6, 5, 5, 5, 4, 3, 3, 2]


@ppdf_setup("piecepack_black_pawn_trucking", seeded=True)
def black_pawn_trucking(rng: RRandom) -> Frame:
    """Tiles shuffled along a winding road, dice choosing four cargo tiles (coins on them) and the Moons pawn."""
    tiles = slice_sample_piece(rng, piecepack_tiles(rng, side="face", x=[v - 0.5 for v in _TRUCKING_X],
                                                    y=[v - 0.5 for v in _TRUCKING_Y]))
    dice = piecepack_dice(rng, x=[1, 2, 1, 2], y=[2, 2, 1, 1], rank=random_dice(rng))
    rolled = set(zip(dice.rank, dice.suit))
    chosen = tiles.where(lambda r: (r[2], r[1]) in rolled)
    pawn = chosen.where(lambda r: r[1] == 2)
    pawn = pawn.mutate(piece_side="pawn_face", rank=1, x=[v + 0.5 for v in pawn.x], y=[v + 0.5 for v in pawn.y])
    drawn = rng.sample_int(24, 4)
    coins = chosen.mutate(piece_side="coin_back", x=[v + 0.5 for v in chosen.x], y=[v - 0.5 for v in chosen.y],
                          rank=[_RANKS_BY_SIX[i - 1] for i in drawn], suit=[_SUITS_BY_SIX[i - 1] for i in drawn])
    return bind_rows(tiles, dice, coins, pawn)


@ppdf_setup("piecepack_brain_burn", seeded=True)
def brain_burn(rng: RRandom) -> Frame:
    """The 24 tiles shuffled on a 5x5 grid with one random hole, a shuffled coin on each."""
    grid = Frame.of(piece_side="tile_face", x=rep(seq(1.5, 10, 2), 5), y=rep(seq(1.5, 10, 2), each=5))
    holed = grid.rows([-rng.sample_int(25, 1)[0]])
    tiles = slice_sample_piece(rng, holed.mutate(suit=_SUITS_BY_SIX, rank=_RANKS_BY_SIX))
    coins = tiles.mutate(piece_side="coin_face", x=[v + 0.5 for v in tiles.x], y=[v - 0.5 for v in tiles.y],
                         suit=_SUITS_BY_SIX, rank=_RANKS_BY_SIX)
    return bind_rows(tiles, slice_sample_piece(rng, coins))


@ppdf_setup("piecepack_burbuja", seeded=True, arguments=(_tiles_argument(),))
def burbuja(rng: RRandom, *, tiles: str | None = None) -> Frame:
    """A donut of face-up tiles, each suit's coins in a shuffled stack (one face up) and the four pawns."""
    deal = _deal(rng, tiles)
    board = piecepack_donut_board(rng, suit=deal.suit, rank=deal.rank, angle=deal.angle, x0=5.5, y0=9.5,
                                  side="face")
    ranks = [r for _ in range(4) for r in rng.sample_int(6)]
    coins = Frame.of(piece_side=rep(["coin_back"] * 5 + ["coin_face"], 4), suit=_SUITS_BY_SIX, rank=ranks,
                     x=[float(v) for v in rep(seq(2, by=2, length_out=4), each=6)],
                     y=[float(v) for v in rep([4] * 5 + [2], 4)])
    pawns = piecepack_pawns(rng, x=seq(3, by=2, length_out=4), y=3)
    return bind_rows(board, coins, pawns)


# -- Cardinal's Guards .. Chinese Checkers -----------------------------------------------

@ppdf_setup("piecepack_cardinals_guards", seeded=True, arguments=(_tiles_argument(),))
def cardinals_guards(rng: RRandom, *, tiles: str | None = None) -> Frame:
    """A donut of face-up tiles, shuffled coin backs around it, the four dice and the pawns on the null tiles."""
    deal = _deal(rng, tiles)
    board = piecepack_donut_board(rng, suit=deal.suit, rank=deal.rank, angle=deal.angle, x0=3.5, y0=3.5,
                                  side="face")
    coins = slice_sample_piece(rng, piecepack_coins(rng, side="back"))
    five = seq(4, by=2, length_out=5)
    coins = coins.mutate(x=[float(v) for v in rep([2, 14], each=5) + rep(five, 2) + [18] * 4],
                         y=[float(v) for v in rep(five, 2) + rep([2, 14], each=5) + seq(2, by=2, length_out=4)])
    dice = piecepack_dice(rng, rank=1, x=16, y=seq(2, by=2, length_out=4))
    pawns = board.where(lambda r: r[2] == 1).mutate(piece_side="pawn_face")
    return bind_rows(board, coins, dice, pawns).with_scale(2.0)


@ppdf_setup("piecepack_cell_management", seeded=True)
def cell_management(rng: RRandom) -> Frame:
    """A hexagon of Suns and Crowns tiles, the Moons tiles played around it with coin pairs, two guard pawns."""
    x0, y0 = 5.5, 4.5 + math.sqrt(3)
    thetas = seq(30, 330, 60)
    r = math.sqrt(3) + 1
    hexagon = Frame.of(piece_side="tile_face", suit=1, rank=rng.sample_int(6),
                       x=[x0 + to_x(t, r) for t in thetas], y=[y0 + to_y(t, r) for t in thetas],
                       angle=[t - 90 for t in thetas])
    crowns = rng.sample_int(6, 3)
    hexagon = hexagon.mutate(suit=[3 if k + 1 in crowns else s for k, s in enumerate(hexagon.suit)])
    moon_ranks = [v + 1 for v in rng.sample_int(5)] + [1]
    moons: dict[str, list[Any]] = {"x": [], "y": [], "angle": []}
    coins: dict[str, list[Any]] = {"x": [], "y": [], "angle": [], "suit": [], "rank": []}
    last_played = 1
    for rank in moon_ranks:
        angle = hexagon.angle[hexagon.rank.index(last_played)]
        theta = angle + 90
        xt = x0 + to_x(theta, math.sqrt(3) + 3)
        yt = y0 + to_y(theta, math.sqrt(3) + 3)
        last_played = rank
        moons["x"].append(xt)
        moons["y"].append(yt)
        moons["angle"].append(angle)
        for turn, suit in ((-135, 1), (135, 2)):
            coins["x"].append(xt + to_x(theta + turn, 0.5 * math.sqrt(2)))
            coins["y"].append(yt + to_y(theta + turn, 0.5 * math.sqrt(2)))
            coins["angle"].append(angle)
            coins["suit"].append(suit)
            coins["rank"].append(rank)
    moon_tiles = Frame.of(piece_side="tile_face", suit=2, rank=moon_ranks, x=moons["x"], y=moons["y"],
                          angle=moons["angle"])
    coin_frame = Frame.of(piece_side="coin_face", suit=coins["suit"], rank=coins["rank"], x=coins["x"],
                          y=coins["y"], angle=coins["angle"])
    guards = piecepack_pawns(rng, suit=[1, 2], x=[x0 + 4, x0 + 5], y=y0)
    return bind_rows(hexagon, moon_tiles, coin_frame, guards)


@ppdf_setup("piecepack_chariots")
def chariots(rng: RRandom) -> Frame:
    """The 24 tiles face down as Chariots' race track."""
    x = rep(seq(5.5, 9.5, 2), 4) + rep([3.5, 11.5], 4) + rep([1.5, 13.5], 2)
    y = rep([9.5, 7.5, 3.5, 1.5], each=3) + rep([2.0, 4.0, 7.0, 9.0], each=2) + rep([4.5, 6.5], each=2)
    return piecepack_tiles(rng, side="back", x=x, y=y)


_HALMA_X = [1, 2, 3, 1, 2, 1, 6, 7, 8, 7, 8, 8, 8, 7, 8, 6, 7, 8, 1, 1, 2, 1, 2, 3]
_HALMA_Y = [8, 8, 8, 7, 7, 6, 8, 8, 8, 7, 7, 6, 3, 2, 2, 1, 1, 1, 3, 2, 2, 1, 1, 1]


@ppdf_setup("piecepack_chinese_checkers")
def chinese_checkers(rng: RRandom) -> Frame:
    """An 8x8 board of tile backs with each suit's six coins in a triangle in one corner."""
    board = piecepack_rectangular_board(rng, nrows=8, ncols=8)
    coins = piecepack_coins(rng, side="back", x=_HALMA_X, y=_HALMA_Y,
                            angle=[45 + a for a in rep([180, 90, 0, -90], each=6)])
    return bind_rows(board, coins)


@ppdf_setup("piecepack_halma")
def halma(rng: RRandom) -> Frame:
    """An 8x8 board of tile backs with each suit's six coins in a triangle in one corner."""
    return chinese_checkers(rng)


# -- Climbing Man .. Dominoids -----------------------------------------------------------

def _any_adjacent(frame: Frame) -> bool:
    """True when two rows lie a unit apart horizontally or vertically (ppdf's ``any_adjacent_coins``)."""
    points = list(zip(frame.x, frame.y))
    for i, (xi, yi) in enumerate(points):
        for j, (xj, yj) in enumerate(points):
            if i != j and ((xj == xi and abs(yj - yi) == 1) or (abs(xj - xi) == 1 and yj == yi)):
                return True
    return False


@ppdf_setup("piecepack_climbing_man", seeded=True, arguments=(
    Argument("variant", "text", "Basic", "the variant: Basic (a coin at a random corner of each tile) or Free "
             "(players build the mountain: nothing set up)", choices=("Basic", "Free")),))
def climbing_man(rng: RRandom, *, variant: str = "Basic") -> Frame:
    """An 8x12 board of tile backs with a shuffled coin back at a random corner of each tile, no two adjacent."""
    if variant == "Free":
        return Frame()
    board = piecepack_rectangular_board(rng, nrows=12, ncols=8, y0=2)
    while True:
        dx = rng.sample([-0.5, 0.5], 24, replace=True)
        dy = rng.sample([-0.5, 0.5], 24, replace=True)
        coins = board.mutate(x=[a + b for a, b in zip(board.x, dx)], y=[a + b for a, b in zip(board.y, dy)])
        if not _any_adjacent(coins):
            break
    coins = coins.mutate(piece_side="coin_back", suit=_SUITS_BY_SIX, rank=_RANKS_BY_SIX)
    return bind_rows(board, slice_sample_piece(rng, coins))


@ppdf_setup("piecepack_crocodile_hop", seeded=True)
def crocodile_hop(rng: RRandom) -> Frame:
    """Shuffled lily-pond tiles, coin backs in a 6x4 block (the last pond's coin left out), dice and pawns."""
    x = rep(rep([1.0, 3.0, 6.5, 8.5, 10.5], 2), [8, 8] + [1] * 8)
    y = rep([3.0, 3.5, 1.0, 1.5], [16, 3, 2, 3])
    tiles = slice_sample_piece(rng, piecepack_tiles(
        rng, piece_side=["tile_" + side for side in rep(["back", "face", "back"], [19, 2, 3])], x=x, y=y))
    suits = [s for _ in range(6) for s in rng.sample_int(4)]
    coins = piecepack_coins(rng, side="back", x=rep(seq(6, by=1, length_out=6), each=4), y=rep([4, 3, 2, 1], 6),
                            suit=suits, rank=rep([2, 3, 4, 5, 6, 1], each=4))
    last = (tiles.suit[23], tiles.rank[23])
    coins = coins.where(lambda r: (r[1], r[2]) != last)
    while True:
        dice = piecepack_dice(rng, x=seq(6, by=1, length_out=4), y=5, rank=random_dice(rng))
        if last not in zip(dice.suit, dice.rank):
            break
    rolled = set(zip(dice.suit, dice.rank))
    pawns = coins.where(lambda r: (r[1], r[2]) in rolled).mutate(piece_side="pawn_face", rank=1)
    return bind_rows(tiles, coins, dice, pawns)


@ppdf_setup("piecepack_desfases", seeded=True, arguments=(
    _tiles_argument(),
    Argument("dice", "text", None, "the four dice's ranks as text (n, a, 2 .. 5), Suns to Arms; default: rolled "
             "at random")))
def desfases(rng: RRandom, *, tiles: str | None = None, dice: str | None = None) -> Frame:
    """The tiles on a 5x5 grid with gaps (centre empty), each player's coins, die and pawn around it."""
    cells = [(2 + x, 2 + y) for y in seq(1, by=3, length_out=5) for x in seq(1, by=3, length_out=5)]
    del cells[12]
    if tiles is None:
        order = rng.sample_int(24)
        suits = [rep([1, 2, 3, 4], 6)[i - 1] for i in order]
        ranks = [rep(list(range(1, 7)), each=4)[i - 1] for i in order]
        angles = [float((s + 1) * -90 % 360) for s in suits]
    else:
        deal = _deal(rng, tiles)
        suits, ranks, angles = deal.suit, deal.rank, deal.angle
    board = Frame.of(piece_side="tile_face", suit=suits, rank=ranks, x=[float(c[0]) for c in cells],
                     y=[float(c[1]) for c in cells], angle=angles)
    coins = piecepack_coins(rng, side="face", x=list(range(14, 8, -1)) + [17] * 6 + list(range(4, 10)) + [1] * 6,
                            y=[17] * 6 + list(range(4, 10)) + [1] * 6 + list(range(14, 8, -1)),
                            angle=rep([180, 90, 0, -90], each=6))
    ranks_rolled = random_dice(rng) if dice is None else _ranks(rng, dice, 4, "dice")
    die_frame = piecepack_dice(rng, x=[7, 17, 11, 1], y=[17, 11, 1, 7], angle=[180, 90, 0, -90], rank=ranks_rolled)
    sides, cx, cy = list(coins.piece_side), list(coins.x), list(coins.y)
    px, py = list(die_frame.x), list(die_frame.y)
    for i, rank in enumerate(ranks_rolled):
        for k in range(len(coins)):
            if coins.rank[k] == rank and coins.suit[k] == i + 1:
                sides[k], cx[k], cy[k] = "coin_back", die_frame.x[i], die_frame.y[i]
        where = [k for k in range(len(board)) if board.rank[k] == rank and board.suit[k] == i + 1]
        if len(where) != 1:
            raise SetupError(f"argument 'tiles' has {len(where)} tiles of suit {i + 1} and rank {rank}",
                             token=str(tiles)[:60], expected="each of the 24 tiles once")
        px[i], py[i] = board.x[where[0]], board.y[where[0]]
    coins = coins.mutate(piece_side=sides, x=cx, y=cy)
    pawns = die_frame.mutate(piece_side="pawn_face", rank=1, x=px, y=py)
    return bind_rows(board, coins, die_frame, pawns).with_scale(3.0)


@ppdf_setup("piecepack_dominoids", seeded=True)
def dominoids(rng: RRandom) -> Frame:
    """An 8x8 board of 16 tile backs, pawns, coin stacks and 15 dominoes (double-five, no blanks), four in play."""
    board = piecepack_rectangular_board(rng, nrows=8, ncols=8, suit=rep([1, 2, 3], [6, 6, 4]),
                                        rank=list(range(1, 7)) * 2 + [1, 2, 3, 4])
    pawns = piecepack_pawns(rng, x=[2, 3, 7, 6], y=[3, 7, 6, 2], suit=rng.sample_int(4))
    ranks = [r for _ in range(4) for r in rng.sample_int(6)]
    coins = piecepack_coins(rng, side="back", rank=ranks, x=rep([2, 4, 6, 8], each=6), y=10)
    firsts = [6 * (s - 1) for s in pawns.suit]
    coins = _coin_rows(coins, firsts, x=[1.0, 3.0, 8.0, 6.0], y=[3.0, 8.0, 6.0, 1.0])
    deck = slice_sample_piece(rng, domino_tiles(6).rows([-k for k in range(1, 7)]))
    row = mutate_sample_angle(rng, deck.rows(list(range(5, 16))).mutate(x=list(range(1, 12)), y=12.0),
                              (0, 180))
    played = deck.rows([1, 2, 3, 4])
    angles = [rng.sample([90.0, 270.0], 1)[0], rng.sample([0.0, 180.0], 1)[0], rng.sample([90.0, 270.0], 1)[0],
              rng.sample([0.0, 180.0], 1)[0]]
    played = played.mutate(angle=angles, x=[3.5, 3.0, 5.5, 6.0], y=[3.0, 5.5, 6.0, 3.5])
    markers = piecepack_tiles(rng, x=10.5, y=[7.5, 2.5], suit=[4, 3], rank=[1, 6])
    dice = piecepack_dice(rng, x=[10, 11, 11, 10], y=[3, 3, 2, 2], rank=random_dice(rng))
    return bind_rows(board, pawns, coins, row, played, markers, dice)


# -- Easy Slider .. Froggy Bottom --------------------------------------------------------

@ppdf_setup("piecepack_easy_slider", seeded=True, arguments=(
    _tiles_argument(),
    Argument("coins", "text", None, "the five Suns coins' ranks as text (n, a, 2 .. 5), left to right (one rank "
             "is used for all); default: ace to 5 shuffled"),
    Argument("pawns", "text", None, "the four pawns' suits as text (S, M, C, A), top to bottom (one suit is used "
             "for all); default: shuffled")))
def easy_slider(rng: RRandom, *, tiles: str | None = None, coins: str | None = None,
                pawns: str | None = None) -> Frame:
    """The tiles face up in a 5x5 grid short of one corner, five Suns coins above, the pawns at the left."""
    x = [2.0 + v for v in rep(seq(0, 8, 2), 4) + [0, 2, 4, 6]]
    y = [2.0 + v for v in rep([8, 6, 4, 2], each=5) + [0] * 4]
    deal = _deal(rng, tiles)
    board = Frame.of(piece_side="tile_face", suit=deal.suit, rank=deal.rank, x=x, y=y, angle=deal.angle)
    ranks = [v + 1 for v in rng.sample_int(5)] if coins is None else _ranks(rng, coins, 5, "coins", one_for_all=True)
    coin_frame = piecepack_coins(rng, x=seq(2, 10, 2), y=11.5, rank=ranks, suit=1)
    if pawns is None:
        suits = rng.sample_int(4)
    else:
        with _argument("pawns"):
            suits = process_suits(pawns)
        suits = suits * 4 if len(suits) == 1 else suits
        if len(suits) != 4 or any(not 1 <= s <= 4 for s in suits):
            raise SetupError(f"argument 'pawns' must give four suits, not '{pawns}'", token=pawns,
                             expected="four suits written S, M, C, A")
    pawn_frame = piecepack_pawns(rng, x=0.5, y=seq(10, 4, -2), suit=suits)
    return bind_rows(board, coin_frame, pawn_frame).with_scale(2.0)


@ppdf_setup("piecepack_everest")
def everest(rng: RRandom) -> Frame:
    """The 24 tiles face down stacked as a five-level mountain, the pawns at its corners."""
    base = piecepack_tiles(rng, side="back", x=[0.5 + v for v in seq(1, 7, 2) + seq(2, 6, 2) + seq(1, 7, 2)],
                           y=[0.5 + v for v in [1] * 4 + [3] * 3 + [5] * 4], suit=1, rank=1)
    levels = [piecepack_rectangular_board(rng, nrows=4, ncols=6, x0=2, y0=2),
              piecepack_rectangular_board(rng, nrows=4, ncols=4, x0=3, y0=2),
              piecepack_rectangular_board(rng, nrows=2, ncols=4, x0=3, y0=3),
              piecepack_tiles(rng, side="back", x=4.5, y=3.5, suit=1, rank=1)]
    tiles = bind_rows(base, *levels).mutate(suit=_SUITS_BY_SIX, rank=_RANKS_BY_SIX)
    return bind_rows(tiles, piecepack_pawns(rng, x=[1, 8, 8, 1], y=[5, 5, 2, 2]))


@ppdf_setup("piecepack_four_blind_mice")
def four_blind_mice(rng: RRandom) -> Frame:
    """An 8x8 board of 16 tile backs."""
    return piecepack_rectangular_board(rng, ncols=8, nrows=8)


@ppdf_setup("piecepack_froggy_bottom")
def froggy_bottom(rng: RRandom) -> Frame:
    """A 6x8 board of 12 tile backs."""
    return piecepack_rectangular_board(rng, ncols=6, nrows=8)


__all__ = ["alien_city", "black_pawn_trucking", "brain_burn", "burbuja", "cardinals_guards", "cell_management",
           "chariots", "chinese_checkers", "climbing_man", "crocodile_hop", "desfases", "dominoids",
           "easy_slider", "everest", "four_blind_mice", "froggy_bottom", "halma"]
