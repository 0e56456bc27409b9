"""Write landlocked_old_verdicts.json: the pre-issue-19 solver's verdict on each seeded
deal (seeds 1 to 2,000) under each variant of ``stats landlocked``: the fewest passes
of a route home, or -1 when there is none.

Run from the repository: python tests/reference/make_landlocked_old_verdicts.py (about
a minute). tests/test_landlocked_solver_agreement.py compares the new solver with these,
and checks them against the old solver itself on the first seeds.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))

from reference.landlocked_old_solver import solve  # noqa: E402

from piecepack_diagrams.games.landlocked import LandlockedState, deal_from_seed  # noqa: E402
from piecepack_diagrams.games.landlocked.stats import VARIANTS  # noqa: E402

OUT = HERE / "landlocked_old_verdicts.json"
FIRST_SEED = 1
DEALS = 2000


def verdict(seed: int, name: str) -> int:
    route = solve(LandlockedState(deal_from_seed(seed), VARIANTS[name]))
    return route.passes if route.solvable else -1


def main() -> int:
    verdicts = {name: [verdict(seed, name) for seed in range(FIRST_SEED, FIRST_SEED + DEALS)] for name in VARIANTS}
    lines = ",\n".join(f"    {json.dumps(name)}: {json.dumps(values)}" for name, values in verdicts.items())
    OUT.write_text(f'{{\n  "first_seed": {FIRST_SEED},\n  "verdicts": {{\n{lines}\n  }}\n}}\n')
    print(OUT)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
