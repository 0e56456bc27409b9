"""Lab Rats by the numbers: how often a seeded deal can be won, and how many mazes
no order of the coins could get the rat out of (the designer's "about 1 in 50").

A maze is *navigable* when some way of ordering the 24 coins lets the rat out:
a path of rook moves from the start across the exit using at most four moves
of each value (null: any length), which :func:`is_navigable` decides exactly.

The player chooses the rat's first square, so a deal counts as winnable (a
maze as navigable) when either square will do. For a full deal (maze and coin
order) the advanced version is solved exactly.
Under the standard rules every advanced win is a win, and no deal on an
unnavigable maze can be won, so the standard fraction lies between the two;
:func:`deal_statistics` reports both bounds.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from ...proportions import Proportion
from .game import GAME
from .navigable import COINS_PER_VALUE, is_navigable
from .rules import LabRatsState
from .solver import solve_advanced


@dataclass(frozen=True, slots=True)
class DealStatistics:
    """Over ``games`` seeded deals: winnable in the advanced version, navigable mazes, and
    the fewest coins of each advanced win (a histogram: coins -> deals)."""

    first_seed: int
    advanced: Proportion
    navigable: Proportion
    fewest_coins: dict[int, int] = field(default_factory=dict)

    @property
    def unnavigable(self) -> Proportion:
        return Proportion(self.navigable.trials - self.navigable.hits, self.navigable.trials)

    def report(self) -> str:
        """The figures in words."""
        n = self.advanced.trials
        one_in = f"about 1 in {round(1 / self.unnavigable.value)}" if self.unnavigable.hits else "none"
        lines = [
            f"Lab Rats, {n:,} seeded deals (seeds {self.first_seed}..{self.first_seed + n - 1}):",
            f"  mazes no order of the coins can get out of: {self.unnavigable.describe()}, {one_in}",
            f"  deals winnable, advanced version (exact): {self.advanced.describe()}",
            f"  deals winnable, standard rules: between {100 * self.advanced.value:.1f}% (the advanced wins) "
            f"and {100 * self.navigable.value:.1f}% (the navigable mazes)",
        ]
        if self.fewest_coins:
            coins = sorted(c for c, k in self.fewest_coins.items() for _ in range(k))
            lines.append(f"  fewest coins to escape (advanced wins): median {coins[len(coins) // 2]}, "
                         f"range {coins[0]}-{coins[-1]}")
        return "\n".join(lines)


def starts(state: LabRatsState) -> list[LabRatsState]:
    """``state`` with the rat on each of its two possible first squares (the player's choice)."""
    return [replace(state, rat=square) for square in state.maze.tiles[0].trailing_squares()]


def deal_statistics(games: int, *, first_seed: int = 1) -> DealStatistics:
    """Solve ``games`` seeded deals (seeds ``first_seed`` on), the rat starting on
    whichever first square is better."""
    wins = navigable = 0
    histogram: dict[int, int] = {}
    for seed in range(first_seed, first_seed + games):
        options = starts(GAME.setup({"Variant": "advanced"}, seed=seed))
        solved = [s for s in map(solve_advanced, options) if s.solvable]
        if solved:
            wins += 1
            navigable += 1  # a won deal's maze is navigable
            coins = min(s.coins for s in solved)
            histogram[coins] = histogram.get(coins, 0) + 1
        elif any(map(is_navigable, options)):
            navigable += 1
    return DealStatistics(first_seed, Proportion(wins, games), Proportion(navigable, games), dict(sorted(histogram.items())))


__all__ = ["COINS_PER_VALUE", "DealStatistics", "deal_statistics", "is_navigable", "starts"]
