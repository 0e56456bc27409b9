"""How many Landlocked deals can be won? The rules warn that some have no
solution: solve many seeded deals under each difficulty and count.
"""

from __future__ import annotations

import operator
from functools import reduce
from typing import TYPE_CHECKING, Any, ClassVar, Iterator

from ...errors import SetupError
from ...proportions import Proportion
from ...tallies import Seeds, add_counts, check_total, counts_json, field_of, parse_counts, seeds_of
from ...values import field, value
from .board import LIMITS, Options
from .deal import deal_from_seed
from .rules import LandlockedState
from .solver import solve

if TYPE_CHECKING:
    from concurrent.futures import Executor

#: The variants measured: the difficulties, and the standard game letting outbound legs pass lower tiles.
VARIANTS: dict[str, Options] = {
    "easy": Options("easy"),
    "standard": Options("standard"),
    "hard": Options("hard"),
    "standard, passing visited outbound tiles": Options("standard", pass_visited_outbound=True),
}
#: The game's name in the statistics' JSON.
GAME_NAME = "landlocked"


@value
class VariantStatistics:
    """One variant over the deals: how many can be won, and the fewest passes of each win
    (a histogram: passes -> deals)."""

    variant: str
    solvable: Proportion
    passes: dict[int, int] = field(default_factory=dict)

    @property
    def mean_passes(self) -> float:
        """The fewest passes of a win, on average over the wins (0 when there is none)."""
        return sum(k * v for k, v in self.passes.items()) / self.solvable.hits if self.solvable.hits else 0.0

    def __add__(self, other: VariantStatistics) -> VariantStatistics:
        if not isinstance(other, VariantStatistics):
            return NotImplemented
        if other.variant != self.variant:
            raise SetupError(f"cannot add the statistics of '{other.variant}' to those of '{self.variant}'",
                             token=other.variant, expected=f"the same variant, '{self.variant}'")
        return VariantStatistics(self.variant, self.solvable + other.solvable, add_counts(self.passes, other.passes))

    def line(self) -> str:
        return f"  {self.variant:<42} {self.solvable.describe()}, fewest passes {self.mean_passes:.1f} on average"

    def to_json(self) -> dict[str, Any]:
        return {"variant": self.variant, "solvable": self.solvable.to_json(), "mean_passes": self.mean_passes,
                "passes": counts_json(self.passes)}

    @classmethod
    def from_json(cls, value: Any) -> VariantStatistics:
        """Raises :class:`~piecepack_diagrams.errors.SetupError` for another form than :meth:`to_json`'s."""
        name = field_of(value, "variant", kind=str, what="a variant's name")
        if name not in VARIANTS:
            raise SetupError(f"unknown Landlocked variant '{name}'", token=name, expected=", ".join(VARIANTS))
        out = cls(name, Proportion.from_json(value.get("solvable"), name="solvable"),
                  parse_counts(value.get("passes"), name="passes"))
        check_total(f"the wins of '{name}' in 'passes'", sum(out.passes.values()), out.solvable.hits)
        return out


