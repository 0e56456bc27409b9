"""The main job: render every shipped record into ``output/``."""

from __future__ import annotations

import sys
from dataclasses import dataclass
from pathlib import Path
from typing import TextIO

from .api import scene_of
from .engine import replay
from .errors import PiecepackError
from .notation import iter_records
from .output import write_atomic
from .render import render
from .sheets.plates import plates_pdf
from .theme import DEFAULT, Theme

#: What ``build`` writes for each game: the final position in these formats, and its plates
#: (every position, six a page) as ``NAME-plates.pdf``.
BUILD_FORMATS = ("svg", "pdf", "png", "txt")


@dataclass(frozen=True, slots=True)
class BuildReport:
    """What a build wrote and what failed (each failure a located message)."""

    written: tuple[Path, ...]
    failures: tuple[str, ...]

    def is_ok(self) -> bool:
        return not self.failures


def _progress(stream: TextIO, done: int, total: int, name: str) -> None:
    width = 24
    filled = width * done // max(total, 1)
    bar = "#" * filled + "-" * (width - filled)
    end = "\n" if done == total or not stream.isatty() else ""
    stream.write(f"\r[{bar}] {done}/{total} {name}"[: 120] + end)
    stream.flush()


def build(records_dir: str | Path = "records", output_dir: str | Path = "output", *,
          theme: Theme = DEFAULT, formats: tuple[str, ...] = BUILD_FORMATS,
          progress: TextIO | None = sys.stderr) -> BuildReport:
    """Replay every ``*.ppn`` under ``records_dir`` and draw each game's final position
    and its plates into ``output_dir`` (mirroring the folders). A record that fails is reported
    and skipped; the others are still built."""
    root, out = Path(records_dir), Path(output_dir)
    files = sorted(root.rglob("*.ppn"))
    written: list[Path] = []
    failures: list[str] = []
    for done, path in enumerate(files, start=1):
        relative = path.relative_to(root)
        try:
            for record in iter_records(path):
                result = replay(record, strict=True)
                stem = relative.with_suffix("")
                if record.index > 1:
                    stem = stem.with_name(f"{stem.name}-{record.index}")
                scene = scene_of(result, "last")
                for fmt in formats:
                    written.append(write_atomic(out / stem.with_suffix(f".{fmt}"), render(scene, fmt, theme=theme)))
                plates = stem.with_name(f"{stem.name}-plates.pdf")
                written.append(write_atomic(out / plates, plates_pdf(result, theme=theme)))
        except PiecepackError as exc:
            failures.append(exc.format())
        if progress is not None:
            _progress(progress, done, len(files), str(relative))
    return BuildReport(tuple(written), tuple(failures))
