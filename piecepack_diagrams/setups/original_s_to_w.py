"""Starting layouts of the original piecepack games from San Andreas to Wormholes, as ppdf sets them up.

Each port reproduces ppdf's ``piecepack_<game>()`` (from ``piecepack_games_original.R``):
the same pieces in the same order, and, for the random setups, the layout R gives after
``set.seed(seed)``, because every random draw is taken from the :class:`RRandom` stream
in R's order. Twelve Men's Morris is ppdf's alias of its Nine Men's Morris layout, and
Accordion is another name of Tower of Babel.
"""

from __future__ import annotations

from ..errors import SetupError
from ..rrandom import RRandom
from .arguments import Argument
from .components import (domino_tiles, mutate_sample_angle, piecepack_coins, piecepack_dice, piecepack_donut_board,
                         piecepack_pawns, piecepack_rectangular_board, piecepack_tiles,
                         process_tiles, slice_sample_piece)
from .frame import Frame, bind_rows, rep, seq
from .registry import ppdf_setup

_TILES = Argument("tiles", "text", None,
                  "the tile layout as text (suit and rank, suit and direction, or all three per tile); "
                  "default: shuffled at random")
_CFG2_DOC = "piecepackr configuration of the second set of pieces: an expansion (or another piecepack)"
_TULA_VARIANTS = ("Original", "Variant 1", "Variant 2", "Variant 3", "Variant 4")


def _plus(values: list[float], offset: float) -> list[float]:
    return [float(offset + v) for v in values]


def _expand_grid_shuffle(rng: RRandom, draws: int = 1) -> tuple[list[int], list[int]]:
    """Suits and ranks of ``expand.grid(suit = 1:4, rank = 1:6)`` taken in the order of
    ``draws`` successive ``sample.int(24)``."""
    suits = rep([1, 2, 3, 4], 6)
    ranks = rep(list(range(1, 7)), each=4)
    order = [i for _ in range(draws) for i in rng.sample_int(24)]
    return [suits[i - 1] for i in order], [ranks[i - 1] for i in order]


@ppdf_setup("piecepack_san_andreas")
def san_andreas(rng: RRandom) -> Frame:
    """23 tile backs in a staircase of short rows running down and to the right."""
    x = _plus([*rep([1, 3, 5], 3), 2, 4, 6, 3, 5, 7, 4, 6, 8, 5, 7, 9, 7, 9], 0.5)
    y = _plus([*rep([15, 13, 11, 9, 7, 5, 3], each=3), 1, 1], 0.5)
    return piecepack_tiles(rng, side="back", x=x, y=y, length_out=23)


@ppdf_setup("piecepack_sarcophagus", seeded=True)
def sarcophagus(rng: RRandom) -> Frame:
    """A pyramid of 24 shuffled tile backs, the six sarcophagus tiles (nulls and fives) at its foot."""
    coffin = slice_sample_piece(rng, piecepack_tiles(
        rng, side="back", suit=[4, 3, 4, 3, 2, 1], rank=[1, 1, 6, 6, 6, 6],
        x=rep([6.5, 5.5, 7.5], 2), y=rep([3.5, 1.5, 1.5], 2)))
    other = slice_sample_piece(rng, piecepack_tiles(
        rng, side="back", suit=[2, 1, *rep([4, 3, 2, 1], each=4)], rank=[1, 1, *rep([2, 3, 4, 5], 4)],
        x=[6.5, 5.5, 7.5, 4.5, 6.5, 8.5, *seq(3.5, 9.5, 2), 2.5, 4.5, 8.5, 10.5, 1.5, 3.5, 9.5, 11.5],
        y=rep(seq(11.5, 1.5, -2), [1, 2, 3, 4, 4, 4])))
    return bind_rows(coffin, other)


def _tile_corner(angle: float) -> tuple[float, float]:
    """The offset from a Ship It! tile's centre to the cell its coin or pawn takes."""
    if angle == 0:
        return 0.5, -0.5
    if angle == 90:
        return 0.5, 0.5
    if angle == 180:
        return -0.5, 0.5
    return -0.5, -0.5


