"""Dealing puzzles: the one loop every game's puzzle generator shares.

Deals are drawn from a seeded stream of deal seeds; each game turns a deal seed
into a puzzle (or ``None`` when the deal cannot be a puzzle) and rates it; the
puzzles of the difficulty asked for are kept, numbered in order.

The search is bounded: at most :data:`TRIES_PER_PUZZLE` deals for each puzzle asked
for, and at most ``time_limit`` seconds. It gives up as soon as the rate of finds so far
says the rest cannot be found within those bounds, even at a generous estimate of that
rate, rather than when they run out.
"""

from __future__ import annotations

import math
import time
from contextlib import closing
from itertools import islice
from typing import TYPE_CHECKING, Callable, Generator, TextIO, TypeVar

from ..errors import SetupError
from ..progress import ProgressBar
from ..rng import SeededRandom
from ..values import replace

if TYPE_CHECKING:
    from concurrent.futures import Executor

    from ..parallel import Workers

P = TypeVar("P")
#: How many deals may be tried for each puzzle asked for before giving up.
TRIES_PER_PUZZLE = 200
#: Seconds dealing may take unless told otherwise, and the most it may be told.
TIME_LIMIT = 300.0
MAX_TIME_LIMIT = 3600.0
#: Deals tried before their rate of finds is trusted to foretell the rest.
SAMPLE = 20


def check_time_limit(seconds: float) -> float:
    """``seconds`` if it is a time limit dealing may have; else a :class:`SetupError`."""
    if isinstance(seconds, bool) or not isinstance(seconds, (int, float)) or not 1 <= seconds <= MAX_TIME_LIMIT:
        raise SetupError(f"--time-limit {seconds} is out of range", token=str(seconds),
                         expected=f"1 to {MAX_TIME_LIMIT:,.0f} seconds")
    return float(seconds)


def deal_puzzles(count: int, *, seed: int, difficulty: str | None, difficulties: tuple[str, ...],
                 make: Callable[[int, int], P | None], rating: Callable[[P], str], what: str = "puzzles",
                 time_limit: float = TIME_LIMIT, progress: TextIO | None = None,
                 clock: Callable[[], float] = time.monotonic, executor: Executor | None = None,
                 jobs: int | None = 1) -> list[P]:
    """``count`` puzzles from ``seed``: ``make(deal_seed, number)`` deals one (or ``None``),
    ``rating(puzzle)`` rates it. The same arguments always give the same puzzles. A progress
    bar goes to ``progress``; ``what`` names the puzzles in it and in errors.

    With ``jobs`` above 1 (``None``: every processor) or an ``executor``, deals are made
    ahead in other processes (:data:`TASKS_AHEAD` tasks a worker, :data:`DEALS_A_TASK` deals
    a task) and taken in order as if made here: the same puzzles, the same deals counted.
    ``make`` must then be picklable (a top-level function, or a :func:`functools.partial` of
    one) and its puzzles dataclasses with a ``number`` field: they are made with number 0
    and numbered here.

    Raises :class:`SetupError` for an unknown difficulty, time limit or number of jobs, or
    as soon as the rate of finds says ``count`` of them cannot turn up within
    :data:`TRIES_PER_PUZZLE` deals a puzzle and ``time_limit`` seconds: the error says how
    many were found and how to get more.
    """
    from ..parallel import Workers

    if difficulty is not None and difficulty not in difficulties:
        raise SetupError(f"unknown difficulty '{difficulty}'", token=difficulty, expected=", ".join(difficulties))
    time_limit = check_time_limit(time_limit)
    rng = SeededRandom(seed)
    bar = ProgressBar(progress, count)
    max_tries = count * TRIES_PER_PUZZLE
    out: list[P] = []
    tries = 0
    with Workers(executor=executor, jobs=jobs) as workers, \
            closing(_dealt(workers, make, rng, max_tries)) as dealt:
        start = clock()
        for deal_seed, made in dealt:
            if workers.in_process:
                puzzle = make(deal_seed, len(out) + 1)
            elif made is not None:
                puzzle = replace(made, number=len(out) + 1)
            else:
                puzzle = None
            tries += 1
            if puzzle is not None and (difficulty is None or rating(puzzle) == difficulty):
                out.append(puzzle)
            elapsed = clock() - start
            bar.update(len(out), f"{what}, {_deals(tries)}, {elapsed:.0f} s")
            if len(out) == count:
                break
            bound = _passed_bound(count - len(out), len(out), tries, elapsed, max_tries, time_limit)
            if bound:
                bar.update(len(out), f"{what}: giving up after {_deals(tries)}", final=True)
                raise _too_few(count, len(out), tries, elapsed, difficulty, difficulties, what, max_tries, time_limit,
                               bound=bound)
    bar.update(len(out), f"{what}, {_deals(tries)}, {clock() - start:.0f} s", final=True)
    return out


