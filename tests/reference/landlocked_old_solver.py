"""The Landlocked solver as it stood before issue 19 ("Speed at every scale"), kept
frozen to check the new one against: tests/test_landlocked_solver_agreement.py
compares their verdicts deal by deal. Do not change it, and do not use it in the
package.

It is a verbatim copy of ``piecepack_diagrams/games/landlocked/solver.py`` (``Route``,
``solve``, ``_route``) and of the parts of ``paths.py`` they need, as of commit
cbb1045, with the imports gathered here. The rules (``board``, ``rules``) are the
live ones: they are what both solvers are checked against.
"""

from __future__ import annotations

import heapq
from collections import deque
from dataclasses import dataclass, replace
from functools import lru_cache
from typing import Iterator

from piecepack_diagrams.games.landlocked.board import CELLS, Deal, Options, pass_problem
from piecepack_diagrams.games.landlocked.rules import LandlockedState, apply_leg

# --- paths.py (verbatim) ---

_BOARD = (1 << CELLS) - 1
_LEFT = sum(1 << (5 * r) for r in range(5))
_RIGHT = _LEFT << 4
#: How many choices of grid tiles one leg may weigh before giving up on finding more.
MAX_CHOICES = 4096


def spread(mask: int) -> int:
    """The cells next to any cell of ``mask``."""
    return ((mask << 5) | (mask >> 5) | ((mask & ~_RIGHT) << 1) | ((mask & ~_LEFT) >> 1)) & _BOARD


def flood(start: int, allowed: int) -> int:
    """``start`` and every cell of ``allowed`` reachable from it through ``allowed``."""
    region = 1 << start
    while True:
        grown = region | (spread(region) & allowed)
        if grown == region:
            return region
        region = grown


@lru_cache(maxsize=4096)
def _masks(deal: Deal, options: Options) -> tuple[int, tuple[int, ...]]:
    """The grid tiles, and for each leg the free spaces it may pass (never its target)."""
    grid = sum(1 << c for c in range(CELLS) if deal.is_grid(c))
    clean = (0,) * CELLS
    free = []
    for leg in range(13):
        mask = sum(1 << c for c in range(CELLS)
                   if not grid >> c & 1 and pass_problem(deal, leg, c, clean, options) is None)
        free.append(mask & ~(1 << deal.targets[leg]))
    return grid, tuple(free)


def allowed_cells(deal: Deal, leg: int, marks: tuple[int, ...], options: Options) -> tuple[int, int]:
    """(free spaces, grid tiles) a path on ``leg`` may pass with these marks."""
    grid, free = _masks(deal, options)
    limit = options.limit
    worn = sum(1 << c for c, m in enumerate(marks) if m >= limit)
    return free[leg], grid & ~worn & ~(1 << deal.targets[leg])


def leg_is_possible(deal: Deal, leg: int, position: int, marks: tuple[int, ...], options: Options) -> bool:
    """True when the pawn at ``position`` can reach ``leg``'s target with these marks."""
    if leg >= 13:
        return True
    free, grid = allowed_cells(deal, leg, marks, options)
    return bool(spread(flood(position, free | grid)) >> deal.targets[leg] & 1)


def fewest_passes(deal: Deal, leg: int, position: int, marks: tuple[int, ...], options: Options) -> int:
    """The fewest grid tiles a path for ``leg`` must pass (0-1 breadth-first search).

    Raises ``ValueError`` when the target cannot be reached.
    """
    free, grid = allowed_cells(deal, leg, marks, options)
    target = deal.targets[leg]
    cost = {position: 0}
    queue = deque([position])
    while queue:
        cell = queue.popleft()
        for n in _neighbours(cell):
            if n == target:
                return cost[cell]
            step = grid >> n & 1
            if not step and not free >> n & 1:
                continue
            if cost[cell] + step < cost.get(n, 1 << 30):
                cost[n] = cost[cell] + step
                if step:
                    queue.append(n)
                else:
                    queue.appendleft(n)
    raise ValueError("the target cannot be reached")


def _neighbours(cell: int) -> list[int]:
    out = []
    if cell >= 5:
        out.append(cell - 5)
    if cell < 20:
        out.append(cell + 5)
    if cell % 5:
        out.append(cell - 1)
    if cell % 5 < 4:
        out.append(cell + 1)
    return out


def choices_by_size(deal: Deal, leg: int, position: int, marks: tuple[int, ...],
                    options: Options) -> Iterator[list[int]]:
    """The minimal sets of grid tiles (masks) that let the pawn reach the leg's target,
    one list per number of tiles, fewest first (lists may be empty)."""
    free, grid = allowed_cells(deal, leg, marks, options)
    target_bit = 1 << deal.targets[leg]
    found: list[int] = []
    layer = [0]
    seen = {0}
    while layer and len(seen) <= MAX_CHOICES:
        here: list[int] = []
        following: list[int] = []
        for chosen in layer:
            if any(f & chosen == f for f in found):
                continue
            region = flood(position, free | chosen)
            around = spread(region)
            if around & target_bit:
                here.append(chosen)
                continue
            frontier = around & grid & ~chosen
            while frontier:
                low = frontier & -frontier
                frontier ^= low
                bigger = chosen | low
                if bigger not in seen:
                    seen.add(bigger)
                    following.append(bigger)
        found += here
        yield here
        layer = following