@ppdf_setup("piecepack_ship_it", seeded=True)
def ship_it(rng: RRandom) -> Frame:
    """Shuffled turned tiles grouped into cities of up to three suits, with coins, pawns, dice
    and a block of 28 face-down dominoes."""
    tiles = slice_sample_piece(rng, mutate_sample_angle(rng, piecepack_tiles(rng, x=0.0, y=0.0)))
    coin_ranks = [r + 1 for _ in range(4) for r in rng.sample_int(5)]
    order = [1, 6, 11, 16, 2, 7, 12, 17, 3, 8, 13, 18, 4, 9, 14, 19, 5, 10, 15, 20]
    coins = piecepack_coins(rng, side="back", suit=rep([1, 3, 4, 2], each=5), rank=coin_ranks,
                            x=0.0, y=0.0).rows(order)
    pawns = piecepack_pawns(rng, x=0.0, y=0.0)
    dice = piecepack_dice(rng, x=0.0, y=0.0, rank=2)
    tx, ty = list(tiles.x), list(tiles.y)
    coin_x, coin_y = list(coins.x), list(coins.y)
    pawn_x, pawn_y = list(pawns.x), list(pawns.y)
    die_x, die_y = list(dice.x), list(dice.y)
    placed: list[int] = []
    city_row = city_col = 1
    city_suits: list[int] = []
    city_length = 0
    col_length = 1
    tile_x, tile_y = 1.5, 13.5
    i_coin = 0
    for i in range(24):
        suit, rank = tiles.suit[i], tiles.rank[i]
        tx[i], ty[i] = tile_x, tile_y
        placed.append(i)
        city_length += 1
        city_suits.append(suit)
        xo, yo = _tile_corner(tiles.angle[i])
        if rank == 1:
            die_x[suit - 1], die_y[suit - 1] = tile_x - xo, tile_y + yo
        if rank != 2:
            coin_x[i_coin], coin_y[i_coin] = tile_x + xo, tile_y + yo
            i_coin += 1
        else:
            pawn_x[suit - 1], pawn_y[suit - 1] = tile_x + xo, tile_y + yo
        if i == 23:
            break
        if tiles.suit[i + 1] in city_suits or city_length == 3:
            city_row, city_length, city_suits = 1, 0, []
            if col_length == 3:
                col_length, city_col = 1, 1
                tile_y = 13.5
                tile_x = max(tx[k] for k in placed) + 4
            else:
                col_length += 1
                tile_y -= 4
        elif city_row == 1 and city_col == 1:
            city_col = 2
            tile_x += 2
        elif city_row == 1 and city_col == 2:
            city_row = 2
            tile_y -= 2
        elif city_row == 2 and city_col == 2:
            city_col = 1
            tile_x -= 2
    tiles = tiles.mutate(x=tx, y=ty)
    coins = coins.mutate(x=coin_x, y=coin_y)
    pawns = pawns.mutate(x=pawn_x, y=pawn_y)
    dice = dice.mutate(x=die_x, y=die_y)
    dominoes = domino_tiles(7, side="back",
        x=[max(tx) + 5.5 + v for v in rep(seq(1, by=2, length_out=7), each=4)],
        y=[max(ty) - 0.5 - v for v in rep(seq(0, by=3, length_out=4), 7)])
    dominoes = slice_sample_piece(rng, mutate_sample_angle(rng, dominoes, (0, 180)))
    return bind_rows(tiles, coins, pawns, dice, dominoes)


@ppdf_setup("piecepack_shopping_mall", seeded=True, arguments=(
    Argument("cfg2", "text", "go", _CFG2_DOC + "; its bits are the pennies and nickels"),))
