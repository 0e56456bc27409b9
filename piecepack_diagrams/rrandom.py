"""R's random number generator, draw for draw: ``set.seed``, ``runif``, ``sample``, ``rnorm``.

The piecepackr project's setup functions (R package ppdf) deal their random
layouts with R's default generator, so a record's ``GameType: {Name: X, Seed: N}``
means "the layout R gives after ``set.seed(N)``". This module reproduces R >= 3.6
with its default kinds, taken from R's documentation (``?RNGkind``, ``?sample``)
and its C sources (``RNG.c``, ``random.c``, ``unique.c``):

- **Mersenne-Twister** (MT19937) seeded as ``set.seed`` does: the seed is
  scrambled by 50 steps of the congruential generator ``seed = 69069 * seed + 1``
  (mod 2**32), the next 625 steps fill the state (the first of them is the
  position, then set to 624 so the first draw regenerates the table);
- **unif_rand**: a 32-bit output times 2**-32, kept inside (0, 1);
- **sample** with the "Rejection" kind: ``R_unif_index(n)`` draws ``ceil(log2 n)``
  bits 16 at a time from ``unif_rand`` and rejects values >= n; sampling without
  replacement swaps the drawn index with the last of the pool; weighted sampling
  sorts the weights in decreasing order with R's heap sort ``revsort`` and walks
  their running sums (Walker's alias method with replacement for more than 200
  likely values);
- **rnorm** with the "Inversion" kind: two uniforms make a 2**-27-fine probability,
  turned into a deviate by Wichura's algorithm AS 241 (which Python's
  ``statistics.NormalDist.inv_cdf`` implements with R's coefficients).

The 32-bit outputs come from Python's own Mersenne Twister (:class:`random.Random`,
loaded with R's state), which is the same MT19937 with the same tempering.

>>> from piecepack_diagrams.rrandom import RRandom
>>> rng = RRandom(42)
>>> [round(u, 6) for u in rng.runif(3)]
[0.914806, 0.937075, 0.28614]
>>> RRandom(1).sample_int(24)[:6]
[4, 7, 1, 2, 11, 14]
"""

from __future__ import annotations

import math
import random
from typing import Sequence, TypeVar

T = TypeVar("T")

_N = 624
_TWO_32 = 2.3283064365386963e-10  # 2**-32, as R writes it
_I2_32M1 = 2.328306437080797e-10  # 1 / (2**32 - 1): R's guard against 0 and 1
_BIG = 134217728  # 2**27: rnorm's Inversion combines two uniforms at this grain
_MASK = 0xFFFFFFFF
#: R's integers are 32-bit with NA at -2**31, so a seed lies in this range.
SEED_MIN, SEED_MAX = -(2**31) + 1, 2**31 - 1


def is_r_seed(value: object) -> bool:
    """True when ``value`` is a whole number ``set.seed`` accepts (a 32-bit integer but NA)."""
    return isinstance(value, int) and not isinstance(value, bool) and SEED_MIN <= value <= SEED_MAX


def mt_state(seed: int) -> list[int]:
    """The 624 words of R's Mersenne-Twister table after ``set.seed(seed)``.

    Raises :class:`ValueError` when ``seed`` is not a 32-bit integer (R's NA excluded).
    """
    if not is_r_seed(seed):
        raise ValueError(f"an R seed is a whole number from {SEED_MIN} to {SEED_MAX}, not {seed!r}")
    s = seed & _MASK
    for _ in range(50):  # R's "initial scrambling"
        s = (69069 * s + 1) & _MASK
    words = []
    for _ in range(_N + 1):
        s = (69069 * s + 1) & _MASK
        words.append(s)
    return words[1:]  # the first word is the table position, which set.seed resets to 624


