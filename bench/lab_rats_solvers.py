"""Benchmarks of the Lab Rats solvers (issue 19): navigability and the advanced version.

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
from piecepack_diagrams.games.lab_rats.stats import is_navigable, starts

#: Row names and the issue's targets (seconds).
NAVIGABLE_ROW = "Lab Rats: 1,000 mazes, navigable by some coin order (both starts)"
NAVIGABLE_TARGET = 20.0
ADVANCED_ROW = "Lab Rats: 1,000 advanced deals solved (both starts)"
ADVANCED_TARGET = 4.0
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
    return [(NAVIGABLE_ROW, navigable_s, NAVIGABLE_TARGET), (ADVANCED_ROW, advanced_s, ADVANCED_TARGET)]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--repeat", type=int, default=3)
    args = parser.parse_args()
    for name, seconds, target in measure(args.repeat):
        print(f"{name}: {seconds:.2f} s (target {target:g} s)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