def shopping_mall(rng: RRandom, *, cfg2: str = "go") -> Frame:
    """20 shuffled, turned tile faces (no nulls) as the mall, with 13 pennies and 3 nickels of an expansion."""
    order = rng.sample_int(20)
    suits = rep([1, 2, 3, 4], 5)
    ranks = rep([2, 3, 4, 5, 6], 4)
    shops = Frame.of(piece_side="tile_face", suit=[suits[i - 1] for i in order], rank=[ranks[i - 1] for i in order],
                     x=_plus([1, 5, 9, 11, 13, 5, 1, 5, 9, 13, 1, 3, 7, 9, 13, 1, 3, 7, 11, 13], 3),
                     y=_plus(rep([13, 11, 9, 5, 1], [5, 1, 4, 5, 5]), 3))
    shops = mutate_sample_angle(rng, shops)
    pennies = Frame.of(piece_side="bit_face", suit=1, rank=1, cfg=cfg2,
                       x=_plus([7, 3, 9, 3, 11, 1, 7, 1, 7, 11, 5, 15, 1], 3),
                       y=_plus([17, 15, 13, 11, 11, 9, 9, 5, 5, 5, 3, 3, 1], 1))
    nickels = Frame.of(piece_side="bit_face", suit=2, rank=1, cfg=cfg2, x=_plus([1, 17, 11], 1),
                       y=_plus([13, 13, 1], 1))
    return bind_rows(shops, pennies, nickels)


@ppdf_setup("piecepack_skyscrapers", seeded=True, arguments=(_TILES,))
def skyscrapers(rng: RRandom, *, tiles: str | None = None) -> Frame:
    """A donut of 24 tile faces with a pawn on each null tile."""
    deal = process_tiles(rng, tiles)
    board = piecepack_donut_board(rng, suit=deal.suit, rank=deal.rank, angle=deal.angle, x0=1.0, y0=1.0,
                                  side="face")
    pawns = board.where(lambda r: r[2] == 1)
    pawns = pawns.mutate(piece_side="pawn_face", x=[v + 0.5 for v in pawns.x], y=[v - 0.5 for v in pawns.y])
    return bind_rows(board, pawns)


@ppdf_setup("piecepack_slides_of_action")
def slides_of_action(rng: RRandom) -> Frame:
    """A 4x4 board of tile backs with 15 coin backs (Suns, Crowns, Arms) on its cells."""
    board = piecepack_rectangular_board(rng, nrows=4, ncols=4)
    coins = piecepack_coins(rng, side="back", suit=rep([1, 3, 4], each=5), rank=rep([1, 2, 3, 4, 5], 3),
                            x=[3, 1, 4, 2, 3, 2, 3, 1, 4, 2, 1, 4, 2, 3, 1],
                            y=[4, 3, 3, 2, 1, 4, 3, 2, 2, 1, 4, 4, 3, 2, 1])
    return bind_rows(board, coins)


@ppdf_setup("piecepack_speedy_towers", seeded=True, arguments=(
    Argument("n_players", "int", 2, "the number of players (ppdf sets up only two)", low=2, high=6),))
def speedy_towers(rng: RRandom, *, n_players: int = 2) -> Frame:
    """Two players' rows of 11 shuffled tile backs and 12 coin backs facing each other, two
    spare tiles between them."""
    if n_players != 2:
        raise SetupError(f"Speedy Towers is set up for two players only, not {n_players}",
                         token=str(n_players), expected="n_players: 2")
    tiles = slice_sample_piece(rng, piecepack_tiles(rng, side="back", suit=rep([1, 2, 3, 4], 6),
                                                    rank=rep(list(range(1, 7)), each=4)))
    tiles = tiles.mutate(x=[*seq(2, by=2, length_out=11), 16, 10, *seq(24, by=-2, length_out=11)],
                         y=[*rep(4, 11), 8, 8, *rep(12, 11)], angle=[*rep(0.0, 12), *rep(180.0, 12)])
    coins = slice_sample_piece(rng, piecepack_coins(rng, side="back", suit=rep([1, 2, 3, 4], 6),
                                                    rank=rep(list(range(1, 7)), each=4)))
    first = sorted(range(1, 13), key=lambda k: coins.suit[k - 1])
    second = sorted(range(13, 25), key=lambda k: coins.suit[k - 1])
    coins = coins.rows(first + second).mutate(
        x=[*seq(2, by=2, length_out=12), *seq(24, by=-2, length_out=12)], y=[*rep(2, 12), *rep(14, 12)],
        angle=[*rep(0.0, 12), *rep(180.0, 12)])
    pawns = piecepack_pawns(rng, suit=[3, 1], x=[24, 2], y=[4, 12], angle=[0, 180])
    return bind_rows(tiles, coins, pawns)


