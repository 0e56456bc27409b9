"""Scaling: time and peak memory of whole processes against the size of their input.

Five series, each input made here (deterministically, in a temporary folder):

- ``replay --format csv`` of one record of 1,000, 10,000 and 100,000 moves (a Suns pawn
  walking round a square of a bare table: every move is checked, as generic PPN checks
  moves, and the CSV holds every position);
- ``replay`` (text diagrams) of the same record at 1,000, 3,000 and 10,000 moves (the
  command draws at most 60,000 pieces and marks, so no more);
- ``validate`` of the same record at 1,000, 10,000 and 100,000 moves (a game is checked
  in the memory of its record: its positions are not kept);
- ``validate`` of one file of 1,000, 10,000 and 100,000 games (the corpus's tic-tac-toe game,
  complete, each with its own round number), which must stream: peak memory may not grow
  with the number of games;
- ``plates`` (a PDF) of a Four Field Kono record of 25, 100, 400 and 1,600 positions.

Each run is a new process (``python -m piecepack_diagrams ...``, start-up included); its wall
time and peak resident memory (``ru_maxrss`` from ``wait4``) are medians over repeats. A
series' growth is the exponent ``log(t2/t1) / log(n2/n1)`` between sizes, taken on the
least processor time of the runs (which the machine's other load does not stretch as it does
wall time) over the start-up (the same command on an input of one move, game or position), so that a fixed
cost does not hide growth; linear is 1.

Run: python bench/scaling.py [--repeat N]. :func:`measure` gives the rows for bench/run.py.
"""

from __future__ import annotations

import argparse
import math
import statistics
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Callable

ROOT = Path(__file__).resolve().parents[1]
CORPUS = ROOT.parent / "shared" / "corpus" / "ppn" / "records"

#: A series' processor time may grow at most as n ** this between its two largest sizes (linear is 1).
MOST_EXPONENT = 1.15
#: Processor seconds over the start-up below which a size's growth is not reckoned (start-up
#: varies by some hundredths of a second from run to run).
LEAST_NET = 0.1
#: ``validate``'s peak memory at its largest file may be at most this many times that at its smallest.
MOST_MEMORY_RATIO = 1.3


@dataclass(frozen=True)
class Run:
    """Medians of repeated runs of one command: wall seconds, processor seconds (user and
    system) and peak resident MiB; and the least processor seconds of any of the runs."""

    seconds: float
    cpu: float
    mib: float
    least_cpu: float


@dataclass(frozen=True)
class Series:
    """One command measured at several sizes of its input, and at the smallest input (start-up)."""

    name: str
    title: str
    unit: str
    sizes: tuple[int, ...]
    runs: tuple[Run, ...]
    startup: Run

    def exponents(self) -> list[float | None]:
        """The growth exponent of processor time between each pair of consecutive sizes,
        start-up taken off; None where the smaller size's time over the start-up is under
        :data:`LEAST_NET` seconds, too little to tell from the noise. Processor time, not wall
        time, and the least of the runs: on a shared machine others' load stretches the wall
        time of a run, and slows its processor time too, but never makes it shorter."""
        net = [run.least_cpu - self.startup.least_cpu for run in self.runs]
        return [math.log(net[k + 1] / net[k]) / math.log(self.sizes[k + 1] / self.sizes[k])
                if net[k] >= LEAST_NET and net[k + 1] > 0 else None for k in range(len(self.sizes) - 1)]

    def memory_ratio(self) -> float:
        """Peak memory at the largest size over that at the smallest."""
        return self.runs[-1].mib / self.runs[0].mib


def walking_record(moves: int) -> str:
    """A record of ``moves`` moves: a Suns pawn walking round the square a1, b1, b2, a2."""
    path = ("a1", "b1", "b2", "a2")
    words = [f"{k // 2 + 1}{'.' if k % 2 == 0 else '...'} {path[k % 4]}-{path[(k + 1) % 4]}" for k in range(moves)]
    lines = [" ".join(words[k:k + 8]) for k in range(0, len(words), 8)]
    return "\n".join(["---", "Event: A pawn walks round a square", "...", "setup. pS@a1", *lines]) + "\n"


def games_file(games: int) -> str:
    """``games`` copies of the corpus's tic-tac-toe game, one after another, each with its
    round number in its header (so no two games are the same text)."""
    game = (CORPUS / "tic-tac-toe.ppn").read_text(encoding="utf-8")
    return "".join(game.replace("---\n", f"---\nRound: {k}\n", 1) for k in range(1, games + 1))


