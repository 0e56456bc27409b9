"""Benchmark rows for the Landlocked solver (issue 19): the work ``stats landlocked``
does, solving seeded deals with :func:`variant_statistics`, timed in one process.

Run alone: python bench/landlocked_solver.py [--repeat N] [--old]. ``--old`` times the
solver as it was before issue 19 (tests/reference/landlocked_old_solver.py) on the same
deals, in the same process, for comparison.
"""

from __future__ import annotations

import argparse
import math
import statistics
import sys
import time
from pathlib import Path
from typing import Callable

from piecepack_diagrams.games.landlocked import stats
from piecepack_diagrams.games.landlocked.stats import VARIANTS, variant_statistics

ROOT = Path(__file__).resolve().parents[1]
DEALS = 10_000
#: Runs this long are timed three times at most (the median of three).
LONG_RUNS = 3


def _median_seconds(work: Callable[[], object], runs: int) -> float:
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        work()
        times.append(time.perf_counter() - start)
    return statistics.median(times)


def measure(repeat: int) -> list[tuple[str, float, float]]:
    """(row, median seconds, target seconds) for each row; a target of ``nan`` means none.

    Each run takes seconds, so the median is of ``min(repeat, 3)`` runs.
    """
    runs = max(1, min(repeat, LONG_RUNS))
    return _rows(runs, runs)


def _rows(runs: int, every_runs: int) -> list[tuple[str, float, float]]:
    standard = _median_seconds(lambda: variant_statistics(DEALS, variants=["standard"]), runs)
    every = _median_seconds(lambda: variant_statistics(DEALS), every_runs)
    return [
        ("Landlocked solver: 10,000 standard deals", standard, 7.5),
        (f"Landlocked solver: 10,000 deals x {len(VARIANTS)} variants", every, math.nan),
    ]


def _measure_old(repeat: int) -> list[tuple[str, float, float]]:
    """The same rows with the pre-issue-19 solver in place of the package's (the row of
    every variant, minutes long, timed once)."""
    sys.path.insert(0, str(ROOT / "tests"))
    from reference.landlocked_old_solver import solve as old_solve

    current = stats.solve
    stats.solve = old_solve  # type: ignore[assignment]
    try:
        return [(f"{name} (old solver)", seconds, target)
                for name, seconds, target in _rows(max(1, min(repeat, LONG_RUNS)), 1)]
    finally:
        stats.solve = current  # type: ignore[assignment]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--old", action="store_true", help="also time the solver from before issue 19")
    args = parser.parse_args()
    rows = measure(args.repeat) + (_measure_old(args.repeat) if args.old else [])
    for name, seconds, target in rows:
        goal = "" if math.isnan(target) else f" (target < {target:g} s)"
        print(f"{name}: {seconds:.2f} s{goal}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
