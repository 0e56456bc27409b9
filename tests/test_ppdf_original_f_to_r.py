"""ppdf's original games Fuji-san .. Relativity: facts taken from ppdf's source and its own
text snapshots (``tests/testthat/_snaps/piecepack_games_original.md``), independent of the
port, for the layouts with no shared reference file (Ice Floe, Japan) and for arguments the
reference files do not exercise."""

from __future__ import annotations

from collections import Counter

import pytest

from piecepack_diagrams.errors import SetupError
from piecepack_diagrams.setups import build_frame

RANK_CHARS = "na2345"  # ranks 1..6 as ppdf's text diagrams print them


def rows(function: str, options: dict | None = None, seed: int | None = None) -> list[tuple]:
    _, frame = build_frame(function, options or {}, seed=seed)
    return list(frame.records())


def of_kind(records: list[tuple], kind: str) -> list[tuple]:
    return [r for r in records if r[0].split("_")[0] == kind]


# -- Ice Floe -----------------------------------------------------------------------

def test_ice_floe_is_the_fixed_donut_of_face_up_tiles() -> None:
    records = rows("piecepack_ice_floe")
    assert len(records) == 24
    assert {r[0] for r in records} == {"tile_face"} and {r[3] for r in records} == {"piecepack"}
    assert Counter((r[1], r[2]) for r in records) == Counter({(s, k): 1 for s in range(1, 5) for k in range(1, 7)})
    assert {r[6] for r in records} == {0.0}
    cells = {(r[4], r[5]): (r[1], r[2]) for r in records}
    assert len(cells) == 24 and (5.5, 5.5) not in cells
    assert {x for x, _ in cells} == {1.5, 3.5, 5.5, 7.5, 9.5} and {y for _, y in cells} == {1.5, 3.5, 5.5, 7.5, 9.5}
    # ppdf's snapshot, top row: Sun 2, Sun 3, Crown ace, Moon 2, Moon 3
    assert [cells[(x, 9.5)] for x in (1.5, 3.5, 5.5, 7.5, 9.5)] == [(1, 3), (1, 4), (3, 2), (2, 3), (2, 4)]
    # middle row: the four nulls (Moons, Crowns | hole | Suns, Arms)
    assert [cells[(x, 5.5)] for x in (1.5, 3.5, 7.5, 9.5)] == [(2, 1), (3, 1), (1, 1), (4, 1)]
    # bottom row: Arms 4, Arms 5, Sun ace, Crown 4, Crown 5
    assert [cells[(x, 1.5)] for x in (1.5, 3.5, 5.5, 7.5, 9.5)] == [(4, 5), (4, 6), (1, 2), (3, 5), (3, 6)]


# -- Japan --------------------------------------------------------------------------

# ppdf's snapshot of cat_piece(piecepack_japan(seed = 42)): coin (x, y, rank as printed)
JAPAN_SEED42_COINS = {
    (1, 5, "4"), (1, 7, "2"), (2, 2, "n"), (3, 7, "a"), (4, 2, "5"), (4, 5, "4"), (5, 4, "3"), (5, 6, "a"),
    (6, 2, "2"), (7, 3, "5"), (8, 1, "2"), (8, 7, "a"), (9, 3, "a"), (9, 5, "4"), (10, 6, "3"), (11, 1, "4"),
    (11, 4, "5"), (12, 3, "3"), (12, 6, "n"), (12, 8, "2"), (13, 5, "n"), (14, 2, "n"), (14, 4, "5"),
    (14, 7, "3")}


def test_japan_seed_42_is_r_snapshot() -> None:
    coins = of_kind(rows("piecepack_japan", seed=42), "coin")
    assert {(int(r[4]), int(r[5]), RANK_CHARS[r[2] - 1]) for r in coins} == JAPAN_SEED42_COINS


