"""Original piecepack games Alien City .. Froggy Bottom: the layouts without shared
reference files (Alien City, Desfases) checked against facts taken from ppdf's
source and the games' rules, and the arguments of every port (what they change,
what they refuse)."""

from __future__ import annotations

from collections import Counter

import pytest

from piecepack_diagrams.errors import SetupError
from piecepack_diagrams.setups import build_frame, find_setup

ALL_TILES = {(s, r) for s in range(1, 5) for r in range(1, 7)}
# the 24 tiles in suit order (Suns null .. Arms 5), each pointing up
CANONICAL = "/".join("".join(f"{s}{r}^" for r in "na2345") for s in "SMCA")


def rows(name: str, options: dict | None = None, seed: int | None = None) -> list[tuple]:
    _, frame = build_frame(name, options or {}, seed=seed)
    return list(frame.records())


# -- Alien City ------------------------------------------------------------------------

ALIEN_CELLS = [(x + 0.5, y + 0.5) for y in (9, 7, 5, 3, 1) for x in (1, 3, 5, 7)]


@pytest.mark.parametrize("seed", [1, 2, 3, 42])
def test_alien_city_deals_the_twenty_tiles_without_nulls_face_up_on_a_4x5_grid(seed: int) -> None:
    layout = rows("Alien City", seed=seed)
    assert len(layout) == 20
    assert {r[0] for r in layout} == {"tile_face"}
    assert {r[3] for r in layout} == {"piecepack"}
    assert sorted((r[1], r[2]) for r in layout) == sorted((s, r) for s in range(1, 5) for r in range(2, 7))
    assert [(r[4], r[5]) for r in layout] == ALIEN_CELLS  # rows from the top, left to right
    assert {r[6] for r in layout} <= {0, 90, 180, 270}


def test_alien_city_is_reproducible_and_seeds_differ() -> None:
    assert rows("alien-city", seed=7) == rows("alien-city", seed=7)
    deals = {tuple((r[1], r[2], r[6]) for r in rows("alien-city", seed=s)) for s in range(1, 7)}
    assert len(deals) == 6
    # over several seeds every direction turns up
    assert {r[6] for s in range(1, 7) for r in rows("alien-city", seed=s)} == {0, 90, 180, 270}


def test_alien_city_tiles_argument_places_the_tiles_in_reading_order() -> None:
    tiles = "S2^S3<S4vS5>/M2^M3^M4^M5^/C2^C3^C4^C5^/A2^A3^A4^A5^/Sa^Ma^Ca^Aa^"
    layout = rows("Alien City", {"tiles": tiles}, seed=3)
    assert [(r[1], r[2]) for r in layout[:4]] == [(1, 3), (1, 4), (1, 5), (1, 6)]
    assert [r[6] for r in layout[:4]] == [0, 90, 180, 270]
    assert [(r[1], r[2]) for r in layout[16:]] == [(1, 2), (2, 2), (3, 2), (4, 2)]
    assert [(r[4], r[5]) for r in layout] == ALIEN_CELLS
    # fully given: the seed no longer matters
    assert layout == rows("Alien City", {"tiles": tiles}, seed=99)


def test_alien_city_refuses_a_tiles_string_for_24_tiles() -> None:
    with pytest.raises(SetupError, match="argument 'tiles'"):
        build_frame("Alien City", {"tiles": CANONICAL})


# -- Desfases --------------------------------------------------------------------------

DICE_XY = [(7, 17), (17, 11), (11, 1), (1, 7)]  # Suns, Moons, Crowns, Arms
GRID = [(2 + x, 2 + y) for y in (1, 4, 7, 10, 13) for x in (1, 4, 7, 10, 13)]


def desfases_parts(options: dict | None = None, seed: int | None = None) -> tuple[list, list, list, list]:
    _, frame = build_frame("Desfases", options or {}, seed=seed)
    assert frame.scale_factor == 3
    layout = list(frame.records())
    assert len(layout) == 56
    return layout[:24], layout[24:48], layout[48:52], layout[52:]


