"""How often Coin Collectors is won: many seeded games under each policy.

The designer wrote that "odds of winning are about one in ten". Each policy
plays the same seeded deals (and dice), so policies are compared on equal
terms; the win rate comes with a 95% Wilson interval.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, ClassVar, Iterator, Mapping

from ...errors import SetupError
from ...proportions import Proportion
from ...tallies import Seeds, add_counts, check_total, counts_json, field_of, parse_counts, seeds_of
from ...values import field, value
from .game import GAME, parse_variant
from .simulate import POLICIES, simulate

if TYPE_CHECKING:
    from concurrent.futures import Executor

#: The game's name in the statistics' JSON.
GAME_NAME = "coin-collectors"


@value
class PolicyStatistics:
    """One policy's games: wins, and the scores' histogram (score -> games)."""

    policy: str
    variant: str
    wins: Proportion
    scores: dict[int, int] = field(default_factory=dict)

    @property
    def mean_score(self) -> float:
        """The coins collected, on average over the games (0 when there is none)."""
        return sum(k * v for k, v in self.scores.items()) / self.wins.trials if self.wins.trials else 0.0

    def __add__(self, other: PolicyStatistics) -> PolicyStatistics:
        if not isinstance(other, PolicyStatistics):
            return NotImplemented
        if (other.policy, other.variant) != (self.policy, self.variant):
            raise SetupError(f"cannot add the games of {other.policy} ({other.variant}) to those of "
                             f"{self.policy} ({self.variant})", token=other.policy,
                             expected=f"the same policy and variant: {self.policy}, {self.variant}")
        return PolicyStatistics(self.policy, self.variant, self.wins + other.wins,
                                add_counts(self.scores, other.scores))

    def line(self) -> str:
        return (f"  {self.policy:<10} won {self.wins.describe()}, mean score {self.mean_score:.2f}")

    def to_json(self) -> dict[str, Any]:
        return {"policy": self.policy, "wins": self.wins.to_json(), "mean_score": self.mean_score,
                "scores": counts_json(self.scores)}

    @classmethod
    def from_json(cls, value: Any, *, variant: str) -> PolicyStatistics:
        """Raises :class:`~piecepack_diagrams.errors.SetupError` for another form than :meth:`to_json`'s."""
        policy = field_of(value, "policy", kind=str, what="a policy's name")
        if policy not in POLICIES:
            raise SetupError(f"unknown policy '{policy}'", token=policy, expected=", ".join(POLICIES))
        out = cls(policy, variant, Proportion.from_json(value.get("wins"), name="wins"),
                  parse_counts(value.get("scores"), name="scores"))
        check_total(f"the games of {policy} in 'scores'", sum(out.scores.values()), out.wins.trials)
        return out


@value
class CoinCollectorsStatistics:
    """Each policy's statistics over the seeded games of ``seeds`` in one variant (named by
    its header fields, ``variant``); iterating gives the policies' in turn. Runs over
    different seeds add up (``a + b``) to the run over both."""

    #: The game's name in the statistics' JSON.
    game: ClassVar[str] = GAME_NAME

    seeds: Seeds
    variant: tuple[tuple[str, Any], ...]
    policies: tuple[PolicyStatistics, ...]

    @property
    def variant_name(self) -> str:
        return parse_variant(dict(self.variant)).name

    def __iter__(self) -> Iterator[PolicyStatistics]:
        return iter(self.policies)

    def __len__(self) -> int:
        return len(self.policies)

    def __getitem__(self, index: int) -> PolicyStatistics:
        return self.policies[index]

    def __add__(self, other: CoinCollectorsStatistics) -> CoinCollectorsStatistics:
        """Both runs' games. Raises :class:`~piecepack_diagrams.errors.SetupError` when they
        share a seed, or played another variant or other policies."""
        if not isinstance(other, CoinCollectorsStatistics):
            return NotImplemented
        if parse_variant(dict(other.variant)) != parse_variant(dict(self.variant)):
            raise SetupError("the runs played different variants", token=other.variant_name,
                             expected=self.variant_name)
        mine, theirs = [p.policy for p in self.policies], [p.policy for p in other.policies]
        if mine != theirs:
            raise SetupError("the runs played different policies", token=", ".join(theirs), expected=", ".join(mine))
        return CoinCollectorsStatistics(self.seeds + other.seeds, self.variant,
                                        tuple(a + b for a, b in zip(self.policies, other.policies)))

    def report(self) -> str:
        """The figures in words, one line per policy, and the designer's "one in ten" weighed."""
        head = (f"Coin Collectors, {self.variant_name}, {self.seeds.count:,} seeded games each "
                f"({self.seeds.describe()}):")
        best = max(self.policies, key=lambda s: s.wins.value)
        lo, hi = best.wins.interval()
        if lo <= 0.10 <= hi:
            verdict = "holds: one in ten is within the 95% interval"
        elif hi < 0.10:
            verdict = "does not hold: one in ten is above the 95% interval"
        else:
            verdict = "is beaten: one in ten is below the 95% interval"
        return "\n".join([head, *(s.line() for s in self.policies),
                          f"  'about one in ten' (the designer) for the best policy here, {best.policy}: {verdict}"])

    def to_json(self) -> dict[str, Any]:
        """The counts as JSON values (see :mod:`piecepack_diagrams.statistics`)."""
        return {"game": GAME_NAME, "seeds": self.seeds.to_json(), "games": self.seeds.count,
                "variant": self.variant_name, "variant_fields": dict(self.variant),
                "policies": [p.to_json() for p in self.policies]}

    @classmethod
    def from_json(cls, value: dict[str, Any]) -> CoinCollectorsStatistics:
        """The statistics of :meth:`to_json`'s form, from its counts; raises
        :class:`~piecepack_diagrams.errors.SetupError` for another form or counts that disagree."""
        seeds = seeds_of(value)
        fields = field_of(value, "variant_fields", kind=dict, what="an object of header fields, such as "
                                                                   '{"Variant": "Four Die Stud"}')
        name = parse_variant(fields).name
        policies = tuple(PolicyStatistics.from_json(p, variant=name) for p in
                         field_of(value, "policies", kind=list, what="a list of each policy's statistics"))
        if not policies:
            raise SetupError("the statistics hold no policy", token="policies", expected="at least one policy's games")
        for p in policies:
            check_total(f"the games of {p.policy}", p.wins.trials, seeds.count)
        return cls(seeds, tuple(sorted(fields.items())), policies)


