"""Coin Collectors: piecepackr's setups as positions, the rules and their worded
errors, the shipped records, the simulator against the rules engine, drawings."""

from __future__ import annotations

import csv
import random
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

from piecepack_diagrams.theme import DEFAULT

from piecepack_diagrams import parse_records, render, replay
from piecepack_diagrams.errors import PiecepackError, SetupError
from piecepack_diagrams.games.coin_collectors import GAME, legal_moves, state_from_pieces
from piecepack_diagrams.games.coin_collectors.game import parse_variant
from piecepack_diagrams.games.coin_collectors.notation import parse_action
from piecepack_diagrams.games.coin_collectors.picture import position_scene
from piecepack_diagrams.games.coin_collectors.rules import apply_action
from piecepack_diagrams.games.coin_collectors.simulate import POLICIES, make_policy, play

ROOT = Path(__file__).resolve().parents[1]
SETUPS = ROOT.parent / "shared" / "corpus" / "setups"
RECORDS = ROOT / "records" / "coin-collectors"


def corpus_rows(seed: int) -> list[dict]:
    return list(csv.DictReader((SETUPS / f"coin_collectors_seed{seed}.csv").open()))


def corpus_state(seed: int):
    return state_from_pieces([(r["piece_side"], int(r["suit"]), int(r["rank"]), float(r["x"]), float(r["y"]))
                              for r in corpus_rows(seed)])


def test_seed_1_by_hand():
    # Worked out from lab sheet coin_collectors_seed1.csv: the dice show Suns 3, Moons 4,
    # Crowns null, Arms null. Around the hole: above, the 3 of Arms with a 5 coin; left, the
    # 5 of Suns with a 5 coin; right, the null of Arms with an ace coin; below, the 5 of
    # Moons with a 3 coin. The Arms die's null opens the tile on the right to every pawn;
    # the Suns die's 3 lets the Suns pawn take the 3 coin below. Nothing else.
    moves = {(m.move.text, m.target) for m in legal_moves(corpus_state(1))}
    assert moves == {("SE", 13), ("ME", 13), ("CE", 13), ("AE", 13), ("SS", 17)}


def _oracle(rows: list[dict]) -> set[tuple[int, float, float]]:
    """The first moves, straight from the layout's coordinates: (pawn suit, x, y of the tile entered)."""
    tiles = {(float(r["x"]), float(r["y"])): (int(r["suit"]), int(r["rank"])) for r in rows
             if r["piece_side"] == "tile_face"}
    coins = {(float(r["x"]) - 0.5, float(r["y"]) + 0.5): int(r["rank"]) for r in rows if r["piece_side"] == "coin_face"}
    dice = {int(r["suit"]): int(r["rank"]) for r in rows if r["piece_side"] == "die_face"}
    out = set()
    for x, y in ((5.5, 7.5), (3.5, 5.5), (7.5, 5.5), (5.5, 3.5)):  # the four tiles around the hole
        suit, rank = tiles[(x, y)]
        for pawn in range(1, 5):
            if dice[suit] == rank or dice[pawn] == coins[(x, y)]:
                out.add((pawn, x, y))
    return out