def path_through(deal: Deal, leg: int, position: int, chosen: int, marks: tuple[int, ...],
                 options: Options) -> list[int]:
    """A shortest path from ``position`` to the leg's target passing only free spaces and the
    grid tiles of ``chosen`` (the cells after ``position``, ending at the target)."""
    free, grid = allowed_cells(deal, leg, marks, options)
    allowed = free | (grid & chosen)
    target = deal.targets[leg]
    previous = {position: -1}
    queue = deque([position])
    while queue:
        cell = queue.popleft()
        for n in _neighbours(cell):
            if n in previous:
                continue
            if n == target:
                path = [n]
                while cell != position:
                    path.append(cell)
                    cell = previous[cell]
                return path[::-1]
            if allowed >> n & 1:
                previous[n] = cell
                queue.append(n)
    raise ValueError("no path through the chosen tiles")


# --- solver.py (verbatim) ---


@dataclass(frozen=True, slots=True)
class Route:
    """A solver's verdict: ``paths`` (one per remaining leg, as cells after the start)
    when ``solvable``, with the passes they mark in all and the positions searched."""

    solvable: bool
    paths: tuple[tuple[int, ...], ...] = ()
    passes: int = 0
    searched: int = 0

    def __repr__(self) -> str:
        return (f"Route(solvable={self.solvable!r}, passes={self.passes!r}, searched={self.searched!r}, "
                f"paths={self.paths!r})")


def solve(state: LandlockedState, *, options: Options | None = None) -> Route:
    """The winning route from ``state`` with the fewest passes, or proof there is none."""
    if options is not None:
        state = replace(state, options=options)
    if state.outcome != "playing":
        return Route(state.outcome == "won")
    deal, opts = state.deal, state.options
    clean = (0,) * 25
    # A lower bound on each leg's passes: its fewest on a clean board (marks only take options away).
    floor = [0] * 14
    for leg in range(state.leg, 13):
        start = state.position if leg == state.leg else deal.targets[leg - 1]
        marks = state.marks if leg == state.leg else clean
        if not leg_is_possible(deal, leg, start, marks, opts):
            return Route(False, searched=leg - state.leg + 1)
        floor[leg] = fewest_passes(deal, leg, start, marks, opts)
    rest = [sum(floor[leg:13]) for leg in range(14)]
    start_key = (state.leg, state.marks)
    best = {start_key: 0}
    parent: dict[tuple, tuple | None] = {start_key: None}
    # A*: order by passes so far plus the bound for the legs left; among equals, the furthest leg first.
    heap = [(rest[state.leg], -state.leg, -1, 0, state.marks)]
    counter = 1
    searched = 0
    # Children are made lazily, a number of tiles at a time: an entry with a layer iterator stands for
    # "the choices of this position with k more tiles", keyed by the cost they would have.
    layers: dict[int, Iterator[list[int]]] = {}
    while heap:
        f, negative_leg, tag, cost, marks = heapq.heappop(heap)
        leg = -negative_leg
        if tag in layers:  # the next layer of choices of (leg, marks)
            extra = f - cost - rest[leg + 1]
            layer = next(layers[tag], None)
            if layer is None:
                del layers[tag]
                continue
            position = state.position if leg == state.leg else deal.targets[leg - 1]
            for chosen in layer:
                new_marks = tuple(m + (chosen >> c & 1) for c, m in enumerate(marks))
                if opts.limit_markers and sum(new_marks) > 24:
                    continue
                key = (leg + 1, new_marks)
                new_cost = cost + extra
                if new_cost < best.get(key, 1 << 30):
                    best[key] = new_cost
                    parent[key] = ((leg, marks), chosen)
                    heapq.heappush(heap, (new_cost + rest[leg + 1], -(leg + 1), counter, new_cost, new_marks))
                    counter += 1
            heapq.heappush(heap, (f + 1, negative_leg, tag, cost, marks))
            continue
        if best.get((leg, marks), -1) != cost:
            continue
        searched += 1
        if leg == 13:
            return _route(state, parent, (leg, marks), cost, searched)
        position = state.position if leg == state.leg else deal.targets[leg - 1]
        layers[counter] = choices_by_size(deal, leg, position, marks, opts)
        heapq.heappush(heap, (cost + rest[leg + 1], negative_leg, counter, cost, marks))
        counter += 1
    return Route(False, searched=searched)


def _route(state: LandlockedState, parent: dict, key: tuple, cost: int, searched: int) -> Route:
    choices = []
    while parent[key] is not None:
        key, chosen = parent[key]
        choices.append((key, chosen))
    choices.reverse()
    paths = []
    current = state
    for (leg, marks), chosen in choices:
        path = path_through(current.deal, leg, current.position, chosen, marks, current.options)
        paths.append(tuple(path))
        current = apply_leg(current, path)
    return Route(True, tuple(paths), cost, searched)