@ppdf_setup("piecepack_steppin_stones", seeded=True)
def steppin_stones(rng: RRandom) -> Frame:
    """An 8x8 square of tiles (an ace face in each corner), five coins before each player and
    the four pawns in the middle."""
    faces = piecepack_tiles(rng, side="face", suit=[1, 2, 3, 4], rank=2, x=[1.5, 7.5, 7.5, 1.5],
                            y=[7.5, 7.5, 1.5, 1.5], angle=[180, 90, 0, -90])
    backs = piecepack_tiles(rng, side="back", suit=rep([1, 2, 3, 4], each=3), rank=rep([3, 4, 5], 4),
                            x=[3.5, 1.5, 3.5, 5.5, 5.5, 7.5, 5.5, 5.5, 7.5, 3.5, 3.5, 1.5],
                            y=[7.5, 5.5, 5.5, 7.5, 5.5, 5.5, 3.5, 1.5, 3.5, 3.5, 1.5, 3.5])
    coins = piecepack_coins(rng, suit=rep([1, 2, 3, 4], each=5), rank=rep([1, 3, 4, 5, 6], 4),
                            x=[3, 2, 1, 3, 3, 6, 7, 8, 6, 6, 6, 7, 8, 6, 6, 3, 2, 1, 3, 3],
                            y=[6, 6, 6, 7, 8, 6, 6, 6, 7, 8, 3, 3, 3, 2, 1, 3, 3, 3, 2, 1],
                            angle=rep([180, 90, 0, -90], each=5))
    pawns = piecepack_pawns(rng, x=[5, 4, 4, 5], y=[4, 4, 5, 5], angle=[180, 90, 0, -90])
    return bind_rows(faces, backs, coins, pawns)


_TARIFFS_VARIANTS = ("standard", "grouped zones", "scattered zones")
_TARIFFS_VARIANT = Argument(
    "variant", "text", "standard",
    "the suggested board arrangement: \"standard\" (a 4x6 block, one suit a row, null to five from left to "
    "right), \"grouped zones\" (the same block, aces to threes mostly in its upper half, nulls, fours and fives "
    "in its lower half) or \"scattered zones\" (a diamond of rows of 2, 4, 6, 6, 4 and 2 tiles, one suit a "
    "quarter)", choices=_TARIFFS_VARIANTS)
# Each board in reading order (top row first, left to right): suit and rank of every tile.
_TARIFFS_GROUPED = ((2, 2), (1, 3), (4, 3), (1, 4), (3, 4), (2, 4),
                    (3, 2), (4, 2), (3, 3), (2, 3), (4, 4), (3, 5),
                    (1, 2), (2, 1), (1, 1), (1, 6), (3, 6), (2, 5),
                    (4, 1), (3, 1), (4, 6), (2, 6), (4, 5), (1, 5))
_TARIFFS_SCATTERED = ((4, 6), (3, 6),
                      (4, 5), (4, 3), (3, 4), (3, 5),
                      (4, 2), (4, 4), (4, 1), (3, 1), (3, 3), (3, 2),
                      (1, 2), (1, 3), (1, 1), (2, 1), (2, 4), (2, 2),
                      (1, 5), (1, 4), (2, 3), (2, 5),
                      (1, 6), (2, 6))


@ppdf_setup("piecepack_tariffs", arguments=(_TARIFFS_VARIANT,))
def tariffs(rng: RRandom, *, variant: str = "standard") -> Frame:
    """All 24 tile faces in one of the rules' suggested board arrangements."""
    if variant not in _TARIFFS_VARIANTS:
        raise SetupError(f"Tariffs argument 'variant' cannot be '{variant}'", token=str(variant),
                         expected=_TARIFFS_VARIANT.accepts())
    block_x = rep(list(seq(1.5, 11.5, 2)), 4)
    block_y = rep(list(seq(7.5, 1.5, -2)), each=6)
    if variant == "standard":
        return piecepack_tiles(rng, suit=rep([1, 2, 3, 4], each=6), rank=rep(list(range(1, 7)), 4),
                               x=block_x, y=block_y)
    if variant == "grouped zones":
        cards, x, y = _TARIFFS_GROUPED, block_x, block_y
    else:
        widths = [2, 4, 6, 6, 4, 2]
        cards = _TARIFFS_SCATTERED
        x = [v for n in widths for v in seq(7.5 - n, 5.5 + n, 2)]
        y = rep(list(seq(11.5, 1.5, -2)), widths)
    return piecepack_tiles(rng, suit=[s for s, _ in cards], rank=[r for _, r in cards], x=x, y=y)


