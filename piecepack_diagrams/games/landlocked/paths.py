"""Where a Landlocked leg can go: reachability, the fewest-pass path, and the
minimal sets of grid tiles a leg can pass, as bit masks over the 25 cells.

Passing a face-up tile or the empty space costs nothing; passing a grid tile
costs a mark. So a leg is a choice of grid tiles to pass: with them (and the
free spaces) the target must be reachable. Only *minimal* choices matter (a
path through more grid tiles only adds marks), and a simple path through them
realises each choice, passing each of its grid tiles once.
"""

from __future__ import annotations

from collections import deque
from functools import lru_cache
from typing import Iterator

from .board import CELLS, Deal, Options, pass_problem

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
        mask = sum(1 << c for c in range(CELLS) if not grid >> c & 1 and pass_problem(deal, leg, c, clean, options) is None)
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


def minimal_choices(deal: Deal, leg: int, position: int, marks: tuple[int, ...], options: Options) -> list[int]:
    """Every minimal set of grid tiles (a mask) that lets the pawn reach the target, fewest first."""
    return [c for layer in choices_by_size(deal, leg, position, marks, options) for c in layer]


def path_through(deal: Deal, leg: int, position: int, chosen: int, marks: tuple[int, ...], options: Options) -> list[int]:
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


__all__ = ["MAX_CHOICES", "allowed_cells", "choices_by_size", "fewest_passes", "flood", "leg_is_possible",
           "minimal_choices", "path_through", "spread"]
