"""Writing outputs safely: atomically (temporary file, then rename), and only
where the user asked."""

from __future__ import annotations

import os
import tempfile
from pathlib import Path

from .errors import OutputError, SourceLocation


def write_atomic(path: str | Path, data: bytes) -> Path:
    """Write ``data`` to ``path`` through a temporary file in the same folder and a
    rename, so a reader never sees a half-written file and a failure leaves
    nothing behind. Creates missing parent folders. Raises :class:`OutputError`.
    """
    target = Path(path)
    where = SourceLocation(str(target), 1, 1)
    try:
        target.parent.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise OutputError(f"cannot create the folder {target.parent}: {exc.strerror or exc}", location=where) from None
    if target.is_dir():
        raise OutputError(f"{target} is a folder, not a file", location=where, expected="a file name")
    fd, tmp = tempfile.mkstemp(prefix=f".{target.name}.", suffix=".tmp", dir=target.parent)
    try:
        with os.fdopen(fd, "wb") as handle:
            handle.write(data)
        # mkstemp makes the file private; outputs get the usual permissions.
        os.chmod(tmp, 0o666 & ~_umask())
        os.replace(tmp, target)
    except OSError as exc:
        try:
            os.unlink(tmp)
        except OSError:
            pass
        raise OutputError(f"cannot write {target}: {exc.strerror or exc}", location=where) from None
    return target


def _umask() -> int:
    mask = os.umask(0)
    os.umask(mask)
    return mask


def inside(base: str | Path, name: str) -> Path:
    """``base / name``, refusing names that would lead outside ``base``.

    Raises :class:`OutputError` for absolute names or ``..`` escapes.
    """
    root = Path(base).resolve()
    candidate = (root / name).resolve()
    if candidate != root and root not in candidate.parents:
        raise OutputError(f"'{name}' would be written outside {base}", token=name,
                          expected=f"a path inside {base}")
    return candidate


def write_folder(folder: str | Path, files: dict[str, bytes]) -> list[Path]:
    """Write each of ``files`` (name -> bytes) into ``folder`` with :func:`write_atomic`,
    making the folder if missing; returns the paths written. Raises :class:`OutputError`
    for a name that would lead outside the folder, before anything is written."""
    targets = [(Path(folder) / name, inside(folder, name), data) for name, data in files.items()]
    return [write_atomic(shown, data) for shown, _, data in targets]