@pytest.mark.parametrize("seed", range(1, 16))
def test_piecepackr_setups_are_reproduced_exactly_and_list_their_first_moves(seed):
    # A record's GameType: {Name: Coin Collectors, Seed: N} starts from exactly this layout.
    state = GAME.setup({"GameType": {"Name": "Coin Collectors", "Seed": seed}})
    assert state == corpus_state(seed)
    ours = {(m.move.suit, 1.5 + 2 * (m.target % 5), 9.5 - 2 * (m.target // 5))
            for m in legal_moves(state)}
    assert ours == _oracle(corpus_rows(seed))


def _record(header: str, movetext: str):
    return parse_records(f"---\nGameType: Coin Collectors\n{header}\n...\n{movetext}\n", name="cc.ppn")[0]


def _corpus_1_header() -> str:
    rows = corpus_rows(1)
    names = "na2345"
    tiles = [r for r in rows if r["piece_side"] == "tile_face"]
    coins = [r for r in rows if r["piece_side"] == "coin_face"]
    word = lambda r: names[int(r["rank"]) - 1] + "SMCA"[int(r["suit"]) - 1]  # noqa: E731
    dice = " ".join("SMCA"[int(r["suit"]) - 1] + names[int(r["rank"]) - 1]
                    for r in rows if r["piece_side"] == "die_face")
    return (f"Tiles: '{' '.join(map(word, tiles))}'\nCoins: '{' '.join(map(word, coins))}'\nDice: '{dice}'")


@pytest.mark.parametrize("movetext, wording", [
    ("1. MS", ("the Moons pawn cannot enter the 5 of Moons at c2: the Moons die would have to show 5, the tile's rank, "
                "or 3, the coin's number; it shows 4")),
    ("1. SE R:- 2. SW", "cannot move into the hole"),
    ("1. SE R:- 2. ME", "another pawn is there"),
    ("1. SNE", "is not a Coin Collectors move"),
    ("1. SE R:S6", "'6' in 'R:S6' is not a die face"),
    ("1. SE R:S3S4", "the roll names the Suns die twice"),
    ("1. SE 2. ME", "the dice must be rolled"),
    ("1. R:S3", "a pawn must move before the dice are rolled"),
])
def test_bad_turns_are_located_and_worded(movetext, wording):
    rec = _record(_corpus_1_header(), movetext)
    with pytest.raises(PiecepackError, match=wording.replace("(", r"\(").replace(")", r"\)")) as err:
        replay(rec)
    assert err.value.location is not None and err.value.location.file == "cc.ppn"


def test_the_issue_example_wording():
    # The 5 of Moons below the hole with a 3 coin; the Arms pawn's die shows null.
    rec = _record(_corpus_1_header(), "1. AS")
    with pytest.raises(PiecepackError) as err:
        replay(rec)
    assert err.value.format() == ("cc.ppn:7:4: error: move 1 (AS): the Arms pawn cannot enter the 5 of Moons at c2: "
                                  "the Moons die would have to show 5, the tile's rank, or the Arms die 3, the coin's "
                                  "number; the Moons die shows 4 and the Arms die null")


@pytest.mark.parametrize("name, outcome, score", [
    ("heuristic-win", "won", 24), ("near-miss-loss", "lost", 23), ("acceptable-losses", "lost", 20),
    ("four-die-stud", "lost", 21),
])
def test_shipped_records(name, outcome, score):
    result = replay(parse_records((RECORDS / f"{name}.ppn").read_text(), name=name)[0])
    assert result.is_valid()
    assert (result.status().outcome, result.status().score) == (outcome, score)


@pytest.mark.parametrize("policy", POLICIES)
@pytest.mark.parametrize("variant", ["base", "Four Die Stud", "Last One Out", "Acceptable Losses"])
def test_simulated_games_replay_through_the_rules(policy, variant):
    meta = {} if variant == "base" else {"Variant": variant}
    for seed in range(1, 6):
        state = GAME.setup(meta, seed=seed)
        rng = random.Random(seed)
        result = play(state, make_policy(policy, rng), rng, record=True)
        for action in result.actions:
            state = apply_action(state, action)
        assert state.score == result.score
        assert state.outcome == ("won" if result.won else "lost")


def test_variants():
    assert parse_variant({"Variant": "Last One Out", "LeftBehind": 2}).left_behind == (3, 4)
    assert parse_variant({"Variant": ["Last One Out", "Four Die Stud"], "LeftBehind": "MC"}).left_behind == (2, 3)
    with pytest.raises(SetupError, match="unknown Coin Collectors variant"):
        parse_variant({"Variant": "Five Die Stud"})
    state = GAME.setup({"Variant": "Last One Out", "LeftBehind": 3}, seed=2)
    assert {m.move.suit for m in legal_moves(state)} <= {1}
    stud = GAME.setup({"Variant": "Four Die Stud"}, seed=2)
    first = legal_moves(stud)[0].move
    after = apply_action(stud, first)
    with pytest.raises(PiecepackError, match="1 dice were rolled, not all four"):
        apply_action(after, parse_action("R:S3"))


def test_drawing_shows_dice_tray_arrow_and_legal_moves():
    state = GAME.setup({}, seed=3)
    legal = legal_moves(state)
    after = apply_action(state, legal[0].move)
    scene = position_scene(after, show_legal=False)
    kinds = [p.piece.kind for p in scene.pieces]
    # On the board: 24 tiles, the 23 coins left; beside it, the dice and the coin collected.
    assert kinds.count("tile") == 24 and kinds.count("coin") == 23 and kinds.count("die") == 0
    panels = {panel.title: [p.piece for p in panel.pieces] + [p.piece for e in panel.entries for p in e.pieces]
              for panel in scene.panels}
    assert sorted(p.suit for p in panels["Dice"]) == [1, 2, 3, 4]
    assert [(p.kind, p.suit, p.rank) for p in panels["Collected: 1 of 24"]] == [("coin", *after.collected[0])]
    assert any(type(a).__name__ == "Arrow" for a in scene.annotations)
    highlighted = position_scene(state, show_legal=True)
    marks = [a for a in highlighted.annotations if type(a).__name__ == "Highlight"]
    assert len(marks) == len({m.target for m in legal})
    # A highlighted tile's own background takes the tint (under its rank), never a layer over it.
    from piecepack_diagrams.render.primitives import tinted

    root = ET.fromstring(render(highlighted, "svg"))
    fills = [el.get("fill") for el in root.iter("{http://www.w3.org/2000/svg}path")]
    assert tinted(DEFAULT).piece_background in fills
    assert not any(el.get("fill-opacity") for el in root.iter("{http://www.w3.org/2000/svg}path"))


def test_deal_puzzles_are_won_through_the_rules_engine():
    from piecepack_diagrams.games.coin_collectors.board import HOLE
    from piecepack_diagrams.games.coin_collectors.game import start_state
    from piecepack_diagrams.games.coin_collectors.puzzles import generate_deal_puzzles, solve_deal
    from piecepack_diagrams.games.coin_collectors.rules import PawnMove, Roll, Variant

    directions = {-5: "N", 5: "S", 1: "E", -1: "W"}
    puzzles = generate_deal_puzzles(3, seed=4)
    assert generate_deal_puzzles(3, seed=4) == puzzles
    for p in puzzles:
        state = start_state(p.deal, p.rolls[0], Variant(four_die_stud=True))
        where = {s: HOLE for s in range(1, 5)}
        for turn, (suit, cell) in enumerate(p.answer):
            state = apply_action(state, PawnMove(suit, directions[cell - where[suit]]))
            where[suit] = cell
            if turn + 1 < len(p.answer):
                state = apply_action(state, Roll(tuple(zip((1, 2, 3, 4), p.rolls[turn + 1]))))
        assert state.outcome == "won" and state.score == 24
        # A roll sequence that allows no first move cannot be solved.
        stuck = ((0, 0, 0, 0),) + p.rolls[1:]
        assert solve_deal(p.deal, stuck) is None