@ppdf_setup("piecepack_the_in_crowd")
def the_in_crowd(rng: RRandom) -> Frame:
    """Three tiers of tile backs: a 6x6 board, a 4x4 board on it, one tile on top."""
    return bind_rows(piecepack_rectangular_board(rng, nrows=6, ncols=6),
                     piecepack_rectangular_board(rng, nrows=4, ncols=4, x0=2, y0=2, rank=4),
                     piecepack_tiles(rng, side="back", x=3.5, y=3.5, suit=2, rank=3))


@ppdf_setup("piecepack_the_magic_bag", seeded=True)
def the_magic_bag(rng: RRandom) -> Frame:
    """24 shuffled tile faces in four columns of 9, 7, 5 and 3 tiles, bottom-aligned."""
    x = _plus([*rep(1, 9), *rep(3, 7), *rep(5, 5), *rep(7, 3)], 0.5)
    y = _plus([*seq(17, 1, -2), *seq(13, 1, -2), *seq(9, 1, -2), *seq(5, 1, -2)], 0.5)
    return slice_sample_piece(rng, piecepack_tiles(rng, x=x, y=y))


@ppdf_setup("piecepack_the_penguin_game", seeded=True)
def the_penguin_game(rng: RRandom) -> Frame:
    """A 4x4 board of tile backs with the 24 coins, shuffled and face down, on its cells."""
    board = piecepack_rectangular_board(rng, nrows=4, ncols=4)
    coins = slice_sample_piece(rng, piecepack_coins(rng, side="back", x=rep([1, 2, 3, 4], 6),
                                                    y=[*rep([4, 3, 2, 1], each=4), 4, 3, 2, 1, 1, 2, 3, 4]))
    return bind_rows(board, coins)


@ppdf_setup("piecepack_tornado_vs_trailer_park")
def tornado_vs_trailer_park(rng: RRandom) -> Frame:
    """Fifteen tile backs in three rows of five (the trailer park) beside a column of the six Moons coins,
    with the Moons pawn and die (the tornado)."""
    tiles = piecepack_tiles(rng, side="back", suit=rep([1, 2, 3, 4], length_out=15),
                            rank=rep([1, 2, 3, 4], each=4, length_out=15),
                            x=rep(list(seq(1.5, 9.5, 2)), 3), y=rep([1.5, 3.5, 5.5], each=5))
    coins = piecepack_coins(rng, suit=2, rank=list(range(1, 7)), x=1.0, y=list(seq(6, 1, -1)))
    pawn = piecepack_pawns(rng, suit=2, x=0.0, y=2.0)
    die = piecepack_dice(rng, suit=2, rank=1, x=0.0, y=1.0)
    return bind_rows(tiles, coins, pawn, die)


def _tower_of_babel(rng: RRandom, tiles: str | None) -> Frame:
    if tiles is None:
        suits, ranks = _expand_grid_shuffle(rng)
    else:
        deal = process_tiles(rng, tiles)
        suits, ranks = deal.suit, deal.rank
    frame = Frame.of(piece_side=[*rep("tile_back", 23), "tile_face"], suit=suits, rank=ranks,
                     x=2.0, y=[*rep(4.0, 23), 2.0], angle=0.0)
    return frame.with_scale(2.0)


@ppdf_setup("piecepack_tower_of_babel", seeded=True, arguments=(_TILES,))
def tower_of_babel(rng: RRandom, *, tiles: str | None = None) -> Frame:
    """A stack of 23 shuffled tile backs with the last tile face up below it."""
    return _tower_of_babel(rng, tiles)


