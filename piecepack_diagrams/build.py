"""The main job: render everything into ``output/``.

- every record under ``records/``: its final position (SVG, PDF, PNG, text), its plates
  (``NAME-plates.pdf``, six positions a page) and its viewer page (``NAME.html``),
  mirroring the records' folders;
- every game's rulebook figure set (``figures/``, SVG and PDF), drawn from those records;
- a sample puzzle book per puzzle game (``puzzles/GAME-puzzles.pdf``);
- the proof sheet (``proof.pdf``): every product reduced, with its layout audit.

Every drawing of every product is audited (:mod:`piecepack_diagrams.layout.audit`). A part
that fails is reported with its located error and skipped; the rest is still built.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Callable, TextIO

from .api import scene_of
from .engine import Replay, replay
from .errors import PiecepackError
from .notation import Record, iter_records
from .layout import Finding, LaidOut, audit_laid_out, lay_out, summarize
from .output import write_atomic
from .render import render
from .sheets.pdf import Audit, Document
from .sheets.proof import ProofEntry, proof_pdf
from .theme import DEFAULT, Theme

#: The final position of each record is drawn in these formats.
BUILD_FORMATS = ("svg", "pdf", "png", "txt")
#: The sample puzzle books: game, how many puzzles, the seed that deals them.
SAMPLE_BOOKS = (("lab-rats", 6, 1), ("coin-collectors", 6, 1), ("landlocked", 6, 1))


@dataclass(frozen=True, slots=True)
class BuildReport:
    """What a build wrote, what failed (each failure a located message), what the layout
    audit found in the drawings of the products (``audited`` of them), and the proof sheet."""

    written: tuple[Path, ...]
    failures: tuple[str, ...]
    findings: tuple[Finding, ...] = ()
    audited: int = 0
    proof: bytes | None = field(default=None, repr=False)

    def is_ok(self) -> bool:
        return not self.failures

    def audit_summary(self) -> str:
        """One line: the audit's findings in how many drawings."""
        return summarize(list(self.findings), self.audited)


@dataclass(slots=True)
class _Ledger:
    """What the steps of a build gather besides their files: the audit of every drawing (None:
    not audited) and the proof sheet's entries."""

    audit: Audit | None
    proof: list[ProofEntry] = field(default_factory=list)

    def add(self, name: str, checked: Audit | None, *, document: Document | None = None,
            drawing: LaidOut | None = None) -> None:
        """A product made: its drawings' findings (``checked``) into the build's audit, and
        its entry on the proof sheet."""
        if self.audit is not None and checked is not None:
            self.audit.drawings += checked.drawings
            self.audit.findings += checked.findings
        self.proof.append(ProofEntry(name, len(checked.findings) if checked is not None else 0, document, drawing))

    def checked(self, name: str) -> Audit | None:
        """An audit for one product, if the build audits."""
        return Audit(name) if self.audit is not None else None


def _progress(stream: TextIO, done: int, total: int, name: str) -> None:
    width = 24
    filled = width * done // max(total, 1)
    bar = "#" * filled + "-" * (width - filled)
    end = "\n" if done == total or not stream.isatty() else ""
    stream.write("\r")  # alone, so that a terminal stream lets it through
    stream.write(f"[{bar}] {done}/{total} {name}"[: 119].ljust(59 if stream.isatty() else 0) + end)
    stream.flush()


#: A step of the build: its name for the progress bar, what it does (the files to write, path
#: -> bytes, and what went wrong, as located messages), and the record file it reads if any.
Step = tuple[str, Callable[[], tuple[dict[Path, bytes], list[str]]], Path | None]


def _record_files(record: Record, stem: Path, out: Path, formats: tuple[str, ...],
                  theme: Theme, ledger: _Ledger) -> tuple[dict[Path, bytes], Replay | None, list[str]]:
    """A record's files, the game if it is valid, and its errors. An invalid record
    still gets its viewer page, which shows each error at its move."""
    from .sheets.plates import plates_document
    from .sheets.viewer import viewer_html

    result = replay(record, strict=False)
    files = {out / stem.with_name(f"{stem.name}.html"): viewer_html(result, theme=theme).encode("utf-8")}
    if result.errors:
        return files, None, [error.format() for error in result.errors]
    scene = scene_of(result, "last")
    laid = lay_out(scene, theme=theme)
    problems: list[str] = []
    for fmt in formats:
        try:
            # Text lays the scene out afresh on its own grid: a layout for print places panels
            # and labels at print size, which rows of characters cannot follow.
            files[out / stem.with_suffix(f".{fmt}")] = render(scene if fmt == "txt" else laid, fmt, theme=theme)
        except PiecepackError as exc:  # a drawing text cannot show: that file is left out, the rest made
            problems.append(exc.with_location(result.final.location or result.record.location).format())
    # One drawing in several formats: named once, "NAME.svg/pdf/png".
    drawn = f"{stem}." + "/".join(f for f in BUILD_FORMATS if f != "txt")
    checked = ledger.checked(drawn)
    if checked is not None:
        checked.drawings += 1
        checked.findings += audit_laid_out(laid, product=drawn, theme=theme, caption_points=theme.caption_size * 72)
    ledger.add(drawn, checked, drawing=laid)
    plates = stem.with_name(f"{stem.name}-plates.pdf")
    document = plates_document(result, theme=theme)
    checked = ledger.checked(str(plates))
    files[out / plates] = document.render(theme=theme, audit=checked)
    ledger.add(str(plates), checked, document=document)
    return files, result, problems


