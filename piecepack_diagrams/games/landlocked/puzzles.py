"""Landlocked puzzles: seeded deals the solver can win, each rated, with the route
of fewest passes for the answer key.

The rating comes from the solver's fewest passes: *easy* at 16 or fewer,
*hard* at 26 or more, *medium* between (over many deals the fewest passes of
a winnable standard deal average about 21).
"""

from __future__ import annotations

from functools import partial
from typing import TYPE_CHECKING, TextIO

from ...engine.puzzles import TIME_LIMIT, deal_puzzles
from ...values import value
from .board import Options
from .deal import deal_from_seed
from .rules import LandlockedState
from .solver import Route, solve

if TYPE_CHECKING:
    from concurrent.futures import Executor

DIFFICULTIES = ("easy", "medium", "hard")


def rate(passes: int) -> str:
    if passes <= 16:
        return "easy"
    if passes >= 26:
        return "hard"
    return "medium"


@value
class Puzzle:
    """A winnable deal, its fewest-pass route and its rating."""

    number: int
    seed: int
    state: LandlockedState
    route: Route
    difficulty: str

    def __repr__(self) -> str:
        return (f"Puzzle(number={self.number!r}, seed={self.seed!r}, passes={self.route.passes!r}, "
                f"difficulty={self.difficulty!r})")


def make_puzzle(deal_seed: int, number: int = 1, *, options: Options = Options()) -> Puzzle | None:
    """The puzzle of deal ``deal_seed``, or ``None`` when it cannot be won."""
    state = LandlockedState(deal_from_seed(deal_seed), options, seed=deal_seed)
    route = solve(state)
    return Puzzle(number, deal_seed, state, route, rate(route.passes)) if route.solvable else None


def generate_puzzles(count: int, *, seed: int = 1, difficulty: str | None = None,
                     options: Options = Options(), time_limit: float = TIME_LIMIT,
                     progress: TextIO | None = None, executor: Executor | None = None,
                     jobs: int | None = 1) -> list[Puzzle]:
    """``count`` winnable deals from ``seed`` (the same arguments, the same puzzles), within
    the bounds of :func:`~piecepack_diagrams.engine.puzzles.deal_puzzles`; a progress bar
    goes to ``progress``. Deals are made in ``jobs`` processes or on ``executor`` as that
    function says.

    Raises :class:`~piecepack_diagrams.errors.SetupError` for an unknown difficulty or when
    too few of it turn up within those bounds.
    """
    return deal_puzzles(count, seed=seed, difficulty=difficulty, difficulties=DIFFICULTIES,
                        make=partial(make_puzzle, options=options),
                        rating=lambda p: p.difficulty, what="Landlocked puzzles", time_limit=time_limit,
                        progress=progress, executor=executor, jobs=jobs)


__all__ = ["DIFFICULTIES", "Puzzle", "generate_puzzles", "make_puzzle", "rate"]
