"""ppdf's chess and checkers setups beyond the shared reference files: the layouts with no
reference (Shogi, Italian Checkers and its aliases, the subpack variants), Chess960's
rules for a back rank, and the arguments' errors. Facts come from the games' rules and
ppdf's source, counted by hand."""

from __future__ import annotations

from collections import Counter

import pytest

from piecepack_diagrams.errors import SetupError
from piecepack_diagrams.rrandom import RRandom
from piecepack_diagrams.setups import build_frame, find_setup
from piecepack_diagrams.setups.chess import baroque_chess, fischer_random_ranks, japanese_chess
from ppdf_corpus import PPDF, read_layout

Row = tuple[str, int, int, str, float, float, float]


def rows(name: str, options: dict | None = None, seed: int | None = None) -> list[Row]:
    _, frame = build_frame(name, options, seed=seed)
    return [(s, int(su), int(r), c, float(x), float(y), float(a)) for s, su, r, c, x, y, a in frame.records()]


def of_kind(layout: list[Row], piece_side: str, cfg: str | None = None) -> list[Row]:
    return [r for r in layout if r[0] == piece_side and (cfg is None or r[3] == cfg)]


# -- aliases ---------------------------------------------------------------------------

@pytest.mark.parametrize("alias, original", [
    ("piecepack_shogi", "japanese_chess"), ("piecepack_ultima", "baroque_chess"),
    ("piecepack_xiangqi", "chinese_chess"), ("piecepack_international_chess", "chess"),
    ("piecepack_jamaican_checkers", "jamaican_checkers"), ("piecepack_portuguese_checkers", "portuguese_checkers"),
    ("piecepack_spanish_checkers", "spanish_checkers"), ("piecepack_column_checkers", "bashni"),
])
def test_an_alias_gives_the_reference_of_its_original(alias: str, original: str) -> None:
    assert rows(alias) == read_layout(PPDF / "setups" / f"{original}.csv")


def test_fischer_random_chess_is_chess960() -> None:
    for seed in (1, 7, 960):
        assert rows("piecepack_fischer_random_chess", seed=seed) == rows("piecepack_chess960", seed=seed)


# -- checkers --------------------------------------------------------------------------

def test_italian_checkers_men_stand_on_the_light_squares_of_three_rows_each() -> None:
    layout = rows("piecepack_italian_checkers")
    assert len(of_kind(layout, "tile_back")) == 16
    men = of_kind(layout, "coin_back")
    assert len(men) == 24 and len(layout) == 40
    squares = {(x, y) for _, _, _, _, x, y, _ in men}
    assert len(squares) == 24
    # a1 (1, 1) is dark; Italian checkers leaves a dark square at each player's left corner, men on light ones
    assert all((x + y) % 2 == 1 for x, y in squares)
    far = [m for m in men if m[6] == 180]
    near = [m for m in men if m[6] == 0]
    assert len(far) == len(near) == 12
    assert {m[5] for m in far} == {6.0, 7.0, 8.0} and {m[5] for m in near} == {1.0, 2.0, 3.0}
    # the men's squares are American checkers' reflected left to right
    american = {(x, y) for _, _, _, _, x, y, _ in of_kind(rows("piecepack_american_checkers"), "coin_back")}
    assert {(9 - x, y) for x, y in squares} == american


@pytest.mark.parametrize("name", ["piecepack_jamaican_checkers", "piecepack_portuguese_checkers",
                                  "piecepack_spanish_checkers"])
def test_italian_checkers_aliases_match_it(name: str) -> None:
    assert rows(name) == rows("piecepack_italian_checkers")


@pytest.mark.parametrize("name", ["piecepack_american_pool_checkers", "piecepack_bashni",
                                  "piecepack_brazilian_checkers", "piecepack_checkers", "piecepack_column_checkers",
                                  "piecepack_czech_checkers", "piecepack_english_checkers",
                                  "piecepack_russian_checkers", "piecepack_unified_pool_checkers",
                                  "piecepack_zimbabwean_pool_checkers"])
def test_american_checkers_aliases_match_it(name: str) -> None:
    assert rows(name) == rows("piecepack_american_checkers")


# -- shogi -----------------------------------------------------------------------------

