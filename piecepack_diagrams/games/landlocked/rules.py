"""Playing Landlocked: Hither and Yon leg by leg on immutable states; a broken rule
is a worded :class:`~piecepack_diagrams.errors.RuleError` naming the leg, the
step and the rule.
"""

from __future__ import annotations


from ...errors import RuleError
from ...scene import ScenePiece
from ...values import field, replace, value
from .board import CELLS, HOME, MARKER_COINS, Deal, Options, are_neighbours, cell_name, leg_name, pass_problem
from .paths import leg_is_possible
from ...reprs import brief_repr

@value
class LandlockedState:
    """A position: the next ``leg`` (0-based; 13 when home again), the pawn's cell, the
    passes marked on each cell, and the last leg's path."""

    deal: Deal
    options: Options = field(default_factory=Options)
    leg: int = 0
    position: int = HOME
    marks: tuple[int, ...] = (0,) * CELLS
    outcome: str = "playing"
    last_path: tuple[int, ...] = ()
    seed: int | None = None
    #: A setup made from ppdf's layout: its pieces where ppdf lays them out (None after a leg).
    layout: tuple[ScenePiece, ...] | None = field(default=None, compare=False, repr=False)

    __repr__ = brief_repr

    @property
    def pieces(self) -> tuple[ScenePiece, ...] | None:
        """The pieces a setup from ppdf's layout holds, where ppdf lays them out (what its
        export gives); None otherwise (the export then gives the drawing's pieces)."""
        return self.layout

    @property
    def target(self) -> int | None:
        return self.deal.targets[self.leg] if self.leg < 13 else None

    @property
    def markers(self) -> int:
        return sum(self.marks)

def apply_leg(state: LandlockedState, path: list[int], *, move: str | None = None) -> LandlockedState:
    """The state after walking ``path`` (the spaces after the pawn's, ending at the target).

    Raises :class:`RuleError` naming the leg, the step and the rule.
    """
    deal = state.deal
    if state.outcome != "playing":
        raise RuleError(f"the game is over ({state.outcome})", move=move, rule="no legs after the end")
    name = leg_name(deal, state.leg)
    target = deal.targets[state.leg]
    if path and path[0] == state.position:
        path = path[1:]  # the path may name the space it starts from
    if not path:
        raise RuleError(f"{name}: the path is empty", move=move, rule="a leg walks to its target")
    marks = list(state.marks)
    here = state.position
    for step, cell in enumerate(path, start=1):
        where = f"{name}, step {step}"
        if not are_neighbours(here, cell):
            kind = "a diagonal" if abs(here % 5 - cell % 5) == 1 and abs(here // 5 - cell // 5) == 1 else "a jump"
            raise RuleError(f"{where}: {cell_name(here)} to {cell_name(cell)} is {kind}; the pawn moves one space "
                            "up, down, left or right", move=move, rule="orthogonal steps")
        if cell == target:
            if step != len(path):
                raise RuleError(f"{where}: the leg ends on reaching its target at {cell_name(cell)}; "
                                f"the path goes on for {len(path) - step} more step(s)", move=move,
                                rule="the target ends the leg")
            break
        problem = pass_problem(deal, state.leg, cell, tuple(marks), state.options)
        if problem:
            raise RuleError(f"{where}: {problem}", move=move, rule="what a leg may pass")
        if deal.is_grid(cell):
            marks[cell] += 1
        here = cell
    else:
        later = deal.targets[state.leg + 1:13]
        if here in later:
            raise RuleError(f"{name}: the path ends at {deal.describe(here)}, but the route visits "
                            f"{deal.describe(target)} first: no tile may be skipped", move=move,
                            rule="the legs go in order")
        raise RuleError(f"{name}: the path stops at {cell_name(here)}, short of its target at {cell_name(target)}",
                        move=move, rule="a leg ends at its target")
    done = replace(state, leg=state.leg + 1, position=target, marks=tuple(marks),
                   last_path=(state.position,) + tuple(path))
    if state.options.limit_markers and done.markers > MARKER_COINS:
        return replace(done, outcome="lost")
    if done.leg == 13:
        return replace(done, outcome="won")
    if not leg_is_possible(done.deal, done.leg, done.position, done.marks, done.options):
        return replace(done, outcome="lost")
    return done


__all__ = ["LandlockedState", "apply_leg"]
