"""Solving Landlocked deals: can the 13 legs be walked, and with the fewest passes
(marks on grid tiles) in all?

An A* search over (leg, marks): from each position every minimal set of grid
tiles the next leg can pass is a move costing one mark per tile (see
:mod:`.paths`; a path through more tiles only adds marks, so minimal sets
suffice and the search is exact). Positions with equal marks merge. The bound
for the legs left is the sum of their fewest passes on a clean board, which
marks can only raise, so the first route found has the fewest passes. Legs
that no path can walk even on a clean board are found first, which settles
most hopeless deals at once.

Each leg's minimal sets are found once per solve, as far as the search asks,
and shared by its positions: with more tiles worn, a position's sets are those
that avoid the worn tiles, in the same order. Marks are one integer, a mask of
the cells passed at least once, then of those passed at least twice, and so
on, so a move is a few integer operations. A position from which some leg
left cannot reach its target even with only the worn tiles barred is dropped
(it can never get home: marks only add up).

Dropping those positions changes neither the verdict nor the route: no route
home passes them, and what they would lead to is dropped with them, so the
search takes every other position in the same order as without them, and the
route found first is the same one (the tests compare the two deal by deal).
"""

from __future__ import annotations

import heapq
from typing import Literal

from ...values import replace, value
from .board import CELLS, HOME, MARKER_COINS, Options, cell_name
from .paths import MinimalChoices, fewest_from, leg_masks, reaches, shortest_path, worn_cells
from .rules import LandlockedState, apply_leg


@value
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
    return _Search(state).run()


#: What the search notes for a position from which some leg left cannot reach its target.
_STRANDED = (-1, -1)