@pytest.mark.parametrize("seed", [1, 2, 5, 42])
def test_desfases_places_every_piece_as_the_rules_say(seed: int) -> None:
    tiles, coins, dice, pawns = desfases_parts(seed=seed)
    # the 24 tiles, once each, on a 5x5 grid of pitch 3 with the centre left empty
    assert {r[0] for r in tiles} == {"tile_face"}
    assert {(r[1], r[2]) for r in tiles} == ALL_TILES
    assert [(r[4], r[5]) for r in tiles] == [c for c in GRID if c != (9, 9)]
    # a shuffled tile points at its suit's player: Suns down, Moons left, Crowns up, Arms right
    assert all(r[6] % 360 == {1: 180, 2: 90, 3: 0, 4: 270}[r[1]] for r in tiles)
    # one die per player, in front of that player
    assert [(r[0], r[1], r[4], r[5], r[6] % 360) for r in dice] == [
        ("die_face", s, x, y, a) for s, (x, y), a in zip(range(1, 5), DICE_XY, (180, 90, 0, 270))]
    # each player's coin of the die's rank lies face down under the die; the others face up on the sides
    assert {(r[1], r[2]) for r in coins} == ALL_TILES
    for suit, die in enumerate(dice, start=1):
        under = [r for r in coins if r[1] == suit and r[0] == "coin_back"]
        assert [(r[2], r[4], r[5]) for r in under] == [(die[2], die[4], die[5])]
    assert Counter(r[0] for r in coins) == {"coin_face": 20, "coin_back": 4}
    # each pawn stands on the tile of its suit and of its die's rank
    where = {(r[1], r[2]): (r[4], r[5]) for r in tiles}
    for suit, (pawn, die) in enumerate(zip(pawns, dice), start=1):
        assert pawn[:3] == ("pawn_face", suit, 1)
        assert (pawn[4], pawn[5]) == where[(suit, die[2])]


def test_desfases_is_reproducible_and_seeds_differ() -> None:
    assert desfases_parts(seed=11) == desfases_parts(seed=11)
    assert len({tuple(desfases_parts(seed=s)[0]) for s in range(1, 6)}) == 5


def test_desfases_given_tiles_and_dice_fix_the_whole_layout() -> None:
    options = {"tiles": CANONICAL, "dice": "n a 2 5"}
    tiles, coins, dice, pawns = desfases_parts(options, seed=1)
    assert desfases_parts(options, seed=2) == (tiles, coins, dice, pawns)
    assert [(r[1], r[2], r[6]) for r in tiles] == [(s, r, 0) for s in range(1, 5) for r in range(1, 7)]
    assert [r[2] for r in dice] == [1, 2, 3, 6]
    # Suns null is the first tile (3, 3), Moons ace the 8th (9, 6), Crowns 2 the 15th (3, 12),
    # Arms 5 the last (15, 15): cells read by rows from the bottom, the centre skipped
    assert [(p[4], p[5]) for p in pawns] == [(3, 3), (9, 6), (3, 12), (15, 15)]
    # the side coins: Suns along the top from x = 14 leftwards, face up, turned to the Suns player
    suns = [r for r in coins if r[1] == 1]
    assert [(r[0], r[2], r[4], r[5]) for r in suns] == [("coin_back", 1, 7, 17)] + [
        ("coin_face", rank, x, 17) for rank, x in zip(range(2, 7), range(13, 8, -1))]


@pytest.mark.parametrize("options", [{"dice": "n a 2"}, {"dice": "n a 2 3 4"}, {"dice": "9 9 9 9"},
                                     {"tiles": "S"}, {"tiles": CANONICAL.replace("Sn", "Sa")}])
def test_desfases_refuses_bad_arguments(options: dict) -> None:
    with pytest.raises(SetupError):
        build_frame("Desfases", options, seed=1)


# -- arguments of the seeded ports ---------------------------------------------------------