@pytest.mark.parametrize("seed", [1, 2, 3, 7, 42, 1000])
def test_japan_coins_sit_on_tile_cells_never_side_by_side(seed: int) -> None:
    records = rows("piecepack_japan", seed=seed)
    assert len(records) == 48
    tiles, coins = records[:24], records[24:]
    assert {r[0] for r in tiles} == {"tile_back"} and {r[0] for r in coins} == {"coin_face"}
    # tiles: four columns of three and three columns of four, staggered
    expected_tiles = {(1.5 + 4 * c, 2.5 + 2 * r) for c in range(4) for r in range(3)} | \
        {(3.5 + 4 * c, 1.5 + 2 * r) for c in range(3) for r in range(4)}
    assert {(r[4], r[5]) for r in tiles} == expected_tiles
    # coins: the 24 in ppdf's standard order (six per suit, null to five)
    assert [(r[1], r[2]) for r in coins] == [(s, k) for s in range(1, 5) for k in range(1, 7)]
    spots = [(r[4], r[5]) for r in coins]
    assert len(set(spots)) == 24
    for x, y in spots:
        assert any(abs(x - tx) == 0.5 and abs(y - ty) == 0.5 for tx, ty in expected_tiles)
    for x, y in spots:
        for dx, dy in ((1, 0), (-1, 0), (0, 1), (0, -1)):
            assert (x + dx, y + dy) not in spots


def test_japan_seeds_are_reproducible_and_differ() -> None:
    assert rows("piecepack_japan", seed=5) == rows("piecepack_japan", seed=5)
    assert rows("piecepack_japan", seed=5) != rows("piecepack_japan", seed=6)


# -- Fuji-san -----------------------------------------------------------------------

def test_fujisan_pawns_argument_as_r_snapshot() -> None:
    # cat_piece(piecepack_fujisan(seed = 42, pawns = "1S10M1/1A10C1")): pawns one cell in
    pawns = of_kind(rows("piecepack_fujisan", {"pawns": "1S10M1/1A10C1"}, seed=42), "pawn")
    assert [(r[1], r[4], r[5]) for r in pawns] == [(1, 2, 2), (2, 13, 2), (4, 2, 1), (3, 13, 1)]
    default = of_kind(rows("piecepack_fujisan", seed=42), "pawn")
    assert [(r[1], r[4], r[5]) for r in default] == [(1, 1, 2), (2, 14, 2), (4, 1, 1), (3, 14, 1)]


@pytest.mark.parametrize("pawns", ["S12M", "S13M/A12C", "S12M/A11C", "S13/A12C"])
def test_fujisan_bad_pawns_are_refused(pawns: str) -> None:
    with pytest.raises(SetupError, match="pawns"):
        build_frame("piecepack_fujisan", {"pawns": pawns})


def test_fujisan_coins_and_dice_arguments() -> None:
    # ppdf's solver test: no coin lets a pawn move at once, so dice are set out
    coins = "235334140030554141221205"
    records = rows("piecepack_fujisan", {"coins": coins, "dice": "0000"})
    assert len(records) == 56
    coin_rows = of_kind(records, "coin")
    top = [r for r in coin_rows if r[5] == 2]
    bottom = [r for r in coin_rows if r[5] == 1]
    assert "".join(str(r[2] - 1) for r in top) == coins[:12]
    assert "".join(str(r[2] - 1) for r in bottom) == coins[12:]
    dice = of_kind(records, "die")
    assert [(r[1], r[2], r[4], r[5]) for r in dice] == [(1, 1, 16, 2), (2, 1, 17, 2), (4, 1, 16, 1), (3, 1, 17, 1)]
    # a first move is possible (an ace next to an end): no dice
    assert len(rows("piecepack_fujisan", {"coins": "a23455432nnn/" + "n" * 12})) == 52
    with pytest.raises(SetupError, match="coins"):
        build_frame("piecepack_fujisan", {"coins": "2353"})


# -- Pawns Crossing -----------------------------------------------------------------

@pytest.mark.parametrize("n_players, pieces", [(2, 61), (3, 59), (4, 65)])
def test_pawns_crossing_players(n_players: int, pieces: int) -> None:
    records = rows("piecepack_pawns_crossing", {"n_players": n_players}, seed=42)
    assert len(records) == pieces
    dominoes = [r for r in records if r[3] == "dominoes"]
    assert len(dominoes) == 25
    assert (7, 7) not in {(r[1], r[2]) for r in dominoes}
    suits = {r[1] for r in of_kind(records, "pawn")}
    assert suits == ({1, 3, 4} if n_players == 3 else {1, 2, 3, 4})
    assert Counter(r[1] for r in of_kind(records, "coin")) == Counter(
        {s: (3 if n_players == 2 else 4) for s in suits})


def test_pawns_crossing_dice_as_r_snapshot() -> None:
    # ppdf's snapshots at seed 42: the dice's ranks by suit
    three = of_kind(rows("piecepack_pawns_crossing", {"n_players": 3}, seed=42), "die")
    assert {r[1]: RANK_CHARS[r[2] - 1] for r in three} == {1: "2", 3: "4", 4: "5"}
    four = of_kind(rows("piecepack_pawns_crossing", {"n_players": 4}, seed=42), "die")
    assert {r[1]: RANK_CHARS[r[2] - 1] for r in four} == {1: "n", 2: "3", 3: "n", 4: "n"}
    assert [(r[4], r[5]) for r in four] == [(1, 13), (13, 11), (11, -1), (-1, 1)]


