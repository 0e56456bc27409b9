"""Proportions with confidence intervals, for the statistics of simulated games."""

from __future__ import annotations

import math
from typing import Any, TypeGuard

from .values import value


def _is_count(n: object) -> TypeGuard[int]:
    """True for a whole number (a bool is not one)."""
    return isinstance(n, int) and not isinstance(n, bool)


@value
class Proportion:
    """``hits`` out of ``trials``, with a Wilson score interval at 95% confidence."""

    hits: int
    trials: int

    @property
    def value(self) -> float:
        return self.hits / self.trials if self.trials else 0.0

    def interval(self, z: float = 1.959964) -> tuple[float, float]:
        """The Wilson score interval (good near 0 and 1, unlike the normal approximation)."""
        n = self.trials
        if n == 0:
            return 0.0, 1.0
        p = self.hits / n
        centre = (p + z * z / (2 * n)) / (1 + z * z / n)
        half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
        return max(0.0, centre - half), min(1.0, centre + half)

    def describe(self) -> str:
        """``"78.1% (1,562 of 2,000; 95% CI 76.2-79.9%)"``."""
        lo, hi = self.interval()
        return (f"{100 * self.value:.1f}% ({self.hits:,} of {self.trials:,}; "
                f"95% CI {100 * lo:.1f}-{100 * hi:.1f}%)")

    def __add__(self, other: Proportion) -> Proportion:
        """Both runs' hits out of both runs' trials (the interval follows from the sums)."""
        if not isinstance(other, Proportion):
            return NotImplemented
        return Proportion(self.hits + other.hits, self.trials + other.trials)

    def to_json(self) -> dict[str, Any]:
        """The counts, and for a reader the proportion and its interval."""
        lo, hi = self.interval()
        return {"hits": self.hits, "trials": self.trials, "proportion": self.value, "interval": [lo, hi]}

    @classmethod
    def from_json(cls, value: Any, *, name: str = "proportion") -> Proportion:
        """The proportion of :meth:`to_json`'s form, from its counts (the figures are computed
        again). Raises :class:`~piecepack_diagrams.errors.SetupError` for another form."""
        from .errors import SetupError

        hits, trials = (value.get(k) if isinstance(value, dict) else None for k in ("hits", "trials"))
        if not (_is_count(hits) and _is_count(trials) and 0 <= hits <= trials):
            raise SetupError(f"'{name}' must hold whole numbers 'hits' and 'trials', hits at most trials",
                             token=str(value)[:60], expected='{"hits": 1545, "trials": 2000}')
        return cls(hits, trials)

    def __repr__(self) -> str:
        return f"Proportion(hits={self.hits!r}, trials={self.trials!r})"


__all__ = ["Proportion"]