def policy_statistics(policy: str, games: int, *, variant: Mapping[str, Any] | None = None,
                      first_seed: int = 1, executor: Executor | None = None, jobs: int | None = 1) -> PolicyStatistics:
    """Play ``games`` seeded games (seeds ``first_seed`` on) under ``policy``, as
    :func:`policies_statistics` does."""
    return policies_statistics([policy], games, variant=variant, first_seed=first_seed, executor=executor,
                               jobs=jobs)[0]


def policies_statistics(policies: list[str], games: int, *, variant: Mapping[str, Any] | None = None,
                        first_seed: int = 1, executor: Executor | None = None,
                        jobs: int | None = 1) -> CoinCollectorsStatistics:
    """Play ``games`` seeded games (seeds ``first_seed`` on) under each of ``policies``, in
    ``variant`` (header fields): in this process, or split by seed over ``jobs`` processes
    (``None``: every processor) or over ``executor`` (``jobs`` then says how many workers it
    has, to cut the seeds for); the result is the same.

    Raises :class:`~piecepack_diagrams.errors.SetupError` for an unknown variant, and as
    :class:`~piecepack_diagrams.parallel.Workers` does for a bad ``jobs``."""
    from ...parallel import Workers, seed_chunks

    fields = tuple(sorted(dict(variant or {}).items()))
    parse_variant(dict(fields))
    with Workers(executor=executor, jobs=jobs) as workers:
        chunks = seed_chunks(first_seed, games, workers=workers.count)
        tasks = [(policy, fields, first, count) for policy in policies for first, count in chunks]
        parts = list(workers.map(policy_chunk, tasks))
    out = []
    for k, policy in enumerate(policies):
        mine = parts[k * len(chunks):(k + 1) * len(chunks)]
        total = mine[0] if mine else PolicyStatistics(policy, parse_variant(dict(fields)).name, Proportion(0, 0))
        for part in mine[1:]:
            total = total + part
        out.append(total)
    return CoinCollectorsStatistics(Seeds.from_range(first_seed, games), fields, tuple(out))


def policy_chunk(policy: str, variant: tuple[tuple[str, Any], ...], first_seed: int, games: int) -> PolicyStatistics:
    """``games`` games from ``first_seed`` under ``policy`` in the variant of header fields
    ``variant``, in this process (a worker's share)."""
    meta = dict(variant)
    name = parse_variant(meta).name
    results = simulate(lambda seed: GAME.setup(meta, seed=seed), policy, games, first_seed=first_seed)
    histogram: dict[int, int] = {}
    for r in results:
        histogram[r.score] = histogram.get(r.score, 0) + 1
    return PolicyStatistics(policy, name, Proportion(sum(r.won for r in results), games),
                            dict(sorted(histogram.items())))


__all__ = ["GAME_NAME", "POLICIES", "CoinCollectorsStatistics", "PolicyStatistics", "policies_statistics",
           "policy_chunk", "policy_statistics"]
