"""Benchmarks of the Lab Rats solvers (issues 19 and 22): navigability, the advanced version,
and the standard rules decided deal by deal.

``measure(repeat)`` gives (row, median seconds, target seconds) rows for bench/run.py. Each run
starts with the solvers' per-maze caches empty, and the deals are set up before the clock starts.
Run alone: python bench/lab_rats_solvers.py [--repeat N].
"""

from __future__ import annotations

import argparse
import statistics
import time

from piecepack_diagrams.games.lab_rats import GAME
from piecepack_diagrams.games.lab_rats import solver
from piecepack_diagrams.games.lab_rats.standard import solve_standard
from piecepack_diagrams.games.lab_rats.stats import is_navigable, starts

#: Row names and the issue's targets (seconds).
NAVIGABLE_ROW = "Lab Rats: 1,000 mazes, navigable by some coin order (both starts)"
NAVIGABLE_TARGET = 20.0
ADVANCED_ROW = "Lab Rats: 1,000 advanced deals solved (both starts)"
ADVANCED_TARGET = 4.0
STANDARD_MEDIAN_ROW = "Lab Rats: 1,000 standard deals decided, median per deal (both starts)"
STANDARD_MEDIAN_TARGET = 0.1
STANDARD_MAX_ROW = "Lab Rats: the same, the slowest deal"
STANDARD_MAX_TARGET = 10.0
DEALS = 1000


def _median(fn, runs: int) -> float:  # noqa: ANN001
    times = []
    for _ in range(runs):
        solver._BOARDS.clear()  # no maze seen before the clock starts
        start = time.perf_counter()
        fn()
        times.append(time.perf_counter() - start)
    return statistics.median(times)


def measure(repeat: int) -> list[tuple[str, float, float]]:
    """Medians of ``repeat`` runs (at most 3: each run takes seconds) of each row's work."""
    options = [starts(GAME.setup({"Variant": "advanced"}, seed=seed)) for seed in range(1, DEALS + 1)]
    positions = [state for pair in options for state in pair]
    runs = max(1, min(repeat, 3))
    navigable_s = _median(lambda: [is_navigable(state) for state in positions], runs)
    advanced_s = _median(lambda: [solver.solve_advanced(state) for state in positions], runs)
    per_deal = _standard_times([starts(GAME.setup({}, seed=seed)) for seed in range(1, DEALS + 1)])
    return [(NAVIGABLE_ROW, navigable_s, NAVIGABLE_TARGET), (ADVANCED_ROW, advanced_s, ADVANCED_TARGET),
            (STANDARD_MEDIAN_ROW, statistics.median(per_deal), STANDARD_MEDIAN_TARGET),
            (STANDARD_MAX_ROW, max(per_deal), STANDARD_MAX_TARGET)]


def _standard_times(deals: list[list]) -> list[float]:  # noqa: ANN001
    """Seconds per deal to decide it under the standard rules as ``stats lab-rats`` does (the
    second start only when the first is not won); once, as a run takes a minute or more."""
    solver._BOARDS.clear()
    times = []
    for options in deals:
        start = time.perf_counter()
        for state in options:
            if solve_standard(state).winnable:
                break
        times.append(time.perf_counter() - start)
    return times


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--repeat", type=int, default=3)
    args = parser.parse_args()
    for name, seconds, target in measure(args.repeat):
        print(f"{name}: {seconds:.3f} s (target {target:g} s)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