@pytest.mark.parametrize("name", ["Burbuja", "Cardinal's Guards", "Easy Slider"])
def test_a_tiles_argument_lays_the_tiles_in_board_order(name: str) -> None:
    layout = rows(name, {"tiles": CANONICAL}, seed=4)
    tiles = [r for r in layout if r[0].startswith("tile")]
    assert [(r[1], r[2]) for r in tiles] == [(s, r) for s in range(1, 5) for r in range(1, 7)]
    assert layout[:24] == rows(name, {"tiles": CANONICAL}, seed=5)[:24]


def test_cardinals_guards_pawns_stand_on_the_null_tiles() -> None:
    layout = rows("Cardinal's Guards", {"tiles": CANONICAL}, seed=1)
    nulls = [(r[1], r[4], r[5]) for r in layout[:24] if r[2] == 1]
    assert [(r[1], r[4], r[5]) for r in layout if r[0] == "pawn_face"] == nulls


def test_easy_slider_coins_and_pawns_arguments() -> None:
    layout = rows("Easy Slider", {"coins": "5 4 3 2 a", "pawns": "A C M S"}, seed=1)
    coins = [r for r in layout if r[0] == "coin_face"]
    pawns = [r for r in layout if r[0] == "pawn_face"]
    assert [(r[1], r[2], r[4], r[5]) for r in coins] == [(1, 6 - k, 2 + 2 * k, 11.5) for k in range(5)]
    assert [(r[1], r[4], r[5]) for r in pawns] == [(4, 0.5, 10), (3, 0.5, 8), (2, 0.5, 6), (1, 0.5, 4)]


def test_easy_slider_one_rank_or_suit_serves_for_all_as_r_recycles_it() -> None:
    layout = rows("Easy Slider", {"coins": "3", "pawns": "M"}, seed=1)
    assert [r[2] for r in layout if r[0] == "coin_face"] == [4] * 5
    assert [r[1] for r in layout if r[0] == "pawn_face"] == [2] * 4


@pytest.mark.parametrize("options", [{"coins": "5 4 3"}, {"pawns": "S M"}, {"pawns": "S M C X"},
                                     {"coins": "z z z z z"}])
def test_easy_slider_refuses_bad_arguments(options: dict) -> None:
    with pytest.raises(SetupError):
        build_frame("Easy Slider", options, seed=1)


def test_climbing_man_variants() -> None:
    assert rows("Climbing Man", {"variant": "Free"}, seed=1) == []
    assert len(rows("Climbing Man", {"variant": "basic"}, seed=1)) == 48
    with pytest.raises(SetupError, match="variant"):
        build_frame("Climbing Man", {"variant": "Hard"})


def test_climbing_man_coins_sit_on_tile_corners_and_never_touch() -> None:
    for seed in (1, 2, 3):
        layout = rows("Climbing Man", seed=seed)
        coins = [(r[4], r[5]) for r in layout[24:]]
        tiles = [(r[4], r[5]) for r in layout[:24]]
        assert all(abs(cx - tx) == 0.5 and abs(cy - ty) == 0.5 for (cx, cy), (tx, ty) in zip(coins, tiles))
        for i, (x, y) in enumerate(coins):
            for j, (u, v) in enumerate(coins):
                assert i == j or abs(x - u) + abs(y - v) != 1


def test_halma_is_chinese_checkers() -> None:
    assert rows("piecepack_halma") == rows("piecepack_chinese_checkers")
    assert find_setup("halma").function == "piecepack_halma"


def test_dominoids_uses_fifteen_dominoes_without_blanks() -> None:
    layout = rows("Dominoids", seed=3)
    dominoes = [r for r in layout if r[3] == "dominoes"]
    assert len(dominoes) == 15
    assert sorted((r[1], r[2]) for r in dominoes) == sorted((s, r) for r in range(2, 7) for s in range(r, 7))


def test_the_ports_take_no_unknown_argument() -> None:
    with pytest.raises(SetupError, match="takes no argument"):
        build_frame("Brain Burn", {"tiles": CANONICAL})
    with pytest.raises(SetupError, match="takes no argument"):
        build_frame("Everest", {"seed": 1})
