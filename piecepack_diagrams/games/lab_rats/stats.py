"""Lab Rats by the numbers: how often a seeded deal can be won, and how many mazes
no order of the coins could get the rat out of (the designer's "about 1 in 50").

A maze is *navigable* when some way of ordering the 24 coins lets the rat out:
a path of rook moves from the start across the exit using at most four moves
of each value (null: any length), which :func:`is_navigable` decides exactly.

The player chooses the rat's first square, so a deal counts as winnable (a
maze as navigable) when either square will do. For a full deal (maze and coin
order) the advanced version is solved exactly, and the standard rules by
:func:`.standard.solve_standard`, which proves each verdict (a replayed escape or a
certificate) or, for about four deals in 1,000, leaves it undecided within its budget:
those are counted apart (``standard_undecided``), not as wins.
"""

from __future__ import annotations

import operator
from functools import reduce
from typing import TYPE_CHECKING, Any, ClassVar

from ...errors import SetupError
from ...proportions import Proportion
from ...tallies import Seeds, add_counts, check_total, counts_json, parse_counts, seeds_of
from ...values import field, replace, value
from .game import GAME
from .navigable import COINS_PER_VALUE, is_navigable
from .rules import LabRatsState
from .solver import solve_advanced
from .standard import solve_standard

if TYPE_CHECKING:
    from concurrent.futures import Executor

#: The game's name in the statistics' JSON.
GAME_NAME = "lab-rats"


@value
class DealStatistics:
    """Over the seeded deals of ``seeds``: winnable in the advanced version, navigable
    mazes, the fewest coins of each advanced win (a histogram: coins -> deals), and winnable
    under the standard rules (proved wins out of all deals; ``standard_undecided`` deals were
    neither proved won nor proved lost).

    Runs over different seeds add up (``a + b``) to the run over both."""

    #: The game's name in the statistics' JSON.
    game: ClassVar[str] = GAME_NAME

    seeds: Seeds
    advanced: Proportion
    navigable: Proportion
    fewest_coins: dict[int, int] = field(default_factory=dict)
    standard: Proportion = Proportion(0, 0)
    standard_undecided: int = 0

    @property
    def first_seed(self) -> int:
        return self.seeds.first

    @property
    def unnavigable(self) -> Proportion:
        return Proportion(self.navigable.trials - self.navigable.hits, self.navigable.trials)

    def __add__(self, other: DealStatistics) -> DealStatistics:
        """Both runs' deals; raises :class:`~piecepack_diagrams.errors.SetupError` when
        they share a seed."""
        if not isinstance(other, DealStatistics):
            return NotImplemented
        return DealStatistics(self.seeds + other.seeds, self.advanced + other.advanced,
                              self.navigable + other.navigable, add_counts(self.fewest_coins, other.fewest_coins),
                              self.standard + other.standard, self.standard_undecided + other.standard_undecided)

    def report(self) -> str:
        """The figures in words."""
        n = self.advanced.trials
        one_in = f"about 1 in {round(1 / self.unnavigable.value)}" if self.unnavigable.hits else "none"
        lines = [
            f"Lab Rats, {n:,} seeded deals ({self.seeds.describe()}):",
            f"  mazes no order of the coins can get out of: {self.unnavigable.describe()}, {one_in}",
            f"  deals winnable, advanced version (exact): {self.advanced.describe()}",
        ]
        if self.standard.trials:
            undecided = self.standard_undecided
            lines.append(f"  deals winnable, standard rules (exact): {self.standard.describe()}"
                         + (f"; {undecided:,} undecided, not counted as wins" if undecided else ""))
        if self.fewest_coins:
            coins = sorted(c for c, k in self.fewest_coins.items() for _ in range(k))
            lines.append(f"  fewest coins to escape (advanced wins): median {coins[len(coins) // 2]}, "
                         f"range {coins[0]}-{coins[-1]}")
        return "\n".join(lines)

    def to_json(self) -> dict[str, Any]:
        """The counts as JSON values (see :mod:`piecepack_diagrams.statistics`)."""
        return {"game": GAME_NAME, "seeds": self.seeds.to_json(), "deals": self.advanced.trials,
                "advanced": self.advanced.to_json(), "navigable": self.navigable.to_json(),
                "unnavigable": self.unnavigable.to_json(), "fewest_coins": counts_json(self.fewest_coins),
                "standard": self.standard.to_json(), "standard_undecided": self.standard_undecided}

    @classmethod
    def from_json(cls, value: dict[str, Any]) -> DealStatistics:
        """The statistics of :meth:`to_json`'s form, from its counts; raises
        :class:`~piecepack_diagrams.errors.SetupError` for another form or counts that disagree."""
        seeds = seeds_of(value)
        out = cls(seeds, Proportion.from_json(value.get("advanced"), name="advanced"),
                  Proportion.from_json(value.get("navigable"), name="navigable"),
                  parse_counts(value.get("fewest_coins"), name="fewest_coins"),
                  Proportion.from_json(value.get("standard"), name="standard"),
                  _undecided(value.get("standard_undecided")))
        check_total("the deals of 'advanced'", out.advanced.trials, seeds.count)
        check_total("the deals of 'navigable'", out.navigable.trials, seeds.count)
        check_total("the deals of 'fewest_coins'", sum(out.fewest_coins.values()), out.advanced.hits)
        if out.standard.trials:
            check_total("the deals of 'standard'", out.standard.trials, seeds.count)
        if out.standard_undecided > out.standard.trials - out.standard.hits:
            raise SetupError("the statistics disagree with themselves: more deals undecided than not won",
                             token="standard_undecided", expected="statistics as stats --format json writes them")
        return out


