"""Where a Landlocked leg can go: reachability, the fewest-pass path, and the
minimal sets of grid tiles a leg can pass, as bit masks over the 25 cells.

Passing a face-up tile or the empty space costs nothing; passing a grid tile
costs a mark. So a leg is a choice of grid tiles to pass: with them (and the
free spaces) the target must be reachable. Only *minimal* choices matter (a
path through more grid tiles only adds marks), and a simple path through them
realises each choice, passing each of its grid tiles once.

A deal has at most 12 grid tiles (the 12 targets are face up and the home space
is empty), so a leg weighs at most 2**12 sets of them: enumerating every
minimal choice always ends.
"""

from __future__ import annotations

from collections import deque
from functools import lru_cache
from typing import Iterator

from .board import CELLS, HOME, Deal, Options

_BOARD = (1 << CELLS) - 1
_LEFT = sum(1 << (5 * r) for r in range(5))
_RIGHT = _LEFT << 4
_NOT_LEFT = _BOARD & ~_LEFT
_NOT_RIGHT = _BOARD & ~_RIGHT


def spread(mask: int) -> int:
    """The cells next to any cell of ``mask``."""
    return ((mask << 5) | (mask >> 5) | ((mask & _NOT_RIGHT) << 1) | ((mask & _NOT_LEFT) >> 1)) & _BOARD


def grow(region: int, allowed: int) -> int:
    """``region`` and every cell of ``allowed`` reachable from it through ``allowed``."""
    while True:
        # spread(), written out: this loop is the solver's innermost.
        grown = region | (((region << 5) | (region >> 5) | ((region & _NOT_RIGHT) << 1)
                           | ((region & _NOT_LEFT) >> 1)) & allowed)
        if grown == region:
            return region
        region = grown


def reaches(region: int, target: int, allowed: int) -> bool:
    """True when a path from ``region`` through ``allowed`` gets next to the cell ``target``."""
    target_bit = 1 << target
    while True:  # grow(), stopping once next to the target (off-board bits of around are never used)
        around = ((region << 5) | (region >> 5) | ((region & _NOT_RIGHT) << 1) | ((region & _NOT_LEFT) >> 1))
        if around & target_bit:
            return True
        grown = region | (around & allowed)
        if grown == region:
            return False
        region = grown


def flood(start: int, allowed: int) -> int:
    """``start`` and every cell of ``allowed`` reachable from it through ``allowed``."""
    return grow(1 << start, allowed)


@lru_cache(maxsize=4096)
def leg_masks(deal: Deal, options: Options) -> tuple[int, tuple[int, ...]]:
    """The grid tiles, and for each leg the free spaces it may pass (never its target).

    This is :func:`~.board.pass_problem` on a board without marks, read off the targets:
    outbound legs pass the home space and the outbound tiles from their target's rank up
    (every outbound tile with ``pass_visited_outbound``), inbound legs the home space, the
    outbound tiles and the inbound tiles from their target's rank up, the way home every
    face-up tile. The tests check the two agree.
    """
    bits = [1 << cell for cell in deal.targets[:12]]  # the outbound null..5, then the inbound 5..null
    home = 1 << HOME
    outbound = bits[0] | bits[1] | bits[2] | bits[3] | bits[4] | bits[5]
    face_up = home | outbound | bits[6] | bits[7] | bits[8] | bits[9] | bits[10] | bits[11]
    if deal.tiles.count(None) == 1:  # every space but home holds a tile, as in every deal made here
        grid = _BOARD & ~face_up
    else:
        grid = sum(1 << c for c, tile in enumerate(deal.tiles) if tile is not None) & ~face_up
    free = []
    higher = 0
    for leg in range(5, -1, -1):  # outbound legs, the last first: the outbound tiles from the target up
        higher |= bits[leg]
        free.append(home | (outbound if options.pass_visited_outbound else higher))
    free.reverse()
    higher = 0
    for leg in range(6, 12):  # inbound legs: the outbound tiles, and the inbound ones from the 5 to the target
        higher |= bits[leg]
        free.append(home | outbound | higher)
    free.append(face_up)
    return grid, tuple(mask & ~bit for mask, bit in zip(free, bits + [home]))


def worn_cells(marks: tuple[int, ...], options: Options) -> int:
    """The cells passed as often as they may be."""
    limit = options.limit
    return sum(1 << c for c, m in enumerate(marks) if m >= limit)


def allowed_cells(deal: Deal, leg: int, marks: tuple[int, ...], options: Options) -> tuple[int, int]:
    """(free spaces, grid tiles) a path on ``leg`` may pass with these marks."""
    grid, free = leg_masks(deal, options)
    return free[leg], grid & ~worn_cells(marks, options) & ~(1 << deal.targets[leg])


def fewest_from(region: int, target: int, free: int, grid: int) -> int | None:
    """The fewest cells of ``grid`` a path from ``region`` to the cell ``target`` must
    pass, going through ``free`` and ``grid`` (``None`` when it cannot get there).

    A breadth-first search by passes, all cells at once: the cells within ``k`` passes
    are grown through the free spaces, then stepped once into the grid.
    """
    target_bit = 1 << target
    region = grow(region, free)
    passes = 0
    while True:
        around = spread(region)
        if around & target_bit:
            return passes
        entered = around & grid & ~region
        if not entered:
            return None
        region = grow(region | entered, free)
        passes += 1


def leg_is_possible(deal: Deal, leg: int, position: int, marks: tuple[int, ...], options: Options) -> bool:
    """True when the pawn at ``position`` can reach ``leg``'s target with these marks."""
    if leg >= 13:
        return True
    free, grid = allowed_cells(deal, leg, marks, options)
    return reaches(1 << position, deal.targets[leg], free | grid)


