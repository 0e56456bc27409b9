"""ppdf's traditional and other games (setups/traditional.py, setups/other.py): facts from ppdf's
R sources and the games' rules for what the shared reference layouts do not cover (Backgammon,
Brandubh, the non-default arguments, Change Change's coins), checked independently of the ports."""

from __future__ import annotations

from collections import Counter

import pytest

from piecepack_diagrams.errors import SetupError
from piecepack_diagrams.rrandom import RRandom
from piecepack_diagrams.setups import build_frame
from piecepack_diagrams.setups.frame import Frame


def kinds(frame: Frame) -> Counter[str]:
    return Counter(frame.piece_side)


def rows(frame: Frame, side: str) -> list[tuple[int, int, float, float, float]]:
    return [(s, r, x, y, a % 360) for p, s, r, _, x, y, a in frame.records() if p == side]


# -- Backgammon -------------------------------------------------------------------------

def test_backgammon_pieces() -> None:
    _, frame = build_frame("Backgammon")
    assert kinds(frame) == {"tile_face": 24, "coin_back": 24, "pawn_face": 4, "die_face": 4}
    tiles = rows(frame, "tile_face")
    assert len({(s, r) for s, r, *_ in tiles}) == 24
    # the 24 points: two rows of 12, a gap (the bar) between x = 11 and x = 15
    assert sorted({x for *_, x, _, _ in tiles}) == [1, 3, 5, 7, 9, 11, 15, 17, 19, 21, 23, 25]
    assert Counter(y for *_, y, _ in tiles) == {1: 12, 5: 12}
    # the near side's tiles upright, the far side's turned round
    assert {(y, a) for *_, y, a in tiles} == {(1, 0), (5, 180)}


def test_backgammon_checkers_are_fifteen_a_side_on_the_starting_points() -> None:
    _, frame = build_frame("Backgammon")
    side = {3: "near", 4: "near", 1: "far", 2: "far"}
    point: Counter[tuple[str, float, float]] = Counter()
    for kind in ("coin_back", "pawn_face", "die_face"):
        for s, _r, x, y, _ in rows(frame, kind):
            if kind == "die_face" and x in (6, 7):
                continue  # the two dice to roll
            point[side[s], 2 * round((x - 1) / 2) + 1, 1 if y < 3 else 5] += 1  # the nearest point
    assert sum(n for (who, *_), n in point.items() if who == "near") == 15
    assert sum(n for (who, *_), n in point.items() if who == "far") == 15
    # 2 on the 24 point, 5 on the 13 point, 3 on the 8 point, 5 on the 6 point (pawns, coins, die)
    assert point["near", 25, 5] == 2 and point["near", 1, 5] == 5 and point["near", 9, 1] == 3
    assert point["near", 15, 1] == 5
    assert point["far", 25, 1] == 2 and point["far", 1, 1] == 5 and point["far", 9, 5] == 3
    assert point["far", 15, 5] == 5


def test_backgammon_coin_ranks_are_dealt_one_of_each_per_suit_in_suit_order() -> None:
    _, frame = build_frame("Backgammon")
    coins = [(s, r) for p, s, r, *_ in frame.records() if p == "coin_back"]
    # fill_piece_rank groups the coins by suit (dplyr visits groups in sorted order) and
    # deals each group sample.int(6) from R's generator: after set.seed(42), as for every
    # setup that takes no seed but draws (the reference layouts were made so)
    rng = RRandom(42)
    expected = {suit: rng.sample_int(6) for suit in (1, 2, 3, 4)}
    for suit in (1, 2, 3, 4):
        assert [r for s, r in coins if s == suit] == expected[suit]
    assert list(build_frame("backgammon")[1].records()) == list(frame.records())
    # set.seed(7) then the call: --seed 7, or a record's top-level Seed
    seven = [(s, r) for p, s, r, *_ in build_frame("Backgammon", seed=7)[1].records() if p == "coin_back"]
    rng = RRandom(7)
    dealt = {suit: rng.sample_int(6) for suit in (1, 2, 3, 4)}
    assert all([r for s, r in seven if s == suit] == dealt[suit] for suit in (1, 2, 3, 4))
    assert dealt != expected


# -- Brandubh ---------------------------------------------------------------------------

