"""Lab Rats' side of a record's analysis (:mod:`piecepack_diagrams.engine.analysis`).

A position's value is the escape with the fewest coins from it. In the advanced version
the solver is exact. Under the standard rules an escape without backing up is an escape,
so the advanced solver's answer is a win with at most that many coins; when it finds none,
a standard-rules search decides: a deal's first position by the decisive solver
(:func:`~.standard.solve_standard`), later ones within ``budget`` states, or the position is
left unknown. That search is a plug-in (``standard``): any function of a state and a budget that answers
``(winnable, actions, exact)``, ``winnable`` None when undecided, can take its place.

Before that search, every action followed by the advanced solver is tried (a back-up and
a return are often all an escape needs first). An analysis of a whole record searches the
positions it reaches; the moves it did not play
get the advanced solver's answer only (unknown where that finds no escape under the
standard rules). Hints search every move.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Callable

from ...errors import SetupError
from ...engine.analysis import Analyser, Choice, Evaluation
from .rules import Action, LabRatsState, apply_action, legal_actions
from .solver import BUDGET_LIMIT, solve, solve_advanced

if TYPE_CHECKING:
    from ...notation import MoveGroup

#: States a standard-rules search may visit per position in an analysis (some 0.2 s each).
ANALYSIS_BUDGET = 500
#: A standard-rules search: ``(state, budget) -> (winnable, actions, exact)``, ``winnable`` None
#: when undecided, ``exact`` when the actions are the fewest coins.
StandardSearch = Callable[[LabRatsState, int], tuple[bool | None, tuple[Action, ...], bool]]


def budgeted_search(state: LabRatsState, budget: int) -> tuple[bool | None, tuple[Action, ...], bool]:
    """Today's standard-rules search (:func:`~.solver.solve`) within ``budget`` states:
    ``(winnable, actions, exact)``, ``exact`` when the actions are the fewest coins."""
    found = solve(state, advanced=False, budget=budget)
    if found.solvable:
        return True, found.actions, not found.exhausted
    return (None if found.exhausted else False), (), True


def decisive_search(state: LabRatsState, budget: int) -> tuple[bool | None, tuple[Action, ...], bool]:
    """A deal's first position (no coins down) decided by :func:`~.standard.solve_standard`
    (a replayed escape or a checked proof that there is none), other positions and the
    few deals it leaves undecided by :func:`budgeted_search` within ``budget`` states."""
    from .standard import solve_standard

    if not state.down and state.outcome == "playing" and not state.building and not state.options.advanced:
        verdict = solve_standard(state)
        if verdict.winnable is not None:
            return verdict.winnable, verdict.actions, False  # an escape, not the fewest coins
    return budgeted_search(state, budget)


class LabRatsAnalyser(Analyser[LabRatsState]):
    """Values of Lab Rats positions: the fewest coins to escape (see the module's notes)."""

    def __init__(self, *, budget: int = ANALYSIS_BUDGET, standard: StandardSearch = decisive_search) -> None:
        if isinstance(budget, bool) or not isinstance(budget, int) or not 0 <= budget <= BUDGET_LIMIT:
            raise SetupError(f"a budget of {budget!r} states is out of range", token=str(budget),
                             expected=f"0 to {BUDGET_LIMIT:,} states")
        self.budget = budget
        self.standard = standard

    def evaluate(self, state: LabRatsState, *, search: bool = True) -> Evaluation:
        if state.building:
            return Evaluation(None, note="the maze is still being built")
        if state.outcome == "won":
            return Evaluation(True, cost=0, unit="coin")
        if state.outcome != "playing":
            return Evaluation(False, note="the player gave up" if state.outcome == "conceded" else "no coins left")
        plain = solve_advanced(state)
        advanced = state.options.advanced
        if plain.solvable:
            return Evaluation(True, cost=plain.coins, exact=advanced, unit="coin", line=plain.text,
                              note="" if advanced else "without backing up")
        if advanced:
            return Evaluation(False, note="no escape without backing up")
        # A back-up, or a return after one, is often all a standard escape needs first: one
        # action, then the exact solver, costs far less than a search.
        for action in legal_actions(state):
            after = apply_action(state, action)
            then = solve_advanced(after) if after.outcome == "playing" else None
            if then is not None and then.solvable:
                spent = after.coins_used() - state.coins_used()
                return Evaluation(True, cost=spent + then.coins, exact=False, unit="coin",
                                  line=f"{action.text} {then.text}", note="backing up once")
        if not search or not self.budget:
            return Evaluation(None, note="no escape without backing up; not searched with it")
        winnable, actions, exact = self.standard(state, self.budget)
        if winnable is None:
            return Evaluation(None, note=f"no escape found within {self.budget:,} states")
        if not winnable:
            return Evaluation(False, note="every position searched")
        return Evaluation(True, cost=len(actions), exact=exact, unit="coin",
                          line=" ".join(a.text for a in actions))

    def choices(self, state: LabRatsState, *, search: bool = True) -> list[Choice]:
        out = []
        for action in legal_actions(state):
            after = apply_action(state, action)
            value = self.evaluate(after, search=search).spent(after.coins_used() - state.coins_used())
            out.append(Choice(action.text, value, after))
        return out

    def played(self, before: LabRatsState, group: MoveGroup, after: LabRatsState,
               after_value: Evaluation) -> Evaluation | None:
        if before.building or before.outcome != "playing":
            return None  # building the maze is no decision the solver judges
        return after_value.spent(after.coins_used() - before.coins_used())


def analyser(*, budget: int | None = None) -> LabRatsAnalyser:
    """The analyser with today's standard-rules search and ``budget`` (None: :data:`ANALYSIS_BUDGET`).

    Raises :class:`SetupError` for a budget out of range."""
    return LabRatsAnalyser(budget=ANALYSIS_BUDGET if budget is None else budget)


__all__ = ["ANALYSIS_BUDGET", "LabRatsAnalyser", "StandardSearch", "analyser", "budgeted_search", "decisive_search"]