def _refusal(path: Path, root: Path) -> str | None:
    """Why the record file ``path`` found under ``root`` is not read, or None to read it: it
    must be a regular file (a link is followed only when it stays inside ``root``), so that a
    link to a device, a FIFO or a file elsewhere (``/etc/shadow``) is never read or quoted."""
    try:
        real, real_root = path.resolve(strict=True), root.resolve(strict=True)
    except (OSError, RuntimeError) as exc:  # RuntimeError: a loop of links
        return f"{path}:1:1: error: cannot read this record: {getattr(exc, 'strerror', None) or exc}"
    if real_root not in real.parents:
        return (f"{path}:1:1: error: this record is a link to {real}, outside {root}; "
                f"expected a record inside {root}")
    if not real.is_file():
        return f"{path}:1:1: error: this record is not a regular file; expected a .ppn file"
    return None


def _record_steps(root: Path, out: Path, formats: tuple[str, ...], theme: Theme,
                  games: list[Replay], ledger: _Ledger, *, only: Path | None = None) -> list[Step]:
    steps: list[Step] = []
    for path in [only] if only is not None else sorted(root.rglob("*.ppn")):
        relative = path.relative_to(root)

        def run(path: Path = path, relative: Path = relative) -> tuple[dict[Path, bytes], list[str]]:
            files: dict[Path, bytes] = {}
            failures: list[str] = []
            refused = _refusal(path, root)
            if refused is not None:
                return files, [refused]
            for record in iter_records(path):
                stem = relative.with_suffix("")
                if record.index > 1:
                    stem = stem.with_name(f"{stem.name}-{record.index}")
                mine, result, errors = _record_files(record, stem, out, formats, theme, ledger)
                files.update(mine)
                failures += errors
                if result is not None:
                    games.append(result)
            return files, failures

        steps.append((str(relative), run, path))
    return steps


def _figure_steps(out: Path, theme: Theme, games: list[Replay], ledger: _Ledger) -> list[Step]:
    from .figures import figure_document, figure_files, figure_games, figure_set

    def run(game: str) -> tuple[dict[Path, bytes], list[str]]:
        from .engine import find_game

        rules = find_game(game)
        mine = [g for g in games if g.game is rules]
        if not mine:
            return {}, []  # the records built hold no game of it: no figures to draw from
        figures = figure_set(game, mine)
        found: list[Finding] = []
        files = figure_files(figures.figures, theme=theme, audit=found if ledger.audit is not None else None)
        for figure in figures.figures:
            name = f"figures/{figure.name}.pdf"
            checked = ledger.checked(name)
            if checked is not None:
                checked.drawings += 1
                checked.findings += [replace(f, product=f"figures/{f.product}") for f in found
                                     if f.product.startswith(f"{figure.name}.pdf")]
            ledger.add(name, checked, document=figure_document(figure))
        missing = [f"{game}: the records show no example of: {', '.join(figures.missing)}"] if figures.missing else []
        return {out / "figures" / name: data for name, data in files.items()}, missing

    return [(f"figures: {game}", lambda game=game: run(game), None) for game in figure_games()]


def _book_steps(out: Path, theme: Theme, ledger: _Ledger) -> list[Step]:
    from .books import puzzle_document

    def run(game: str, count: int, seed: int) -> tuple[dict[Path, bytes], list[str]]:
        name = f"puzzles/{game}-puzzles.pdf"
        document = puzzle_document(game, count=count, seed=seed)
        checked = ledger.checked(name)
        book = document.render(theme=theme, audit=checked)
        ledger.add(name, checked, document=document)
        return {out / name: book}, []

    return [(f"puzzles: {game}", lambda game=game, count=count, seed=seed: run(game, count, seed), None)
            for game, count, seed in SAMPLE_BOOKS]