def kono_record(positions: int) -> str:
    """A Four Field Kono record of ``positions`` positions (setup included): two captures
    open the board, then a Suns coin and a Moons coin step out and back."""
    words = ["1. b1:b3", "1... d3:b3"]
    steps = (("a1-b1", "d4-d3"), ("b1-a1", "d3-d4"))
    for k in range(positions - 3):
        turn, side = k // 2 + 2, k % 2
        words.append(f"{turn}{'.' if side == 0 else '...'} {steps[(k // 2) % 2][side]}")
    lines = [" ".join(words[k:k + 8]) for k in range(0, len(words), 8)]
    return "\n".join(["---", "Event: Four Field Kono, coins stepping out and back", "GameType: Four Field Kono",
                      "...", *lines]) + "\n"


#: Runs a command and writes its exit status, wall seconds, processor seconds and peak resident
#: KiB to the file named first. A small process in between, because a child's peak counts what
#: it held before it exec'd: forked from the benchmark itself, every run would weigh at least as
#: much as the benchmark with its inputs in memory.
_LAUNCHER = """
import os, sys, time
start = time.perf_counter()
pid = os.posix_spawn(sys.argv[2], sys.argv[2:], os.environ)
_, status, usage = os.wait4(pid, 0)
seconds = time.perf_counter() - start
with open(sys.argv[1], "w") as out:
    out.write(f"{os.waitstatus_to_exitcode(status)} {seconds!r} {usage.ru_utime + usage.ru_stime!r} {usage.ru_maxrss}")
"""


def run_once(args: list[str], scratch: Path) -> tuple[float, float, float]:
    """Wall seconds, processor seconds and peak resident MiB of ``piecepack-diagrams ARGS`` in a
    new process (its output thrown away). Raises :class:`RuntimeError` when it fails."""
    report = scratch / "run.txt"
    launched = subprocess.run([sys.executable, "-I", "-S", "-c", _LAUNCHER, str(report), sys.executable, "-m",
                               "piecepack_diagrams", *args], cwd=ROOT, stdout=subprocess.DEVNULL,
                              stderr=subprocess.PIPE, check=False)
    status, wall, cpu, kib = report.read_text().split() if report.exists() else ("-1", "0", "0", "0")
    report.unlink(missing_ok=True)
    if launched.returncode != 0 or status != "0":
        raise RuntimeError(f"{' '.join(args)} failed: {launched.stderr.decode(errors='replace')[-400:]}")
    return float(wall), float(cpu), int(kib) / 1024


@dataclass(frozen=True)
class Spec:
    """What a series runs: its name, a row title with ``{n}``, what its sizes count, the
    sizes, the input of a size (PPN text) and the command on an input file (and a scratch folder)."""

    name: str
    title: str
    unit: str
    sizes: tuple[int, ...]
    make: Callable[[int], str]
    command: Callable[[Path, Path], list[str]]


SPECS = (
    Spec("replay", "`replay --format csv` of one record of {n:,} moves", "moves", (1_000, 10_000, 100_000),
         walking_record, lambda path, _: ["replay", "--format", "csv", str(path)]),
    # Text diagrams draw every position: the command refuses a record past 60,000 pieces drawn.
    Spec("replay (text)", "`replay` (text diagrams) of one record of {n:,} moves", "moves", (1_000, 3_000, 10_000),
         walking_record, lambda path, _: ["replay", str(path)]),
    Spec("validate (one game)", "`validate` of one record of {n:,} moves", "moves", (1_000, 10_000, 100_000),
         walking_record, lambda path, _: ["validate", str(path)]),
    Spec("validate", "`validate` of one file of {n:,} games", "games", (1_000, 10_000, 100_000), games_file,
         lambda path, _: ["validate", str(path)]),
    Spec("plates", "`plates` (PDF) of a record of {n:,} positions", "positions", (25, 100, 400, 1_600),
         lambda n: kono_record(max(n, 3)), lambda path, where: ["plates", str(path), "-o", str(where / "out.pdf")]),
)


def repeats(repeat: int, sizes: int) -> list[int]:
    """Runs of each size: ``repeat``, at most 7 for the smaller, 5 for the next to largest and
    3 for the largest (a run of that can take half a minute)."""
    caps = [7] * (sizes - 2) + [5, 3]
    return [max(1, min(repeat, cap)) for cap in caps]


