"""Running the course's fixture pairs (``labyrinth fixtures PATH ...``): each ``ID-in.json``
through its milestone's harness, the answer compared with ``ID-out.json``, and a table of
how many agree. A fixture's milestone is the name of its folder (``m3`` .. ``m10``), as in
``../shared/corpus/labyrinth``.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import TYPE_CHECKING, Any

from ...errors import PiecepackError, SetupError, SourceLocation
from ...textsafe import shorten
from ...values import value
from .harness import MILESTONES, run
from .jsonio import read_input

if TYPE_CHECKING:
    from concurrent.futures import Executor

#: Fixtures one task runs when they are run in other processes (most take milliseconds).
FIXTURES_A_TASK = 8
#: Characters of an answer shown where it differs from the expected one.
SHOWN = 160


@value
class Fixture:
    """A pair: the input file, its milestone, and the expected output beside it."""

    milestone: str
    source: Path

    @property
    def expected(self) -> Path:
        return self.source.with_name(self.source.name[: -len("-in.json")] + "-out.json")


@value
class Outcome:
    """What running a fixture gave: ``agrees``, ``differs`` (``detail``: both answers) or
    ``refused`` (``detail``: the located error, for the input or the expected output)."""

    fixture: Fixture
    verdict: str
    detail: str = ""


@value
class FixtureReport:
    """Every fixture's outcome, in the order the fixtures were given."""

    outcomes: tuple[Outcome, ...]

    def is_ok(self) -> bool:
        """True when every fixture agrees."""
        return all(o.verdict == "agrees" for o in self.outcomes)

    def text(self) -> str:
        """A line for each fixture that does not agree, then a table by milestone."""
        lines = [f"{o.fixture.source}: {o.detail}" if o.verdict == "differs" else o.detail
                 for o in self.outcomes if o.verdict != "agrees"]
        counts: dict[str, dict[str, int]] = {}
        for o in self.outcomes:
            row = counts.setdefault(o.fixture.milestone, dict.fromkeys(("agrees", "differs", "refused"), 0))
            row[o.verdict] += 1
        lines.append("milestone  pairs  agree  differ  refused")
        for milestone in sorted(counts, key=MILESTONES.index):
            row = counts[milestone]
            lines.append(f"{milestone:<9} {sum(row.values()):>6} {row['agrees']:>6} {row['differs']:>7} "
                         f"{row['refused']:>8}")
        total = len(self.outcomes)
        agree = sum(o.verdict == "agrees" for o in self.outcomes)
        lines.append(f"{agree:,} of {total:,} pairs agree")
        return "\n".join(lines) + "\n"


def find_fixtures(paths: list[str | Path]) -> list[Fixture]:
    """The fixtures at ``paths``, in order: an ``ID-in.json`` file in a milestone's folder, a
    milestone's folder (its inputs, sorted), or a folder of milestones' folders.

    Raises :class:`SetupError` located at a path that is none of these, or holds none."""
    out: list[Fixture] = []
    for given in paths:
        path = Path(given)
        where = SourceLocation(str(path), 1, 1)
        if path.is_file():
            if not path.name.endswith("-in.json") or path.parent.name not in MILESTONES:
                raise SetupError("not a fixture's input", location=where, token=path.name,
                                 expected=f"ID-in.json in a folder named after its milestone ({', '.join(MILESTONES)})")
            out.append(Fixture(path.parent.name, path))
            continue
        if not path.is_dir():
            raise SetupError("no such file or folder", location=where, expected="fixtures, or folders of them")
        folders = [path] if path.name in MILESTONES else [path / m for m in MILESTONES if (path / m).is_dir()]
        found = [Fixture(folder.name, source) for folder in folders for source in sorted(folder.glob("*-in.json"))]
        if not found:
            raise SetupError("no fixtures here", location=where, expected="ID-in.json files in folders named after "
                             f"their milestone ({', '.join(MILESTONES)})")
        out += found
    return out


def run_fixtures(fixtures: list[Fixture], *, executor: Executor | None = None, jobs: int | None = 1) -> FixtureReport:
    """Run every fixture: in this process, or in ``jobs`` processes (``None``: every
    processor) or on ``executor``; the same report whatever they are.

    Raises as :class:`~piecepack_diagrams.parallel.Workers` does for a bad ``jobs``."""
    from ...parallel import Workers

    tasks = [(tuple(fixtures[k:k + FIXTURES_A_TASK]),) for k in range(0, len(fixtures), FIXTURES_A_TASK)]
    with Workers(executor=executor, jobs=jobs) as workers:
        return FixtureReport(tuple(o for part in workers.map(run_each, tasks) for o in part))


def run_each(fixtures: tuple[Fixture, ...]) -> list[Outcome]:
    """:func:`run_fixture` of each (a worker's task)."""
    return [run_fixture(f) for f in fixtures]


def run_fixture(fixture: Fixture) -> Outcome:
    """Run one fixture and compare its answer with the expected one."""
    try:
        expected = _values(read_input(fixture.expected), fixture.expected)
    except PiecepackError as exc:
        return Outcome(fixture, "refused", exc.format())
    try:
        got = run(fixture.milestone, read_input(fixture.source))
    except PiecepackError as exc:
        # JSON values carry no places: an error without one is placed at the input file.
        return Outcome(fixture, "refused", exc.with_location(SourceLocation(str(fixture.source), 1, 1)).format())
    if got == expected:
        return Outcome(fixture, "agrees")
    return Outcome(fixture, "differs", f"expected {_shown(expected)}, got {_shown(got)}")


def _values(values: list[Any], path: Path) -> Any:
    if len(values) != 1:
        raise SetupError(f"the expected output holds {len(values)} JSON values",
                         location=SourceLocation(str(path), 1, 1), expected="one JSON value")
    return values[0]


def _shown(value: Any) -> str:
    return shorten(json.dumps(value, ensure_ascii=False, separators=(",", ":")), SHOWN)


__all__ = ["FIXTURES_A_TASK", "Fixture", "FixtureReport", "Outcome", "find_fixtures", "run_fixture", "run_fixtures"]