class _Search:
    """One solve: the legs' masks, their minimal choices as far as asked for, and the search."""

    def __init__(self, state: LandlockedState) -> None:
        self.state = state
        deal, options = state.deal, state.options
        self.limit = options.limit
        self.grid, self.free = leg_masks(deal, options)
        self.targets = deal.targets
        #: Where each leg starts: the pawn's space for the next leg, then the targets in turn.
        self.starts = (HOME,) * state.leg + (state.position,) + deal.targets[state.leg:12]
        #: The tiles worn as the search starts: no leg's choices hold them.
        self.worn = worn_cells(state.marks, options) if any(state.marks) else 0
        self.choices: dict[int, MinimalChoices] = {}
        #: The minimal choices by ``size << 4 | leg``, as :meth:`layer` gives them.
        self.layers: dict[int, list[tuple[int, int]] | None] = {}
        #: Per leg, whether every leg from it on can reach its target, by the tiles worn.
        self.alive: list[dict[int, bool]] = [{} for _ in range(14)]
        #: A mask of cells copied to each level of the marks.
        self.copies = sum(1 << (CELLS * level) for level in range(self.limit))

    def run(self) -> Route:
        first = self.state.leg
        for leg in range(first, 13):
            if not self.can_walk(leg, self.worn if leg == first else 0):
                return Route(False, searched=leg - first + 1)
        return self.search(self.floors())

    def can_walk(self, leg: int, worn: int) -> bool:
        """True when ``leg`` can reach its target avoiding the ``worn`` tiles."""
        return reaches(1 << self.starts[leg], self.targets[leg], self.free[leg] | (self.grid & ~worn))

    def floors(self) -> list[int]:
        """A lower bound on each leg's passes (0 for those walked): its fewest on a clean board,
        as marks only take options away; for the next leg, its fewest with the marks made."""
        first = self.state.leg
        floor = [0] * 14
        for leg in range(first, 13):
            if leg == first or not self.worn:  # the size of its first minimal choices
                while self.layer(leg, floor[leg]) == []:
                    floor[leg] += 1
            else:
                floor[leg] = fewest_from(1 << self.starts[leg], self.targets[leg], self.free[leg], self.grid) or 0
        return floor

    def layer(self, leg: int, size: int) -> list[tuple[int, int]] | None:
        """The minimal choices of ``size`` tiles on ``leg``, each with its cells copied to every
        level of the marks; ``None`` past the last size."""
        choices = self.choices.get(leg)
        if choices is None:
            choices = self.choices[leg] = MinimalChoices(self.starts[leg], self.targets[leg], self.free[leg],
                                                         self.grid & ~self.worn)
        sets = choices.layer(size)
        copies = self.copies
        layer = self.layers[size << 4 | leg] = None if sets is None else [(s, s * copies) for s in sets]
        return layer

    def is_alive(self, leg: int, worn: int) -> bool:
        """True when every leg from ``leg`` on can reach its target avoiding the ``worn`` tiles."""
        known = self.alive[leg]
        alive = known.get(worn)
        if alive is None:
            alive = leg == 13 or (self.can_walk(leg, worn) and self.is_alive(leg + 1, worn))
            known[worn] = alive
        return alive

    def marks_key(self, marks: tuple[int, ...]) -> int:
        """``marks`` as level masks (a count above the limit counts as the limit: worn)."""
        key = 0
        for cell, count in enumerate(marks):
            for level in range(min(count, self.limit)):
                key |= 1 << (CELLS * level + cell)
        return key

    def search(self, floor: list[int]) -> Route:
        state, first = self.state, self.state.leg
        rest = [sum(floor[leg:13]) for leg in range(14)]
        top = CELLS * (self.limit - 1)  # marks >> top: the worn tiles
        spare = MARKER_COINS - sum(state.marks) if state.options.limit_markers else CELLS * 99
        start = self.marks_key(state.marks)
        # Each position met (marks << 4 | leg), with the move that first reached it (_STRANDED: it
        # cannot get home).
        parent: dict[int, tuple[int, int] | None] = {start << 4 | first: None}
        layers, alive = self.layers, self.alive
        # A*: order by passes so far plus the bound for the legs left; among equals, the furthest leg first,
        # then the first made. An entry with ``True`` last stands for "the choices of this position with
        # k more tiles", k read off its f; it is put back for k + 1 each time it is taken (starting from
        # the leg's floor, as no choice has fewer).
        heap: list[tuple[int, int, int, int, int, bool]] = [(rest[first], -first, -1, 0, start, False)]
        pop, push = heapq.heappop, heapq.heappush
        counter = 1
        searched = 0
        while heap:
            f, negative_leg, tag, cost, marks, is_layer = pop(heap)
            leg = -negative_leg
            if not is_layer:
                searched += 1
                if leg == 13:
                    return self.route(parent, marks << 4 | 13, cost, searched)
                push(heap, (cost + rest[leg], negative_leg, counter, cost, marks, True))
                counter += 1
                continue
            extra = f - cost - rest[leg + 1]
            layer: list[tuple[int, int]] | Literal[False] | None = layers.get(extra << 4 | leg, False)
            if layer is False:
                layer = self.layer(leg, extra)
            if layer is None:
                continue
            if extra <= spare - cost:
                worn = marks >> top
                new_cost = cost + extra
                here = marks << 4 | leg
                following = alive[leg + 1]
                for chosen, copies in layer:
                    if chosen & worn:
                        continue
                    new_marks = marks | (((marks << CELLS) | chosen) & copies)  # one more mark on each chosen
                    key = new_marks << 4 | (leg + 1)
                    if key in parent:
                        continue
                    new_worn = new_marks >> top
                    live = following.get(new_worn)
                    if live is None:
                        live = self.is_alive(leg + 1, new_worn)
                    if not live:
                        parent[key] = _STRANDED
                        continue
                    parent[key] = (here, chosen)
                    push(heap, (new_cost + rest[leg + 1], negative_leg - 1, counter, new_cost, new_marks, False))
                    counter += 1
            push(heap, (f + 1, negative_leg, tag, cost, marks, True))
        return Route(False, searched=searched)

    def route(self, parent: dict[int, tuple[int, int] | None], key: int, cost: int, searched: int) -> Route:
        """The route to the position ``key``, each leg the shortest path through its choice."""
        choices = []
        while (step := parent[key]) is not None:
            key, chosen = step
            choices.append((key & 15, chosen))
        paths = tuple(tuple(shortest_path(self.starts[leg], self.targets[leg], self.free[leg] | chosen))
                      for leg, chosen in reversed(choices))
        return Route(True, paths, cost, searched)


def check_route(state: LandlockedState, paths: tuple[tuple[int, ...], ...]) -> bool:
    """True when walking ``paths`` through the rules (the validator) wins."""
    for path in paths:
        state = apply_leg(state, list(path))
    return state.outcome == "won"


def describe(route: Route, state: LandlockedState, *, label: str) -> str:
    """The verdict in words, with the legs as movetext."""
    rules = f"{state.options.difficulty} game"
    if not route.solvable:
        return f"{label}, {rules}: no route home exists (searched {route.searched:,} positions)"
    legs = []
    here = state.position
    for k, path in enumerate(route.paths, start=state.leg + 1):
        legs.append(f"{k}. " + "-".join(cell_name(c) for c in (here,) + path))
        here = path[-1]
    return f"{label}, {rules}: home with {route.passes} passes, the fewest\n  " + "\n  ".join(legs)


__all__ = ["Route", "check_route", "describe", "solve"]
