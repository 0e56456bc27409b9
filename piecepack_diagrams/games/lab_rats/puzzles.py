"""Lab Rats puzzles: seeded deals of the advanced version with every coin shown,
each proven solvable by the solver, rated, and with its answer.

The rating comes from the solver: the fewest coins the escape needs, and how
forgiving the deal is (the share of legal first actions after which it can
still be won). *Hard*: 21 coins or more, or at most a quarter of first actions
keep it winnable; *easy*: 15 coins or fewer and at least half keep it winnable;
*medium* otherwise.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, TextIO

from ...engine.puzzles import TIME_LIMIT, deal_puzzles
from ...values import value
from .game import GAME
from .rules import LabRatsState, apply_action, legal_actions
from .solver import Solution, solve_advanced
from .stats import starts

if TYPE_CHECKING:
    from concurrent.futures import Executor

DIFFICULTIES = ("easy", "medium", "hard")


@value
class Puzzle:
    """A deal (``seed``, rat on its start square), its fewest-coin solution and its rating."""

    number: int
    seed: int
    state: LabRatsState
    solution: Solution
    forgiveness: float
    difficulty: str

    def __repr__(self) -> str:
        return (f"Puzzle(number={self.number!r}, seed={self.seed!r}, coins={self.solution.coins!r}, "
                f"forgiveness={self.forgiveness!r}, difficulty={self.difficulty!r})")


def rate(coins: int, forgiveness: float) -> str:
    """The difficulty of a puzzle whose escape needs ``coins`` (see the module's notes)."""
    if coins >= 21 or forgiveness <= 0.25:
        return "hard"
    if coins <= 15 and forgiveness >= 0.5:
        return "easy"
    return "medium"


def forgiveness(state: LabRatsState) -> float:
    """The share of legal first actions after which ``state`` can still be won."""
    actions = legal_actions(state)
    good = 0
    for action in actions:
        after = apply_action(state, action)
        if after.outcome == "won" or solve_advanced(after).solvable:
            good += 1
    return good / len(actions) if actions else 0.0


def make_puzzle(seed: int, number: int = 1) -> Puzzle | None:
    """The puzzle of deal ``seed`` (the start square with the shorter escape), or ``None``
    when the deal cannot be won from either square."""
    base = GAME.setup({"Variant": "advanced"}, seed=seed)
    best: tuple[LabRatsState, Solution] | None = None
    for state in starts(base):
        solution = solve_advanced(state)
        if solution.solvable and (best is None or solution.coins < best[1].coins):
            best = (state, solution)
    if best is None:
        return None
    state, solution = best
    share = forgiveness(state)
    return Puzzle(number, seed, state, solution, share, rate(solution.coins, share))


def generate_puzzles(count: int, *, seed: int = 1, difficulty: str | None = None, time_limit: float = TIME_LIMIT,
                     progress: TextIO | None = None, executor: Executor | None = None,
                     jobs: int | None = 1) -> list[Puzzle]:
    """``count`` solvable puzzles dealt from ``seed`` (the same arguments give the same
    puzzles), all of ``difficulty`` if one is asked for, within the bounds of
    :func:`~piecepack_diagrams.engine.puzzles.deal_puzzles`; a progress bar goes to ``progress``.
    Deals are made in ``jobs`` processes or on ``executor`` as that function says.

    Raises :class:`~piecepack_diagrams.errors.SetupError` for an unknown difficulty, or when
    too few deals of it turn up within those bounds.
    """
    return deal_puzzles(count, seed=seed, difficulty=difficulty, difficulties=DIFFICULTIES, make=make_puzzle,
                        rating=lambda p: p.difficulty, what="Lab Rats puzzles", time_limit=time_limit,
                        progress=progress, executor=executor, jobs=jobs)


__all__ = ["DIFFICULTIES", "Puzzle", "forgiveness", "generate_puzzles", "make_puzzle", "rate"]