def fewest_passes(deal: Deal, leg: int, position: int, marks: tuple[int, ...], options: Options) -> int:
    """The fewest grid tiles a path for ``leg`` must pass.

    Raises ``ValueError`` when the target cannot be reached.
    """
    free, grid = allowed_cells(deal, leg, marks, options)
    passes = fewest_from(1 << position, deal.targets[leg], free, grid)
    if passes is None:
        raise ValueError("the target cannot be reached")
    return passes


class MinimalChoices:
    """The minimal sets of cells of ``grid`` (masks) with which a path from ``start`` through
    ``free`` reaches ``target``, one list per number of tiles, fewest first, made as asked.

    Sets grow one tile at a time from the empty set, each by the tiles next to what it
    reaches (lowest cell first); a set that reaches the target is kept, unless it holds a
    smaller one kept before. A set whose last tile opens no way to another tile or to the
    target is not grown (no set holding it is minimal), which leaves the order of the rest
    as it was. The lists come in the same order whatever cells of ``grid`` are taken away
    later: the lists for less of ``grid`` are these lists without the sets holding a cell
    taken away (the solver relies on it to share them among positions).
    """

    __slots__ = ("_beside", "_found", "_free", "_grid", "_layers", "_open", "_target")

    def __init__(self, start: int, target: int, free: int, grid: int) -> None:
        self._target = 1 << target
        self._free = free
        self._grid = grid
        self._found: list[int] = []
        #: Per grid tile (its bit), the cells next to it and to the free spaces it opens.
        self._beside: dict[int, int] = {}
        # The sets of the last size that fall short of the target, each with the cells next to
        # what it reaches. A set reaches what its parent did, the tile added and the free spaces
        # that tile opens (the parent's tiles lie in what the parent reaches, so nothing more).
        around = spread(grow(1 << start, free))
        self._layers: list[list[int]] = [[0]] if around & self._target else [[]]
        self._open: list[tuple[int, int]] = [] if around & self._target else [(0, around)]
        self._found += self._layers[0]

    def layer(self, size: int) -> list[int] | None:
        """The minimal sets of ``size`` tiles (maybe none), or ``None`` when no set has that many."""
        layers = self._layers
        while len(layers) <= size:
            if not self._weigh_next():
                return None
        return layers[size]

    def _weigh_next(self) -> bool:
        """Weigh the sets one tile bigger than the last (False when there are none)."""
        if not self._open:
            return False
        here: list[int] = []
        short: list[tuple[int, int]] = []
        seen: set[int] = set()
        found, target, grid, beside = self._found, self._target, self._grid, self._beside
        useful = grid | target
        for chosen, around in self._open:
            frontier = around & grid & ~chosen
            while frontier:
                low = frontier & -frontier
                frontier ^= low
                bigger = chosen | low
                if bigger in seen:
                    continue
                seen.add(bigger)
                opened = beside.get(low)
                if opened is None:
                    opened = beside[low] = spread(grow(low, self._free))
                if not opened & ~around & useful:
                    # Without the tile, this set and every set holding it reach each tile and the
                    # target they reach with it: none is minimal.
                    continue
                opened |= around
                if not opened & target:
                    short.append((bigger, opened))
                elif not any(f & bigger == f for f in found):  # only sets reaching the target can hold one
                    here.append(bigger)
        found += here
        self._layers.append(here)
        self._open = short
        return True


def choices_by_size(deal: Deal, leg: int, position: int, marks: tuple[int, ...],
                    options: Options) -> Iterator[list[int]]:
    """The minimal sets of grid tiles (masks) that let the pawn reach the leg's target,
    one list per number of tiles, fewest first (lists may be empty)."""
    free, grid = allowed_cells(deal, leg, marks, options)
    choices = MinimalChoices(position, deal.targets[leg], free, grid)
    size = 0
    while (layer := choices.layer(size)) is not None:
        yield layer
        size += 1


def minimal_choices(deal: Deal, leg: int, position: int, marks: tuple[int, ...], options: Options) -> list[int]:
    """Every minimal set of grid tiles (a mask) that lets the pawn reach the target, fewest first."""
    return [c for layer in choices_by_size(deal, leg, position, marks, options) for c in layer]


def shortest_path(position: int, target: int, allowed: int) -> list[int]:
    """A shortest path from ``position`` to ``target`` through the cells of ``allowed`` (the
    cells after ``position``, ending at the target; neighbours tried up, down, left, right).

    Raises ``ValueError`` when there is none.
    """
    previous = {position: -1}
    queue = deque([position])
    while queue:
        cell = queue.popleft()
        for n in _NEIGHBOURS[cell]:
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


def path_through(deal: Deal, leg: int, position: int, chosen: int, marks: tuple[int, ...],
                 options: Options) -> list[int]:
    """A shortest path from ``position`` to the leg's target passing only free spaces and the
    grid tiles of ``chosen`` (the cells after ``position``, ending at the target)."""
    free, grid = allowed_cells(deal, leg, marks, options)
    return shortest_path(position, deal.targets[leg], free | (grid & chosen))


def _neighbours(cell: int) -> tuple[int, ...]:
    out = []
    if cell >= 5:
        out.append(cell - 5)
    if cell < 20:
        out.append(cell + 5)
    if cell % 5:
        out.append(cell - 1)
    if cell % 5 < 4:
        out.append(cell + 1)
    return tuple(out)


_NEIGHBOURS = tuple(_neighbours(cell) for cell in range(CELLS))

__all__ = ["MinimalChoices", "allowed_cells", "choices_by_size", "fewest_from", "fewest_passes", "flood", "grow",
           "leg_is_possible", "leg_masks", "minimal_choices", "path_through", "reaches", "shortest_path", "spread",
           "worn_cells"]
