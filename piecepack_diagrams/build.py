"""The main job: render everything into ``output/``.

- every record under ``records/``: its final position (SVG, PDF, PNG, text), its plates
  (``NAME-plates.pdf``, six positions a page), its viewer page (``NAME.html``) and its moves
  animated (``NAME.gif``), mirroring the records' folders;
- every game's rulebook figure set (``figures/``, SVG and PDF), drawn from those records;
- a sample puzzle book per puzzle game (``puzzles/GAME-puzzles.pdf``);
- the proof sheet (``proof.pdf``): every product reduced, with its layout audit;
- with ``docs``, the API reference (``docs/``), when Sphinx is installed
  (:mod:`piecepack_diagrams.apidocs`).

Every drawing of every product is audited (:mod:`piecepack_diagrams.layout.audit`). A part
that fails is reported with its located error and skipped; the rest is still built.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import TYPE_CHECKING, Any, Callable, Iterator, TextIO

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
from .values import value

if TYPE_CHECKING:
    from concurrent.futures import Executor

    from .parallel import Workers

#: The final position of each record is drawn in these formats.
BUILD_FORMATS = ("svg", "pdf", "png", "txt")
#: The sample puzzle books: game, how many puzzles, the seed that deals them.
SAMPLE_BOOKS = (("lab-rats", 6, 1), ("coin-collectors", 6, 1), ("landlocked", 6, 1))


@value
class BuildReport:
    """What a build wrote, what failed (each failure a located message), what the layout
    audit found in the drawings of the products (``audited`` of them), the proof sheet, and
    notes on parts skipped though nothing failed (the API reference without Sphinx)."""

    written: tuple[Path, ...]
    failures: tuple[str, ...]
    findings: tuple[Finding, ...] = ()
    audited: int = 0
    proof: bytes | None = field(default=None, repr=False)
    notes: tuple[str, ...] = ()

    def is_ok(self) -> bool:
        return not self.failures

    def audit_summary(self) -> str:
        """One line: the audit's findings in how many drawings."""
        return summarize(list(self.findings), self.audited)


@dataclass(slots=True)
class _Ledger:
    """What a step of a build gathers besides its files: the audit of every drawing (None:
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


@value
class _Made:
    """What one step of a build made: files (path -> bytes), located failures, the audit of
    its drawings (how many, and the findings), its proof-sheet entries and the valid games
    it replayed (the figure sets are drawn from them). Every part can cross to another process."""

    files: dict[Path, bytes] = field(default_factory=dict)
    failures: tuple[str, ...] = ()
    drawings: int = 0
    findings: tuple[Finding, ...] = ()
    proof: tuple[ProofEntry, ...] = ()
    games: tuple[Replay, ...] = ()


#: A step of the build: its name for the progress bar, the record file it reads if any, and
#: what makes it: a top-level function and its arguments (so that another process can run it).
Step = tuple[str, Path | None, Callable[..., tuple[dict[Path, bytes], list[str], list[Replay]]], tuple[Any, ...]]


def _run_step(name: str, source: Path | None, make: Callable[..., tuple[dict[Path, bytes], list[str], list[Replay]]],
              args: tuple[Any, ...], audited: bool, done: str = "built") -> _Made:
    """Run one step, here or in a worker, with a ledger of its own: a part that fails is a
    located failure in what it made, never an exception (the other parts are still built)."""
    ledger = _Ledger(Audit(name) if audited else None)
    try:
        files, problems, games = make(*args, ledger)
    except PiecepackError as exc:
        files, problems, games = {}, [exc.format()], []
    except Exception as exc:  # noqa: BLE001 - any failure of one part must not stop the build
        # A defect of ours, not of the input: this part is skipped and reported, the rest built.
        where = f"{source}:1:1: " if source is not None else ""
        files, problems, games = {}, [f"{where}error: {name} could not be {done} (internal error "
                                      f"{type(exc).__name__}: {_brief(exc)}); please report it"], []
    audit = ledger.audit
    return _Made(files, tuple(problems), audit.drawings if audit else 0, tuple(audit.findings) if audit else (),
                 tuple(ledger.proof), tuple(games))


def _record_files(record: Record, stem: Path, out: Path, formats: tuple[str, ...],
                  theme: Theme, ledger: _Ledger, animations: bool = True
                  ) -> tuple[dict[Path, bytes], Replay | None, list[str]]:
    """A record's files (its animation with ``animations``), the game if it is valid, and its
    errors. An invalid record still gets its viewer page, which shows each error at its move."""
    from .sheets.plates import plates_document
    from .sheets.viewer import viewer_html

    result = replay(record, strict=False)
    files = {out / stem.with_name(f"{stem.name}.html"): viewer_html(result, theme=theme).encode("utf-8")}
    if result.errors:
        from .engine.replays import diagnostics

        return files, None, list(diagnostics(result.errors, result.later_errors, ()))
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
    if animations:
        files.update(_animation_file(result, stem, out, theme, problems))
    return files, result, problems


#: How ``build`` animates records (pixels wide, frames a second): a little smaller and slower
#: than ``animate``'s defaults, which would make the main job half as long again.
BUILD_WIDTH, BUILD_FPS = 400, 10


def _animation_file(result: Replay, stem: Path, out: Path, theme: Theme, problems: list[str]) -> dict[Path, bytes]:
    """The record's moves as ``NAME.gif`` (see :mod:`.animate`; no ffmpeg needed), or its
    refusal among ``problems`` (a record too long for the size bound)."""
    from .animate import animate

    if len(result.positions) < 2:
        return {}
    try:
        return {out / stem.with_name(f"{stem.name}.gif"): animate(result, "gif", theme=theme, width=BUILD_WIDTH,
                                                                     fps=BUILD_FPS)}
    except PiecepackError as exc:
        problems.append(exc.with_location(result.record.location).format())
        return {}


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


def _record_steps(root: Path, out: Path, formats: tuple[str, ...], theme: Theme, *,
                  only: Path | None = None, animations: bool = True) -> list[Step]:
    return [(str(path.relative_to(root)), path, _record_step, (path, root, out, formats, theme, animations))
            for path in ([only] if only is not None else sorted(root.rglob("*.ppn")))]


def _record_step(path: Path, root: Path, out: Path, formats: tuple[str, ...], theme: Theme, animations: bool,
                 ledger: _Ledger) -> tuple[dict[Path, bytes], list[str], list[Replay]]:
    """A record file's products (its animation with ``animations``), its failures and its valid games."""
    files: dict[Path, bytes] = {}
    failures: list[str] = []
    games: list[Replay] = []
    refused = _refusal(path, root)
    if refused is not None:
        return files, [refused], games
    relative = path.relative_to(root)
    for record in iter_records(path):
        stem = relative.with_suffix("")
        if record.index > 1:
            stem = stem.with_name(f"{stem.name}-{record.index}")
        mine, result, errors = _record_files(record, stem, out, formats, theme, ledger, animations)
        files.update(mine)
        failures += errors
        if result is not None:
            games.append(result)
    return files, failures, games


