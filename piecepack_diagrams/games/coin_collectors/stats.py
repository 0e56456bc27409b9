"""How often Coin Collectors is won: many seeded games under each policy.

The designer wrote that "odds of winning are about one in ten". Each policy
plays the same seeded deals (and dice), so policies are compared on equal
terms; the win rate comes with a 95% Wilson interval.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Mapping

from ...proportions import Proportion
from .game import GAME, parse_variant
from .simulate import POLICIES, simulate


@dataclass(frozen=True, slots=True)
class PolicyStatistics:
    """One policy's games: wins, mean score, and the scores' histogram (score -> games)."""

    policy: str
    variant: str
    wins: Proportion
    mean_score: float
    scores: dict[int, int] = field(default_factory=dict)

    def line(self) -> str:
        return (f"  {self.policy:<10} won {self.wins.describe()}, mean score {self.mean_score:.2f}")


def policy_statistics(policy: str, games: int, *, variant: Mapping[str, Any] | None = None,
                      first_seed: int = 1) -> PolicyStatistics:
    """Play ``games`` seeded games (seeds ``first_seed`` on) under ``policy``."""
    meta = dict(variant or {})
    name = parse_variant(meta).name
    results = simulate(lambda seed: GAME.setup(meta, seed=seed), policy, games, first_seed=first_seed)
    histogram: dict[int, int] = {}
    for r in results:
        histogram[r.score] = histogram.get(r.score, 0) + 1
    wins = sum(r.won for r in results)
    return PolicyStatistics(policy, name, Proportion(wins, games), sum(r.score for r in results) / games,
                            dict(sorted(histogram.items())))


def report(stats: list[PolicyStatistics], games: int, first_seed: int) -> str:
    """The figures in words, one line per policy."""
    head = f"Coin Collectors, {stats[0].variant}, {games:,} seeded games each (seeds {first_seed}..{first_seed + games - 1}):"
    best = max(stats, key=lambda s: s.wins.value)
    lo, hi = best.wins.interval()
    if lo <= 0.10 <= hi:
        verdict = "holds: one in ten is within the 95% interval"
    elif hi < 0.10:
        verdict = "does not hold: one in ten is above the 95% interval"
    else:
        verdict = "is beaten: one in ten is below the 95% interval"
    return "\n".join([head, *(s.line() for s in stats),
                      f"  'about one in ten' (the designer) for the best policy here, {best.policy}: {verdict}"])


__all__ = ["POLICIES", "PolicyStatistics", "policy_statistics", "report"]