@pytest.mark.parametrize("n_players", [1, 5, "two"])
def test_pawns_crossing_bad_players_refused(n_players: object) -> None:
    with pytest.raises(SetupError, match="n_players"):
        build_frame("piecepack_pawns_crossing", {"n_players": n_players})


# -- the other arguments ------------------------------------------------------------

def test_piecepackman_knows_only_roundabout() -> None:
    with pytest.raises(SetupError, match="variant"):
        build_frame("piecepack_piecepackman", {"variant": "Classic"})
    assert len(rows("piecepack_piecepackman", {"variant": "roundabout"})) == 93


def test_relativity_coins_argument() -> None:
    coins = "3ann4a/524253/345n34/a2na52"
    records = of_kind(rows("piecepack_relativity", {"coins": coins}), "coin")
    assert "".join(RANK_CHARS[r[2] - 1] for r in records) == coins.replace("/", "")
    assert [r[1] for r in records] == [s for s in (1, 2, 1, 2, 4, 3, 4, 3) for _ in range(3)]


def test_plans_of_action_coins_argument_deals_each_suit_its_ranks() -> None:
    coins = "ASSCCM/CAMSMS/AAMCSS/ACAMMC"
    records = of_kind(rows("piecepack_plans_of_action", {"coins": coins}, seed=3), "coin")
    letters = {1: "S", 2: "M", 3: "C", 4: "A"}
    assert "".join(letters[r[1]] for r in records) == coins.replace("/", "")
    for suit in range(1, 5):
        assert sorted(r[2] for r in records if r[1] == suit) == [1, 2, 3, 4, 5, 6]
    with pytest.raises(SetupError, match="coins"):
        build_frame("piecepack_plans_of_action", {"coins": "S" * 24})


def test_mathrix_coins_argument_deals_each_rank_its_suits() -> None:
    coins = "n5243n/5322a4/5a43a3/a5n24n"  # ppdf's snapshot of seed 72, rows from the top
    records = of_kind(rows("piecepack_mathrix", {"coins": coins}, seed=1), "coin")
    assert "".join(RANK_CHARS[r[2] - 1] for r in records) == coins.replace("/", "")
    for rank in range(1, 7):
        assert sorted(r[1] for r in records if r[2] == rank) == [1, 2, 3, 4]
    with pytest.raises(SetupError, match="coins"):
        build_frame("piecepack_mathrix", {"coins": "n" * 24})


def test_mathrix_seed_72_is_r_snapshot() -> None:
    records = of_kind(rows("piecepack_mathrix", seed=72), "coin")
    assert "".join(RANK_CHARS[r[2] - 1] for r in records) == "n5243n5322a45a43a3a5n24n"


def test_iceberg_tiles_argument() -> None:
    tiles = "S^M^C^A^S^/M^C^A^S^M^/C^A^S^M^/C^A^S^M^C^/A^S^M^C^A^"
    records = rows("piecepack_iceberg", {"tiles": tiles}, seed=2)
    assert Counter((r[1], r[2]) for r in records) == Counter({(s, k): 1 for s in range(1, 5) for k in range(1, 7)})
    assert [r[1] for r in records] == [{"S": 1, "M": 2, "C": 3, "A": 4}[c] for c in tiles if c.isalpha()]
    with pytest.raises(SetupError):
        build_frame("piecepack_iceberg", {"tiles": "S^M^"})


SEEDED = ["fujisan", "galaxy_express", "iceberg", "japan", "klondike", "mathrix", "one_man_thrag",
          "pawns_crossing", "piece_gaps", "piece_packing_pirates", "piecepackman", "plans_of_action", "relativity"]


@pytest.mark.parametrize("name", SEEDED)
def test_seeds_reproducible_and_different(name: str) -> None:
    function = "piecepack_" + name
    assert rows(function, seed=11) == rows(function, seed=11)
    assert rows(function, seed=11) != rows(function, seed=12)


@pytest.mark.parametrize("name", ["ice_floe", "ley_lines", "pass_the_food"])
def test_unseeded_layouts_are_fixed(name: str) -> None:
    assert rows("piecepack_" + name) == rows("piecepack_" + name)