def _figure_steps(out: Path, theme: Theme, games: list[Replay]) -> list[Step]:
    from .engine import find_game
    from .figures import figure_games

    steps: list[Step] = []
    for game in figure_games():
        rules = find_game(game)
        steps.append((f"figures: {game}", None, _figure_step, (game, tuple(g for g in games if g.game is rules), out,
                                                                theme)))
    return steps


def _figure_step(game: str, games: tuple[Replay, ...], out: Path, theme: Theme,
                 ledger: _Ledger) -> tuple[dict[Path, bytes], list[str], list[Replay]]:
    """A game's figure set, drawn from ``games`` (none: no figures to draw from)."""
    from .figures import figure_document, figure_files, figure_set

    if not games:
        return {}, [], []  # the records built hold no game of it: no figures to draw from
    figures = figure_set(game, list(games))
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
    return {out / "figures" / name: data for name, data in files.items()}, missing, []


def _book_steps(out: Path, theme: Theme) -> list[Step]:
    return [(f"puzzles: {game}", None, _book_step, (game, count, seed, out, theme))
            for game, count, seed in SAMPLE_BOOKS]


def _book_step(game: str, count: int, seed: int, out: Path, theme: Theme,
               ledger: _Ledger) -> tuple[dict[Path, bytes], list[str], list[Replay]]:
    """A sample puzzle book."""
    from .books import puzzle_document

    name = f"puzzles/{game}-puzzles.pdf"
    document = puzzle_document(game, count=count, seed=seed)
    checked = ledger.checked(name)
    book = document.render(theme=theme, audit=checked)
    ledger.add(name, checked, document=document)
    return {out / name: book}, [], []


def _brief(exc: BaseException, limit: int = 200) -> str:
    text = str(exc).replace("\n", " ")
    return text if len(text) <= limit else text[: limit - 3] + "..."


