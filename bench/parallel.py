"""Issue 19's all-cores row: ``stats landlocked --games N`` as a whole process with
``--jobs 1`` and with ``--jobs 2`` (the machine's two cores), medians of runs taken in
turn, and how much faster two jobs are (the target: at least 1.7 times).

N is chosen so that one job takes about four seconds on this machine (start-up included),
from a short run timed first: the solvers get faster, the row keeps measuring the split.

Run: python bench/parallel.py [--repeat N]
"""

from __future__ import annotations

import argparse
import statistics
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
#: Seconds one job should take, and the least speed-up two jobs must give.
TARGET_SECONDS = 4.0
TARGET_RATIO = 1.7


def _seconds(games: int, jobs: int) -> float:
    """Wall seconds of ``stats landlocked --games GAMES --jobs JOBS``, a new process."""
    start = time.perf_counter()
    subprocess.run([sys.executable, "-m", "piecepack_diagrams", "stats", "landlocked", "--games", str(games),
                    "--jobs", str(jobs)], cwd=ROOT, check=True, stdout=subprocess.DEVNULL)
    return time.perf_counter() - start


def _games() -> int:
    """Deals for about :data:`TARGET_SECONDS` with one job: from a run of one deal (the
    start-up) and one of 60."""
    startup, sample = _seconds(1, 1), _seconds(60, 1)
    each = max((sample - startup) / 59, 1e-4)
    games = (TARGET_SECONDS - startup) / each
    return int(max(100, min(games, 1_000_000)) // 50 * 50)


def measure(repeat: int) -> list[tuple[str, str, str, bool | None]]:
    """The rows: (name, figure shown, target, met or None when there is no target)."""
    games = _games()
    runs = max(3, min(repeat, 5))  # each run takes seconds: a few, taken in turn
    one, two = [], []
    for _ in range(runs):
        one.append(_seconds(games, 1))
        two.append(_seconds(games, 2))
    a, b = statistics.median(one), statistics.median(two)
    name = f"`stats landlocked --games {games:,}`, a whole process"
    return [
        (f"{name}, `--jobs 1`", f"{a:.2f} s", "-", None),
        (f"{name}, `--jobs 2`", f"{b:.2f} s", "-", None),
        ("All cores: `--jobs 2` against `--jobs 1` on 2 cores (issue 19)", f"{a / b:.2f}x faster",
         f">= {TARGET_RATIO}x", a / b >= TARGET_RATIO),
    ]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--repeat", type=int, default=5)
    args = parser.parse_args()
    rows = measure(args.repeat)
    for name, shown, target, met in rows:
        verdict = "" if met is None else ("met" if met else "MISSED")
        print(f"{name:<80} {shown:>14}  {target:<8} {verdict}")
    return 0 if all(met is not False for _, _, _, met in rows) else 1


if __name__ == "__main__":
    sys.exit(main())