def measure_series(repeat: int, specs: tuple[Spec, ...] = SPECS) -> list[Series]:
    """Each of ``specs`` measured: its start-up (an input of size 1) and each size, run
    ``repeat`` times (see :func:`repeats`), in rounds that run every series and size once, so
    that the machine's load drifting through the runs falls on all sizes alike."""
    with tempfile.TemporaryDirectory() as scratch:
        folder = Path(scratch)
        plans = []
        for k, spec in enumerate(specs):
            commands = []
            for n in (1, *spec.sizes):
                path = folder / f"{k}-{n}.ppn"
                path.write_text(spec.make(n), encoding="utf-8")
                commands.append(spec.command(path, folder))
            plans.append((commands, [max(1, min(repeat, 7)), *repeats(repeat, len(spec.sizes))]))
        results: list[list[list[tuple[float, float, float]]]] = [[[] for _ in commands] for commands, _ in plans]
        for round_ in range(max(max(counts) for _, counts in plans)):
            for k, (commands, counts) in enumerate(plans):
                for j, (command, count) in enumerate(zip(commands, counts)):
                    if round_ < count:
                        results[k][j].append(run_once(command, folder))

    def median(runs: list[tuple[float, float, float]]) -> Run:
        return Run(*(statistics.median(values) for values in zip(*runs)), min(cpu for _, cpu, _ in runs))

    return [Series(spec.name, spec.title, spec.unit, spec.sizes, tuple(median(r) for r in runs[1:]), median(runs[0]))
            for spec, runs in zip(specs, results)]


def rows_of(series: list[Series]) -> list[tuple[str, str, str, bool | None]]:
    """The table's rows: (name, figure shown, target, met or None) for each series' start-up
    and sizes, then its growth (met when the time's exponent between its two largest sizes,
    where start-up is the smallest share, is at most :data:`MOST_EXPONENT`), then validate's memory."""
    rows: list[tuple[str, str, str, bool | None]] = []
    for s in series:
        for n, run in zip((1, *s.sizes), (s.startup, *s.runs)):
            name = f"Scaling: {s.title.format(n=n)}" if n > 1 else f"Scaling: {s.name}, start-up (an input of size 1)"
            rows.append((name, f"{run.seconds:.2f} s ({run.cpu:.2f} s cpu), {run.mib:.0f} MiB", "-", None))
        exponents = s.exponents()
        steps = ", ".join("-" if e is None else f"n^{e:.2f}" for e in exponents)
        memory = ", ".join(f"x{b.mib / a.mib:.2f}" for a, b in zip(s.runs, s.runs[1:]))
        sizes = " -> ".join(f"{n:,}" for n in s.sizes)
        rows.append((f"Scaling: {s.name}, growth of cpu time over start-up ({sizes} {s.unit}); of memory",
                     f"{steps}; {memory}", f"<= n^{MOST_EXPONENT} (largest step)",
                     exponents[-1] is not None and exponents[-1] <= MOST_EXPONENT))
        if s.name == "validate":
            ratio = s.memory_ratio()
            rows.append((f"Scaling: validate, peak memory at {s.sizes[-1]:,} games over that at {s.sizes[0]:,}",
                         f"x{ratio:.2f}", f"<= x{MOST_MEMORY_RATIO}", ratio <= MOST_MEMORY_RATIO))
    return rows


def measure(repeat: int) -> list[tuple[str, str, str, bool | None]]:
    """Rows for bench/run.py: ``(name, figure shown, target, met)``; ``met`` is None for rows
    without a target. Medians of ``repeat`` runs (fewer at the larger sizes, see :func:`repeats`);
    about four minutes with ``repeat`` 3 or more."""
    return rows_of(measure_series(repeat))


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--repeat", type=int, default=5)
    args = parser.parse_args()
    rows = measure(args.repeat)
    print(f"medians of up to {args.repeat} runs, Python {sys.version.split()[0]}, {time.strftime('%Y-%m-%d')}")
    width = max(len(name) for name, *_ in rows)
    for name, shown, target, met in rows:
        verdict = "" if met is None else "  met" if met else "  MISSED"
        print(f"{name:<{width}}  {shown:>12}  target {target}{verdict}")
    missed = [name for name, _, _, met in rows if met is False]
    targets = sum(met is not None for *_, met in rows)
    print(f"\n{targets - len(missed)} of {targets} targets met" + (": missed " + "; ".join(missed) if missed else ""))
    return 1 if missed else 0


if __name__ == "__main__":
    sys.exit(main())