def build(records_dir: str | Path | None = None, output_dir: str | Path = "output", *,
          theme: Theme = DEFAULT, formats: tuple[str, ...] = BUILD_FORMATS, figures: bool = True,
          puzzles: bool = True, progress: TextIO | None = None, audited: bool = True, proof: bool = True,
          write: bool = True, executor: Executor | None = None, jobs: int | None = 1,
          docs: bool = False, animations: bool = True) -> BuildReport:
    """Build everything the module docstring lists from ``records_dir`` (default: ``records/``
    in the current folder, else the shipped records) into ``output_dir``.
    A part that fails is reported and skipped; the others are still built. The figure sets
    are drawn from the valid records built (a game with none gets no figure set). A
    progress bar goes to ``progress`` (the command line gives standard error). With ``audited``
    every drawing of every product is audited (see :mod:`piecepack_diagrams.layout.audit`)
    and the findings come with the report; with ``proof`` the proof sheet is made
    (``proof.pdf``, and in the report). Without ``write`` nothing is written: the report
    holds what would be (the proof sheet included). With ``docs`` (and ``write``) the API
    reference is written into ``docs/`` of ``output_dir``; without Sphinx a note says it was
    skipped. Without ``animations`` no record's moves are animated (no ``NAME.gif``: they take
    most of the main job's time).

    The parts are made in ``jobs`` processes (``None``: every processor) or on ``executor``,
    and taken in order: the same files and report whatever they are. Raises as
    :class:`~piecepack_diagrams.parallel.Workers` does for a bad ``jobs``."""
    from .parallel import Workers
    from .shipped import default_records

    root, out = Path(default_records() if records_dir is None else records_dir), Path(output_dir)
    steps = _record_steps(root, out, formats, theme, animations=animations)
    books = _book_steps(out, theme) if puzzles else []
    written: list[Path] = []
    failures: list[str] = []
    parts: list[_Made] = []

    def take(part: _Made) -> None:
        parts.append(part)
        failures.extend(part.failures)
        if write:
            failures.extend(_write(part.files, out, written))

    with Workers(executor=executor, jobs=jobs) as workers:
        run = _Progress(progress, len(steps) + len(books) + (_figure_count() if figures else 0))
        # The books need no record: they are made beside the records, and taken after the figures.
        made_books: list[_Made] = []
        for k, part in enumerate(run.each(workers, steps + books, audited)):
            if k < len(steps):
                take(part)
            else:
                made_books.append(part)
        if figures:
            games = [game for part in parts for game in part.games]
            for part in run.each(workers, _figure_steps(out, theme, games), audited):
                take(part)
        for part in made_books:
            take(part)
    sheet = proof_pdf([entry for part in parts for entry in part.proof], theme=theme,
                      title="Proof sheet of the build") if proof else None
    if sheet is not None and write:
        failures += _write({out / "proof.pdf": sheet}, out, written)
    notes = _write_api_docs(out, written, failures) if docs and write else ()
    findings = tuple(f for part in parts for f in part.findings)
    return BuildReport(tuple(written), tuple(failures), findings, sum(part.drawings for part in parts), sheet,
                       notes=notes)


class _Progress:
    """A build's steps run in turn by workers, counted on a progress bar as each is done."""

    def __init__(self, stream: TextIO | None, total: int, *, verb: str = "built") -> None:
        self.stream, self.total, self.done, self.verb = stream, total, 0, verb

    def each(self, workers: Workers, steps: list[Step], audited: bool) -> Iterator[_Made]:
        """What each of ``steps`` made, in their order, as it is done."""
        made = workers.map(_run_step, [(*step, audited, self.verb) for step in steps])
        for (name, _, _, _), part in zip(steps, made):
            self.done += 1
            if self.stream is not None:
                _progress(self.stream, self.done, self.total, name)
            yield part


def _figure_count() -> int:
    from .figures import figure_games

    return len(figure_games())


def audit_records(paths: list[str | Path], *, theme: Theme = DEFAULT, figures: bool = True,
                  progress: TextIO | None = None, executor: Executor | None = None,
                  jobs: int | None = 1) -> BuildReport:
    """The layout audit of what ``build`` makes of the records at ``paths`` (files, or folders
    searched for ``*.ppn``): each record's drawing and plates, and the figure sets of their
    games; nothing is written. A record that cannot be read or replayed is a failure. The
    parts are made in ``jobs`` processes or on ``executor``, as :func:`build` makes them.

    Raises nothing for bad records: they are reported in the report's failures.
    """
    from .parallel import Workers

    steps: list[Step] = []
    for given in paths:
        root = Path(given)
        if root.is_dir():
            steps += _record_steps(root, Path("output"), (), theme, animations=False)
        else:
            steps += _record_steps(root.parent, Path("output"), (), theme, only=root, animations=False)
    with Workers(executor=executor, jobs=jobs) as workers:
        run = _Progress(progress, len(steps) + (_figure_count() if figures else 0), verb="laid out")
        parts = list(run.each(workers, steps, True))
        if figures:
            games = [game for part in parts for game in part.games]
            parts += run.each(workers, _figure_steps(Path("output"), theme, games), True)
    return BuildReport((), tuple(f for part in parts for f in part.failures),
                       tuple(f for part in parts for f in part.findings), sum(part.drawings for part in parts))


def _write_api_docs(out: Path, written: list[Path], failures: list[str]) -> tuple[str, ...]:
    """Write the API reference into ``out/docs`` (paths to ``written``, refusals and a failing
    Sphinx to ``failures``); the note saying it was skipped, if it was."""
    from .apidocs import api_docs

    try:
        out.mkdir(parents=True, exist_ok=True)  # the reference's pages are written here in any case
    except OSError as exc:
        failures.append(f"{out}:1:1: error: cannot create the folder {out}: {exc.strerror or exc}")
        return ()
    made = api_docs(scratch=out)  # Sphinx's own files, too, stay inside the output folder
    if made.failure is not None:
        failures.append(made.failure)
    failures += _write({out / path: data for path, data in made.files.items()}, out, written)
    return (made.skipped,) if made.skipped is not None else ()


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