def test_brandubh_layout() -> None:
    _, frame = build_frame("Brandub")
    assert kinds(frame) == {"tile_back": 9, "coin_back": 8, "coin_face": 8, "die_face": 1, "pawn_face": 1}
    tiles = rows(frame, "tile_back")
    assert sorted((x, y) for *_, x, y, _ in tiles) == [(x, y) for x in (2, 4, 6) for y in (2, 4, 6)]
    backs = rows(frame, "coin_back")
    corners = {(x, y) for s, _, x, y, _ in backs if s == 3}
    assert corners == {(1, 1), (1, 7), (7, 1), (7, 7)}
    defenders = {(x, y) for s, _, x, y, _ in backs if s == 4}
    assert defenders == {(4, 5), (5, 4), (4, 3), (3, 4)}
    attackers = {(x, y) for *_, x, y, _ in rows(frame, "coin_face")}
    assert attackers == {(4, 7), (4, 6), (7, 4), (6, 4), (4, 1), (4, 2), (1, 4), (2, 4)}
    (king,) = rows(frame, "pawn_face")
    (throne,) = rows(frame, "die_face")
    assert king[2:4] == throne[2:4] == (4, 4)
    assert frame.piece_side.index("die_face") < frame.piece_side.index("pawn_face")  # the king on top
    # every piece a different suit and rank within its kind, as in one piecepack
    for kind in ("coin_back", "coin_face"):
        assert len({(s, r) for s, r, *_ in rows(frame, kind)}) == 8


# -- arguments that change the layout ----------------------------------------------------

@pytest.mark.parametrize(("game", "extra"), [("Alquerque", 16), ("Bagh-chal", 16), ("Awithlaknannai Mosona", 22),
                                              ("Nine Men's Morris", 24), ("Twelve Men's Morris", 24)])
def test_matchsticks_add_the_board_lines(game: str, extra: int) -> None:
    _, plain = build_frame(game)
    _, sticks = build_frame(game, {"HasMatchsticks": True})
    assert len(sticks) == len(plain) + extra
    assert sum(p.startswith("matchstick") for p in sticks.piece_side) == extra
    assert [r for r in sticks.records() if not r[0].startswith("matchstick")] == list(plain.records())


def test_alquerque_matchsticks_are_diagonals_under_the_coins() -> None:
    _, frame = build_frame("Alquerque", {"has_matchsticks": "yes"})
    sticks = rows(frame, "matchstick_back")
    assert {a for *_, a in sticks} == {45, 315, 225, 135}
    last_stick = max(k for k, p in enumerate(frame.piece_side) if p.startswith("matchstick"))
    assert last_stick < frame.piece_side.index("coin_back")


def test_salta_with_a_subpack() -> None:
    _, frame = build_frame("Salta", {"has_subpack": True})
    assert Counter(zip(frame.piece_side, frame.cfg)) == {("tile_back", "piecepack"): 24, ("tile_back", "subpack"): 4,
                                                         ("coin_face", "piecepack"): 10, ("tile_face", "subpack"): 20}
    # 15 pieces a side on each side's three rows
    pieces = [(y, s) for p, s, _, c, _, y, _ in frame.records() if p != "tile_back"]
    assert Counter(y <= 3 for y, _ in pieces) == {True: 15, False: 15}


@pytest.mark.parametrize(("width", "dice"), [(0.63, 1), (0.75, 1), (0.5, 4), (0.4, 4)])
def test_tablut_die_width(width: float, dice: int) -> None:
    _, frame = build_frame("Tablut", {"die_width": width})
    assert kinds(frame)["die_face"] == dice
    assert len(frame) == 41 + dice
    assert frame.piece_side[-1] == "pawn_face" and (frame.x[-1], frame.y[-1]) == (5, 5)


def test_tablut_rejects_a_bad_die_width() -> None:
    with pytest.raises(SetupError, match="die_width"):
        build_frame("Tablut", {"die_width": -1})
    with pytest.raises(SetupError, match="die_width"):
        build_frame("Tablut", {"die_width": "wide"})