#: Deals one task makes when deals are made in other processes, and tasks under way a
#: worker: a deal takes up to a few tenths of a second, and every deal made past the last
#: puzzle needed is wasted.
DEALS_A_TASK = 1
TASKS_AHEAD = 2


def _dealt(workers: Workers, make: Callable[[int, int], P | None], rng: SeededRandom,
           most: int) -> Generator[tuple[int, P | None], None, None]:
    """The deal seeds of ``rng`` in turn (at most ``most``), each with its puzzle made ahead
    by ``workers`` (``None`` in this process, where the caller makes it)."""
    seeds = (rng.below(2 ** 31) for _ in range(most))
    if workers.in_process:
        for deal_seed in seeds:
            yield deal_seed, None
        return
    tasks = ((make, tuple(islice(seeds, DEALS_A_TASK))) for _ in range(-(-most // DEALS_A_TASK)))
    with closing(workers.map(_make_all, tasks, ahead=TASKS_AHEAD * workers.count)) as made:
        for batch in made:
            yield from batch


def _make_all(make: Callable[[int, int], P | None], deal_seeds: tuple[int, ...]) -> list[tuple[int, P | None]]:
    """Each deal seed with its puzzle, numbered 0 (a worker's task)."""
    return [(deal_seed, make(deal_seed, 0)) for deal_seed in deal_seeds]


def _generous_rate(found: int, tries: int) -> float:
    """A rate of finds the true one is very unlikely to beat, from ``found`` in ``tries``
    (about a 95 % upper bound: three finds' worth when none turned up)."""
    return min(1.0, (found + 2 * math.sqrt(found) + 3) / tries)


def _passed_bound(left: int, found: int, tries: int, elapsed: float, max_tries: int, time_limit: float) -> str:
    """``"deals"`` or ``"time"`` when the ``left`` puzzles still to find would pass that bound
    (after :data:`SAMPLE` deals, foretold at the generous rate), else ``""``."""
    if not left:
        return ""
    more = left / _generous_rate(found, tries) if tries >= SAMPLE else 0.0
    if tries >= max_tries or tries + more > max_tries:
        return "deals"
    if elapsed >= time_limit or elapsed + more * elapsed / tries > time_limit:
        return "time"
    return ""


def _too_few(count: int, found: int, tries: int, elapsed: float, difficulty: str | None,
             difficulties: tuple[str, ...], what: str, max_tries: int, time_limit: float, *,
             bound: str) -> SetupError:
    rated = f" rated {difficulty}" if difficulty else ""
    limit = (f"{max_tries:,} deals ({TRIES_PER_PUZZLE} a puzzle)" if bound == "deals"
             else f"{time_limit:,.0f} seconds")
    if found:
        more = (count - found) * tries / found
        text = (f"found only {found} of the {count} {what}{rated} asked for in {_deals(tries)} ({_duration(elapsed)}): "
                f"at that rate the other {count - found:,} would take about {_deals(more)} more "
                f"({_duration(more * elapsed / tries)}), past the limit of {limit}")
    else:
        text = (f"found none of the {count} {what}{rated} asked for in {_deals(tries)} ({_duration(elapsed)}): "
                f"too few to find {count} within the limit of {limit}")
    others = [d for d in difficulties if d != difficulty]
    ways = [f"ask for at most {found} (--count {found})" if found else "ask for fewer (--count)",
            f"choose another difficulty ({', '.join(others)}) or leave --difficulty out" if difficulty else "",
            f"allow more time (--time-limit, at most {MAX_TIME_LIMIT:,.0f} seconds)"
            if bound == "time" and time_limit < MAX_TIME_LIMIT else ""]
    return SetupError(text, token=f"--difficulty {difficulty}" if difficulty else f"--count {count}",
                      expected="; or ".join(w for w in ways if w))


def _deals(n: float) -> str:
    return f"{n:,.0f} deal{'' if round(n) == 1 else 's'}"


def _duration(seconds: float) -> str:
    if seconds < 120:
        return f"{seconds:.0f} s"
    if seconds < 7200:
        return f"{seconds / 60:.0f} minutes"
    return f"{seconds / 3600:,.0f} hours"


__all__ = ["DEALS_A_TASK", "MAX_TIME_LIMIT", "SAMPLE", "TASKS_AHEAD", "TIME_LIMIT", "TRIES_PER_PUZZLE",
           "check_time_limit", "deal_puzzles"]