@ppdf_setup("piecepack_accordion", seeded=True, arguments=(_TILES,))
def accordion(rng: RRandom, *, tiles: str | None = None) -> Frame:
    """A stack of 23 shuffled tile backs with the last tile face up below it (Tower of Babel)."""
    return _tower_of_babel(rng, tiles)


@ppdf_setup("piecepack_tracers")
def tracers(rng: RRandom) -> Frame:
    """An 8x8 board of tile backs with two pawns in opposite corners."""
    return bind_rows(piecepack_rectangular_board(rng, nrows=8, ncols=8),
                     piecepack_pawns(rng, suit=[1, 2], x=[1, 8], y=[1, 8], angle=[0, 180]))


@ppdf_setup("piecepack_triactor", seeded=True, arguments=(
    Argument("cfg2", "text", "playing_cards_expansion", _CFG2_DOC),))
def triactor(rng: RRandom, *, cfg2: str = "playing_cards_expansion") -> Frame:
    """Two rows of tile backs with null tiles at their ends, rolled coins of both sets and the
    eight pawns in a column between them."""
    backs = piecepack_tiles(rng, side="back", x=_plus(rep([*seq(5, 15, 2), 1, 2, 18, 19], 2), 0.5),
                            y=_plus([*rep(1, 6), 5, 3, 3, 5, *rep(11, 6), 7, 9, 9, 7], 0.5),
                            suit=rep([1, 2, 3, 4], each=5), rank=rep([2, 3, 4, 5, 6], 4),
                            angle=rep([*rep(0, 7), 90, 90, 0], 2))
    nulls = piecepack_tiles(rng, x=_plus([3, 17, 17, 3], 0.5), y=_plus([11, 11, 1, 1], 0.5), suit=[1, 2, 3, 4],
                            rank=1)
    coins1 = piecepack_coins(rng, side="back", suit=[1, 2, 3, 4], rank=rng.sample_int(6, 4, replace=True),
                             x=_plus([5, 15, 15, 5], 0.5), y=_plus([11, 11, 1, 1], 0.5))
    coins2 = piecepack_coins(rng, side="back", cfg=cfg2, suit=[1, 2, 3, 4], rank=rng.sample_int(6, 4, replace=True),
                             x=_plus([2, 18, 18, 2], 0.5), y=_plus([9, 9, 3, 3], 0.5))
    pawns = piecepack_pawns(rng, cfg=rep(["piecepack", cfg2], each=4), x=10.5, y=_plus(list(range(8)), 0.5),
                            angle=90, suit=rep([1, 2, 3, 4], 2))
    return bind_rows(backs, nulls, coins1, coins2, pawns)