@pytest.mark.parametrize("nrows", range(2, 13))
def test_dodgem_sizes(nrows: int) -> None:
    for variant in ("vout", "schoessow"):
        _, frame = build_frame("Dodgem", {"nrows": nrows, "variant": variant})
        coins = rows(frame, "coin_back")
        assert len(coins) == 2 * (nrows - 1)
        assert len({(x, y) for *_, x, y, _ in coins}) == len(coins)
        assert all(1 <= v <= nrows for *_, x, y, _ in coins for v in (x, y))
        assert len({(s, r) for s, r, *_ in coins}) == len(coins)
        left = [c for c in coins if c[2] == 1]
        assert len(left) == nrows - 1 and {a for *_, a in left} == {270}
        others = [c for c in coins if c not in left]
        if variant == "vout":
            assert {(y, a) for *_, y, a in others} == {(1, 0)}
        else:
            assert {(x, a) for _, _, x, _, a in others} == {(nrows, 90)}


def test_dodgem_rejects_bad_arguments() -> None:
    with pytest.raises(SetupError, match="nrows"):
        build_frame("Dodgem", {"nrows": 13})
    with pytest.raises(SetupError, match="variant"):
        build_frame("Dodgem", {"variant": "sideways"})


def test_kings_valley_variants() -> None:
    _, standard = build_frame("King's Valley")
    _, retrieve = build_frame("Kings Valley", {"variant": "retrieve the king"})
    assert standard.scale_factor == retrieve.scale_factor == 2
    kings = {s: (x, y) for s, _, x, y, _ in rows(standard, "pawn_face")}
    swapped = {s: (x, y) for s, _, x, y, _ in rows(retrieve, "pawn_face")}
    assert kings == {1: (6, 10), 4: (6, 2)} and swapped == {1: (6, 2), 4: (6, 10)}
    assert rows(standard, "coin_back") == rows(retrieve, "coin_back")
    with pytest.raises(SetupError, match="variant"):
        build_frame("King's Valley", {"variant": "other"})


# -- Change Change ----------------------------------------------------------------------

def test_change_change_is_reproducible_and_seeds_differ() -> None:
    layouts = [list(build_frame("Change Change", seed=s)[1].records()) for s in (1, 2, 3)]
    assert layouts[0] == list(build_frame("Change Change", seed=1)[1].records())
    assert layouts[0] != layouts[1] != layouts[2]
    for layout in layouts:
        assert Counter(s for _, s, *_ in layout) == {1: 1, 2: 2, 3: 4, 4: 4}
        for suit, n in ((1, 1), (2, 2), (3, 4), (4, 4)):
            assert sorted(r for _, s, r, *_ in layout if s == suit) == list(range(1, n + 1))


def test_change_change_coins_argument() -> None:
    _, frame = build_frame("Change Change", {"coins": "CAMS/ACMC/ACA"}, seed=7)
    assert frame.suit == [3, 4, 2, 1, 4, 3, 2, 3, 4, 3, 4]
    assert [(x, y) for x, y in zip(frame.x, frame.y)] == [(x, y) for y in (3, 2, 1) for x in (1, 2, 3, 4)][:11]
    # the ranks are then dealt from R's generator as if no suit had been drawn
    rng = RRandom(7)
    expected = {1: rng.sample_int(1), 2: rng.sample_int(2), 3: rng.sample_int(4), 4: rng.sample_int(4)}
    for suit, ranks in expected.items():
        assert [r for s, r in zip(frame.suit, frame.rank) if s == suit] == ranks


@pytest.mark.parametrize("coins", ["SMMCCCCAAA", "SMMCCCCAAAX", "SSSSSSSMMMM"])
def test_change_change_rejects_bad_coins(coins: str) -> None:
    with pytest.raises(SetupError, match="coins"):
        build_frame("Change Change", {"coins": coins})


# -- the layouts ppdf 0.3.0.20 has beyond the stored sources ---------------------------

def test_empty_boards() -> None:
    for game, tiles in (("Achi", 1), ("Tic-tac-toe", 1), ("Seega", 4), ("Dara", 4), ("Yote", 4), ("Evade", 9)):
        _, frame = build_frame(game)
        assert kinds(frame) == {"tile_back": tiles}, game


def test_three_musketeers_fill_the_board_but_the_diagonal() -> None:
    _, frame = build_frame("Three Musketeers")
    pawns = {(x, y) for *_, x, y, _ in rows(frame, "pawn_face")}
    coins = {(x, y) for *_, x, y, _ in rows(frame, "coin_face")}
    assert pawns == {(1, 1), (3, 3), (5, 5)}
    assert len(coins) == 22 and not coins & pawns
    assert coins | pawns == {(x, y) for x in range(1, 6) for y in range(1, 6)}
