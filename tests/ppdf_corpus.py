"""The ppdf reference layouts of ../shared/corpus/ppdf/ and a comparison of a layout with one."""

from __future__ import annotations

import csv
import math
from dataclasses import dataclass
from pathlib import Path

CORPUS = Path(__file__).resolve().parents[2] / "shared" / "corpus"
PPDF = CORPUS / "ppdf"
Row = tuple[str, int, int, str, float, float, float]


@dataclass(frozen=True)
class Reference:
    """One reference file: the function, its seed (None: called with defaults), the path."""

    function: str
    seed: int | None
    path: Path

    @property
    def id(self) -> str:
        return self.path.stem


def functions() -> list[dict[str, str]]:
    """The rows of functions.csv."""
    with open(PPDF / "functions.csv", newline="", encoding="utf-8") as handle:
        return list(csv.DictReader(handle))


def references() -> list[Reference]:
    """Every reference layout, with its function and seed."""
    out = []
    for row in functions():
        for name in row["reference_files"].split():
            if not name.endswith(".csv"):
                continue
            stem = name[:-4]
            seed = int(stem.rsplit("_seed", 1)[1]) if "_seed" in stem else None
            out.append(Reference(row["function"], seed, PPDF / "setups" / name))
    return out


def read_layout(path: Path) -> list[Row]:
    """A reference CSV's rows: ``(piece_side, suit, rank, cfg, x, y, angle)``."""
    with open(path, newline="", encoding="utf-8") as handle:
        return [(r["piece_side"], int(r["suit"]), int(r["rank"]), r["cfg"], float(r["x"]), float(r["y"]),
                 float(r["angle"])) for r in csv.DictReader(handle)]


def differences(got: list[Row], want: list[Row], *, limit: int = 5) -> list[str]:
    """The first rows where ``got`` differs from ``want`` (positions within 1e-6 inch,
    angles within 1e-6 degree modulo 360), in words; empty when they match."""
    problems = []
    if len(got) != len(want):
        problems.append(f"{len(got)} rows, expected {len(want)}")
    for k, (g, w) in enumerate(zip(got, want), start=1):
        same = g[:4] == w[:4] and math.isclose(g[4], w[4], abs_tol=1e-6) and \
            math.isclose(g[5], w[5], abs_tol=1e-6) and \
            min((g[6] - w[6]) % 360, (w[6] - g[6]) % 360) < 1e-6
        if not same:
            problems.append(f"row {k}: got {g}, expected {w}")
            if len(problems) >= limit:
                break
    return problems
