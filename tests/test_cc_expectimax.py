"""The expectimax policy of Coin Collectors: its expectations against a brute force over
the rules engine's positions and every roll, written here independently; its games replay;
it is deterministic by seed."""

from __future__ import annotations

import itertools
import random

import pytest

from piecepack_diagrams.games.coin_collectors.board import MoveTable, pawn_moves
from piecepack_diagrams.games.coin_collectors.expectimax import ExpectimaxPolicy, evaluation
from piecepack_diagrams.games.coin_collectors.game import GAME
from piecepack_diagrams.games.coin_collectors.rules import (
    CoinCollectorsState, apply_action, has_move, legal_moves)
from piecepack_diagrams.games.coin_collectors.simulate import make_policy, play, simulate
from piecepack_diagrams.values import replace

FACES = list(itertools.product(range(1, 7), repeat=4))
# A small position: the pawns in the hole, six coins left round it.
SMALL = sum(1 << c for c in (7, 2, 11, 10, 13, 17))


def _small(seed: int, variant: dict[str, str]) -> CoinCollectorsState:
    """A position with a move, from the first of ``seed``'s rolls that allows one."""
    state = replace(GAME.setup(variant, seed=seed), present=SMALL)
    rng = random.Random(seed)
    while not legal_moves(state):
        state = replace(state, dice=tuple(rng.randint(1, 6) for _ in range(4)))
    return state


def _with_dice(state: CoinCollectorsState, dice: tuple[int, ...]) -> CoinCollectorsState:
    return replace(state, dice=dice, phase="move")


def _rolls(dice: tuple[int, ...], keep: int) -> list[tuple[int, ...]]:
    """Every face the dice may show after rolling those not in ``keep`` (equally likely)."""
    return [f for f in FACES if all(f[d] == dice[d] for d in range(4) if keep >> d & 1)]


class BruteForce:
    """The value of a position after a move, exact over two rolls, by enumerating every
    roll and asking the rules engine which moves each allows (base game and Four Die Stud)."""

    def __init__(self, stud: bool) -> None:
        self.keeps = [0] if stud else list(range(16))
        self.best_keep: dict[tuple[object, ...], dict[tuple[int, ...], float]] = {}
        self.after: dict[tuple[object, ...], float] = {}

    def _evaluate(self, state: CoinCollectorsState) -> float:
        active = [s - 1 for s in range(1, 5) if state.can_move(s)]
        return evaluation(MoveTable(state.deal), list(state.pawns), state.present, active)

    def leaf(self, state: CoinCollectorsState) -> float:
        """After the second move, with the dice it was made with: the best dice to keep."""
        if not state.present:
            return 1.0
        key = (state.pawns, state.present)
        if key not in self.best_keep:
            moves = {f: has_move(_with_dice(state, f)) for f in FACES}
            # For each choice of dice to keep and what they show, the share of rolls that allow a move.
            shares: dict[tuple[int, tuple[int, ...]], list[int]] = {}
            for keep in self.keeps:
                for f in FACES:
                    share = shares.setdefault((keep, tuple(f[d] for d in range(4) if keep >> d & 1)), [0, 0])
                    share[0] += moves[f]
                    share[1] += 1
            self.best_keep[key] = {f: max(shares[keep, tuple(f[d] for d in range(4) if keep >> d & 1)][0]
                                          / shares[keep, tuple(f[d] for d in range(4) if keep >> d & 1)][1]
                                          for keep in self.keeps) for f in FACES}
        return self.best_keep[key][state.dice] * self._evaluate(state)

    def after_move(self, state: CoinCollectorsState, face: tuple[int, ...]) -> float:
        """After the first move, the dice showing ``face``: the best second move's leaf, 0 when stuck."""
        key = (state.pawns, state.present, face)
        if key not in self.after:
            now = _with_dice(state, face)
            self.after[key] = max((self.leaf(replace(apply_action(now, m.move), dice=face))
                                   for m in legal_moves(now)), default=0.0)
        return self.after[key]

    def decisions(self, state: CoinCollectorsState) -> dict[tuple[tuple[int, int], int], float]:
        out = {}
        for m in legal_moves(state):
            after = apply_action(state, m.move)
            move = (m.move.suit - 1, m.target)
            if not after.present:
                out[move, 0] = 1.0
                continue
            for keep in self.keeps:
                rolls = _rolls(state.dice, keep)
                out[move, keep] = sum(self.after_move(after, f) for f in rolls) / len(rolls)
        return out


@pytest.mark.parametrize("seed, variant", [(3, {}), (5, {"Variant": "Four Die Stud"})])
def test_two_turn_expectations_match_a_brute_force(seed, variant):
    state = _small(seed, variant)
    t = MoveTable(state.deal)
    policy = ExpectimaxPolicy(random.Random(0))
    policy.begin(t, state.variant)
    pawns, present, active = list(state.pawns), state.present, [0, 1, 2, 3]
    moves = pawn_moves(t, pawns, state.dice, present, active)
    mine = policy.decisions(t, pawns, list(state.dice), present, active, moves)
    brute = BruteForce(state.variant.four_die_stud).decisions(state)
    assert mine.keys() == brute.keys()
    for key, value in brute.items():
        assert mine[key] == pytest.approx(value, abs=1e-12), key
    # The choices differ in value (the comparison is not between constants), and the policy takes the best.
    assert len(set(round(v, 9) for v in brute.values())) > 1
    best = max(brute.values())
    chosen = policy.move(t, pawns, list(state.dice), present, active, moves)
    assert max(v for (m, _), v in brute.items() if m == chosen) == pytest.approx(best, abs=1e-12)


def test_one_turn_leaf_matches_a_brute_force():
    state = _small(4, {})
    t = MoveTable(state.deal)
    policy = ExpectimaxPolicy(random.Random(0))
    policy.begin(t, state.variant)
    brute = BruteForce(stud=False)
    for m in legal_moves(state):
        after = apply_action(state, m.move)
        active = [0, 1, 2, 3]
        leaf = policy.leaf(t, list(after.pawns), after.present, active)
        for face in FACES[::37]:
            assert float(leaf[FACES.index(face)]) == pytest.approx(  # type: ignore[index]  # an array here
                brute.leaf(replace(after, dice=face)), abs=1e-12)


def test_evaluation_is_zero_when_coins_are_stranded():
    state = GAME.setup({}, seed=2)
    t = MoveTable(state.deal)
    # Coins in the corner a1 (cell 20) and nothing between it and the pawns in the hole: stranded.
    assert evaluation(t, [12] * 4, (1 << 20) | (1 << 7), [0, 1, 2, 3]) == 0.0
    assert 0.0 < evaluation(t, [12] * 4, (1 << 7) | (1 << 2), [0, 1, 2, 3]) <= 1.0
    assert evaluation(t, [12] * 4, 0, [0, 1, 2, 3]) == 1.0


@pytest.mark.parametrize("variant", [{}, {"Variant": "Acceptable Losses"}, {"Variant": "Four Die Stud"}])
def test_games_replay_and_are_deterministic(variant):
    for seed in (1, 2):
        state = GAME.setup(variant, seed=seed)
        results = [play(state, make_policy("expectimax", random.Random(seed)), random.Random(seed), record=True)
                   for _ in range(2)]
        assert results[0] == results[1]
        for action in results[0].actions:
            state = apply_action(state, action)
        assert (state.score, state.outcome == "won") == (results[0].score, results[0].won)
    runs = [simulate(lambda seed: GAME.setup(variant, seed=seed), "expectimax", 2, first_seed=5) for _ in range(2)]
    assert runs[0] == runs[1]
