"""Where Coin Collectors' win-chance weights come from, and how well they are calibrated.

``--fit``: plays the expectimax policy's games on the given seeds, labels every decision's
position by whether its game was won, and fits the logistic model of
``piecepack_diagrams/games/coin_collectors/winchance.py`` by maximum likelihood (Newton's
method, deterministic); prints the weights to paste into its ``MODELS``.
``--check``: plays the policy's games on fresh seeds and compares, at every decision, the
analysis's chance to win (the best decision's value, :mod:`.analysis`) with the game's
outcome: a reliability table (predicted bucket, observed rate with its 95% Wilson interval),
the Brier score, and the shift of the intercept (the log of the wins over the chances
predicted, among the decisions predicted 2-35 %) that would cancel the search's optimism
(the best of many decisions' values, a winner's curse) on these seeds.

  python bench/cc_win_chance.py --fit base --first 20001 --games 6000
  python bench/cc_win_chance.py --check base --first 40001 --games 2000
"""

from __future__ import annotations

import argparse
import math
import random
from typing import Any

import numpy as np

from piecepack_diagrams.games.coin_collectors import GAME
from piecepack_diagrams.games.coin_collectors.board import MoveTable
from piecepack_diagrams.games.coin_collectors.expectimax import ExpectimaxPolicy
from piecepack_diagrams.games.coin_collectors.simulate import make_policy, play, shape
from piecepack_diagrams.proportions import Proportion

VARIANTS = {"base": {}, "acceptable-losses": {"Variant": "Acceptable Losses"},
            "four-die-stud": {"Variant": "Four Die Stud"}}
#: The predicted chances' buckets of the reliability table (upper bounds).
BUCKETS = (0.01, 0.02, 0.05, 0.1, 0.2, 0.35, 0.5, 0.65, 0.8, 0.9, 1.0)
Decision = tuple[list[int], list[int], int, list[int], list[tuple[int, int]]]


def games(variant: dict[str, str], first: int, count: int, *, calibrated: ExpectimaxPolicy | None = None
          ) -> list[tuple[int, bool, MoveTable, list[Decision], list[float]]]:
    """The play policy's games on seeds ``first`` on (as ``stats`` plays them): seed, won, the
    deal's table, every decision (pawns, dice, coins, pawns in play, moves) and, with
    ``calibrated``, that policy's chance to win at each decision."""
    out = []
    for seed in range(first, first + count):
        state = GAME.setup(variant, seed=seed)
        rng = random.Random(seed * 7919 + 1)
        policy = make_policy("expectimax", rng)
        seen: list[Decision] = []
        chances: list[float] = []
        table = MoveTable(state.deal)
        decide = policy.move

        def record(t, pawns, dice, present, active, moves, decide=decide, seen=seen, chances=chances,  # noqa: ANN001, ANN202
                   variant=state.variant):
            seen.append((pawns[:], dice[:], present, active[:], moves))
            if calibrated is not None:
                calibrated.begin(t, variant)
                chances.append(max(calibrated.decisions(t, pawns, dice, present, active, moves).values()))
            return decide(t, pawns, dice, present, active, moves)

        policy.move = record  # type: ignore[method-assign]  # a recording wrapper for this measurement
        result = play(state, policy, rng)
        out.append((seed, result.won, table, seen, chances))
    return out


def features(pawns: list[int], present: int, active: list[int]) -> list[float] | None:
    """The model's inputs (1, n, log n, pawns, dead ends, groups); None where the estimate is
    exact (at most one coin, or coins stranded)."""
    coins = present.bit_count()
    found = shape(pawns, present, active)
    if coins <= 1 or found.stranded:
        return None
    return [1.0, coins, math.log(coins), len(active), found.dead_ends, found.groups]


def fit(x: Any, y: Any) -> Any:
    """Maximum-likelihood logistic weights (Newton's method; a tiny ridge keeps constant
    columns, such as the pawns in play without Acceptable Losses, at zero)."""
    w = np.zeros(x.shape[1])
    for _ in range(100):
        p = 1.0 / (1.0 + np.exp(-x @ w))
        hessian = x.T @ (x * (p * (1 - p))[:, None]) + 1e-6 * np.eye(x.shape[1])
        step = np.linalg.solve(hessian, x.T @ (y - p) - 1e-6 * w)
        w += step
        if np.abs(step).max() < 1e-12:
            break
    return w


def run_fit(name: str, first: int, count: int) -> None:
    rows, labels = [], []
    for _, won, _, seen, _ in games(VARIANTS[name], first, count):
        for pawns, _, present, active, _ in seen:
            row = features(pawns, present, active)
            if row is not None:
                rows.append(row)
                labels.append(float(won))
    x, y = np.array(rows), np.array(labels)
    if name != "acceptable-losses":
        x[:, 3] = 0.0  # four pawns throughout: no weight to learn
    w = fit(x, y)
    print(f"{name}: {len(rows):,} decisions of {count:,} games (seeds {first:,}-{first + count - 1:,}), "
          f"{int(y.sum()):,} in won games")
    print("  WinModel(" + ", ".join(f"{v:.4f}" for v in w) + ")")


def run_check(name: str, first: int, count: int) -> None:
    policy = ExpectimaxPolicy(random.Random(0), calibrated=True)
    played = games(VARIANTS[name], first, count, calibrated=policy)
    pairs = [(chance, won) for _, won, _, _, chances in played for chance in chances]
    brier = sum((c - w) ** 2 for c, w in pairs) / len(pairs)
    wins = sum(won for _, won, *_ in played)
    start = sum(chances[0] for *_, chances in played if chances) / count
    print(f"{name}: {count:,} games (seeds {first:,}-{first + count - 1:,}), {len(pairs):,} decisions; "
          f"won {Proportion(wins, count).describe()}; mean chance at the first decision {100 * start:.1f}%")
    print(f"  Brier score {brier:.4f} (always saying the win rate: "
          f"{sum((wins / count - w) ** 2 for _, w in pairs) / len(pairs):.4f})")
    print("  | predicted | decisions | mean predicted | observed (95% interval) |")
    low = 0.0
    for high in BUCKETS:
        inside = [(c, w) for c, w in pairs if low <= c < high or (high == 1.0 and c == 1.0)]
        if inside:
            rate = Proportion(sum(w for _, w in inside), len(inside))
            lo, hi = rate.interval()
            mean = sum(c for c, _ in inside) / len(inside)
            print(f"  | {100 * low:.0f}-{100 * high:.0f}% | {len(inside):,} | {100 * mean:.1f}% | "
                  f"{100 * rate.value:.1f}% ({100 * lo:.1f}-{100 * hi:.1f}) |")
        low = high
    middle = [(c, w) for c, w in pairs if 0.02 <= c < 0.35]
    if middle:
        shift = math.log(max(sum(w for _, w in middle), 1) / sum(c for c, _ in middle))
        print(f"  the chances predicted 2-35% against what happened: shift the intercept by {shift:+.3f}")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    what = parser.add_mutually_exclusive_group(required=True)
    what.add_argument("--fit", choices=sorted(VARIANTS))
    what.add_argument("--check", choices=sorted(VARIANTS))
    parser.add_argument("--first", type=int, default=20001)
    parser.add_argument("--games", type=int, default=6000)
    args = parser.parse_args()
    if args.fit:
        run_fit(args.fit, args.first, args.games)
    else:
        run_check(args.check, args.first, args.games)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