def test_shogi_counts_and_fixed_officers() -> None:
    layout = rows("piecepack_shogi")
    assert len(layout) == 56
    assert len(of_kind(layout, "tile_back")) == 16
    pawns = of_kind(layout, "coin_back")
    assert len(pawns) == 18
    assert sorted((x, y) for *_, x, y, _ in pawns) == sorted((float(f), y) for f in range(1, 10) for y in (3.0, 7.0))
    # the pawn coins of a suit show different ranks, from null up (suit 2 has six pawns, the others four)
    for suit, count in ((1, 4), (2, 6), (3, 4), (4, 4)):
        ranks = sorted(r[2] for r in pawns if r[1] == suit)
        assert ranks == list(range(1, count + 1)), suit
    officers = of_kind(layout, "coin_face")
    assert Counter(r[2] for r in officers) == Counter({3: 2, 4: 2, 5: 4, 2: 4, 6: 4})
    assert len(of_kind(layout, "die_face")) == 4 and len(of_kind(layout, "pawn_face")) == 2
    # both kings on the middle file, each side facing the other
    kings = of_kind(layout, "pawn_face")
    assert [(r[4], r[5], r[6] % 360) for r in kings] == [(5.0, 1.0, 0.0), (5.0, 9.0, 180.0)]


def test_shogi_with_a_subpack_and_a_second_set() -> None:
    plain = rows("piecepack_shogi")
    subpack = rows("piecepack_shogi", {"has_subpack": True})
    assert len(subpack) == 56
    assert len(of_kind(subpack, "tile_face", "subpack")) == 16
    assert not of_kind(subpack, "coin_face")
    assert [r[4:] for r in subpack] == [r[4:] for r in plain]
    expansion = rows("piecepack_shogi", {"cfg2": "playing_cards_expansion"})
    assert Counter(r[3] for r in expansion)["playing_cards_expansion"] == 16
    assert [r[3] for r in of_kind(expansion, "coin_back")] == ["piecepack"] * 18


def test_random_pawn_ranks_follow_r_after_set_seed_42() -> None:
    """Functions without a seed that draw at random give the reference drawn after set.seed(42)."""
    frame = japanese_chess(RRandom(42))
    assert list(frame.rank) == [r[2] for r in read_layout(PPDF / "setups" / "japanese_chess.csv")]
    other = japanese_chess(RRandom(1))
    assert list(other.rank) != list(frame.rank)
    assert rows("piecepack_ultima") == [(*r,) for r in read_layout(PPDF / "setups" / "ultima.csv")]
    assert len(baroque_chess(RRandom(5))) == 48


# -- chess -----------------------------------------------------------------------------

def test_chess_with_a_subpack_puts_the_officers_on_subpack_tiles() -> None:
    layout = rows("piecepack_chess", {"has_subpack": True})
    assert len(layout) == 48
    tiles = of_kind(layout, "tile_face", "subpack")
    assert len(tiles) == 16
    white = sorted((r for r in tiles if r[5] == 1.0), key=lambda r: r[4])
    black = sorted((r for r in tiles if r[5] == 8.0), key=lambda r: r[4])
    assert [r[2] for r in white] == [r[2] for r in black] == [4, 2, 3, 5, 6, 3, 2, 4]
    pawns = of_kind(layout, "coin_back")
    assert len(pawns) == 16 and len({(r[1], r[2]) for r in pawns}) == 16


def back_rank(layout: list[Row], row: float) -> dict[float, tuple[str, int]]:
    return {r[4]: (r[0], r[2]) for r in layout if r[5] == row and not r[0].startswith("tile")}


@pytest.mark.parametrize("seed", list(range(1, 41)))
def test_chess960_back_rank_follows_the_rules(seed: int) -> None:
    ranks = fischer_random_ranks(RRandom(seed))
    assert sorted(ranks) == [2, 2, 3, 3, 4, 4, 5, 6]
    bishops = [k for k, r in enumerate(ranks, start=1) if r == 3]
    assert bishops[0] % 2 != bishops[1] % 2
    rooks = [k for k, r in enumerate(ranks, start=1) if r == 4]
    assert rooks[0] < ranks.index(6) + 1 < rooks[1]
    layout = rows("piecepack_chess960", seed=seed)
    assert len(layout) == 48
    white, black = back_rank(layout, 1.0), back_rank(layout, 8.0)
    kinds = {"die_face": 4, "pawn_face": 3}
    for file, rank in enumerate(ranks, start=1):
        for side in (white, black):
            piece_side, shown = side[float(file)]
            assert kinds.get(piece_side, shown) == rank
    subpack = rows("piecepack_chess960", {"has_subpack": True}, seed=seed)
    white_tiles = sorted((r for r in of_kind(subpack, "tile_face", "subpack") if r[5] == 1.0), key=lambda r: r[4])
    assert [r[2] for r in white_tiles] == ranks


