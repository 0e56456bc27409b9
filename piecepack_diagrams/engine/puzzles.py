"""Dealing puzzles: the one loop every game's puzzle generator shares.

Deals are drawn from a seeded stream of deal seeds; each game turns a deal seed
into a puzzle (or ``None`` when the deal cannot be a puzzle) and rates it; the
puzzles of the difficulty asked for are kept, numbered in order.
"""

from __future__ import annotations

from typing import Callable, TypeVar

from ..rng import SeededRandom

P = TypeVar("P")
#: How many deals may be tried for each puzzle asked for before giving up.
TRIES_PER_PUZZLE = 200


def deal_puzzles(count: int, *, seed: int, difficulty: str | None, difficulties: tuple[str, ...],
                 make: Callable[[int, int], P | None], rating: Callable[[P], str]) -> list[P]:
    """``count`` puzzles from ``seed``: ``make(deal_seed, number)`` deals one (or ``None``),
    ``rating(puzzle)`` rates it. The same arguments always give the same puzzles.

    Raises ``ValueError`` for an unknown difficulty, or when too few puzzles of it turn up.
    """
    if difficulty is not None and difficulty not in difficulties:
        raise ValueError(f"unknown difficulty '{difficulty}'; expected one of {', '.join(difficulties)}")
    rng = SeededRandom(seed)
    out: list[P] = []
    for _ in range(count * TRIES_PER_PUZZLE):
        if len(out) == count:
            break
        puzzle = make(rng.below(2 ** 31), len(out) + 1)
        if puzzle is not None and (difficulty is None or rating(puzzle) == difficulty):
            out.append(puzzle)
    if len(out) < count:
        raise ValueError(f"found only {len(out)} {difficulty or ''} puzzles in {count * TRIES_PER_PUZZLE} deals")
    return out


__all__ = ["TRIES_PER_PUZZLE", "deal_puzzles"]