def _undecided(value: Any) -> int:
    if not (isinstance(value, int) and not isinstance(value, bool) and value >= 0):
        raise SetupError("'standard_undecided' must be a whole number of deals", token=str(value)[:60],
                         expected='"standard_undecided": 3')
    return value


def starts(state: LabRatsState) -> list[LabRatsState]:
    """``state`` with the rat on each of its two possible first squares (the player's choice)."""
    return [replace(state, rat=square) for square in state.maze.tiles[0].trailing_squares()]


def deal_statistics(games: int, *, first_seed: int = 1, executor: Executor | None = None,
                    jobs: int | None = 1, standard: bool = True) -> DealStatistics:
    """Solve ``games`` seeded deals (seeds ``first_seed`` on), the rat starting on whichever
    first square is better: in this process, or split by seed over ``jobs`` processes
    (``None``: every processor) or over ``executor`` (``jobs`` then says how many workers it
    has, to cut the seeds for); the result is the same. ``standard=False`` leaves the
    standard rules out (their proportion is then 0 of 0).

    Raises as :class:`~piecepack_diagrams.parallel.Workers` does for a bad ``jobs``."""
    from ...parallel import Workers, seed_chunks

    with Workers(executor=executor, jobs=jobs) as workers:
        chunks = seed_chunks(first_seed, games, workers=workers.count)
        parts = list(workers.map(deal_chunk, [(first, count, standard) for first, count in chunks]))
    return reduce(operator.add, parts) if parts else DealStatistics(Seeds(), Proportion(0, 0), Proportion(0, 0))


def deal_chunk(first_seed: int, games: int, standard: bool = True) -> DealStatistics:
    """The statistics of ``games`` deals from ``first_seed``, in this process (a worker's share)."""
    wins = navigable = standard_wins = undecided = 0
    histogram: dict[int, int] = {}
    for seed in range(first_seed, first_seed + games):
        options = starts(GAME.setup({"Variant": "advanced"}, seed=seed))
        solved = [s for s in map(solve_advanced, options) if s.solvable]
        if solved:
            wins += 1
            navigable += 1  # a won deal's maze is navigable
            coins = min(s.coins for s in solved)
            histogram[coins] = histogram.get(coins, 0) + 1
            standard_wins += 1  # an advanced escape is a standard one
            continue
        if any(map(is_navigable, options)):
            navigable += 1
        if standard:
            verdicts = []
            for state in options:
                verdicts.append(solve_standard(replace(state, options=replace(state.options, advanced=False))).winnable)
                if verdicts[-1]:
                    break
            standard_wins += True in verdicts
            undecided += True not in verdicts and None in verdicts
    return DealStatistics(Seeds.from_range(first_seed, games), Proportion(wins, games), Proportion(navigable, games),
                          dict(sorted(histogram.items())), Proportion(standard_wins if standard else 0,
                                                                      games if standard else 0), undecided)


__all__ = ["COINS_PER_VALUE", "DealStatistics", "GAME_NAME", "deal_chunk", "deal_statistics", "is_navigable", "starts"]
