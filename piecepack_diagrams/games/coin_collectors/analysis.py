"""Coin Collectors' side of a record's analysis (:mod:`piecepack_diagrams.engine.analysis`).

A decision is a move and the dice to keep (the roll that follows names the dice picked
up: the others are kept). Its value is an estimate of the chance to win: the expectimax
search two turns ahead, exact over the rolls in between (:mod:`.expectimax`), whose leaf is
the chance to win learnt from the policy's own games (:mod:`.winchance`); a pawn taken out
(Acceptable Losses) is counted exactly. Two coins from the end the value is the exact
chance. A position's value is that of its best decision; the legal moves listed are the
pawn moves, each with its best choice of dice to keep.
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING

from ...engine.analysis import Analyser, Choice, Evaluation
from ...pieces import Suit
from .board import MoveTable, pawn_moves
from .expectimax import ExpectimaxPolicy
from .notation import parse_action
from .rules import CoinCollectorsState, PawnMove, Roll, legal_moves

if TYPE_CHECKING:
    from ...notation import MoveGroup
    from .board import Deal

#: Decisions by move ``(pawn 0..3, cell)`` and dice kept (bit d: die d), with their values.
Decisions = dict[tuple[tuple[int, int], int], float]


def keep_words(keep: int) -> str:
    """``"keeping S C"``, ``"rolling all"``, ``"rolling none"``: which dice a choice keeps."""
    if keep == 0:
        return "rolling all"
    if keep == 15:
        return "rolling none"
    return "keeping " + " ".join(Suit(d + 1).letter for d in range(4) if keep >> d & 1)


class CoinCollectorsAnalyser(Analyser[CoinCollectorsState]):
    """Chances to win of Coin Collectors decisions (see the module's notes)."""

    def __init__(self) -> None:
        self._policy = ExpectimaxPolicy(random.Random(0), calibrated=True)  # its choices use no randomness
        self._tables: dict[Deal, MoveTable] = {}

    def decisions(self, state: CoinCollectorsState) -> Decisions:
        """Every decision of ``state`` (a pawn must move) with its value; empty otherwise."""
        if state.outcome != "playing" or state.phase != "move":
            return {}
        table = self._tables.get(state.deal)
        if table is None:
            table = self._tables[state.deal] = MoveTable(state.deal)
        self._policy.begin(table, state.variant)
        pawns, dice = list(state.pawns), list(state.dice)
        active = [p for p in range(4) if state.can_move(p + 1)]
        moves = pawn_moves(table, pawns, dice, state.present, active)
        return self._policy.decisions(table, pawns, dice, state.present, active, moves)

    def evaluate(self, state: CoinCollectorsState) -> Evaluation:
        if state.outcome == "won":
            return Evaluation(True, chance=1.0)
        if state.outcome != "playing":
            return Evaluation(False, chance=0.0)
        values = self.decisions(state)
        if not values:
            return Evaluation(None, note="in the middle of a turn")
        (move, keep), best = max(values.items(), key=lambda kv: kv[1])
        return Evaluation(None, chance=best, line=f"{_move_text(state, move)} {keep_words(keep)}")

    def choices(self, state: CoinCollectorsState, *, search: bool = True) -> list[Choice]:
        values = self.decisions(state)
        out = []
        for legal in legal_moves(state):
            move = (legal.move.suit - 1, legal.target)
            keep, best = max(((k, v) for (m, k), v in values.items() if m == move), key=lambda kv: kv[1])
            out.append(Choice(legal.move.text, Evaluation(None, chance=best, note=keep_words(keep))))
        return out

    def played(self, before: CoinCollectorsState, group: MoveGroup, after: CoinCollectorsState,
               after_value: Evaluation) -> Evaluation | None:
        decision = _decision(before, group)
        if decision is None:
            return None
        move, keep = decision
        values = self.decisions(before)
        value = values.get((move, keep), values.get((move, 0)))
        if value is None:  # Four Die Stud: every die is rolled whatever the roll says
            return None
        return Evaluation(None, chance=value, note=keep_words(keep))

    def is_same_move(self, choice: Choice, group: MoveGroup, after: CoinCollectorsState) -> bool:
        return bool(group.moves) and choice.move == parse_action(group.moves[0].text).text


def _decision(state: CoinCollectorsState, group: MoveGroup) -> tuple[tuple[int, int], int] | None:
    """The move ``(pawn, cell)`` and the dice kept that ``group`` played from ``state``; None
    when it starts with no pawn move in a position where one must move."""
    if state.outcome != "playing" or state.phase != "move" or not group.moves:
        return None
    actions = [parse_action(t.text) for t in group.moves[:2]]
    first = actions[0]
    if not isinstance(first, PawnMove):
        return None
    target = next(m.target for m in legal_moves(state) if m.move == first)
    rolled = sum(1 << (suit - 1) for suit, _ in actions[1].results) if len(actions) > 1 and isinstance(
        actions[1], Roll) else 15
    keep = 0 if state.variant.four_die_stud else 15 & ~rolled
    return (first.suit - 1, target), keep


def _move_text(state: CoinCollectorsState, move: tuple[int, int]) -> str:
    return next(m.move.text for m in legal_moves(state) if (m.move.suit - 1, m.target) == move)


def analyser(*, budget: int | None = None) -> CoinCollectorsAnalyser:
    """The analyser (the expectimax has no budget: ``budget`` is ignored)."""
    return CoinCollectorsAnalyser()


__all__ = ["CoinCollectorsAnalyser", "Decisions", "analyser", "keep_words"]
