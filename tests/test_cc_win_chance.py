"""Coin Collectors' chance to win (the analysis's values): bounds, the exact ends, the
directions it must move in, and two coins from the end the exact chance, counted here by
brute force over the rules engine (Acceptable Losses: every pawn that may be taken out).
With PIECEPACK_CC_CALIBRATION=1 a few hundred fresh games check the calibration."""

from __future__ import annotations

import itertools
import os
import random

import pytest

from piecepack_diagrams.games.coin_collectors.analysis import CoinCollectorsAnalyser
from piecepack_diagrams.games.coin_collectors.game import GAME
from piecepack_diagrams.games.coin_collectors.rules import (
    CoinCollectorsState, Remove, Roll, apply_action, has_move, legal_moves)
from piecepack_diagrams.games.coin_collectors.simulate import Shape
from piecepack_diagrams.games.coin_collectors.winchance import MODELS, chance_with_a_move
from piecepack_diagrams.values import replace

AL = {"Variant": "Acceptable Losses"}
FACES = list(itertools.product(range(1, 7), repeat=4))


def _with_a_move(state: CoinCollectorsState, seed: int) -> CoinCollectorsState:
    rng = random.Random(seed)
    while not legal_moves(state):
        state = replace(state, dice=tuple(rng.randint(1, 6) for _ in range(4)))
    return state


def test_the_estimate_is_a_chance_exact_at_the_ends() -> None:
    for model in MODELS.values():
        for coins in range(2, 24):
            for dead_ends in range(4):
                chance = chance_with_a_move(model, coins, 4, Shape(0, dead_ends, 1 + dead_ends // 2))
                assert 0.0 < chance < 1.0
        assert chance_with_a_move(model, 1, 4, Shape(0, 1, 1)) == 1.0  # the move collects the last coin
        assert chance_with_a_move(model, 0, 4, Shape(0, 0, 0)) == 1.0
        assert chance_with_a_move(model, 6, 4, Shape(2, 1, 2)) == 0.0  # stranded coins
    analyser = CoinCollectorsAnalyser()
    start = _with_a_move(GAME.setup({}, seed=3), 3)
    assert 0.0 < analyser.evaluate(start).chance < 0.2  # type: ignore[operator]  # a chance here
    assert analyser.evaluate(replace(start, present=0, outcome="won")).chance == 1.0
    assert analyser.evaluate(replace(start, outcome="lost")).chance == 0.0
    # Coins in the corner a1 (cell 20) that no pawn can reach from the hole: every decision is worth nothing.
    stranded = _with_a_move(replace(start, present=(1 << 20) | (1 << 7) | (1 << 2)), 4)
    assert analyser.decisions(stranded) and set(analyser.decisions(stranded).values()) == {0.0}


@pytest.mark.parametrize("name", sorted(MODELS))
def test_the_estimate_falls_with_more_coins_and_more_dead_ends(name: str) -> None:
    model = MODELS[name]
    for coins in range(2, 23):
        shape = Shape(0, 2, 2)
        assert chance_with_a_move(model, coins + 1, 4, shape) < chance_with_a_move(model, coins, 4, shape)
        assert chance_with_a_move(model, coins, 4, Shape(0, 3, 2)) < chance_with_a_move(model, coins, 4, shape)
        assert chance_with_a_move(model, coins, 4, Shape(0, 2, 3)) <= chance_with_a_move(model, coins, 4, shape)


def _chance_rolling_all(state: CoinCollectorsState, memo: dict[tuple[int, ...], float]) -> float:
    """The exact chance to win with one coin left, all four dice about to be rolled, taking
    out the best pawn whenever a roll leaves no move (by the rules engine)."""
    if state.pawns not in memo:
        ready = replace(state, phase="reroll")
        wins = 0.0
        for face in FACES:
            after = apply_action(ready, Roll(tuple((d + 1, r) for d, r in enumerate(face))))
            wins += _after_roll(after, memo)
        memo[state.pawns] = wins / len(FACES)
    return memo[state.pawns]


def _after_roll(after: CoinCollectorsState, memo: dict[tuple[int, ...], float]) -> float:
    if after.phase == "move" and after.outcome == "playing" and has_move(after):
        return 1.0  # one coin left and a move: it collects it
    if after.phase == "stuck":
        return max(_chance_rolling_all(apply_action(after, Remove(s)), memo)
                   for s in range(1, 5) if after.can_move(s))
    return 0.0


@pytest.mark.parametrize("variant, seed", [({}, 3), (AL, 5), (AL, 8)])
def test_two_coins_from_the_end_the_value_is_the_exact_chance(variant: dict[str, str], seed: int) -> None:
    start = replace(GAME.setup(variant, seed=seed), present=(1 << 7) | (1 << 2))  # b4 above the hole, b5 above it
    state = _with_a_move(start, seed)
    values = CoinCollectorsAnalyser().decisions(state)
    memo: dict[tuple[int, ...], float] = {}
    checked = set()
    for legal in legal_moves(state):
        moved = apply_action(state, legal.move)
        for keep in range(16):
            rolled = [d for d in range(4) if not keep >> d & 1]
            faces = list(itertools.product(range(1, 7), repeat=len(rolled)))
            total = sum(_after_roll(apply_action(moved, Roll(tuple((d + 1, r) for d, r in zip(rolled, face)))), memo)
                        for face in faces)
            expected = total / len(faces)
            assert values[(legal.move.suit - 1, legal.target), keep] == pytest.approx(expected, abs=1e-12)
            checked.add(round(expected, 9))
    assert len(checked) > 1  # the values differ: the comparison is not between constants


@pytest.mark.skipif(os.environ.get("PIECEPACK_CC_CALIBRATION") != "1", reason="slow: set PIECEPACK_CC_CALIBRATION=1")
def test_chances_are_calibrated_on_fresh_games() -> None:
    """Over 300 fresh base games (those with a decision), the mean chance at the first decision and the mean at every
    decision lie within the 99% interval of what happened."""
    import sys
    from pathlib import Path

    sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "bench"))
    from cc_win_chance import VARIANTS, games

    from piecepack_diagrams.games.coin_collectors.expectimax import ExpectimaxPolicy
    from piecepack_diagrams.proportions import Proportion

    played = games(VARIANTS["base"], 50001, 300, calibrated=ExpectimaxPolicy(random.Random(0), calibrated=True))
    played = [game for game in played if game[4]]  # (a first roll may leave no move: no decision)
    wins = Proportion(sum(won for _, won, *_ in played), len(played))
    lo, hi = wins.interval(z=2.576)
    assert lo <= sum(chances[0] for *_, chances in played) / len(played) <= hi
    late = [(c, won) for _, won, _, seen, chances in played for (_, _, present, _, _), c in zip(seen, chances)
            if present.bit_count() <= 6]
    lo, hi = Proportion(sum(w for _, w in late), len(late)).interval(z=2.576)
    assert lo <= sum(c for c, _ in late) / len(late) <= hi