def _brief(exc: BaseException, limit: int = 200) -> str:
    text = str(exc).replace("\n", " ")
    return text if len(text) <= limit else text[: limit - 3] + "..."


def build(records_dir: str | Path = "records", output_dir: str | Path = "output", *,
          theme: Theme = DEFAULT, formats: tuple[str, ...] = BUILD_FORMATS, figures: bool = True,
          puzzles: bool = True, progress: TextIO | None = None, audited: bool = True, proof: bool = True,
          write: bool = True) -> BuildReport:
    """Build everything the module docstring lists from ``records_dir`` into ``output_dir``.
    A part that fails is reported and skipped; the others are still built. The figure sets
    are drawn from the valid records built (a game with none gets no figure set). A
    progress bar goes to ``progress`` (the command line gives standard error). With ``audited``
    every drawing of every product is audited (see :mod:`piecepack_diagrams.layout.audit`)
    and the findings come with the report; with ``proof`` the proof sheet is made
    (``proof.pdf``, and in the report). Without ``write`` nothing is written: the report
    holds what would be (the proof sheet included)."""
    root, out = Path(records_dir), Path(output_dir)
    games: list[Replay] = []
    ledger = _Ledger(Audit("build") if audited else None)
    steps = _record_steps(root, out, formats, theme, games, ledger)
    if figures:
        steps += _figure_steps(out, theme, games, ledger)
    if puzzles:
        steps += _book_steps(out, theme, ledger)
    written: list[Path] = []
    failures: list[str] = []
    for done, (name, run, source) in enumerate(steps, start=1):
        try:
            files, problems = run()
        except PiecepackError as exc:
            files, problems = {}, [exc.format()]
        except Exception as exc:  # noqa: BLE001 - any failure of one part must not stop the build
            # A defect of ours, not of the input: this part is skipped and reported, the rest built.
            where = f"{source}:1:1: " if source is not None else ""
            files, problems = {}, [f"{where}error: {name} could not be built (internal error "
                                   f"{type(exc).__name__}: {_brief(exc)}); please report it"]
        failures += problems
        if write:
            failures += _write(files, out, written)
        if progress is not None:
            _progress(progress, done, len(steps), name)
    sheet = proof_pdf(ledger.proof, theme=theme, title="Proof sheet of the build") if proof else None
    if sheet is not None and write:
        failures += _write({out / "proof.pdf": sheet}, out, written)
    audit = ledger.audit
    return BuildReport(tuple(written), tuple(failures), tuple(audit.findings) if audit else (),
                       audit.drawings if audit else 0, sheet)


def audit_records(paths: list[str | Path], *, theme: Theme = DEFAULT, figures: bool = True,
                  progress: TextIO | None = None) -> BuildReport:
    """The layout audit of what ``build`` makes of the records at ``paths`` (files, or folders
    searched for ``*.ppn``): each record's drawing and plates, and the figure sets of their
    games; nothing is written. A record that cannot be read or replayed is a failure.

    Raises nothing for bad records: they are reported in the report's failures.
    """
    ledger = _Ledger(Audit("audit"))
    games: list[Replay] = []
    steps: list[Step] = []
    for given in paths:
        root = Path(given)
        if root.is_dir():
            steps += _record_steps(root, Path("output"), (), theme, games, ledger)
        else:
            steps += _record_steps(root.parent, Path("output"), (), theme, games, ledger, only=root)
    if figures:
        steps += _figure_steps(Path("output"), theme, games, ledger)
    failures: list[str] = []
    for done, (name, run, source) in enumerate(steps, start=1):
        try:
            _, problems = run()
        except PiecepackError as exc:
            problems = [exc.format()]
        except Exception as exc:  # noqa: BLE001 - one part failing must not stop the audit
            where = f"{source}:1:1: " if source is not None else ""
            problems = [f"{where}error: {name} could not be laid out (internal error {type(exc).__name__}: "
                        f"{_brief(exc)}); please report it"]
        failures += problems
        if progress is not None:
            _progress(progress, done, len(steps), name)
    audit = ledger.audit
    assert audit is not None
    return BuildReport((), tuple(failures), tuple(audit.findings), audit.drawings)


def _write(files: dict[Path, bytes], out: Path, written: list[Path]) -> list[str]:
    """Write ``files`` inside ``out`` (see :func:`~piecepack_diagrams.output.write_atomic`);
    the paths written go to ``written``, the refusals are returned."""
    problems = []
    for path, data in files.items():
        try:
            written.append(write_atomic(path, data, root=out))
        except PiecepackError as exc:
            problems.append(exc.format())
    return problems


__all__ = ["BUILD_FORMATS", "BuildReport", "SAMPLE_BOOKS", "audit_records", "build"]
