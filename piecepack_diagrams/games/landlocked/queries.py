"""Questions about a Landlocked position: which spaces the current leg can reach,
and the leg's best path (fewest passes, then fewest steps)."""

from __future__ import annotations

from .board import CELLS
from .paths import allowed_cells, flood, minimal_choices, path_through, spread
from .rules import LandlockedState


def reachable_cells(state: LandlockedState) -> list[int]:
    """The spaces the pawn can pass on the current leg, with the target if it can be reached."""
    if state.outcome != "playing":
        return []
    free, grid = allowed_cells(state.deal, state.leg, state.marks, state.options)
    region = flood(state.position, free | grid)
    target = state.deal.targets[state.leg]
    cells = [c for c in range(CELLS) if region >> c & 1 and c != state.position]
    if spread(region) >> target & 1:
        cells.append(target)
    return sorted(cells)


def best_path(state: LandlockedState) -> list[int] | None:
    """The current leg's path marking the fewest passes (the shortest of those), as the
    spaces after the pawn's; ``None`` when the leg has no path."""
    if state.outcome != "playing":
        return None
    choices = minimal_choices(state.deal, state.leg, state.position, state.marks, state.options)
    if not choices:
        return None
    fewest = min(bin(c).count("1") for c in choices)
    paths = [path_through(state.deal, state.leg, state.position, c, state.marks, state.options)
             for c in choices if bin(c).count("1") == fewest]
    return min(paths, key=len)


__all__ = ["best_path", "reachable_cells"]
