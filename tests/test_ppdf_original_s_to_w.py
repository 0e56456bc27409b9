"""Checks of the ppdf ports San Andreas .. Wormholes beyond the shared reference files: the two
layouts without references (Ship It!, The Magic Bag) against facts taken from ppdf's source and
the games' rules, and the arguments' documented effects and refusals."""

from __future__ import annotations

from collections import Counter
from itertools import pairwise

import pytest

from piecepack_diagrams.errors import SetupError
from piecepack_diagrams.setups import build_frame, find_setup

SEEDS = (1, 2, 3, 42, 1234)


def rows(name: str, options: dict | None = None, seed: int | None = None) -> list[tuple]:
    return list(build_frame(name, options, seed=seed)[1].records())


def of_kind(records: list[tuple], side: str, cfg: str = "piecepack") -> list[tuple]:
    return [r for r in records if r[0] == side and r[3] == cfg]


# -- Ship It! ------------------------------------------------------------------------

@pytest.mark.parametrize("seed", SEEDS)
def test_ship_it_has_every_piece_once(seed: int) -> None:
    records = rows("Ship It!", seed=seed)
    assert len(records) == 80
    assert Counter((r[0], r[3]) for r in records) == {
        ("tile_face", "piecepack"): 24, ("coin_back", "piecepack"): 20, ("pawn_face", "piecepack"): 4,
        ("die_face", "piecepack"): 4, ("tile_back", "dominoes"): 28}
    tiles = of_kind(records, "tile_face")
    assert sorted((r[1], r[2]) for r in tiles) == [(s, k) for s in range(1, 5) for k in range(1, 7)]
    assert {r[6] % 360 for r in tiles} <= {0, 90, 180, 270}
    coins = of_kind(records, "coin_back")
    # five coins a suit, ace to five, dealt in the order Suns, Crowns, Arms, Moons
    assert sorted((r[1], r[2]) for r in coins) == [(s, k) for s in range(1, 5) for k in range(2, 7)]
    assert [r[1] for r in coins] == [1, 3, 4, 2] * 5
    assert sorted(r[1] for r in of_kind(records, "pawn_face")) == [1, 2, 3, 4]
    dice = of_kind(records, "die_face")
    assert sorted(r[1] for r in dice) == [1, 2, 3, 4] and {r[2] for r in dice} == {2}
    dominoes = of_kind(records, "tile_back", "dominoes")
    assert sorted((r[1], r[2]) for r in dominoes) == sorted((s, k) for k in range(1, 8) for s in range(k, 8))
    assert {r[6] % 360 for r in dominoes} <= {0, 180}


def _corner(tile: tuple, piece: tuple) -> bool:
    return abs(abs(piece[4] - tile[4]) - 0.5) < 1e-9 and abs(abs(piece[5] - tile[5]) - 0.5) < 1e-9


@pytest.mark.parametrize("seed", SEEDS)
def test_ship_it_pieces_sit_on_their_tiles(seed: int) -> None:
    records = rows("ship-it", seed=seed)
    tiles = of_kind(records, "tile_face")
    by_card = {(r[1], r[2]): r for r in tiles}
    # the first tile starts the top-left city
    assert (tiles[0][4], tiles[0][5]) == (1.5, 13.5)
    # tiles lie on a 2-inch grid of distinct cells
    assert len({(r[4], r[5]) for r in tiles}) == 24
    assert all((r[4] - 1.5) % 2 == 0 and (r[5] - 1.5) % 2 == 0 for r in tiles)
    # a pawn on the ace of its suit, a die on the null of its suit
    for pawn in of_kind(records, "pawn_face"):
        assert _corner(by_card[(pawn[1], 2)], pawn)
    for die in of_kind(records, "die_face"):
        assert _corner(by_card[(die[1], 1)], die)
    # one coin on each tile that is not an ace
    coins = of_kind(records, "coin_back")
    others = [r for r in tiles if r[2] != 2]
    assert all(sum(_corner(t, c) for t in others) == 1 for c in coins)
    assert all(sum(_corner(t, c) for c in coins) == 1 for t in others)
    # the dominoes lie in a 7 x 4 block to the right of every tile
    dominoes = of_kind(records, "tile_back", "dominoes")
    assert min(r[4] for r in dominoes) > max(r[4] for r in tiles)
    assert len({r[4] for r in dominoes}) == 7 and len({r[5] for r in dominoes}) == 4


def test_ship_it_cities_hold_different_suits() -> None:
    for seed in SEEDS:
        tiles = of_kind(rows("ship_it", seed=seed), "tile_face")
        # a city fills a 2x2 block clockwise (right, down, left) from the column the last
        # city ended in, each tile next to the one before
        cities: list[list[tuple]] = [[tiles[0]]]
        for prev, tile in pairwise(tiles):
            if abs(tile[4] - prev[4]) + abs(tile[5] - prev[5]) == 2:
                cities[-1].append(tile)
            else:
                cities.append([tile])
        for city in cities:
            suits = [r[1] for r in city]
            assert len(suits) == len(set(suits)) <= 3
            steps = [(b[4] - a[4], b[5] - a[5]) for a, b in pairwise(city)]
            clockwise = [(2, 0), (0, -2), (-2, 0)]
            assert any(steps == clockwise[k:k + len(steps)] for k in range(3))
        # a city ends full, or because the next tile's suit is already in it
        for city, following in pairwise(cities):
            assert len(city) == 3 or following[0][1] in [r[1] for r in city]


