"""Landlocked's side of a record's analysis (:mod:`piecepack_diagrams.engine.analysis`).

A position's value is the route home with the fewest passes from it (the solver is
exact). A leg is any path, so the legal moves listed are one per minimal set of grid tiles
the leg can pass (the shortest path through it): any other path passes a superset of one
of them, marks no fewer passes and leaves no fewer options.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ...engine.analysis import Analyser, Choice, Evaluation
from .board import cell_name
from .paths import minimal_choices, path_through
from .rules import LandlockedState, apply_leg
from .solver import solve

if TYPE_CHECKING:
    from ...notation import MoveGroup


def leg_text(state: LandlockedState, path: tuple[int, ...] | list[int]) -> str:
    """A leg as movetext, from the pawn's space: ``a5-b5-b4``."""
    return "-".join(cell_name(c) for c in (state.position, *path))


class LandlockedAnalyser(Analyser[LandlockedState]):
    """Values of Landlocked positions: the fewest passes home (see the module's notes)."""

    def evaluate(self, state: LandlockedState) -> Evaluation:
        if state.outcome == "won":
            return Evaluation(True, cost=0, unit="pass")
        if state.outcome != "playing":
            return Evaluation(False, note="landlocked")
        route = solve(state)
        if not route.solvable:
            return Evaluation(False, note="no route home")
        legs, here = [], state.position
        for path in route.paths:
            legs.append("-".join(cell_name(c) for c in (here, *path)))
            here = path[-1]
        return Evaluation(True, cost=route.passes, unit="pass", line=" ".join(legs))

    def choices(self, state: LandlockedState, *, search: bool = True) -> list[Choice]:
        if state.outcome != "playing":
            return []
        out = []
        for chosen in minimal_choices(state.deal, state.leg, state.position, state.marks, state.options):
            path = path_through(state.deal, state.leg, state.position, chosen, state.marks, state.options)
            after = apply_leg(state, path)
            out.append(Choice(leg_text(state, path), self.evaluate(after).spent(after.markers - state.markers), after))
        return out

    def played(self, before: LandlockedState, group: MoveGroup, after: LandlockedState,
               after_value: Evaluation) -> Evaluation | None:
        if before.outcome != "playing":
            return None
        return after_value.spent(after.markers - before.markers)

    def is_same_move(self, choice: Choice, group: MoveGroup, after: LandlockedState) -> bool:
        # Another path to the same marks is the same move: the position after it is the same.
        return choice.state is not None and choice.state.marks == after.marks


def analyser(*, budget: int | None = None) -> LandlockedAnalyser:
    """The analyser (the solver is exact: ``budget`` is not needed and ignored)."""
    return LandlockedAnalyser()


__all__ = ["LandlockedAnalyser", "analyser", "leg_text"]
