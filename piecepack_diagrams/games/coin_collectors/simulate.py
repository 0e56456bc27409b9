"""Playing many Coin Collectors games fast, under a policy, for statistics.

The simulator works on plain integers (cell masks, die ranks) rather than
the rule engine's states, for speed; the tests check that every game it plays
replays without error through the rules engine.

Policies (each decides the move, and which dice to pick up and roll):

``random``
    a legal move at random, and a random set of dice (each die with even odds).
``heuristic``
    the designer's strategy notes: never isolate a group of coins if it can be
    helped (:func:`stranded`), send each pawn towards its own corner (Suns upper
    left, Moons upper right, Crowns lower right, Arms lower left), keep every
    die that still gives a move and roll the rest.
``lookahead``
    as careful about isolated coins, then chooses the move and the dice to keep
    that make the next turn safest: the chance that the next roll leaves a move
    is computed exactly (each die gives a move or not on its own, so the chance
    is one minus the product of the rolled dice's chances of failing), then the
    most die faces that would give a move; ties go to the heuristic.
``expectimax``
    the move and the dice to keep with the best expected value two turns ahead,
    exact over the rolls in between (:mod:`.expectimax`).
"""

from __future__ import annotations

import random
from typing import Callable

from ...values import value
from .board import CELLS, HOLE, NEIGHBOURS, MoveTable, pawn_moves
from .rules import REMOVED, Action, CoinCollectorsState, PawnMove, Remove, Roll, Variant

POLICIES = ("random", "heuristic", "lookahead", "expectimax")
_DIRECTION = {-5: "N", 5: "S", 1: "E", -1: "W"}
#: Each suit's corner for the heuristic: Suns upper left, Moons upper right, Crowns lower right, Arms lower left.
_CORNERS = (0, 4, 24, 20)


