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
"""

from __future__ import annotations

import heapq
from dataclasses import dataclass, replace
from typing import Iterator

from .board import Options, cell_name
from .paths import choices_by_size, fewest_passes, leg_is_possible, path_through
from .rules import LandlockedState, apply_leg


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
