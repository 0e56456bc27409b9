"""The API reference: the Sphinx sources in the checkout's ``docs/`` built into HTML pages.

Sphinx is a test and ``docs`` extra, not a dependency: without it (or without the sources,
as in an installed wheel) the reference is skipped, with the reason. Sphinx runs in a
process of its own, so that its imports, logging set-up and warning filters never reach
the caller's, and writes into a temporary folder; the pages come back as bytes for the
caller to write where it writes everything else.
"""

from __future__ import annotations

import importlib.util
import os
import re
import subprocess
import sys
import tempfile
from pathlib import Path

from .values import value

#: The Sphinx sources of a checkout (absent from an installed wheel).
DOCS_SOURCE = Path(__file__).resolve().parent.parent / "docs"
#: Sphinx's options: quiet, every warning an error (all of them reported, not just the first).
SPHINX_OPTIONS = ("-q", "-W", "--keep-going")
#: Longer than any build of the reference takes; a Sphinx that hangs is stopped.
SPHINX_SECONDS = 600.0


@value
class ApiDocs:
    """The pages of the reference (path inside the output folder -> bytes), or why there
    are none: ``skipped`` (Sphinx or the sources missing: not a failure) or ``failure``
    (Sphinx failed or warned: what it said, located)."""

    files: dict[Path, bytes]
    skipped: str | None = None
    failure: str | None = None


def sphinx_missing(source: Path = DOCS_SOURCE) -> str | None:
    """Why the reference cannot be built here, or None when it can: Sphinx must be
    installed (``pip install 'piecepack-diagrams[docs]'``) and ``source`` must hold the
    sources (``conf.py``). Imports nothing."""
    if importlib.util.find_spec("sphinx") is None:
        return "Sphinx is not installed (pip install 'piecepack-diagrams[docs]')"
    if not (source / "conf.py").is_file():
        return f"no Sphinx sources at {source} (the reference is built from a checkout)"
    return None


def run_sphinx(builder: str, out: Path, *, source: Path = DOCS_SOURCE, doctrees: Path | None = None) -> str | None:
    """Run Sphinx's ``builder`` (``html``, ``doctest``) on ``source`` into ``out``, warnings as
    errors; None when it succeeds, else what it said. Needs Sphinx (see :func:`sphinx_missing`)."""
    command = [sys.executable, "-m", "sphinx", *SPHINX_OPTIONS, "-b", builder,
               "-d", str(doctrees or out / ".doctrees"), str(source), str(out)]
    # The package imported by autodoc is this one, wherever the caller stands.
    env = {**os.environ, "PYTHONPATH": os.pathsep.join([str(Path(__file__).resolve().parent.parent),
                                                        os.environ.get("PYTHONPATH", "")]).rstrip(os.pathsep)}
    # Plain text to read back: a colour code before WARNING would hide the word from the search.
    env.pop("FORCE_COLOR", None)
    env["NO_COLOR"] = "1"
    try:
        done = subprocess.run(command, capture_output=True, text=True, errors="replace", env=env,
                              stdin=subprocess.DEVNULL, timeout=SPHINX_SECONDS, check=False)
    except subprocess.TimeoutExpired:
        return f"Sphinx ran for more than {SPHINX_SECONDS:.0f} s"
    if done.returncode == 0:
        return None
    plain = re.sub(r"\x1b\[[0-9;]*m", "", done.stderr + done.stdout)
    lines = [line.strip() for line in plain.splitlines() if line.strip()]
    # Its warnings (FILE:LINE: WARNING: ...) rather than the tracebacks some of them come with.
    said = [line for line in lines if re.search(r"\b(WARNING|ERROR|CRITICAL):", line)] or lines[-3:]
    return "; ".join(said[:5]) + (f"; and {len(said) - 5} more" if len(said) > 5 else "") or \
        f"Sphinx exited with status {done.returncode}"


_BUILT: dict[tuple[Path, tuple[tuple[str, int, int], ...]], ApiDocs] = {}


def api_docs(folder: Path = Path("docs"), *, source: Path = DOCS_SOURCE, scratch: Path | None = None) -> ApiDocs:
    """The reference's HTML pages, under ``folder`` (a path relative to the output folder).

    Sphinx works in a private folder made inside ``scratch`` (``build`` gives its output
    folder, so nothing is written outside it; by default the system's temporary folder) and
    removed after. Built once a process for the same sources and package files (the
    reference describes the code, not the records). Raises nothing: a missing Sphinx is
    ``skipped``, a failing one (or a scratch folder that cannot be made) a ``failure``."""
    missing = sphinx_missing(source)
    if missing is not None:
        return ApiDocs({}, skipped=f"API reference skipped: {missing}")
    key = (source, _fingerprint(source))
    if key not in _BUILT:
        try:
            made = tempfile.TemporaryDirectory(prefix=".piecepack-docs-", dir=scratch)
        except OSError as exc:
            return ApiDocs({}, failure=f"{scratch}:1:1: error: no room for building the API reference: "
                                       f"{exc.strerror or exc}")
        with made as work:
            html = Path(work) / "html"
            said = run_sphinx("html", html, source=source, doctrees=Path(work) / "doctrees")
            if said is not None:
                _BUILT[key] = ApiDocs({}, failure=f"{source / 'conf.py'}:1:1: error: the API reference could "
                                                  f"not be built: {said}")
            else:
                # .buildinfo is Sphinx's stamp for rebuilding in place, no page of the reference.
                _BUILT[key] = ApiDocs({path.relative_to(html): path.read_bytes() for path in sorted(html.rglob("*"))
                                       if path.is_file() and path.name != ".buildinfo"})
    built = _BUILT[key]
    return ApiDocs({folder / path: data for path, data in built.files.items()}, built.skipped, built.failure)


def _fingerprint(source: Path) -> tuple[tuple[str, int, int], ...]:
    """Each file the reference is made from: its name, size and time of change."""
    package = Path(__file__).resolve().parent
    files = [*source.glob("*.rst"), source / "conf.py", *package.rglob("*.py")]
    return tuple((str(path), stat.st_size, stat.st_mtime_ns) for path in sorted(files) for stat in [path.stat()])


__all__ = ["ApiDocs", "DOCS_SOURCE", "api_docs", "run_sphinx", "sphinx_missing"]
