"""Seeded randomness that gives the same results on every machine and Python.

Only ``random.Random.getrandbits`` (Mersenne Twister, stable across versions
and platforms) is used; shuffling and choosing are written here so that a
change in the standard library's algorithms cannot change a seeded deal.
"""

from __future__ import annotations

import random
from typing import Sequence, TypeVar

T = TypeVar("T")


class SeededRandom:
    """A reproducible random source: ``SeededRandom(7)`` deals the same everywhere."""

    __slots__ = ("seed", "_random")

    def __init__(self, seed: int) -> None:
        if not isinstance(seed, int) or isinstance(seed, bool):
            raise TypeError(f"a seed is an integer, not {seed!r}")
        self.seed = seed
        self._random = random.Random(seed)

    def below(self, n: int) -> int:
        """A uniform integer in ``range(n)`` (``n`` > 0), by rejection sampling."""
        if n <= 0:
            raise ValueError("below() needs a positive bound")
        bits = n.bit_length()
        while True:
            value = self._random.getrandbits(bits)
            if value < n:
                return value

    def die(self) -> int:
        """A die roll as a 1-based rank: 1 (null) to 6 (five)."""
        return self.below(6) + 1

    def shuffled(self, items: Sequence[T]) -> list[T]:
        """A new list of ``items`` in a uniformly random order (Fisher-Yates)."""
        out = list(items)
        getrandbits = self._random.getrandbits
        for i in range(len(out) - 1, 0, -1):
            # below(i + 1), inlined: shuffling is in every seeded deal, so it is kept fast.
            n = i + 1
            bits = n.bit_length()
            j = getrandbits(bits)
            while j >= n:
                j = getrandbits(bits)
            out[i], out[j] = out[j], out[i]
        return out

    def choice(self, items: Sequence[T]) -> T:
        """One of ``items``, uniformly."""
        return items[self.below(len(items))]

    def __repr__(self) -> str:
        return f"SeededRandom({self.seed!r})"
