"""Counts of seeded runs that add up: the seeds a run covered, and histograms.

Statistics are counts over seeds, so two runs over different seeds add up to the run over
both: the seeds covered join, the counts and histograms add, and every figure (a
proportion, its interval, a mean) is computed again from the sums. This module holds the
pieces the games' statistics share, with their JSON forms.
"""

from __future__ import annotations

import re
from typing import Any, Mapping

from .errors import SetupError
from .values import value


@value
class Seeds:
    """The seeds a run covered, as sorted ``(first, last)`` ranges that neither overlap nor
    touch (touching ranges are joined)."""

    ranges: tuple[tuple[int, int], ...] = ()

    @classmethod
    def from_range(cls, first: int, count: int) -> Seeds:
        """``count`` seeds from ``first`` (none when ``count`` is 0)."""
        return cls(((first, first + count - 1),) if count > 0 else ())

    @property
    def count(self) -> int:
        return sum(last - first + 1 for first, last in self.ranges)

    @property
    def first(self) -> int:
        """The lowest seed (0 when there is none)."""
        return self.ranges[0][0] if self.ranges else 0

    def __add__(self, other: Seeds) -> Seeds:
        """The seeds of both runs. Raises :class:`SetupError` when a seed is in both: its
        games would be counted twice."""
        if not isinstance(other, Seeds):
            return NotImplemented
        return Seeds(_joined(self.ranges + other.ranges))

    def describe(self) -> str:
        """``"seeds 1..2000"``, ``"seeds 1..1000 and 3001..4000"``."""
        spans = [f"{first}..{last}" for first, last in self.ranges]
        if not spans:
            return "no seeds"
        if len(spans) > 4:
            spans = spans[:3] + [f"{len(spans) - 3} more ranges"]
        return "seeds " + (spans[0] if len(spans) == 1 else ", ".join(spans[:-1]) + " and " + spans[-1])

    def to_json(self) -> list[list[int]]:
        return [[first, last] for first, last in self.ranges]

    @classmethod
    def from_json(cls, value: Any) -> Seeds:
        """The seeds of :meth:`to_json`'s form; raises :class:`SetupError` for another."""
        shape = "a list of [first, last] seed ranges"
        if not isinstance(value, list) or not all(isinstance(r, list) and len(r) == 2 and all(_is_int(x) for x in r)
                                                  and r[0] <= r[1] for r in value):
            raise SetupError("'seeds' must be " + shape, token=str(value)[:60], expected=shape)
        return cls(_joined(tuple((first, last) for first, last in value)))


def _joined(ranges: tuple[tuple[int, int], ...]) -> tuple[tuple[int, int], ...]:
    """``ranges`` sorted, touching ones joined; raises :class:`SetupError` when two share a seed."""
    joined: list[tuple[int, int]] = []
    for first, last in sorted(ranges):
        if joined and first <= joined[-1][1]:
            shared = f"{first}..{min(last, joined[-1][1])}"
            raise SetupError(f"both runs cover seeds {shared}: their games would be counted twice",
                             token=shared, expected="runs over different seeds (--first-seed)")
        if joined and first == joined[-1][1] + 1:
            joined[-1] = (joined[-1][0], last)
        else:
            joined.append((first, last))
    return tuple(joined)


def seeds_of(value: Mapping[str, Any]) -> Seeds:
    """The seeds statistics in JSON say they cover (their ``seeds``); raises :class:`SetupError`."""
    return Seeds.from_json(field_of(value, "seeds", kind=list, what="a list of [first, last] seed ranges"))


def add_counts(a: Mapping[int, int], b: Mapping[int, int]) -> dict[int, int]:
    """Two histograms (value -> how many) added, keys in order."""
    out = dict(a)
    for key, n in b.items():
        out[key] = out.get(key, 0) + n
    return dict(sorted(out.items()))


def counts_json(counts: Mapping[int, int]) -> dict[str, int]:
    """A histogram as a JSON object (JSON's keys are text)."""
    return {str(key): n for key, n in counts.items()}


def parse_counts(value: Any, *, name: str) -> dict[int, int]:
    """The histogram of :func:`counts_json`'s form; raises :class:`SetupError` for another."""
    shape = 'an object of whole numbers, such as {"19": 120}'
    if not isinstance(value, dict):
        raise SetupError(f"'{name}' must be {shape}", token=str(value)[:60], expected=shape)
    out: dict[int, int] = {}
    for key, n in value.items():
        if not (isinstance(key, str) and re.fullmatch(r"-?[0-9]{1,18}", key)) or not _is_int(n) or n < 0:
            raise SetupError(f"'{name}' must be {shape}", token=f"{key}: {n}"[:60], expected=shape)
        out[int(key)] = n
    return dict(sorted(out.items()))


def field_of(value: Mapping[str, Any], key: str, *, kind: type | tuple[type, ...], what: str) -> Any:
    """``value[key]``, which must be of ``kind``; raises :class:`SetupError` naming the field."""
    if not isinstance(value, Mapping) or key not in value:
        raise SetupError(f"the statistics have no '{key}' ({what})", token=key, expected=what)
    got = value[key]
    if not isinstance(got, kind) or (isinstance(got, bool) and kind is not bool):
        raise SetupError(f"'{key}' must be {what}, not {type(got).__name__}", token=key, expected=what)
    return got


def check_total(what: str, got: int, expected: int) -> None:
    """Raises :class:`SetupError` unless ``got`` (the total of ``what``) is ``expected``:
    statistics read back must agree with themselves before they are added to others."""
    if got != expected:
        raise SetupError(f"the statistics disagree with themselves: {what} come to {got:,}, not {expected:,}",
                         token=what, expected="statistics as stats --format json writes them")


def _is_int(x: Any) -> bool:
    return isinstance(x, int) and not isinstance(x, bool)


__all__ = ["Seeds", "add_counts", "check_total", "counts_json", "field_of", "parse_counts", "seeds_of"]