@value
class LandlockedStatistics:
    """Each variant's statistics over the seeded deals of ``seeds`` (iterating gives the
    variants' in turn). Runs over different seeds add up (``a + b``) to the run over both."""

    #: The game's name in the statistics' JSON.
    game: ClassVar[str] = GAME_NAME

    seeds: Seeds
    variants: tuple[VariantStatistics, ...]

    def __iter__(self) -> Iterator[VariantStatistics]:
        return iter(self.variants)

    def __len__(self) -> int:
        return len(self.variants)

    def __getitem__(self, index: int) -> VariantStatistics:
        return self.variants[index]

    def __add__(self, other: LandlockedStatistics) -> LandlockedStatistics:
        """Both runs' deals. Raises :class:`~piecepack_diagrams.errors.SetupError` when they
        share a seed or measured other variants."""
        if not isinstance(other, LandlockedStatistics):
            return NotImplemented
        mine, theirs = [v.variant for v in self.variants], [v.variant for v in other.variants]
        if mine != theirs:
            raise SetupError("the runs measured different variants", token=", ".join(theirs)[:60],
                             expected=", ".join(mine))
        return LandlockedStatistics(self.seeds + other.seeds,
                                    tuple(a + b for a, b in zip(self.variants, other.variants)))

    def report(self) -> str:
        """The figures in words, a line a variant."""
        games = self.seeds.count
        head = f"Landlocked, {games:,} seeded deals ({self.seeds.describe()}), winnable:"
        return "\n".join([head, *(s.line() for s in self.variants)])

    def to_json(self) -> dict[str, Any]:
        """The counts as JSON values (see :mod:`piecepack_diagrams.statistics`)."""
        return {"game": GAME_NAME, "seeds": self.seeds.to_json(), "deals": self.seeds.count,
                "variants": [v.to_json() for v in self.variants]}

    @classmethod
    def from_json(cls, value: dict[str, Any]) -> LandlockedStatistics:
        """The statistics of :meth:`to_json`'s form, from its counts; raises
        :class:`~piecepack_diagrams.errors.SetupError` for another form or counts that disagree."""
        seeds = seeds_of(value)
        variants = tuple(VariantStatistics.from_json(v) for v in
                         field_of(value, "variants", kind=list, what="a list of each variant's statistics"))
        for v in variants:
            check_total(f"the deals of '{v.variant}'", v.solvable.trials, seeds.count)
        return cls(seeds, variants)


def variant_statistics(games: int, *, first_seed: int = 1, variants: list[str] | None = None,
                       executor: Executor | None = None, jobs: int | None = 1) -> LandlockedStatistics:
    """Solve ``games`` seeded deals (seeds ``first_seed`` on) under each variant (default:
    all of :data:`VARIANTS`): in this process, or split by seed over ``jobs`` processes
    (``None``: every processor) or over ``executor`` (``jobs`` then says how many workers it
    has, to cut the seeds for); the result is the same.

    Raises :class:`~piecepack_diagrams.errors.SetupError` for an unknown variant, and as
    :class:`~piecepack_diagrams.parallel.Workers` does for a bad ``jobs``."""
    from ...parallel import Workers, seed_chunks

    names = tuple(variants or VARIANTS)
    unknown = [name for name in names if name not in VARIANTS]
    if unknown:
        raise SetupError(f"unknown Landlocked variant '{unknown[0]}'", token=unknown[0], expected=", ".join(VARIANTS))
    with Workers(executor=executor, jobs=jobs) as workers:
        chunks = seed_chunks(first_seed, games, workers=workers.count)
        parts = list(workers.map(variants_chunk, [(names, first, count) for first, count in chunks]))
    empty = LandlockedStatistics(Seeds(), tuple(VariantStatistics(name, Proportion(0, 0)) for name in names))
    return reduce(operator.add, parts) if parts else empty


def variants_chunk(names: tuple[str, ...], first_seed: int, games: int) -> LandlockedStatistics:
    """The statistics of ``games`` deals from ``first_seed`` under the variants ``names``,
    in this process (a worker's share)."""
    wins = dict.fromkeys(names, 0)
    histograms: dict[str, dict[int, int]] = {name: {} for name in names}
    for seed in range(first_seed, first_seed + games):
        deal = deal_from_seed(seed)
        for name in names:
            route = solve(LandlockedState(deal, VARIANTS[name]))
            if route.solvable:
                wins[name] += 1
                histogram = histograms[name]
                histogram[route.passes] = histogram.get(route.passes, 0) + 1
    return LandlockedStatistics(Seeds.from_range(first_seed, games),
                                tuple(VariantStatistics(name, Proportion(wins[name], games),
                                                        dict(sorted(histograms[name].items()))) for name in names))


__all__ = ["GAME_NAME", "LIMITS", "VARIANTS", "LandlockedStatistics", "VariantStatistics", "variant_statistics",
           "variants_chunk"]