def test_chess960_seeds_reproduce_and_differ() -> None:
    assert rows("piecepack_chess960", seed=11) == rows("piecepack_chess960", seed=11)
    assert rows("piecepack_chess960", seed=11) != rows("piecepack_chess960", seed=12)
    arrays = {tuple(fischer_random_ranks(RRandom(seed))) for seed in range(1, 3001)}
    assert 900 < len(arrays) <= 960


class RecordingRandom:
    """Answers R's draws with fixed values and records which draws were asked for."""

    def __init__(self) -> None:
        self.calls: list[tuple] = []

    def sample_int(self, n: int, size: int | None = None, **_: object) -> list[int]:
        self.calls.append(("sample.int", n, size))
        return {4: [2], 6: [6, 1, 3]}[n]

    def sample(self, x: list[int], size: int | None = None, **_: object) -> list[int]:
        self.calls.append(("sample", tuple(x), size))
        return [x[2], x[0], x[1]]


def test_chess960_draws_as_r() -> None:
    """ppdf draws the dark bishop (sample.int(4, 1) of files 1 3 5 7), the light bishop (of 2 4 6 8),
    three of the six files left (rook, king, rook once sorted), then orders the last three
    (knight, knight, queen); the back rank is read off by file."""
    rng = RecordingRandom()
    ranks = fischer_random_ranks(rng)  # type: ignore[arg-type]
    assert rng.calls == [("sample.int", 4, 1), ("sample.int", 4, 1), ("sample.int", 6, 3),
                         ("sample", (2, 6, 7), 3)]
    # bishops on 3 and 4; of files 1 2 5 6 7 8 the picks 6, 1, 3 are 8 1 5: rooks 1 and 8, king 5;
    # the files left 2 6 7 come back as 7 2 6: knights on 7 and 2, queen on 6
    assert ranks == [4, 2, 3, 3, 6, 5, 2, 4]


@pytest.mark.parametrize("name, pieces", [("piecepack_baroque_chess", 48), ("piecepack_chaturaji", 48),
                                          ("piecepack_four_seasons_chess", 48), ("piecepack_xiangqi", 50),
                                          ("piecepack_alice_chess", 50)])
def test_subpack_variants_keep_positions(name: str, pieces: int) -> None:
    plain = rows(name)
    subpack = rows(name, {"has_subpack": True})
    assert len(subpack) == len(plain) == pieces
    assert sorted((r[4], r[5]) for r in subpack) == sorted((r[4], r[5]) for r in plain)
    assert of_kind(subpack, "tile_face", "subpack")


def test_alice_chess_tiles_make_two_boards() -> None:
    assert len(of_kind(rows("piecepack_alice_chess"), "tile_back")) == 18
    big = rows("piecepack_alice_chess", {"max_tiles": 32})
    assert len(of_kind(big, "tile_back")) == 32
    assert max(r[4] for r in of_kind(big, "tile_back")) == 17.5


@pytest.mark.parametrize("name, options, argument", [
    ("piecepack_alice_chess", {"max_tiles": 17}, "max_tiles"),
    ("piecepack_alice_chess", {"max_tiles": "many"}, "max_tiles"),
    ("piecepack_chess", {"has_subpack": "sometimes"}, "has_subpack"),
    ("piecepack_shogi", {"cfg2": ["a", "b"]}, "cfg2"),
    ("piecepack_checkers", {"has_subpack": True}, "has_subpack"),
])
def test_bad_arguments_are_named(name: str, options: dict, argument: str) -> None:
    with pytest.raises(SetupError, match=argument):
        build_frame(name, options)


def test_every_port_has_a_summary() -> None:
    for name in ("piecepack_shogi", "piecepack_italian_checkers", "piecepack_chess960", "piecepack_racing_kings"):
        info = find_setup(name)
        assert info.summary() and info.summary() != info.title
