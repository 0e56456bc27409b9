"""Write the pre-issue-19 Lab Rats solvers' verdicts on seeded deals to a CSV file.

Run once from the repository's top folder (it takes some 20 minutes: the old navigability
search is the slow part this file exists to avoid re-running)::

    python tests/reference/make_lab_rats_verdicts.py [--first 1] [--last 2000] [--out PATH]

One row per deal and start square (both of ``starts``): the seed, the rat's square, whether
the old ``is_navigable`` finds a coin order out, and the old ``solve_advanced``'s verdict
(solvable, fewest coins, states searched, the actions as movetext).
``tests/test_lab_rats_solver_agreement.py`` checks the new solvers against this file.
"""

from __future__ import annotations

import argparse
import csv
import os
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))

from lab_rats_old_solver import is_navigable, solve_advanced  # noqa: E402

from piecepack_diagrams.games.lab_rats import GAME  # noqa: E402
from piecepack_diagrams.games.lab_rats.stats import starts  # noqa: E402

#: The file's columns, in order.
COLUMNS = ("seed", "start_x", "start_y", "navigable", "solvable", "coins", "searched", "actions")
DEFAULT_OUT = HERE.parent / "data" / "lab_rats_old_verdicts.csv"


def verdict_rows(first: int, last: int):  # noqa: ANN201
    """The rows for seeds ``first`` .. ``last``, deal by deal, each start square in ``starts`` order."""
    for seed in range(first, last + 1):
        for state in starts(GAME.setup({"Variant": "advanced"}, seed=seed)):
            solution = solve_advanced(state)
            yield (seed, *state.rat, int(is_navigable(state)), int(solution.solvable), solution.coins,
                   solution.searched, solution.text)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--first", type=int, default=1)
    parser.add_argument("--last", type=int, default=2000)
    parser.add_argument("--out", type=Path, default=DEFAULT_OUT)
    args = parser.parse_args()
    partial = args.out.with_name(args.out.name + ".part")
    with partial.open("w", newline="", encoding="utf-8") as handle:
        writer = csv.writer(handle, lineterminator="\n")
        writer.writerow(COLUMNS)
        for row in verdict_rows(args.first, args.last):
            writer.writerow(row)
            if row[0] % 100 == 0:
                handle.flush()
    os.replace(partial, args.out)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
