"""How many Landlocked deals can be won? The rules warn that some have no
solution: solve many seeded deals under each difficulty and count.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from ...proportions import Proportion
from .board import LIMITS, Options
from .deal import deal_from_seed
from .rules import LandlockedState
from .solver import solve

#: The variants measured: the difficulties, and the standard game letting outbound legs pass lower tiles.
VARIANTS: dict[str, Options] = {
    "easy": Options("easy"),
    "standard": Options("standard"),
    "hard": Options("hard"),
    "standard, passing visited outbound tiles": Options("standard", pass_visited_outbound=True),
}


@dataclass(frozen=True, slots=True)
class VariantStatistics:
    """One variant over the deals: how many can be won, and the fewest passes of each win
    (a histogram: passes -> deals)."""

    variant: str
    solvable: Proportion
    passes: dict[int, int] = field(default_factory=dict)

    def line(self) -> str:
        mean = (sum(k * v for k, v in self.passes.items()) / self.solvable.hits) if self.solvable.hits else 0.0
        return f"  {self.variant:<42} {self.solvable.describe()}, fewest passes {mean:.1f} on average"


def variant_statistics(games: int, *, first_seed: int = 1, variants: list[str] | None = None) -> list[VariantStatistics]:
    """Solve ``games`` seeded deals (seeds ``first_seed`` on) under each variant."""
    out = []
    for name in variants or list(VARIANTS):
        options = VARIANTS[name]
        wins = 0
        histogram: dict[int, int] = {}
        for seed in range(first_seed, first_seed + games):
            route = solve(LandlockedState(deal_from_seed(seed), options))
            if route.solvable:
                wins += 1
                histogram[route.passes] = histogram.get(route.passes, 0) + 1
        out.append(VariantStatistics(name, Proportion(wins, games), dict(sorted(histogram.items()))))
    return out


def report(stats: list[VariantStatistics], games: int, first_seed: int) -> str:
    head = f"Landlocked, {games:,} seeded deals (seeds {first_seed}..{first_seed + games - 1}), winnable:"
    return "\n".join([head, *(s.line() for s in stats)])


__all__ = ["LIMITS", "VARIANTS", "VariantStatistics", "report", "variant_statistics"]