class RRandom:
    """A random stream that draws what R draws after ``set.seed(seed)``.

    Methods follow R's functions and their argument order; results that R
    numbers from 1 (``sample``) are numbered from 1 here too.
    """

    __slots__ = ("seed", "_bits")

    def __init__(self, seed: int) -> None:
        state = mt_state(seed)
        self.seed = seed
        self._bits = random.Random()
        self._bits.setstate((3, (*state, _N), None))

    def unif_rand(self) -> float:
        """One uniform in (0, 1), as R's ``unif_rand()``."""
        value = self._bits.getrandbits(32) * _TWO_32
        if value <= 0.0:
            return 0.5 * _I2_32M1
        if 1.0 - value <= 0.0:
            return 1.0 - 0.5 * _I2_32M1
        return value

    def runif(self, n: int, low: float = 0.0, high: float = 1.0) -> list[float]:
        """``runif(n, min = low, max = high)``."""
        if low == high:
            return [low] * n
        return [low + (high - low) * self.unif_rand() for _ in range(n)]

    def unif_index(self, n: float) -> int:
        """A uniform integer in ``range(n)`` by R's rejection sampling (``R_unif_index``)."""
        if n <= 0:
            return 0
        bits = math.ceil(math.log2(n))
        getrandbits = self._bits.getrandbits
        mask = (1 << bits) - 1
        while True:
            # R draws floor(unif_rand() * 65536) per 16 bits: the top 16 bits of a 32-bit
            # output, which is what getrandbits(16) returns (unif_rand's guards move only 0,
            # whose top bits are 0 either way).
            value = 0
            for _ in range(0, bits + 1, 16):
                value = (value << 16) | getrandbits(16)
            value &= mask
            if value < n:
                return value

    def _indices(self, n: int, size: int) -> list[int]:
        """``size`` draws of :meth:`unif_index` ``(n)``: the bulk of ``sample(replace = TRUE)``."""
        bits = math.ceil(math.log2(n)) if n > 0 else 0
        if n <= 0 or bits > 15:
            return [self.unif_index(n) for _ in range(size)]
        getrandbits = self._bits.getrandbits
        mask = (1 << bits) - 1
        out: list[int] = []
        append = out.append
        for _ in range(size):
            value = getrandbits(16) & mask
            while value >= n:
                value = getrandbits(16) & mask
            append(value)
        return out

    def sample_int(self, n: int, size: int | None = None, *, replace: bool = False,
                   prob: Sequence[float] | None = None) -> list[int]:
        """``sample.int(n, size, replace, prob)``: 1-based integers.

        Raises :class:`ValueError` where R stops with an error (a sample larger than
        the population without replacement, weights of the wrong length or sign).
        """
        if n < 0 or n != int(n):
            raise ValueError(f"invalid first argument {n!r}")
        n = int(n)
        size = n if size is None else int(size)
        if size < 0:
            raise ValueError(f"invalid 'size' argument {size!r}")
        if prob is not None:
            return self._weighted(n, size, replace, prob)
        if not replace and size > n:
            raise ValueError("cannot take a sample larger than the population when 'replace = FALSE'")
        if not replace and n > 10_000_000 and size <= n / 2:
            return self._hashed(n, size)
        if replace or size < 2:
            return [v + 1 for v in self._indices(n, size)]
        if n > 32768:
            pool = list(range(n))
            out = []
            last = n
            for _ in range(size):
                j = self.unif_index(last)
                out.append(pool[j] + 1)
                last -= 1
                pool[j] = pool[last]
            return out
        return self._partial_shuffle(n, size)

    def _partial_shuffle(self, n: int, size: int) -> list[int]:
        """``sample.int(n, size)`` for ``n`` <= 2**15, where each draw takes one output."""
        getrandbits = self._bits.getrandbits
        pool = list(range(1, n + 1))
        out: list[int] = []
        append = out.append
        last = n
        for _ in range(size):
            mask = (1 << (last - 1).bit_length()) - 1  # ceil(log2(last)) bits
            j = getrandbits(16) & mask
            while j >= last:
                j = getrandbits(16) & mask
            append(pool[j])
            last -= 1
            pool[j] = pool[last]
        return out

    def sample(self, x: Sequence[T] | int, size: int | None = None, *, replace: bool = False,
               prob: Sequence[float] | None = None) -> list[T] | list[int]:
        """``sample(x, size, replace, prob)``: a number ``x >= 1`` means ``1:x``, as in R."""
        if isinstance(x, (int, float)) and not isinstance(x, bool):
            if x >= 1:
                return self.sample_int(int(x), size, replace=replace, prob=prob)
            x = [x]  # type: ignore[list-item]
        items = list(x)  # type: ignore[arg-type]
        picks = self.sample_int(len(items), len(items) if size is None else size, replace=replace, prob=prob)
        return [items[k - 1] for k in picks]

    def rnorm(self, n: int, mean: float = 0.0, sd: float = 1.0) -> list[float]:
        """``rnorm(n, mean, sd)`` with R's default "Inversion" method."""
        from statistics import NormalDist  # imported when first needed: most setups draw no normals

        standard = NormalDist()
        out = []
        for _ in range(n):
            u = self.unif_rand()
            u = int(_BIG * u) + self.unif_rand()
            out.append(mean + sd * standard.inv_cdf(u / _BIG))
        return out

    # -- weighted sampling (random.c) -------------------------------------------------

    def _weighted(self, n: int, size: int, replace: bool, prob: Sequence[float]) -> list[int]:
        weights = [float(p) for p in prob]
        if len(weights) != n:
            raise ValueError("incorrect number of probabilities")
        if any(not math.isfinite(p) or p < 0 for p in weights):
            raise ValueError("probabilities must be finite and non-negative")
        total = sum(weights)
        likely = sum(1 for p in weights if p > 0)
        if total == 0 or (not replace and size > likely):
            raise ValueError("too few positive probabilities")
        weights = [p / total for p in weights]
        if replace or size < 2:
            if sum(1 for p in weights if n * p > 0.1) > 200:
                return self._walker(weights, size)
            return self._cumulative(weights, size)
        return self._without_replacement(weights, size)

    def _cumulative(self, p: list[float], size: int) -> list[int]:
        perm = list(range(1, len(p) + 1))
        revsort(p, perm)
        for i in range(1, len(p)):
            p[i] += p[i - 1]
        last = len(p) - 1
        out = []
        for _ in range(size):
            u = self.unif_rand()
            j = 0
            while j < last and u > p[j]:
                j += 1
            out.append(perm[j])
        return out

    def _without_replacement(self, p: list[float], size: int) -> list[int]:
        perm = list(range(1, len(p) + 1))
        revsort(p, perm)
        total = 1.0
        out = []
        n1 = len(p) - 1
        for _ in range(size):
            target = total * self.unif_rand()
            mass = 0.0
            j = 0
            while j < n1:
                mass += p[j]
                if target <= mass:
                    break
                j += 1
            out.append(perm[j])
            total -= p[j]
            del p[j], perm[j]
            n1 -= 1
        return out

    def _walker(self, p: list[float], size: int) -> list[int]:
        n = len(p)
        q = [w * n for w in p]
        small = [i for i in range(n) if q[i] < 1.0]
        large = [i for i in range(n) if q[i] >= 1.0]
        # R keeps both lists in one array: the small ones in order from the front, the large
        # ones from the back (so the last large index found is used first).
        order = small + large[::-1]
        alias = [0] * n
        high = len(small)
        if small and large:
            for k in range(n - 1):
                i = order[k]
                j = order[high]
                alias[i] = j
                q[j] += q[i] - 1.0
                if q[j] < 1.0:
                    high += 1
                if high >= n:
                    break
        for i in range(n):
            q[i] += i
        out = []
        for _ in range(size):
            u = self.unif_rand() * n
            k = int(u)
            out.append(k + 1 if u < q[k] else alias[k] + 1)
        return out

    def _hashed(self, n: int, size: int) -> list[int]:
        seen: set[int] = set()
        out = []
        for _ in range(size):
            while True:
                value = self.unif_index(n) + 1
                if value not in seen:
                    break
            seen.add(value)
            out.append(value)
        return out

    def __repr__(self) -> str:
        return f"RRandom({self.seed!r})"


def revsort(a: list[float], ib: list[int]) -> None:
    """Sort ``a`` into decreasing order in place by R's heap sort, moving ``ib`` alongside.

    Equal weights end in the order this heap sort leaves them, which decides which
    piece a weighted ``sample`` picks, so the algorithm is R's, step for step.
    """
    n = len(a)
    if n <= 1:
        return
    # 1-based indexing, as in R's C source
    a.insert(0, 0.0)
    ib.insert(0, 0)
    left = (n >> 1) + 1
    right = n
    while True:
        if left > 1:
            left -= 1
            ra, ii = a[left], ib[left]
        else:
            ra, ii = a[right], ib[right]
            a[right], ib[right] = a[1], ib[1]
            right -= 1
            if right == 1:
                a[1], ib[1] = ra, ii
                break
        i = left
        j = left << 1
        while j <= right:
            if j < right and a[j] > a[j + 1]:
                j += 1
            if ra > a[j]:
                a[i], ib[i] = a[j], ib[j]
                i = j
                j += j
            else:
                j = right + 1
        a[i], ib[i] = ra, ii
    del a[0], ib[0]


__all__ = ["RRandom", "SEED_MAX", "SEED_MIN", "is_r_seed", "mt_state", "revsort"]