def _tula_places(variant: str) -> tuple[list[str], list[float], list[float]]:
    """Sides and centres of the tiles of a Tula board, in ppdf's order."""
    back, face = "tile_back", "tile_face"
    if variant == "Original":
        sides = [*rep(back, 23), face]
        x = [*rep(seq(1, 7, 2), 3), 4, *rep(seq(2, 6, 2), 2), 4, 3, 5, 4, 4]
        y = [*rep(seq(7, 3, -2), each=4), 1, *rep([6, 4], each=3), 2, 5, 5, 3, 4]
    elif variant == "Variant 1":
        sides = [*rep(back, 21), face, back, face]
        x = [*seq(2, 8, 2), *seq(1, 9, 2), *seq(2, 8, 2), *rep(seq(2, 8, 2), 2), *seq(3, 7, 2)]
        y = [*rep(seq(5, 1, -2), [4, 5, 4]), *rep([4, 2], each=4), *rep(3, 3)]
    elif variant == "Variant 2":
        sides = [*rep(back, 28), face, *rep(back, 4), face, *rep(back, 4), face, *rep(back, 4), face, *rep(face, 4)]
        x = [6, 8, *seq(3, 11, 2), *rep(seq(1, 13, 2), 2), *seq(3, 11, 2), 6, 8, 7, *seq(4, 10, 2), *seq(2, 12, 2),
             *seq(4, 10, 2), 7, 5, 9, 5, 9]
        y = [*rep(seq(11, 1, -2), [2, 5, 7, 7, 5, 2]), *rep(seq(10, 2, -2), [1, 4, 6, 4, 1]), 7, 7, 5, 5]
    elif variant == "Variant 3":
        sides = [*rep(back, 20), *rep(back, 15), face, *rep(back, 8), face, face, back, face]
        x = [5, 7, *seq(2, 10, 2), *seq(1, 11, 2), *seq(2, 10, 2), 5, 7, 6, *seq(3, 9, 2), *seq(2, 10, 2),
             *seq(3, 9, 2), 6, 6, *seq(3, 9, 2), *seq(3, 9, 2), 6, 4, 6, 8]
        y = [*rep(seq(9, 1, -2), [2, 5, 6, 5, 2]), *rep(seq(9, 1, -2), [1, 4, 5, 4, 1]),
             *rep(seq(8, 2, -2), [1, 4, 4, 1]), *rep(5, 3)]
    else:
        sides = [*rep(back, 24), *rep(back, 4), face, *rep(back, 5), face, *rep(back, 4),
                 *rep([face, back, back, face], 2), face]
        x = [*seq(4, 12, 2), *seq(3, 13, 2), 1, 15, *seq(3, 13, 2), *seq(4, 12, 2), *seq(5, 11, 2), *seq(2, 14, 2),
             *seq(5, 11, 2), *seq(5, 11, 2), *seq(5, 11, 2), 8]
        y = [*rep([7, 5, 4, 3, 1], [5, 6, 2, 6, 5]), *rep([6, 4, 2], [4, 7, 4]), *rep([5, 3], [4, 4]), 4]
    return sides, [float(v) for v in x], [float(v) for v in y]


@ppdf_setup("piecepack_tula", seeded=True, arguments=(
    _TILES,
    Argument("variant", "text", "Original",
             "the board: the original game or one of Tim Schutz's variants 1 to 4 (2 to 4 take two piecepacks)",
             choices=_TULA_VARIANTS)))
def tula(rng: RRandom, *, tiles: str | None = None, variant: str = "Original") -> Frame:
    """A stepped pyramid of shuffled tiles, backs up but for the faces on its summits."""
    if variant not in _TULA_VARIANTS:
        raise SetupError(f"Tula has no variant '{variant}'", token=str(variant),
                         expected="variant: " + ", ".join(_TULA_VARIANTS))
    sides, x, y = _tula_places(variant)
    if tiles is None:
        suits, ranks = _expand_grid_shuffle(rng, 1 if variant in ("Original", "Variant 1") else 2)
    else:
        if len(sides) != 24:
            raise SetupError(f"Tula's {variant} takes {len(sides)} tiles, more than a tiles string gives",
                             token=str(tiles)[:60], expected="no tiles argument with variants 2 to 4")
        deal = process_tiles(rng, tiles)
        suits, ranks = deal.suit, deal.rank
    return Frame.of(piece_side=sides, suit=suits, rank=ranks, x=x, y=y, angle=0.0)


@ppdf_setup("piecepack_wormholes")
def wormholes(rng: RRandom) -> Frame:
    """23 tile backs in a winding band with two pawns at each end."""
    tiles = piecepack_tiles(
        rng, side="back", length_out=23,
        x=[-0.5 + 2 * v for v in (1, 2, 2, 3, 2, 3, 4, 3, 4, 5, 2, 3, 4, 1, 2, 3, 2, 3, 4, 3, 4, 4, 5)],
        y=[-0.5 + 2 * v for v in (9, 9, 8, 8, 7, 7, 7, 6, 6, 6, 5, 5, 5, 4, 4, 4, 3, 3, 3, 2, 2, 1, 1)])
    return bind_rows(tiles, piecepack_pawns(rng, x=[10, 10, 1, 1], y=[1, 2, 17, 18]))


__all__ = ["accordion", "san_andreas", "sarcophagus", "ship_it", "shopping_mall", "skyscrapers", "slides_of_action",
           "speedy_towers", "steppin_stones", "tariffs", "the_in_crowd", "the_magic_bag", "the_penguin_game",
           "tornado_vs_trailer_park", "tower_of_babel", "tracers", "triactor", "tula", "wormholes"]