def _distance(a: int, b: int) -> int:
    return abs(a % 5 - b % 5) + abs(a // 5 - b // 5)


@value
class GameResult:
    """One simulated game: the score (coins collected), whether it was won, and the
    actions taken (as rule-engine actions, so the game can be replayed or written down)."""

    score: int
    won: bool
    actions: tuple[Action, ...]


def _good_values(t: MoveTable, pawns: list[int], present: int, active: list[int]) -> list[int]:
    """For each die, a bit mask of the ranks (bit r) with which that die alone gives a move."""
    frontier = 0
    for p in active:
        frontier |= NEIGHBOURS[pawns[p]]
    frontier &= present
    out = [0, 0, 0, 0]
    for d in range(4):
        good = 0
        row = t.tile[d]
        near = NEIGHBOURS[pawns[d]] & present if d in active else 0
        for rank in range(1, 7):
            if row[rank] & frontier or t.coin[rank] & near:
                good |= 1 << rank
        out[d] = good
    return out


def _popcount(x: int) -> int:
    return x.bit_count()


_BOARD = (1 << CELLS) - 1
_LEFT = sum(1 << (5 * r) for r in range(5))  # column a
_RIGHT = _LEFT << 4  # column e


def _spread(mask: int) -> int:
    """The cells next to any cell of ``mask`` (shifts: up, down, and sideways within a row)."""
    return ((mask << 5) | (mask >> 5) | ((mask & ~_RIGHT) << 1) | ((mask & ~_LEFT) >> 1)) & _BOARD


@value
class Shape:
    """How the coins left lie: ``stranded`` coins that can no longer all be collected (see
    :func:`stranded`), the ``dead_ends`` not next to a pawn (coins with at most one coin
    beside them: each must end some pawn's path) and the ``groups`` of coins (joined by sides)."""

    stranded: int
    dead_ends: int
    groups: int


def shape(pawns: list[int], present: int, active: list[int]) -> Shape:
    """The :class:`Shape` of the coins ``present`` for the pawns ``active``."""
    heads = _spread(sum(1 << pawns[p] for p in active))
    lost = ends = groups = 0
    rest = present
    while rest:
        group = frontier = rest & -rest
        while frontier:
            frontier = _spread(frontier) & present & ~group
            group |= frontier
        rest &= ~group
        groups += 1
        touching = sum(1 for p in active if NEIGHBOURS[pawns[p]] & group)
        if not touching:
            lost += _popcount(group)
            continue
        far_ends = 0
        cells = group
        while cells:
            low = cells & -cells
            cells ^= low
            cell = low.bit_length() - 1
            if (NEIGHBOURS[cell] & group).bit_count() <= 1 and not low & heads:
                far_ends += 1
        ends += far_ends
        lost += max(0, far_ends - touching)
    return Shape(lost, ends, groups)


def stranded(pawns: list[int], present: int, active: list[int]) -> int:
    """How many coins can no longer all be collected, by two quick tests: coins in a group
    that no pawn in play touches are lost; and each dead end of a group (a coin with at
    most one coin beside it) not next to a pawn must end some pawn's path, so dead ends
    beyond the number of pawns touching the group are lost too."""
    return shape(pawns, present, active).stranded


class Policy:
    """How a player chooses; subclasses override :meth:`move` and :meth:`keep`."""

    name = "policy"

    def __init__(self, rng: random.Random) -> None:
        self.rng = rng

    def begin(self, t: MoveTable, variant: Variant) -> None:
        """Called before a game's first decision with its deal's tables and its variant."""

    def move(self, t: MoveTable, pawns: list[int], dice: list[int], present: int, active: list[int],
             moves: list[tuple[int, int]]) -> tuple[int, int]:
        raise NotImplementedError

    def keep(self, t: MoveTable, pawns: list[int], dice: list[int], present: int, active: list[int]) -> int:
        """A mask of the dice (bit d) to leave as they are; the others are rolled."""
        raise NotImplementedError

    def remove(self, pawns: list[int], present: int, active: list[int]) -> int:
        """Acceptable Losses: the pawn (0..3) to take out; by default the one with the fewest coins near it."""
        return min(active, key=lambda p: (_popcount(NEIGHBOURS[pawns[p]] & present), p))


class RandomPolicy(Policy):
    name = "random"

    def move(self, t: MoveTable, pawns: list[int], dice: list[int], present: int, active: list[int],
             moves: list[tuple[int, int]]) -> tuple[int, int]:
        return moves[_below(self.rng, len(moves))]

    def keep(self, t: MoveTable, pawns: list[int], dice: list[int], present: int, active: list[int]) -> int:
        return self.rng.getrandbits(4)


class HeuristicPolicy(Policy):
    name = "heuristic"

    def _score(self, t: MoveTable, pawns: list[int], present: int, active: list[int], p: int,
               target: int) -> tuple[int, int, int, int]:
        corner = _CORNERS[p]
        before = _distance(pawns[p], corner) if pawns[p] != HOLE else 5
        toward = before - _distance(target, corner)
        # "Be careful not to completely isolate a group of coins."
        after = pawns[:]
        after[p] = target
        lost = stranded(after, present & ~(1 << target), active)
        onward = _popcount(NEIGHBOURS[target] & present & ~(1 << target))
        return (-lost, toward, onward, -p)

    def move(self, t: MoveTable, pawns: list[int], dice: list[int], present: int, active: list[int],
             moves: list[tuple[int, int]]) -> tuple[int, int]:
        if len(moves) == 1:
            return moves[0]
        return max(moves, key=lambda m: self._score(t, pawns, present, active, *m))

    def keep(self, t: MoveTable, pawns: list[int], dice: list[int], present: int, active: list[int]) -> int:
        good = _good_values(t, pawns, present, active)
        return sum(1 << d for d in range(4) if good[d] >> dice[d] & 1)


class LookaheadPolicy(HeuristicPolicy):
    name = "lookahead"

    def move(self, t: MoveTable, pawns: list[int], dice: list[int], present: int, active: list[int],
             moves: list[tuple[int, int]]) -> tuple[int, int]:
        if len(moves) == 1:
            return moves[0]
        best, best_key = moves[0], None
        for p, target in moves:
            after = pawns[:]
            after[p] = target
            left = present & ~(1 << target)
            good = _good_values(t, after, left, active)
            safety, _ = _best_keep(good, dice)
            mobility = sum(_popcount(g) for g in good)  # die faces that would give a move next turn
            lost, *rest = self._score(t, pawns, present, active, p, target)
            key = (lost, safety, mobility, *rest)
            if best_key is None or key > best_key:
                best, best_key = (p, target), key
        return best

    def keep(self, t: MoveTable, pawns: list[int], dice: list[int], present: int, active: list[int]) -> int:
        return _best_keep(_good_values(t, pawns, present, active), dice)[1]


def _best_keep(good: list[int], dice: list[int]) -> tuple[float, int]:
    """The keep mask giving the best chance that the next position has a move, and that chance.

    Kept dice that give a move make it certain; otherwise each rolled die fails with
    chance (6 - its good faces) / 6, independently. Keeping a die that gives no move
    never helps, so the best is to keep the dice that give a move and roll the rest
    (or, if none give one, to roll them all).
    """
    keep = sum(1 << d for d in range(4) if good[d] >> dice[d] & 1)
    if keep:
        return 1.0, keep
    fail = 1.0
    for d in range(4):
        fail *= (6 - _popcount(good[d])) / 6
    return 1.0 - fail, 0


def _below(rng: random.Random, n: int) -> int:
    bits = n.bit_length()
    while True:
        v = rng.getrandbits(bits)
        if v < n:
            return v


def _die(rng: random.Random) -> int:
    while True:
        v = rng.getrandbits(3)
        if v < 6:
            return v + 1


def make_policy(name: str, rng: random.Random) -> Policy:
    """The policy called ``name`` (see :data:`POLICIES`); raises ``ValueError``."""
    from .expectimax import ExpectimaxPolicy  # it builds on this module

    table: dict[str, Callable[[random.Random], Policy]] = {
        "random": RandomPolicy, "heuristic": HeuristicPolicy, "lookahead": LookaheadPolicy,
        "expectimax": ExpectimaxPolicy}
    if name not in table:
        raise ValueError(f"unknown policy '{name}'; expected one of {', '.join(POLICIES)}")
    return table[name](rng)


def play(state: CoinCollectorsState, policy: Policy, rng: random.Random, *, record: bool = False) -> GameResult:
    """Play ``state`` to the end under ``policy``, rolling dice with ``rng``."""
    t = MoveTable(state.deal)
    variant = state.variant
    pawns = list(state.pawns)
    dice = list(state.dice)
    present = state.present
    active = [p for p in range(4) if state.can_move(p + 1)]
    score = state.score
    actions: list[Action] = []
    stud = variant.four_die_stud
    policy.begin(t, variant)
    while True:
        moves = pawn_moves(t, pawns, dice, present, active)
        if not moves:
            if variant.acceptable_losses and len(active) > 1:
                p = policy.remove(pawns, present, active)
                active.remove(p)
                pawns[p] = REMOVED
                for d in range(4):
                    dice[d] = _die(rng)
                if record:
                    actions.append(Remove(p + 1))
                    actions.append(Roll(tuple((d + 1, dice[d]) for d in range(4))))
                continue
            return GameResult(score, False, tuple(actions))
        p, target = policy.move(t, pawns, dice, present, active, moves)
        if record:
            actions.append(PawnMove(p + 1, _DIRECTION[target - pawns[p]]))
        pawns[p] = target
        present &= ~(1 << target)
        score += 1
        if not present:
            return GameResult(score, True, tuple(actions))
        keep = 0 if stud else policy.keep(t, pawns, dice, present, active)
        rolled: list[tuple[int, int]] = []
        for d in range(4):
            if not keep >> d & 1:
                dice[d] = _die(rng)
                rolled.append((d + 1, dice[d]))
        if record:
            actions.append(Roll(tuple(rolled)))


def simulate(make_state: Callable[[int], CoinCollectorsState], policy_name: str, games: int, *,
             first_seed: int = 1) -> list[GameResult]:
    """Play ``games`` seeded games (deal and dice both from the seed) under a policy."""
    out: list[GameResult] = []
    for seed in range(first_seed, first_seed + games):
        state = make_state(seed)
        rng = random.Random(seed * 7919 + 1)  # the dice after the deal: a stream of their own
        out.append(play(state, make_policy(policy_name, rng), rng))
    return out


__all__ = ["GameResult", "POLICIES", "Policy", "Shape", "make_policy", "play", "shape", "simulate", "stranded"]