def test_ship_it_seeds() -> None:
    assert rows("ship_it", seed=7) == rows("ship_it", seed=7)
    assert rows("ship_it", seed=7) != rows("ship_it", seed=8)


# -- The Magic Bag -------------------------------------------------------------------

@pytest.mark.parametrize("seed", SEEDS)
def test_magic_bag_columns_of_nine_seven_five_three(seed: int) -> None:
    records = rows("The Magic Bag", seed=seed)
    assert len(records) == 24 and {r[0] for r in records} == {"tile_face"}
    assert sorted((r[1], r[2]) for r in records) == [(s, k) for s in range(1, 5) for k in range(1, 7)]
    places = [(r[4], r[5]) for r in records]
    expected = [(1.5 + 2 * c, 0.5 + y) for c, top in enumerate((17, 13, 9, 5)) for y in range(top, 0, -2)]
    assert places == expected
    assert {r[6] for r in records} == {0.0}


def test_magic_bag_seeds() -> None:
    assert rows("the-magic-bag", seed=3) == rows("the-magic-bag", seed=3)
    assert rows("the-magic-bag", seed=3) != rows("the-magic-bag", seed=4)


# -- arguments -----------------------------------------------------------------------

def test_accordion_is_tower_of_babel() -> None:
    for seed in SEEDS:
        assert rows("accordion", seed=seed) == rows("tower_of_babel", seed=seed)
    assert build_frame("Accordion", seed=1)[1].scale_factor == 2.0


def test_tower_of_babel_tiles_argument() -> None:
    tiles = "S^M^C^A^" * 6
    records = rows("tower of babel", {"tiles": tiles}, seed=5)
    assert [r[1] for r in records] == [1, 2, 3, 4] * 6
    assert [r[0] for r in records] == ["tile_back"] * 23 + ["tile_face"]
    assert {r[6] for r in records} == {0.0}


@pytest.mark.parametrize("variant,count", [("Original", 24), ("Variant 1", 24), ("Variant 2", 48),
                                           ("Variant 3", 48), ("Variant 4", 48)])
