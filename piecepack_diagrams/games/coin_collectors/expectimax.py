"""The ``expectimax`` policy: the move and the dice to keep that maximise the expected
value two turns ahead, exact over every roll of the dice in between.

A decision is scored by the expectation, over every roll of the dice not kept (each
of the 6**4 faces of the four dice weighs the same), of the best reply: the next move
and dice to keep, scored by a leaf value. The leaf value of a position after that
second move is exact over the second roll too: the chance ``s`` that the roll leaves
a move, times a static evaluation (:func:`evaluation`); with Acceptable Losses the
remaining ``1 - s`` counts the position a pawn fewer (:meth:`ExpectimaxPolicy.stuck_value`:
the best pawn to take out, then all four dice rolled, scaled by :data:`PAWN_LOST`),
and so does a first roll that leaves no move. When the game is really stuck, the pawn taken out is chosen exactly:
the one whose removal gives the best mean, over all four dice rolled, of the search
above (:meth:`ExpectimaxPolicy.removal_value`).
``s`` is exact without enumerating rolls: each die gives a move or not on its own,
so keeping a die that gives one makes ``s`` one, and otherwise rolling all four is
best, ``s = 1 - prod((6 - good faces) / 6)``.

The static evaluation is derived, not learnt: zero when some coins can no longer all
be collected (:func:`~.simulate.stranded`), else the chance that a roll of all four
dice gives a move raised to :data:`HORIZON`, an estimate of surviving that many
more turns from the position's mobility. The one learnt number is :data:`PAWN_LOST`,
what a pawn taken out costs with Acceptable Losses: over seeds 1..300 the policy won
15%, 18%, 13% and 9% of the games with 0.1, 0.2, 0.3 and 0.5.

The rolls are handled as one array of the 1,296 faces of the four dice (numpy): the
best reply's value is computed for every face at once (the moves a face allows are
precomputed per deal), and the expectation for a choice of dice to keep is the mean
over the faces that agree with the kept dice. The values after a move and the leaves are
memoised per position (pawns, coins, pawns in play) for the game, and the stranded-coins
test per set of cells the pawns stand on.
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING

import numpy as np

from .board import CELLS, HOLE, NEIGHBOURS, MoveTable
from .rules import REMOVED, Variant
from .simulate import Policy, _good_values, shape, stranded
from .winchance import chance_with_a_move, model_for

if TYPE_CHECKING:
    from numpy.typing import NDArray

    Values = NDArray[np.float64]

#: The mobility exponent of :func:`evaluation`: roughly the turns of survival it stands for.
HORIZON = 2.0
#: What a pawn taken out costs (Acceptable Losses): the value of the position after it is taken out is scaled by this.
PAWN_LOST = 0.2
#: Every face of the four dice, one row each (ranks 1..6), die 0 the slowest: row ``i``
#: is the face at index ``sum((rank_d - 1) * 6 ** (3 - d))``.
FACES = np.array(np.meshgrid(*[np.arange(1, 7)] * 4, indexing="ij")).reshape(4, -1).T
_ALL_KEEPS = tuple(range(16))
#: _GIVES[d][good]: the faces on which die d shows a rank of the bit mask ``good`` (bit r: rank r).
_GIVES = tuple(tuple((good >> FACES[:, d]) & 1 == 1 for good in range(128)) for d in range(4))


def face_index(dice: list[int] | tuple[int, ...]) -> int:
    """The row of :data:`FACES` that shows ``dice``."""
    return ((dice[0] - 1) * 6 + dice[1] - 1) * 6 * 6 + (dice[2] - 1) * 6 + dice[3] - 1


def _fail_all(good: list[int]) -> float:
    fail = 1.0
    for g in good:
        fail *= (6 - g.bit_count()) / 6
    return fail


def evaluation(t: MoveTable, pawns: list[int], present: int, active: list[int]) -> float:
    """The static evaluation of a position whose dice are about to be rolled: 0 when
    coins are stranded, else ``(1 - chance that a roll of all four gives no move) ** HORIZON``;
    1 when every coin is collected."""
    if not present:
        return 1.0
    if stranded(pawns, present, active):
        return 0.0
    return float((1.0 - _fail_all(_good_values(t, pawns, present, active))) ** HORIZON)


class ExpectimaxPolicy(Policy):
    """Two turns of expectimax over moves, dice to keep and rolls (module docstring)."""

    name = "expectimax"

    def __init__(self, rng: random.Random, *, calibrated: bool = False) -> None:
        super().__init__(rng)
        #: With ``calibrated``, the leaf is the chance to win (:mod:`.winchance`) and a pawn
        #: taken out is counted exactly (every further removal too): the values are chances.
        self.calibrated = calibrated
        self.variant = Variant()
        self._table: MoveTable | None = None
        self._legal: dict[tuple[int, int], NDArray[np.bool_]] = {}
        self._memo: dict[tuple[tuple[int, ...], int, tuple[int, ...], bool], Values] = {}
        self._leaves: dict[tuple[tuple[int, ...], int, tuple[int, ...]], Values | float] = {}
        self._stranded: dict[tuple[frozenset[int], int], bool] = {}
        self._chances: dict[tuple[frozenset[int], int, int], float] = {}
        self._stuck: dict[tuple[tuple[int, ...], int, tuple[int, ...]], float] = {}
        self._plan: tuple[tuple[int, ...], int, int] | None = None

    def begin(self, t: MoveTable, variant: Variant) -> None:
        self.variant = variant
        if self._table is not t:
            self._table, self._memo, self._leaves, self._stranded, self._plan = t, {}, {}, {}, None
            self._chances, self._stuck = {}, {}
            # Which faces allow pawn p onto cell c: the die of c's tile shows its rank, or p's die the coin's number.
            self._legal = {}
            for c in range(CELLS):
                if c == HOLE:
                    continue
                tile_die = next(d for d in range(4) if any(t.tile[d][r] >> c & 1 for r in range(1, 7)))
                tile_rank = next(r for r in range(1, 7) if t.tile[tile_die][r] >> c & 1)
                coin_rank = next(r for r in range(1, 7) if t.coin[r] >> c & 1)
                by_tile = FACES[:, tile_die] == tile_rank
                for p in range(4):
                    self._legal[p, c] = by_tile | (FACES[:, p] == coin_rank)

    # -- the values ---------------------------------------------------------------------------------

    def _keeps(self) -> tuple[int, ...]:
        return (0,) if self.variant.four_die_stud else _ALL_KEEPS

    def leaf(self, t: MoveTable, pawns: list[int], present: int, active: list[int]) -> Values | float:
        """The value of a position just after a move, before its roll, for every face of the
        dice it was reached with (an array over :data:`FACES`, or one number when the faces
        do not matter): the best choice of dice to keep, exact over the roll, times
        :func:`evaluation`; with Acceptable Losses a roll with no move counts the best
        position a pawn fewer instead."""
        if not present:
            return 1.0
        key = (tuple(pawns), present, tuple(active))
        memo = self._leaves.get(key)
        if memo is None:
            memo = self._leaves[key] = self._leaf(t, pawns, present, active)
        return memo

    def _leaf(self, t: MoveTable, pawns: list[int], present: int, active: list[int]) -> Values | float:
        good = _good_values(t, pawns, present, active)
        rolled = 1.0 - _fail_all(good)
        value = self._evaluation(t, pawns, present, active, good)
        stuck = self.stuck_value(t, pawns, present, active)
        by_roll = value * rolled + stuck * (1.0 - rolled)
        if self.variant.four_die_stud:
            return by_roll
        # A kept die that gives a move makes the move certain.
        kept_good = _GIVES[0][good[0]] | _GIVES[1][good[1]] | _GIVES[2][good[2]] | _GIVES[3][good[3]]
        return np.where(kept_good, value, by_roll)

    def _evaluation(self, t: MoveTable, pawns: list[int], present: int, active: list[int], good: list[int]) -> float:
        """:func:`evaluation`, its stranded-coins test memoised (it depends on where the pawns are, not which);
        calibrated, :func:`~.winchance.chance_with_a_move` (memoised likewise)."""
        cells = frozenset(pawns[p] for p in active)
        if self.calibrated:
            key = (cells, present, len(active))
            chance = self._chances.get(key)
            if chance is None:
                chance = self._chances[key] = chance_with_a_move(
                    model_for(self.variant), present.bit_count(), len(active), shape(pawns, present, active))
            return chance
        lost = self._stranded.get((cells, present))
        if lost is None:
            lost = self._stranded[cells, present] = stranded(pawns, present, active) > 0
        return 0.0 if lost else float((1.0 - _fail_all(good)) ** HORIZON)

    def stuck_value(self, t: MoveTable, pawns: list[int], present: int, active: list[int]) -> float:
        """With Acceptable Losses, when a roll leaves no move: the best pawn to take out, scored
        by the chance that rolling all four dice then gives a move times :func:`evaluation`
        (scaled by :data:`PAWN_LOST`); calibrated, that chance times the chance to win with a
        move plus the chance of no move times this value again, a pawn fewer (the chance to win,
        exact with one coin left); 0 when no pawn may be taken out (the game is lost)."""
        if not (self.variant.acceptable_losses and len(active) > 1):
            return 0.0
        key = (tuple(pawns), present, tuple(active))
        memo = self._stuck.get(key)
        if memo is not None:
            return memo
        stuck = 0.0
        for p in active:
            fewer = [q for q in active if q != p]
            after = pawns[:]
            after[p] = REMOVED
            good = _good_values(t, after, present, fewer)
            rolled = 1.0 - _fail_all(good)
            value = rolled * self._evaluation(t, after, present, fewer, good)
            if self.calibrated:
                value += (1.0 - rolled) * self.stuck_value(t, after, present, fewer)
            stuck = max(stuck, value)
        self._stuck[key] = memo = stuck if self.calibrated else stuck * PAWN_LOST
        return memo

    def after_move(self, t: MoveTable, pawns: list[int], present: int, active: list[int], *,
                   may_remove: bool = True) -> Values:
        """The value of the position after a move, for every face the next roll may show
        (an array over :data:`FACES`): the best next move's :meth:`leaf`; with no move,
        0, or with Acceptable Losses (``may_remove``) the best pawn to take out, the dice
        then all rolled."""
        key = (tuple(pawns), present, tuple(active), may_remove)
        memo = self._memo.get(key)
        if memo is not None:
            return memo
        best = np.full(len(FACES), -1.0)
        for p in active:
            reach = NEIGHBOURS[pawns[p]] & present
            while reach:
                low = reach & -reach
                reach ^= low
                c = low.bit_length() - 1
                after = pawns[:]
                after[p] = c
                value = self.leaf(t, after, present & ~low, active)
                best = np.maximum(best, np.where(self._legal[p, c], value, -1.0))
        stuck = best < 0
        if stuck.any():
            # (Scored as a leaf: the exact value, :meth:`removal_value`, costs four times the whole search.)
            best[stuck] = self.stuck_value(t, pawns, present, active) if may_remove else 0.0
        self._memo[key] = best
        return best

    def removal_value(self, t: MoveTable, pawns: list[int], present: int, active: list[int]) -> tuple[float, int]:
        """With Acceptable Losses, when stuck: the best pawn (0..3) to take out and its value,
        the mean over all four dice rolled of :meth:`after_move` (no second removal counted);
        ``(0.0, -1)`` when none may be taken out."""
        if not (self.variant.acceptable_losses and len(active) > 1):
            return 0.0, -1
        best, choice = -1.0, -1
        for p in active:
            after = pawns[:]
            after[p] = REMOVED
            value = float(self.after_move(t, after, present, [q for q in active if q != p], may_remove=False).mean())
            if value > best:
                best, choice = value, p
        return best, choice

    def keep_values(self, values: Values, dice: list[int]) -> dict[int, float]:
        """For each allowed choice of dice to keep (bit d: die d kept), the mean of ``values``
        over the faces that agree with the kept dice."""
        grid = values.reshape(6, 6, 6, 6)
        out = {}
        for keep in self._keeps():
            index = tuple(dice[d] - 1 if keep >> d & 1 else slice(None) for d in range(4))
            out[keep] = float(grid[index].mean())
        return out

    def decisions(self, t: MoveTable, pawns: list[int], dice: list[int], present: int, active: list[int],
                  moves: list[tuple[int, int]]) -> dict[tuple[tuple[int, int], int], float]:
        """Every legal move with every allowed choice of dice to keep, and its expected value."""
        out = {}
        for p, target in moves:
            after = pawns[:]
            after[p] = target
            left = present & ~(1 << target)
            if not left:
                out[(p, target), 0] = 1.0
                continue
            for keep, value in self.keep_values(self.after_move(t, after, left, active), dice).items():
                out[(p, target), keep] = value
        return out

    # -- the policy ---------------------------------------------------------------------------------

    def move(self, t: MoveTable, pawns: list[int], dice: list[int], present: int, active: list[int],
             moves: list[tuple[int, int]]) -> tuple[int, int]:
        self.begin(t, self.variant)
        values = self.decisions(t, pawns, dice, present, active, moves)
        (move, keep), _ = max(values.items(), key=lambda kv: kv[1])  # the first best: deterministic
        after = pawns[:]
        after[move[0]] = move[1]
        self._plan = (tuple(after), present & ~(1 << move[1]), keep)
        return move

    def keep(self, t: MoveTable, pawns: list[int], dice: list[int], present: int, active: list[int]) -> int:
        plan = self._plan
        if plan is not None and plan[0] == tuple(pawns) and plan[1] == present:
            return plan[2]
        self.begin(t, self.variant)
        values = self.keep_values(self.after_move(t, pawns, present, active), dice)
        return max(values, key=lambda k: values[k])

    def remove(self, pawns: list[int], present: int, active: list[int]) -> int:
        if self._table is None:
            return super().remove(pawns, present, active)
        return self.removal_value(self._table, pawns, present, active)[1]


__all__ = ["ExpectimaxPolicy", "FACES", "HORIZON", "evaluation", "face_index"]