def test_tula_variants(variant: str, count: int) -> None:
    records = rows("tula", {"variant": variant}, seed=2)
    assert len(records) == count
    assert len({(r[4], r[5]) for r in records if r[0] == "tile_face"}) == sum(r[0] == "tile_face" for r in records)
    # each tile of each piecepack once
    assert Counter((r[1], r[2]) for r in records) == {(s, k): count // 24 for s in range(1, 5) for k in range(1, 7)}


def test_twelve_mens_morris_matchsticks() -> None:
    plain = rows("Twelve Men's Morris")
    lined = rows("Twelve Men's Morris", {"has_matchsticks": True})
    assert lined[:24] == plain
    sticks = lined[24:]
    assert len(sticks) == 24 and {r[0] for r in sticks} == {"matchstick_face"} and {r[2] for r in sticks} == {4}


def test_cfg2_names_the_expansion() -> None:
    mall = rows("Shopping Mall", {"cfg2": "piecepack"}, seed=1)
    assert Counter(r[3] for r in mall) == {"piecepack": 36}
    assert Counter(r[3] for r in rows("shopping mall", seed=1)) == {"piecepack": 20, "go": 16}
    triactor = rows("Triactor", {"cfg2": "hexpack"}, seed=1)
    assert Counter(r[3] for r in triactor) == {"piecepack": 32, "hexpack": 8}


@pytest.mark.parametrize("name,options", [
    ("speedy towers", {"n_players": 3}),
    ("speedy towers", {"n_players": 7}),
    ("speedy towers", {"n_players": "two"}),
    ("tula", {"variant": "Variant 5"}),
    ("tula", {"variant": "Variant 2", "tiles": "S^M^C^A^" * 6}),
    ("tula", {"tiles": "S5"}),
    ("skyscrapers", {"tiles": "X1" * 24}),
    ("tower of babel", {"tiles": "S^" * 23}),
    ("twelve mens morris", {"has_matchsticks": "maybe"}),
])
def test_bad_arguments_raise_setup_errors(name: str, options: dict) -> None:
    with pytest.raises(SetupError):
        build_frame(name, options, seed=1)


def test_documented_arguments() -> None:
    assert [a.name for a in find_setup("piecepack_tula").arguments] == ["seed", "tiles", "variant"]
    defaults = {(f, a.name): a.default for f in ("piecepack_speedy_towers", "piecepack_triactor",
                                                 "piecepack_shopping_mall") for a in find_setup(f).arguments}
    assert defaults[("piecepack_speedy_towers", "n_players")] == 2
    assert defaults[("piecepack_triactor", "cfg2")] == "playing_cards_expansion"
    assert defaults[("piecepack_shopping_mall", "cfg2")] == "go"
    assert not find_setup("piecepack_san_andreas").seeded


# -- Tariffs and Tornado vs. Trailer Park -----------------------------------------------
# The boards of ppdf's own snapshot tests (tests/testthat/_snaps/piecepack_games_original.md,
# `cat_piece(piecepack_tariffs(variant = ...), annotate = TRUE)`), read row by row from the
# top: a suit glyph and a rank (n = null, a = ace), "." for an empty 2-inch cell.
_GLYPHS = {"☀": 1, "☾": 2, "♛": 3, "⸸": 4}
_RANKS = {"n": 1, "a": 2, "2": 3, "3": 4, "4": 5, "5": 6}
TARIFFS_BOARDS = {
    "grouped zones": ["☾a ☀2 ⸸2 ☀3 ♛3 ☾3",
                      "♛a ⸸a ♛2 ☾2 ⸸3 ♛4",
                      "☀a ☾n ☀n ☀5 ♛5 ☾4",
                      "⸸n ♛n ⸸5 ☾5 ⸸4 ☀4"],
    "scattered zones": [". . ⸸5 ♛5 . .",
                        ". ⸸4 ⸸2 ♛3 ♛4 .",
                        "⸸a ⸸3 ⸸n ♛n ♛2 ♛a",
                        "☀a ☀2 ☀n ☾n ☾3 ☾a",
                        ". ☀4 ☀3 ☾2 ☾4 .",
                        ". . ☀5 ☾5 . ."],
}


def _board(diagram: list[str]) -> set[tuple]:
    """Tile faces (suit, rank, x, y) of a diagram whose cells are 2-inch squares, the bottom-left
    one centred at (1.5, 1.5)."""
    cells = set()
    for i, line in enumerate(diagram):
        y = 1.5 + 2 * (len(diagram) - 1 - i)
        for j, token in enumerate(line.split()):
            if token != ".":
                cells.add((_GLYPHS[token[0]], _RANKS[token[1]], 1.5 + 2 * j, y))
    return cells


def test_tariffs_default_is_one_suit_a_row() -> None:
    records = rows("Tariffs")
    assert records == rows("tariffs", {"variant": "standard"})
    assert [(r[1], r[2]) for r in records] == [(s, k) for s in range(1, 5) for k in range(1, 7)]
    assert {(r[0], r[3], r[6]) for r in records} == {("tile_face", "piecepack", 0)}


@pytest.mark.parametrize("variant", sorted(TARIFFS_BOARDS))
def test_tariffs_boards_are_ppdfs(variant: str) -> None:
    records = rows("Tariffs", {"variant": variant})
    assert len(records) == 24
    assert {(r[0], r[3], r[6]) for r in records} == {("tile_face", "piecepack", 0)}
    assert {(r[1], r[2], r[4], r[5]) for r in records} == _board(TARIFFS_BOARDS[variant])
    # every tile once, in reading order (top row first, left to right)
    assert sorted((r[1], r[2]) for r in records) == [(s, k) for s in range(1, 5) for k in range(1, 7)]
    assert [(r[4], r[5]) for r in records] == sorted(((r[4], r[5]) for r in records), key=lambda p: (-p[1], p[0]))


def test_tornado_vs_trailer_park_pieces() -> None:
    records = rows("Tornado vs. Trailer Park")
    assert Counter(r[0] for r in records) == {"tile_back": 15, "coin_face": 6, "pawn_face": 1, "die_face": 1}
    tiles = of_kind(records, "tile_back")
    assert len({(r[4], r[5]) for r in tiles}) == 15
    assert {r[5] for r in tiles} == {1.5, 3.5, 5.5} and {r[4] for r in tiles} == {1.5, 3.5, 5.5, 7.5, 9.5}
    assert {r[1] for r in records if r[0] != "tile_back"} == {2}
    assert sorted(r[2] for r in of_kind(records, "coin_face")) == [1, 2, 3, 4, 5, 6]


@pytest.mark.parametrize("variant", ["grouped", "scattered", "tournament", ""])
def test_tariffs_refuses_other_variants(variant: str) -> None:
    with pytest.raises(SetupError) as caught:
        build_frame("Tariffs", {"variant": variant})
    assert "variant" in caught.value.message


def test_tariffs_variant_names_ignore_case() -> None:
    assert rows("Tariffs", {"variant": "Grouped Zones"}) == rows("Tariffs", {"variant": "grouped zones"})


def test_tariffs_documents_its_variants() -> None:
    (variant,) = find_setup("piecepack_tariffs").arguments
    assert (variant.name, variant.default) == ("variant", "standard")
    assert variant.choices == ("standard", "grouped zones", "scattered zones")
    assert not find_setup("piecepack_tariffs").seeded and not find_setup("piecepack_tornado_vs_trailer_park").seeded
    assert find_setup("piecepack_tornado_vs_trailer_park").arguments == ()
